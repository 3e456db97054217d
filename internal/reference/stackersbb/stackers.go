// Package stackersbb is a hand-written bitboard engine for Stackers, written
// from the rule text (/work/shared/rules/stackers.txt) and the choices
// pinned beside it (pinned.md), and nothing else. It is the yardstick the
// interpreter's speed is measured against (issue 29: random playouts,
// perft), and a second implementation its move lists are checked against.
// It shares no code with the interpreter.
//
// # Model
//
// Squares are numbered 0..63, a1 = 0, b1 = 1, .., h8 = 63 (file + 8·rank);
// the dark squares, where file+rank is even, are the playing squares. A stack
// is its height and a column of bits, bit i the owner of the (i+1)-th checker
// from the bottom (0 black, 1 white). Bitboards over the 64 squares, kept up
// to date on the two squares a move touches, say which squares each player
// tops, and which of those hold another of the player's checkers below the
// top (where lifts of more than one checker start).
//
// Black moves first from ranks 1-3 and bears off from rank 8; white the
// other way. A move is a Move (32 bits): from, to, the number of checkers
// lifted, and bits for a bear-off and a pass. Moves are generated into a
// fixed MoveList: nothing is allocated per move or per ply. Draws by
// repetition or by 100 quiet plies need the game's history and are left to
// the caller, as perft and random playouts ignore them.
package stackersbb

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Players.
const (
	Black = 0
	White = 1
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

// farRow is where each player bears off: black from rank 8, white from 1.
var farRow = [2]uint64{rank8, rank1}

// neighbours lists each square's diagonal neighbours (count in the last
// slot), for lifts of more than one checker.
var neighbours [64][5]uint8

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		n := 0
		for _, d := range [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
			if f+d[0] >= 0 && f+d[0] < 8 && r+d[1] >= 0 && r+d[1] < 8 {
				neighbours[sq][n] = uint8(sq + d[0] + 8*d[1])
				n++
			}
		}
		neighbours[sq][4] = uint8(n)
	}
}

// Move is a move: bits 0-5 from, 6-11 to, 12-16 the checkers lifted,
// bit 17 set for a bear-off (one checker, to unused), bit 18 for a pass.
type Move uint32

const (
	liftShift      = 12
	bearOff   Move = 1 << 17
	// Pass is the move of a player who has no other.
	Pass Move = 1 << 18
)

// From is the square the move lifts from.
func (m Move) From() int { return int(m & 63) }

// To is the square the move lands on (meaningless for a bear-off or pass).
func (m Move) To() int { return int(m >> 6 & 63) }

// Lift is the number of checkers moved.
func (m Move) Lift() int { return int(m >> liftShift & 31) }

// IsBearOff reports whether m bears a checker off.
func (m Move) IsBearOff() bool { return m&bearOff != 0 }

// String is the move in the pinned notation: c3-d4, 4d4-c3, b8-off, pass.
func (m Move) String() string {
	switch {
	case m == Pass:
		return "pass"
	case m.IsBearOff():
		return SquareName(m.From()) + "-off"
	}
	s := SquareName(m.From()) + "-" + SquareName(m.To())
	if k := m.Lift(); k > 1 {
		s = fmt.Sprint(k) + s
	}
	return s
}

// MaxMoves bounds the moves of any position: a player's 12 checkers start
// at most 12 lifts, each in at most 4 directions, and bear-offs are at most
// 4.
const MaxMoves = 64

// MoveList holds the moves of one position.
type MoveList struct {
	N int
	M [MaxMoves]Move
}

// Position is a Stackers position.
type Position struct {
	col     [64]uint32 // bit i: owner of the (i+1)-th checker from the bottom
	height  [64]uint8
	top     [2]uint64 // squares whose top checker is each player's
	deep    [2]uint64 // squares topped by p with more of p's checkers below
	onBoard [2]int8
	toMove  uint8
}

// Start is the initial position: black on the dark squares of ranks 1-3,
// white on ranks 6-8, black to move.
func Start() Position {
	var p Position
	for sq := 0; sq < 64; sq++ {
		if darkSqs>>sq&1 == 0 {
			continue
		}
		switch r := sq / 8; {
		case r <= 2:
			p.push(sq, Black)
		case r >= 5:
			p.push(sq, White)
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

// below is the column's bits of player pl's checkers under the top of a
// stack of height h.
func below(c uint32, h uint8, pl uint8) uint32 {
	mask := uint32(1)<<(h-1) - 1
	if pl == Black {
		return ^c & mask
	}
	return c & mask
}

// refresh recomputes the bitboards at sq from its stack.
func (p *Position) refresh(sq int) {
	bit := uint64(1) << sq
	p.top[0] &^= bit
	p.top[1] &^= bit
	p.deep[0] &^= bit
	p.deep[1] &^= bit
	h := p.height[sq]
	if h == 0 {
		return
	}
	t := uint8(p.col[sq] >> (h - 1) & 1)
	p.top[t] |= bit
	if below(p.col[sq], h, t) != 0 {
		p.deep[t] |= bit
	}
}

// ToMove is the player to move.
func (p *Position) ToMove() int { return int(p.toMove) }

// OnBoard is the number of player pl's checkers on the board.
func (p *Position) OnBoard(pl int) int { return int(p.onBoard[pl]) }

// Result says whether the game is over and who won: the player who just
// moved wins when he has no checker left on the board.
func (p *Position) Result() (over bool, winner int) {
	if mover := p.toMove ^ 1; p.onBoard[mover] == 0 {
		return true, int(mover)
	}
	return false, -1
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

// Generate fills ms with the moves of the player to move — a pass when
// there is no other — none when the game is over, and returns their number.
func (p *Position) Generate(ms *MoveList) int {
	ms.N = 0
	me := p.toMove
	if p.onBoard[me^1] == 0 {
		return 0
	}
	mine := p.top[me]
	const one = Move(1) << liftShift
	emit(ms, (mine&notA)<<7, 7, one)
	emit(ms, (mine&notH)<<9, 9, one)
	emit(ms, (mine&notH)>>7, -7, one)
	emit(ms, (mine&notA)>>9, -9, one)
	for d := p.deep[me]; d != 0; d &= d - 1 {
		from := bits.TrailingZeros64(d)
		h := p.height[from]
		nb := &neighbours[from]
		for own := below(p.col[from], h, me); own != 0; own &= own - 1 {
			// The checker at level i from the bottom lifts h-i checkers.
			base := Move(from) | Move(int(h)-bits.TrailingZeros32(own))<<liftShift
			for _, to := range nb[:nb[4]] {
				ms.M[ms.N] = base | Move(to)<<6
				ms.N++
			}
		}
	}
	emit(ms, mine&farRow[me], 0, bearOff|one)
	if ms.N == 0 {
		ms.M[0] = Pass
		ms.N = 1
	}
	return ms.N
}

// Apply plays m, which must be legal at p.
func (p *Position) Apply(m Move) {
	switch {
	case m == Pass:
	case m&bearOff != 0:
		from := m.From()
		h := p.height[from] - 1
		p.height[from] = h
		p.col[from] &^= 1 << h
		p.onBoard[p.toMove]--
		p.refresh(from)
	default:
		from, to := m.From(), m.To()
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

// Perft counts the move sequences of exactly depth plies from p, a pass
// being a move (the moves of the last ply counted, not played, as the
// interpreter's Perft does).
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
// or maxPlies have been played, and returns the plies played (a pass is a
// ply): the loop of the interpreter's RandomPlayout (generate every move,
// pick one with rng.IntN, apply).
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

var letters = [2]byte{'b', 'w'}

// String is the position in the pinned notation: "b a1:b,c3:wb,...", cells
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
		return Position{}, fmt.Errorf("stackers position %q: %s", text, fmt.Sprintf(format, args...))
	}
	turn, cells, ok := strings.Cut(text, " ")
	if !ok || len(turn) != 1 {
		return fail("want the player to move (b or w), a space and the cells")
	}
	switch turn[0] {
	case 'b':
		p.toMove = Black
	case 'w':
		p.toMove = White
	default:
		return fail("unknown player to move %q (b or w)", turn)
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
			pl := strings.IndexByte("bw", stack[i])
			if pl < 0 {
				return fail("square %s: unknown checker %q (b or w)", name, stack[i])
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
