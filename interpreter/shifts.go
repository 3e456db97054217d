package interpreter

import (
	"math/bits"
	"slices"

	"github.com/stackrules/stackrules/board"
)

// Word moves: on a board of at most 64 squares a set of squares is one
// word, and a step rule's moves from a whole set of sources are a few
// shifts of it.
//
// Each square is a bit of the word (wordLayout): its index, or, where
// that makes fewer shifts, its place on the grid the board is drawn on,
// file + width·rank. A rule's targets (moveRule.targets, made at load time
// from its directions and static terms) pair each source square with its
// destinations. Grouped by the difference of their bits, to - from, they
// fall into a few classes: on a checkers board numbered a1, c1, .., b2, ..
// a step diagonally up is +3, +4 or +5 squares, on the grid +7 or +9. A
// class is a mask of the sources that have a target that far and the
// difference: the destinations of the sources S are (S & mask) shifted by
// it, every class at once, and each destination bit is a move, from the
// bit the difference before it (wordShift.moves). The classes come from
// the targets alone, whatever the board's shape, so nothing here knows a
// direction or a game.
//
// generateSets lists this way the moves of lift size 1 (and, for a rule
// that lifts whole stacks, of single pieces), which every square a player
// tops allows alike when the rule's lift and height terms have set forms
// (compactGame, stepRule), and the moves of two pieces from the stacks
// whose second piece the lift terms allow; larger lifts, which depend on
// more of the pieces under the top, are still listed square by square, but
// only from the squares holding three pieces or more. The sets they read
// (wordView) are kept up to date by the playout on the squares each move
// touches.

// maxShifts bounds a rule's classes: more, and the squares are listed one
// by one as before.
const maxShifts = 8

// wordShift is a class of a rule's targets: the sources in mask have a
// target delta bits on. moves[to] is the move to the square of bit to
// from the square delta bits before it: From | To<<8.
type wordShift struct {
	mask  uint64
	delta int
	// up, down: delta as a shift left and a shift right, one of them 0
	// (no branch on its sign).
	up, down uint8
	moves    *[64]uint16
}

// wordLayout places the squares of a board of at most 64 on the bits of a
// word.
type wordLayout struct {
	bit    [board.MaxSquares]uint8 // square -> bit
	square [64]board.Square        // bit -> square; noSquare for none
}

// identityLayout puts each square on the bit of its index.
func identityLayout(n int) *wordLayout {
	l := &wordLayout{}
	for i := range l.square {
		l.square[i] = noSquare
	}
	for sq := 0; sq < n; sq++ {
		l.bit[sq], l.square[sq] = uint8(sq), board.Square(sq)
	}
	return l
}

// gridLayout puts each square on its place on the grid the board's
// coordinates span, if the grid has at most 64 places.
func gridLayout(geo *board.Geometry) (*wordLayout, bool) {
	n := geo.NumSquares()
	f0, r0, f1, r1 := 1<<30, 1<<30, -1<<30, -1<<30
	for sq := 0; sq < n; sq++ {
		f, r := geo.Coord(board.Square(sq))
		f0, r0, f1, r1 = min(f0, f), min(r0, r), max(f1, f), max(r1, r)
	}
	w := f1 - f0 + 1
	if w*(r1-r0+1) > 64 {
		return nil, false
	}
	l := &wordLayout{}
	for i := range l.square {
		l.square[i] = noSquare
	}
	for sq := 0; sq < n; sq++ {
		f, r := geo.Coord(board.Square(sq))
		b := (f - f0) + w*(r-r0)
		if l.square[b] != noSquare {
			return nil, false // two squares at one place
		}
		l.bit[sq], l.square[b] = uint8(b), board.Square(sq)
	}
	return l, true
}

// word is the set s as a word in layout l.
func (l *wordLayout) word(s board.SquareSet) uint64 {
	var w uint64
	for _, sq := range s.Squares(nil) {
		w |= 1 << l.bit[sq]
	}
	return w
}

// wordView is what the word moves read of a position, in the bits of the
// game's layout: the squares each player tops, the squares holding
// anything, those holding two pieces or more and three or more, and, of
// the stacks of two or more, those whose second piece from the top is
// each player's.
type wordView struct {
	tops                 [board.MaxPlayers]uint64
	occupied, tall, high uint64
	second               [board.MaxPlayers]uint64
}

// wordGame reports whether g lists its playouts' moves as word moves: a
// compact game on at most 64 squares whose moves change only the squares
// they are made from and to (nothing removed after a move), so a playout
// keeps wordView up to date from those two.
func (g *Game) wordGame() bool {
	return g.compact && g.Board.NumSquares() <= 64 && g.afterMove == nil && !g.tall
}

// scanWords is the wordView of p, square by square.
func (g *Game) scanWords(p *board.Position) wordView {
	var v wordView
	for sq := 0; sq < g.Board.NumSquares(); sq++ {
		v.update(g.Board, g.layout, board.Square(sq), 0, p.Cells[sq])
	}
	return v
}

// refresh sets sq's bits of v from p, after a move played by apply.
func (v *wordView) refresh(b *board.Board, l *wordLayout, p *board.Position, sq board.Square) {
	if sq == noSquare {
		return
	}
	bit := uint64(1) << l.bit[sq]
	for i := range v.second {
		v.tops[i] &^= bit
		v.second[i] &^= bit
	}
	v.update(b, l, sq, 0, p.Cells[sq])
}

// update sets sq's bits of v for its stack going from old to s.
func (v *wordView) update(b *board.Board, l *wordLayout, sq board.Square, old, s board.Stack) {
	bit := uint64(1) << l.bit[sq]
	if t := b.TopOwner(old); t >= 0 {
		v.tops[t] &^= bit
	}
	if old.Height() > 1 {
		if o := b.Owner(b.Piece(old, 2)); o >= 0 {
			v.second[o] &^= bit
		}
	}
	v.occupied &^= bit
	v.tall &^= bit
	v.high &^= bit
	h := s.Height()
	if h == 0 {
		return
	}
	v.occupied |= bit
	if t := b.TopOwner(s); t >= 0 {
		v.tops[t] |= bit
	}
	if h > 1 {
		v.tall |= bit
		if h > 2 {
			v.high |= bit
		}
		if o := b.Owner(b.Piece(s, 2)); o >= 0 {
			v.second[o] |= bit
		}
	}
}

// makeShifts groups the targets of a rule for a player into classes in
// layout l, nil when they need more than maxShifts.
func makeShifts(targets [][]board.Square, l *wordLayout) []wordShift {
	var shifts []wordShift
	for sq, ts := range targets {
		from := int(l.bit[sq])
		for _, to := range ts {
			d := int(l.bit[to]) - from
			i := slices.IndexFunc(shifts, func(s wordShift) bool { return s.delta == d })
			if i < 0 {
				if len(shifts) == maxShifts {
					return nil
				}
				shifts = append(shifts, wordShift{delta: d, moves: new([64]uint16)})
				i = len(shifts) - 1
			}
			shifts[i].mask |= 1 << uint(from)
			shifts[i].moves[l.bit[to]] = uint16(sq) | uint16(to)<<8
		}
	}
	slices.SortFunc(shifts, func(a, b wordShift) int { return a.delta - b.delta })
	for i := range shifts {
		if d := shifts[i].delta; d >= 0 {
			shifts[i].up = uint8(d)
		} else {
			shifts[i].down = uint8(-d)
		}
	}
	return shifts
}

// setWordGame chooses the game's layout and fills in the word forms of
// its move rules (setWordForms): the layout, of the index and the grid,
// in which the rules make fewer shifts.
func (g *Game) setWordGame() {
	g.layout = identityLayout(g.Board.NumSquares())
	g.setWordForms()
	if !g.allWords {
		return
	}
	grid, ok := gridLayout(g.Board.Geometry)
	if !ok {
		return
	}
	count := func(l *wordLayout) int {
		n := 0
		for _, r := range g.moveRules {
			for pi := range g.Players {
				sh := makeShifts(r.targets[pi], l)
				if sh == nil {
					return 1 << 30
				}
				n += len(sh)
			}
		}
		return n
	}
	if count(grid) < count(g.layout) {
		g.layout = grid
		g.setWordForms()
	}
}

// setWordForms fills in the word forms of every move rule for every
// player in g.layout, and g.allWords and the bear-off rules' words.
func (g *Game) setWordForms() {
	g.allWords = true
	for _, r := range g.moveRules {
		for pi := range g.Players {
			sr := r.step[pi]
			if sr != nil {
				g.setStepWords(sr, pi)
			}
			if sr == nil || sr.shifts == nil {
				g.allWords = false
			}
		}
	}
	g.bearWords = make([][board.MaxPlayers]uint64, len(g.bearRules))
	for ri, r := range g.bearRules {
		for pi := range g.Players {
			g.bearWords[ri][pi] = g.layout.word(r.squareSet[pi])
		}
	}
}

// setStepWords fills in how generateSets lists rule r's moves for player
// me (sr) as word moves, if it can: sr.shifts, and which of its lift-1
// and lift-2 moves come from sets of sources.
func (g *Game) setStepWords(sr *stepRule, me int) {
	r := sr.r
	sr.shifts = nil
	if sr.slow || sr.liftSet != nil || g.kindRules {
		return
	}
	shifts := makeShifts(r.targets[me], g.layout)
	if shifts == nil {
		return
	}
	sr.fromWord = g.layout.word(sr.from)
	// A lift of one from a square topped by me: the lift range allows it,
	// and so do the lift terms, always or by the top piece being the one
	// they ask for (it is mine).
	one := sr.lo <= 1 || sr.all
	switch {
	case sr.byOwner:
		who := me
		if r.liftOwner == 2 {
			who = g.next(me)
		}
		one = one && (sr.always&2 != 0 || who == me)
	default:
		one = one && sr.always&2 != 0
	}
	sr.shifts = shifts
	// Singles lift one piece (or all of it: written as lift 0).
	sr.singles = one && sr.heights&2 != 0
	sr.oneBase = compact(0, 0, int(r.liftByte(1)), board.Step, sr.ri)
	// Stacks of two or more, when every height from 2 up is allowed and
	// the rule does not lift whole stacks: their lift of one like the
	// singles', their lift of two from those whose second piece the lift
	// terms allow (always, or being who's), larger lifts square by square.
	if sr.all || sr.heights|3 != ^uint64(0) {
		return
	}
	sr.talls = true
	sr.tallOne = one
	sr.twos = sr.lo <= 2 && sr.hi >= 2 && (sr.always&4 != 0 || sr.byOwner)
	sr.twoAny = sr.always&4 != 0
	sr.twoWho = me
	if r.liftOwner == 2 {
		sr.twoWho = g.next(me)
	}
	sr.twoBase = compact(0, 0, 2, board.Step, sr.ri)
}

// emitShifts appends the moves of the classes from the sources ones
// lifting one piece and twos lifting two to the destinations in dests,
// base1 and base2 being such moves with From and To 0.
func emitShifts(buf []move32, shifts []wordShift, ones, twos, dests uint64, base1, base2 move32) []move32 {
	if ones|twos == 0 {
		return buf
	}
	n := len(buf)
	out := slices.Grow(buf, (bits.OnesCount64(ones)+bits.OnesCount64(twos))*len(shifts))
	out = out[:cap(out)]
	if twos == 0 {
		for i := range shifts {
			s := &shifts[i]
			d := (ones & s.mask) << (s.up & 63) >> (s.down & 63)
			for d &= dests; d != 0; d &= d - 1 {
				out[n] = base1 | move32(s.moves[bits.TrailingZeros64(d)])
				n++
			}
		}
		return out[:n]
	}
	for i := range shifts {
		s := &shifts[i]
		d1 := (ones & s.mask) << (s.up & 63) >> (s.down & 63)
		d2 := (twos & s.mask) << (s.up & 63) >> (s.down & 63)
		for d1 &= dests; d1 != 0; d1 &= d1 - 1 {
			out[n] = base1 | move32(s.moves[bits.TrailingZeros64(d1)])
			n++
		}
		for d2 &= dests; d2 != 0; d2 &= d2 - 1 {
			out[n] = base2 | move32(s.moves[bits.TrailingZeros64(d2)])
			n++
		}
	}
	return out[:n]
}

// wordSteps appends the moves of step rule sr (sr.shifts) for the player
// to move in c from the squares in tops to those in dests: the lift-1
// moves of every source at once, and of two pieces where sr.talls, then
// the other lift sizes of the taller stacks square by square.
func (g *Game) wordSteps(c *Ctx, sr *stepRule, tops, dests uint64, buf []move32) []move32 {
	from := tops & sr.fromWord
	if from == 0 {
		return buf
	}
	if sr.toEmpty {
		dests &^= c.words.occupied
	}
	ones, twos, talls, skip := sr.sources(&c.words, from)
	buf = emitShifts(buf, sr.shifts, ones, twos, dests, sr.oneBase, sr.twoBase)
	if talls != 0 {
		buf = g.tallSteps(c, sr, talls, skip, dests, buf)
	}
	return buf
}

// sources splits the sources from (squares the player tops that rule sr
// has moves from) into those whose lift-1 moves (ones) and lift-2 moves
// (twos) come a word at a time, and the stacks (talls) whose other lift
// sizes, less skip, come square by square.
func (sr *stepRule) sources(v *wordView, from uint64) (ones, twos, talls, skip uint64) {
	if sr.singles {
		ones = from &^ v.tall
	}
	talls = from & v.tall
	if !sr.talls {
		return ones, 0, talls, 0
	}
	if sr.tallOne {
		ones |= talls
	}
	if sr.twos {
		twos = talls
		if !sr.twoAny {
			twos &= v.second[sr.twoWho]
		}
	}
	if sr.hi <= 2 {
		return ones, twos, 0, 6
	}
	return ones, twos, talls & v.high, 6
}

// tallSteps appends rule sr's moves from the stacks talls, of the lift
// sizes their terms allow less skip, to the squares in dests, square by
// square from the templates.
func (g *Game) tallSteps(c *Ctx, sr *stepRule, talls, skip, dests uint64, buf []move32) []move32 {
	cells := &c.pos.Cells
	filter := dests != ^uint64(0)
	l := g.layout
	for ; talls != 0; talls &= talls - 1 {
		sq := l.square[bits.TrailingZeros64(talls)]
		s := cells[sq]
		h := s.Height()
		if sr.heights>>uint(h)&1 == 0 {
			continue
		}
		ks := sr.lifts(s, h) &^ skip
		tm := sr.tmpl[sq]
		for ; ks != 0; ks &= ks - 1 {
			k := bits.TrailingZeros64(ks)
			t, lift := tm[0], uint8(0)
			if k < len(tm) {
				t = tm[k]
			} else if !sr.all {
				lift = uint8(k)
			}
			if !filter && lift == 0 {
				buf = append(buf, t...)
				continue
			}
			for _, m := range t {
				if dests>>l.bit[board.Square(m>>8)]&1 == 0 {
					continue
				}
				if lift != 0 {
					m = m.withLift(lift)
				}
				buf = append(buf, m)
			}
		}
	}
	return buf
}

// generateWords is generateSets in a game whose every move rule has word
// forms for every player (Game.allWords): each active rule's word moves
// from the squares the player tops, then the bear-offs, a word at a time.
// It reads c.words.
func (g *Game) generateWords(c *Ctx, buf []move32) []move32 {
	me := c.me
	tops := c.words.tops[me]
	for _, r := range g.moveRules {
		if r.pos != nil && !r.pos(c) {
			continue
		}
		sr := r.step[me]
		from := tops & sr.fromWord
		if from == 0 {
			continue
		}
		dests := ^uint64(0)
		if r.destWord != nil {
			dests = r.destWord(c)
		}
		if sr.toEmpty {
			dests &^= c.words.occupied
		}
		ones, twos, talls, skip := sr.sources(&c.words, from)
		buf = emitShifts(buf, sr.shifts, ones, twos, dests, sr.oneBase, sr.twoBase)
		if talls != 0 {
			buf = g.tallSteps(c, sr, talls, skip, dests, buf)
		}
	}
	// One bear-off per square, whichever rule allows it: the first.
	l := g.layout
	for ri, r := range g.bearRules {
		if r.pos != nil && !r.pos(c) {
			continue
		}
		from := tops & g.bearWords[ri][me]
		tops &^= from
		base := compact(0, noSquare, 1, board.BearOff, ri)
		for ; from != 0; from &= from - 1 {
			b := bits.TrailingZeros64(from)
			sq := l.square[b]
			if r.src != nil {
				c.from, c.src, c.to, c.dst, c.lifted = sq, c.pos.Cells[sq], noSquare, 0, 1
				if !r.src(c) {
					tops |= 1 << b // another rule may bear it off
					continue
				}
			}
			buf = append(buf, base|move32(sq))
		}
	}
	if len(buf) == 0 && g.NoMoves == "pass" {
		buf = append(buf, compact(noSquare, noSquare, 0, board.Pass, 0))
	}
	return buf
}

// fastApplies reports whether applyWord plays g's moves: a word game in
// which a move only lifts pieces from one square onto another, or bears
// one off, and passes the turn to the next player (nothing promoted, cut,
// counted or earning another move).
func (g *Game) fastApplies() bool {
	return g.wordMoves && !g.canPromote && g.stackMax == 0 && g.streak == nil && !g.againRules &&
		!g.Board.PlyCounted() && g.rankRules == nil && g.dice == nil && len(g.captureRules) == 0
}

// endsPure reports whether every end condition is made of terms that
// cannot fail at run time (pure), compiled as closures, in a game without
// places.
func (g *Game) endsPure() bool {
	if g.rankRules != nil {
		return false
	}
	for _, e := range g.ends {
		if e.cond == nil || e.cond.vm {
			return false
		}
		for _, t := range e.cond.terms {
			if t.node == nil || !g.pure(t.node) {
				return false
			}
		}
	}
	return true
}

// applyWord is apply for the word moves of a game where fastApplies, on
// the compact move, keeping v up to date and leaving p's hash stale (see
// startPlayout).
func (g *Game) applyWord(p *board.Position, m move32, v *wordView) {
	b := g.Board
	from, to := board.Square(m), board.Square(m>>8)
	switch board.MoveKind(m >> 24 & 7) {
	case board.Step:
		s, d := p.Cells[from], p.Cells[to]
		k := int(m >> 16 & 0xff)
		if k == 0 {
			k = s.Height()
		}
		rest, section := b.Lift(s, k)
		onto := b.Push(d, section)
		g.setWord(p, v, from, s, rest)
		g.setWord(p, v, to, d, onto)
	case board.BearOff:
		s := p.Cells[from]
		rest, section := b.Lift(s, 1)
		owner := b.Owner(b.Top(section))
		g.setWord(p, v, from, s, rest)
		p.OnBoard[owner]--
		p.Off[owner]++
	}
	p.ToMove = uint8(g.next(int(p.ToMove)))
}

// setWord puts stack s on square sq, whose stack was old: what
// Position.Set does but the hash (the cell, Showing, Tops), and v's bits,
// in one pass over the top owners.
func (g *Game) setWord(p *board.Position, v *wordView, sq board.Square, old, s board.Stack) {
	b := g.Board
	bit := uint64(1) << g.layout.bit[sq]
	if t := b.TopOwner(old); t >= 0 {
		p.Showing[t]--
		p.Tops[t].Remove(sq)
		v.tops[t] &^= bit
	}
	if old.Height() > 1 {
		if o := b.Owner(b.Piece(old, 2)); o >= 0 {
			v.second[o] &^= bit
		}
	}
	p.Cells[sq] = s
	v.occupied &^= bit
	v.tall &^= bit
	v.high &^= bit
	h := s.Height()
	if h == 0 {
		return
	}
	v.occupied |= bit
	if t := b.TopOwner(s); t >= 0 {
		p.Showing[t]++
		p.Tops[t].Add(sq)
		v.tops[t] |= bit
	}
	if h > 1 {
		v.tall |= bit
		if h > 2 {
			v.high |= bit
		}
		if o := b.Owner(b.Piece(s, 2)); o >= 0 {
			v.second[o] |= bit
		}
	}
}
