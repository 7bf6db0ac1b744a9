package schemaprofile

import "github.com/normgen/normgen/internal/jsonnode"

// ParseEnumCase and MatchesEnumCase are parseEnumCase and
// matchesEnumCase, for the external tests (which import regexp and
// internal/leniency).
var ParseEnumCase, MatchesEnumCase = parseEnumCase, matchesEnumCase

// ExpandEnumCase lists the strings the alternatives of a letter-case
// pattern match, each letter in lower case, in the order the pattern has
// them (a string twice if two ways match it); nil past max strings.
func ExpandEnumCase(alts [][]caseItem, max int) []string {
	var out []string
	for _, seq := range alts {
		ss := expandSeq(seq, max)
		if ss == nil && len(seq) > 0 {
			return nil
		}
		out = append(out, ss...)
		if len(out) > max {
			return nil
		}
	}
	return out
}

func expandSeq(seq []caseItem, max int) []string {
	out := []string{""}
	for _, it := range seq {
		var each []string
		if it.group {
			if each = ExpandEnumCase(it.alts, max); each == nil {
				return nil
			}
		} else {
			each = []string{string(it.lower)}
		}
		if it.opt {
			each = append(each, "")
		}
		var next []string
		for _, s := range out {
			for _, e := range each {
				next = append(next, s+e)
			}
		}
		if len(next) > max {
			return nil
		}
		out = next
	}
	return out
}

// numberNode is a JSON number's node.
func numberNode(text string) *jsonnode.Node { return jsonnode.Scalar(text) }
