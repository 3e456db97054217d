package interpreter

import (
	"os"
	"strings"
	"testing"
)

// Every function of regions and every built-in region is in the rule
// language's reference, so a designer finds what the loader accepts.
func TestDocsListRegionFunctions(t *testing.T) {
	doc, err := os.ReadFile("../docs/rule-language.md")
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range setFuncs {
		row := "| `" + name + "("
		if !strings.Contains(string(doc), row) {
			t.Errorf("docs/rule-language.md has no row for %s (%s)", name, f.doc)
		}
	}
	for _, name := range edgeRegions {
		if !strings.Contains(string(doc), "`"+name+"`") {
			t.Errorf("docs/rule-language.md does not name the built-in region %s", name)
		}
	}
}
