package board

import (
	"encoding/binary"
	"unsafe"
)

// A packed position is a Position in as few bytes as its game needs, for
// stores of many positions (the AI's endgame analysis keeps its frontier
// packed): a Position is sized for the largest board (over 1.3 KB), while
// a position of English checkers packs into about 150 to 300 bytes. It is
// the occupied squares as a bitmap, the stack on each of them, and the
// fields after Cells and Tops as they are in memory: a packed position is
// for the process that packed it, never a file. Tops is made again from
// the cells.

// packFrom is where the fields copied as bytes start: Position holds plain
// values only (no pointers, slices or maps; TestPackedFieldsArePlain), so
// its bytes are the position.
const packFrom = unsafe.Offsetof(Position{}.Showing)

// AppendPacked appends p packed to dst.
func (b *Board) AppendPacked(dst []byte, p *Position) []byte {
	n := b.NumSquares()
	at := len(dst)
	dst = append(dst, make([]byte, (n+7)/8)...)
	for sq, s := range p.Cells[:n] {
		if s != 0 {
			dst[at+sq/8] |= 1 << (sq % 8)
			dst = binary.LittleEndian.AppendUint64(dst, uint64(s))
		}
	}
	return append(dst, unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(p), packFrom)), unsafe.Sizeof(*p)-packFrom)...)
}

// UnpackPosition reads a position AppendPacked wrote at the start of src
// into p, and returns the bytes it took.
func (b *Board) UnpackPosition(src []byte, p *Position) int {
	n := b.NumSquares()
	occupied := src[:(n+7)/8]
	at := len(occupied)
	clear(p.Cells[:])
	p.Tops = [MaxPlayers]SquareSet{}
	for sq := range n {
		if occupied[sq/8]&(1<<(sq%8)) == 0 {
			continue
		}
		s := Stack(binary.LittleEndian.Uint64(src[at:]))
		at += 8
		p.Cells[sq] = s
		if t := b.TopOwner(s); t >= 0 {
			p.Tops[t].Add(Square(sq))
		}
	}
	rest := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(p), packFrom)), unsafe.Sizeof(*p)-packFrom)
	return at + copy(rest, src[at:at+len(rest)])
}
