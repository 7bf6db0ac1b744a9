package mistakes

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// PydanticResults is the output of pydantic_lax.py: which pydantic ran,
// and per case what it accepted or why it refused.
type PydanticResults struct {
	Version string                    `json:"pydantic"`
	Results map[string]PydanticResult `json:"results"`
}

// PydanticResult is one case through pydantic.
type PydanticResult struct {
	OK    bool            `json:"ok"`
	Value json.RawMessage `json:"value,omitempty"`
	Error string          `json:"error,omitempty"`
}

// LoadPydantic reads committed pydantic results.
func LoadPydantic(path string) (*PydanticResults, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r PydanticResults
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &r, nil
}

// RunPydantic runs pydantic_lax.py (in dir) with python on the corpus and
// returns its output.
func RunPydantic(python, dir, corpus string) ([]byte, error) {
	cmd := exec.Command(python, "pydantic_lax.py", corpus)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s pydantic_lax.py: %v\n%s", python, err, stderr.String())
	}
	return out, nil
}

// PydanticVersion returns the pydantic version python imports.
func PydanticVersion(python string) (string, error) {
	out, err := exec.Command(python, "-c", "import pydantic; print(pydantic.VERSION)").Output()
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// Pydantic is the system of committed pydantic results: pydantic's default
// (lax) validation of a model built from each case's schema. Debian packages
// pydantic 1 only (python3-pydantic 1.10 in bookworm), so that is the
// version measured, and named in the row.
func Pydantic(r *PydanticResults) System {
	return System{
		Key:  "pydantic",
		Name: "pydantic " + majorMinor(r.Version) + ", lax",
		run: func(c *Case) (string, string, error) {
			res, ok := r.Results[c.ID]
			if !ok {
				return "", "", fmt.Errorf("harness: no pydantic result for %s (regenerate with go test ./mistakes -update)", c.ID)
			}
			if !res.OK {
				return "", "", errors.New(res.Error)
			}
			return Canonical(res.Value), wantJSON(c), nil
		},
	}
}

// majorMinor shortens "1.10.4" to "1.10".
func majorMinor(v string) string {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return v
	}
	return parts[0] + "." + parts[1]
}
