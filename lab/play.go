package lab

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/session"
)

type player = ai.Player[interpreter.SearchPosition, board.Move]

// errInterrupted is a game stopped before its end: it is not counted.
var errInterrupted = errors.New("interrupted")

// evalUnit is the resolution of evaluate's estimates in a tally: they are
// kept as whole numbers of 1/evalUnit, so that adding them up is exact.
const evalUnit = 10000

// sample is what the report follows over a game, at one position: each
// seat's chances by the rule file's evaluate (in 1/evalUnit, when it has
// one), pieces in play (on the board and in hand) and pieces borne off.
type sample struct {
	eval    []int64
	hasEval bool
	inPlay  []int64
	off     []int64
}

// gameResult is one finished game as the tally counts it.
type gameResult struct {
	outcome interpreter.Outcome
	plies   int
	capped  bool
	first   int   // the seat that made the first move
	seatA   int   // A's seat, -1 with fixed seats
	legal   []int // the legal moves at each ply (before each move)
	samples []sample
}

// watcher takes the samples of a game as it is played.
type watcher struct {
	g    *interpreter.Game
	eval ai.Evaluator[interpreter.SearchPosition]
	vals []float64
	n    int
}

func newWatcher(g *interpreter.Game) *watcher {
	w := &watcher{g: g, n: len(g.Players), vals: make([]float64, len(g.Players))}
	if g.HasEvaluate() {
		w.eval, _ = g.AI().(ai.Evaluator[interpreter.SearchPosition])
	}
	return w
}

func (w *watcher) sample(sp *interpreter.SearchPosition) sample {
	s := sample{inPlay: make([]int64, w.n), off: make([]int64, w.n)}
	for i := 0; i < w.n; i++ {
		s.inPlay[i] = int64(sp.OnBoard[i]) + int64(sp.Hand[i])
		s.off[i] = int64(sp.Off[i])
	}
	if w.eval != nil && w.eval.Evaluate(sp, w.vals) {
		s.hasEval = true
		s.eval = make([]int64, w.n)
		for i, v := range w.vals {
			s.eval[i] = int64(math.Round(min(1, max(0, v)) * evalUnit))
		}
	}
	return s
}

// playGame plays one game between players (one per seat) from the game's
// start, rolling a dice game's dice with dice, and watches it: the legal
// moves at every ply and a sample of every position. A game still going
// after maxPlies plies (0: no cap) is capped, a draw. A cancelled ctx
// interrupts it (errInterrupted).
func playGame(ctx context.Context, g *interpreter.Game, players []player, maxPlies int, dice *rand.Rand) (gameResult, error) {
	res := gameResult{first: -1, seatA: -1}
	h := g.NewHistory(g.Start())
	w := newWatcher(g)
	var buf []board.Move
	for {
		o, err := h.OutcomeErr()
		if err != nil {
			return res, err
		}
		sp := h.SearchPosition()
		if o.Over {
			res.outcome = o
			break
		}
		if maxPlies > 0 && res.plies >= maxPlies {
			res.capped = true
			res.outcome = interpreter.Outcome{Over: true, Winner: -1, Reason: capReason}
			break
		}
		if g.IsChance(&sp.Position) {
			if err := h.Play(g.RandomRoll(&sp.Position, dice)); err != nil {
				return res, err
			}
			continue
		}
		if ctx.Err() != nil {
			return res, errInterrupted
		}
		buf, err = g.LegalMovesErr(&sp.Position, buf[:0])
		if err != nil {
			return res, err
		}
		mover := int(sp.ToMove)
		if res.first < 0 {
			res.first = mover
		}
		res.legal = append(res.legal, len(buf))
		res.samples = append(res.samples, w.sample(&sp))
		session.GiveHistory(players[mover], h)
		m, info := players[mover].Choose(ctx, &sp)
		if info.Err != nil {
			return res, info.Err
		}
		if ctx.Err() != nil {
			return res, errInterrupted // the move was chosen in a hurry
		}
		if err := h.Play(m); err != nil {
			return res, fmt.Errorf("%s chose an illegal move: %w", g.Players[mover].Name, err)
		}
		res.plies++
	}
	if res.first < 0 {
		res.first = int(g.Start().ToMove)
	}
	end := h.SearchPosition()
	res.samples = append(res.samples, w.sample(&end))
	return res, nil
}

// capReason is the reason of a game called a draw at the ply cap.
const capReason = "ply cap"

// newPlayers makes the players of one game from their specs and seeds.
func newPlayers(g *interpreter.Game, specs []ai.Spec, seeds []uint64) []player {
	out := make([]player, len(specs))
	for i, sp := range specs {
		out[i] = session.NewPlayer(g, sp, seeds[i])
	}
	return out
}

// catchPanic turns a panic in a game (a runtime error of the rule file's
// expressions that the interpreter raised as a panic, or a bug in a
// player) into the game's error, which stops the run, rather than a crash
// of a goroutine no caller could recover.
func catchPanic(err *error) {
	if r := recover(); r != nil {
		if ee, ok := r.(*interpreter.EvalError); ok {
			*err = ee
			return
		}
		*err = fmt.Errorf("a game failed: %v (a bug in stackrules; please report it, with the command line)", r)
	}
}
