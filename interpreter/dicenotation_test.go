package interpreter_test

import (
	"strings"
	"testing"
)

// Where landing on a lone enemy pins it rather than hitting it (Plakoto),
// a play onto enemy checkers is typed without stars and matches the legal
// play that pins; the play parser must not assume that every landing on
// another player's checker hits.
func TestPinningPlayIsRead(t *testing.T) {
	g := withLines(t, "backgammon",
		"    hit: to_top == opponent   # a blot landed on goes to its owner's bar\n", "",
		"      (step == 0 || rearmost(me) > 0)", "      top == me && (step == 0 || rearmost(me) > 0)",
		"    reasons:             # the terms of when in words, in order: explain and refusals say them\n",
		"    reasons:             # the terms of when in words, in order: explain and refusals say them\n      - ~\n")
	// white's 13-point (a2) holds two; black blots on white's 12 (a1) and 10 (c1)
	const pos = "w a2:ww,a1:b,c1:b,h2:bbbbbbbbbbbbb roll:31"
	listed := plays(t, g, pos)
	if _, ok := listed["13/12 13/10"]; !ok {
		t.Fatalf("13/12 13/10 is not among the plays: %v", keys(listed))
	}
	p, err := g.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"13/12 13/10", "13/10 13/12", "13/12 13/10(1)"} {
		m, err := g.ParseMove(&p, text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		q, want0 := p, listed["13/12 13/10"]
		g.Apply(&q, m)
		if got, want := g.FormatPosition(&q), g.FormatPosition(&want0); got != want {
			t.Errorf("%s reaches %s, want %s", text, got, want)
		}
		if e := g.Explain(&p, text); !e.Legal {
			t.Errorf("explain %s: not legal: %s", text, e.Problem)
		}
	}
	// the pinned checkers stay, under white's
	q := listed["13/12 13/10"]
	if s := g.FormatPosition(&q); !strings.Contains(s, "a1:bw") || !strings.Contains(s, "c1:bw") {
		t.Errorf("after 13/12 13/10: %s, want white on black's blots", s)
	}
	// a star where nothing is hit is still read as the play it names
	if _, err := g.ParseMove(&p, "13/12* 13/10*"); err != nil {
		t.Errorf("13/12* 13/10*: %v", err)
	}
	// in Backgammon itself the same text hits, with or without stars
	bg := open(t, "backgammon")
	p, _ = bg.ParsePosition(pos)
	for _, text := range []string{"13/12 13/10", "13/12* 13/10*"} {
		m, err := bg.ParseMove(&p, text)
		if err != nil {
			t.Fatalf("backgammon %s: %v", text, err)
		}
		if s := bg.MoveString(m); s != "13/12* 13/10*" {
			t.Errorf("backgammon %s reads as %s", text, s)
		}
	}
}
