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
	Capture                 // jump enemy stacks, landing on each square of the path in turn
	Place                   // put a piece from the mover's hand on To (From is NoSquare)
	Roll                    // a chance event: the dice are rolled (see dice.go)
	Play                    // a whole roll played, die by die, along tracks (see dice.go)
	// Spread lifts Lift pieces and drops them along a line from From,
	// Via[i] of them on the i-th square after it (bottom pieces first), on
	// Jumps squares, the last To: Tak's stack moves. A spread dropping
	// everything on one square is a Step.
	Spread
)

// MaxJumps bounds the jumps of one capture move, so a Move stays a flat value.
const MaxJumps = 18

// Move is a small comparable value. Rule is the index of the rule that
// produced it, which the notation does not carry: parsed text is matched
// against the legal moves with SameAs, never trusted because it parsed.
//
// Lift is the number of pieces lifted from the top; 0 means the whole stack
// (a rule with `lift: all`, and every capture), which the notation leaves
// implicit. A capture lands on Via[0..Jumps-2] and then on To. A step or a
// placement that completes a line may remove pieces: the top piece of each of
// Via[0..Removed-1], written after an x each (d2xa1, d2-d3xa1). A placement
// puts the mover's plain piece on To, or with Piece the piece of code
// Piece-1 (another kind, another player's, a neutral piece), written c3:W.
type Move struct {
	From, To Square
	Lift     uint8
	Kind     MoveKind
	Rule     uint8
	Jumps    uint8
	Removed  uint8
	Piece    uint8
	Via      [MaxJumps - 1]Square
}

// Drops is the number of pieces a spread drops on its i-th square.
func (m *Move) Drops(i int) int { return int(m.Via[i]) }

// SameAs reports whether two moves do the same thing, whatever rule made them.
func (m Move) SameAs(o Move) bool {
	m.Rule, o.Rule = 0, 0
	return m == o
}

// Landing is the i-th landing square of a capture (the last is To).
func (m *Move) Landing(i int) Square {
	if i == int(m.Jumps)-1 {
		return m.To
	}
	return m.Via[i]
}

// MoveString writes a move: "[N]from-to" (N omitted when 1), "from-off", "pass".
func (g *Geometry) MoveString(m Move) string {
	switch m.Kind {
	case Pass:
		return "pass"
	case BearOff:
		return g.SquareName(m.From) + "-off"
	case Capture:
		s := g.SquareName(m.From)
		for i := 0; i < int(m.Jumps); i++ {
			s += "x" + g.SquareName(m.Landing(i))
		}
		return s
	}
	var s string
	if m.Kind == Spread {
		s = g.SquareName(m.From) + "-" + g.SquareName(m.To) + "/" + m.dropsText()
		if m.Lift > 1 {
			s = strconv.Itoa(int(m.Lift)) + s
		}
		return s
	}
	if m.Kind == Place {
		s = g.SquareName(m.To)
	} else {
		s = g.SquareName(m.From) + "-" + g.SquareName(m.To)
		if m.Lift > 1 {
			s = strconv.Itoa(int(m.Lift)) + s
		}
	}
	for i := 0; i < int(m.Removed); i++ {
		s += "x" + g.SquareName(m.Via[i])
	}
	return s
}

// dropsText writes a spread's drops: digits, or numbers with dots between
// when one is more than 9.
func (m *Move) dropsText() string {
	var parts []string
	wide := false
	for i := 0; i < int(m.Jumps); i++ {
		parts = append(parts, strconv.Itoa(m.Drops(i)))
		wide = wide || m.Drops(i) > 9
	}
	if wide {
		return strings.Join(parts, ".")
	}
	return strings.Join(parts, "")
}

// parseDrops reads a spread's drops, "21" or "10.2".
func parseDrops(text, t string, m *Move) error {
	var parts []string
	if strings.Contains(t, ".") {
		parts = strings.Split(t, ".")
	} else {
		for _, r := range t {
			parts = append(parts, string(r))
		}
	}
	if len(parts) < 2 || len(parts) > len(m.Via) {
		return fmt.Errorf("move %q: a spread drops on 2 to %d squares, like 3c3-e3/21", text, len(m.Via))
	}
	total := 0
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 255 || p[0] == '+' || p[0] == '-' {
			return fmt.Errorf("move %q: %q is not a number of pieces to drop", text, p)
		}
		m.Via[i] = Square(n)
		total += n
	}
	m.Jumps = uint8(len(parts))
	if total != int(m.Lift) {
		return fmt.Errorf("move %q: the drops add up to %d, not the %d pieces lifted", text, total, m.Lift)
	}
	return nil
}

// parseRemovals reads the removed squares after a step or a placement: the
// text after its first x, "a1" or "a1xb4".
func (g *Geometry) parseRemovals(text, t string, m *Move) error {
	parts := strings.Split(t, "x")
	if len(parts) > len(m.Via) {
		return fmt.Errorf("move %q: more than %d removals", text, len(m.Via))
	}
	for i, p := range parts {
		sq, err := g.ParseSquare(p)
		if err != nil {
			return fmt.Errorf("move %q: %v", text, err)
		}
		m.Via[i] = sq
	}
	m.Removed = uint8(len(parts))
	return nil
}

// parseCapture reads "c3xe5xg7": every landing square, x between.
func (g *Geometry) parseCapture(text, t string) (Move, error) {
	parts := strings.Split(t, "x")
	if len(parts) < 2 {
		return Move{}, fmt.Errorf("move %q: a capture is written with every landing square, like c3xe5xg7", text)
	}
	if len(parts)-1 > MaxJumps {
		return Move{}, fmt.Errorf("move %q: more than %d jumps", text, MaxJumps)
	}
	m := Move{Kind: Capture, Jumps: uint8(len(parts) - 1)}
	for i, p := range parts {
		sq, err := g.ParseSquare(p)
		if err != nil {
			return Move{}, fmt.Errorf("move %q: %v", text, err)
		}
		switch {
		case i == 0:
			m.From = sq
		case i == len(parts)-1:
			m.To = sq
		default:
			m.Via[i-1] = sq
		}
	}
	return m, nil
}

// ParseMove reads move text in the notation. It checks the syntax and the
// squares only; whether the move is legal is the game's business. "d2xa1"
// reads as a capture; a game that places pieces reads it with ParsePlacement.
func (g *Geometry) ParseMove(text string) (Move, error) {
	t := strings.TrimSpace(text)
	if t == "pass" {
		return Move{From: NoSquare, To: NoSquare, Kind: Pass}, nil
	}
	if g.Numbered() && isNumericMove(t) {
		return g.parseNumeric(text, t)
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
	if strings.Contains(t, "x") && !strings.Contains(t, "-") {
		return g.parseCapture(text, t)
	}
	from, to, ok := strings.Cut(t[i:], "-")
	if !ok {
		return Move{}, fmt.Errorf("move %q: want from-to (like c3-d4, 2c3-d4), from-off or pass", text)
	}
	if to, drops, spread := strings.Cut(to, "/"); spread {
		fs, err := g.ParseSquare(from)
		if err != nil {
			return Move{}, fmt.Errorf("move %q: %v", text, err)
		}
		ts, err := g.ParseSquare(to)
		if err != nil {
			return Move{}, fmt.Errorf("move %q: %v", text, err)
		}
		m := Move{From: fs, To: ts, Lift: uint8(lift), Kind: Spread}
		if err := parseDrops(text, drops, &m); err != nil {
			return Move{}, err
		}
		return m, nil
	}
	var removals string
	to, removals, removes := strings.Cut(to, "x")
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
	m := Move{From: fs, To: ts, Lift: uint8(lift), Kind: Step}
	if removes {
		if err := g.parseRemovals(text, removals, &m); err != nil {
			return Move{}, err
		}
	}
	return m, nil
}

// ParsePlacement reads a placement from hand: the point alone ("d2"), then
// any removals ("d2xa1"). Games that place pieces read move text without a
// "-" with it; ParseMove reads "d2xa1" as a capture.
func (g *Geometry) ParsePlacement(text string) (Move, error) {
	t := strings.TrimSpace(text)
	to, removals, removes := strings.Cut(t, "x")
	sq, err := g.ParseSquare(to)
	if err != nil {
		return Move{}, fmt.Errorf("move %q: %v", text, err)
	}
	m := Move{From: NoSquare, To: sq, Lift: 1, Kind: Place}
	if removes {
		if err := g.parseRemovals(text, removals, &m); err != nil {
			return Move{}, err
		}
	}
	return m, nil
}

// MoveString writes a move as Geometry.MoveString does, and a placement of
// a piece other than the mover's plain one with its letter: c3:W.
func (b *Board) MoveString(m Move) string {
	s := b.Geometry.MoveString(m)
	if m.Kind == Place && m.Piece > 0 {
		sq, rest, _ := strings.Cut(s, "x")
		s = sq + ":" + string(b.letters[m.Piece-1])
		if rest != "" {
			s += "x" + rest
		}
	}
	return s
}

// ParsePlacement reads a placement as Geometry.ParsePlacement does, and a
// piece letter after the square, c3:W, as the piece placed (Move.Piece).
// The letter is checked against the board's pieces only: who may place
// which piece is the game's business.
func (b *Board) ParsePlacement(text string) (Move, error) {
	t := strings.TrimSpace(text)
	sq, rest, ok := strings.Cut(t, ":")
	if !ok {
		return b.Geometry.ParsePlacement(text)
	}
	if rest == "" {
		return Move{}, fmt.Errorf("move %q: a piece letter after the colon (%s)", text, b.letters)
	}
	letter, removals := rest[:1], rest[1:]
	if removals != "" && removals[0] != 'x' {
		return Move{}, fmt.Errorf("move %q: one piece letter after the colon, then the removals after an x (c3:Wxa1)", text)
	}
	removals = strings.TrimPrefix(removals, "x")
	if b.codeOf[letter[0]] < 0 {
		return Move{}, fmt.Errorf("move %q: %q is not a piece letter of this game (%s)", text, letter, b.letters)
	}
	if removals != "" {
		sq += "x" + removals
	}
	m, err := b.Geometry.ParsePlacement(sq)
	if err != nil {
		return Move{}, err
	}
	m.Piece = uint8(b.codeOf[letter[0]]) + 1
	return m, nil
}
