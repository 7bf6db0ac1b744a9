package lenient

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"
)

// StatsFile is the name of the statistics file in the log folder.
const StatsFile = "normalizer_stats.json"

// recentLimit is how many calls that changed something Stats keeps.
const recentLimit = 50

// Stats are the normalizer's counters, as persisted in StatsFile.
type Stats struct {
	TotalProcessed  int64                 `json:"total_processed"`       // calls seen
	TotalNormalized int64                 `json:"total_normalized"`      // calls that changed something
	LastUpdated     time.Time             `json:"last_updated"`          // time of the last change
	ByTool          map[string]*ToolStats `json:"by_tool"`               // per tool name
	ByRule          map[string]*RuleStats `json:"by_rule"`               // per rule id
	Recent          []Recent              `json:"recent_normalizations"` // the last 50 calls that changed something
}

// ToolStats counts one tool's calls.
type ToolStats struct {
	Processed  int64 `json:"processed"`
	Normalized int64 `json:"normalized"`
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
}

// Option configures a Normalizer.
type Option func(*config)

type config struct {
	logDir   string
	interval time.Duration
	warn     func(error)
}

// WithLogDir keeps statistics in dir/normalizer_stats.json: reloaded when
// the normalizer starts, written atomically on an interval and on Close.
func WithLogDir(dir string) Option { return func(c *config) { c.logDir = dir } }

// WithFlushInterval sets how often statistics are written (default 30s).
func WithFlushInterval(d time.Duration) Option { return func(c *config) { c.interval = d } }

// WithWarnings receives problems that do not stop the normalizer: a
// corrupt statistics file set aside, a failed write.
func WithWarnings(f func(error)) Option { return func(c *config) { c.warn = f } }

type statsRecorder struct {
	mu    sync.Mutex
	s     Stats
	dirty bool
	path  string
	warn  func(error)
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once
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
	r.load()
	interval := c.interval
	if interval <= 0 {
		interval = 30 * time.Second
	}
	go r.loop(interval)
	return r, nil
}

// load reloads persisted statistics; a corrupt file is renamed aside.
func (r *statsRecorder) load() {
	data, err := os.ReadFile(r.path)
	if err != nil {
		if !os.IsNotExist(err) {
			r.warn(fmt.Errorf("reading %s: %v", r.path, err))
		}
		return
	}
	var s Stats
	if err := json.Unmarshal(data, &s); err != nil {
		aside := r.path + ".corrupt-" + time.Now().UTC().Format("20060102T150405Z")
		os.Rename(r.path, aside)
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
}

func (r *statsRecorder) record(tool string, applied []Applied) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := &r.s
	s.TotalProcessed++
	ts := s.ByTool[tool]
	if ts == nil {
		ts = &ToolStats{}
		s.ByTool[tool] = ts
	}
	ts.Processed++
	r.dirty = true
	if len(applied) == 0 {
		return
	}
	now := time.Now().UTC()
	s.LastUpdated = now
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
			rs.Tools = append(rs.Tools, "")
			copy(rs.Tools[i+1:], rs.Tools[i:])
			rs.Tools[i] = tool
		}
	}
	s.Recent = append(s.Recent, Recent{Time: now, Tool: tool, Applied: applied})
	if len(s.Recent) > recentLimit {
		s.Recent = append(s.Recent[:0:0], s.Recent[len(s.Recent)-recentLimit:]...)
	}
}

func (r *statsRecorder) snapshot() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	data, _ := json.Marshal(&r.s)
	var c Stats
	json.Unmarshal(data, &c)
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
// JSON.
func (r *statsRecorder) flush() error {
	r.mu.Lock()
	if !r.dirty {
		r.mu.Unlock()
		return nil
	}
	data, err := json.MarshalIndent(&r.s, "", "  ")
	r.dirty = false
	r.mu.Unlock()
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
