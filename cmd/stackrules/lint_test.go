package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

func writeRuleFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const brokenLiger = `name: Broken
board: {width: 6, height: 6}
players:
  red: {code: r, home: bottom}
  blue: {code: b, home: top}
setup: {red: rows 1-2, blue: rows 5-6}
moves:
  forward:
    directions: forward
    when: lifted == 1 || botom == opponent
`

const warnOnly = `name: Warn
board: {width: 6, height: 6}
players:
  red: {code: r, home: bottom}
  blue: {code: b, home: top}
setup: {red: rows 1-2, blue: rows 5-6}
moves:
  forward:
    directions: forward
    when: 1 == 1
bear_off:
  far: {when: row == farthest}
end:
  - win: checkers(me) == 0
`

func TestLintCommand(t *testing.T) {
	code, out, errOut := runCLI(t, "lint", "liger", "stackers")
	if code != 0 || out != "" {
		t.Errorf("lint of the built-ins: exit %d\n%s%s", code, out, errOut)
	}
	bad := writeRuleFile(t, "bad.yaml", brokenLiger)
	code, out, errOut = runCLI(t, "lint", bad)
	want := bad + ":10:26: error: move rule \"forward\": unknown name botom\n" +
		" 10 |     when: lifted == 1 || botom == opponent\n" +
		"    |                          ^^^^^\n" +
		"    = did you mean `bottom`?\n"
	if code != 1 || out != want || errOut != "stackrules: lint: 1 error, 0 warnings\n" {
		t.Errorf("exit %d\nstdout:\n%s\nwant:\n%s\nstderr: %s", code, out, want, errOut)
	}
	code, out, _ = runCLI(t, "lint", "--format", "json", bad)
	var d map[string]any
	if err := json.Unmarshal([]byte(out), &d); code != 1 || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, out)
	}
	for k, v := range map[string]any{"file": bad, "line": 10.0, "column": 26.0, "end_line": 10.0, "end_column": 31.0,
		"severity": "error", "code": "expression", "message": "move rule \"forward\": unknown name botom", "hint": "did you mean `bottom`?"} {
		if d[k] != v {
			t.Errorf("json %s = %v, want %v", k, d[k], v)
		}
	}
	warn := writeRuleFile(t, "warn.yaml", warnOnly)
	if code, out, _ := runCLI(t, "lint", "--playouts", "0", warn); code != 0 || !strings.Contains(out, "warning: move rule \"forward\": `1 == 1` is always true") {
		t.Errorf("warnings only: exit %d, want 0\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "lint", "--playouts", "0", "--strict", warn); code != 1 || !strings.Contains(out, "error: move rule \"forward\": `1 == 1`") {
		t.Errorf("--strict: exit %d, want 1\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "lint", filepath.Join(t.TempDir(), "missing.yaml")); code != 1 || !strings.Contains(out, "cannot read the file") {
		t.Errorf("missing file: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"lint"}, {"lint", "--format", "xml", "liger"}, {"lint", "--playouts", "-1", "liger"}} {
		if code, _, _ := runCLI(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestTestCommand(t *testing.T) {
	code, out, errOut := runCLI(t, "test", "liger")
	if code != 0 || !strings.HasPrefix(out, "ok   liger.yaml: ") || !strings.HasSuffix(out, " tests passed\n") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	failing := writeRuleFile(t, "t.yaml", warnOnly+`tests:
  - name: red steps forward
    position: r c1:r,f6:b
    legal: [c1-b2, c1-d2, c1-d0]
  - position: r c1:r,f6:b
    illegal: c1-d2
`)
	code, out, errOut = runCLI(t, "test", "-v", failing)
	for _, w := range []string{
		failing + ":18:27: error: test \"red steps forward\": \"d0\" is not a square (want a file letter and a rank number, like c3)",
		failing + ":20:14: error: test \"at line 19\": c1-d2 is legal",
		"FAIL " + failing + ":16: red steps forward",
		"FAIL " + failing + ": 2 of 2 tests failed",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	if code != 1 || errOut != "stackrules: test: 2 of 2 tests failed\n" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if code, _, _ := runCLI(t, "test"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
}

func TestExplainCommand(t *testing.T) {
	code, out, _ := runCLI(t, "explain", "liger", "--position", "r d4:r,a1:r,c3:b,e3:b", "d4-c3")
	want := "d4-c3: not legal\n  move rule \"backward\": you move backward only while you have fewer checkers showing than your opponent\n    showing(me) < showing(opponent) is false (2 < 2)\n"
	if code != 0 || out != want {
		t.Errorf("exit %d\n%s\nwant\n%s", code, out, want)
	}
	code, out, _ = runCLI(t, "explain", "--short", "liger", "c3-d4")
	if code != 0 || out != "c3-d4: legal, by move rule \"forward\"\n" {
		t.Errorf("exit %d: %q", code, out)
	}
	if code, _, _ := runCLI(t, "explain", "liger"); code != 2 {
		t.Errorf("no move: exit %d, want 2", code)
	}
}

func TestSchemaCommand(t *testing.T) {
	code, out, _ := runCLI(t, "schema")
	if code != 0 || out != string(interpreter.Schema()) || !json.Valid([]byte(out)) {
		t.Errorf("exit %d, %d bytes", code, len(out))
	}
}

// A rule's reasons that do not match its when's `&&` terms one for one are
// reported by lint at the reasons key, with the terms.
func TestLintReasonsCount(t *testing.T) {
	data, _ := variants.Source("liger")
	src := strings.Replace(string(data), "    reasons: two checkers move together only as your checker on top of an enemy checker",
		"    reasons: [one, two]", 1)
	if src == string(data) {
		t.Fatal("liger.yaml changed: the forward rule's reasons are not where the test expects them")
	}
	line := 1 + strings.Count(src[:strings.Index(src, "    reasons: [one, two]")], "\n")
	bad := writeRuleFile(t, "bad.yaml", src)
	code, out, _ := runCLI(t, "lint", "--playouts", "0", bad)
	want := fmt.Sprintf("%s:%d:5: error: move rule \"forward\": reasons has 2 entries, but when has 1 `&&` term: give one reason per term, in order\n", bad, line) +
		fmt.Sprintf("%3d |     reasons: [one, two]\n", line) +
		"    |     ^^^^^^^\n" +
		"    = the terms, in order: 1. lifted == 1 || bottom == opponent\n"
	if code != 1 || out != want {
		t.Errorf("exit %d\nstdout:\n%s\nwant:\n%s", code, out, want)
	}
}
