package interpreter_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/authoring"
	"github.com/stackrules/stackrules/interpreter"
)

// The lint halves of FuzzExpressions and TestFoldingErrorAtTheExpression:
// they lint the rule files those tests write, with the generator the
// internal tests keep (export_test.go).

// FuzzExpressionsLint lints the rule files FuzzExpressions writes: lint
// never meets an internal error.
func FuzzExpressionsLint(f *testing.F) {
	for _, s := range interpreter.ExprFuzzSeeds {
		f.Add([]byte(s))
	}
	lintOpts := authoring.LintOptions{Playouts: 2, MaxPlies: 40, Seed: 1, SkipTests: true}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4000 {
			return
		}
		src := interpreter.FuzzRuleFile(data)
		for _, d := range authoring.Lint("fuzz.yaml", []byte(src), lintOpts) {
			if d.Code == "internal" {
				t.Fatalf("internal error: %v\n%s", d, src)
			}
		}
	})
}

// A runtime error in a static term, met when it is folded at load time:
// lint says what loading says, at the expression, not "loading failed".
func TestFoldingErrorLint(t *testing.T) {
	src := interpreter.LigerWhen(t, "(lifted == 1 || bottom == opponent) && 10 % (to_row - 5) != 99")
	want := fmt.Sprintf("liger.yaml:%d:51: error:", interpreter.ForwardLine()) + " move rule \"forward\": evaluating its static terms when loading: runtime error: integer divide by zero in `10 % (to_row - 5)`"
	ds := authoring.Lint("liger.yaml", src, authoring.LintOptions{})
	if len(ds) == 0 || !strings.Contains(ds[0].Error(), want) {
		t.Errorf("lint: %v", ds)
	}
	for _, d := range ds {
		if d.Line == 1 && d.Col == 1 {
			t.Errorf("lint at 1:1: %v", d)
		}
	}
}
