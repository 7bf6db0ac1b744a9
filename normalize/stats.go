package normalize

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/normgen/normgen/lenient"
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
	TotalInvalid    int64                 `json:"total_invalid"`         // calls whose arguments were no valid JSON object (another value, malformed JSON, a key given twice)
	LastUpdated     time.Time             `json:"last_updated"`          // time of the last change
	ByTool          map[string]*ToolStats `json:"by_tool"`               // per tool name
	ByRule          map[string]*RuleStats `json:"by_rule"`               // per rule id
	Recent          []Recent              `json:"recent_normalizations"` // the last 50 calls that changed something
}

// ToolStats counts one tool's calls.
type ToolStats struct {
	Processed  int64 `json:"processed"`         // calls, invalid ones too
	Normalized int64 `json:"normalized"`        // calls that changed something
	Invalid    int64 `json:"invalid,omitempty"` // calls whose arguments were no valid JSON object (as TotalInvalid)
}

// RuleStats counts one rule's hits and the tools they came from.
type RuleStats struct {
	RuleID string           `json:"rule_id"`
	Type   lenient.RuleType `json:"type"`
	Hits   int64            `json:"hits"`
	Tools  []string         `json:"tools"`
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
	metrics  Metrics       // WithMetrics (metrics.go)
	logger   *slog.Logger  // WithLogger (fixlog.go)
}

// warner returns where warnings go: the WithWarnings function, or log/slog's
// default logger when none was given.
func (c *config) warner() func(error) {
	if c.warn != nil {
		return c.warn
	}
	if c.logger != nil {
		return loggerWarn(c.logger)
	}
	return slogWarn
}

// slogWarn writes a warning to log/slog's default logger.
func slogWarn(err error) {
	slog.Warn(err.Error(), "component", "normgen normalize.Normalizer")
}

// WithLogDir keeps statistics in dir/normalizer_stats.json: reloaded when
// the normalizer starts, written atomically on an interval and on Close.
// Without it they are counted in memory only (Normalizer.Stats).
func WithLogDir(dir string) Option { return func(c *config) { c.logDir = dir } }

// WithFlushInterval sets how often statistics are written (default 30s).
func WithFlushInterval(d time.Duration) Option { return func(c *config) { c.interval = d } }

// WithWarnings receives problems that do not stop the normalizer: a
// corrupt statistics file set aside, a file holding null, a failed write,
// a call the call log could not hold. Without it they go to log/slog's
// default logger (slog.Warn).
func WithWarnings(f func(error)) Option { return func(c *config) { c.warn = f } }

// WithMetrics reports each call the normalizer handles to m: the tool,
// whether its arguments were refused (not a JSON object), and each fix
// with the declared path of the rule that made it (see Metrics).
func WithMetrics(m Metrics) Option { return func(c *config) { c.metrics = m } }

// maxTools bounds how many tool names the statistics count apart; the
// calls of further names are counted under OtherTools (with one warning),
// so that a client sending made-up tool names cannot grow them without
// end.
const maxTools = 4096

// maxToolName bounds the length of a tool name the statistics count
// apart: a longer one is no tool's (hosts take names of at most 64 or
// 128 characters), and 4096 names of 100 KB each held 400 MB and wrote a
// statistics file of 781 MB; its calls are counted under OtherTools.
const maxToolName = 256

// OtherTools is the Stats.ByTool entry that counts the calls of tool names
// beyond the first 4096 seen, and of names longer than 256 bytes.
const OtherTools = "(other tools)"

// callCounts count one tool's calls (or all calls). They are atomics, so
// that a call no rule changes (the common case) takes no lock.
type callCounts struct {
	name                           string // the tool's name in Stats.ByTool
	processed, normalized, invalid atomic.Int64
}

// ruleKey names a rule's hits from one tool.
type ruleKey struct{ tool, id string }

// ruleHits counts a rule's hits from one tool.
type ruleHits struct {
	typ  lenient.RuleType
	hits atomic.Int64
}

// load reads the counts, normalized and invalid before processed: a
// snapshot taken while calls run never shows more normalized calls than
// processed ones (a call counts as processed first).
func (c *callCounts) load() ToolStats {
	var t ToolStats
	t.Normalized = c.normalized.Load()
	t.Invalid = c.invalid.Load()
	t.Processed = c.processed.Load()
	return t
}

// statsRecorder counts calls in memory and, with a log folder, keeps them
// in StatsFile.
type statsRecorder struct {
	total      callCounts
	tools      sync.Map     // tool name -> *callCounts
	ntools     atomic.Int64 // entries of tools
	warn       func(error)
	warned     atomic.Bool           // the OtherTools warning was given
	warnedLong atomic.Bool           // the warning of a name past maxToolName was given
	rules      sync.Map              // ruleKey -> *ruleHits
	loaded     map[string]*RuleStats // Stats.ByRule as reloaded from the file
	mu         sync.Mutex            // guards the fields below
	updated    time.Time             // Stats.LastUpdated
	recent     recentRing

	// With a log folder: the file, and the flusher.
	path    string     // "" without a log folder
	flushMu sync.Mutex // one flush at a time
	flushed int64      // total.processed when last written (under flushMu)
	// written is the file as this normalizer last read or wrote it
	// (size and time), by which flush finds another writer's (under
	// flushMu); othersWarned: flush said so once
	written      os.FileInfo
	othersWarned bool
	// unread: the file is there and could not be read (its mode, an
	// I/O error); it is never written over, lest the counts it holds
	// be lost
	unread bool
	stop   chan struct{}
	done   chan struct{}
	once   sync.Once
}

// newStatsRecorder starts the statistics: in memory, and with c.logDir
// reloaded from its file and flushed to it on an interval.
func newStatsRecorder(c config) (*statsRecorder, error) {
	r := &statsRecorder{warn: c.warner()}
	if c.logDir == "" {
		return r, nil
	}
	if err := os.MkdirAll(c.logDir, 0o755); err != nil {
		return nil, err
	}
	r.path = filepath.Join(c.logDir, StatsFile)
	r.stop = make(chan struct{})
	r.done = make(chan struct{})
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
	data, err := readStats(r.path)
	if err != nil {
		if !os.IsNotExist(err) {
			r.unread = true
			r.warn(fmt.Errorf("reading %s: %v; its counts are kept in memory and not written, lest they replace the file's: make it readable (or move it away) and restart", r.path, err))
		}
		return
	}
	r.written, _ = os.Stat(r.path)
	s, err := decodeStats(data)
	if err != nil {
		aside, aerr := setAside(r.path)
		if aerr != nil {
			r.warn(fmt.Errorf("%s is corrupt (%v) and could not be set aside (%v); started from zero", r.path, err, aerr))
			return
		}
		r.warn(fmt.Errorf("%s is corrupt (%v); moved it to %s and started from zero", r.path, err, aside))
		return
	}
	r.total.processed.Store(s.TotalProcessed)
	r.total.normalized.Store(s.TotalNormalized)
	r.total.invalid.Store(s.TotalInvalid)
	r.flushed = s.TotalProcessed
	for name, t := range s.ByTool {
		if t == nil {
			continue
		}
		c := &callCounts{name: name}
		c.processed.Store(t.Processed)
		c.normalized.Store(t.Normalized)
		c.invalid.Store(t.Invalid)
		r.tools.Store(name, c)
		r.ntools.Add(1)
	}
	r.updated = s.LastUpdated
	r.loaded = map[string]*RuleStats{}
	for id, rs := range s.ByRule {
		if rs != nil {
			slices.Sort(rs.Tools)
			r.loaded[id] = rs
		}
	}
	kept, _ := boundRecent(s.Recent)
	for i := range kept {
		r.recent.push(kept[i], recentSize(&kept[i]))
	}
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
	for i := range e.Applied {
		n += fixSize(&e.Applied[i])
	}
	return n
}

// fixSize is what one fix of a recent entry counts.
func fixSize(a *Applied) int {
	return 64 + len(a.RuleID) + len(a.Param) + len(a.From) + len(a.To)
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

// counts returns the counters of a tool, made on its first call.
func (r *statsRecorder) counts(tool string) *callCounts {
	if c, ok := r.tools.Load(tool); ok {
		return c.(*callCounts)
	}
	switch {
	case len(tool) > maxToolName:
		if r.warnedLong.CompareAndSwap(false, true) {
			r.warn(fmt.Errorf("statistics: a call of a tool name of %d bytes (%q); the calls of names longer than %d bytes are counted under %q", len(tool), shortText(tool), maxToolName, OtherTools))
		}
		tool = OtherTools
	case r.ntools.Load() >= maxTools:
		if r.warned.CompareAndSwap(false, true) {
			r.warn(fmt.Errorf("statistics: more than %d tool names seen (a call of %q); the calls of further names are counted under %q", maxTools, shortText(tool), OtherTools))
		}
		tool = OtherTools
	}
	c, loaded := r.tools.LoadOrStore(tool, &callCounts{name: tool})
	if !loaded {
		r.ntools.Add(1)
	}
	return c.(*callCounts)
}

// recordInvalid counts a call whose arguments were not a JSON object,
// and returns the tool's counters.
func (r *statsRecorder) recordInvalid(tool string) *callCounts {
	c := r.counts(tool)
	r.total.processed.Add(1)
	c.processed.Add(1)
	r.total.invalid.Add(1)
	c.invalid.Add(1)
	return c
}

// record counts a call of tool (c its counters, rs its rules) and its
// fixes. A call with no fix only adds to counters; one with fixes adds to
// its rules' hit counters, and the recent list, under a lock, keeps its
// own copy of the fixes (the caller owns applied), bounded in size.
func (r *statsRecorder) record(rs *ruleSet, c *callCounts, tool string, applied []Applied) {
	r.total.processed.Add(1)
	c.processed.Add(1)
	if len(applied) == 0 {
		return
	}
	r.total.normalized.Add(1)
	c.normalized.Add(1)
	// A rule's fixes come together, in rule order: find each rule by one
	// pass over the set.
	j := 0
	for i := 0; i < len(applied); {
		id := applied[i].RuleID
		k := i + 1
		for k < len(applied) && applied[k].RuleID == id {
			k++
		}
		for j < len(rs.rules) && rs.rules[j].r.ID != id {
			j++
		}
		if j < len(rs.rules) {
			r.hit(rs, &rs.rules[j], c.name, int64(k-i))
		}
		i = k
	}
	if len(tool) > maxToolName {
		tool = shortText(tool) // (no tool's name: counted under OtherTools)
	}
	entry := Recent{Time: time.Now().UTC(), Tool: tool}
	size, keep := 64+len(tool), len(applied)
	for i := range applied {
		if n := fixSize(&applied[i]); size+n <= recentBytes {
			size += n
		} else {
			keep = i
			break
		}
	}
	entry.Applied = make([]Applied, keep)
	copy(entry.Applied, applied)
	entry.Omitted = len(applied) - keep
	r.mu.Lock()
	r.updated = entry.Time
	r.recent.push(entry, size)
	r.mu.Unlock()
}

// hit counts n hits of rule b from tool. A named tool's set keeps the
// counter in b, so that its calls do not look it up.
func (r *statsRecorder) hit(rs *ruleSet, b *boundRule, tool string, n int64) {
	h := b.hits.p.Load()
	if h == nil {
		key := ruleKey{tool, b.r.ID}
		v, ok := r.rules.Load(key)
		if !ok {
			v, _ = r.rules.LoadOrStore(key, &ruleHits{typ: b.r.Type})
		}
		h = v.(*ruleHits)
		if rs.named {
			b.hits.p.Store(h)
		}
	}
	h.hits.Add(n)
}

// recentRing is the recent list: the newest calls that changed something,
// at most recentLimit of them and recentBytes in all (as recentSize counts
// them), in a ring, so that adding one moves no other.
type recentRing struct {
	list  [recentLimit]Recent
	sizes [recentLimit]int // recentSize of each entry
	first int              // the oldest
	n     int              // entries held
	bytes int              // their size
}

// push adds e, of the given size (recentSize, within recentBytes),
// dropping the oldest entries it leaves no room for.
func (q *recentRing) push(e Recent, size int) {
	for q.n > 0 && (q.n == recentLimit || q.bytes+size > recentBytes) {
		q.bytes -= q.sizes[q.first]
		q.list[q.first] = Recent{}
		q.first = (q.first + 1) % recentLimit
		q.n--
	}
	at := (q.first + q.n) % recentLimit
	q.list[at], q.sizes[at] = e, size
	q.n++
	q.bytes += size
}

// slice returns the entries, oldest first, in a new slice.
func (q *recentRing) slice() []Recent {
	out := make([]Recent, q.n)
	for i := range out {
		out[i] = q.list[(q.first+i)%recentLimit]
	}
	return out
}

// snapshot copies the statistics, without serializing (entries of the
// recent list are never changed in place, so they are shared). Calls
// running meanwhile may be counted in some totals and not yet in others.
func (r *statsRecorder) snapshot() Stats {
	t := r.total.load()
	s := Stats{
		TotalProcessed:  t.Processed,
		TotalNormalized: t.Normalized,
		TotalInvalid:    t.Invalid,
		ByTool:          map[string]*ToolStats{},
	}
	r.tools.Range(func(k, v any) bool {
		ts := v.(*callCounts).load()
		s.ByTool[k.(string)] = &ts
		return true
	})
	s.ByRule = make(map[string]*RuleStats, len(r.loaded))
	for k, v := range r.loaded {
		x := *v
		s.ByRule[k] = &x
	}
	r.rules.Range(func(k, v any) bool {
		key, h := k.(ruleKey), v.(*ruleHits)
		n := h.hits.Load()
		if n == 0 {
			return true
		}
		rs := s.ByRule[key.id]
		if rs == nil {
			rs = &RuleStats{RuleID: key.id, Type: h.typ}
			s.ByRule[key.id] = rs
		}
		rs.Hits += n
		if i, found := slices.BinarySearch(rs.Tools, key.tool); !found {
			rs.Tools = slices.Insert(slices.Clip(rs.Tools), i, key.tool)
		}
		return true
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	s.LastUpdated = r.updated
	s.Recent = r.recent.slice()
	return s
}

func (r *statsRecorder) loop(interval time.Duration) {
	defer close(r.done)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if err := r.flush(false); err != nil {
				r.warn(err)
			}
		case <-r.stop:
			return
		}
	}
}

// flush writes the statistics atomically: a temp file in the same folder,
// fsync, rename, so that the file is always the old or the new complete
// JSON. It writes only when calls came since the last write, unless
// forced. Calls are not held up by a flush: it copies the statistics
// (snapshot) and serializes them outside any lock calls take.
func (r *statsRecorder) flush(force bool) error {
	r.flushMu.Lock()
	defer r.flushMu.Unlock()
	if r.unread || !force && r.total.processed.Load() == r.flushed {
		return nil // (load warned of an unread file)
	}
	if now, err := os.Stat(r.path); err == nil && !r.othersWarned && (r.written == nil || !sameFile(now, r.written)) {
		// (one normalizer per log folder: a second one's counts would
		// be replaced at each write, silently)
		r.othersWarned = true
		r.warn(fmt.Errorf("%s was written by another process since this normalizer last read or wrote it (another normalizer with this log folder?); each write replaces the other's counts: give each normalizer a log folder of its own, and add their files up with normgen stats", r.path))
	}
	snap := r.snapshot()
	data, err := json.MarshalIndent(&snap, "", "  ")
	if err == nil {
		err = writeAtomic(r.path, data)
	}
	if err == nil {
		r.flushed = snap.TotalProcessed
		r.written, _ = os.Stat(r.path)
	}
	return err
}

// readStats reads the statistics file (a variable, for the tests: a
// file the process cannot read, which root, who runs them, always can).
var readStats = os.ReadFile

// sameFile reports whether two stats of the statistics file show it
// unchanged: the same file, of the same size and time.
func sameFile(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	// the mode of the file it replaces (0644 for a new one), not
	// CreateTemp's 0600: another user's reader (normgen stats in a
	// sidecar) reads it as before
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
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

// close stops the flusher and writes the statistics a last time (with a
// log folder; without one there is nothing to do).
func (r *statsRecorder) close() error {
	if r.path == "" {
		return nil
	}
	var err error
	r.once.Do(func() {
		close(r.stop)
		<-r.done
		err = r.flush(true)
	})
	return err
}

// ReadStatsFile reads a statistics file a Normalizer wrote with
// WithLogDir. Unlike the normalizer, it does not set a corrupt file aside:
// it returns the error.
func ReadStatsFile(path string) (Stats, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Stats{}, err
	}
	s, err := decodeStats(data)
	if err != nil {
		return Stats{}, fmt.Errorf("%s: %v", path, err)
	}
	return s, nil
}

// decodeStats reads a statistics file's contents: a JSON object of the
// fields a Normalizer writes, and no other (a file another program wrote,
// or a later version, is not read as empty stats to be overwritten).
func decodeStats(data []byte) (Stats, error) {
	var s Stats
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return s, errors.New("it holds " + shortText(string(t)) + ", not a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Stats{}, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return Stats{}, errors.New("it holds more than one JSON value")
	}
	if err := countsHold(s.TotalProcessed, s.TotalNormalized, s.TotalInvalid); err != nil {
		return Stats{}, err
	}
	for name, t := range s.ByTool {
		if t == nil {
			continue
		}
		if err := countsHold(t.Processed, t.Normalized, t.Invalid); err != nil {
			return Stats{}, fmt.Errorf("tool %q: %v", name, err)
		}
	}
	for id, rs := range s.ByRule {
		if rs != nil && rs.Hits < 0 {
			return Stats{}, fmt.Errorf("rule %q: %d hits", id, rs.Hits)
		}
	}
	return s, nil
}

// countsHold checks a file's counts of calls: none negative, and neither
// those normalized nor the invalid ones more than those processed.
func countsHold(processed, normalized, invalid int64) error {
	if processed < 0 || normalized < 0 || invalid < 0 || normalized > processed || invalid > processed {
		return fmt.Errorf("it counts %d calls processed, %d normalized and %d invalid, which cannot be", processed, normalized, invalid)
	}
	return nil
}
