package draughts

import (
	"fmt"
	"strconv"
	"strings"
)

// Position is a board, the player to move and, for games with a king-move
// limit, each player's run of king moves. It is a plain value except for the
// board slice: use Clone to copy it.
type Position struct {
	Rules *Rules
	Board []byte // index rank*Size + file; 0 empty, else w, b, W, B
	Turn  byte   // 'w' or 'b'
	// Run[side] is the king that made the last non-capturing moves of that
	// side (Rules.KingMoveLimit) and how many in a row; RunSquare -1 when none.
	// side 0 is 'w', 1 is 'b'.
	RunSquare [2]int
	RunCount  [2]int
}

func sideIndex(c byte) int {
	if c == 'w' {
		return 0
	}
	return 1
}

// owner is the player letter of a piece letter, 0 for an empty square.
func owner(c byte) byte {
	switch c {
	case 'w', 'W':
		return 'w'
	case 'b', 'B':
		return 'b'
	}
	return 0
}

func isKing(c byte) bool { return c == 'W' || c == 'B' }

func kingOf(side byte) byte { return side - 'a' + 'A' }

// Clone returns an independent copy of p.
func (p *Position) Clone() *Position {
	q := *p
	q.Board = append([]byte(nil), p.Board...)
	return &q
}

// SquareName is the algebraic name of a square index: a1, b2, ..., j10.
func (r *Rules) SquareName(sq int) string {
	return string(rune('a'+sq%r.Size)) + strconv.Itoa(sq/r.Size+1)
}

// ParseSquare reads an algebraic square name, which must be a playing square.
func (r *Rules) ParseSquare(s string) (int, error) {
	if len(s) < 2 || s[0] < 'a' || int(s[0]-'a') >= r.Size {
		return 0, fmt.Errorf("square %q is not on the %dx%d board", s, r.Size, r.Size)
	}
	rank, err := strconv.Atoi(s[1:])
	if err != nil || rank < 1 || rank > r.Size || s[1] == '0' || s[1] == '+' {
		return 0, fmt.Errorf("square %q is not on the %dx%d board", s, r.Size, r.Size)
	}
	f, rk := int(s[0]-'a'), rank-1
	if !r.Playing(f, rk) {
		return 0, fmt.Errorf("square %q is not a playing square", s)
	}
	return rk*r.Size + f, nil
}

// Start is the initial position: the first player's men on the playing
// squares of Rows ranks from StartRank, the second player's on the mirror
// ranks.
func Start(r *Rules) *Position {
	p := &Position{Rules: r, Board: make([]byte, r.Size*r.Size), Turn: r.First, RunSquare: [2]int{-1, -1}}
	for rk := 0; rk < r.Size; rk++ {
		for f := 0; f < r.Size; f++ {
			if !r.Playing(f, rk) {
				continue
			}
			switch {
			case rk >= r.StartRank && rk < r.StartRank+r.Rows:
				p.Board[rk*r.Size+f] = r.First
			case r.Size-1-rk >= r.StartRank && r.Size-1-rk < r.StartRank+r.Rows:
				p.Board[rk*r.Size+f] = r.Second()
			}
		}
	}
	return p
}

// Parse reads a position in stackrules' text form "TURN CELLS", e.g.
// "w c3:w,e5:B" or "b -" (pinned.md: cells are square:stack, a stack here
// being one piece letter, capitals for kings). Where Rules.KingMoveLimit is
// set, optional fields "run-w=d4:2" say that w's king on d4 has made 2
// non-capturing moves in a row.
func Parse(r *Rules, s string) (*Position, error) {
	fields := strings.Fields(s)
	if len(fields) < 2 {
		return nil, fmt.Errorf("position %q: want \"TURN CELLS\", got %d field(s)", s, len(fields))
	}
	p := &Position{Rules: r, Board: make([]byte, r.Size*r.Size), RunSquare: [2]int{-1, -1}}
	switch fields[0] {
	case "w", "b":
		p.Turn = fields[0][0]
	default:
		return nil, fmt.Errorf("position %q: unknown turn %q (want w or b)", s, fields[0])
	}
	if fields[1] != "-" {
		for _, cell := range strings.Split(fields[1], ",") {
			name, stack, ok := strings.Cut(cell, ":")
			if !ok {
				return nil, fmt.Errorf("position %q: cell %q is not square:piece", s, cell)
			}
			sq, err := r.ParseSquare(name)
			if err != nil {
				return nil, fmt.Errorf("position %q: %v", s, err)
			}
			if p.Board[sq] != 0 {
				return nil, fmt.Errorf("position %q: square %s given twice", s, name)
			}
			if len(stack) != 1 {
				return nil, fmt.Errorf("position %q: square %s holds %q; draughts allows exactly one piece per square", s, name, stack)
			}
			switch c := stack[0]; c {
			case 'w', 'b', 'W', 'B':
				p.Board[sq] = c
			default:
				return nil, fmt.Errorf("position %q: square %s: unknown piece letter %q (want w, b, W or B)", s, name, c)
			}
		}
	}
	for _, f := range fields[2:] {
		side, rest, ok := strings.Cut(strings.TrimPrefix(f, "run-"), "=")
		sqName, count, ok2 := strings.Cut(rest, ":")
		n, err := strconv.Atoi(count)
		if r.KingMoveLimit == 0 || !strings.HasPrefix(f, "run-") || !ok || !ok2 || (side != "w" && side != "b") || err != nil || n < 1 || n > r.KingMoveLimit {
			return nil, fmt.Errorf("position %q: unexpected field %q (want run-w=SQUARE:N, 1 <= N <= %d, in games with a king-move limit)", s, f, r.KingMoveLimit)
		}
		sq, err := r.ParseSquare(sqName)
		if err != nil {
			return nil, fmt.Errorf("position %q: field %q: %v", s, f, err)
		}
		if p.Board[sq] != kingOf(side[0]) {
			return nil, fmt.Errorf("position %q: field %q: no %s king on %s", s, f, side, sqName)
		}
		if !p.hasMenAndKings(side[0]) {
			return nil, fmt.Errorf("position %q: field %q: the king-move limit counts only while %s has both men and kings", s, f, side)
		}
		if p.RunSquare[sideIndex(side[0])] >= 0 {
			return nil, fmt.Errorf("position %q: field %q: a second run for %s", s, f, side)
		}
		p.RunSquare[sideIndex(side[0])], p.RunCount[sideIndex(side[0])] = sq, n
	}
	return p, nil
}

// String is the canonical text form, cells by rank then file, then the
// king-move runs (w first) if any.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteByte(p.Turn)
	b.WriteByte(' ')
	n := 0
	for sq, c := range p.Board {
		if c == 0 {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.Rules.SquareName(sq))
		b.WriteByte(':')
		b.WriteByte(c)
		n++
	}
	if n == 0 {
		b.WriteByte('-')
	}
	for i, side := range []byte{'w', 'b'} {
		if p.RunSquare[i] >= 0 {
			fmt.Fprintf(&b, " run-%c=%s:%d", side, p.Rules.SquareName(p.RunSquare[i]), p.RunCount[i])
		}
	}
	return b.String()
}
