package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/normgen/normgen/gen/suggest"
)

// ReadCallLogs reads the call logs files ("-" is stdin) as one log with
// suggest.ReadCallLog, their malformed lines counted together. Every line
// is a call: identical lines from two logs (two replicas) are two calls.
// With several files, each call's place names its file ("stdin" for
// "-"). An error names the file.
func ReadCallLogs(files []string, stdin io.Reader) ([]suggest.Call, suggest.Malformed, error) {
	var calls []suggest.Call
	var bad suggest.Malformed
	for _, path := range files {
		label := ""
		if len(files) > 1 {
			label = path
			if path == "-" {
				label = "stdin"
			}
		}
		c, b, err := readCallLog(path, label, stdin)
		if err != nil {
			return nil, bad, err
		}
		calls = append(calls, c...)
		bad.Add(b)
	}
	return calls, bad, nil
}

// readCallLog reads the call log at path ("-": stdin), placing calls
// under name; an error names the file.
func readCallLog(path, name string, stdin io.Reader) ([]suggest.Call, suggest.Malformed, error) {
	if path == "-" {
		calls, bad, err := suggest.ReadCallLog(stdin, name)
		if err != nil {
			err = fmt.Errorf("reading the call log on stdin: %v", err)
		}
		return calls, bad, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, suggest.Malformed{}, err
	}
	defer f.Close()
	calls, bad, err := suggest.ReadCallLog(f, name)
	if err != nil {
		err = fmt.Errorf("%s: %v", path, err)
	}
	return calls, bad, err
}
