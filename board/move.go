package board

import (
	"fmt"
	"strconv"
	"strings"
)

// MoveKind says what a move does.
type MoveKind uint8

const (
	Step    MoveKind = iota // lift pieces from one square and drop them on another
	BearOff                 // take the top piece off the board
	Pass                    // do nothing; the turn passes
)

// Move is a small comparable value. Rule is the index of the rule that
// produced it, which the notation does not carry: parsed text is matched
// against the legal moves with SameAs, never trusted because it parsed.
type Move struct {
	From, To Square
	Lift     uint8
	Kind     MoveKind
	Rule     uint8
}

// SameAs reports whether two moves do the same thing, whatever rule made them.
func (m Move) SameAs(o Move) bool {
	return m.From == o.From && m.To == o.To && m.Lift == o.Lift && m.Kind == o.Kind
}

// MoveString writes a move: "[N]from-to" (N omitted when 1), "from-off", "pass".
func (g *Geometry) MoveString(m Move) string {
	switch m.Kind {
	case Pass:
		return "pass"
	case BearOff:
		return g.SquareName(m.From) + "-off"
	}
	s := g.SquareName(m.From) + "-" + g.SquareName(m.To)
	if m.Lift > 1 {
		s = strconv.Itoa(int(m.Lift)) + s
	}
	return s
}

// ParseMove reads move text in the notation. It checks the syntax and the
// squares only; whether the move is legal is the game's business.
func (g *Geometry) ParseMove(text string) (Move, error) {
	t := strings.TrimSpace(text)
	if t == "pass" {
		return Move{From: NoSquare, To: NoSquare, Kind: Pass}, nil
	}
	lift := 1
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > 0 {
		n, err := strconv.Atoi(t[:i])
		if err != nil || n < 1 || n > 255 {
			return Move{}, fmt.Errorf("move %q: %q is not a number of pieces to lift", text, t[:i])
		}
		lift = n
	}
	from, to, ok := strings.Cut(t[i:], "-")
	if !ok {
		return Move{}, fmt.Errorf("move %q: want from-to (like c3-d4, 2c3-d4), from-off or pass", text)
	}
	fs, err := g.ParseSquare(from)
	if err != nil {
		return Move{}, fmt.Errorf("move %q: %v", text, err)
	}
	if to == "off" {
		if i > 0 {
			return Move{}, fmt.Errorf("move %q: a bear-off takes one piece; write %s-off", text, from)
		}
		return Move{From: fs, To: NoSquare, Lift: 1, Kind: BearOff}, nil
	}
	ts, err := g.ParseSquare(to)
	if err != nil {
		return Move{}, fmt.Errorf("move %q: %v", text, err)
	}
	return Move{From: fs, To: ts, Lift: uint8(lift), Kind: Step}, nil
}
