package dvonn

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Piece totals: each player's own pieces and the DVONN pieces.
const (
	ownPieces   = 23
	dvonnPieces = 3
)

// hand indexes.
const (
	handW = 0
	handB = 1
	handD = 2
)

// Position is a DVONN position: the stacks on the 49 spaces, the player to move and the
// pieces still to be placed.
type Position struct {
	turn  byte            // 'w' or 'b'
	cells [numCells]stack // height 0 for an empty space
	hand  [3]int          // pieces still to be placed: white's own, black's own, DVONN
}

// Start is the empty board, white to place the first DVONN piece.
func Start() *Position {
	return &Position{turn: 'w', hand: [3]int{ownPieces, ownPieces, dvonnPieces}}
}

// placing reports whether the position is in the placement phase (pieces in hand).
func (p *Position) placing() bool { return p.hand != [3]int{} }

func other(player byte) byte {
	if player == 'w' {
		return 'b'
	}
	return 'w'
}

func handOf(player byte) int {
	if player == 'w' {
		return handW
	}
	return handB
}

// maxPieces is the most pieces a space can hold: every piece of the game.
const maxPieces = 2*ownPieces + dvonnPieces

// stack is the stack on one space, kept free of pointers so that positions copy cheaply.
type stack struct {
	h      uint8
	pieces [maxPieces]byte // bottom to top: 'w', 'b' or 'd'
}

func (s *stack) empty() bool     { return s.h == 0 }
func (s *stack) height() int     { return int(s.h) }
func (s *stack) top() byte       { return s.pieces[s.h-1] }
func (s *stack) bytes() []byte   { return s.pieces[:s.h] }
func (s *stack) set(l string)    { s.h = uint8(copy(s.pieces[:], l)) }
func (s *stack) has(c byte) bool { return bytes.IndexByte(s.bytes(), c) >= 0 }

// push puts t on top of s. Parse keeps the pieces of a position within maxPieces.
func (s *stack) push(t *stack) {
	s.h += uint8(copy(s.pieces[s.h:], t.bytes()))
}

// String returns the canonical position text: "TURN CELLS[ hand:wN,bN,dN]".
func (p *Position) String() string {
	var b strings.Builder
	b.Grow(256)
	b.WriteByte(p.turn)
	b.WriteByte(' ')
	n := 0
	for i := range p.cells {
		st := &p.cells[i]
		if st.empty() {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(squareNames[i])
		b.WriteByte(':')
		b.Write(st.bytes())
		n++
	}
	if n == 0 {
		b.WriteByte('-')
	}
	if p.placing() {
		b.WriteString(" hand:w" + strconv.Itoa(p.hand[handW]) + ",b" + strconv.Itoa(p.hand[handB]) +
			",d" + strconv.Itoa(p.hand[handD]))
	}
	return b.String()
}

// Parse reads a position text. Cells may be listed in any order (String writes them in
// board order); "hand:w0,b0,d0" is accepted and omitted again by String.
func Parse(s string) (*Position, error) {
	fail := func(format string, args ...any) (*Position, error) {
		return nil, fmt.Errorf("dvonn: position %q: %s", s, fmt.Sprintf(format, args...))
	}
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 3 {
		return fail("want 2 or 3 space-separated fields (TURN CELLS [hand:wN,bN,dN]), got %d", len(fields))
	}
	p := &Position{}
	switch fields[0] {
	case "w", "b":
		p.turn = fields[0][0]
	default:
		return fail("turn %q: want w or b", fields[0])
	}

	var stacks [numCells]string
	var seen [numCells]bool
	if fields[1] != "-" {
		for k, entry := range strings.Split(fields[1], ",") {
			name, stack, ok := strings.Cut(entry, ":")
			if !ok {
				return fail("cells entry %d %q: want square:stack", k+1, entry)
			}
			i, known := squareIndex[name]
			if !known {
				return fail("cells entry %d %q: unknown square %q", k+1, entry, name)
			}
			if stack == "" {
				return fail("cells entry %d %q: empty stack (leave empty squares out)", k+1, entry)
			}
			for h := 0; h < len(stack); h++ {
				if c := stack[h]; c != 'w' && c != 'b' && c != 'd' {
					return fail("cells entry %d %q: bad stack letter %q at height %d (want w, b or d)", k+1, entry, c, h+1)
				}
			}
			if seen[i] {
				return fail("cells entry %d %q: square %s given twice", k+1, entry, name)
			}
			seen[i] = true
			stacks[i] = stack
		}
	}

	if len(fields) == 3 {
		h, ok := parseHand(fields[2])
		if !ok {
			return fail("hand %q: want hand:wN,bN,dN with N >= 0", fields[2])
		}
		p.hand = h
	}

	var onBoard [3]int
	for _, st := range stacks {
		for h := 0; h < len(st); h++ {
			switch st[h] {
			case 'w':
				onBoard[handW]++
			case 'b':
				onBoard[handB]++
			case 'd':
				onBoard[handD]++
			}
		}
	}
	limits := [3]int{ownPieces, ownPieces, dvonnPieces}
	kinds := [3]string{"white", "black", "DVONN"}
	for k := range 3 {
		if onBoard[k]+p.hand[k] > limits[k] {
			return fail("%s pieces: %d on the board + %d in hand = %d, more than %d",
				kinds[k], onBoard[k], p.hand[k], onBoard[k]+p.hand[k], limits[k])
		}
	}
	// The counts are within 23/23/3, so every stack fits.
	for i, st := range stacks {
		p.cells[i].set(st)
	}
	if p.placing() {
		for i := range p.cells {
			if h := p.cells[i].height(); h > 1 {
				return fail("placement phase (hand not empty): stack on %s has height %d, more than 1", squareNames[i], h)
			}
		}
		if p.hand[handD] == 0 && p.hand[handOf(p.turn)] == 0 {
			return fail("placement phase (hand not empty): %s to move has nothing to place (no DVONN piece and no own piece in hand)",
				kinds[handOf(p.turn)])
		}
	}
	return p, nil
}

func parseHand(s string) ([3]int, bool) {
	var h [3]int
	rest, ok := strings.CutPrefix(s, "hand:")
	if !ok {
		return h, false
	}
	parts := strings.Split(rest, ",")
	if len(parts) != 3 {
		return h, false
	}
	for k, letter := range []string{"w", "b", "d"} {
		num, ok := strings.CutPrefix(parts[k], letter)
		if !ok || num == "" {
			return h, false
		}
		for _, c := range num {
			if c < '0' || c > '9' {
				return h, false
			}
		}
		n, err := strconv.Atoi(num)
		if err != nil {
			return h, false
		}
		h[k] = n
	}
	return h, true
}
