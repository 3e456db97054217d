// Package focus is an independent move generator for Sid Sackson's Focus,
// written from the pinned rule text alone (it shares no code with the
// rule-file interpreter), so that differential tests can compare the two.
//
// Rules as pinned for stackrules: an 8x8 board without three squares at each
// corner (52 squares); red (r) moves first, green (g). A player controls a
// stack whose top piece is theirs and moves its top k pieces exactly k squares
// orthogonally, landing on top of whatever is there; or places a piece from
// reserve on any square. A stack taller than 5 loses pieces from the bottom:
// the mover's go to the mover's reserve, the opponent's are captured. A player
// with no legal move loses.
package focus

import (
	"fmt"
	"strconv"
	"strings"
)

const (
	size     = 8
	maxStack = 5  // a stack is cut back to this height after every move
	maxTall  = 10 // tallest a stack gets before it is cut: 5 + 5 lifted
)

// missing are the three squares cut from each corner.
var missing = map[string]bool{
	"a1": true, "b1": true, "a2": true,
	"g1": true, "h1": true, "h2": true,
	"a7": true, "a8": true, "b8": true,
	"g8": true, "h8": true, "h7": true,
}

// squares is the number of squares on the board.
const squares = size*size - 12

// onBoard[sq] says whether sq (rank*8 + file) is one of the 52 squares.
var onBoard = func() (b [size * size]bool) {
	for sq := range b {
		b[sq] = !missing[squareName(sq)]
	}
	return b
}()

// stack holds pieces bottom to top in p[:h].
type stack struct {
	h int
	p [maxTall]byte
}

func (s *stack) top() byte {
	if s.h == 0 {
		return 0
	}
	return s.p[s.h-1]
}

// Position is the board, the player to move, and each player's reserve and
// captured count, indexed by player (0 red, 1 green). It is a plain value.
type Position struct {
	cells    [size * size]stack
	turn     byte   // 'r' or 'g'
	reserve  [2]int // pieces off the board the player may place
	captured [2]int // the player's pieces removed from the game
}

var players = [2]byte{'r', 'g'}

func index(player byte) int {
	if player == 'g' {
		return 1
	}
	return 0
}

func other(player byte) byte {
	if player == 'r' {
		return 'g'
	}
	return 'r'
}

func squareName(sq int) string {
	return fmt.Sprintf("%c%d", 'a'+sq%size, sq/size+1)
}

func parseSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] >= 'a'+size || s[1] < '1' || s[1] >= '1'+size {
		return 0, fmt.Errorf("square %q is not on the 8x8 board (a1..h8)", s)
	}
	if missing[s] {
		return 0, fmt.Errorf("square %q is one of the cut corner squares, not on the Focus board", s)
	}
	return int(s[1]-'1')*size + int(s[0]-'a'), nil
}

// Parse reads "TURN CELLS[ reserve:rN,gM][ captured:rN,gM]", cells written as
// square:stack with the stack bottom to top, "-" for an empty board.
func Parse(s string) (*Position, error) {
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 4 {
		return nil, fmt.Errorf("position %q: want \"TURN CELLS [reserve:rN,gM] [captured:rN,gM]\"", s)
	}
	p := &Position{}
	switch fields[0] {
	case "r", "g":
		p.turn = fields[0][0]
	default:
		return nil, fmt.Errorf("position %q: unknown turn %q (want r or g)", s, fields[0])
	}
	if err := p.parseCells(fields[1]); err != nil {
		return nil, fmt.Errorf("position %q: %v", s, err)
	}
	rest := fields[2:]
	for _, name := range []string{"reserve", "captured"} {
		if len(rest) == 0 || !strings.HasPrefix(rest[0], name+":") {
			continue
		}
		counts, err := parseCounts(strings.TrimPrefix(rest[0], name+":"))
		if err != nil {
			return nil, fmt.Errorf("position %q: %s: %v", s, name, err)
		}
		if name == "reserve" {
			p.reserve = counts
		} else {
			p.captured = counts
		}
		rest = rest[1:]
	}
	if len(rest) > 0 {
		return nil, fmt.Errorf("position %q: unexpected field %q (after CELLS only reserve:rN,gM then captured:rN,gM)", s, rest[0])
	}
	return p, nil
}

func (p *Position) parseCells(cells string) error {
	if cells == "-" {
		return nil
	}
	seen := [size * size]bool{}
	for _, cell := range strings.Split(cells, ",") {
		name, pieces, ok := strings.Cut(cell, ":")
		if !ok {
			return fmt.Errorf("cell %q is not square:stack", cell)
		}
		sq, err := parseSquare(name)
		if err != nil {
			return err
		}
		if seen[sq] {
			return fmt.Errorf("square %s given twice", name)
		}
		seen[sq] = true
		switch {
		case pieces == "":
			return fmt.Errorf("square %s has an empty stack", name)
		case len(pieces) > maxStack:
			return fmt.Errorf("square %s holds %d pieces; a stack is at most %d", name, len(pieces), maxStack)
		}
		for i := 0; i < len(pieces); i++ {
			if pieces[i] != 'r' && pieces[i] != 'g' {
				return fmt.Errorf("square %s: unknown piece letter %q (want r or g)", name, pieces[i])
			}
		}
		c := &p.cells[sq]
		c.h = copy(c.p[:], pieces)
	}
	return nil
}

// parseCounts reads "rN,gM".
func parseCounts(s string) ([2]int, error) {
	var counts [2]int
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return counts, fmt.Errorf("%q: want rN,gM", s)
	}
	for i, part := range parts {
		if len(part) < 2 || part[0] != players[i] {
			return counts, fmt.Errorf("%q: want rN,gM", s)
		}
		n, err := strconv.Atoi(part[1:])
		if err != nil || n < 0 || part[1] == '+' || part[1] == '-' {
			return counts, fmt.Errorf("%q: count %q is not a number of pieces", s, part[1:])
		}
		counts[i] = n
	}
	return counts, nil
}

// Start is the initial position: 18 pieces each on b2-g7 in pairs.
func Start() *Position {
	p := &Position{turn: 'r'}
	rows := [2]string{"ggrrgg", "rrggrr"} // ranks 2, 4, 6 and ranks 3, 5, 7
	for rank := 1; rank <= 6; rank++ {
		row := rows[(rank-1)%2]
		for i := 0; i < 6; i++ {
			c := &p.cells[rank*size+1+i]
			c.p[0] = row[i]
			c.h = 1
		}
	}
	return p
}

// String is the canonical position string, cells by rank then file.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteByte(p.turn)
	b.WriteByte(' ')
	n := 0
	for sq := range p.cells {
		c := &p.cells[sq]
		if c.h == 0 {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(squareName(sq))
		b.WriteByte(':')
		b.Write(c.p[:c.h])
		n++
	}
	if n == 0 {
		b.WriteByte('-')
	}
	if p.reserve != [2]int{} {
		fmt.Fprintf(&b, " reserve:r%d,g%d", p.reserve[0], p.reserve[1])
	}
	if p.captured != [2]int{} {
		fmt.Fprintf(&b, " captured:r%d,g%d", p.captured[0], p.captured[1])
	}
	return b.String()
}
