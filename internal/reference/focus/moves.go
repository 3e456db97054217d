package focus

import (
	"fmt"
	"sort"
)

// Move is one legal move: its notation and the position after it.
type Move struct {
	Text  string
	After string
}

var dirFile = [4]int{0, 0, 1, -1}
var dirRank = [4]int{1, -1, 0, 0}

// move is a generated move and the position after it (turn passed). lifted
// is 0 for a placement from reserve.
type move struct {
	from, to, lifted int
	after            Position
}

func (m move) text() string {
	switch m.lifted {
	case 0:
		return "*" + squareName(m.to)
	case 1:
		return squareName(m.from) + "-" + squareName(m.to)
	}
	return fmt.Sprintf("%d%s-%s", m.lifted, squareName(m.from), squareName(m.to))
}

// settle cuts the stack on sq back to maxStack pieces from the bottom: the
// mover's pieces go to the mover's reserve, the opponent's are captured.
func (p *Position) settle(sq int, mover byte) {
	c := &p.cells[sq]
	cut := c.h - maxStack
	if cut <= 0 {
		return
	}
	for _, piece := range c.p[:cut] {
		if piece == mover {
			p.reserve[index(mover)]++
		} else {
			p.captured[index(piece)]++
		}
	}
	copy(c.p[:], c.p[cut:c.h])
	c.h = maxStack
}

// target returns the square lifted squares away from from in direction d, or
// -1 when that is off the board or a cut corner square.
func target(from, lifted, d int) int {
	f, r := from%size+lifted*dirFile[d], from/size+lifted*dirRank[d]
	if f < 0 || f >= size || r < 0 || r >= size || !onBoard[r*size+f] {
		return -1
	}
	return r*size + f
}

// each calls yield with every legal move of the player to move; m.after is
// only valid during the call.
func each(p *Position, yield func(m *move)) {
	me := p.turn
	var m move
	for from := range p.cells {
		src := &p.cells[from]
		if src.top() != me {
			continue
		}
		for k := 1; k <= src.h; k++ {
			for d := range 4 {
				to := target(from, k, d)
				if to < 0 {
					continue
				}
				m.from, m.to, m.lifted, m.after = from, to, k, *p
				s, t := &m.after.cells[from], &m.after.cells[to]
				s.h -= k
				t.h += copy(t.p[t.h:], s.p[s.h:s.h+k])
				m.after.settle(to, me)
				m.after.turn = other(me)
				yield(&m)
			}
		}
	}
	if p.reserve[index(me)] == 0 {
		return
	}
	for to := range p.cells {
		if !onBoard[to] {
			continue
		}
		m.from, m.to, m.lifted, m.after = -1, to, 0, *p
		m.after.reserve[index(me)]--
		t := &m.after.cells[to]
		t.p[t.h] = me
		t.h++
		m.after.settle(to, me)
		m.after.turn = other(me)
		yield(&m)
	}
}

// count is the number of legal moves, found without making them.
func count(p *Position) int64 {
	var n int64
	for from := range p.cells {
		src := &p.cells[from]
		if src.top() != p.turn {
			continue
		}
		for k := 1; k <= src.h; k++ {
			for d := range 4 {
				if target(from, k, d) >= 0 {
					n++
				}
			}
		}
	}
	if p.reserve[index(p.turn)] > 0 {
		n += squares
	}
	return n
}

// Moves returns the legal moves sorted by Text, or nil when the player to move
// has none (and so has lost; see Result).
func (p *Position) Moves() []Move {
	var moves []Move
	each(p, func(m *move) {
		moves = append(moves, Move{Text: m.text(), After: m.after.String()})
	})
	sort.Slice(moves, func(i, j int) bool { return moves[i].Text < moves[j].Text })
	return moves
}

// Result is "" while the player to move has a legal move, else the winner's letter.
func (p *Position) Result() string {
	if count(p) > 0 {
		return ""
	}
	return string(other(p.turn))
}

// Perft counts the move sequences of exactly depth plies.
func Perft(p *Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	if depth == 1 {
		return count(p)
	}
	var n int64
	each(p, func(m *move) { n += Perft(&m.after, depth-1) })
	return n
}
