package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Numeric notation, as draughts players write it (PDN): the playing squares
// are numbered 1..N row by row, starting with the row farthest from the
// player the diagram is drawn for, left to right as that player sees the
// board. English checkers numbers 1-32 as white sees it (black, who moves
// first, starts on 1-12, and plays 11-15); International draughts numbers
// 1-50 as white sees it, white starting on 31-50.

// SetNumbering numbers the playing squares as the player whose home is at
// the bottom (fromBottom) or the top of the board sees them. A board that is
// numbered reads moves in either notation.
func (g *Geometry) SetNumbering(fromBottom bool) {
	g.numberOf = make([]int16, len(g.coords))
	g.byNumber = g.byNumber[:0]
	for i := 0; i < g.Height; i++ {
		rank := g.Height - 1 - i // the far row first, for a player at the bottom
		if !fromBottom {
			rank = i
		}
		for j := 0; j < g.Width; j++ {
			file := j // left to right, for a player at the bottom
			if !fromBottom {
				file = g.Width - 1 - j
			}
			if s, ok := g.At(file, rank); ok {
				g.byNumber = append(g.byNumber, s)
				g.numberOf[s] = int16(len(g.byNumber))
			}
		}
	}
}

// Numbered reports whether the board has numeric notation.
func (g *Geometry) Numbered() bool { return len(g.byNumber) > 0 }

// SquareNumber is a square's number (1..N), or 0 when the board is not numbered.
func (g *Geometry) SquareNumber(s Square) int {
	if int(s) >= len(g.numberOf) {
		return 0
	}
	return int(g.numberOf[s])
}

// NumberedSquare is the square with number n, if there is one.
func (g *Geometry) NumberedSquare(n int) (Square, bool) {
	if n < 1 || n > len(g.byNumber) {
		return NoSquare, false
	}
	return g.byNumber[n-1], true
}

// NumericMoveString writes a move in numeric notation: "11-15", "15x24",
// "1x10x19" (every landing square). Moves numeric notation has no form for
// (a lift of part of a stack, a bear-off, a pass) and boards that are not
// numbered are written as MoveString does.
func (g *Geometry) NumericMoveString(m Move) string {
	if !g.Numbered() || m.Kind == BearOff || m.Kind == Pass || (m.Kind == Step && m.Lift > 1) {
		return g.MoveString(m)
	}
	num := func(s Square) string { return strconv.Itoa(g.SquareNumber(s)) }
	if m.Kind == Capture {
		s := num(m.From)
		for i := 0; i < int(m.Jumps); i++ {
			s += "x" + num(m.Landing(i))
		}
		return s
	}
	return num(m.From) + "-" + num(m.To)
}

// isNumericMove reports whether t looks like numeric notation: numbers
// joined by - or x ("11-15", "15x24x31").
func isNumericMove(t string) bool {
	if t == "" || t[0] < '0' || t[0] > '9' {
		return false
	}
	seps := 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= '0' && c <= '9':
		case c == '-' || c == 'x':
			if i == 0 || i == len(t)-1 || t[i-1] == '-' || t[i-1] == 'x' {
				return false
			}
			seps++
		default:
			return false
		}
	}
	return seps > 0
}

// parseNumeric reads numeric notation. "a-b" is a step or, when the game
// has it so, a single capture written with a dash; "axbxc" is a capture
// with its landing squares. Whether the move is legal is the game's business.
func (g *Geometry) parseNumeric(text, t string) (Move, error) {
	capture := strings.Contains(t, "x")
	sep := "-"
	if capture {
		if strings.Contains(t, "-") {
			return Move{}, fmt.Errorf("move %q: write a step as 11-15 and a capture as 15x24, not both", text)
		}
		sep = "x"
	}
	parts := strings.Split(t, sep)
	if !capture && len(parts) != 2 {
		return Move{}, fmt.Errorf("move %q: a step is two squares, like 11-15", text)
	}
	if len(parts)-1 > MaxJumps {
		return Move{}, fmt.Errorf("move %q: more than %d jumps", text, MaxJumps)
	}
	sqs := make([]Square, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		sq, ok := g.NumberedSquare(n)
		if err != nil || !ok {
			return Move{}, fmt.Errorf("move %q: %s is not a square; squares are numbered 1 to %d", text, p, len(g.byNumber))
		}
		sqs[i] = sq
	}
	if !capture {
		return Move{From: sqs[0], To: sqs[1], Lift: 1, Kind: Step}, nil
	}
	m := Move{Kind: Capture, Jumps: uint8(len(sqs) - 1), From: sqs[0], To: sqs[len(sqs)-1]}
	copy(m.Via[:], sqs[1:len(sqs)-1])
	return m, nil
}
