package dice

import (
	"math/bits"

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

// BuildTable makes the step table (see above) of a game whose rules'
// conditions read no more than the steps, the dice and names fixed by the
// player and the squares: readsLeft and readsExtra say whether some reads
// dice_left and extra_roll. d is a context of the game's (bound, see Bind);
// failed reports whether a condition failed at run time, in which case no
// table is made (the search then reports it). setPlayer points d.Host at a
// player, as the mover.
func (e *Engine[H]) BuildTable(d *Ctx[H], readsLeft, readsExtra bool, setPlayer func(me int), failed func() bool) {
	if len(e.rules) == 0 || len(e.rules) >= tabHit-1 {
		return
	}
	t := &stepTable{nLeft: 1, nExtra: 1, maxDie: e.Sides}
	if e.hasSum {
		t.maxDie = 2 * e.Sides
	}
	if readsLeft {
		t.nLeft = max(e.Doubles, e.Count, 1)
	}
	if readsExtra {
		t.nExtra = 2
	}
	for pi := range e.players {
		t.steps = max(t.steps, len(e.tracks[pi]))
	}
	rows := e.players * 2 * t.nExtra * t.nLeft * (t.maxDie + 1)
	t.entries = make([]uint8, rows*t.steps)
	t.any = make([]bool, rows)
	var pos board.Position
	for me := range e.players {
		track := e.tracks[me]
		finish := len(track)
		d.Me = me
		setPlayer(me)
		for _, sum := range []bool{false, true} {
			for extra := 0; extra < t.nExtra; extra++ {
				pos.Extra = extra == 1
				d.Pos = &pos
				for left := 0; left < t.nLeft; left++ {
					for die := 1; die <= t.maxDie; die++ {
						row := t.row(me, sum, extra == 1, left, die)
						d.Die, d.Left = die, left
						for s := 0; s < finish; s++ {
							ent := e.tableEntry(d, sum, track, s, die)
							if failed() {
								return // a condition fails here: leave it to the search to report
							}
							t.entries[row*t.steps+s] = ent
							t.any[row] = t.any[row] || ent != 0
						}
					}
				}
			}
		}
	}
	e.tab = t
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
	e.commuting = t.nLeft == 1 && e.HitsAtEnd && !e.again
}

// tableEntry is the step table's entry for a piece at step s moved by die
// (as tryDie tries the rules, first to last).
func (e *Engine[H]) tableEntry(d *Ctx[H], sum bool, track []board.Square, s, die int) uint8 {
	finish := len(track)
	for ri, r := range e.rules {
		if r.Sum != sum {
			continue
		}
		count := r.Count
		if count == 0 {
			count = die
		}
		ts := s + count
		if ts > finish && e.Bounce {
			ts = 2*finish - ts
		}
		to := board.NoSquare
		if ts >= 0 && ts < finish {
			to = track[ts]
		}
		e.sync(d.Host, d.Pos, track[s], 0, to, 0)
		d.Step, d.ToStep = s, ts
		if r.Pos != nil && !r.Pos(d.Host) || r.Rest != nil && !r.Rest(d.Host) {
			continue
		}
		ent := uint8(ri + 1)
		if r.Hit != nil && r.Hit(d.Host) {
			ent |= tabHit
		}
		return ent
	}
	return 0
}

// tryDieTabled is tryDie for a game with a step table (dicetable.go): the
// row of this die says which rule moves a piece from each step, and no
// condition is tested. Kept apart from tryDie so that the games that test
// their conditions (Backgammon) run the loop they ran before.
func (e *Engine[H]) tryDieTabled(d *Ctx[H], w *work[H], depth int, next [board.MaxDiceMoves]uint8, left, die, dice int, sum bool) bool {
	b := e.b
	pos := &w.cur
	me := d.Me
	remKey := remainingKey(next, left)
	d.Pos = pos
	d.Die, d.Left = die, left
	t := e.tab
	ri := t.row(me, sum, pos.Extra, left, die)
	if !t.any[ri] {
		return false
	}
	row := t.entries[ri*t.steps : (ri+1)*t.steps]
	moved := false
	stepOf := e.stepOf[me]
	tops := e.movers(w, me)
	// Playing the second die first (w.mirror), a piece that moves for good
	// leaves only plays already found the other way round, when another
	// piece can take the first die (see diceRules.commuting): follow holds
	// the squares whose pieces can, and the number of them.
	var follow board.SquareSet
	nFollow := 0
	if w.mirror {
		ri := t.row(me, false, pos.Extra, 0, int(next[0]))
		other := t.entries[ri*t.steps : (ri+1)*t.steps]
		for wi, word := range tops {
			for word != 0 {
				sq := board.Square(wi*64 + bits.TrailingZeros64(word))
				word &= word - 1
				if st := stepOf[sq]; st >= 0 && other[st] != 0 && ownPieces(b, pos.Cells[sq], me) > 0 {
					follow.Add(sq)
					nFollow++
				}
			}
		}
	}
	try := dieTry{next: next, depth: depth, left: left, die: die, dice: dice, remKey: remKey, lastFast: e.lastDieFast(w, depth, left)}
	for wi, word := range tops {
		for word != 0 {
			sq := board.Square(wi*64 + bits.TrailingZeros64(word))
			word &= word - 1
			s := int(stepOf[sq])
			if s < 0 {
				continue
			}
			src := pos.Cells[sq]
			if (e.HitsAtEnd && b.TopOwner(src) != me || e.once && w.fin[sq] > 0) && !e.canMove(w, sq, src, me) {
				continue
			}
			ent := row[s]
			if ent == 0 {
				continue
			}
			ri := int(ent&^tabHit) - 1
			r := e.rules[ri]
			count, ts, to, dst := e.landing(pos, me, s, r, die)
			var hit bool
			if ent&tabHit != 0 && dst != 0 {
				if e.HitsAtEnd {
					hit = hasOpposing(b, dst, me)
				} else {
					hit = b.TopOwner(dst) != me
				}
			}
			moved = true
			if nFollow > 0 && r.Once && (nFollow > 1 || !follow.Has(sq) || ownPieces(b, src, me) > 1) {
				continue // another piece follows with the first die: found already
			}
			w.steps[depth] = dieStep{from: sq, to: to, hit: hit, rule: uint8(ri), die: uint8(count), dice: uint8(dice), again: r.Again}
			e.playStep(d, w, &try, s, ts)
		}
	}
	return moved
}

// dieTry is what tryDie and tryDieTabled pass on to playStep for every
// piece they move: the play's depth, the dice left after this one
// (next[:left]), the count and the dice it uses, the key of the dice left,
// and whether the step ends the play with only its hash needed.
type dieTry struct {
	next                   [board.MaxDiceMoves]uint8
	depth, left, die, dice int
	remKey                 uint64
	lastFast               bool
}
