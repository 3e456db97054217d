package interpreter

import (
	"math/bits"
	"slices"

	"github.com/stackrules/stackrules/board"
)

// Compact moves: the step, bear-off and pass moves of rules with set forms
// (setforms.go) written in 4 bytes instead of a 24-byte board.Move. The set
// forms list a source's moves by copying templates; 4-byte templates cost a
// sixth of the memory traffic. A game whose every move comes from such rules
// (no captures, placements, dice or triggers: Liger, Stackers) lists its
// moves with generateCompact, which generate writes out as Moves, and plays
// its random playouts on compact moves listed by generateSets.

// CompactMove is a move in 4 bytes: From, To, Lift, then Kind (3 bits) and
// Rule (5 bits: a game has at most 32 move and 32 bear-off rules). The
// search's tree keeps its moves so in a compact game (CompactAI).
type CompactMove uint32

// move32 is the package's short name for CompactMove.
type move32 = CompactMove

// Move is m as a board.Move.
func (m CompactMove) Move() board.Move { return m.move() }

func compact(from, to board.Square, lift int, kind board.MoveKind, rule int) move32 {
	return move32(from) | move32(to)<<8 | move32(uint8(lift))<<16 | move32(kind&7)<<24 | move32(rule&31)<<27
}

// move is m as a board.Move.
func (m move32) move() board.Move {
	return board.Move{From: board.Square(m), To: board.Square(m >> 8), Lift: uint8(m >> 16), Kind: board.MoveKind(m >> 24 & 7), Rule: uint8(m >> 27)}
}

// appendMoves appends ms to buf as Moves, writing each one's fields into
// its slot: a Move built on the stack and copied in costs a store-forwarding
// stall (see appendStep).
func appendMoves(buf []board.Move, ms []move32) []board.Move {
	n := len(buf)
	buf = slices.Grow(buf, len(ms))[:n+len(ms)]
	for i, m := range ms {
		d := &buf[n+i]
		*d = board.Move{}
		d.From, d.To, d.Lift, d.Kind, d.Rule = board.Square(m), board.Square(m>>8), uint8(m>>16), board.MoveKind(m>>24&7), uint8(m>>27)
	}
	return buf
}

// withLift is m lifting lift pieces.
func (m move32) withLift(lift uint8) move32 { return m&^(0xff<<16) | move32(lift)<<16 }

// compactGame reports whether every move of the game comes from rules with
// set forms and bear-off rules, so that generateCompact lists them all.
func (g *Game) compactGame() bool {
	if !g.setsOn() || g.dice != nil || g.triggers != nil || len(g.captureRules) > 0 || g.placeRules != nil {
		return false
	}
	for _, r := range g.moveRules {
		if !r.sets {
			return false
		}
	}
	return true
}

// liftSizes is the set of lift sizes (bit k) rule r may lift from the
// stack s in c, of height h, as its lift terms' set forms allow.
func (r *moveRule) liftSizes(c *Ctx, s board.Stack, h int) uint64 {
	lo, hi := r.liftMin, r.liftMax
	if hi == 0 || hi > h {
		hi = h
	}
	if r.liftAll {
		lo = h
	}
	ks := liftRange(lo, hi)
	switch {
	case r.liftSet != nil:
		ks &= r.liftSet(c, hi)
	case r.liftOwner != 0:
		who := c.me
		if r.liftOwner == 2 {
			who = c.opp
		}
		ks &= r.liftAlways | c.g.Board.OwnerMask(s, who, hi)<<1
	default:
		ks &= r.liftAlways
	}
	return ks
}

// setSteps appends the moves of rule r (r.sets, index ri) from the square
// in c (c.from, c.src), in the closures' order: lift sizes up, then
// targets. With any set it stops at the first.
func (g *Game) setSteps(c *Ctx, r *moveRule, ri int, buf []move32, any bool) []move32 {
	tm := r.tmpl[c.me][c.from]
	if len(tm) == 0 || (r.src != nil && !r.src(c)) {
		return buf
	}
	ks := r.liftSizes(c, c.src, c.src.Height())
	p := c.pos
	for ks != 0 {
		k := bits.TrailingZeros64(ks)
		ks &= ks - 1
		c.lifted = k
		if r.liftRest != nil && !r.liftRest(c) {
			continue
		}
		lb := r.liftByte(k)
		if r.plain {
			if k < len(tm) {
				if any {
					return append(buf, tm[k][0])
				}
				buf = append(buf, tm[k]...)
				continue
			}
			for _, m := range tm[0] {
				buf = append(buf, m.withLift(lb))
				if any {
					return buf
				}
			}
			continue
		}
		for _, m := range tm[0] {
			to := board.Square(m >> 8)
			if r.toEmpty && p.Cells[to] != 0 {
				continue
			}
			if r.destSet != nil && !c.destSets[ri].Has(to) {
				continue
			}
			if r.destRest != nil || r.earlier != nil {
				c.to, c.dst = to, p.Cells[to]
				if r.destRest != nil && !r.destRest(c) {
					continue
				}
				if r.earlier != nil && g.madeEarlier(c, r) {
					continue
				}
			}
			buf = append(buf, m.withLift(lb))
			if any {
				return buf
			}
		}
	}
	return buf
}

// stepRule is a rule with set forms as generateCompact reads it for one
// player (moveRule.step): its templates, its lift range,
// the set forms of its terms in the shapes computed inline, and whether a
// closure is left to call (slow: then setSteps lists its moves).
type stepRule struct {
	r       *moveRule
	ri      int
	tmpl    [][][]move32
	from    board.SquareSet // the squares tmpl has moves from
	lo, hi  int             // lift range; hi 63 for no limit
	all     bool
	kinds   uint8
	heights uint64 // the source heights the source terms allow (bit h)
	// The lift sizes are always | the owner bits of the stack word xor
	// flip (byOwner), or liftSet's.
	always  uint64
	flip    uint64
	byOwner bool
	liftSet liftSetFn
	// filter: each target is tested against the destination's emptiness
	// (toEmpty) and the set form of the destination terms (hasDests:
	// Ctx.destSets[ri]).
	filter, toEmpty, hasDests bool
	slow                      bool
	// Word moves (shifts.go): the rule's targets as shifts, nil where
	// generateSets lists its moves square by square; whether the lift-1
	// moves of single pieces, and of taller stacks, come from every source
	// alike; such a move with From and To 0.
	shifts           []wordShift
	fromWord         uint64 // from in the game's word layout
	singles, tallOne bool
	oneBase          move32
	// talls: the lift-1 and lift-2 moves of stacks of two or more come
	// from every source alike (tallOne, twos), the lift-2 moves from all
	// of them (twoAny) or those whose second piece is twoWho's.
	talls, twos, twoAny bool
	twoWho              int
	twoBase             move32
}

// makeStep is rule r (index ri) as generateCompact reads it for player me.
func (g *Game) makeStep(r *moveRule, ri, me int) *stepRule {
	sr := &stepRule{r: r, ri: ri, tmpl: r.tmpl[me], from: r.fromSet[me], lo: r.liftMin, hi: r.liftMax, all: r.liftAll,
		kinds: r.kinds, heights: r.srcHeights, always: r.liftAlways, liftSet: r.liftSet,
		toEmpty: r.toEmpty, hasDests: r.destSet != nil}
	if sr.hi == 0 {
		sr.hi = 63
	}
	sr.filter = sr.toEmpty || sr.hasDests
	sr.slow = r.srcRest != nil || r.liftRest != nil || r.destRest != nil || r.earlier != nil
	if r.liftOwner != 0 {
		// The generator's opponent is always the player after me.
		who := me
		if r.liftOwner == 2 {
			who = g.next(me)
		}
		if g.Board.OwnerBits() {
			sr.byOwner = true
			if who == 0 {
				sr.flip = ^uint64(0)
			}
		} else {
			sr.liftSet = ownerLift(r.liftAlways, who)
		}
	}
	return sr
}

// activeSteps fills c.steps with the move rules whose position terms hold
// in c (c.active, with the set forms of their destination terms in
// c.destSets) and returns them.
func (g *Game) activeSteps(c *Ctx) []*stepRule {
	n := 0
	c.active = 0
	for ri, r := range g.moveRules {
		if r.pos != nil && !r.pos(c) {
			continue
		}
		c.active |= 1 << ri
		if r.destSet != nil {
			c.destSets[ri] = r.destSet(c)
		}
		c.steps[n] = r.step[c.me]
		n++
	}
	return c.steps[:n]
}

// ownerLift is the lift set form always | the sizes whose bottom piece is
// who's, for boards whose stack words do not hold owner bits.
func ownerLift(always uint64, who int) liftSetFn {
	return func(c *Ctx, k int) uint64 { return always | c.g.Board.OwnerMask(c.src, who, k)<<1 }
}

// generateCompact is generate for a compact game (compactGame), in the
// same order, on compact moves: per square the player tops, each active
// rule's lift sizes from the set forms of its lift terms, its templates for
// each size filtered by the set forms of its destination terms; then the
// square's bear-off. Rules with closures left to call go through setSteps.
func (g *Game) generateCompact(c *Ctx, buf []move32, any bool) []move32 {
	p, me := c.pos, c.me
	bears := g.bearRules
	steps := g.activeSteps(c)
	var bearActive [32]bool
	var bearSet board.SquareSet
	for i, r := range bears {
		bearActive[i] = r.pos == nil || r.pos(c)
		if bearActive[i] {
			bearSet = bearSet.Or(r.squareSet[me])
		}
	}
	cells := &p.Cells
	for wi, w := range p.Tops[me] {
		for w != 0 {
			sq := wi*64 + bits.TrailingZeros64(w)
			w &= w - 1
			s := cells[sq]
			h := s.Height()
			kindBit := uint8(1)
			if g.kindRules {
				kindBit <<= uint(g.Board.TopKind(s))
			}
			for _, sr := range steps {
				tm := sr.tmpl[sq]
				if len(tm) == 0 || sr.kinds&kindBit == 0 || sr.heights>>uint(h)&1 == 0 {
					continue
				}
				if sr.slow || any {
					c.from, c.src, c.to, c.dst = board.Square(sq), s, noSquare, 0
					buf = g.setSteps(c, sr.r, sr.ri, buf, any)
					if any && len(buf) > 0 {
						return buf
					}
					continue
				}
				lo, hi := sr.lo, min(sr.hi, h)
				if sr.all {
					lo = h
				}
				ks := liftRange(lo, hi)
				switch {
				case sr.byOwner:
					ks &= sr.always | (uint64(s)^sr.flip)&(1<<uint(hi)-1)<<1
				case sr.liftSet != nil:
					c.from, c.src = board.Square(sq), s
					ks &= sr.liftSet(c, hi)
				default:
					ks &= sr.always
				}
				for ; ks != 0; ks &= ks - 1 {
					k := bits.TrailingZeros64(ks)
					t, lift := tm[0], uint8(0)
					if k < len(tm) {
						t = tm[k]
					} else if !sr.all {
						lift = uint8(k)
					}
					for _, m := range t {
						if sr.filter {
							to := board.Square(m >> 8)
							if (sr.toEmpty && cells[to] != 0) || (sr.hasDests && !c.destSets[sr.ri].Has(to)) {
								continue
							}
						}
						if lift != 0 {
							m = m.withLift(lift)
						}
						buf = append(buf, m)
					}
				}
			}
			if !bearSet.Has(board.Square(sq)) {
				continue
			}
			c.from, c.src, c.to, c.dst, c.lifted = board.Square(sq), s, noSquare, 0, 1
			for ri, r := range bears {
				if !bearActive[ri] || !r.squares[me][sq] || (r.src != nil && !r.src(c)) {
					continue
				}
				buf = append(buf, compact(board.Square(sq), noSquare, 1, board.BearOff, ri))
				if any {
					return buf
				}
				break // one bear-off per square, whichever rule allows it
			}
		}
	}
	if len(buf) == 0 && g.NoMoves == "pass" {
		buf = append(buf, compact(noSquare, noSquare, 0, board.Pass, 0))
	}
	return buf
}

// generateSets lists the moves generateCompact lists, rule by rule instead
// of square by square: for each active rule, the squares the player tops
// that it has moves from, as a set, and for each the lift sizes and the
// templates; then the bear-offs of the squares the player tops that a
// bear-off rule allows. Random playouts pick from it uniformly, for which
// the order of the list does not matter; LegalMoves keeps generateCompact's.
func (g *Game) generateSets(c *Ctx, buf []move32) []move32 {
	p, me := c.pos, c.me
	cells := &p.Cells
	tops := p.Tops[me]
	if g.allWords {
		return g.generateWords(c, buf)
	}
	for _, sr := range g.activeSteps(c) {
		if sr.shifts != nil {
			dests := ^uint64(0)
			if sr.hasDests {
				dests = c.destSets[sr.ri][0]
			}
			buf = g.wordSteps(c, sr, tops[0], dests, buf)
			continue
		}
		from := tops.And(sr.from)
		if sr.slow || sr.liftSet != nil || g.kindRules {
			for wi, w := range from {
				for ; w != 0; w &= w - 1 {
					sq := board.Square(wi*64 + bits.TrailingZeros64(w))
					s := cells[sq]
					if sr.kinds&(1<<uint(g.Board.TopKind(s))) == 0 || sr.heights>>uint(s.Height())&1 == 0 {
						continue
					}
					c.from, c.src, c.to, c.dst = sq, s, noSquare, 0
					buf = g.setSteps(c, sr.r, sr.ri, buf, false)
				}
			}
			continue
		}
		for wi, w := range from {
			for ; w != 0; w &= w - 1 {
				sq := wi*64 + bits.TrailingZeros64(w)
				s := cells[sq]
				h := s.Height()
				if sr.heights>>uint(h)&1 == 0 {
					continue
				}
				ks := sr.lifts(s, h)
				tm := sr.tmpl[sq]
				for ; ks != 0; ks &= ks - 1 {
					k := bits.TrailingZeros64(ks)
					t, lift := tm[0], uint8(0)
					if k < len(tm) {
						t = tm[k]
					} else if !sr.all {
						lift = uint8(k)
					}
					if !sr.filter && lift == 0 {
						switch len(t) {
						case 1:
							buf = append(buf, t[0])
						case 2:
							buf = append(buf, t[0], t[1])
						case 3:
							buf = append(buf, t[0], t[1], t[2])
						case 4:
							buf = append(buf, t[0], t[1], t[2], t[3])
						default:
							buf = append(buf, t...)
						}
						continue
					}
					for _, m := range t {
						to := board.Square(m >> 8)
						if (sr.toEmpty && cells[to] != 0) || (sr.hasDests && !c.destSets[sr.ri].Has(to)) {
							continue
						}
						if lift != 0 {
							m = m.withLift(lift)
						}
						buf = append(buf, m)
					}
				}
			}
		}
	}
	// One bear-off per square, whichever rule allows it: the first.
	for ri, r := range g.bearRules {
		if r.pos != nil && !r.pos(c) {
			continue
		}
		from := tops.And(r.squareSet[me])
		for wi, w := range from {
			for ; w != 0; w &= w - 1 {
				sq := board.Square(wi*64 + bits.TrailingZeros64(w))
				if r.src != nil {
					c.from, c.src, c.to, c.dst, c.lifted = sq, cells[sq], noSquare, 0, 1
					if !r.src(c) {
						continue
					}
				}
				buf = append(buf, compact(sq, noSquare, 1, board.BearOff, ri))
				tops.Remove(sq)
			}
		}
	}
	if len(buf) == 0 && g.NoMoves == "pass" {
		buf = append(buf, compact(noSquare, noSquare, 0, board.Pass, 0))
	}
	return buf
}

// lifts is the set of lift sizes (bit k: lift k) the rule's lift terms
// allow from stack s of height h, from their set forms.
func (sr *stepRule) lifts(s board.Stack, h int) uint64 {
	lo, hi := sr.lo, min(sr.hi, h)
	if sr.all {
		lo = h
	}
	ks := liftRange(lo, hi)
	if sr.byOwner {
		return ks & (sr.always | (uint64(s)^sr.flip)&(1<<uint(hi)-1)<<1)
	}
	return ks & sr.always
}
