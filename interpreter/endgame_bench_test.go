package interpreter_test

import (
	"context"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
)

// BenchmarkEndgameAttempt is what the search's endgame analysis costs where
// it cannot succeed: a fresh search of 2000 iterations from the start of a
// game, with the analysis (an attempt of up to 500 positions that gives
// up) and without. A player keeps its search from move to move and tries
// again only every few moves after failing, so in a game the cost is a
// fraction of this.
func BenchmarkEndgameAttempt(b *testing.B) {
	for _, name := range []string{"english-checkers", "lasca", "liger"} {
		for _, eg := range []struct {
			name      string
			positions int
		}{{"off", -1}, {"on", 0}} {
			b.Run(name+"/endgame="+eg.name, func(b *testing.B) {
				g := open(b, name)
				p := interpreter.SearchPosition{Position: g.Start()}
				iters := 0
				for i := 0; i < b.N; i++ {
					s := ai.NewMCTS(searchGame(g), ai.Config{Iterations: 2000, Seed: uint64(i), PlayoutCap: g.PlayoutPlies(), EndgamePositions: eg.positions})
					iters += s.Search(context.Background(), &p).Iterations
				}
				b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
			})
		}
	}
}

// BenchmarkEndgameSolve is a whole analysis that succeeds: two kings
// against one in English checkers (16,923 positions), listed and solved,
// then the proven move played.
func BenchmarkEndgameSolve(b *testing.B) {
	g := open(b, "english-checkers")
	pos, err := g.ParsePosition("b c1:B,d6:B,h2:W")
	if err != nil {
		b.Fatal(err)
	}
	p := interpreter.SearchPosition{Position: pos}
	for i := 0; i < b.N; i++ {
		s := ai.NewMCTS(searchGame(g), ai.Config{Iterations: 20000, EndgamePositions: 20000})
		if r := s.Search(context.Background(), &p); r.Proof != ai.Win {
			b.Fatalf("not solved: %+v", r.Proof)
		}
	}
}

// BenchmarkEndgameFrontier is the attempt a search with a time budget makes
// at the start of a game (`best`, play against the AI): the analysis lists
// positions, up to 2^18, until its frontier passes a quarter of that and it
// gives up. Its memory (B/op) is mostly that frontier: 65,536 positions,
// whole or packed (ai.Packer).
func BenchmarkEndgameFrontier(b *testing.B) {
	for _, name := range []string{"english-checkers", "international", "liger"} {
		b.Run(name, func(b *testing.B) {
			g := open(b, name)
			p := interpreter.SearchPosition{Position: g.Start()}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				s := ai.NewMCTS(searchGame(g), ai.Config{Iterations: 100, Seed: uint64(i), PlayoutCap: g.PlayoutPlies(), EndgamePositions: 1 << 18})
				s.Search(context.Background(), &p)
			}
		})
	}
}
