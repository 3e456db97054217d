// Package gametest holds what the tests of several packages need to set up
// games: opening a built-in game and reaching positions by seeded random play.
package gametest

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// Open loads a built-in game or a rule file, failing the test if it cannot.
func Open(t testing.TB, name string) *interpreter.Game {
	t.Helper()
	g, err := interpreter.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// RandomPositions plays seeded games and returns the positions met, at most
// maxPlies per game.
func RandomPositions(t testing.TB, g *interpreter.Game, n int, seed uint64) []board.Position {
	rng := rand.New(rand.NewPCG(seed, 99))
	var out []board.Position
	for game := 0; len(out) < n; game++ {
		p := g.Start()
		biased := game%2 == 1
		for ply := 0; ply < 300 && len(out) < n; ply++ {
			out = append(out, p)
			moves := g.LegalMoves(&p, nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			if biased {
				// Prefer the move that lifts the most onto an enemy-topped stack.
				best := -1
				for _, c := range moves {
					if c.Kind == board.Step && g.Board.TopOwner(p.Cells[c.To]) != int(p.ToMove) && g.Board.TopOwner(p.Cells[c.To]) >= 0 {
						score := int(c.Lift)*4 + rng.IntN(4)
						if score > best {
							best, m = score, c
						}
					}
				}
			}
			g.Apply(&p, m)
		}
	}
	return out
}

// RuleFile is a rule file's name and text.
type RuleFile struct {
	Name string
	Data []byte
}

// RuleFiles are the built-in games and the examples (read from ../examples,
// as a test of a package one folder down sees them).
func RuleFiles(t testing.TB) []RuleFile {
	t.Helper()
	var out []RuleFile
	for _, n := range variants.Names() {
		data, _ := variants.Source(n)
		out = append(out, RuleFile{"variants/" + n + ".yaml", data})
	}
	examples, _ := filepath.Glob("../examples/*.yaml")
	for _, f := range examples {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, RuleFile{"examples/" + filepath.Base(f), data})
	}
	return out
}
