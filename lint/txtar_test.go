package lint

import (
	"bytes"
	"os"
)

// txtarArchive is a txtar archive (golang.org/x/tools/txtar's format: a
// comment, then each file after a "-- name --" line), read here rather
// than with x/tools/txtar, which the runtime's module does not require.
type txtarArchive struct {
	Comment []byte
	Files   []txtarFile
}

type txtarFile struct {
	Name string
	Data []byte
}

// parseTxtarFile reads the txtar archive at path.
func parseTxtarFile(path string) (*txtarArchive, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ar := &txtarArchive{}
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		name := bytes.TrimSuffix(line, []byte("\n"))
		if bytes.HasPrefix(name, []byte("-- ")) && bytes.HasSuffix(name, []byte(" --")) && len(name) >= len("-- x --") {
			ar.Files = append(ar.Files, txtarFile{Name: string(bytes.TrimSpace(name[3 : len(name)-3]))})
			continue
		}
		if n := len(ar.Files); n > 0 {
			ar.Files[n-1].Data = append(ar.Files[n-1].Data, line...)
		} else {
			ar.Comment = append(ar.Comment, line...)
		}
	}
	return ar, nil
}
