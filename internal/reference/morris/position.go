package morris

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

const (
	red   = 0
	black = 1
)

var playerLetters = [2]string{"r", "b"}

// Position is the state without history: who moves, each player's pieces on the board
// (a 24-bit mask, bit i = pointNames[i]) and in hand.
type Position struct {
	turn   int
	pieces [2]uint32
	hand   [2]int
}

// Start is the opening position: red to move, empty board, nine pieces in each hand.
func Start() *Position {
	return &Position{turn: red, hand: [2]int{maxPieces, maxPieces}}
}

// String gives the canonical pinned form, e.g. "r a1:r,d2:b hand:r7,b8".
func (p *Position) String() string {
	var sb strings.Builder
	sb.WriteString(playerLetters[p.turn])
	sb.WriteByte(' ')
	if p.pieces[red]|p.pieces[black] == 0 {
		sb.WriteByte('-')
	}
	first := true
	for i := 0; i < numPoints; i++ {
		for pl := red; pl <= black; pl++ {
			if p.pieces[pl]&(1<<i) != 0 {
				if !first {
					sb.WriteByte(',')
				}
				first = false
				sb.WriteString(pointNames[i])
				sb.WriteByte(':')
				sb.WriteString(playerLetters[pl])
			}
		}
	}
	if p.hand[red] != 0 || p.hand[black] != 0 {
		fmt.Fprintf(&sb, " hand:r%d,b%d", p.hand[red], p.hand[black])
	}
	return sb.String()
}

// Parse reads a position string: TURN, CELLS ("-" for an empty board, else
// comma-separated point:letter pairs in any order), then optionally a hand field giving
// both counts. A player can never own more than nine pieces, so board plus hand over
// nine is rejected too.
func Parse(s string) (*Position, error) {
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 3 {
		return nil, fmt.Errorf("position %q: want \"TURN CELLS\" with an optional \"hand:rN,bM\" field, got %d fields", s, len(fields))
	}
	p := &Position{}
	switch fields[0] {
	case "r":
		p.turn = red
	case "b":
		p.turn = black
	default:
		return nil, fmt.Errorf("position %q: unknown turn %q (want r or b)", s, fields[0])
	}
	if fields[1] != "-" {
		for n, cell := range strings.Split(fields[1], ",") {
			name, stack, ok := strings.Cut(cell, ":")
			if !ok {
				return nil, fmt.Errorf("position %q: cell %d %q: want point:stack", s, n+1, cell)
			}
			pt, known := pointIndex[name]
			if !known {
				return nil, fmt.Errorf("position %q: cell %d %q: unknown point %q", s, n+1, cell, name)
			}
			if (p.pieces[red]|p.pieces[black])&(1<<pt) != 0 {
				return nil, fmt.Errorf("position %q: cell %d %q: duplicate point %s", s, n+1, cell, name)
			}
			switch stack {
			case "r":
				p.pieces[red] |= 1 << pt
			case "b":
				p.pieces[black] |= 1 << pt
			case "":
				return nil, fmt.Errorf("position %q: cell %d %q: empty stack", s, n+1, cell)
			default:
				if len(stack) > 1 && strings.Trim(stack, "rb") == "" {
					return nil, fmt.Errorf("position %q: cell %d %q: stack %q is taller than 1", s, n+1, cell, stack)
				}
				return nil, fmt.Errorf("position %q: cell %d %q: unknown piece letters %q (want r or b)", s, n+1, cell, stack)
			}
		}
	}
	if len(fields) == 3 {
		if err := p.parseHand(fields[2]); err != nil {
			return nil, fmt.Errorf("position %q: %v", s, err)
		}
	}
	for pl := red; pl <= black; pl++ {
		if n := bits.OnesCount32(p.pieces[pl]) + p.hand[pl]; n > maxPieces {
			return nil, fmt.Errorf("position %q: %s has %d pieces on the board and in hand, more than %d", s, playerLetters[pl], n, maxPieces)
		}
	}
	return p, nil
}

func (p *Position) parseHand(field string) error {
	counts, ok := strings.CutPrefix(field, "hand:")
	if !ok {
		return fmt.Errorf("third field %q: want hand:rN,bM", field)
	}
	parts := strings.Split(counts, ",")
	if len(parts) != 2 {
		return fmt.Errorf("hand field %q: want both counts, hand:rN,bM", field)
	}
	var seen [2]bool
	for _, part := range parts {
		if part == "" {
			return fmt.Errorf("hand field %q: empty count", field)
		}
		pl := -1
		switch part[0] {
		case 'r':
			pl = red
		case 'b':
			pl = black
		default:
			return fmt.Errorf("hand field %q: unknown player in %q (want r or b)", field, part)
		}
		if seen[pl] {
			return fmt.Errorf("hand field %q: %s given twice", field, playerLetters[pl])
		}
		seen[pl] = true
		digits := part[1:]
		if digits == "" || strings.Trim(digits, "0123456789") != "" {
			return fmt.Errorf("hand field %q: count %q is not a number", field, part)
		}
		n, err := strconv.Atoi(digits)
		if err != nil || n > maxPieces {
			return fmt.Errorf("hand field %q: count %q is over %d", field, part, maxPieces)
		}
		p.hand[pl] = n
	}
	return nil
}
