package interpreter_test

import (
	"slices"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
)

// The safe squares a board marks come from the rule file's hit conditions:
// Ludo with safe squares has the four start squares and the four star
// squares, 8 past each start (ludo-safe-squares.yaml's rules text); plain
// Ludo and Backgammon hit everywhere a piece can be hit.
func TestSafeSquaresFromTheHitConditions(t *testing.T) {
	names := func(g *interpreter.Game) []string {
		var out []string
		for _, sq := range g.SafeSquares() {
			out = append(out, g.Board.SquareName(sq))
		}
		slices.Sort(out)
		return out
	}
	g := ludoGame(t, "ludo-safe-squares", 4)
	var want []string
	for pl := range g.Players {
		tr := g.Track(pl)
		want = append(want, g.Board.SquareName(tr[1]), g.Board.SquareName(tr[9]))
	}
	slices.Sort(want)
	if got := names(g); !slices.Equal(got, want) {
		t.Errorf("ludo-safe-squares: safe squares %v, want the starts and stars %v", got, want)
	}
	if !slices.Contains(want, "b9") || !slices.Contains(want, "g13") {
		t.Errorf("red's start b9 and its star g13 should be among %v", want)
	}
	// With two players the same squares are safe: the rules name steps, not players.
	if got := names(ludoGame(t, "ludo-safe-squares", 2)); !slices.Equal(got, want) {
		t.Errorf("ludo-safe-squares for 2: %v, want %v", got, want)
	}
	for _, name := range []string{"ludo", "backgammon"} {
		g, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := names(g); len(got) != 0 {
			t.Errorf("%s marks %v safe; it hits everywhere", name, got)
		}
	}
}
