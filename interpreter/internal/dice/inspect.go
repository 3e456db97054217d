package dice

import "github.com/stackrules/stackrules/board"

// What the interpreter's tests look at inside the engine: they need a
// game loaded from its rule file, which this package cannot do.

// Tabled reports whether the engine reads a step table (table.go) instead
// of testing the rules' conditions.
func (e *Engine[H]) Tabled() bool { return e.tab != nil }

// Commuting reports whether the search skips plays found the other way
// round (see BuildTable).
func (e *Engine[H]) Commuting() bool { return e.commuting }

// DropShortcuts makes the engine test the rules' conditions for every piece
// and die: no step table, no skipping.
func (e *Engine[H]) DropShortcuts() { e.tab, e.commuting = nil, false }

// StepRear plays the first die move of play m at q in place, as the search
// does, with d's rearmost cache filled for every player before, and returns
// the cache after it (rearAfterStep): the rearmost steps, the players whose
// entries it holds, whether it is for q, and whether the piece moved from
// the mover's rearmost step.
func (e *Engine[H]) StepRear(d *Ctx[H], q *board.Position, m board.Move) (rear [board.MaxPlayers]int16, have uint8, current, fromRear bool) {
	me := int(q.ToMove)
	from, to := m.Via[0], m.Via[1]
	s := int(e.stepOf[me][from])
	ts := len(e.tracks[me])
	if to != board.NoSquare {
		ts = int(e.stepOf[me][to])
	}
	d.Pos, d.Me = q, me
	rc := &d.rear
	rc.pos, rc.hash, rc.have = q, q.Hash, 0
	for o := 0; o < e.players; o++ {
		rc.rear[o] = int16(e.Rearmost(q, o))
		rc.have |= 1 << o
	}
	fromRear = s == int(rc.rear[me])
	hit := m.Removed&1 != 0 && !e.HitsAtEnd
	var u stepUndo
	e.applyDieStepUndo(q, me, from, to, hit, &u)
	e.rearAfterStep(d, u.hash, from, s, to, ts, hit)
	return rc.rear, rc.have, rc.hash == q.Hash, fromRear
}

// SpecTerms are rule i's specialised terms.
func (e *Engine[H]) SpecTerms(i int) []SpecTerm[H] { return e.rules[i].Spec }
