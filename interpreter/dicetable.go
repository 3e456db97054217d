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

// tabHit marks a step table entry whose landing hits what it finds.
const tabHit = 0x80

// stepTable is the first rule to move a piece, per player, kind of count
// (a die or the roll's sum), extra roll, dice left, die and step.
type stepTable struct {
	nLeft, nExtra int // 1 when no condition reads dice_left, extra_roll
	maxDie        int
	steps         int // the longest track
	// rows[row(...)*steps+s]: 0 when no rule moves a piece from step s,
	// else the rule's index plus one, with tabHit.
	entries []uint8
	// any[row(...)]: some entry of the row is not 0.
	any []bool
}

// row is the index of a row of the table.
func (t *stepTable) row(me int, sum bool, extra bool, left, die int) int {
	r := me * 2
	if sum {
		r++
	}
	r *= t.nExtra
	if extra && t.nExtra > 1 {
		r++
	}
	r = r*t.nLeft + min(left, t.nLeft-1)
	return r*(t.maxDie+1) + die
}

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

// buildStepTable makes dr's step table when its rules allow one (see above);
// it leaves dr.tab nil otherwise.
func (g *Game) buildStepTable(dr *diceRules) {
	if g.opts.VMOnly || g.opts.reference || len(dr.rules) == 0 || len(dr.rules) >= tabHit-1 {
		return
	}
	used := map[string]bool{}
	for _, r := range dr.rules {
		if r.cond == nil || r.cond.vm {
			return
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
	t := &stepTable{nLeft: 1, nExtra: 1, maxDie: dr.sides}
	if dr.hasSum {
		t.maxDie = 2 * dr.sides
	}
	if used["dice_left"] {
		t.nLeft = max(dr.doubles, dr.count, 1)
	}
	if used["extra_roll"] {
		t.nExtra = 2
	}
	for pi := range g.Players {
		t.steps = max(t.steps, len(dr.tracks[pi]))
	}
	rows := len(g.Players) * 2 * t.nExtra * t.nLeft * (t.maxDie + 1)
	t.entries = make([]uint8, rows*t.steps)
	t.any = make([]bool, rows)
	var pos board.Position
	c := &Ctx{g: g}
	for me := range g.Players {
		track := dr.tracks[me]
		finish := len(track)
		c.me, c.opp = me, g.next(me)
		for _, sum := range []bool{false, true} {
			for extra := 0; extra < t.nExtra; extra++ {
				pos.Extra = extra == 1
				c.pos = &pos
				for left := 0; left < t.nLeft; left++ {
					for die := 1; die <= t.maxDie; die++ {
						row := t.row(me, sum, extra == 1, left, die)
						c.dice.die, c.dice.left = die, left
						for s := 0; s < finish; s++ {
							e := g.tableEntry(c, dr, sum, track, s, die)
							if c.err != nil {
								return // a condition fails here: leave it to the search to report
							}
							t.entries[row*t.steps+s] = e
							t.any[row] = t.any[row] || e != 0
						}
					}
				}
			}
		}
	}
	dr.tab = t
	// Which piece may move by a die follows from its step (the table), and
	// with hits settled at the end of the play no die move changes what
	// another finds: only the mover's pieces move until then, and the
	// squares pieces share are kept in one order whatever the order they
	// came in. Moving piece X by the second die and then another piece Y by
	// the first therefore reaches the position, and the hits, of Y by the
	// first die then X by the second: unless a condition reads dice_left
	// (which differs between the two orders) or a rule rolls again (the
	// play's hits then wait on which step earned the roll). The search
	// finds Y-then-X first, so it skips X-then-Y where X moves for good
	// (once) and some other piece can follow with the first die; the same
	// piece moving twice, and a second die with nothing to follow, it still
	// plays.
	dr.commuting = t.nLeft == 1 && dr.hitsAtEnd && !dr.anyAgain
}

// tableEntry is the step table's entry for a piece at step s moved by die
// (as tryDie tries the rules, first to last).
func (g *Game) tableEntry(c *Ctx, dr *diceRules, sum bool, track []board.Square, s, die int) uint8 {
	finish := len(track)
	for ri, r := range dr.rules {
		if r.sum != sum {
			continue
		}
		count := r.count
		if count == 0 {
			count = die
		}
		ts := s + count
		if ts > finish && dr.bounce {
			ts = 2*finish - ts
		}
		to := noSquare
		if ts >= 0 && ts < finish {
			to = track[ts]
		}
		c.from, c.src, c.to, c.dst, c.lifted = track[s], 0, to, 0, 1
		c.dice.step, c.dice.toStep = s, ts
		if r.pos != nil && !r.pos(c) || r.rest != nil && !r.rest(c) {
			continue
		}
		e := uint8(ri + 1)
		if r.hit != nil && r.hit(c) {
			e |= tabHit
		}
		return e
	}
	return 0
}
