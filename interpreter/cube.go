package interpreter

import (
	"fmt"
	"math/rand/v2"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter/internal/dice"
)

// The doubling cube (`cube:` in a rule file). The cube is no part of the
// move generator: a double, a take and a drop happen between turns, at a
// chance position (before the player on roll rolls), and what they change —
// the cube's value and owner, and the game's end on a drop — lives in a
// CubeState beside the position (the session, the record, the XGID and
// GNUbg ID). A game without `cube:` is played and searched exactly as before.

// CubeRules is a rule file's `cube:` section: who may double, the
// highest cube, beavers, Jacoby, Crawford, and NewCube and NextGame, the
// cube at the start of a match's games (`go doc
// ./interpreter/internal/dice.CubeRules`).
type CubeRules = dice.CubeRules

// CubeAction is one thing done with the cube.
type CubeAction = dice.CubeAction

const (
	Double = dice.Double // the player on roll offers the cube, before rolling
	Take   = dice.Take   // the other accepts: the cube doubles, and is the taker's
	Drop   = dice.Drop   // the other refuses: it loses the game at the cube's value
	Beaver = dice.Beaver // the other takes and redoubles at once, keeping the cube
)

// CubeWords are the record's words for the cube actions.
var CubeWords = dice.CubeWords

// Cube is the rule file's cube, nil when the game has none.
func (g *Game) Cube() *CubeRules { return g.cube }

// buildCube checks that the game can have a cube: two players and dice.
func (g *Game) buildCube(d *decoder, rf *ruleFile) {
	if rf.Cube == nil {
		return
	}
	if rf.Dice == nil || len(rf.Players) != 2 {
		d.errorf(rf.cubeNode, "no-dice", "remove `cube:`", "the doubling cube is for dice games of two players")
		return
	}
	g.cube = rf.Cube
}

// MayDouble says why player may not double now ("" when it may): only at a
// chance position before its own roll (not the opening roll), while the
// game goes on, with the cube centred or its own, below the maximum, not in
// the Crawford game, and not when the match is already won by any win.
func (g *Game) MayDouble(p *board.Position, cs CubeState) string {
	r := g.cube
	me := int(p.ToMove)
	switch {
	case r == nil:
		return "this game has no doubling cube"
	case g.Result(p).Over:
		return "the game is over"
	case cs.Offered:
		return "a double is already offered"
	case p.Opening || !g.IsChance(p):
		return "a double is offered before rolling, at the start of a turn"
	case !r.Anyone && cs.Owner >= 0 && cs.Owner != me:
		return fmt.Sprintf("%s holds the cube", g.Players[cs.Owner].Name)
	case cs.Value*2 > r.Max:
		return fmt.Sprintf("the cube is at its highest, %d", cs.Value)
	case cs.Crawford:
		return "this is the Crawford game: no doubling"
	case cs.Length > 0 && cs.Score[me]+cs.Value >= cs.Length:
		return "a win already takes you to the match: the cube would only help the other player"
	}
	return ""
}

// CubeRollouts is the number of playouts CubeEstimate plays by default: two
// for each ordered pair of dice (a random game of backgammon takes about
// 4 ms, so a decision about 0.3 s).
const CubeRollouts = 72

// CubeEstimate estimates how the game goes on from p, a position before the
// player on roll rolls, for that player: the share of n random playouts (the
// playouts the AI's search itself plays) it wins and loses by each number of
// points, without the cube. The first roll is spread evenly over the rolls
// (each roll's share of the playouts by its chance), and the playouts are
// seeded by the position, so one position always gets one estimate: the
// player who doubles it and the player who is doubled in it see the same.
func (g *Game) CubeEstimate(p *board.Position, n int) ai.CubeEstimate {
	k := g.MaxPoints()
	e := ai.CubeEstimate{Win: make([]float64, k+1), Lose: make([]float64, k+1)}
	if g.dice == nil || n <= 0 {
		return e
	}
	me := int(p.ToMove)
	rng := rand.New(rand.NewPCG(p.Hash, 0x9e3779b97f4a7c15))
	var buf []board.Move
	played := 0
	sides := g.dice.Dice().Sides
	for i := 0; i < n; i++ {
		q := *p
		if g.IsChance(&q) && !q.Opening {
			// Stratified first roll: the i-th playout takes the i-th ordered
			// pair of dice, in turn.
			pair := i % (sides * sides)
			g.Apply(&q, g.RollMove(&q, pair/sides+1, pair%sides+1))
		}
		var err error
		_, buf, err = g.RandomPlayout(&q, rng, 4000, buf)
		if err != nil {
			continue
		}
		o := g.Result(&q)
		if !o.Over || o.Winner < 0 {
			continue
		}
		played++
		pts := min(max(o.Points, 1), k)
		if o.Winner == me {
			e.Win[pts]++
		} else {
			e.Lose[pts]++
		}
	}
	if played > 0 {
		for i := range e.Win {
			e.Win[i] /= float64(played)
			e.Lose[i] /= float64(played)
		}
	}
	return e
}

// CubeAdvice is the AI's cube decision for the player on roll at p under
// cube cs, from CubeEstimate.
func (g *Game) CubeAdvice(p *board.Position, cs CubeState, n int) ai.CubeDecision {
	me := int(p.ToMove)
	s := ai.CubeSituation{Value: cs.Value, Length: cs.Length, Me: cs.Score[me], Them: cs.Score[1-me]}
	return ai.DecideCube(g.CubeEstimate(p, n), s)
}
