package board

import (
	"fmt"
	"math/bits"
	"unicode/utf8"
)

// Stack is a column of pieces packed in one word: the height in the top
// heightBits bits, and from bit 0 up one piece code per piece, top first,
// each Board.Bits() wide. The empty stack is 0, so an empty board is all zeros
// and a Position copies as plain memory.
//
// The word holds the top Board.Window() pieces; the height is the whole
// column's. A game whose columns can grow taller (see Board.AllowTall)
// keeps the pieces below the window of its one tall column in the
// Position's Deep store. Packing from the top means the top piece, the
// height and the pieces near the top read the same however tall the
// column: the move generator never looks below the window except for
// piece(i) and bottom (see Position.Piece).
type Stack uint64

const (
	heightShift = 58
	pieceBits   = heightShift // bits available for pieces
	pieceMask   = 1<<pieceBits - 1
	// maxColumn is the tallest column the height bits can count.
	maxColumn = 1<<(64-heightShift) - 1
)

// Height is the number of pieces in the stack.
func (s Stack) Height() int { return int(s >> heightShift) }

// MaxPlayers bounds the players of a game; counts are kept in fixed arrays.
const MaxPlayers = 4

// Board is what a position needs to know about its game: the geometry, the
// number of players and the piece alphabet. A piece code is owner + kind*Players;
// kind 0 is the plain checker, written with the player's lower-case letter.
// After the players' codes come the neutral pieces' (NewBoardNeutral), which
// belong to nobody: their owner is -1, and each is a kind of its own,
// numbered after the players' kinds.
type Board struct {
	*Geometry
	Players int
	letters []byte // piece code -> letter
	codeOf  [256]int8
	owner   [64]int8 // piece code -> player, -1 for a neutral piece; a table, since % is a division
	kindOf  [64]int8 // piece code -> kind
	owned   int      // the players' piece codes: players × kinds; neutral codes follow
	bits    uint
	mask    uint64
	window  int          // pieces one Stack word holds
	tall    bool         // one column may be taller than the window (AllowTall)
	counts  []CountField // the count fields of position strings
	// diceSides is the largest number on the game's dice, 0 without dice.
	diceSides                  int
	diceCount                  int   // dice in a roll (1 or 2), for position strings
	pools                      []int // piece code of each pool (pools.go); nil without pools
	plyCounted                 bool  // positions carry the ply (pools.go)
	streakCounted, streakPiece bool  // positions carry streaks, of one piece each (streak.go)
	// onTop: every kind but the plain one stays on top of its stack (see
	// NewBoardOnTop); a Stack word then holds each piece's owner and the top
	// piece's kind once, in kbits bits at kshift.
	onTop  bool
	kbits  uint
	kshift uint
	kmask  uint64
}

// NewBoard makes a Board for players whose piece letters are given by code
// (letters[code], code = owner + kind*players).
func NewBoard(g *Geometry, players int, letters []byte) (*Board, error) {
	return NewBoardNeutral(g, players, letters, nil)
}

// NewBoardNeutral is NewBoard with neutral pieces too: pieces that belong to
// nobody (DVONN's red pieces), one letter each, coded after the players'.
func NewBoardNeutral(g *Geometry, players int, letters, neutral []byte) (*Board, error) {
	if players < 1 || players > MaxPlayers {
		return nil, fmt.Errorf("%d players: between 1 and %d are supported", players, MaxPlayers)
	}
	if len(letters) < players || len(letters)%players != 0 {
		return nil, fmt.Errorf("piece alphabet %q does not fit %d players", letters, players)
	}
	owned := len(letters)
	letters = append(append([]byte(nil), letters...), neutral...)
	b := &Board{Geometry: g, Players: players, letters: letters, owned: owned}
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
	b.window = pieceBits / int(b.bits)
	if len(letters) > len(b.owner) {
		return nil, fmt.Errorf("at most %d kinds of piece", len(b.owner))
	}
	for code := range letters {
		if code < owned {
			b.owner[code] = int8(code % players)
			b.kindOf[code] = int8(code / players)
		} else {
			b.owner[code] = -1
			b.kindOf[code] = int8(owned/players + code - owned)
		}
	}
	return b, nil
}

// NewBoardOnTop is NewBoard for a game whose pieces of every kind but the
// plain one always stay on top of their stack (Tak's walls and capstones):
// a Stack word keeps one owner per piece and the top piece's kind once, so
// it holds as many pieces as a game of plain pieces does (56 for two
// players with up to four kinds, not 19). Covering a piece of such a kind
// makes it the plain kind: the word has no room to remember it.
func NewBoardOnTop(g *Geometry, players int, letters []byte) (*Board, error) {
	b, err := NewBoardNeutral(g, players, letters, nil)
	if err != nil {
		return nil, err
	}
	kinds := len(letters) / players
	b.onTop = true
	b.bits = uint(bits.Len(uint(players - 1)))
	if b.bits == 0 {
		b.bits = 1
	}
	b.mask = 1<<b.bits - 1
	b.kbits = uint(bits.Len(uint(kinds - 1)))
	b.kmask = 1<<b.kbits - 1
	b.kshift = heightShift - b.kbits
	b.window = int(b.kshift / b.bits)
	return b, nil
}

// OnTop reports whether the board keeps kinds only on top (NewBoardOnTop).
func (b *Board) OnTop() bool { return b.onTop }

// Kinds is the number of kinds of piece: the players' kinds, then one per
// neutral piece.
func (b *Board) Kinds() int { return b.owned/b.Players + len(b.letters) - b.owned }

// Neutral is the number of neutral pieces (pieces of nobody).
func (b *Board) Neutral() int { return len(b.letters) - b.owned }

// NeutralCode is the piece code of the j-th neutral piece.
func (b *Board) NeutralCode(j int) int { return b.owned + j }

// CodeOf is the piece code of player's piece of kind k, or of the neutral
// piece of kind k (player ignored); -1 when there is none.
func (b *Board) CodeOf(player, k int) int {
	if k < b.owned/b.Players {
		if player < 0 || player >= b.Players {
			return -1
		}
		return player + k*b.Players
	}
	if code := b.owned + k - b.owned/b.Players; code < len(b.letters) {
		return code
	}
	return -1
}

// CodeOfLetter is the piece code a letter stands for, -1 for none.
func (b *Board) CodeOfLetter(l byte) int { return int(b.codeOf[l]) }

// Bits is how many bits one piece code takes in a Stack word: enough for
// every piece letter (players × kinds).
func (b *Board) Bits() int { return int(b.bits) }

// Codes is the number of piece codes: players × kinds.
func (b *Board) Codes() int { return len(b.letters) }

// Window is the number of pieces one Stack word holds: the top ones of a
// taller column.
func (b *Board) Window() int { return b.window }

// MaxHeight is the tallest stack a position of this game can hold: the
// window, or with AllowTall the window and as many again below it.
func (b *Board) MaxHeight() int {
	if b.tall {
		return b.TallLimit()
	}
	return b.window
}

// TallLimit is the tallest column AllowTall makes room for: the window and
// a second word of pieces in the Deep store, as far as the height bits
// count.
func (b *Board) TallLimit() int { return min(2*b.window, maxColumn) }

// AllowTall lets one column at a time be taller than the window, up to
// TallLimit, its bottom pieces kept in the Position's Deep store. A game
// turns it on only when its pieces could build such a column: only then
// does a position need the store, and Apply the slower path that keeps it.
func (b *Board) AllowTall() { b.tall = true }

// Tall reports whether AllowTall is on.
func (b *Board) Tall() bool { return b.tall }

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
	if s == 0 {
		return -1
	}
	if b.onTop {
		return int(uint64(s)&b.mask) + int(uint64(s)>>b.kshift&b.kmask)*b.Players
	}
	return int(uint64(s) & b.mask)
}

// owners is the word's pieces without the top kind (onTop boards).
func (b *Board) owners(s Stack) uint64 { return uint64(s) & (1<<b.kshift - 1) }

// TopOwner is the player whose piece is on top, or -1 for an empty stack.
func (b *Board) TopOwner(s Stack) int {
	if s == 0 {
		return -1
	}
	return int(b.owner[uint64(s)&b.mask])
}

// Kind is the kind of a piece code: 0 for the plain piece.
func (b *Board) Kind(code int) int { return int(b.kindOf[code&63]) }

// TopKind is the kind of the top piece, or -1 for an empty stack.
func (b *Board) TopKind(s Stack) int {
	if s == 0 {
		return -1
	}
	if b.onTop {
		return int(uint64(s) >> b.kshift & b.kmask)
	}
	return int(b.kindOf[uint64(s)&b.mask])
}

// SetTop replaces the code of the top piece (to promote it).
func (b *Board) SetTop(s Stack, code int) Stack {
	if s == 0 {
		return s
	}
	if b.onTop {
		w := uint64(s) &^ (b.mask | b.kmask<<b.kshift)
		return Stack(w | uint64(code%b.Players) | uint64(code/b.Players)<<b.kshift)
	}
	return Stack(uint64(s)&^b.mask | uint64(code))
}

// Bottomed puts the piece code under the bottom of s: a prisoner taken
// under a capturing column. Under a column as tall as the window the piece
// goes below it: the word counts it in the height only (see Column for
// keeping it).
func (b *Board) Bottomed(s Stack, code int) Stack {
	h := s.Height()
	if h == 0 {
		return b.Single(code)
	}
	p := uint64(s) & pieceMask
	if b.onTop {
		code %= b.Players // under others, a piece is of the plain kind
	}
	if h < b.window {
		p |= uint64(code) << (uint(h) * b.bits)
	}
	return Stack(p | uint64(h+1)<<heightShift)
}

// Piece is the code of the i-th piece from the top (1 = top), or -1 when the
// stack is not that tall or the piece is below the window (see
// Position.Piece for those).
func (b *Board) Piece(s Stack, i int) int {
	if i < 1 || i > s.Height() || i > b.window {
		return -1
	}
	if b.onTop && i == 1 {
		return b.Top(s)
	}
	return int(uint64(s) >> (uint(i-1) * b.bits) & b.mask)
}

// Lift splits off the top k pieces (1 <= k <= height): what stays and the
// section lifted, itself a stack. On a column taller than the window what
// stays has only the pieces the window held (see Column).
func (b *Board) Lift(s Stack, k int) (rest, section Stack) {
	h := s.Height()
	cut := uint(k) * b.bits
	if b.onTop {
		// what stays is of the plain kind; the section keeps the top's kind
		p := b.owners(s)
		rest = Stack(p>>cut | uint64(h-k)<<heightShift)
		if h == k {
			rest = 0
		}
		section = Stack(p&(1<<cut-1) | uint64(s)&(b.kmask<<b.kshift) | uint64(k)<<heightShift)
		return rest, section
	}
	p := uint64(s) & pieceMask
	rest = Stack(p>>cut | uint64(h-k)<<heightShift)
	section = Stack(p&(1<<cut-1) | uint64(k)<<heightShift)
	return rest, section
}

// Push puts section on top of s. Pieces pushed below the window leave the
// word (see Column). On a board that keeps kinds on top, the piece covered
// becomes the plain kind.
func (b *Board) Push(s, section Stack) Stack {
	h, k := s.Height(), section.Height()
	if b.onTop {
		if k == 0 {
			return s
		}
		p := (b.owners(s)<<(uint(k)*b.bits) | b.owners(section)) & (1<<b.kshift - 1)
		return Stack(p | uint64(section)&(b.kmask<<b.kshift) | uint64(h+k)<<heightShift)
	}
	p := (uint64(s)<<(uint(k)*b.bits) | uint64(section)) & pieceMask
	return Stack(p | uint64(h+k)<<heightShift)
}

// Single is the stack of one piece.
func (b *Board) Single(code int) Stack {
	if b.onTop {
		return Stack(uint64(code%b.Players) | uint64(code/b.Players)<<b.kshift | 1<<heightShift)
	}
	return Stack(uint64(code) | 1<<heightShift)
}

// StackString writes a stack bottom to top as piece letters (the window's
// pieces of a taller column: see Board.CellString).
func (b *Board) StackString(s Stack) string {
	n := min(s.Height(), b.window)
	out := make([]byte, n)
	for i := 0; i < n; i++ {
		out[n-1-i] = b.letters[b.Piece(s, i+1)]
	}
	return string(out)
}

// ParseStack reads a stack written bottom to top as piece letters.
func (b *Board) ParseStack(text string) (Stack, error) {
	if text == "" {
		return 0, fmt.Errorf("empty stack")
	}
	if err := b.checkLetters(text); err != nil {
		return 0, err
	}
	if len(text) > b.window {
		return 0, fmt.Errorf("stack of %d pieces is taller than the %d this game can hold", len(text), b.window)
	}
	var s Stack
	for i := 0; i < len(text); i++ {
		code := int(b.codeOf[text[i]])
		if b.onTop && i < len(text)-1 && b.Kind(code) > 0 {
			return 0, fmt.Errorf("%q stays on top of its stack: it cannot be under %q", text[i], text[i+1:])
		}
		s = b.Push(s, b.Single(code))
	}
	return s, nil
}

// checkLetters makes sure text is piece letters of this game. Letters are
// checked before the height, so that a letter that is not ASCII is named
// whole rather than as its first byte or counted as several pieces.
func (b *Board) checkLetters(text string) error {
	for i, r := range text {
		if r >= utf8.RuneSelf || b.codeOf[text[i]] < 0 {
			return fmt.Errorf("unknown piece letter %q (this game has %s)", r, b.letters)
		}
	}
	return nil
}

// Count adds to counts[owner] the pieces of each owner in s (in its window);
// neutral pieces count for nobody.
func (b *Board) Count(s Stack, counts *[MaxPlayers]int16) {
	n := min(s.Height(), b.window)
	for i := 0; i < n; i++ {
		if o := b.owner[uint64(s)>>(uint(i)*b.bits)&b.mask]; o >= 0 {
			counts[o]++
		}
	}
}

// DropBottom takes the bottom n pieces (0 <= n <= height) off a stack no
// taller than the window: what a stack taller than a game's limit keeps.
func (b *Board) DropBottom(s Stack, n int) Stack {
	keep := s.Height() - n
	p := uint64(s) & (1<<(uint(keep)*b.bits) - 1)
	if b.onTop && keep > 0 {
		p |= uint64(s) & (b.kmask << b.kshift)
	}
	return Stack(p | uint64(keep)<<heightShift)
}

// OwnerMask is the set of the top n pieces of s (n at most 63) that belong
// to player p: bit i-1 set when piece i from the top (1 = top) is p's, as
// Owner(Piece(s, i)) says (p = -1: a neutral piece). Pieces past the height
// or below the window are left out. Move generation asks it once per stack for every lift size at
// once (`bottom == me`).
func (b *Board) OwnerMask(s Stack, p, n int) uint64 {
	n = min(n, s.Height(), b.window, 63)
	if n <= 0 || p < -1 || p >= b.Players {
		return 0
	}
	low := uint64(1)<<uint(n) - 1
	if b.OwnerBits() && p >= 0 {
		// One bit per piece, and that bit is its owner: two players and
		// one kind, or kinds kept on top only.
		if p == 1 {
			return uint64(s) & low
		}
		return ^uint64(s) & low
	}
	var m uint64
	for i := 1; i <= n; i++ {
		if b.Owner(b.Piece(s, i)) == p {
			m |= 1 << uint(i-1)
		}
	}
	return m
}

// OwnerBits reports whether a Stack word's bit i-1 is the owner (0 or 1) of
// its piece i from the top, for every piece the word holds: one bit per
// piece and that bit its owner (two players and one kind, or kinds kept on
// top only).
func (b *Board) OwnerBits() bool { return b.bits == 1 && b.Players == 2 && (b.onTop || b.owned == 2) }
