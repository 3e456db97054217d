package interpreter

import "github.com/stackrules/stackrules/board"

// Streaks: `streak: {when: COND, same_piece: BOOL, keep: COND}` counts, per player, the
// moves in a row that capture nothing and meet COND (said of the move about
// to be made, as a move rule's when: kind == king), in the position
// (board.Position.Streak); any other move of the player's sets it back to 0.
// With same_piece the count is of one piece's moves: a move by another piece
// that meets COND starts again at 1, and the count ends with the piece.
// keep, said of each player after every move (me: that player), keeps the
// counts only while it holds: where they no longer matter, positions that
// differ only by them are one position. Expressions read it as `streak`
// (Frisian draughts: a king moves at most three times in a row while its
// side has men: `streak < 3 || crowned(me) == checkers(me)`).

// countStreak updates the mover's streak for move m, made from p.
func (g *Game) countStreak(p *board.Position, m board.Move) *EvalError {
	me := int(p.ToMove)
	n := 0
	var at board.Square
	if m.Kind != board.Capture && m.From != noSquare {
		c := g.ctx(p, me)
		c.from, c.src = m.From, p.Cells[m.From]
		c.lifted = int(m.Lift)
		if c.lifted == 0 {
			c.lifted = c.src.Height()
		}
		if m.To != noSquare {
			c.to, c.dst = m.To, p.Cells[m.To]
		}
		holds := allTerms(g.streak, c)
		err := g.takeErr(c)
		if holds && err == nil {
			n = 1
			if !g.streakSame || p.StreakAt[me] == m.From {
				n += int(p.Streak[me])
			}
			at = m.To
		}
		g.release(c)
		if err != nil {
			return err
		}
	}
	if !g.streakSame {
		at = 0
	}
	p.SetStreak(me, n, at)
	return nil
}

// keepStreaks sets back to 0, after a move, each count that no longer
// means anything: of a piece that is no longer on its square (with
// same_piece), or of a player for whom `keep` does not hold.
func (g *Game) keepStreaks(p *board.Position) *EvalError {
	b := g.Board
	for q := range g.Players {
		if p.Streak[q] == 0 {
			continue
		}
		if g.streakSame && b.TopOwner(p.Cells[p.StreakAt[q]]) != q {
			p.SetStreak(q, 0, 0)
			continue
		}
		if g.streakKeep != nil {
			c := g.ctx(p, q)
			keep := allTerms(g.streakKeep, c)
			err := g.takeErr(c)
			g.release(c)
			if err != nil {
				return err
			}
			if !keep {
				p.SetStreak(q, 0, 0)
			}
		}
	}
	return nil
}

// streakOf is `streak`: me's streak, or with same_piece that of the piece
// on c.from (0 when another piece made it, or outside a move's source).
func (g *Game) streakOf(c *Ctx) int {
	if c.pos == nil {
		return 0 // expr's VM builds every name's value when a static term is folded at load time
	}
	n := int(c.pos.Streak[c.me])
	if g.streakSame && (c.from == noSquare || c.pos.StreakAt[c.me] != c.from) {
		return 0
	}
	return n
}
