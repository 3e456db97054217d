package interpreter

import (
	"math/bits"

	"github.com/stackrules/stackrules/board"
)

// The capture search, a square at a time, is most of a draughts game's move
// generation although most plies have no capture. Before it, a set test
// finds the squares a capture may start from, a whole board at a time: a
// square holding one of my pieces of a kind a rule lets capture, whose next
// square along one of the rule's directions holds an enemy stack with an
// empty square beyond (for a rule that jumps from afar: empty squares up to
// that stack). The test is compiled from the board's lines and the rules'
// directions and kinds; the rules' other terms (about the capturing stack or
// the stack jumped) are left to the search, which they can only narrow, so
// the test never misses a capture. It is not made for a direction whose
// line the sets cannot follow (see lineShift) nor in a game with neutral
// pieces (an occupied square nobody tops); the search then starts from
// every square as before.

// maxLineShifts bounds the shifts that follow a line: boards numbered row
// by row need one or two per direction, graph boards far more.
const maxLineShifts = 4

// lineShift follows a line a whole set at a time, on a board of at most 64
// squares (one word): the square after sq along the line is sq+delta[i]
// for the squares sq in from[i].
type lineShift struct {
	n     int
	delta [maxLineShifts]int
	from  [maxLineShifts]uint64
}

// buildLineShifts fills g.lineShifts from g.lineNext, on a board of at most
// 64 squares; a direction whose steps take more than maxLineShifts distinct
// shifts, or whose line comes back to a square (a ring), gets none.
func (g *Game) buildLineShifts() {
	n := g.Board.NumSquares()
	if n > 64 {
		g.buildWideShifts()
		return
	}
	for d := range g.lineNext {
		ls := &lineShift{}
		for sq, next := range g.lineNext[d] {
			if next == noSquare {
				continue
			}
			k := int(next) - sq
			i := 0
			for i < ls.n && ls.delta[i] != k {
				i++
			}
			if i == ls.n {
				if i == maxLineShifts {
					ls = nil
					break
				}
				ls.delta[i] = k
				ls.n++
			}
			ls.from[i] |= 1 << sq
		}
		if ls == nil || ls.n == 0 || g.lineCycles(d, n) {
			continue
		}
		g.lineShifts[d] = ls
	}
}

// lineCycles reports whether following direction d from some square comes
// back to it.
func (g *Game) lineCycles(d, n int) bool {
	for sq := range n {
		cur := board.Square(sq)
		for range n {
			cur = g.lineNext[d][cur]
			if cur == noSquare {
				break
			}
			if int(cur) == sq {
				return true
			}
		}
	}
	return false
}

// before is the squares whose next square along the line is in s.
func (ls *lineShift) before(s uint64) uint64 {
	var r uint64
	for i, k := range ls.delta[:ls.n] {
		if k > 0 {
			r |= s >> uint(k) & ls.from[i]
		} else {
			r |= s << uint(-k) & ls.from[i]
		}
	}
	return r
}

// wideShift is a lineShift on a board of more than 64 squares, whose sets
// take several words: a shift by delta moves bits by q words and r bits, and
// carries the bits shifted out of one word into the next.
type wideShift struct {
	n     int
	delta [maxLineShifts]int
	q     [maxLineShifts]int
	r     [maxLineShifts]uint
	from  [maxLineShifts]board.SquareSet
}

// buildWideShifts fills g.wideShifts as buildLineShifts does g.lineShifts,
// on a board of more than 64 squares; g.setWords is the words its sets take.
func (g *Game) buildWideShifts() {
	n := g.Board.NumSquares()
	g.setWords = (n + 63) / 64
	g.twoWords = g.setWords == 2
	for d := range g.lineNext {
		ws := wideShiftOf(g.lineNext[d])
		if ws == nil || g.lineCycles(d, n) {
			continue
		}
		g.wideShifts[d] = ws
		for _, q := range ws.q[:ws.n] {
			g.twoWords = g.twoWords && q == 0
		}
	}
}

// wideShiftOf is the wideShift of a line whose square after sq is next[sq]
// (noSquare for none); nil when that takes more than maxLineShifts shifts
// or there is no step.
func wideShiftOf(next []board.Square) *wideShift {
	ws := &wideShift{}
	for sq, nx := range next {
		if nx == noSquare {
			continue
		}
		k := int(nx) - sq
		i := 0
		for i < ws.n && ws.delta[i] != k {
			i++
		}
		if i == ws.n {
			if i == maxLineShifts {
				return nil
			}
			ws.delta[i] = k
			m := k
			if m < 0 {
				m = -m
			}
			ws.q[i], ws.r[i] = m/64, uint(m%64)
			ws.n++
		}
		ws.from[i].Add(board.Square(sq))
	}
	if ws.n == 0 {
		return nil
	}
	return ws
}

// before is the squares whose next square along the line is in s, over
// the first nw words.
func (ws *wideShift) before(s *board.SquareSet, nw int) board.SquareSet {
	var out board.SquareSet
	for i, k := range ws.delta[:ws.n] {
		q, r := ws.q[i], ws.r[i]
		from := &ws.from[i]
		if k > 0 {
			// Bit sq of the result is bit sq+k of s: a shift down, which
			// brings the low bits of word j+q+1 to the top of word j.
			// (A shift by 64 or more is 0 in Go: r == 0 carries nothing.)
			for j := 0; j+q < nw; j++ {
				v := s[j+q] >> r
				if j+q+1 < nw {
					v |= s[j+q+1] << (64 - r)
				}
				out[j] |= v & from[j]
			}
		} else {
			// Bit sq of the result is bit sq-|k| of s: a shift up, which
			// brings the high bits of word j-q-1 to the bottom of word j.
			for j := q; j < nw; j++ {
				v := s[j-q] << r
				if j-q >= 1 {
					v |= s[j-q-1] >> (64 - r)
				}
				out[j] |= v & from[j]
			}
		}
	}
	return out
}

// before2 is before on a board of 65 to 128 squares whose shifts are all
// by less than a word (twoWords), on the two words lo and hi: the path of
// boards numbered row by row, where each word is a variable and each shift
// is by 1 to 63 bits.
func (ws *wideShift) before2(lo, hi uint64) (uint64, uint64) {
	var rl, rh uint64
	for i, k := range ws.delta[:ws.n] {
		r := ws.r[i] & 63
		f := &ws.from[i]
		if k > 0 {
			rl |= (lo>>r | hi<<((64-r)&63)) & f[0]
			rh |= hi >> r & f[1]
		} else {
			rl |= lo << r & f[0]
			rh |= (hi<<r | lo>>((64-r)&63)) & f[1]
		}
	}
	return rl, rh
}

// captureDir is one direction a player's capture rules jump in, for the
// set test: the rules that jump that way (from afar or not) and the kinds
// of piece they let capture.
type captureDir struct {
	shift  *lineShift
	wide   *wideShift // instead of shift, on a board of more than 64 squares
	flying bool
	rules  uint32    // bit i: capture rule i jumps this way
	kinds  [32]uint8 // per rule of rules, the kinds it lets capture
}

// buildCaptureDirs fills g.captureDirs, after the capture rules: per
// player, the directions its rules jump in, or nil when one of them has no
// lineShift (the search then starts from every square).
func (g *Game) buildCaptureDirs() {
	for me := range g.Players {
		var dirs []captureDir
		ok := true
		for ri, r := range g.captureRules {
			for _, d := range r.dirs[me] {
				ls, ws := g.lineShifts[d], g.wideShifts[d]
				if ls == nil && ws == nil {
					ok = false
					break
				}
				i := 0
				for i < len(dirs) && (dirs[i].shift != ls || dirs[i].wide != ws || dirs[i].flying != r.flying) {
					i++
				}
				if i == len(dirs) {
					dirs = append(dirs, captureDir{shift: ls, wide: ws, flying: r.flying})
				}
				dirs[i].rules |= 1 << ri
				dirs[i].kinds[ri] = r.kinds
			}
		}
		if ok {
			g.captureDirs[me] = dirs
		}
	}
}

// captureStarts is the squares of c.me's pieces from which an active
// capture rule may make a first jump (see above). Every capture starts from
// one of them.
func (g *Game) captureStarts(c *Ctx, active uint32) board.SquareSet {
	if g.setWords == 0 {
		return board.SquareSet{g.captureStarts64(c, active)}
	}
	return g.captureStartsWords(c, active)
}

// captureStartsWords is captureStarts on a board of more than 64 squares.
func (g *Game) captureStartsWords(c *Ctx, active uint32) board.SquareSet {
	if g.twoWords {
		return g.captureStarts2(c, active)
	}
	return g.captureStartsWide(c, active)
}

// captureStarts64 is captureStarts as the one word of a board of at most
// 64 squares.
func (g *Game) captureStarts64(c *Ctx, active uint32) uint64 {
	p, me := c.pos, c.me
	b := g.Board
	var occupied uint64
	for pl := 0; pl < b.Players; pl++ {
		occupied |= p.Tops[pl][0]
	}
	mine := p.Tops[me][0]
	empty := g.allSquares[0] &^ occupied
	enemy := occupied &^ mine
	var starts uint64
	for i := range g.captureDirs[me] {
		cd := &g.captureDirs[me][i]
		rules := cd.rules & active
		if rules == 0 {
			continue
		}
		ls := cd.shift
		// The enemy stacks with an empty square beyond, and the squares
		// before them.
		reach := ls.before(enemy & ls.before(empty))
		if cd.flying {
			// And the squares before those over empty squares.
			for {
				more := reach | ls.before(reach&empty)
				if more == reach {
					break
				}
				reach = more
			}
		}
		reach &= mine &^ starts
		if reach == 0 {
			continue
		}
		var kinds uint8
		for r := rules; r != 0; r &= r - 1 {
			kinds |= cd.kinds[bits.TrailingZeros32(r)]
		}
		if kinds&g.kindMask == g.kindMask {
			starts |= reach
			continue
		}
		for w := reach; w != 0; w &= w - 1 {
			sq := bits.TrailingZeros64(w)
			if kinds&(1<<b.TopKind(p.Cells[sq])) != 0 {
				starts |= 1 << sq
			}
		}
	}
	return starts
}

// captureStartsWide is captureStarts on a board of more than 64 squares,
// a word at a time over g.setWords words.
func (g *Game) captureStartsWide(c *Ctx, active uint32) board.SquareSet {
	p, me := c.pos, c.me
	b := g.Board
	nw := g.setWords
	var occupied, mine, empty, enemy, starts board.SquareSet
	for j := range nw {
		for pl := 0; pl < b.Players; pl++ {
			occupied[j] |= p.Tops[pl][j]
		}
		mine[j] = p.Tops[me][j]
		empty[j] = g.allSquares[j] &^ occupied[j]
		enemy[j] = occupied[j] &^ mine[j]
	}
	for i := range g.captureDirs[me] {
		cd := &g.captureDirs[me][i]
		rules := cd.rules & active
		if rules == 0 {
			continue
		}
		ws := cd.wide
		// The enemy stacks with an empty square beyond, and the squares
		// before them.
		t := ws.before(&empty, nw)
		for j := range nw {
			t[j] &= enemy[j]
		}
		reach := ws.before(&t, nw)
		if cd.flying {
			// And the squares before those over empty squares.
			for {
				for j := range nw {
					t[j] = reach[j] & empty[j]
				}
				more := ws.before(&t, nw)
				grew := false
				for j := range nw {
					if more[j]&^reach[j] != 0 {
						reach[j] |= more[j]
						grew = true
					}
				}
				if !grew {
					break
				}
			}
		}
		var any uint64
		for j := range nw {
			reach[j] &= mine[j] &^ starts[j]
			any |= reach[j]
		}
		if any == 0 {
			continue
		}
		var kinds uint8
		for r := rules; r != 0; r &= r - 1 {
			kinds |= cd.kinds[bits.TrailingZeros32(r)]
		}
		if kinds&g.kindMask == g.kindMask {
			for j := range nw {
				starts[j] |= reach[j]
			}
			continue
		}
		for j := range nw {
			for w := reach[j]; w != 0; w &= w - 1 {
				sq := j*64 + bits.TrailingZeros64(w)
				if kinds&(1<<b.TopKind(p.Cells[sq])) != 0 {
					starts[j] |= 1 << (sq & 63)
				}
			}
		}
	}
	return starts
}

// captureStarts2 is captureStartsWide on a board of twoWords, with the
// set's two words in variables.
func (g *Game) captureStarts2(c *Ctx, active uint32) board.SquareSet {
	p, me := c.pos, c.me
	b := g.Board
	var occLo, occHi uint64
	for pl := 0; pl < b.Players; pl++ {
		occLo |= p.Tops[pl][0]
		occHi |= p.Tops[pl][1]
	}
	mineLo, mineHi := p.Tops[me][0], p.Tops[me][1]
	emptyLo, emptyHi := g.allSquares[0]&^occLo, g.allSquares[1]&^occHi
	enemyLo, enemyHi := occLo&^mineLo, occHi&^mineHi
	var startLo, startHi uint64
	for i := range g.captureDirs[me] {
		cd := &g.captureDirs[me][i]
		rules := cd.rules & active
		if rules == 0 {
			continue
		}
		ws := cd.wide
		// The enemy stacks with an empty square beyond, and the squares
		// before them.
		lo, hi := ws.before2(emptyLo, emptyHi)
		lo, hi = ws.before2(lo&enemyLo, hi&enemyHi)
		if cd.flying {
			// And the squares before those over empty squares.
			for {
				ml, mh := ws.before2(lo&emptyLo, hi&emptyHi)
				if ml&^lo == 0 && mh&^hi == 0 {
					break
				}
				lo, hi = lo|ml, hi|mh
			}
		}
		lo &= mineLo &^ startLo
		hi &= mineHi &^ startHi
		if lo|hi == 0 {
			continue
		}
		var kinds uint8
		for r := rules; r != 0; r &= r - 1 {
			kinds |= cd.kinds[bits.TrailingZeros32(r)]
		}
		if kinds&g.kindMask == g.kindMask {
			startLo |= lo
			startHi |= hi
			continue
		}
		for w := lo; w != 0; w &= w - 1 {
			sq := bits.TrailingZeros64(w)
			if kinds&(1<<b.TopKind(p.Cells[sq])) != 0 {
				startLo |= 1 << sq
			}
		}
		for w := hi; w != 0; w &= w - 1 {
			sq := bits.TrailingZeros64(w)
			if kinds&(1<<b.TopKind(p.Cells[64+sq])) != 0 {
				startHi |= 1 << sq
			}
		}
	}
	return board.SquareSet{startLo, startHi}
}
