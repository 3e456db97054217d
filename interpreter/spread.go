package interpreter

import (
	"github.com/stackrules/stackrules/board"
)

// Spreads: a move rule with `drops: spread` lifts its pieces and drops them
// along a straight line, at least one on each square it passes, the bottom
// pieces of what it carries first, starting on the square next to the one
// moved from (Tak's stack moves). Its `drop:` condition is asked on every
// square dropped on, before the drop, with `dropped` (the pieces dropped
// there), `carried` (the pieces carried on after it) and the to_* names of
// that square; `when` is asked on the source and the lift as usual, and
// its terms about the destination on the last square. Every distinct
// sequence of drops is one move: a spread that drops everything on the
// next square is a step (c3-d3), a longer one a Spread (3c3-e3/21).

// spreadFrom appends the spreads of rule r lifting k pieces from c.from
// along ray (the squares of one direction, nearest first, with whether the
// rule's static terms allow each as the last square). drops holds the
// counts dropped so far on ray[:i]; left is what is still carried.
func (g *Game) spreadFrom(c *Ctx, r *moveRule, ri int, k int, ray []rayStep, i, left int, drops *[board.MaxJumps - 1]uint8, buf []board.Move, any bool) []board.Move {
	p := c.pos
	sq := ray[i].to
	dst := p.Cells[sq]
	for x := 1; x <= left; x++ {
		c.to, c.dst, c.dropped, c.carried = sq, dst, x, left-x
		if r.dropTest != nil && !r.dropTest(c) {
			continue
		}
		drops[i] = uint8(x)
		if x < left {
			if i+1 < len(ray) && i+1 < len(drops) {
				buf = g.spreadFrom(c, r, ri, k, ray, i+1, left-x, drops, buf, any)
				if any && len(buf) > 0 {
					return buf
				}
			}
			continue
		}
		// The last drop: the rule's terms about the destination, there.
		c.to, c.dst = sq, dst
		if !ray[i].ok || (r.dest != nil && !r.dest(c)) {
			continue
		}
		if i == 0 {
			if r.earlier != nil && g.madeEarlier(c, r) {
				continue
			}
			buf = appendStep(buf, c.from, sq, uint8(k), uint8(ri))
		} else {
			m := board.Move{From: c.from, To: sq, Lift: uint8(k), Kind: board.Spread, Rule: uint8(ri), Jumps: uint8(i + 1)}
			for j := 0; j <= i; j++ {
				m.Via[j] = board.Square(drops[j])
			}
			buf = append(buf, m)
		}
		if any {
			return buf
		}
	}
	return buf
}

// spreads appends rule r's spreads of k pieces from c.from in every
// direction.
func (g *Game) spreads(c *Ctx, r *moveRule, ri int, k int, buf []board.Move, any bool) []board.Move {
	var drops [board.MaxJumps - 1]uint8
	for _, ray := range r.rays[c.me][c.from] {
		buf = g.spreadFrom(c, r, ri, k, ray, 0, k, &drops, buf, any)
		if any && len(buf) > 0 {
			return buf
		}
	}
	return buf
}

// spreadAllows reports whether spread rule r drops everything c.lifted on
// c.to, the square next to c.from: the one-square move another rule may
// make too (madeEarlier).
func (r *moveRule) spreadAllows(c *Ctx) bool {
	c.dropped, c.carried = c.lifted, 0
	return r.dropTest == nil || r.dropTest(c)
}

// applySpread plays a spread: the pieces carried are dropped square by
// square, the bottom ones first.
func (g *Game) applySpread(p *board.Position, m board.Move) {
	b := g.Board
	if g.tall {
		g.applySpreadColumns(p, m)
		return
	}
	rest, carry := b.Lift(p.Cells[m.From], int(m.Lift))
	p.Set(b, m.From, rest)
	sq := m.From
	for i := 0; i < int(m.Jumps); i++ {
		sq = g.along(m.From, m.To, sq)
		left := carry.Height() - m.Drops(i)
		var drop board.Stack
		if left <= 0 {
			drop, carry = carry, 0
		} else {
			drop, carry = b.Lift(carry, left) // what stays is the bottom: dropped
		}
		p.Set(b, sq, b.Push(p.Cells[sq], drop))
		if g.stackMax > 0 {
			g.cutStack(p, sq)
		}
	}
}

// applySpreadColumns is applySpread on whole columns, for a game whose
// columns can outgrow a word.
func (g *Game) applySpreadColumns(p *board.Position, m board.Move) {
	b := g.Board
	src := b.ColumnAt(p, m.From)
	carry := src.Lift(int(m.Lift))
	b.SetColumn(p, m.From, &src)
	sq := m.From
	at := 0 // the bottom of what is still carried
	for i := 0; i < int(m.Jumps); i++ {
		sq = g.along(m.From, m.To, sq)
		n := m.Drops(i)
		var drop board.Column
		drop.N = n
		copy(drop.Codes[:n], carry.Codes[at:at+n])
		at += n
		dst := b.ColumnAt(p, sq)
		dst.Push(&drop)
		if g.stackMax > 0 && dst.N > g.stackMax {
			g.cutColumn(p, &dst)
		}
		b.SetColumn(p, sq, &dst)
	}
}

// along is the square after sq on the straight line from from to to.
func (g *Game) along(from, to, sq board.Square) board.Square {
	b := g.Board
	f0, r0 := b.Coord(from)
	f1, r1 := b.Coord(to)
	f, r := b.Coord(sq)
	next, _ := b.At(f+sign(f1-f0), r+sign(r1-r0))
	return next
}
