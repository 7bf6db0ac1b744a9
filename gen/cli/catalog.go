package cli

import (
	"fmt"
	"strings"

	"github.com/normgen/normgen/derive"
	"github.com/normgen/normgen/gen"
	"github.com/normgen/normgen/lenient"
)

// DeriveCatalog derives the tools/list catalog data read from name
// (derive.Catalog); an error names the place as name:LINE:COL.
func DeriveCatalog(name string, data []byte) (*derive.CatalogDerivation, error) {
	d, err := derive.Catalog(data)
	if err != nil {
		// "catalog: 3:7: ..." becomes "FILE:3:7: ..."
		return nil, fmt.Errorf("%s:%s", name, strings.TrimPrefix(err.Error(), "catalog:"))
	}
	return d, nil
}

// RulesJSON is the text of a rules.json file holding rules: a JSON array,
// [] for none.
func RulesJSON(rules []lenient.Rule) ([]byte, error) {
	if rules == nil {
		rules = []lenient.Rule{}
	}
	return gen.MarshalJSON(rules)
}
