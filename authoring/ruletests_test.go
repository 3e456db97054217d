package authoring_test

import (
	"os"
	"testing"

	"github.com/stackrules/stackrules/authoring"
	"github.com/stackrules/stackrules/internal/gametest"
	"github.com/stackrules/stackrules/interpreter"
)

// The tests: sections of the built-in games and the examples pass; Liger
// and Stackers carry a test for every clause of their rules.
func TestRuleFileTests(t *testing.T) {
	for _, f := range gametest.RuleFiles(t) {
		t.Run(f.Name, func(t *testing.T) {
			g, err := interpreter.Load(f.Name, f.Data)
			if err != nil {
				t.Fatal(err)
			}
			results, ds := authoring.RunTests(g)
			for _, d := range ds {
				t.Error(d)
			}
			passed := 0
			for _, r := range results {
				if r.Passed {
					passed++
				}
			}
			if passed != len(results) {
				t.Errorf("%d of %d tests passed", passed, len(results))
			}
			min := map[string]int{"variants/liger.yaml": 20, "variants/stackers.yaml": 15}[f.Name]
			if f.Name[:9] == "examples/" {
				min = 3
			}
			if len(results) < min {
				t.Errorf("%d tests; want at least %d", len(results), min)
			}
		})
	}
}

// A failing test is reported at the move text it is about.
func TestRuleFileTestFailures(t *testing.T) {
	src := `name: t
board: {width: 4, height: 4}
players:
  red: {code: r, home: bottom}
  blue: {code: b, home: top}
setup: {red: row 1, blue: row 4}
moves:
  step: {directions: forward}
tests:
  - name: steps
    legal: [a1-b2, c1-d2, a1-a2]
    illegal: "c1-b2"
`
	g, err := interpreter.Load("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	results, ds := authoring.RunTests(g)
	if len(results) != 1 || results[0].Passed || results[0].Name != "steps" || results[0].Line != 10 {
		t.Errorf("results %+v", results)
	}
	want := []string{
		"t.yaml:11:27: error: test \"steps\": square a2 is not a playing square",
	}
	if len(ds) != len(want) {
		t.Fatalf("diagnostics:\n%v", ds)
	}
	for i, w := range want {
		if ds[i].Error() != w {
			t.Errorf("got  %s\nwant %s", ds[i].Error(), w)
		}
	}
	src2 := src[:len(src)-len("    legal: [a1-b2, c1-d2, a1-a2]\n    illegal: \"c1-b2\"\n")] + "    legal: [a1-b2, b4-a3]\n    illegal: \"c1-d2\"\n"
	g, err = interpreter.Load("t.yaml", []byte(src2))
	if err != nil {
		t.Fatal(err)
	}
	_, ds = authoring.RunTests(g)
	want = []string{
		"t.yaml:11:20: error: test \"steps\": b4-a3 is not legal (b4-a3: not a legal move: the top piece on b4 is blue's, and red is to move)",
		"t.yaml:12:15: error: test \"steps\": c1-d2 is legal (made by rule \"step\")",
	}
	for i, w := range want {
		if i >= len(ds) || ds[i].Error() != w {
			t.Errorf("got  %v\nwant %s", ds, w)
		}
	}
}

// A test's `after` position must match the hands too, not only the cells.
func TestRuleTestAfterComparesHands(t *testing.T) {
	base, err := os.ReadFile("../variants/nine-mens-morris.yaml")
	if err != nil {
		t.Fatal(err)
	}
	data := string(base) + "  - name: wrong hands\n    play: d2\n    after: b d2:r hand:r9,b9\n"
	g, err := interpreter.Load("nine.yaml", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	results, _ := authoring.RunTests(g)
	last := results[len(results)-1]
	if last.Name != "wrong hands" || last.Passed {
		t.Errorf("a test whose after has the wrong hands passed: %+v", last)
	}
	for _, r := range results[:len(results)-1] {
		if !r.Passed {
			t.Errorf("test %q failed", r.Name)
		}
	}
}
