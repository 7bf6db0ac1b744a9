package normalize

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// defaultCallLogBytes caps a call log when WithCallLog is given no size.
const defaultCallLogBytes = 16 << 20

// WithCallLog writes the arguments of every call, as received (before any
// rule), to path as JSON lines, `{"tool": NAME, "args": {...}}` a line:
// the log `normgen suggest -calls` reads. Arguments that are not valid
// JSON are written as a JSON string holding their text, so that the line
// stays valid; suggest lists such a call among the failures no tag edit
// can fix. When a line would take the file past maxBytes (16 MiB when maxBytes <= 0), the file is renamed to path.1
// (replacing an older one) and a new file is started: at most about twice
// maxBytes are kept. A line longer than maxBytes alone is dropped with a
// warning (WithWarnings, or log/slog's default logger), and so is a call
// given to Normalize whose values cannot be encoded (a MarshalJSON that
// fails or panics; the call itself is normalized). Opt-in: without
// it nothing is written.
//
// For log shippers: an existing file is appended to; each line is one
// write, whole; rotation is by rename (path.1), never by truncating a
// file a reader may hold, except when the rename fails (with a warning).
// Give each process (each replica) a path of its own: `normgen suggest
// -calls 'logs/*/calls.jsonl*'` reads the logs of all of them as one.
// The file's folder is created when missing.
func WithCallLog(path string, maxBytes int64) Option {
	return func(c *config) { c.calls = callLogConfig{path: path, max: maxBytes} }
}

// callLogConfig is what WithCallLog asked for.
type callLogConfig struct {
	path string
	max  int64
}

// callLog appends calls to a size-capped, rotated JSON-lines file. A nil
// *callLog writes nothing.
type callLog struct {
	mu   sync.Mutex
	path string
	max  int64
	f    *os.File // nil once closed
	size int64
	warn func(error)
}

// openCallLog opens the call log of cfg, or returns nil when none was
// asked for.
func openCallLog(cfg config) (*callLog, error) {
	if cfg.calls.path == "" {
		return nil, nil
	}
	l := &callLog{path: cfg.calls.path, max: cfg.calls.max, warn: cfg.warner()}
	if l.max <= 0 {
		l.max = defaultCallLogBytes
	}
	// Its folder is created, as WithLogDir's is: the two are often one.
	if err := os.MkdirAll(filepath.Dir(l.path), 0o755); err != nil {
		return nil, fmt.Errorf("call log: %v", err)
	}
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("call log: %v", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("call log: %v", err)
	}
	l.f, l.size = f, st.Size()
	return l, nil
}

// logJSON logs arguments received as JSON text, with the values at the
// tool's secret paths hidden (sec).
func (l *callLog) logJSON(tool string, args []byte, sec *secrets) {
	if l == nil {
		return
	}
	args = sec.redactCall(args)
	var buf bytes.Buffer
	buf.WriteString(`{"tool":`)
	writeJSONString(&buf, tool)
	buf.WriteString(`,"args":`)
	if err := json.Compact(&buf, args); err != nil {
		buf.Truncate(len(`{"tool":`))
		writeJSONString(&buf, tool)
		buf.WriteString(`,"args":`)
		writeJSONString(&buf, string(args))
	}
	buf.WriteString("}\n")
	l.write(buf.Bytes())
}

// logMap logs arguments received as a decoded object (json.Number and
// nested values as encoding/json writes them), with the values at the
// tool's secret paths hidden (sec).
func (l *callLog) logMap(tool string, args map[string]any, sec *secrets) {
	if l == nil {
		return
	}
	args = sec.redactMap(args)
	var buf bytes.Buffer
	buf.WriteString(`{"tool":`)
	writeJSONString(&buf, tool)
	buf.WriteString(`,"args":`)
	if err := encodeMap(&buf, args); err != nil {
		l.warn(fmt.Errorf("call log: a call of %s not logged: %v", tool, err))
		return
	}
	buf.Truncate(buf.Len() - 1) // Encode's newline
	buf.WriteString("}\n")
	l.write(buf.Bytes())
}

// encodeMap writes args as encoding/json does, unescaped, with a
// MarshalJSON or MarshalText that panics reported as an error: the call
// goes unlogged, with a warning, where the panic was the caller's.
func encodeMap(buf *bytes.Buffer, args map[string]any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("encoding its arguments panicked: %v", r)
		}
	}()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	return enc.Encode(args)
}

func writeJSONString(buf *bytes.Buffer, s string) {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	buf.Truncate(buf.Len() - 1)
}

// write appends one line, rotating first when the line would take the
// file past the cap.
func (l *callLog) write(line []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return
	}
	n := int64(len(line))
	if n > l.max {
		l.warn(fmt.Errorf("call log: a %d-byte call is longer than the log's cap (%d bytes); not logged", n, l.max))
		return
	}
	if l.size+n > l.max {
		if err := l.rotate(); err != nil {
			l.warn(fmt.Errorf("call log: rotating %s: %v", l.path, err))
			if l.f == nil {
				return
			}
		}
	}
	w, err := l.f.Write(line)
	l.size += int64(w)
	if err != nil {
		l.warn(fmt.Errorf("call log: %v", err))
	}
}

// rotate moves the file to path.1 and starts a new one.
func (l *callLog) rotate() error {
	if err := l.f.Close(); err != nil {
		l.warn(fmt.Errorf("call log: %v", err))
	}
	l.f = nil
	rerr := os.Rename(l.path, l.path+".1")
	flags := os.O_WRONLY | os.O_CREATE | os.O_APPEND
	if rerr != nil {
		flags |= os.O_TRUNC // keep within the cap all the same
	}
	f, err := os.OpenFile(l.path, flags, 0o644)
	if err != nil {
		return err
	}
	l.f, l.size = f, 0
	return rerr
}

// close closes the file; later calls are not logged.
func (l *callLog) close() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}
