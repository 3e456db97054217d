// Package ligerbb is a hand-written bitboard engine for Liger, written from
// the rule text (/work/shared/rules/liger.txt) and the choices pinned beside
// it (pinned.md), and nothing else. It is the yardstick the interpreter's
// speed is measured against (issue 29: random playouts, perft), and a second
// implementation its move lists are checked against. It shares no code with
// the interpreter.
//
// # Model
//
// Squares are numbered 0..63, a1 = 0, b1 = 1, .., h8 = 63 (file + 8·rank);
// the dark squares, where file+rank is even, are the playing squares. A stack
// is its height and a column of bits, bit i the owner of the (i+1)-th checker
// from the bottom (0 red, 1 blue). Bitboards over the 64 squares, kept up to
// date on the two squares a move touches, say which squares each player tops,
// which of those hold the opponent's checker second (a pair that may move),
// and which hold a lone checker (which may move backward).
//
// Red moves first and up the board (forward is +7 and +9), blue down. A move
// is a Move (16 bits): from, to, a bit for a 2-checker lift and a bit for a
// bear-off. Moves are generated into a fixed MoveList: nothing is allocated
// per move or per ply.
package ligerbb

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Players.
const (
	Red  = 0
	Blue = 1
)

// CheckersEach is what each player starts with.
const CheckersEach = 12

const (
	fileA   uint64 = 0x0101010101010101
	fileH   uint64 = 0x8080808080808080
	rank1   uint64 = 0x00000000000000FF
	rank8   uint64 = 0xFF00000000000000
	notA           = ^fileA
	notH           = ^fileH
	darkSqs uint64 = 0xAA55AA55AA55AA55 // a1, c1, .., b2, ..: file+rank even
)

// farRow is where each player bears off: red from rank 8, blue from rank 1.
var farRow = [2]uint64{rank8, rank1}

// Move is a move: bits 0-5 from, 6-11 to, bit 12 set for a lift of two,
// bit 13 set for a bear-off (to is then unused).
type Move uint16

const (
	liftTwo Move = 1 << 12
	bearOff Move = 1 << 13
)

// From is the square the move lifts from.
func (m Move) From() int { return int(m & 63) }

// To is the square the move lands on (meaningless for a bear-off).
func (m Move) To() int { return int(m >> 6 & 63) }

// Lift is the number of checkers moved.
func (m Move) Lift() int { return 1 + int(m>>12&1) }

// IsBearOff reports whether m bears a checker off.
func (m Move) IsBearOff() bool { return m&bearOff != 0 }

// String is the move in the pinned notation: c3-d4, 2c3-d4, b8-off.
func (m Move) String() string {
	if m.IsBearOff() {
		return SquareName(m.From()) + "-off"
	}
	s := SquareName(m.From()) + "-" + SquareName(m.To())
	if m.Lift() == 2 {
		s = "2" + s
	}
	return s
}

// MaxMoves bounds the moves of any position: a player tops at most 12
// squares; forward moves of one and of two checkers are at most 2 each per
// square, backward moves 2 per lone checker, bear-offs 4.
const MaxMoves = 128

// MoveList holds the moves of one position.
type MoveList struct {
	N int
	M [MaxMoves]Move
}

// Position is a Liger position.
type Position struct {
	col     [64]uint32 // bit i: owner of the (i+1)-th checker from the bottom
	height  [64]uint8
	top     [2]uint64 // squares whose top checker is each player's
	pair    [2]uint64 // squares topped by p whose second checker is the opponent's
	solo    uint64    // squares holding exactly one checker
	onBoard [2]int8
	toMove  uint8
}

// Start is the initial position: red on the dark squares of ranks 1-3,
// blue on ranks 6-8, red to move.
func Start() Position {
	var p Position
	for sq := 0; sq < 64; sq++ {
		if darkSqs>>sq&1 == 0 {
			continue
		}
		switch r := sq / 8; {
		case r <= 2:
			p.push(sq, Red)
		case r >= 5:
			p.push(sq, Blue)
		}
	}
	return p
}

// push puts a checker of player pl on top of sq (setting up positions).
func (p *Position) push(sq, pl int) {
	p.col[sq] |= uint32(pl) << p.height[sq]
	p.height[sq]++
	p.onBoard[pl]++
	p.refresh(sq)
}

// refresh recomputes the bitboards at sq from its stack.
func (p *Position) refresh(sq int) {
	bit := uint64(1) << sq
	p.top[0] &^= bit
	p.top[1] &^= bit
	p.pair[0] &^= bit
	p.pair[1] &^= bit
	p.solo &^= bit
	h := p.height[sq]
	if h == 0 {
		return
	}
	c := p.col[sq]
	t := c >> (h - 1) & 1
	p.top[t] |= bit
	if h == 1 {
		p.solo |= bit
	} else if c>>(h-2)&1 != t {
		p.pair[t] |= bit
	}
}

// ToMove is the player to move.
func (p *Position) ToMove() int { return int(p.toMove) }

// Showing is the number of stacks player pl tops.
func (p *Position) Showing(pl int) int { return bits.OnesCount64(p.top[pl]) }

// OnBoard is the number of player pl's checkers on the board.
func (p *Position) OnBoard(pl int) int { return int(p.onBoard[pl]) }

// Result says whether the game is over and who won. The end rules are
// judged for the player who just moved: with no checker of his left he has
// borne them all off and wins; else if his opponent shows no checker, he
// loses. (At the start nobody has moved, and neither holds.)
func (p *Position) Result() (over bool, winner int) {
	mover := p.toMove ^ 1
	if p.onBoard[mover] == 0 {
		return true, int(mover)
	}
	if p.top[p.toMove] == 0 {
		return true, int(p.toMove)
	}
	return false, -1
}

// over is Result's first answer.
func (p *Position) over() bool {
	return p.onBoard[p.toMove^1] == 0 || p.top[p.toMove] == 0
}

// emit appends a move for every square of targets, from the square delta
// before it.
func emit(ms *MoveList, targets uint64, delta int, flags Move) {
	n := ms.N
	for targets != 0 {
		to := bits.TrailingZeros64(targets)
		targets &= targets - 1
		ms.M[n] = Move(to-delta) | Move(to)<<6 | flags
		n++
	}
	ms.N = n
}

// Generate fills ms with the moves of the player to move, none when the
// game is over, and returns their number.
func (p *Position) Generate(ms *MoveList) int {
	ms.N = 0
	if p.over() {
		return 0
	}
	me, opp := p.toMove, p.toMove^1
	mine, pairs := p.top[me], p.pair[me]
	backward := p.Showing(int(me)) < p.Showing(int(opp))
	if me == Red {
		emit(ms, (mine&notA)<<7, 7, 0)
		emit(ms, (mine&notH)<<9, 9, 0)
		emit(ms, (pairs&notA)<<7, 7, liftTwo)
		emit(ms, (pairs&notH)<<9, 9, liftTwo)
		if backward {
			lone, onto := mine&p.solo, p.top[opp]
			emit(ms, (lone&notH)>>7&onto, -7, 0)
			emit(ms, (lone&notA)>>9&onto, -9, 0)
		}
	} else {
		emit(ms, (mine&notH)>>7, -7, 0)
		emit(ms, (mine&notA)>>9, -9, 0)
		emit(ms, (pairs&notH)>>7, -7, liftTwo)
		emit(ms, (pairs&notA)>>9, -9, liftTwo)
		if backward {
			lone, onto := mine&p.solo, p.top[opp]
			emit(ms, (lone&notA)<<7&onto, 7, 0)
			emit(ms, (lone&notH)<<9&onto, 9, 0)
		}
	}
	emit(ms, mine&farRow[me], 0, bearOff)
	return ms.N
}

// Apply plays m, which must be legal at p.
func (p *Position) Apply(m Move) {
	from := m.From()
	if m&bearOff != 0 {
		h := p.height[from] - 1
		p.height[from] = h
		p.col[from] &^= 1 << h
		p.onBoard[p.toMove]--
		p.refresh(from)
	} else {
		to := m.To()
		k := uint8(m.Lift())
		h := p.height[from] - k
		section := p.col[from] >> h
		p.col[from] &= 1<<h - 1
		p.height[from] = h
		p.col[to] |= section << p.height[to]
		p.height[to] += k
		p.refresh(from)
		p.refresh(to)
	}
	p.toMove ^= 1
}

// Perft counts the move sequences of exactly depth plies from p (the moves
// of the last ply counted, not played, as the interpreter's Perft does).
func Perft(p *Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	// One position and one move list per ply, made once (a position copied
	// in a recursive call would be moved to the heap).
	w := perftWork{pos: make([]Position, depth+1), lists: make([]MoveList, depth+1)}
	w.pos[depth] = *p
	return w.perft(depth)
}

type perftWork struct {
	pos   []Position
	lists []MoveList
}

func (w *perftWork) perft(depth int) int64 {
	p, ms := &w.pos[depth], &w.lists[depth]
	n := p.Generate(ms)
	if depth == 1 {
		return int64(n)
	}
	var total int64
	q := &w.pos[depth-1]
	for _, m := range ms.M[:n] {
		*q = *p
		q.Apply(m)
		total += w.perft(depth - 1)
	}
	return total
}

// Playout plays uniformly random moves at p, in place, until the game ends
// or maxPlies have been played, and returns the plies played: the loop of
// the interpreter's RandomPlayout (generate every move, pick one with
// rng.IntN, apply).
func Playout(p *Position, rng *rand.Rand, maxPlies int, ms *MoveList) int {
	plies := 0
	for plies < maxPlies {
		n := p.Generate(ms)
		if n == 0 {
			break
		}
		p.Apply(ms.M[rng.IntN(n)])
		plies++
	}
	return plies
}

// SquareName is the algebraic name of sq: a1, b2, ...
func SquareName(sq int) string {
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}

var letters = [2]byte{'r', 'b'}

// String is the position in the pinned notation: "r a1:r,c3:br,...", cells
// by rank, then file, stacks bottom to top; "-" for an empty board.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteByte(letters[p.toMove])
	b.WriteByte(' ')
	first := true
	for sq := 0; sq < 64; sq++ {
		h := p.height[sq]
		if h == 0 {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.WriteString(SquareName(sq))
		b.WriteByte(':')
		for i := uint8(0); i < h; i++ {
			b.WriteByte(letters[p.col[sq]>>i&1])
		}
	}
	if first {
		b.WriteByte('-')
	}
	return b.String()
}

// Parse reads a position in the pinned notation. Cells may come in any
// order. It rejects, saying what and where, an unknown player letter, a
// square off the board or not a playing square, a square given twice, an
// empty stack, and more than 12 checkers of a player.
func Parse(text string) (Position, error) {
	var p Position
	fail := func(format string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf("liger position %q: %s", text, fmt.Sprintf(format, args...))
	}
	turn, cells, ok := strings.Cut(text, " ")
	if !ok || len(turn) != 1 {
		return fail("want the player to move (r or b), a space and the cells")
	}
	switch turn[0] {
	case 'r':
		p.toMove = Red
	case 'b':
		p.toMove = Blue
	default:
		return fail("unknown player to move %q (r or b)", turn)
	}
	if cells == "-" {
		return p, nil
	}
	for _, cell := range strings.Split(cells, ",") {
		name, stack, ok := strings.Cut(cell, ":")
		if !ok {
			return fail("cell %q is not square:stack", cell)
		}
		sq, err := ParseSquare(name)
		if err != nil {
			return fail("cell %q: %v", cell, err)
		}
		if p.height[sq] != 0 {
			return fail("square %s is given twice", name)
		}
		if stack == "" {
			return fail("square %s has an empty stack", name)
		}
		for i := 0; i < len(stack); i++ {
			pl := strings.IndexByte("rb", stack[i])
			if pl < 0 {
				return fail("square %s: unknown checker %q (r or b)", name, stack[i])
			}
			if p.onBoard[pl] == CheckersEach {
				return fail("square %s: more than %d checkers of %c", name, CheckersEach, stack[i])
			}
			p.push(sq, pl)
		}
	}
	return p, nil
}

// ParseSquare reads a square name, a1 to h8, which must be a dark square.
func ParseSquare(name string) (int, error) {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8' {
		return 0, fmt.Errorf("%q is not a square of the board (a1 to h8)", name)
	}
	sq := int(name[0]-'a') + 8*int(name[1]-'1')
	if darkSqs>>sq&1 == 0 {
		return 0, fmt.Errorf("%s is not a playing (dark) square", name)
	}
	return sq, nil
}
