package dice

import "github.com/stackrules/stackrules/board"

// AppendRolls appends the chance events at p: the distinct rolls, or the
// outcomes of the opening roll (with `opening: reroll`, only who starts:
// the starter then rolls anew).
func (e *Engine[H]) AppendRolls(p *board.Position, buf []board.Move) []board.Move {
	switch {
	case p.Opening && e.Reroll:
		// Only who starts matters: one event each, as 2-1 and 1-2.
		for starter := 0; starter < 2; starter++ {
			buf = append(buf, board.Move{Kind: board.Roll, From: 2, To: 1, Lift: 2, Rule: uint8(starter)})
		}
	case p.Opening && e.Opening:
		for starter := 0; starter < 2; starter++ {
			for a := 2; a <= e.Sides; a++ {
				for b := 1; b < a; b++ {
					buf = append(buf, board.Move{Kind: board.Roll, From: board.Square(a), To: board.Square(b), Lift: 1, Rule: uint8(starter)})
				}
			}
		}
	case e.Count == 1:
		for a := 1; a <= e.Sides; a++ {
			buf = append(buf, board.Move{Kind: board.Roll, From: board.Square(a), To: 0})
		}
	default:
		// Non-doubles first, in the order of the pinned perft table
		// (21 31 41 ... 65), then the doubles.
		for b := 1; b < e.Sides; b++ {
			for a := b + 1; a <= e.Sides; a++ {
				buf = append(buf, board.Move{Kind: board.Roll, From: board.Square(a), To: board.Square(b)})
			}
		}
		for a := 1; a <= e.Sides; a++ {
			buf = append(buf, board.Move{Kind: board.Roll, From: board.Square(a), To: board.Square(a)})
		}
	}
	return buf
}

// RollWeights appends to buf the relative weights of the rolls
// AppendRolls lists at p, in the same order (a non-double roll of two dice
// is twice as likely as a double).
func (e *Engine[H]) RollWeights(p *board.Position, buf []float64) []float64 {
	var moves [64]board.Move
	for _, m := range e.AppendRolls(p, moves[:0]) {
		w := 1.0
		if m.Kind == board.Roll && m.Lift == 0 && e.Count == 2 && m.From != m.To {
			w = 2
		}
		buf = append(buf, w)
	}
	return buf
}

// RollMove is the chance event of rolling d1 and d2 at p (d2 is ignored with
// one die; at the opening roll, d1 is the first player's die and d2 the
// second's, and they must differ; with `opening: reroll` the event is who
// starts).
func (e *Engine[H]) RollMove(p *board.Position, d1, d2 int) board.Move {
	if p.Opening && e.Opening {
		starter := 0
		if d2 > d1 {
			starter, d1, d2 = 1, d2, d1
		}
		if e.Reroll {
			return board.Move{Kind: board.Roll, From: 2, To: 1, Lift: 2, Rule: uint8(starter)}
		}
		return board.Move{Kind: board.Roll, From: board.Square(d1), To: board.Square(d2), Lift: 1, Rule: uint8(starter)}
	}
	if e.Count == 1 {
		return board.Move{Kind: board.Roll, From: board.Square(d1)}
	}
	if d2 > d1 {
		d1, d2 = d2, d1
	}
	return board.Move{Kind: board.Roll, From: board.Square(d1), To: board.Square(d2)}
}

// RandomRoll rolls the dice at chance node p: the event, each die uniform
// (the opening roll rolls again on equal dice).
func (e *Engine[H]) RandomRoll(p *board.Position, rng interface{ IntN(int) int }) board.Move {
	n := e.Sides
	for {
		d1, d2 := rng.IntN(n)+1, rng.IntN(n)+1
		if p.Opening && e.Opening && d1 == d2 {
			continue
		}
		return e.RollMove(p, d1, d2)
	}
}
