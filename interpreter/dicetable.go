package interpreter

import (
	"github.com/expr-lang/expr/ast"

	"github.com/stackrules/stackrules/board"
)

// Step tables: the dice moves of a game whose conditions never look at the
// board.
//
// When every `when:` and `hit:` of a game's dice moves reads only the steps
// (`step`, `to_step`), the dice (`die`, `dice_left`, `extra_roll`) and names
// fixed by the player and the squares (`finish`, `me`, constants), which rule
// moves a piece, and whether its landing may hit, follow from the player,
// the die and the piece's step alone. They are worked out at load time for
// every combination, and the move search reads a table instead of testing
// each rule's conditions for each piece and die (Ludo: the search of a play
// took half its time in those tests). Whether opposing pieces are there to
// hit is still looked at on the board. A game whose conditions read the
// board (`to_height`, `rearmost(me)`) keeps the tests.

// stepTableNames are the names besides static ones (fixed by the player and
// the squares) that a condition of a tabled game may read.
var stepTableNames = map[string]bool{"step": true, "to_step": true, "die": true, "dice_left": true, "extra_roll": true}

// readsOnly reports whether every name n uses is static or in allowed, and
// notes in used the allowed ones it reads.
func (g *Game) readsOnly(n ast.Node, allowed map[string]bool, used map[string]bool) bool {
	ok := true
	ast.Find(n, func(n ast.Node) bool {
		if id, isID := n.(*ast.IdentifierNode); isID {
			d, known := names[id.Value]
			switch {
			case g.isRegionName(id.Value):
				ok = false // a region reads the board
			case !known || d.static:
			case allowed[id.Value]:
				used[id.Value] = true
			default:
				ok = false
			}
		}
		return false
	})
	return ok
}

// buildStepTable has the dice engine make its step table when the rules'
// conditions allow one (see above).
func (g *Game) buildStepTable() {
	if g.opts.VMOnly || g.opts.reference || len(g.diceRules) == 0 {
		return
	}
	used := map[string]bool{}
	for _, r := range g.diceRules {
		if r.cond == nil || r.cond.vm || r.againC != nil || r.bonusC != nil {
			return // (a conditional again, and a bonus, are asked per die move)
		}
		for _, t := range r.cond.terms {
			if t.node == nil || t.test == nil || !g.readsOnly(t.node, stepTableNames, used) {
				return
			}
		}
		if r.hitC != nil {
			if r.hitC.vm || r.hit == nil {
				return
			}
			for _, t := range r.hitC.terms {
				if t.node == nil || !g.readsOnly(t.node, stepTableNames, used) {
					return
				}
			}
		}
	}
	c := g.newCtx()
	var pos board.Position
	c.pos = &pos
	g.dice.BuildTable(&c.dice, used["dice_left"], used["extra_roll"],
		func(me int) { c.me, c.opp = me, g.next(me) },
		func() bool { return c.err != nil })
}
