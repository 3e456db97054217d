package dice

import (
	"github.com/stackrules/stackrules/board"
)

// The turn's rules beyond one play: bonus moves a play earns, the dice a
// roll is played as (tops and bottoms), and the tests of the dice: section
// that read the position (pass_again, penalty, bottoms).

// MaxBonuses is the most bonus moves a play earns (more are lost), and the
// most that wait in a position (Position.Bonus and BonusNext).
const MaxBonuses = 4

// bonusSlots is how many bonus counts a play of k die moves keeps at the
// end of its Via, past its moves.
func bonusSlots(k int) int { return min(MaxBonuses, len(board.Move{}.Via)-2*k) }

// playBonuses appends the bonus moves play m earns to queue, largest first.
func playBonuses(m board.Move, queue []uint8) []uint8 {
	if m.Piece&EarnsBonus == 0 {
		return queue
	}
	for j := 0; j < bonusSlots(int(m.Jumps)); j++ {
		b := uint8(m.Via[len(m.Via)-1-j])
		if b == 0 {
			break
		}
		queue = append(queue, b)
	}
	return queue
}

// allHold reports whether every test holds at host.
func allHold[H any](tests []Test[H], host H) bool {
	for _, t := range tests {
		if !t(host) {
			return false
		}
	}
	return true
}

// turnTest asks a condition of the rolled position p for the mover (dice:
// pass_again, penalty): no die move is in question.
func (e *Engine[H]) turnTest(d *Ctx[H], p *board.Position, t Test[H]) bool {
	d.Pos = p
	d.Die, d.Left, d.Step, d.ToStep = 0, 0, 0, 0
	d.SetRoll(p)
	e.sync(d.Host, p, board.NoSquare, 0, board.NoSquare, 0)
	return t(d.Host)
}

// Faces are the dice the play search plays at the rolled position p, in
// order: a double as many times as it is played (with its bottoms too
// where dice: bottoms holds), a bonus move's count; nil without a roll.
func (e *Engine[H]) Faces(d *Ctx[H], p *board.Position) []int {
	d1, d2 := int(p.Dice[0]), int(p.Dice[1])
	switch {
	case d1 == 0:
		return nil
	case e.Count == 1 || d2 == 0:
		return []int{d1}
	case d1 != d2:
		return []int{d1, d2}
	}
	var out []int
	for range e.Doubles {
		out = append(out, d1)
	}
	if e.Bottoms(d, p) {
		for range e.Doubles {
			out = append(out, e.Sides+1-d1)
		}
	}
	return out
}

// rollRules asks the rule file's conditions on the roll at p: a double's
// bottoms added to the n dice of rem (dice: bottoms), and whether the roll
// is not played (dice: penalty). Kept out of Generate, which most games
// run without them.
func (e *Engine[H]) rollRules(d *Ctx[H], p *board.Position, rem *[board.MaxDiceMoves]uint8, n int) (int, bool) {
	if d1 := p.Dice[0]; d1 == p.Dice[1] && e.Bottoms(d, p) {
		for i := 0; i < e.Doubles && n < len(rem); i++ {
			rem[n] = uint8(e.Sides + 1 - int(d1))
			n++
		}
	}
	return n, e.penalty != nil && p.Bonus == 0 && e.turnTest(d, p, e.penalty)
}

// Bottoms reports whether the double to play at p is played by its tops and
// its bottoms too (dice: bottoms): as many dice again of the number on the
// opposite faces.
func (e *Engine[H]) Bottoms(d *Ctx[H], p *board.Position) bool {
	return e.bottoms != nil && p.Bonus == 0 && p.Dice[0] == p.Dice[1] && p.Dice[1] != 0 && e.turnTest(d, p, e.bottoms)
}

// Frontmost is the highest step of player's track, short of its end and
// past its first square, holding one of player's pieces at p; 0 when none.
func (e *Engine[H]) Frontmost(p *board.Position, player int) int {
	b := e.b
	track := e.tracks[player]
	for i := len(track) - 1; i > 0; i-- {
		if s := p.Cells[track[i]]; s != 0 && ownPieces(b, s, player) > 0 {
			return i
		}
	}
	return 0
}
