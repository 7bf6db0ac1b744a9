// Package mapofmaps has a map of maps, whose fast path did not compile.
package mapofmaps

// Input holds maps of maps.
//
//normgen:tool mapofmaps
type Input struct {
	MM  map[string]map[string]int        `json:"mm,omitempty"`
	MMS map[string]map[string][]string   `json:"mms,omitempty"`
	PMM *map[string]map[string]bool      `json:"pmm,omitempty"`
	SMM []map[string]map[string]*float32 `json:"smm,omitempty"`
}
