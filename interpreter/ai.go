package interpreter

import (
	"math"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
)

// SearchGame is the AI's view of a game (ai.Game[board.Position, board.Move]):
// players, legal moves, apply, returns per player and a hash, plus the rule
// file's `evaluate` as an ai.Evaluator. Each SearchGame owns an evaluation
// context, so it is for one goroutine; the search forks one per thread.
type SearchGame struct {
	g     *Game
	scale float64
	c     *Ctx
}

// policyGame adds the rule file's `playout: prefer` hint (ai.PlayoutPolicy);
// it is a separate type so that games without one pay nothing per playout move.
type policyGame struct{ *SearchGame }

// AI adapts g for the AI, with its playout hint when the rule file has one.
func (g *Game) AI() ai.Game[board.Position, board.Move] {
	return g.newSearchGame().withPolicy()
}

func (g *Game) newSearchGame() *SearchGame {
	scale := float64(g.evalScale)
	if scale <= 0 {
		scale = 10
	}
	return &SearchGame{g: g, scale: scale, c: &Ctx{g: g}}
}

func (a *SearchGame) withPolicy() ai.Game[board.Position, board.Move] {
	if a.g.prefer != nil {
		return policyGame{a}
	}
	return a
}

// Fork gives a search thread its own context.
func (a *SearchGame) Fork() ai.Game[board.Position, board.Move] {
	return a.g.newSearchGame().withPolicy()
}

// Fork gives a search thread its own context.
func (a policyGame) Fork() ai.Game[board.Position, board.Move] { return a.SearchGame.Fork() }

// HasPlayoutPolicy reports whether the rule file has `playout: prefer`.
func (g *Game) HasPlayoutPolicy() bool { return g.prefer != nil }

// HasEvaluate reports whether the rule file has `evaluate`.
func (g *Game) HasEvaluate() bool { return g.evaluate != nil }

// PlayoutPlies is the rule file's `playout: plies`, 0 when not given.
func (g *Game) PlayoutPlies() int { return g.playPlies }

func (a *SearchGame) Players() int                          { return len(a.g.Players) }
func (a *SearchGame) ToMove(p *board.Position) int          { return int(p.ToMove) }
func (a *SearchGame) Apply(p *board.Position, m board.Move) { a.g.Apply(p, m) }
func (a *SearchGame) Hash(p *board.Position) uint64         { return p.Hash }

// reset points the context at p with me to move, as the pool does.
func (a *SearchGame) reset(p *board.Position, me int) *Ctx {
	c := a.c
	c.pos, c.me, c.opp = p, me, a.g.next(me)
	c.from, c.to, c.src, c.dst, c.lifted, c.off = noSquare, noSquare, 0, 0, 0, false
	return c
}

// LegalMoves is Game.LegalMoves on the search's own context.
func (a *SearchGame) LegalMoves(p *board.Position, buf []board.Move) []board.Move {
	return a.g.legalMoves(a.reset(p, 0), buf)
}

// Result fills 1 for the winner and 0 for the others, or 0.5 each for a draw.
func (a *SearchGame) Result(p *board.Position, returns []float64) bool {
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
func (a *SearchGame) Evaluate(p *board.Position, values []float64) bool {
	g := a.g
	if g.evaluate == nil {
		return false
	}
	var scores [board.MaxPlayers]float64
	c := a.reset(p, 0)
	for i := range g.Players {
		c.me, c.opp = i, g.next(i)
		scores[i] = float64(g.evaluate.terms[0].value(c))
	}
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
func (a policyGame) Prefer(p *board.Position, m board.Move) bool {
	if m.Kind == board.Pass {
		return false
	}
	c := a.reset(p, int(p.ToMove))
	c.from, c.to, c.lifted, c.off = m.From, m.To, int(m.Lift), m.Kind == board.BearOff
	if m.From != noSquare {
		c.src = p.Cells[m.From]
	}
	if m.To != noSquare {
		c.dst = p.Cells[m.To]
	}
	for _, t := range a.g.prefer.terms {
		if !t.test(c) {
			return false
		}
	}
	return true
}
