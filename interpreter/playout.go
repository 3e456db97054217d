package interpreter

import (
	"math/rand/v2"

	"github.com/stackrules/stackrules/board"
)

// RandomPlayout plays uniformly random moves at p, in place, until the game
// ends or maxPlies have been played, and returns the plies played. buf is the
// move buffer to reuse; the grown buffer is returned so steady state
// allocates nothing.
func (g *Game) RandomPlayout(p *board.Position, rng *rand.Rand, maxPlies int, buf []board.Move) (int, []board.Move) {
	plies := 0
	for plies < maxPlies {
		if g.dice != nil && !p.Rolled() {
			// A chance node: roll the dice (not a ply, and not a uniform
			// choice among the distinct rolls).
			if o := g.Result(p); o.Over {
				break
			}
			g.Apply(p, g.RandomRoll(p, rng))
		}
		buf = g.LegalMoves(p, buf)
		if len(buf) == 0 {
			break
		}
		g.Apply(p, buf[rng.IntN(len(buf))])
		plies++
	}
	return plies, buf
}
