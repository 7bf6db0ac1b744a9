package lenient

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"time"
)

// StatsFile is the name of the statistics file in the log folder.
const StatsFile = "normalizer_stats.json"

// recentLimit is how many calls that changed something Stats keeps.
const recentLimit = 50

// recentBytes bounds the recent list's size (the recorded texts of its
// fixes, each already shortened to maxRecorded bytes): the oldest calls
// go first, and one call's fixes beyond it are counted, not kept.
const recentBytes = 256 << 10

// Stats are the normalizer's counters, as persisted in StatsFile.
type Stats struct {
	TotalProcessed  int64                 `json:"total_processed"`       // calls seen, invalid ones too
	TotalNormalized int64                 `json:"total_normalized"`      // calls that changed something
	TotalInvalid    int64                 `json:"total_invalid"`         // calls whose arguments were not a JSON object
	LastUpdated     time.Time             `json:"last_updated"`          // time of the last change
	ByTool          map[string]*ToolStats `json:"by_tool"`               // per tool name
	ByRule          map[string]*RuleStats `json:"by_rule"`               // per rule id
	Recent          []Recent              `json:"recent_normalizations"` // the last 50 calls that changed something
}

// ToolStats counts one tool's calls.
type ToolStats struct {
	Processed  int64 `json:"processed"`         // calls, invalid ones too
	Normalized int64 `json:"normalized"`        // calls that changed something
	Invalid    int64 `json:"invalid,omitempty"` // calls whose arguments were not a JSON object
}

// RuleStats counts one rule's hits and the tools they came from.
type RuleStats struct {
	RuleID string   `json:"rule_id"`
	Type   RuleType `json:"type"`
	Hits   int64    `json:"hits"`
	Tools  []string `json:"tools"`
}

// Recent is one call that changed something.
type Recent struct {
	Time    time.Time `json:"ts"`
	Tool    string    `json:"tool"`
	Applied []Applied `json:"applied"`
	Omitted int       `json:"omitted,omitempty"` // fixes of this call not kept (size bound)
}

// Option configures a Normalizer.
type Option func(*config)

type config struct {
	logDir   string
	interval time.Duration
	warn     func(error)
	calls    callLogConfig // WithCallLog (calllog.go)
}

// WithLogDir keeps statistics in dir/normalizer_stats.json: reloaded when
// the normalizer starts, written atomically on an interval and on Close.
func WithLogDir(dir string) Option { return func(c *config) { c.logDir = dir } }

// WithFlushInterval sets how often statistics are written (default 30s).
func WithFlushInterval(d time.Duration) Option { return func(c *config) { c.interval = d } }

// WithWarnings receives problems that do not stop the normalizer: a
// corrupt statistics file set aside, a file holding null, a failed write.
func WithWarnings(f func(error)) Option { return func(c *config) { c.warn = f } }

type statsRecorder struct {
	mu          sync.Mutex
	s           Stats
	recentBytes int // the size of s.Recent, as recentSize counts it
	dirty       bool
	flushMu     sync.Mutex // one flush at a time
	path        string
	warn        func(error)
	stop        chan struct{}
	done        chan struct{}
	once        sync.Once
}

func newStatsRecorder(c config) (*statsRecorder, error) {
	if err := os.MkdirAll(c.logDir, 0o755); err != nil {
		return nil, err
	}
	r := &statsRecorder{
		path: filepath.Join(c.logDir, StatsFile),
		warn: c.warn,
		stop: make(chan struct{}),
		done: make(chan struct{}),
		s:    Stats{ByTool: map[string]*ToolStats{}, ByRule: map[string]*RuleStats{}},
	}
	if r.warn == nil {
		r.warn = func(error) {}
	}
	r.removeStale()
	r.load()
	interval := c.interval
	if interval <= 0 {
		interval = 30 * time.Second
	}
	go r.loop(interval)
	return r, nil
}

// removeStale removes temp files a killed process left behind (flush
// writes one, then renames it); one normalizer writes a log folder.
func (r *statsRecorder) removeStale() {
	stale, _ := filepath.Glob(filepath.Join(filepath.Dir(r.path), "."+filepath.Base(r.path)+".*.tmp"))
	for _, f := range stale {
		if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
			r.warn(fmt.Errorf("removing a stale temp file: %v", err))
		}
	}
}

// load reloads persisted statistics; a corrupt file (not JSON, not an
// object, or null) is set aside under a name no other set-aside file has.
func (r *statsRecorder) load() {
	data, err := os.ReadFile(r.path)
	if err != nil {
		if !os.IsNotExist(err) {
			r.warn(fmt.Errorf("reading %s: %v", r.path, err))
		}
		return
	}
	var s Stats
	err = json.Unmarshal(data, &s)
	if t := bytes.TrimSpace(data); err == nil && (len(t) == 0 || t[0] != '{') {
		err = errors.New("it holds " + shortText(string(t)) + ", not a JSON object")
	}
	if err != nil {
		aside, aerr := setAside(r.path)
		if aerr != nil {
			r.warn(fmt.Errorf("%s is corrupt (%v) and could not be set aside (%v); started from zero", r.path, err, aerr))
			return
		}
		r.warn(fmt.Errorf("%s is corrupt (%v); moved it to %s and started from zero", r.path, err, aside))
		return
	}
	if s.ByTool == nil {
		s.ByTool = map[string]*ToolStats{}
	}
	if s.ByRule == nil {
		s.ByRule = map[string]*RuleStats{}
	}
	r.s = s
	r.s.Recent, r.recentBytes = boundRecent(s.Recent)
}

// setAside moves path to path.corrupt-<UTC time to the nanosecond>, with
// -2, -3... when that name is taken: a hard link refuses an existing name,
// so two files set aside at once never overwrite each other.
func setAside(path string) (string, error) {
	base := path + ".corrupt-" + time.Now().UTC().Format("20060102T150405.000000000Z")
	for i := 1; i < 1000; i++ {
		name := base
		if i > 1 {
			name += "-" + strconv.Itoa(i)
		}
		err := os.Link(path, name)
		if err == nil {
			return name, os.Remove(path)
		}
		if os.IsExist(err) {
			continue
		}
		// No hard links here: rename, checking the name first.
		if _, serr := os.Lstat(name); serr == nil {
			continue
		}
		return name, os.Rename(path, name)
	}
	return "", errors.New("no free name")
}

// recentSize is what a recent entry counts against recentBytes.
func recentSize(e *Recent) int {
	n := 64 + len(e.Tool)
	for _, a := range e.Applied {
		n += 64 + len(a.RuleID) + len(a.Param) + len(a.From) + len(a.To)
	}
	return n
}

// boundRecent keeps the newest entries within recentLimit and
// recentBytes, and returns their size.
func boundRecent(list []Recent) ([]Recent, int) {
	total := 0
	keep := len(list)
	for keep > 0 && len(list)-keep < recentLimit {
		n := recentSize(&list[keep-1])
		if total+n > recentBytes && len(list)-keep > 0 {
			break
		}
		total += n
		keep--
	}
	return append([]Recent(nil), list[keep:]...), total
}

// recordInvalid counts a call whose arguments were not a JSON object.
func (r *statsRecorder) recordInvalid(tool string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.s.TotalProcessed++
	r.s.TotalInvalid++
	ts := r.tool(tool)
	ts.Processed++
	ts.Invalid++
	r.dirty = true
}

func (r *statsRecorder) tool(name string) *ToolStats {
	ts := r.s.ByTool[name]
	if ts == nil {
		ts = &ToolStats{}
		r.s.ByTool[name] = ts
	}
	return ts
}

// record counts a call and its fixes. The recent list keeps its own copy
// of the fixes (the caller owns applied), bounded in size.
func (r *statsRecorder) record(tool string, applied []Applied) {
	var entry Recent
	if len(applied) > 0 {
		entry = Recent{Time: time.Now().UTC(), Tool: tool}
		size := recentSize(&entry)
		for i, a := range applied {
			n := recentSize(&Recent{Applied: applied[i : i+1]}) - 64
			if size+n > recentBytes {
				entry.Omitted = len(applied) - i
				break
			}
			size += n
			entry.Applied = append(entry.Applied, a)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s := &r.s
	s.TotalProcessed++
	ts := r.tool(tool)
	ts.Processed++
	r.dirty = true
	if len(applied) == 0 {
		return
	}
	s.LastUpdated = entry.Time
	s.TotalNormalized++
	ts.Normalized++
	for _, a := range applied {
		rs := s.ByRule[a.RuleID]
		if rs == nil {
			rs = &RuleStats{RuleID: a.RuleID, Type: a.Type}
			s.ByRule[a.RuleID] = rs
		}
		rs.Hits++
		if i := sort.SearchStrings(rs.Tools, tool); i == len(rs.Tools) || rs.Tools[i] != tool {
			// A new slice: snapshots share the old one.
			tools := make([]string, 0, len(rs.Tools)+1)
			tools = append(append(append(tools, rs.Tools[:i]...), tool), rs.Tools[i:]...)
			rs.Tools = tools
		}
	}
	s.Recent = append(s.Recent, entry)
	r.recentBytes += recentSize(&entry)
	if len(s.Recent) > recentLimit || r.recentBytes > recentBytes {
		s.Recent, r.recentBytes = boundRecent(s.Recent)
	}
}

// snapshot copies the statistics under the lock, without serializing:
// entries of the recent list and rule tool lists are never changed in
// place, so they are shared.
func (r *statsRecorder) snapshot() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.copyLocked()
}

func (r *statsRecorder) copyLocked() Stats {
	c := r.s
	c.ByTool = make(map[string]*ToolStats, len(r.s.ByTool))
	for k, v := range r.s.ByTool {
		x := *v
		c.ByTool[k] = &x
	}
	c.ByRule = make(map[string]*RuleStats, len(r.s.ByRule))
	for k, v := range r.s.ByRule {
		x := *v
		c.ByRule[k] = &x
	}
	c.Recent = append([]Recent(nil), r.s.Recent...)
	return c
}

func (r *statsRecorder) loop(interval time.Duration) {
	defer close(r.done)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if err := r.flush(); err != nil {
				r.warn(err)
			}
		case <-r.stop:
			return
		}
	}
}

// flush writes the statistics atomically: a temp file in the same folder,
// fsync, rename, so that the file is always the old or the new complete
// JSON. It copies the statistics under the lock and serializes and writes
// them outside it, so calls are not held up by a flush.
func (r *statsRecorder) flush() error {
	r.flushMu.Lock()
	defer r.flushMu.Unlock()
	r.mu.Lock()
	if !r.dirty {
		r.mu.Unlock()
		return nil
	}
	snap := r.copyLocked()
	r.dirty = false
	r.mu.Unlock()
	data, err := json.MarshalIndent(&snap, "", "  ")
	if err == nil {
		err = writeAtomic(r.path, data)
	}
	if err != nil {
		r.mu.Lock()
		r.dirty = true // try again next time
		r.mu.Unlock()
	}
	return err
}

func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

func (r *statsRecorder) close() error {
	var err error
	r.once.Do(func() {
		close(r.stop)
		<-r.done
		r.mu.Lock()
		r.dirty = true
		r.mu.Unlock()
		err = r.flush()
	})
	return err
}
