package interpreter

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/variants"
)

// ligerWhen is Liger with the forward rule's condition replaced, in double
// quotes: the expression starts at column 12 of line 26.
func ligerWhen(t *testing.T, when string) []byte {
	t.Helper()
	data, _ := variants.Source("liger")
	text := strings.Replace(string(data), "when: lifted == 1 || bottom == opponent", "when: \""+when+"\"", 1)
	// The rule's reasons are written for the condition replaced.
	text = strings.Replace(text, "\n    reasons: two checkers move together only as your checker on top of an enemy checker", "", 1)
	if text == string(data) {
		t.Fatal("the forward rule of liger.yaml is not where the test expects it")
	}
	return []byte(text)
}

// forwardLine is the line of liger.yaml's forward rule condition.
func forwardLine() int {
	data, _ := variants.Source("liger")
	return 1 + strings.Count(string(data[:strings.Index(string(data), "when: lifted == 1 || bottom == opponent")]), "\n")
}

// A modulo by zero met while generating moves is an *EvalError naming the
// rule, the expression's place and the position.
func TestRuntimeErrorIsAnEvalError(t *testing.T) {
	g, err := Load("liger.yaml", ligerWhen(t, "lifted % (height - height) == 1"))
	if err != nil {
		t.Fatal(err)
	}
	p := g.Start()
	_, err = g.LegalMovesErr(&p, nil)
	var ee *EvalError
	if !errors.As(err, &ee) || ee.Line != forwardLine() || ee.Col != 12 || ee.What != `move rule "forward"` || ee.Expr != "lifted % (height - height)" ||
		ee.Position != g.FormatPosition(&p) {
		t.Fatalf("got %#v", err)
	}
	if _, err := g.ResultErr(&p); err == nil {
		t.Error("ResultErr: no error")
	}
	func() {
		defer func() {
			if _, ok := recover().(*EvalError); !ok {
				t.Error("LegalMoves did not panic with an *EvalError")
			}
		}()
		g.LegalMoves(&p, nil)
	}()
	// The pooled contexts do not keep the error: a sound game after it is fine.
	ok, _ := Open("liger")
	if _, err := ok.LegalMovesErr(&p, nil); err != nil {
		t.Error(err)
	}
	// The AI sees it, ends, and says so.
	a := g.AI()
	sp := SearchPosition{Position: p}
	if n := len(a.LegalMoves(&sp, nil)); n != 0 || a.(ai.Failer).Err() == nil {
		t.Errorf("the search saw %d moves and error %v", n, a.(ai.Failer).Err())
	}
	// Only that search: another search of the same Game is not stopped.
	other := g.AI().(ai.Failer)
	if other.Err() != nil {
		t.Errorf("a new search of the Game starts failed: %v", other.Err())
	}
}

// A runtime error in a static term, met when it is folded at load time, is
// a diagnostic at the expression (lint says the same: TestFoldingErrorLint).
func TestFoldingErrorAtTheExpression(t *testing.T) {
	src := ligerWhen(t, "(lifted == 1 || bottom == opponent) && 10 % (to_row - 5) != 99")
	_, err := Load("liger.yaml", src)
	want := fmt.Sprintf("liger.yaml:%d:51: error:", forwardLine()) + " move rule \"forward\": evaluating its static terms when loading: runtime error: integer divide by zero in `10 % (to_row - 5)`"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v", err)
	}
}

// What the rule language does not have is refused at its character, and so
// is arithmetic that can overflow.
func TestRefusedExpressions(t *testing.T) {
	for _, tc := range []struct{ when, col, msg string }{
		{"[1,2,3][height+5] > 0", "12", "indexing and member access are not part of the rule language"},
		{"2 ** height > 0", "12", "the operator `**` is not part of the rule language"},
		{"2 ^ height > 0", "12", "the operator `^` is not part of the rule language"},
		{"height / lifted > 1", "12", "`/` divides only by a whole number other than 0"},
		{"height / 0 > 1", "12", "`/` divides only by a whole number other than 0"},
		{"height % 0 == 1", "12", "modulo by zero"},
		{"height > 1.5", "21", "numbers in rule files are whole numbers"},
		{"'a' == 'a'", "12", "strings are not part of the rule language"},
		{"{a: 1}.a == 1", "12", "indexing and member access"},
		{"[1, 2] == [1, 2]", "12", "a list `[a, b]` is only for `x in [a, b]`"},
		{"height == nil", "22", "nil is not part of the rule language"},
		{"9223372036854775807 + height > 0", "12", "`9223372036854775807 + height` can overflow a 64-bit integer"},
		{"height * 4611686018427387904 > 1", "12", "can overflow"},
		{"-(-9223372036854775807 - lifted) > 0", "14", "`-9223372036854775807 - lifted` can overflow"},
		{"abs(-9223372036854775807 - lifted) > 0", "16", "`-9223372036854775807 - lifted` can overflow"},
		{"-(-9223372036854775807 * 1 - 1 + lifted) > 0", "12", "can overflow"},
	} {
		_, err := Load("liger.yaml", ligerWhen(t, tc.when))
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("liger.yaml:%d:%s:", forwardLine(), tc.col)) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("when: %s: got %v", tc.when, err)
		}
	}
	// What the language has still loads, `/` by a constant included.
	for _, when := range []string{
		"lifted in 1..2 && height in [1, 2, 3] && (row > 2 ? true : lifted == 1) && abs(min(height, 2) - max(lifted, 1)) < 3",
		"(lifted == 1 || bottom == opponent) && progress(me) / 4 >= 0 && not (height % 7 == 6) && -height < 0",
		"lifted * 1000000 + checkers(me) * 1000000 < 9000000000000",
	} {
		if _, err := Load("liger.yaml", ligerWhen(t, when)); err != nil {
			t.Errorf("when: %s: %v", when, err)
		}
	}
}

// An expression nested too deeply for expr's parser to recurse on (a
// rule file under the 1 MiB cap holds half a million brackets) is refused
// before it is parsed, at the character where it goes over the limit.
func TestDeepExpressionIsADiagnostic(t *testing.T) {
	deep := strings.Repeat("(", 499000) + "lifted == 1" + strings.Repeat(")", 499000)
	_, err := Load("liger.yaml", ligerWhen(t, deep))
	want := fmt.Sprintf("liger.yaml:%d:%d: error: move rule \"forward\": the expression nests brackets more than 100 deep here", forwardLine(), 12+100)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v\nwant %s", err, want)
	}
	// YAML nested as deep is refused by the YAML reader, as an error.
	data, _ := variants.Source("liger")
	nested := strings.Replace(string(data), "forward:               #", "forward: "+strings.Repeat("[", 300000)+strings.Repeat("]", 300000)+" #", 1)
	if _, err := Load("liger.yaml", []byte(nested)); err == nil {
		t.Error("deeply nested YAML loaded")
	}
}

// Every function a front end calls hands a runtime error in the rule file's
// expressions back as an error: no caller has to recover a panic.
func TestRuntimeErrorsAreReturned(t *testing.T) {
	g, err := Load("liger.yaml", ligerWhen(t, "lifted % (height - height) == 1"))
	if err != nil {
		t.Fatal(err)
	}
	p := g.Start()
	var ee *EvalError
	if _, err := g.ParseMove(&p, "c3-d4"); !errors.As(err, &ee) {
		t.Errorf("ParseMove: %v", err)
	}
	if e := g.Explain(&p, "c3-d4"); !errors.As(e.Err, &ee) || !strings.Contains(e.Problem, "the rule file failed") {
		t.Errorf("Explain: %+v", e)
	}
	if _, err := g.PerftErr(&p, 2, PerftOptions{}); !errors.As(err, &ee) {
		t.Errorf("PerftErr: %v", err)
	}
	if _, err := g.DivideErr(&p, 2, PerftOptions{}); !errors.As(err, &ee) {
		t.Errorf("DivideErr: %v", err)
	}
	q := p
	if _, _, err := g.RandomPlayout(&q, rand.New(rand.NewPCG(1, 2)), 100, nil); !errors.As(err, &ee) {
		t.Errorf("RandomPlayout: %v", err)
	}
	h := g.NewHistory(p)
	if _, err := h.OutcomeErr(); !errors.As(err, &ee) {
		t.Errorf("History.OutcomeErr: %v", err)
	}
	if err := h.Play(board.Move{}); !errors.As(err, &ee) {
		t.Errorf("History.Play: %v", err)
	}
}
