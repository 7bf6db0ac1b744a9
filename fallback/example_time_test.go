package fallback_test

import (
	"fmt"
	"time"

	"github.com/normgen/normgen/fallback"
)

// Example_times decodes time values as generated decoders do (the golden
// case golden/time.txtar checks that the two agree, messages included).
func Example_times() {
	// README: times
	type ScheduleInput struct {
		Due     time.Time     `json:"due"`
		Timeout time.Duration `json:"timeout,omitempty"`
		Every   time.Duration `json:"every,omitempty" norm:"unit=s"`
	}
	var in ScheduleInput
	err := fallback.Decode([]byte(`{"due":"2024-06-01 15:04:05","timeout":"1h30m","every":90}`), &in)
	fmt.Println(in.Due, in.Timeout, in.Every, err)
	err = fallback.Decode([]byte(`{"due":"tomorrow","timeout":5,"every":"soon"}`), &in)
	fmt.Println(err)
	// Output:
	// 2024-06-01 15:04:05 +0000 UTC 1h30m0s 1m30s <nil>
	// due: "tomorrow" is not a date-time (send "2024-06-01T15:04:05Z" or "2024-06-01"); timeout: 5 is not a duration (send text such as "5s", "1h30m" or "250ms"; a bare number is not taken here: it has no unit); every: "soon" is not a duration (send text such as "1h30m", or a number of seconds, such as 90)
}
