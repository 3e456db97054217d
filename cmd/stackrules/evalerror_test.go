package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/variants"
)

// ligerWith is Liger with the forward rule's condition replaced (and its
// reasons, written for the condition replaced, left out).
func ligerWith(t *testing.T, when string) string {
	t.Helper()
	data, _ := variants.Source("liger")
	text := strings.Replace(string(data), "when: lifted == 1 || bottom == opponent", "when: "+when, 1)
	text = strings.Replace(text, "\n    reasons: two checkers move together only as your checker on top of an enemy checker", "", 1)
	if text == string(data) {
		t.Fatal("liger.yaml changed: the forward rule's condition is not where the test expects it")
	}
	return writeRuleFile(t, "bad-liger.yaml", text)
}

// lineOf is the line of liger.yaml where text first appears.
func lineOf(text string) int {
	data, _ := variants.Source("liger")
	return 1 + strings.Count(string(data[:strings.Index(string(data), text)]), "\n")
}

// A runtime error in an expression is reported by every command that
// evaluates, at the expression's place, with the rule and the position:
// exit 1, never a panic.
func TestRuntimeErrorInExpression(t *testing.T) {
	file := ligerWith(t, "lifted % (height - height) == 1")
	where := fmt.Sprintf("bad-liger.yaml:%d:11: error:", lineOf("when: lifted == 1 || bottom == opponent")) + " move rule \"forward\": `lifted % (height - height)`: runtime error: integer divide by zero (at position r a1:r,"
	for _, args := range [][]string{
		{"moves", file},
		{"perft", "-d", "2", file},
		{"explain", file, "a3-b4"},
		{"best", "--iterations", "50", file},
		{"match", "--games", "1", "--a", "random", "--b", "random", file},
		{"match", "--games", "1", "--a", "mcts:iterations=20", "--b", "random", file},
		{"bench", "--time", "100ms", file},
		{"play", "--first", "human", "--second", "human", "--record", filepath.Join(t.TempDir(), "r.txt"), file},
	} {
		code, out, errw := runCLI(t, args...)
		if code != 1 || !strings.Contains(out+errw, where) {
			t.Errorf("%s: exit %d\nstdout: %s\nstderr: %s", args[0], code, tail(out, 400), errw)
		}
	}
}

// `test` reports the failing expression as the rule file's mistake.
func TestRuntimeErrorInRuleTests(t *testing.T) {
	file := ligerWith(t, "lifted % (height - height) == 1")
	code, out, errw := runCLI(t, "test", file)
	if code != 1 || !strings.Contains(out, fmt.Sprintf("bad-liger.yaml:%d:11: error:", lineOf("when: lifted == 1 || bottom == opponent"))+" move rule \"forward\": `lifted % (height - height)`: runtime error: integer divide by zero") ||
		strings.Contains(out+errw, "bug in stackrules") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errw)
	}
}

// In play, a move after which the rules fail is refused, and the game as it
// was is saved.
func TestPlayRefusesAMoveAfterWhichTheRulesFail(t *testing.T) {
	// showing(me) == 11 divides by zero: after red stacks a1 onto b2 and
	// blue answers, red has 11 stacks showing.
	file := ligerWith(t, "(lifted == 1 || bottom == opponent) && 10 % (showing(me) - 11) >= 0")
	rec := filepath.Join(t.TempDir(), "game.txt")
	code, out, errw := playScript(t, "a1-b2\nh6-g5\nquit\n", "play", "--first", "human", "--second", "human", "--record", rec, file)
	if !strings.Contains(out+errw, fmt.Sprintf("bad-liger.yaml:%d:50: error:", lineOf("when: lifted == 1 || bottom == opponent"))+" move rule \"forward\": `10 % (showing(me) - 11)`: runtime error: integer divide by zero (at position r ") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, tail(out, 800), errw)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "a1-b2") || strings.Contains(string(data), "h6-g5") {
		t.Errorf("record:\n%s", data)
	}
}

// A file that does not load is not "1 of 0 tests failed".
func TestTestCommandOnBrokenFile(t *testing.T) {
	file := writeRuleFile(t, "broken.yaml", "name: x\nboard: {width: 6, height: 6}\nplayers: {a: {code: a, home: bottom}, b: {code: b, home: top}}\nmoves:\n  m: {directions: [n], when: 'height ++ 1'}\n")
	code, out, errw := runCLI(t, "test", file)
	if code != 1 || !strings.Contains(out, "broken.yaml:5:") || !strings.Contains(errw, "broken.yaml does not load") || strings.Contains(errw, "of 0 tests") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errw)
	}
}

// A runtime error in evaluate, met by the AI, ends the match with it.
func TestRuntimeErrorInEvaluate(t *testing.T) {
	data, _ := variants.Source("liger")
	text := strings.Replace(string(data), "score: borne_off(me) * 8 + progress(me)", "score: checkers(me) % (checkers(me) - checkers(me))", 1)
	if text == string(data) {
		t.Fatal("liger.yaml changed: its evaluate is not where the test expects it")
	}
	file := writeRuleFile(t, "bad-eval.yaml", text)
	code, out, errw := runCLI(t, "match", "--games", "1", "--a", "greedy", "--b", "random", file)
	if code != 1 || !strings.Contains(errw, fmt.Sprintf("bad-eval.yaml:%d:10: error:", lineOf("score: borne_off(me) * 8 + progress(me)"))+" evaluate: `checkers(me) % (checkers(me) - checkers(me))`: runtime error: integer divide by zero (at position ") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, tail(out, 400), errw)
	}
	// x % 0 is refused when the file is loaded.
	text = strings.Replace(string(data), "score: borne_off(me) * 8 + progress(me)", "score: checkers(me) % 0", 1)
	file = writeRuleFile(t, "zero.yaml", text)
	if code, _, errw := runCLI(t, "moves", file); code != 1 || !strings.Contains(errw, fmt.Sprintf("zero.yaml:%d:10: error:", lineOf("score: borne_off(me) * 8 + progress(me)"))+" evaluate: modulo by zero") {
		t.Errorf("exit %d, stderr: %s", code, errw)
	}
}
