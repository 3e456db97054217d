package board

import "math/bits"

// SquareSet is a set of squares as a bitset, so that move generation visits
// only the squares it needs (say, those a player's piece tops).
type SquareSet [(MaxSquares + 63) / 64]uint64

// Add puts sq in the set.
func (s *SquareSet) Add(sq Square) { s[sq>>6] |= 1 << (sq & 63) }

// Remove takes sq out of the set.
func (s *SquareSet) Remove(sq Square) { s[sq>>6] &^= 1 << (sq & 63) }

// Has reports whether sq is in the set.
func (s *SquareSet) Has(sq Square) bool { return s[sq>>6]&(1<<(sq&63)) != 0 }

// Len is the number of squares in the set.
func (s *SquareSet) Len() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// Squares appends the squares of the set in increasing order to buf.
func (s *SquareSet) Squares(buf []Square) []Square {
	for i, w := range s {
		for w != 0 {
			buf = append(buf, Square(i*64+bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
	return buf
}

// And is the squares in both s and o.
func (s SquareSet) And(o SquareSet) SquareSet {
	for i := range s {
		s[i] &= o[i]
	}
	return s
}

// Or is the squares in s or o.
func (s SquareSet) Or(o SquareSet) SquareSet {
	for i := range s {
		s[i] |= o[i]
	}
	return s
}

// AndNot is the squares in s but not in o.
func (s SquareSet) AndNot(o SquareSet) SquareSet {
	for i := range s {
		s[i] &^= o[i]
	}
	return s
}

// Empty reports whether the set has no square.
func (s SquareSet) Empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}
