package interpreter_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
)

// A rule's reasons say the `&&` terms of its when in words, one per term:
// explain gives them with the terms and their values, and the refusal
// message (Short) gives the words alone.

// lineCol is where the n-th occurrence (from 1) of sub starts in src, as
// file:line:col.
func lineCol(src, sub string, n int) string {
	at := -1
	for range n {
		i := strings.Index(src[at+1:], sub)
		if i < 0 {
			return "not found"
		}
		at += 1 + i
	}
	line := strings.Count(src[:at], "\n") + 1
	col := at - strings.LastIndex(src[:at], "\n")
	return fmt.Sprintf("bad.yaml:%d:%d", line, col)
}

func TestReasonsCountIsALoadError(t *testing.T) {
	base, err := os.ReadFile("../variants/liger.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const fwd = "    reasons: two checkers move together only as your checker on top of an enemy checker\n"
	const back = "      - you move backward only while you have fewer checkers showing than your opponent\n"
	cases := []struct {
		name, old, new string
		nth            int    // which `reasons` the error is at
		want           string // after file:line:col
	}{
		{"two reasons for one term", fwd, "    reasons: [one, two]\n", 1,
			": error: move rule \"forward\": reasons has 2 entries, but when has 1 `&&` term: give one reason per term, in order (the terms, in order: 1. lifted == 1 || bottom == opponent)"},
		{"two reasons for three terms", back, "", 2,
			": error: move rule \"backward\": reasons has 2 entries, but when has 3 `&&` terms: give one reason per term, in order (the terms, in order: 1. height == 1; 2. to_top == opponent; 3. showing(me) < showing(opponent))"},
		// a list's closing bracket is part of the term (it was cut off)
		{"one reason for two terms", "when: lifted == 1 || bottom == opponent", "when: height in [1, 2] && lifted == 1", 1,
			": error: move rule \"forward\": reasons has 1 entry, but when has 2 `&&` terms: give one reason per term, in order (the terms, in order: 1. height in [1, 2]; 2. lifted == 1)"},
		{"reasons without when", "    when: lifted == 1 || bottom == opponent\n", "", 1,
			": error: move rule \"forward\": reasons say in words the `&&` terms of when, and the rule has no when"},
		{"reasons not a list", fwd, "    reasons: {a: b}\n", 1,
			"error: move rule \"forward\": reasons must be a list of texts, not a mapping"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := string(base)
			if !strings.Contains(src, c.old) {
				t.Fatalf("liger.yaml no longer contains %q", c.old)
			}
			src = strings.Replace(src, c.old, c.new, 1)
			_, err := interpreter.Load("bad.yaml", []byte(src))
			var ds interpreter.Diagnostics
			if !errors.As(err, &ds) {
				t.Fatalf("want diagnostics, got %v", err)
			}
			want := lineCol(src, "reasons:", c.nth) + c.want
			if strings.HasPrefix(c.want, "error") {
				want = c.want // a mistake inside the value is reported where it is
			}
			if !strings.Contains(err.Error(), want) {
				t.Errorf("got:\n%v\nwant a line containing:\n%s", err, want)
			}
			if len(ds) != 1 {
				t.Errorf("want 1 diagnostic, got %d:\n%v", len(ds), err)
			}
		})
	}
}

// A placement rule's reasons: a one-term condition may give its reason as
// one text, and the count is checked as for every kind of rule with
// conditions explain reports on.
func TestReasonsForEveryKindOfRule(t *testing.T) {
	base, err := os.ReadFile("../variants/nine-mens-morris.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src := string(base)
	const place = "    when: to_height == 0\n    reasons: a piece is placed only on an empty point\n"
	if !strings.Contains(src, place) {
		t.Fatalf("nine-mens-morris.yaml no longer contains %q", place)
	}
	g, err := interpreter.Load("good.yaml", base)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition("r a1:r,g7:b hand:r8,b8")
	if err != nil {
		t.Fatal(err)
	}
	e := g.Explain(&p, "g7")
	if got, want := e.Short(), "g7 is not legal: a piece is placed only on an empty point"; got != want {
		t.Errorf("Short: %q, want %q", got, want)
	}
	if got, want := e.String(), "placement rule \"place\": a piece is placed only on an empty point\n    to_height == 0 is false (1 == 0)"; !strings.Contains(got, want) {
		t.Errorf("String: %q, want it to contain %q", got, want)
	}
	bad := strings.Replace(src, place, "    when: to_height == 0\n    reasons: [~, an empty point]\n", 1)
	if _, err := interpreter.Load("bad.yaml", []byte(bad)); err == nil || !strings.Contains(err.Error(), "placement rule \"place\": reasons has 2 entries, but when has 1 `&&` term") {
		t.Errorf("placement rule with two reasons for one term: %v", err)
	}
}

// The words come with the terms whether the conditions run as closures or
// on expr's VM (which runs a condition whole).
func TestReasonsOnTheVM(t *testing.T) {
	for _, vm := range []bool{false, true} {
		g, err := interpreter.Open("liger", interpreter.Options{VMOnly: vm})
		if err != nil {
			t.Fatal(err)
		}
		p, err := g.ParsePosition("r d4:r,c3:br,e3:b,h6:b")
		if err != nil {
			t.Fatal(err)
		}
		e := g.Explain(&p, "d4-c3")
		want := "d4-c3 is not legal: a checker moves backward only onto a showing enemy checker; you move backward only while you have fewer checkers showing than your opponent"
		if got := e.Short(); got != want {
			t.Errorf("vm %v: Short %q, want %q", vm, got, want)
		}
		want = "to_top == opponent is false (red == blue); showing(me) < showing(opponent) is false (2 < 2)"
		if got := e.String(); !strings.Contains(got, want) {
			t.Errorf("vm %v: String %q, want it to contain %q", vm, got, want)
		}
	}
}

// The refusals players meet in the built-in games, in the rule files' words.
func TestReasonsInBuiltInRefusals(t *testing.T) {
	cases := []struct{ game, pos, move, want string }{
		{"backgammon", "w g1:w,m2:w,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb roll:65", "13/7 13/8",
			"13/7 13/8: not a legal move: 13/7 with the 6: a checker on the bar must enter first"},
		{"backgammon", "w a2:w,e1:bb,h2:bbbbbbbbbbbbb roll:65", "13/8 13/7",
			"13/8 13/7: not a legal move: 13/8 with the 5: that point is blocked (two or more opposing checkers)"},
		{"ludo", "r c12:rrrr,m12:gggg,m4:yyyy,c4:bbbb roll:54", "base/0 0/5",
			"base/0 0/5: not a legal move: base/0 with the 5: a piece comes out of the base only with a 6"},
		{"ludo-safe-squares", "r c12:rrrr,m12:gggg,m4:yyyy,c4:bbbb roll:31", "base/0",
			"base/0: not a legal move: base/0 with the 3: a piece comes out of the base only with a 6"},
		{"ludo-beginner", "r c12:rrrr,m12:gggg,m4:yyyy,c4:bbbb roll:3", "base/0",
			"base/0: not a legal move: base/0 with the 3: a piece comes out of the base only with a 6 or a 1"},
		{"ludo-beginner", "r c12:rrr,b9:r,m12:gggg,m4:yyyy,c4:bbbb extra roll:6", "base/0",
			"base/0: not a legal move: base/0 with the 6: the extra roll cannot bring out another piece"},
		// entering is a rule of one step, but for pieces in the base: for a
		// piece on the board a step of one is simply not on the dice
		{"ludo", "r c12:rrr,d8:r,m12:gggg,m4:yyyy,c4:bbbb roll:52", "53/54/off",
			"53/54/off: not a legal move: 53/54: that is 1 point, and the dice left (5 and 2) do not make it"},
		{"ludo-ranked", "r c12:rrr,d8:r,m12:gggg,m4:yyyy,c4:bbbb roll:52", "53/54/off",
			"53/54/off: not a legal move: 53/54: that is 1 point, and the dice left (5 and 2) do not make it"},
		{"ludo-ranked", "r c12:rrrr,m12:gggg,m4:yyyy,c4:bbbb roll:54", "base/0 0/5",
			"base/0 0/5: not a legal move: base/0 with the 5: a piece comes out of the base only with a 6"},
		{"english-checkers", "b c3:b,h8:w", "c3-b2", "c3-b2 is not legal: a man moves only forward; only a king moves backward"},
		{"english-checkers", "b c3:B,d4:w,e5:w", "c3-d4", "c3-d4 is not legal: a piece moves only onto an empty square"},
		{"liger", "r d4:br,c3:b,e3:b,h6:b", "d4-c3", "d4-c3 is not legal: only a singleton moves backward, never a stack or the top of one"},
		// the words of two rules that fail on the same term, once
		{"nine-mens-morris", "r a1:r,d1:r hand:r5,b5", "a1-g7", "a1-g7 is not legal: pieces move only once all of yours are placed; a piece moves to a point that is not next to it only when you have three pieces left"},
		// a rule that moves anywhere is not mentioned for a step the sliding rule could make
		{"nine-mens-morris", "r a1:r,d1:r hand:r5,b5", "a1-a4", "a1-a4 is not legal: pieces move only once all of yours are placed"},
		{"nine-mens-morris", "r a1:r,d1:r,g1:r,a4:r,a7:b,d7:b,g7:b hand:r0,b0", "a1-g4", "a1-g4 is not legal: a piece moves to a point that is not next to it only when you have three pieces left"},
		{"nine-mens-morris", "r a1:r,d1:r,g1:r,a4:r,a7:b,d7:b,g7:b hand:r0,b0", "a1-d1", "a1-d1 is not legal: a piece moves only to an empty point"},
		{"six-mens-morris", "r a1:r,e5:b hand:r5,b5", "a1-a3", "a1-a3 is not legal: pieces move only once all of yours are placed"},
	}
	for _, c := range cases {
		g := open(t, c.game)
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Explain(&p, c.move).Short(); got != c.want {
			t.Errorf("%s %s %s:\n got %q\nwant %q", c.game, c.pos, c.move, got, c.want)
		}
	}
}
