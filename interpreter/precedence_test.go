package interpreter_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
)

// Misuse of capture precedence, landing and the jumped_* names gets an
// error at the place it is about.
func TestCapturePrecedenceErrors(t *testing.T) {
	base := `name: t
board: {width: 8, height: 8, squares: dark}
players:
  white: {code: w, home: bottom}
  black: {code: b, home: top}
KINDS
setup: {white: row 1, black: row 8}
moves:
  step: {directions: forward}
captures:
  jump: {directions: diagonal, when: WHEN}
capture:
  mandatory: true
  PREC
`
	cases := []struct{ kinds, when, prec, want string }{
		{"kinds: [man, king]", "true", "precedence: [most_pices]", `t.yaml:14:16: error: capture: precedence: unknown criterion "most_pices"`},
		{"kinds: [man, king]", "true", "precedence: [{most: kings}]", `"kings" is not a kind of this game (its kinds: man, king)`},
		{"", "true", "precedence: [{by: king}]", `by names a kind of piece, but the game has no kinds`},
		{"kinds: [man, king]", "true", "precedence: [{most_value: {man: 2}}]", `most_value gives no weight to king`},
		{"kinds: [man, king]", "true", "precedence: [{by: }]", `by needs a kind of piece`},
		{"kinds: [man, king]", "true", "precedence: most_pieces", `capture: precedence must be a list of criteria`},
		{"kinds: [man, king]", "jumped_kind == man", "", ``},
		{"kinds: [man, king]", "jumped_colour == man", "", `jumped_colour`},
	}
	for _, c := range cases {
		src := strings.NewReplacer("KINDS", c.kinds, "WHEN", c.when, "PREC", c.prec).Replace(base)
		_, err := interpreter.Load("t.yaml", []byte(src))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s / %s: %v", c.when, c.prec, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s / %s: got %v, want an error saying %q", c.when, c.prec, err, c.want)
		}
	}
	// The jumped_* names belong to capture rules only.
	src := strings.NewReplacer("KINDS", "kinds: [man, king]", "WHEN", "true", "PREC", "").Replace(base)
	src = strings.Replace(src, "step: {directions: forward}", "step: {directions: forward, when: jumped_kind == man}", 1)
	if _, err := interpreter.Load("t.yaml", []byte(src)); err == nil || !strings.Contains(err.Error(), "`jumped_kind` is not available in move conditions") {
		t.Errorf("jumped_kind in a move rule: got %v", err)
	}
}

// A precedence that decides says so when a move it rules out is explained.
func TestExplainCapturePrecedence(t *testing.T) {
	g := open(t, "italian")
	p, err := g.ParsePosition("w b3:w,c4:b,f3:W,e4:b,a8:b")
	if err != nil {
		t.Fatal(err)
	}
	e := g.Explain(&p, "b3xd5")
	if e.Legal || !strings.Contains(e.Problem, "a capture by a king") {
		t.Errorf("b3xd5: %+v, want illegal, naming the capture by a king", e)
	}
}

// Streaks: read back from position strings as they were counted, hash and
// all; misuse is refused with a message.
func TestStreak(t *testing.T) {
	g := open(t, "frisian")
	p, err := g.ParsePosition("w a1:W,c1:w,h10:b run-w=a1:2")
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"a1-b2", "h10-g9", "c1-d2", "g9-f8", "b2-a1"} {
		if mv == "c1-d2" {
			if _, err := g.ParseMove(&p, "b2-a1"); err == nil {
				t.Errorf("%s: a fourth king move in a row is legal", g.FormatPosition(&p))
			}
		}
		m, err := g.ParseMove(&p, mv)
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
		g.Apply(&p, m)
		q, err := g.ParsePosition(g.FormatPosition(&p))
		if err != nil || q != p {
			t.Fatalf("after %s: %s reads back as another position (%v)", mv, g.FormatPosition(&p), err)
		}
	}
	if got, want := g.FormatPosition(&p), "b a1:W,d2:w,f8:b run-w=a1:1"; got != want {
		t.Errorf("position %s, want %s", got, want)
	}
	for _, c := range []struct{ pos, want string }{
		{"w a1:W,c1:w,j10:b run-w=2", "give the square of the piece that made the run"},
		{"w a1:W,c1:w,j10:b run-w=z9:2", "the square of the piece that made the run"},
		{"w a1:W,c1:w,j10:b run-w=a1:0", "is not a number of moves from 1 to 9999"},
		{"w a1:W,c1:w,j10:b run-x=a1:2", "unknown player"},
		{"w a1:W,c1:w,j10:b run-w=a1:2 run-w=a1:1", "the run of player w is given twice"},
	} {
		if _, err := g.ParsePosition(c.pos); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error saying %q", c.pos, err, c.want)
		}
	}
	if _, err := open(t, "international").ParsePosition("w a1:W,j10:b run-w=a1:2"); err == nil {
		t.Errorf("a streak in a game without one was accepted")
	}
	src := `name: t
board: {width: 8, height: 8, squares: dark}
players:
  white: {code: w, home: bottom}
  black: {code: b, home: top}
kinds: [man, king]
setup: {white: row 1, black: row 8}
moves:
  step: {directions: forward, when: streak < 3}
`
	if _, err := interpreter.Load("t.yaml", []byte(src)); err == nil || !strings.Contains(err.Error(), "has no `streak:` to count") {
		t.Errorf("streak without a streak: rule: got %v", err)
	}
}
