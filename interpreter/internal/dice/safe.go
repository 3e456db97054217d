package dice

import "github.com/stackrules/stackrules/board"

// SafeSquares are the squares of a dice game where nobody is ever hit: the
// squares that more than one player's track passes (after its first
// square), where no rule's Hit holds for any of those players landing, by
// any die, on a lone piece of another's, in start otherwise. They are what
// a drawing of the board marks safe (Ludo's start and star squares, in the
// rule files that make them safe), read from the rule file's own `hit`
// conditions, so that the drawing and the rules never disagree. A square
// whose condition cannot be evaluated there (failed) counts as not safe.
// d is a context of the game's (bound, see Bind); setPlayer points d.Host
// at a player, as the mover, and clears its error.
func (e *Engine[H]) SafeSquares(d *Ctx[H], start *board.Position, setPlayer func(me int), failed func() bool) []board.Square {
	if e.players < 2 {
		return nil
	}
	b := e.b
	// on[sq] lists the players whose tracks pass sq, with the step.
	type visit struct{ player, step int }
	on := make([][]visit, b.NumSquares())
	for pl := 0; pl < e.players; pl++ {
		for s, sq := range e.Track(pl) {
			if s > 0 {
				on[sq] = append(on[sq], visit{pl, s})
			}
		}
	}
	var out []board.Square
	for sq := range on {
		vs := on[sq]
		if len(vs) < 2 {
			continue
		}
		safe := true
		for _, v := range vs {
			other := vs[0].player
			if other == v.player {
				other = vs[1].player
			}
			if e.hitsLandingOn(d, start, board.Square(sq), v.player, v.step, other, setPlayer, failed) {
				safe = false
				break
			}
		}
		if safe {
			out = append(out, board.Square(sq))
		}
	}
	return out
}

// hitsLandingOn reports whether some rule's hit holds for player me landing
// on sq (step ts of its track) by some die, where a lone piece of other's
// stands, in the start position otherwise.
func (e *Engine[H]) hitsLandingOn(d *Ctx[H], start *board.Position, sq board.Square, me, ts, other int, setPlayer func(me int), failed func() bool) bool {
	b := e.b
	p := *start
	p.Cells[sq] = b.Single(b.CodeOf(other, 0))
	for _, r := range e.rules {
		if r.Hit == nil {
			continue
		}
		for die := 1; die <= e.Sides; die++ {
			n := die
			if r.Count > 0 {
				n = r.Count
			}
			from := max(ts-n, 0)
			setPlayer(me)
			e.sync(d.Host, &p, e.Track(me)[from], b.Single(b.CodeOf(me, 0)), sq, p.Cells[sq])
			d.SetMove(die, 0, from, ts)
			if r.Hit(d.Host) || failed() {
				return true
			}
		}
	}
	return false
}
