package interpreter

import (
	"testing"

	"github.com/stackrules/stackrules/board"
)

// The plays listed at a position of a dice game lead to different
// positions (plays that lead to the same one are one play), whichever way
// the search told them apart (dice.Engine.Generate: by the positions it
// reached first with no dice left, or in a second look).
func TestDicePlaysLeadToDistinctPositions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
	}{{"backgammon", 2}, {"ludo", 4}, {"ludo-beginner", 3}, {"plakoto", 2}, {"fevga", 2}, {"hypergammon", 2}} {
		g := openPlayers(t, tc.name, tc.players)
		var buf []board.Move
		plays, doubles := 0, 0
		for _, p := range dicePositions(t, g, 30, 1500, 11) {
			buf = g.LegalMoves(&p, buf)
			seen := map[board.Position]string{}
			for _, m := range buf {
				q := p
				g.Apply(&q, m)
				q.Hash = 0 // the position itself, not its hash
				if other, dup := seen[q]; dup {
					t.Fatalf("%s %s: %s and %s lead to the same position", tc.name, g.FormatPosition(&p), other, g.MoveString(m))
				}
				seen[q] = g.MoveString(m)
			}
			plays += len(buf)
			if p.Dice[0] == p.Dice[1] && len(buf) > 1 {
				doubles++
			}
		}
		if plays < 3000 || g.dice.Dice().Count == 2 && doubles < 20 {
			t.Errorf("%s: only %d plays, %d positions with a double and a choice", tc.name, plays, doubles)
		}
	}
}
