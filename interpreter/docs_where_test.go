package interpreter_test

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
)

// The "where" column of the names table in docs/rule-language.md says where
// each name may be used; it must say what the checker accepts.
func TestDocsSayWhereEachNameApplies(t *testing.T) {
	doc, err := os.ReadFile("../docs/rule-language.md")
	if err != nil {
		t.Fatal(err)
	}
	words := map[string]string{
		"move conditions": "moves", "bear-off conditions": "bear-offs", "capture conditions": "captures",
		"playout: prefer": "prefer", "end conditions": "end", "evaluate": "evaluate", "promote: when": "promote",
		"everywhere": "everywhere", "placement conditions": "placements",
		"triggers: when": "triggers: when", "triggers: which": "triggers: which",
		"dice move conditions": "dice moves", "search: avoid": "avoid",
		"regions": "regions", "drop conditions": "drops",
	}
	set := func(list []string) string {
		sort.Strings(list)
		return strings.Join(list, ", ")
	}
	for _, n := range interpreter.Names() {
		var want []string
		for _, w := range strings.Split(n.Where, ", ") {
			want = append(want, words[w])
		}
		for _, line := range strings.Split(string(doc), "\n") {
			if !strings.HasPrefix(line, "| `"+n.Name+"`") && !strings.HasPrefix(line, "| `"+n.Name+"(") {
				continue
			}
			cells := strings.Split(line, "|")
			if len(cells) < 5 {
				t.Fatalf("bad table row: %s", line)
			}
			got := strings.Split(strings.TrimSpace(cells[3]), ", ")
			if set(got) != set(want) {
				t.Errorf("docs say `%s` is for %s; the checker accepts it in %s", n.Name, set(got), set(want))
			}
		}
	}
}
