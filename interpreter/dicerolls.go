package interpreter

import "github.com/stackrules/stackrules/board"

// appendRolls appends the chance events at p: the distinct rolls, or the
// outcomes of the opening roll.
func (g *Game) appendRolls(p *board.Position, buf []board.Move) []board.Move {
	dr := g.dice
	switch {
	case p.Opening && dr.opening:
		for starter := 0; starter < 2; starter++ {
			for a := 2; a <= dr.sides; a++ {
				for b := 1; b < a; b++ {
					buf = append(buf, board.Move{Kind: board.Roll, From: board.Square(a), To: board.Square(b), Lift: 1, Rule: uint8(starter)})
				}
			}
		}
	case dr.count == 1:
		for a := 1; a <= dr.sides; a++ {
			buf = append(buf, board.Move{Kind: board.Roll, From: board.Square(a), To: 0})
		}
	default:
		// Non-doubles first, in the order of the pinned perft table
		// (21 31 41 ... 65), then the doubles.
		for b := 1; b < dr.sides; b++ {
			for a := b + 1; a <= dr.sides; a++ {
				buf = append(buf, board.Move{Kind: board.Roll, From: board.Square(a), To: board.Square(b)})
			}
		}
		for a := 1; a <= dr.sides; a++ {
			buf = append(buf, board.Move{Kind: board.Roll, From: board.Square(a), To: board.Square(a)})
		}
	}
	return buf
}

// ChanceWeights appends to buf[:0] the relative weights of the chance events
// LegalMoves lists at p, in the same order (a non-double roll of two dice is
// twice as likely as a double); none where p is not a chance node.
func (g *Game) ChanceWeights(p *board.Position, buf []float64) []float64 {
	buf = buf[:0]
	if !g.IsChance(p) {
		return buf
	}
	var moves [64]board.Move
	for _, m := range g.appendRolls(p, moves[:0]) {
		w := 1.0
		if m.Kind == board.Roll && m.Lift == 0 && g.dice.count == 2 && m.From != m.To {
			w = 2
		}
		buf = append(buf, w)
	}
	return buf
}

// IsChance reports whether the next event at p is a roll of the dice rather
// than a player's choice: a dice game's position without a roll, not over.
func (g *Game) IsChance(p *board.Position) bool {
	if g.dice == nil || p.Rolled() {
		return false
	}
	c := g.ctx(p, g.prev(int(p.ToMove)))
	defer g.release(c)
	return g.endTest(c) < 0
}

// RollMove is the chance event of rolling d1 and d2 at p (d2 is ignored with
// one die; at the opening roll, d1 is the first player's die and d2 the
// second's, and they must differ).
func (g *Game) RollMove(p *board.Position, d1, d2 int) board.Move {
	if p.Opening && g.dice.opening {
		starter := 0
		if d2 > d1 {
			starter, d1, d2 = 1, d2, d1
		}
		return board.Move{Kind: board.Roll, From: board.Square(d1), To: board.Square(d2), Lift: 1, Rule: uint8(starter)}
	}
	if g.dice.count == 1 {
		return board.Move{Kind: board.Roll, From: board.Square(d1)}
	}
	if d2 > d1 {
		d1, d2 = d2, d1
	}
	return board.Move{Kind: board.Roll, From: board.Square(d1), To: board.Square(d2)}
}

// RandomRoll rolls the dice at chance node p: the event, each die uniform
// (the opening roll rolls again on equal dice).
func (g *Game) RandomRoll(p *board.Position, rng interface{ IntN(int) int }) board.Move {
	n := g.dice.sides
	for {
		d1, d2 := rng.IntN(n)+1, rng.IntN(n)+1
		if p.Opening && g.dice.opening && d1 == d2 {
			continue
		}
		return g.RollMove(p, d1, d2)
	}
}
