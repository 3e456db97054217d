package board

import "fmt"

// Columns taller than the window. A game that can build one (see
// Board.AllowTall) keeps its top Window() pieces and its height in the cell's
// Stack word, like any other, and the pieces below the window in the
// Position's Deep store. Pieces enter and leave columns at the top, or under
// the bottom for prisoners, so the store changes only when a move touches a
// tall column; Apply then works on whole Columns.
//
// One store is enough: a second column taller than the window would need more
// than TallLimit pieces, which the interpreter refuses at load time.

// Deep holds the pieces below the window of the one column taller than it:
// Below is a stack of them, top first like any stack, on square Sq. A
// position with no such column has the zero Deep, so positions compare equal
// whatever column was tall before.
type Deep struct {
	Below Stack
	Sq    Square
}

// maxTall bounds a Column: two windows of one-bit pieces, and the height
// bits.
const maxTall = maxColumn

// Column is a whole stack, however tall: its piece codes bottom to top. It
// is a value of fixed size, for the few moves that touch a tall column.
type Column struct {
	N     int
	Codes [maxTall]uint8
}

// Top is the code of the top piece, or -1 for an empty column.
func (c *Column) Top() int {
	if c.N == 0 {
		return -1
	}
	return int(c.Codes[c.N-1])
}

// SetTop replaces the code of the top piece.
func (c *Column) SetTop(code int) {
	if c.N > 0 {
		c.Codes[c.N-1] = uint8(code)
	}
}

// Lift takes the top k pieces off c and returns them.
func (c *Column) Lift(k int) Column {
	var sec Column
	sec.N = k
	copy(sec.Codes[:k], c.Codes[c.N-k:c.N])
	c.N -= k
	return sec
}

// Push puts sec on top of c.
func (c *Column) Push(sec *Column) {
	copy(c.Codes[c.N:], sec.Codes[:sec.N])
	c.N += sec.N
}

// Bottomed puts the piece code under the bottom of c.
func (c *Column) Bottomed(code int) {
	copy(c.Codes[1:c.N+1], c.Codes[:c.N])
	c.Codes[0] = uint8(code)
	c.N++
}

// DropBottom takes the bottom n pieces off c.
func (c *Column) DropBottom(n int) {
	copy(c.Codes[:], c.Codes[n:c.N])
	c.N -= n
}

// ColumnAt is the whole column on sq.
func (b *Board) ColumnAt(p *Position, sq Square) Column {
	var c Column
	s := p.Cells[sq]
	h := s.Height()
	n := min(h, b.window)
	for i := 0; i < n; i++ {
		c.Codes[h-1-i] = uint8(b.Piece(s, i+1))
	}
	if h > n {
		below := p.Deep.Below
		for i := 0; i < h-n; i++ {
			c.Codes[h-n-1-i] = uint8(uint64(below) >> (uint(i) * b.bits) & b.mask)
		}
	}
	c.N = h
	return c
}

// SetColumn puts the column c on sq, keeping Showing, Tops, Hash and the
// Deep store up to date. It panics if c is taller than MaxHeight or a second
// column would be taller than the window: the interpreter refuses games where
// that can happen.
func (b *Board) SetColumn(p *Position, sq Square, c *Column) {
	if c.N > b.MaxHeight() {
		panic(fmt.Sprintf("a column of %d pieces on %s: this game holds at most %d", c.N, b.SquareName(sq), b.MaxHeight()))
	}
	var s, below Stack
	n := min(c.N, b.window)
	for i := c.N - n; i < c.N; i++ {
		s = b.Push(s, b.Single(int(c.Codes[i])))
	}
	for i := 0; i < c.N-n; i++ {
		below = b.Push(below, b.Single(int(c.Codes[i])))
	}
	s = Stack(uint64(s)&pieceMask | uint64(c.N)<<heightShift)
	if p.Deep.Below != 0 && p.Deep.Sq == sq {
		p.setDeep(Deep{})
	}
	if below != 0 {
		if p.Deep.Below != 0 {
			panic(fmt.Sprintf("a second column taller than %d pieces, on %s (the other is on %s)", b.window, b.SquareName(sq), b.SquareName(p.Deep.Sq)))
		}
		p.setDeep(Deep{Below: below, Sq: sq})
	}
	p.Set(b, sq, s)
}

// setDeep replaces the Deep store, keeping Hash up to date.
func (p *Position) setDeep(d Deep) {
	p.Hash ^= deepHash(p.Deep) ^ deepHash(d)
	p.Deep = d
}

// deepHash is the hash contribution of the Deep store: 0 when empty, so
// positions without tall columns hash as before.
func deepHash(d Deep) uint64 {
	if d.Below == 0 {
		return 0
	}
	return mix(uint64(d.Below) ^ (uint64(d.Sq)+1)*0xd1b5_4a32_d192_ed03)
}

// Piece is the code of the i-th piece from the top (1 = top) of the column
// on sq, below the window too, or -1 when the column is not that tall.
func (b *Board) PieceAt(p *Position, sq Square, i int) int {
	s := p.Cells[sq]
	if i <= b.window {
		return b.Piece(s, i)
	}
	if i > s.Height() || p.Deep.Below == 0 || p.Deep.Sq != sq {
		return -1
	}
	return b.Piece(p.Deep.Below, i-b.window)
}

// CellString writes the column on sq bottom to top as piece letters.
func (b *Board) CellString(p *Position, sq Square) string {
	s := p.Cells[sq]
	if s.Height() <= b.window {
		return b.StackString(s)
	}
	c := b.ColumnAt(p, sq)
	out := make([]byte, c.N)
	for i := range out {
		out[i] = b.letters[c.Codes[i]]
	}
	return string(out)
}

// CountAt adds to counts[owner] the pieces of each owner in the column on sq.
func (b *Board) CountAt(p *Position, sq Square, counts *[MaxPlayers]int16) {
	b.Count(p.Cells[sq], counts)
	if p.Deep.Below != 0 && p.Deep.Sq == sq {
		b.Count(p.Deep.Below, counts)
	}
}
