package interpreter_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
)

// The keys Focus brought (board: without, distance: lifted, stack: max and
// overflow) say what is wrong with them, and where.
func TestFocusKeysErrors(t *testing.T) {
	base, err := os.ReadFile("../variants/focus.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, old, new string
		want           string // a regular expression for the message, after file:line:col
	}{
		{"without off the grid", "without: a1 b1 a2", "without: a1 b1 a9",
			`error: board: without: "a9" is not a square of the 8×8 grid`},
		{"without not a square", "without: a1 b1 a2", "without: a1 b1 2a",
			`error: board: without: "2a" is not a square`},
		{"setup on a cut square", "red:   [d2,", "red:   [a1,",
			`error: setup for red: square a1 is not a playing square`},
		{"unknown distance", "distance: lifted", "distance: height",
			"error: move rule \"move\": distance must be 1 \\(one step\\), any .* or, for a move rule, lifted"},
		{"lifted on captures", "place:", "captures:\n  jump:\n    directions: orthogonal\n    distance: lifted\nplace:",
			"error: capture rule \"jump\": distance must be 1"},
		{"stack max missing", "  max: 5\n", "",
			`error: stack needs the key "max"`},
		{"stack max zero", "max: 5", "max: 0",
			`error: stack: max is 0; it must be between 1 and 255`},
		{"overflow value", "mine: hand", "mine: reserve",
			`error: stack: overflow: mine is "reserve"; it must be one of: hand, captured`},
		{"overflow key", "theirs: captured", "others: captured",
			`error: unknown key "others" in stack: overflow`},
		{"anywhere with lifted", "directions: orthogonal", "directions: anywhere",
			"error: move rule \"move\": `distance: lifted` counts squares on a grid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := string(base)
			if !strings.Contains(src, c.old) {
				t.Fatalf("focus.yaml no longer contains %q", c.old)
			}
			src = strings.Replace(src, c.old, c.new, 1)
			_, err := interpreter.Load("bad.yaml", []byte(src))
			if err == nil {
				t.Fatalf("loaded without error")
			}
			if !regexp.MustCompile(`bad\.yaml:\d+:\d+: ` + c.want).MatchString(err.Error()) {
				t.Errorf("got:\n%v\nwant a line matching:\nbad.yaml:L:C: %s", err, c.want)
			}
		})
	}
}

// A Focus position cannot give a player more pieces, on the board, in hand
// and captured, than the 18 it starts with.
func TestFocusPositionCounts(t *testing.T) {
	g := open(t, "focus")
	if _, err := g.ParsePosition("r d4:rrrrr,e4:g hand:r5,g0 captured:r9,g0"); err == nil || !strings.Contains(err.Error(), "red has 5 pieces on the board, 5 in hand and 9 captured, more than the 18") {
		t.Errorf("19 red pieces: got %v", err)
	}
	p, err := g.ParsePosition("r d4:rrrrr,e4:g hand:r4,g0 captured:r9,g3")
	if err != nil {
		t.Fatal(err)
	}
	if p.Hand[0] != 4 || p.Captured[0] != 9 || p.Captured[1] != 3 {
		t.Errorf("hand %v captured %v", p.Hand, p.Captured)
	}
	if got := g.FormatPosition(&p); got != "r d4:rrrrr,e4:g hand:r4,g0 captured:r9,g3" {
		t.Errorf("prints back as %q", got)
	}
}
