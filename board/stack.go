package board

import (
	"fmt"
	"math/bits"
	"unicode/utf8"
)

// Stack is a column of pieces packed in one word: the height in the top
// heightBits bits, and above bit 0 one piece code per piece, bottom to top,
// each Board.Bits() wide. The empty stack is 0, so an empty board is all zeros
// and a Position copies as plain memory.
type Stack uint64

const (
	heightShift = 58
	pieceBits   = heightShift // bits available for pieces
	pieceMask   = 1<<pieceBits - 1
)

// Height is the number of pieces in the stack.
func (s Stack) Height() int { return int(s >> heightShift) }

// MaxPlayers bounds the players of a game; counts are kept in fixed arrays.
const MaxPlayers = 4

// Board is what a position needs to know about its game: the geometry, the
// number of players and the piece alphabet. A piece code is owner + kind*Players;
// kind 0 is the plain checker, written with the player's lower-case letter.
type Board struct {
	*Geometry
	Players int
	letters []byte // piece code -> letter
	codeOf  [256]int8
	owner   [64]int8 // piece code -> player; a table, since % is a division
	bits    uint
	mask    uint64
	counts  []CountField // the count fields of position strings
	// diceSides is the largest number on the game's dice, 0 without dice.
	diceSides int
}

// NewBoard makes a Board for players whose piece letters are given by code
// (letters[code], code = owner + kind*players).
func NewBoard(g *Geometry, players int, letters []byte) (*Board, error) {
	if players < 1 || players > MaxPlayers {
		return nil, fmt.Errorf("%d players: between 1 and %d are supported", players, MaxPlayers)
	}
	if len(letters) < players || len(letters)%players != 0 {
		return nil, fmt.Errorf("piece alphabet %q does not fit %d players", letters, players)
	}
	b := &Board{Geometry: g, Players: players, letters: append([]byte(nil), letters...)}
	for i := range b.codeOf {
		b.codeOf[i] = -1
	}
	for code, l := range letters {
		if l < 'A' || l > 'z' || (l > 'Z' && l < 'a') || b.codeOf[l] >= 0 {
			return nil, fmt.Errorf("piece letter %q is not a distinct ASCII letter", l)
		}
		b.codeOf[l] = int8(code)
	}
	b.bits = uint(bits.Len(uint(len(letters) - 1)))
	if b.bits == 0 {
		b.bits = 1
	}
	b.mask = 1<<b.bits - 1
	if len(letters) > len(b.owner) {
		return nil, fmt.Errorf("at most %d kinds of piece", len(b.owner))
	}
	for code := range letters {
		b.owner[code] = int8(code % players)
	}
	return b, nil
}

// MaxHeight is the tallest stack the packing can hold.
func (b *Board) MaxHeight() int { return pieceBits / int(b.bits) }

// Letter is the notation letter of a piece code.
func (b *Board) Letter(code int) byte { return b.letters[code] }

// Owner is the player a piece code belongs to, -1 for no piece (code -1).
func (b *Board) Owner(code int) int {
	if code < 0 {
		return -1
	}
	return int(b.owner[code&63])
}

// Top is the code of the top piece, or -1 for an empty stack.
func (b *Board) Top(s Stack) int {
	h := s.Height()
	if h == 0 {
		return -1
	}
	return int(uint64(s) >> (uint(h-1) * b.bits) & b.mask)
}

// TopOwner is the player whose piece is on top, or -1 for an empty stack.
func (b *Board) TopOwner(s Stack) int {
	h := s.Height()
	if h == 0 {
		return -1
	}
	return int(b.owner[uint64(s)>>(uint(h-1)*b.bits)&b.mask])
}

// Kind is the kind of a piece code: 0 for the plain piece.
func (b *Board) Kind(code int) int { return code / b.Players }

// TopKind is the kind of the top piece, or -1 for an empty stack.
func (b *Board) TopKind(s Stack) int {
	t := b.Top(s)
	if t < 0 {
		return -1
	}
	return t / b.Players
}

// SetTop replaces the code of the top piece (to promote it).
func (b *Board) SetTop(s Stack, code int) Stack {
	h := s.Height()
	if h == 0 {
		return s
	}
	shift := uint(h-1) * b.bits
	return Stack(uint64(s)&^(b.mask<<shift) | uint64(code)<<shift)
}

// Bottomed puts the piece code under the bottom of s: a prisoner taken
// under a capturing column.
func (b *Board) Bottomed(s Stack, code int) Stack {
	h := s.Height()
	p := (uint64(s)&pieceMask)<<b.bits | uint64(code)
	return Stack(p | uint64(h+1)<<heightShift)
}

// Piece is the code of the i-th piece from the top (1 = top), or -1 when the
// stack is not that tall.
func (b *Board) Piece(s Stack, i int) int {
	h := s.Height()
	if i < 1 || i > h {
		return -1
	}
	return int(uint64(s) >> (uint(h-i) * b.bits) & b.mask)
}

// Lift splits off the top k pieces (1 <= k <= height): what stays and the
// section lifted, itself a stack.
func (b *Board) Lift(s Stack, k int) (rest, section Stack) {
	h := s.Height()
	keep := uint(h-k) * b.bits
	p := uint64(s) & pieceMask
	rest = Stack(p&(1<<keep-1) | uint64(h-k)<<heightShift)
	section = Stack(p>>keep | uint64(k)<<heightShift)
	return rest, section
}

// Push puts section on top of s.
func (b *Board) Push(s, section Stack) Stack {
	h, k := s.Height(), section.Height()
	p := uint64(s)&pieceMask | (uint64(section)&pieceMask)<<(uint(h)*b.bits)
	return Stack(p | uint64(h+k)<<heightShift)
}

// Single is the stack of one piece.
func (b *Board) Single(code int) Stack { return Stack(uint64(code) | 1<<heightShift) }

// StackString writes a stack bottom to top as piece letters.
func (b *Board) StackString(s Stack) string {
	h := s.Height()
	out := make([]byte, h)
	for i := 0; i < h; i++ {
		out[i] = b.letters[uint64(s)>>(uint(i)*b.bits)&b.mask]
	}
	return string(out)
}

// ParseStack reads a stack written bottom to top as piece letters.
func (b *Board) ParseStack(text string) (Stack, error) {
	if text == "" {
		return 0, fmt.Errorf("empty stack")
	}
	// Letters first, so that a letter that is not ASCII is named whole
	// rather than as its first byte or counted as several pieces.
	for i, r := range text {
		if r >= utf8.RuneSelf || b.codeOf[text[i]] < 0 {
			return 0, fmt.Errorf("unknown piece letter %q (this game has %s)", r, b.letters)
		}
	}
	if len(text) > b.MaxHeight() {
		return 0, fmt.Errorf("stack of %d pieces is taller than the %d this game can hold", len(text), b.MaxHeight())
	}
	var s Stack
	for i := 0; i < len(text); i++ {
		s = b.Push(s, b.Single(int(b.codeOf[text[i]])))
	}
	return s, nil
}

// Count adds to counts[owner] the pieces of each owner in s.
func (b *Board) Count(s Stack, counts *[MaxPlayers]int16) {
	h := s.Height()
	for i := 0; i < h; i++ {
		counts[b.owner[uint64(s)>>(uint(i)*b.bits)&b.mask]]++
	}
}

// DropBottom takes the bottom n pieces (0 <= n <= height) off s: what a
// stack taller than a game's limit keeps.
func (b *Board) DropBottom(s Stack, n int) Stack {
	h := s.Height()
	p := (uint64(s) & pieceMask) >> (uint(n) * b.bits)
	return Stack(p | uint64(h-n)<<heightShift)
}
