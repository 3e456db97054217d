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

// captureDir is one direction a player's capture rules jump in, for the
// set test: the rules that jump that way (from afar or not) and the kinds
// of piece they let capture.
type captureDir struct {
	shift  *lineShift
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
				ls := g.lineShifts[d]
				if ls == nil {
					ok = false
					break
				}
				i := 0
				for i < len(dirs) && (dirs[i].shift != ls || dirs[i].flying != r.flying) {
					i++
				}
				if i == len(dirs) {
					dirs = append(dirs, captureDir{shift: ls, flying: r.flying})
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
// capture rule may make a first jump (see above), as the one word of a
// board of at most 64 squares. Every capture starts from one of them.
func (g *Game) captureStarts(c *Ctx, active uint32) uint64 {
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
