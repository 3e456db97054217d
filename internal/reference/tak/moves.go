package tak

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Directions in PTN order of the characters "+-<>": up (towards higher ranks), down, left,
// right.
const dirChars = "+-<>"

var dRank = [4]int{1, -1, 0, 0}
var dFile = [4]int{0, 0, -1, 1}

// move is a parsed or generated move. For a placement, kind is what is placed (for the
// opening always flat, of the opponent's colour). For a spread, count pieces leave sq in
// direction dir and drops[0..nd) of them land on the squares passed, in order.
type move struct {
	place bool
	kind  kind
	sq    int
	dir   int
	count int
	nd    int
	drops [maxSize]uint8
}

func (m *move) equal(o *move) bool {
	if m.place != o.place || m.sq != o.sq {
		return false
	}
	if m.place {
		return m.kind == o.kind
	}
	if m.dir != o.dir || m.count != o.count || m.nd != o.nd {
		return false
	}
	for i := 0; i < m.nd; i++ {
		if m.drops[i] != o.drops[i] {
			return false
		}
	}
	return true
}

// Move is a legal move: its canonical PTN and the TPS of the position after it.
type Move struct {
	PTN   string
	After string
}

// squareName writes a square as file letter and rank number.
func squareName(n, sq int) string {
	return string(rune('a'+sq%n)) + strconv.Itoa(sq/n+1)
}

// ptn returns the canonical (shortest) PTN of m on a board of side n.
func (m *move) ptn(n int) string {
	if m.place {
		switch m.kind {
		case wall:
			return "S" + squareName(n, m.sq)
		case capstone:
			return "C" + squareName(n, m.sq)
		}
		return squareName(n, m.sq)
	}
	var b strings.Builder
	if m.count > 1 {
		b.WriteString(strconv.Itoa(m.count))
	}
	b.WriteString(squareName(n, m.sq))
	b.WriteByte(dirChars[m.dir])
	if m.nd > 1 {
		for i := 0; i < m.nd; i++ {
			b.WriteByte('0' + m.drops[i])
		}
	}
	return b.String()
}

// parsePTN reads one move in PTN for a board of side n. It checks the form and that every
// square named is on the board, not that the move is legal.
func parsePTN(s string, n int) (move, error) {
	var m move
	t := strings.TrimRight(s, "'\"!?*")
	if t == "" {
		return m, fmt.Errorf("no move")
	}
	i := 0
	readSquare := func() (int, error) {
		if i+2 > len(t) {
			return 0, fmt.Errorf("want a square (file letter a-h, rank digit 1-8) at position %d", i+1)
		}
		f, r := t[i], t[i+1]
		if f < 'a' || f > 'h' || r < '1' || r > '8' {
			return 0, fmt.Errorf("want a square (file letter a-h, rank digit 1-8) at position %d, got %q", i+1, t[i:i+2])
		}
		file, rank := int(f-'a'), int(r-'1')
		if file >= n || rank >= n {
			return 0, fmt.Errorf("square %s is off the %d×%d board", t[i:i+2], n, n)
		}
		i += 2
		return rank*n + file, nil
	}
	switch t[0] {
	case 'F', 'S', 'C':
		m.place = true
		m.kind = map[byte]kind{'F': flat, 'S': wall, 'C': capstone}[t[0]]
		i = 1
		sq, err := readSquare()
		if err != nil {
			return m, err
		}
		if i != len(t) {
			return m, fmt.Errorf("unexpected %q after a placement", t[i:])
		}
		m.sq = sq
		return m, nil
	}
	count, explicit := 1, false
	if t[0] >= '0' && t[0] <= '9' {
		count, explicit = int(t[0]-'0'), true
		if count < 1 {
			return m, fmt.Errorf("carry count must be 1 to 8, got %c", t[0])
		}
		i = 1
	}
	sq, err := readSquare()
	if err != nil {
		return m, err
	}
	m.sq = sq
	if i == len(t) {
		if explicit {
			return m, fmt.Errorf("a carry count needs a direction after the square")
		}
		m.place, m.kind = true, flat
		return m, nil
	}
	d := strings.IndexByte(dirChars, t[i])
	if d < 0 {
		return m, fmt.Errorf("want a direction + - < > at position %d, got %q", i+1, t[i])
	}
	i++
	m.dir, m.count = d, count
	if i == len(t) {
		m.nd = 1
		m.drops[0] = uint8(count)
		return m, nil
	}
	sum := 0
	for ; i < len(t); i++ {
		c := t[i]
		if c < '1' || c > '8' {
			return m, fmt.Errorf("want drop counts 1-8 at position %d, got %q", i+1, c)
		}
		if m.nd == maxSize {
			return m, fmt.Errorf("more than %d drops", maxSize)
		}
		m.drops[m.nd] = c - '0'
		m.nd++
		sum += int(c - '0')
	}
	if sum != count {
		return m, fmt.Errorf("drops add up to %d but %d pieces are carried", sum, count)
	}
	return m, nil
}

// neighbour returns the square next to sq in direction d, or -1 off the board.
func (p *Position) neighbour(sq, d int) int {
	r, f := sq/p.n+dRank[d], sq%p.n+dFile[d]
	if r < 0 || r >= p.n || f < 0 || f >= p.n {
		return -1
	}
	return r*p.n + f
}

// topOwner returns 1 or 2 for the colour of sq's top piece, 0 for an empty square.
func (p *Position) topOwner(sq int) int {
	st := p.stacks[sq]
	if st == "" {
		return 0
	}
	return int(st[len(st)-1] - '0')
}

// gen appends every legal move of p to buf, ignoring whether the game is over.
func (p *Position) gen(buf []move) []move {
	me := p.turn
	cells := p.n * p.n
	if buf == nil {
		buf = make([]move, 0, 3*cells+32)
	}
	if p.moveNo == 1 {
		if p.stones[3-me] > 0 {
			for sq := 0; sq < cells; sq++ {
				if p.stacks[sq] == "" {
					buf = append(buf, move{place: true, kind: flat, sq: sq})
				}
			}
		}
		return buf
	}
	for sq := 0; sq < cells; sq++ {
		if p.stacks[sq] == "" {
			if p.stones[me] > 0 {
				buf = append(buf, move{place: true, kind: flat, sq: sq}, move{place: true, kind: wall, sq: sq})
			}
			if p.caps[me] > 0 {
				buf = append(buf, move{place: true, kind: capstone, sq: sq})
			}
			continue
		}
		if p.topOwner(sq) != me {
			continue
		}
		maxCarry := len(p.stacks[sq])
		if maxCarry > p.n {
			maxCarry = p.n
		}
		isCap := p.tops[sq] == capstone
		for d := 0; d < 4; d++ {
			free, flattens := 0, false
			for t := p.neighbour(sq, d); t >= 0; t = p.neighbour(t, d) {
				if p.stacks[t] != "" && p.tops[t] != flat {
					flattens = isCap && p.tops[t] == wall
					break
				}
				free++
			}
			m := move{sq: sq, dir: d}
			for c := 1; c <= maxCarry; c++ {
				m.count = c
				// Drop sequences over 1..free squares before any obstacle.
				if free > 0 {
					buf = spreads(buf, &m, 0, c, free, false)
				}
				// A capstone alone as the last drop onto the wall just past them.
				if flattens {
					if free == 0 {
						if c == 1 {
							m.nd = 1
							m.drops[0] = 1
							buf = append(buf, m)
						}
					} else if c-1 >= free {
						buf = spreads(buf, &m, 0, c-1, free, true)
					}
				}
			}
		}
	}
	return buf
}

// spreads appends to buf every move whose drops are m.drops[0..at) followed by a sequence of
// positive counts adding up to left over at most slots squares. With exact, the sequence
// uses exactly slots squares and a final drop of 1 (the flattening capstone) is added.
func spreads(buf []move, m *move, at, left, slots int, exact bool) []move {
	for first := 1; first <= left; first++ {
		m.drops[at] = uint8(first)
		if first == left {
			if exact {
				if slots == 1 {
					m.drops[at+1] = 1
					m.nd = at + 2
					buf = append(buf, *m)
				}
			} else {
				m.nd = at + 1
				buf = append(buf, *m)
			}
			break
		}
		if slots > 1 {
			buf = spreads(buf, m, at+1, left-first, slots-1, exact)
		}
	}
	return buf
}

// apply returns the position after m, which must be legal in p.
func (p *Position) apply(m *move) *Position {
	q := *p
	me := p.turn
	if m.place {
		colour := me
		if p.moveNo == 1 {
			colour = 3 - me
		}
		q.stacks[m.sq] = string(rune('0' + colour))
		q.tops[m.sq] = m.kind
		if m.kind == capstone {
			q.caps[colour]--
		} else {
			q.stones[colour]--
		}
	} else {
		src := p.stacks[m.sq]
		h := len(src)
		carried := src[h-m.count:]
		q.stacks[m.sq] = src[:h-m.count]
		top := p.tops[m.sq]
		q.tops[m.sq] = flat
		t, off := m.sq, 0
		for i := 0; i < m.nd; i++ {
			t = p.neighbour(t, m.dir)
			k := int(m.drops[i])
			q.stacks[t] = q.stacks[t] + carried[off:off+k]
			q.tops[t] = flat
			off += k
		}
		q.tops[t] = top
	}
	if me == 2 {
		q.moveNo++
	}
	q.turn = 3 - me
	return &q
}

// find parses ptn and returns the matching legal move of p.
func (p *Position) find(ptn string) (move, error) {
	m, err := parsePTN(ptn, p.n)
	if err != nil {
		return m, fmt.Errorf("tak: malformed PTN %q: %v", ptn, err)
	}
	if r := GetResult(p); r.Over {
		return m, fmt.Errorf("tak: illegal move %q: the game is over in %s", ptn, p.TPS())
	}
	for _, l := range p.gen(nil) {
		if l.equal(&m) {
			return l, nil
		}
	}
	return m, fmt.Errorf("tak: illegal move %q in %s: %s", ptn, p.TPS(), p.why(&m))
}

// why explains why a well-formed move is not legal in p.
func (p *Position) why(m *move) string {
	me := p.turn
	if m.place {
		if p.stacks[m.sq] != "" {
			return "the square is not empty"
		}
		if p.moveNo == 1 {
			if m.kind != flat {
				return "on the first move only a flat of the opponent's colour is placed"
			}
			return "the opponent has no stone left to place"
		}
		if m.kind == capstone {
			return "no capstone left in reserve"
		}
		return "no stone left in reserve"
	}
	if p.moveNo == 1 {
		return "no stack moves on the first move"
	}
	if p.stacks[m.sq] == "" {
		return "the square is empty"
	}
	if p.topOwner(m.sq) != me {
		return "the stack's top piece is not the mover's"
	}
	if m.count > p.n {
		return fmt.Sprintf("carry limit is %d", p.n)
	}
	if m.count > len(p.stacks[m.sq]) {
		return fmt.Sprintf("the stack has only %d pieces", len(p.stacks[m.sq]))
	}
	t := m.sq
	for i := 0; i < m.nd; i++ {
		t = p.neighbour(t, m.dir)
		if t < 0 {
			return "the move leaves the board"
		}
		if p.stacks[t] == "" || p.tops[t] == flat {
			continue
		}
		if p.tops[t] == capstone {
			return "nothing moves onto a capstone"
		}
		if i != m.nd-1 || m.drops[i] != 1 || p.tops[m.sq] != capstone {
			return "only a capstone alone as the last drop moves onto a wall"
		}
	}
	return "not a legal move"
}

// Moves returns every legal move of p sorted by PTN string, or none when the game is over.
func Moves(p *Position) []Move {
	if GetResult(p).Over {
		return nil
	}
	ms := p.gen(nil)
	out := make([]Move, len(ms))
	for i := range ms {
		out[i] = Move{PTN: ms[i].ptn(p.n), After: p.apply(&ms[i]).TPS()}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].PTN < out[j].PTN })
	return out
}

// Play parses ptn and returns the position after it, or an error if the text is malformed or
// the move is not legal in p (including when the game is over). p is not changed.
func Play(p *Position, ptn string) (*Position, error) {
	m, err := p.find(ptn)
	if err != nil {
		return nil, err
	}
	return p.apply(&m), nil
}

// Perft counts the move sequences of the given depth from p; a finished game has none. Depth
// 0 (or less) counts 1.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if GetResult(p).Over {
		return 0
	}
	ms := p.gen(nil)
	if depth == 1 {
		return uint64(len(ms))
	}
	var sum uint64
	for i := range ms {
		sum += Perft(p.apply(&ms[i]), depth-1)
	}
	return sum
}
