package interpreter

import (
	"math"

	"github.com/stackrules/stackrules/board"
)

// AIGame is a Game as the AI sees it (ai.Game[board.Position, board.Move]):
// players, legal moves, apply, returns per player and a hash, plus the
// heuristic `evaluate` of the rule file when it has one.
type AIGame struct {
	g     *Game
	scale float64
}

// AIPolicyGame is an AIGame whose rule file gives a playout hint
// (`playout: prefer`); it is a separate type so that games without one pay
// nothing per playout move.
type AIPolicyGame struct{ *AIGame }

// AI adapts g for the AI.
func (g *Game) AI() *AIGame {
	scale := float64(g.evalScale)
	if scale <= 0 {
		scale = 10
	}
	return &AIGame{g: g, scale: scale}
}

// HasPlayoutPolicy reports whether the rule file has `playout: prefer`.
func (g *Game) HasPlayoutPolicy() bool { return g.prefer != nil }

// HasEvaluate reports whether the rule file has `evaluate`.
func (g *Game) HasEvaluate() bool { return g.evaluate != nil }

// PlayoutPlies is the rule file's `playout: plies`, 0 when not given.
func (g *Game) PlayoutPlies() int { return g.playPlies }

func (a *AIGame) Players() int                 { return len(a.g.Players) }
func (a *AIGame) ToMove(p *board.Position) int { return int(p.ToMove) }
func (a *AIGame) LegalMoves(p *board.Position, buf []board.Move) []board.Move {
	return a.g.LegalMoves(p, buf)
}
func (a *AIGame) Apply(p *board.Position, m board.Move) { a.g.Apply(p, m) }
func (a *AIGame) Hash(p *board.Position) uint64         { return p.Hash }

// Result fills 1 for the winner and 0 for the others, or 0.5 each for a draw.
func (a *AIGame) Result(p *board.Position, returns []float64) bool {
	o := a.g.Result(p)
	if !o.Over {
		return false
	}
	for i := range returns {
		switch {
		case o.Winner < 0:
			returns[i] = 0.5
		case i == o.Winner:
			returns[i] = 1
		default:
			returns[i] = 0
		}
	}
	return true
}

// Evaluate scores each player with the rule file's `evaluate` (me = that
// player) and turns the lead over the best other player into a chance of
// winning with a logistic curve whose scale the rule file may set.
func (a *AIGame) Evaluate(p *board.Position, values []float64) bool {
	g := a.g
	if g.evaluate == nil {
		return false
	}
	var scores [board.MaxPlayers]float64
	c := g.ctx(p, 0)
	for i := range g.Players {
		c.me, c.opp = i, g.next(i)
		scores[i] = float64(g.evaluate.terms[0].value(c))
	}
	g.release(c)
	for i := range g.Players {
		best := math.Inf(-1)
		for j := range g.Players {
			if j != i && scores[j] > best {
				best = scores[j]
			}
		}
		values[i] = 1 / (1 + math.Exp(-(scores[i]-best)/a.scale))
	}
	return true
}

// Prefer reports whether the rule file's `playout: prefer` holds for m.
func (a AIPolicyGame) Prefer(p *board.Position, m board.Move) bool {
	g := a.g
	c := g.ctx(p, int(p.ToMove))
	c.from, c.to, c.lifted, c.off = m.From, m.To, int(m.Lift), m.Kind == board.BearOff
	if m.From != noSquare {
		c.src = p.Cells[m.From]
	}
	if m.To != noSquare {
		c.dst = p.Cells[m.To]
	}
	ok := m.Kind != board.Pass
	for _, t := range g.prefer.terms {
		if !ok {
			break
		}
		ok = t.test(c)
	}
	g.release(c)
	return ok
}
