package session

import (
	"context"
	"slices"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// An MCTS player of a compact game (Liger) searches with CompactMoves and
// hands out board.Moves: its move and its last result are
// the game's legal moves; Search gives the same search's result. A game
// that is not compact (English checkers) searches board.Moves.
func TestPlayersOfCompactGames(t *testing.T) {
	for _, name := range []string{"liger", "english-checkers"} {
		g := open(t, name)
		_, compact := g.CompactAI()
		if compact != (name == "liger") {
			t.Fatalf("%s: CompactAI ok %v", name, compact)
		}
		sp, err := ai.ParseSpec("mcts:iterations=500,seed=3")
		if err != nil {
			t.Fatal(err)
		}
		p := NewPlayer(g, sp, 1)
		pos := interpreter.SearchPosition{Position: g.Start()}
		legal := g.LegalMoves(&pos.Position, nil)
		m, info := p.Choose(context.Background(), &pos)
		if info.Err != nil || !slices.Contains(legal, m) || info.Iterations != 500 {
			t.Fatalf("%s: played %s (%+v), not one of the %d legal moves", name, g.MoveString(m), info, len(legal))
		}
		last := p.(interface{ Last() ai.Result[board.Move] }).Last()
		if last.Move != m || len(last.Moves) != len(legal) || len(last.PV) == 0 || last.PV[0] != m {
			t.Fatalf("%s: last result %+v, move %s", name, last, g.MoveString(m))
		}
		for _, ms := range last.Moves {
			if !slices.Contains(legal, ms.Move) {
				t.Fatalf("%s: the result lists %s, not legal", name, g.MoveString(ms.Move))
			}
		}
		gs := GameSpec(g, sp) // the rule file's playout length and network, as the player's
		res, err := Search(context.Background(), g, gs.Config(1), gs.Network, &pos)
		if err != nil || res.Err != nil || res.Move != m || res.Iterations != 500 {
			t.Fatalf("%s: Search gave %s, %d iterations (%v, %v); the player %s", name, g.MoveString(res.Move), res.Iterations, err, res.Err, g.MoveString(m))
		}
	}
}
