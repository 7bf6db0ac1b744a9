package schemaprofile_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/normgen/normgen/internal/jsonnode"
	"github.com/normgen/normgen/internal/schemaprofile"
)

// TestTypeArrayEnumBeside checks that the typearray profile keeps an
// anyOf where one schema's enum could not list a branch's values: an
// integer enum of 70 consecutive values (a run past what is listed)
// beside the enum of their texts became a type array whose enum held
// the texts alone, so that the native integer 5 was refused, and the
// decoder takes it.
func TestTypeArrayEnumBeside(t *testing.T) {
	var texts []string
	for i := range 70 {
		texts = append(texts, fmt.Sprintf(`"%d"`, i))
	}
	portable := `{"anyOf":[{"type":"integer","minimum":0,"maximum":69},{"type":"string","enum":[` + strings.Join(texts, ",") + `]},{"type":"null"}]}`
	got := schemaprofile.TypeArrayOf(jsonnode.ParseValid([]byte(portable)))
	if !jsonnode.SameJSON(got, jsonnode.ParseValid([]byte(portable))) {
		t.Errorf("typearray of %s\n got %s\nwant it as it is", portable, got.Marshal())
	}
	small := `{"anyOf":[{"type":"integer","minimum":0,"maximum":2},{"type":"string","enum":["0","1","2"]},{"type":"null"}]}`
	want := `{"enum":[0,1,2,"0","1","2",null],"minimum":0,"maximum":2,"type":["integer","string","null"]}`
	if got := schemaprofile.TypeArrayOf(jsonnode.ParseValid([]byte(small))); string(got.Marshal()) != want {
		t.Errorf("typearray of %s\n got %s\nwant %s", small, got.Marshal(), want)
	}
}
