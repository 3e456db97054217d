package authoring_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/authoring"
	"github.com/stackrules/stackrules/internal/gametest"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

var update = flag.Bool("update", false, "rewrite the golden files of the lint corpus")

// goldenLintOptions keep the corpus fast: a few short random games.
var goldenLintOptions = authoring.LintOptions{Playouts: 6, MaxPlies: 300, Seed: 1}

// Every broken file of testdata/lint is linted and its text and JSON output
// compared with the golden files beside it (go test -run TestLintGolden
// -update rewrites them after a deliberate change; review the diff).
func TestLintGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/lint/*.yaml")
	if err != nil || len(files) < 40 {
		t.Fatalf("want at least 40 broken files in testdata/lint, found %d (%v)", len(files), err)
	}
	codes := map[string]bool{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			ds := authoring.Lint(name+".yaml", data, goldenLintOptions)
			for _, d := range ds {
				codes[d.Code] = true
				if d.Line < 1 || d.Col < 1 || d.EndLine < d.Line || (d.EndLine == d.Line && d.EndCol <= d.Col) {
					t.Errorf("bad range %d:%d-%d:%d in %v", d.Line, d.Col, d.EndLine, d.EndCol, d)
				}
			}
			if (len(ds) == 0) != (name == "clean") {
				t.Errorf("%d diagnostics; only clean.yaml should have none", len(ds))
			}
			var text, js bytes.Buffer
			authoring.WriteText(&text, ds, data)
			authoring.WriteJSON(&js, ds)
			golden(t, strings.TrimSuffix(f, ".yaml")+".txt", text.Bytes())
			golden(t, strings.TrimSuffix(f, ".yaml")+".json", js.Bytes())
		})
	}
	// Each kind of mistake the linter knows is in the corpus at least once.
	for _, c := range []string{"yaml", "unknown-key", "duplicate-key", "missing-key", "wrong-type", "empty-value", "yaml-tag",
		"bad-value", "comment-cut", "expression", "name-scope", "setup", "setup-twice", "bad-square", "out-of-range",
		"unknown-player", "bad-direction", "unreachable-bear-off", "constant", "runtime-error", "never-fires", "never-ends",
		"no-start-move", "asymmetric", "test-failed", "bad-test"} {
		if !codes[c] && !t.Failed() {
			t.Errorf("no file in testdata/lint shows a diagnostic %q", c)
		}
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestLintGolden -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs; got:\n%s\nwant:\n%s", path, got, want)
	}
}

// Every built-in game and every example is lint-clean with the options
// `stackrules lint` uses, its own tests included.
func TestLintCleanFiles(t *testing.T) {
	for _, f := range gametest.RuleFiles(t) {
		t.Run(f.Name, func(t *testing.T) {
			ds := authoring.Lint(f.Name, f.Data, authoring.DefaultLintOptions)
			if len(ds) > 0 {
				var out bytes.Buffer
				authoring.WriteText(&out, ds, f.Data)
				t.Errorf("lint is not clean:\n%s", out.String())
			}
		})
	}
}

// Lint finds at least what Check finds, at the same lines.
func TestLintKeepsCheckDiagnostics(t *testing.T) {
	files, _ := filepath.Glob("testdata/lint/*.yaml")
	for _, f := range files {
		data, _ := os.ReadFile(f)
		_, checked := interpreter.Check("x.yaml", data)
		linted := authoring.Lint("x.yaml", data, authoring.LintOptions{})
		for _, c := range checked {
			found := false
			for _, l := range linted {
				found = found || (l.Message == c.Message || l.Code == "yaml" && c.Code == "yaml")
			}
			if !found {
				t.Errorf("%s: lint lost %v", f, c)
			}
		}
	}
}

// Lint reports a runtime error in a capture condition at the expression.
func TestLintRuntimeErrorInCaptureAtTheExpression(t *testing.T) {
	data, _ := variants.Source("english-checkers")
	text := strings.Replace(string(data), "  man-jump:\n    directions: forward\n    when: kind == man\n",
		"  man-jump:\n    directions: forward\n    when: kind == man && 10 % (height - 1) == 0\n", 1)
	line := 1 + strings.Count(text[:strings.Index(text, "10 % (height - 1)")], "\n")
	ds := authoring.Lint("ec.yaml", []byte(text), authoring.LintOptions{Playouts: 4, MaxPlies: 200, Seed: 1, SkipTests: true})
	found := false
	for _, d := range ds {
		if d.Code == "runtime-error" {
			if d.Line != line || d.Col != 26 {
				t.Errorf("runtime error at %d:%d, want %d:26: %v", d.Line, d.Col, line, d)
			}
			found = true
		}
	}
	if !found {
		t.Errorf("no runtime error: %v", ds)
	}
}

// landing: continue is for flying captures; without one lint says it does
// nothing.
func TestLandingWithoutFlyingCaptures(t *testing.T) {
	src := `name: t
board: {width: 6, height: 6}
players:
  red: {code: r, home: bottom}
  blue: {code: b, home: top}
setup: {red: row 1, blue: row 6}
moves:
  step: {directions: forward, when: to_height == 0}
captures:
  jump: {directions: diagonal}
capture:
  mandatory: true
  landing: continue
`
	ds := authoring.Lint("t.yaml", []byte(src), authoring.DefaultLintOptions)
	found := false
	for _, d := range ds {
		found = found || d.Code == "no-effect" && d.Line == 13 && d.Col == 12
	}
	if !found {
		t.Errorf("no no-effect warning at 13:12 for landing: continue; got %v", ds)
	}
}

// Lint reports a runtime error in `search: avoid` (evaluated only by the
// AI's search) at the expression, with the quiet plies of the played game.
func TestLintRuntimeErrorInAvoid(t *testing.T) {
	data, _ := variants.Source("stackers")
	i := strings.Index(string(data), "\n  avoid: ")
	if i < 0 {
		t.Fatal("stackers.yaml has no search: avoid")
	}
	j := i + 1 + strings.Index(string(data)[i+1:], "\n")
	text := string(data)[:i] + "\n  avoid: off || 100 % (quiet - 3) == 0" + string(data)[j:]
	line := 1 + strings.Count(text[:i+1], "\n")
	ds := authoring.Lint("st.yaml", []byte(text), authoring.LintOptions{Playouts: 2, MaxPlies: 50, Seed: 1, SkipTests: true})
	found := false
	for _, d := range ds {
		if d.Code == "runtime-error" {
			if d.Line != line || d.Col != 10 { // the term: `||` does not split one
				t.Errorf("runtime error at %d:%d, want %d:10: %v", d.Line, d.Col, line, d)
			}
			found = true
		}
	}
	if !found {
		t.Errorf("no runtime error: %v", ds)
	}
}

// The mirror check of a dice game: a rolled position's mirror image keeps
// the roll, so Fevga (both sides running the same way round, from
// diagonally opposite corners) and Plakoto are symmetric; a rule that
// favours one colour is reported at the dice move rules, not at 1:1.
func TestLintMirrorOfDiceGames(t *testing.T) {
	opts := authoring.LintOptions{Playouts: 20, MaxPlies: 400, Seed: 3, SkipTests: true}
	for _, name := range []string{"fevga", "plakoto", "backgammon"} {
		data, ok := variants.Source(name)
		if !ok {
			t.Fatalf("no built-in %s", name)
		}
		for _, d := range authoring.Lint(name+".yaml", data, opts) {
			t.Errorf("%s: %v", name, d)
		}
	}
	data, _ := variants.Source("fevga")
	text := strings.Replace(string(data), "      && to_top != opponent\n", "      && (to_top != opponent || me == black)\n", 1)
	if text == string(data) {
		t.Fatal("fevga.yaml no longer has `&& to_top != opponent`")
	}
	line := 1 + strings.Count(text[:strings.Index(text, "\ndice_moves:")+1], "\n")
	found := false
	for _, d := range authoring.Lint("fevga-lopsided.yaml", []byte(text), opts) {
		if d.Code != "asymmetric" {
			continue
		}
		found = true
		if d.Line != line || d.Col != 1 {
			t.Errorf("asymmetric at %d:%d, want %d:1 (dice_moves): %v", d.Line, d.Col, line, d)
		}
		if !strings.Contains(d.Message, "roll:") {
			t.Errorf("the positions compared name no roll: %v", d.Message)
		}
	}
	if !found {
		t.Error("no asymmetric warning for a rule that lets black land on white's checkers")
	}
}
