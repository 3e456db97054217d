package ai

import (
	"cmp"
	"context"
	"slices"
	"time"
)

// The search with a value network in a game of chance: a move filter as GNU
// Backgammon's, instead of the tree. Every move is rated by the network at
// one ply (the position after it, before the roll); the best few are then
// rated at two plies: over every outcome of the roll that follows, the
// player to move there answers with the reply the network rates best for
// it, and the move's value is the expectation over the outcomes of the
// network's value of the positions after those replies. The move with the
// best two-ply value is played.
//
// Why not the tree: with the network at its leaves, a tree of a thousand
// iterations spread over twenty moves and twenty-one rolls each sees a few
// visits per roll and answers each by the first replies it tries, which
// adds nothing measurable to the network alone (docs/ai.md, "Measured:
// value networks"); the filter spends the same budget on the few moves that
// matter, and answers every roll with the opponent's best reply.
//
// The budget: one iteration is one outcome of the roll examined for one
// move (every reply to it rated); the moves rated at one ply are not
// counted. The moves go to two plies best first while their one-ply value
// is within netFilterMargin of the best and the budget (iterations, time)
// covers all their outcomes; a move whose outcomes were not all examined
// keeps its one-ply value and is ranked below those that were.

// netFilterMargin is how far below the best one-ply value (a return in
// [0,1]) a move may be and still be searched at two plies. GNU Backgammon
// keeps moves within 0.16 points of equity; in a game worth up to three
// points a return of 0.1 is 0.6 points: generous, as the network is less
// sure of itself than GNU Backgammon's.
const netFilterMargin = 0.1

// netSearchMoves caps the moves searched at two plies: beyond the best
// dozen, a move the one-ply rating put so low is seldom the best.
const netSearchMoves = 12

// netSearch holds the filter's buffers, so a search allocates little:
// the positions after the move, after the roll and after the reply (a
// position passed to the game's methods would otherwise be allocated each
// time).
type netSearch[P any, M comparable] struct {
	afterMove, afterRoll, afterReply P
	moves                            []M
	replies                          []M
	one                              []float64 // per move, its one-ply value
	two                              []float64 // per move, its two-ply value
	visits                           []int     // per move, outcomes examined (all or none)
	order                            []int
	values                           []float64
	weights                          []float64
}

// useNetSearch reports whether Search uses the filter at p: the game has
// chance, the search a value network, and the config does not ask for the
// tree.
func (s *MCTS[P, M]) useNetSearch() bool {
	return s.chance != nil && s.workers[0].value != nil && !s.cfg.NetTree && s.cfg.NetPlayout == 0 && s.cfg.NetMix == 0
}

// netFilter searches p (not a chance node, not over) with the filter.
func (s *MCTS[P, M]) netFilter(ctx context.Context, p *P, start time.Time) Result[M] {
	s.Reset() // no tree is kept: the next search starts afresh
	w := s.workers[0]
	g := w.g
	ns := &s.net
	mover := g.ToMove(p)
	res := Result[M]{Player: mover}
	ns.moves = g.LegalMoves(p, ns.moves[:0])
	res.Legal = len(ns.moves)
	if err := failure(g); err != nil || len(ns.moves) == 0 {
		res.Err = err
		res.Elapsed = time.Since(start)
		return res
	}
	n := len(ns.moves)
	ns.one = resize(ns.one, n)
	ns.two = resize(ns.two, n)
	ns.visits = slices.Grow(ns.visits[:0], n)[:n]
	clear(ns.visits)
	ns.order = ns.order[:0]
	ns.values = resize(ns.values, s.players)
	proven := make([]bool, n)
	for i, m := range ns.moves {
		q := &ns.afterMove
		*q = *p
		g.Apply(q, m)
		if g.Result(q, ns.values) {
			pr, _ := terminalProof(ns.values, mover)
			proven[i] = pr == proofWin
		} else {
			w.value.Evaluate(q, ns.values)
		}
		ns.one[i] = ns.values[mover]
		ns.order = append(ns.order, i)
	}
	slices.SortStableFunc(ns.order, func(a, b int) int { return cmp.Compare(ns.one[b], ns.one[a]) })
	budget := s.cfg.Iterations // 0: the time alone limits the search
	if budget <= 0 && s.cfg.Time <= 0 {
		budget = DefaultIterations
	}
	var deadline time.Time
	if s.cfg.Time > 0 {
		deadline = start.Add(s.cfg.Time)
	}
	used := 0
	best := ns.one[ns.order[0]]
	if n > 1 {
		for rank, i := range ns.order {
			if rank >= netSearchMoves || ns.one[i] < best-netFilterMargin || proven[i] {
				break
			}
			left := -1 // no limit
			if budget > 0 {
				left = budget - used
			}
			v, k, ok := s.twoPly(ctx, p, ns.moves[i], mover, left, deadline)
			if !ok {
				break
			}
			used += k
			ns.two[i], ns.visits[i] = v, k
		}
	}
	res.Iterations = used
	// the moves searched at two plies first, by that value, then the
	// others by their one-ply value; a proven win before all
	stats := make([]MoveStats[M], n)
	for i, m := range ns.moves {
		stats[i] = MoveStats[M]{Move: m, Visits: ns.visits[i], Value: ns.one[i]}
		if ns.visits[i] > 0 {
			stats[i].Value = ns.two[i]
		}
		if proven[i] {
			stats[i].Proof, stats[i].Plies = Win, 1
		}
	}
	slices.SortStableFunc(stats, func(a, b MoveStats[M]) int {
		if c := cmp.Compare(b2i(b.Proof == Win), b2i(a.Proof == Win)); c != 0 {
			return c
		}
		if c := cmp.Compare(b2i(b.Visits > 0), b2i(a.Visits > 0)); c != 0 {
			return c
		}
		return cmp.Compare(b.Value, a.Value)
	})
	res.Moves = stats
	res.Move, res.Value = stats[0].Move, stats[0].Value
	if stats[0].Proof == Win {
		res.Proof, res.Plies = Win, 1
	}
	res.Visits = used
	res.PV = []M{res.Move}
	res.Elapsed = time.Since(start)
	res.Err = failure(g)
	return res
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func resize(b []float64, n int) []float64 {
	if cap(b) < n {
		return make([]float64, n)
	}
	return b[:n]
}

// twoPly is the value for mover of playing m at p: over the outcomes of
// the roll after it (or at once, where none follows), the player to move
// answers with the reply the network rates best for it. It reports the
// outcomes examined, and false where the budget (outcomes left, negative
// for no limit but the deadline), the deadline or ctx ran out before all were.
func (s *MCTS[P, M]) twoPly(ctx context.Context, p *P, m M, mover, left int, deadline time.Time) (float64, int, bool) {
	w := s.workers[0]
	g := w.g
	ns := &s.net
	q := &ns.afterMove
	*q = *p
	g.Apply(q, m)
	if w.chance == nil || !w.chance.IsChance(q) {
		if left >= 0 && left < 1 {
			return 0, 0, false
		}
		return s.bestReply(q, mover), 1, true
	}
	ns.weights = w.chance.Outcomes(q, ns.weights[:0])
	k := 0
	for _, x := range ns.weights {
		if x > 0 {
			k++
		}
	}
	if left >= 0 && left < k {
		return 0, 0, false
	}
	sum, total := 0.0, 0.0
	for i, x := range ns.weights {
		if x <= 0 {
			continue
		}
		if ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline)) {
			return 0, 0, false
		}
		r := &ns.afterRoll
		*r = *q
		w.chance.Resolve(r, i)
		sum += x * s.bestReply(r, mover)
		total += x
	}
	if total == 0 {
		return 0.5, k, true
	}
	return sum / total, k, true
}

// bestReply is mover's value of q after the player to move there plays
// the reply the network rates best for itself (q itself if over, or if
// nobody can move).
func (s *MCTS[P, M]) bestReply(q *P, mover int) float64 {
	w := s.workers[0]
	g := w.g
	ns := &s.net
	if g.Result(q, ns.values) {
		return ns.values[mover]
	}
	if w.chance != nil && w.chance.IsChance(q) {
		w.value.Evaluate(q, ns.values)
		return ns.values[mover]
	}
	ns.replies = g.LegalMoves(q, ns.replies[:0])
	if len(ns.replies) == 0 {
		w.value.Evaluate(q, ns.values)
		return ns.values[mover]
	}
	t := g.ToMove(q)
	bestT, v := -1.0, 0.5
	for _, m := range ns.replies {
		r := &ns.afterReply
		*r = *q
		g.Apply(r, m)
		if !g.Result(r, ns.values) {
			w.value.Evaluate(r, ns.values)
		}
		if ns.values[t] > bestT {
			bestT, v = ns.values[t], ns.values[mover]
		}
	}
	return v
}
