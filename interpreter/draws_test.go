package interpreter_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// A game can be drawn by agreement only where its rules can end it drawn,
// unless its rule file's draw: agreement says otherwise.
func TestCanDraw(t *testing.T) {
	noDraws := map[string]bool{"liger": true, "backgammon": true, "focus": true,
		"ludo": true, "ludo-beginner": true, "ludo-ranked": true, "ludo-safe-squares": true,
		"fevga": true, "tavla": true, "nackgammon": true, "hypergammon": true, "mensch": true, "parcheesi": true}
	for _, name := range variants.Names() {
		g, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.CanDraw(); got == noDraws[name] {
			t.Errorf("%s: CanDraw() = %v", name, got)
		}
	}
	liger, _ := variants.Source("liger")
	stackers, _ := variants.Source("stackers")
	for _, tc := range []struct {
		what, text string
		want       bool
	}{
		{"liger with an agreement", string(liger) + "\ndraw:\n  agreement: true\n", true},
		{"liger, agreement refused", string(liger) + "\ndraw: {agreement: false}\n", false},
		{"liger with repetition", string(liger) + "\ndraw: {repetition: 3}\n", true},
		{"liger, no move draws", strings.Replace(string(liger), "no_moves: lose", "no_moves: draw", 1), true},
		{"liger with an end in a draw", strings.Replace(string(liger), "  - win: checkers(me) == 0", "  - draw: checkers(me) == 1 && checkers(opponent) == 1\n  - win: checkers(me) == 0", 1), true},
		{"stackers, agreement refused", strings.Replace(string(stackers), "draw:\n", "draw:\n  agreement: no\n", 1), false},
	} {
		g, err := interpreter.Load("x.yaml", []byte(tc.text))
		if err != nil {
			t.Fatalf("%s: %v", tc.what, err)
		}
		if got := g.CanDraw(); got != tc.want {
			t.Errorf("%s: CanDraw() = %v, want %v", tc.what, got, tc.want)
		}
		if g3, err := g.WithPlayers(len(g.Players)); err != nil || g3.CanDraw() != tc.want {
			t.Errorf("%s: the game reloaded: %v", tc.what, err)
		}
	}
	_, err := interpreter.Load("x.yaml", []byte(string(liger)+"\ndraw: {agreement: maybe}\n"))
	if err == nil || !strings.Contains(err.Error(), "draw: agreement must be true or false") {
		t.Errorf("agreement: maybe: %v", err)
	}
}
