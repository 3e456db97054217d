// Package turkish is an independent move generator for Turkish draughts, written
// from the pinned rule text alone (it shares no code with the rule-file
// interpreter), so that differential tests can compare the two.
//
// Rules as pinned for stackrules: 8x8, every square playing; white (w, home rank
// 1) moves first. Men step one square forward or sideways; kings slide any
// distance orthogonally. Captures are orthogonal jumps (kings from afar), jumped
// pieces leave the board at once, a capture never reverses its direction between
// two jumps, capturing is compulsory and only the longest sequences are legal.
// A man ending its move on the far row is crowned. A player without a legal
// move loses.
package turkish

import (
	"fmt"
	"strings"
)

const size = 8

// Cell contents. A square holds at most one piece.
const (
	empty     byte = 0
	whiteMan  byte = 'w'
	blackMan  byte = 'b'
	whiteKing byte = 'W'
	blackKing byte = 'B'
)

// Position is the board and the player to move; it is a plain value, copied
// with q := *p.
type Position struct {
	board [size * size]byte // index rank*8 + file, both from 0
	turn  byte              // 'w' or 'b'
}

func squareName(sq int) string {
	return fmt.Sprintf("%c%d", 'a'+sq%size, sq/size+1)
}

func parseSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] >= 'a'+size || s[1] < '1' || s[1] >= '1'+size {
		return 0, fmt.Errorf("square %q is not on the 8x8 board (a1..h8)", s)
	}
	return int(s[1]-'1')*size + int(s[0]-'a'), nil
}

// Parse reads a position string "TURN CELLS", e.g. "w a2:w,b2:W" or "b -".
func Parse(s string) (*Position, error) {
	fields := strings.Fields(s)
	if len(fields) != 2 {
		return nil, fmt.Errorf("position %q: want \"TURN CELLS\" (two fields), got %d", s, len(fields))
	}
	p := &Position{}
	switch fields[0] {
	case "w", "b":
		p.turn = fields[0][0]
	default:
		return nil, fmt.Errorf("position %q: unknown turn %q (want w or b)", s, fields[0])
	}
	if fields[1] == "-" {
		return p, nil
	}
	seen := [size * size]bool{}
	for _, cell := range strings.Split(fields[1], ",") {
		name, stack, ok := strings.Cut(cell, ":")
		if !ok {
			return nil, fmt.Errorf("position %q: cell %q is not square:stack", s, cell)
		}
		sq, err := parseSquare(name)
		if err != nil {
			return nil, fmt.Errorf("position %q: %v", s, err)
		}
		if seen[sq] {
			return nil, fmt.Errorf("position %q: square %s given twice", s, name)
		}
		seen[sq] = true
		switch {
		case stack == "":
			return nil, fmt.Errorf("position %q: square %s has an empty stack", s, name)
		case len(stack) > 1:
			return nil, fmt.Errorf("position %q: square %s holds a stack of %d; Turkish draughts allows one piece per square", s, name, len(stack))
		}
		switch c := stack[0]; c {
		case whiteMan, blackMan, whiteKing, blackKing:
			p.board[sq] = c
		default:
			return nil, fmt.Errorf("position %q: square %s: unknown piece letter %q (want w, b, W or B)", s, name, c)
		}
	}
	return p, nil
}

// Start is the initial position: white men on ranks 2-3, black men on ranks 6-7.
func Start() *Position {
	p := &Position{turn: 'w'}
	for f := 0; f < size; f++ {
		p.board[1*size+f] = whiteMan
		p.board[2*size+f] = whiteMan
		p.board[5*size+f] = blackMan
		p.board[6*size+f] = blackMan
	}
	return p
}

// String is the canonical position string, cells by rank then file.
func (p *Position) String() string {
	var b strings.Builder
	b.WriteByte(p.turn)
	b.WriteByte(' ')
	n := 0
	for sq, c := range p.board {
		if c == empty {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(squareName(sq))
		b.WriteByte(':')
		b.WriteByte(c)
		n++
	}
	if n == 0 {
		b.WriteByte('-')
	}
	return b.String()
}
