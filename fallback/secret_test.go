package fallback

import (
	"strings"
	"testing"
)

// TestSecret: the fallback decoder reads a norm:"secret" field as without
// it, and its errors show [secret, N bytes], as generated decoders do.
func TestSecret(t *testing.T) {
	var in struct {
		Token string `json:"token" norm:"secret"`
		PIN   int    `json:"pin,omitempty" norm:"secret"`
	}
	if err := Decode([]byte(`{"token":"tok-SEKRIT","pin":"918273"}`), &in); err != nil || in.Token != "tok-SEKRIT" || in.PIN != 918273 {
		t.Fatalf("%+v %v", in, err)
	}
	err := Decode([]byte(`{"token":918273,"pin":"77x-SEKRIT"}`), &in)
	want := `token: [secret, 6 bytes] is not a string (send text in quotes, such as "…"); pin: [secret, 12 bytes] is not an integer (send 100 or "100")`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	if err != nil && (strings.Contains(err.Error(), "SEKRIT") || strings.Contains(err.Error(), "918273")) {
		t.Errorf("the error shows a secret: %v", err)
	}
}
