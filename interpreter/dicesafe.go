package interpreter

import (
	"github.com/stackrules/stackrules/board"
)

// SafeSquares are the squares of a dice game where nobody is ever hit: the
// squares that more than one player's track passes (after its first
// square), where no `dice_moves:` rule's `hit` holds for any of those
// players landing, by any die, on a lone piece of another's. They are what
// a drawing of the board marks safe (Ludo's start and star squares, in the
// rule files that make them safe), read from the rule file's own `hit`
// conditions, so that the drawing and the rules never disagree. A square
// whose condition cannot be evaluated there counts as not safe. Nil without
// dice (see dice.Engine.SafeSquares).
func (g *Game) SafeSquares() []board.Square {
	if g.dice == nil {
		return nil
	}
	c := g.ctx(&g.start, 0)
	defer g.release(c)
	return g.dice.SafeSquares(&c.dice, &g.start,
		func(me int) { c.me, c.opp, c.err = me, g.next(me), nil },
		func() bool { return c.err != nil })
}
