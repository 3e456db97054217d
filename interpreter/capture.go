package interpreter

import (
	"fmt"

	"github.com/stackrules/stackrules/board"
)

// Captures, piece kinds and promotion: the draughts family. A capture is one
// move that jumps enemy stacks, landing on each square of its path; the
// generator searches every sequence depth-first on a scratch copy of the
// board held in the pooled context, so it allocates nothing.

type captureRule struct {
	name     string
	flying   bool                    // distance: any — jump from afar, land on any empty square beyond
	kinds    uint8                   // the kinds of top piece that capture this way
	dirs     [board.MaxPlayers][]int // Compass indices, per player
	cond     *compiled
	pos, src boolFn
	// jump holds the terms about the stack jumped (jumped_kind...), tested
	// for each stack the rule would jump, with c.dst that stack.
	jump boolFn
}

// captureSettings are the game-wide capture rules.
type captureConfig struct {
	mandatory  bool // a player who can capture must
	maximum    bool // only the sequences taking the most pieces are legal
	removalEnd bool // jumped pieces stay (blocking, not to be jumped again) until the move ends
	takeTop    bool // a jump takes only the top piece of the jumped stack, under the capturer
	// landContinue: a flying capture that can jump on from some of the
	// squares beyond the jumped stack must land on one of those (Russian).
	landContinue bool
	landBehind   bool // a flying capture lands on the square right beyond the stack jumped
	noTurnBack   bool // no jump straight back along the line of the previous one
	// precedence: the criteria that then choose among the captures, in order.
	precedence []precedenceRule
}

// promotion: where a plain piece becomes the second kind, and what happens
// when that is reached in the middle of a capture.
type promotion struct {
	at         [board.MaxPlayers][]bool
	midCapture string // stop, continue or skip
}

// capState is the scratch space of a capture search.
type capState struct {
	cells  [board.MaxSquares]board.Stack
	jumped board.SquareSet
	path   [board.MaxJumps]board.Square
	// origin and taken: where the capturing column started and the codes
	// of the prisoners it took, in order, for piece(i) below the window.
	taken [board.MaxJumps]uint8
	// over: the square jumped at each step, to tell the first square beyond
	// the stack jumped last from one it emptied earlier in the capture.
	over   [board.MaxJumps]board.Square
	origin board.Square
	best   int
	active uint32 // capture rules whose position-level terms hold
	found  bool
}

// buildLines fills g.lineNext: the next playing square along each line of
// the board, which captures follow. On a board of dark (or light) squares
// only, where no square has an orthogonal neighbour, the next square along
// a row or file is the one two away (Frisian draughts captures over it).
func (g *Game) buildLines() {
	b := g.Board
	for d, dir := range board.Compass {
		g.lineNext[d] = make([]board.Square, b.NumSquares())
		double := d >= 4 && !b.IsHex() && !b.IsGraph() && !g.stepExists(dir)
		for sq := range g.lineNext[d] {
			n := b.Neighbor(board.Square(sq), d)
			if double {
				if n2, ok := b.Step(board.Square(sq), board.Direction{DF: 2 * dir.DF, DR: 2 * dir.DR}); ok {
					n = n2
				}
			}
			g.lineNext[d][sq] = n
		}
	}
}

// lineStepExists reports whether a capture can take a step in direction
// step somewhere on the board: along a line, to the next playing square.
func (g *Game) lineStepExists(step board.Direction) bool {
	d := board.DirectionIndex(step)
	if d < 0 {
		return g.stepExists(step)
	}
	for _, n := range g.lineNext[d] {
		if n != noSquare {
			return true
		}
	}
	return false
}

func (g *Game) buildCaptures(d *decoder, rf *ruleFile) {
	g.buildLines()
	for sq := range g.Board.NumSquares() {
		g.allSquares.Add(board.Square(sq))
	}
	if g.Board.Neutral() == 0 {
		g.buildLineShifts()
	}
	cs := rf.Capture
	g.capture = captureConfig{mandatory: cs.Mandatory, maximum: cs.Maximum, removalEnd: cs.Removal == "end", takeTop: cs.Take == "top",
		landContinue: cs.Landing == "continue", landBehind: cs.Landing == "behind", noTurnBack: cs.NoTurnBack}
	if len(rf.Captures) > 32 {
		d.errorf(rf.root, "too-many-rules", "", "at most 32 capture rules")
		return
	}
	if cs.node != nil && len(rf.Captures) == 0 {
		d.errorf(cs.node, "no-captures", "add a `captures:` section", "capture settings are given, but there are no capture rules")
	}
	for i := range rf.Captures {
		cs := &rf.Captures[i]
		what := fmt.Sprintf("capture rule %q", cs.Name)
		r := &captureRule{name: cs.Name, flying: cs.Flying, kinds: allKinds}
		steps, _ := g.directionsWhere(d, cs.Directions, what, g.lineStepExists)
		for pi, p := range g.Players {
			for _, st := range steps {
				r.dirs[pi] = append(r.dirs[pi], board.DirectionIndex(absolute(st, p.Home)))
			}
		}
		r.cond = g.compileExpr(d, cs.When, what, inCapture, true)
		if r.cond != nil {
			for _, t := range r.cond.terms {
				if mask, ok := g.kindTerm(t); ok {
					r.kinds &= mask
					continue
				}
				if t.level <= lvPosition {
					r.pos = and(r.pos, t.test)
				} else if t.level == lvTarget {
					r.jump = and(r.jump, t.test)
				} else {
					r.src = and(r.src, t.test)
				}
			}
		}
		g.captureRules = append(g.captureRules, r)
	}
	if g.Board.Neutral() == 0 {
		g.kindMask = uint8(1)<<max(len(g.Kinds), 1) - 1
		g.buildCaptureDirs()
	}
	g.buildPrecedence(d, &cs)
	if cs.Landing == "continue" || cs.Landing == "behind" {
		flying := false
		for _, r := range g.captureRules {
			flying = flying || r.flying
		}
		if !flying {
			d.diagAt(nodePos(cs.landingNode), Warning, "no-effect", "it is for flying captures (`distance: any`)",
				"capture: landing: %s changes nothing here: no capture rule jumps from afar", cs.Landing)
		}
	}
	if rf.Promote.node != nil {
		if len(g.Kinds) == 0 {
			d.errorf(rf.Promote.node, "no-kinds", "add `kinds: [man, king]`", "promote needs piece kinds to promote to")
			return
		}
		g.promote.midCapture = rf.Promote.MidCapture
		c := g.compileExpr(d, rf.Promote.When, "promote: when", inPromote, true)
		if c == nil {
			return
		}
		for _, t := range c.terms {
			if !g.isStatic(t.node) {
				d.diagAt(rf.Promote.When.at(0), Error, "not-static", "use only me, opponent, to_row, farthest and constants",
					"promote: when must depend only on the player and the square (`%s` does not)", t.text)
				return
			}
		}
		g.folding(d, rf.Promote.When, "promote", func() {
			for pi := range g.Players {
				g.promote.at[pi] = make([]bool, g.Board.NumSquares())
				ctx := d.foldCtx(g, pi)
				for sq := range g.promote.at[pi] {
					ctx.to = board.Square(sq)
					g.promote.at[pi][sq] = allTerms(c, ctx)
				}
			}
			g.canPromote = true
		})
	}
}

func allTerms(c *compiled, ctx *Ctx) bool {
	for _, t := range c.terms {
		if !t.test(ctx) {
			return false
		}
	}
	return true
}

// promotable reports whether the top of a section is a plain piece that
// would be promoted on square sq.
func (g *Game) promotable(me int, sq board.Square, s board.Stack) bool {
	return g.canPromote && g.promote.at[me][sq] && g.Board.TopKind(s) == 0
}

// promoted gives the section with its top piece turned into the second kind.
func (g *Game) promoted(s board.Stack) board.Stack {
	b := g.Board
	return b.SetTop(s, b.Top(s)+b.Players)
}

// generateCaptures appends every capture sequence of c.me. With any set it
// stops at the first one.
func (g *Game) generateCaptures(c *Ctx, buf []board.Move, any bool) []board.Move {
	st := &c.cap
	st.active = 0
	for i, r := range g.captureRules {
		if r.pos == nil || r.pos(c) {
			st.active |= 1 << i
		}
	}
	if st.active == 0 {
		return buf
	}
	p, me := c.pos, c.me
	// The squares to start from: where the set test says a first jump may
	// be, or else every square of mine.
	starts := p.Tops[me]
	if g.captureDirs[me] != nil {
		// captureStarts written out: it does not inline, and a board of
		// one word pays no call for the choice.
		if g.setWords == 0 {
			w := g.captureStarts64(c, st.active)
			if w == 0 {
				return buf
			}
			starts = board.SquareSet{w}
		} else {
			starts = g.captureStartsWords(c, st.active)
			if starts.Empty() {
				return buf
			}
		}
	}
	start := len(buf)
	st.best, st.found = 0, false
	n := g.Board.NumSquares()
	copy(st.cells[:n], p.Cells[:n])
	sqs := starts.Squares(c.sqBuf[:0])
	c.capturing = true
	for _, sq := range sqs {
		s := p.Cells[sq]
		st.cells[sq] = 0 // the moving stack leaves its square
		st.origin = sq
		buf = g.jumpFrom(c, sq, sq, s, 0, 0, -1, buf, any)
		st.cells[sq] = s
		if any && st.found {
			c.capturing = false
			return buf
		}
	}
	c.capturing = false
	if g.capture.maximum {
		out := buf[:start]
		for _, m := range buf[start:] {
			if int(m.Jumps) == st.best {
				out = append(out, m)
			}
		}
		buf = out
	}
	if len(g.capture.precedence) > 0 && !any {
		buf = buf[:start+g.applyPrecedence(p, buf[start:])]
	}
	return buf
}

// jumpFrom extends a capture sequence that has made n jumps, the last in
// direction last (-1 before the first), and stands on cur with section, and
// records it as a move when it cannot go on.
func (g *Game) jumpFrom(c *Ctx, from, cur board.Square, section board.Stack, n int, rule uint8, last int, buf []board.Move, any bool) []board.Move {
	st := &c.cap
	b := g.Board
	me := c.me
	extended := false
	stop := n > 0 && g.promote.midCapture == "stop" && g.promotable(me, cur, section)
	if n < board.MaxJumps && !stop {
		kindBit := uint8(1) << uint(b.TopKind(section))
		back := -1 // the direction a jump may not take: straight back
		if g.capture.noTurnBack && last >= 0 {
			back = board.Opposite(last)
		}
		for ri, r := range g.captureRules {
			if st.active&(1<<ri) == 0 || r.kinds&kindBit == 0 {
				continue
			}
			// The whole stack moves: lifted is its height, bottom its
			// bottom piece's owner; row is the row it jumps from.
			c.from, c.src, c.lifted = cur, section, section.Height()
			if r.src != nil && !r.src(c) {
				continue
			}
			for _, d := range r.dirs[me] {
				if d == back {
					continue
				}
				// The stack jumped: written out here rather than calling
				// jumpTarget, which does not inline, on the hot path.
				over := g.lineNext[d][cur]
				for over != noSquare && st.cells[over] == 0 && r.flying {
					over = g.lineNext[d][over]
				}
				if over == noSquare {
					continue
				}
				os := st.cells[over]
				if os == 0 || b.TopOwner(os) == me || st.jumped.Has(over) {
					continue
				}
				if r.jump != nil {
					c.from, c.src, c.dst = cur, section, os
					if !r.jump(c) {
						continue
					}
				}
				// A flying jump on along the line of the last one, from a
				// landing square that is not the first beyond the stack
				// jumped last, is the same move as the one from the first
				// (same start, end and pieces taken): it is made only from
				// there. The capture goes on all the same, so it does not end
				// here. The square behind cur must be the stack jumped last,
				// not merely some jumped square: where jumped pieces leave at
				// once, the king can land beyond one it emptied earlier.
				if r.flying && d == last && g.lineNext[board.Opposite(d)][cur] != st.over[n-1] {
					if land := g.lineNext[d][over]; land != noSquare && st.cells[land] == 0 {
						extended = true
					}
					continue
				}
				// With landing: continue, a flying capture that can go on
				// from some of its landing squares must land on one of
				// those: goOn has bit i for the i-th square beyond.
				var goOn uint64
				if r.flying && g.capture.landContinue {
					i := 0
					for land := g.lineNext[d][over]; land != noSquare && st.cells[land] == 0; land = g.lineNext[d][land] {
						next := g.jumpOver(st, over, os, section, me, land, n)
						if g.canJump(c, land, next, n+1, d) {
							goOn |= 1 << i
						}
						st.jumped.Remove(over)
						st.cells[over] = os
						i++
					}
				}
				i := -1
				for land := g.lineNext[d][over]; land != noSquare && st.cells[land] == 0; land = g.lineNext[d][land] {
					i++
					if goOn != 0 && goOn&(1<<i) == 0 {
						continue
					}
					extended = true
					next := section
					if g.capture.takeTop {
						rest, top := b.Lift(os, 1)
						st.cells[over] = rest
						next = b.Bottomed(section, b.Top(top))
						st.taken[n] = uint8(b.Top(top))
					} else if !g.capture.removalEnd {
						st.cells[over] = 0
					}
					if g.promote.midCapture == "continue" && g.promotable(me, land, next) {
						next = g.promoted(next)
					}
					st.jumped.Add(over)
					st.path[n] = land
					st.over[n] = over
					r0 := rule
					if n == 0 {
						r0 = uint8(ri)
					}
					buf = g.jumpFrom(c, from, land, next, n+1, r0, d, buf, any)
					st.jumped.Remove(over)
					st.cells[over] = os
					if any && st.found {
						return buf
					}
					if !r.flying || g.capture.landBehind {
						break
					}
				}
			}
		}
	}
	if !extended && n > 0 {
		if g.capture.maximum {
			if n < st.best {
				return buf
			}
			st.best = n
		}
		m := board.Move{From: from, To: cur, Kind: board.Capture, Rule: rule, Jumps: uint8(n)}
		copy(m.Via[:n-1], st.path[:n-1])
		buf = append(buf, m)
		st.found = true
	}
	return buf
}

// jumpTarget is the stack a jump from cur in direction d would take: the
// first occupied square along d (only the next one unless flying), if it is
// an enemy stack not jumped yet; otherwise noSquare.
func (g *Game) jumpTarget(st *capState, cur board.Square, d int, flying bool, me int) board.Square {
	b := g.Board
	over := g.lineNext[d][cur]
	for over != noSquare && st.cells[over] == 0 && flying {
		over = g.lineNext[d][over]
	}
	if over == noSquare {
		return noSquare
	}
	os := st.cells[over]
	if os == 0 || b.TopOwner(os) == me || st.jumped.Has(over) {
		return noSquare
	}
	return over
}

// jumpOver makes the jump over the stack os on square over, landing on land,
// on the scratch board: it marks over as jumped, removes or takes from it as
// the game says, and returns the moving section after the jump. The caller
// restores st.cells[over] = os and unmarks over when it backtracks. jumpFrom
// does the same inline.
func (g *Game) jumpOver(st *capState, over board.Square, os, section board.Stack, me int, land board.Square, n int) board.Stack {
	b := g.Board
	next := section
	if g.capture.takeTop {
		rest, top := b.Lift(os, 1)
		st.cells[over] = rest
		next = b.Bottomed(section, b.Top(top))
		st.taken[n] = uint8(b.Top(top))
	} else if !g.capture.removalEnd {
		st.cells[over] = 0
	}
	if g.promote.midCapture == "continue" && g.promotable(me, land, next) {
		next = g.promoted(next)
	}
	st.jumped.Add(over)
	return next
}

// canJump reports whether a capture that has made n jumps, the last in
// direction last, and stands on cur with section can jump again: the test
// jumpFrom makes before it records a sequence as ended.
func (g *Game) canJump(c *Ctx, cur board.Square, section board.Stack, n, last int) bool {
	st := &c.cap
	b := g.Board
	me := c.me
	if n >= board.MaxJumps || (g.promote.midCapture == "stop" && g.promotable(me, cur, section)) {
		return false
	}
	kindBit := uint8(1) << uint(b.TopKind(section))
	for ri, r := range g.captureRules {
		if st.active&(1<<ri) == 0 || r.kinds&kindBit == 0 {
			continue
		}
		c.from, c.src = cur, section
		if r.src != nil && !r.src(c) {
			continue
		}
		for _, d := range r.dirs[me] {
			if g.capture.noTurnBack && last >= 0 && d == board.Opposite(last) {
				continue
			}
			over := g.jumpTarget(st, cur, d, r.flying, me)
			if over == noSquare {
				continue
			}
			if r.jump != nil {
				c.from, c.src, c.dst = cur, section, st.cells[over]
				if !r.jump(c) {
					continue
				}
			}
			if land := g.lineNext[d][over]; land != noSquare && st.cells[land] == 0 {
				return true
			}
		}
	}
	return false
}

// applyCapture plays a capture: the whole stack leaves its square, and for
// each landing the stack jumped on the way is removed or gives up its top.
func (g *Game) applyCapture(p *board.Position, m board.Move) {
	b := g.Board
	me := int(p.ToMove)
	section := p.Cells[m.From]
	p.Set(b, m.From, 0)
	cur := m.From
	for i := 0; i < int(m.Jumps); i++ {
		land := m.Landing(i)
		f0, r0 := b.Coord(cur)
		f1, r1 := b.Coord(land)
		d := board.DirectionIndex(board.Direction{DF: int8(sign(f1 - f0)), DR: int8(sign(r1 - r0))})
		over := g.lineNext[d][cur]
		for over != noSquare && p.Cells[over] == 0 {
			over = g.lineNext[d][over]
		}
		if over == noSquare || over == land {
			panic(fmt.Sprintf("capture %s has no piece between %s and %s", g.MoveString(m), b.SquareName(cur), b.SquareName(land)))
		}
		os := p.Cells[over]
		if g.capture.takeTop {
			rest, top := b.Lift(os, 1)
			p.Set(b, over, rest)
			section = b.Bottomed(section, b.Top(top))
		} else {
			var gone [board.MaxPlayers]int16
			b.Count(os, &gone)
			for pl := range gone {
				if gone[pl] != 0 {
					p.OnBoard[pl] -= gone[pl]
					p.AddCaptured(pl, int(gone[pl]))
				}
			}
			p.Set(b, over, 0)
		}
		if g.promote.midCapture == "continue" && g.promotable(me, land, section) {
			section = g.promoted(section)
		}
		cur = land
	}
	if g.promotable(me, cur, section) {
		section = g.promoted(section)
	}
	p.Set(b, cur, section)
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
