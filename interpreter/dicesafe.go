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
// dice.
func (g *Game) SafeSquares() []board.Square {
	dr := g.dice
	if dr == nil || len(g.Players) < 2 {
		return nil
	}
	b := g.Board
	// on[sq] lists the players whose tracks pass sq, with the step.
	type visit struct{ player, step int }
	on := make([][]visit, b.NumSquares())
	for pl := range g.Players {
		for s, sq := range dr.Track(pl) {
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
			if g.hitsLandingOn(board.Square(sq), v.player, v.step, other) {
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
func (g *Game) hitsLandingOn(sq board.Square, me, ts, other int) bool {
	dr := g.dice
	b := g.Board
	p := g.start
	p.Cells[sq] = b.Single(b.CodeOf(other, 0))
	c := g.ctx(&p, me)
	defer g.release(c)
	for _, r := range g.diceRules {
		if r.hit == nil {
			continue
		}
		for die := 1; die <= dr.Dice().Sides; die++ {
			n := die
			if r.count > 0 {
				n = r.count
			}
			from := max(ts-n, 0)
			c.pos, c.me, c.opp = &p, me, g.next(me)
			c.from, c.src, c.to, c.dst, c.lifted = dr.Track(me)[from], b.Single(b.CodeOf(me, 0)), sq, p.Cells[sq], 1
			c.dice.SetMove(die, 0, from, ts)
			c.err = nil
			hit := r.hit(c)
			if hit || c.err != nil {
				return true
			}
		}
	}
	return false
}
