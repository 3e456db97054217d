package ai

import (
	"context"
	"slices"
	"time"
)

// Endgame solving: when every position reachable from the root is few (a
// few kings against one, a race of two checkers), the search lists them all
// and solves them exactly by retrograde analysis, as endgame tables are
// built, instead of sampling. Won endings are then converted by the fastest
// forced line and lost ones resisted longest, however many plies the win
// takes: the two kings against one king of English checkers need 22 to 30
// exact plies, far beyond what the tree's proofs reach in a second.
//
// It is game-independent: it sees only LegalMoves, Apply, Result and the
// repetition key of positions (ai.Repetition; Hash where a game has none).
// Only two-player games without chance events are solved, and only proofs
// in the sense of the solver (one player's return 1, the other's 0) are
// used; everything else (draws, cycles, points) is left to the search.
//
// Positions are identified by their repetition key, which leaves out move
// counters, so a line the analysis proves may be longer than a draw rule
// counting plies allows: a proof is used only when the game says (Horizon)
// that its length fits. A game with such a rule must implement Horizon (or
// set Config.EndgamePositions < 0), or the AI may count on a win that the
// rule turns into a draw. Where a counter ends the game inside the analysis
// (met first at a position breadth first), that position is a draw: it only
// ever removes proofs, never makes one. Positions the game's history has already seen RepetitionLimit-1
// times are draws in the analysis (reaching them again would repeat them).
// Along a proven line every ply brings the end nearer, so it never repeats
// a position itself.

// DefaultEndgamePositions caps the positions one endgame analysis lists
// (about 60 bytes each plus the frontier's positions, packed where the
// game is a Packer): beyond it the search goes on without.
const DefaultEndgamePositions = 1 << 18

// endgameMaxSkip bounds the searches skipped after failed attempts (too many
// positions): the next attempt comes after 1, 2, 4, then every 8 searches,
// so a long middle game costs little and an ending is noticed soon enough.
const endgameMaxSkip = 7

// endgame is the analysis of every position reachable from an earlier root,
// kept while the game stays inside it (it always does: later positions are
// reachable from the earlier one).
type endgame struct {
	index map[uint64]int32 // repetition key -> position number
	mover []int8           // player to move
	term  []int8           // the winner where the game is over with a proof; -1: over without one; -2: not over
	first []int32          // the successors of i are succ[first[i]:first[i+1]]
	succ  []int32

	// the solution, redone when the history's draws change
	pred      []int32 // predecessors, in the same layout as succ
	predFirst []int32
	winner    []int8  // -1: not proven
	dist      []int32 // plies to the end with best play, where proven
	drawn     []uint64
	solved    bool
	built     bool // the lists are complete

	// A listing under a time budget that ran out of its search's share is
	// paused (its frontier waits in MCTS.endgameQueue) and continued by the
	// next searches while the game stays inside it: listing is set, rootKey
	// is where it started, frontier its frontier's size when it paused.
	listing  bool
	rootKey  uint64
	frontier int

	failures, skip int
}

// listOutcome is how a turn at listing the positions ended.
type listOutcome int

const (
	listDone   listOutcome = iota // every reachable position listed
	listPaused                    // out of this search's time (or "move now"): continued later
	listFailed                    // too many positions, or a chance event: dropped
)

// endgameBudget is the most positions, and the time, an analysis may take.
func (s *MCTS[P, M]) endgameBudget() (int, time.Duration) {
	n := s.cfg.EndgamePositions
	if n < 0 {
		return 0, 0
	}
	if n == 0 {
		n = DefaultEndgamePositions
		if s.cfg.Iterations > 0 && s.cfg.Time == 0 {
			// a small part of the work the search itself will do (a
			// position costs about a sixth of an iteration); a time
			// budget bounds it by time instead
			n = min(n, s.cfg.Iterations/4)
		}
	}
	d := time.Duration(0)
	if s.cfg.Time > 0 {
		d = s.cfg.Time / 4
	}
	return n, d
}

// solveEndgame marks the root moves whose result the endgame analysis
// proves (the roots of every tree are expanded). It reports whether it ran.
func (s *MCTS[P, M]) solveEndgame(ctx context.Context) bool {
	if s.players != 2 || s.cfg.NoSolver {
		return false
	}
	limit, budget := s.endgameBudget()
	if limit == 0 {
		return false
	}
	horizon, _ := s.g.(Horizon[P])
	rootKey := s.endgameKey(&s.rootPos)
	if s.endgame == nil {
		s.endgame = &endgame{}
	}
	e := s.endgame
	if _, inside := e.index[rootKey]; !inside || !e.built {
		// A paused listing goes on where the game stays inside it: the
		// root is among its positions, or the game passed through the
		// position it started from (so the root is reachable from there).
		goesOn := e.listing && (inside || slices.Contains(s.base, e.rootKey))
		if !goesOn && (e.built || e.listing) {
			s.dropEndgame() // a position from elsewhere: start again from it
		}
		if e.skip > 0 {
			e.skip--
			return false
		}
		before := e.frontier
		switch s.listEndgame(ctx, e, limit, budget) {
		case listPaused:
			// A listing whose frontier shrank is closing in on every
			// position, as small endings do: it goes on at the next
			// search. One still growing waits like a failure.
			if e.frontier >= before {
				e.backOff()
			}
			return false
		case listFailed:
			s.dropEndgame()
			e.backOff()
			return false
		}
		e.failures, e.skip = 0, 0
	}
	s.solveEndgameTable(e)
	root := e.index[rootKey]
	if e.winner[root] < 0 && e.term[root] == -2 && !e.anyProven(root) {
		return true // nothing to say: the search decides among draws
	}
	me := s.g.ToMove(&s.rootPos)
	var q P
	for _, t := range s.trees {
		kids := t.root.children()
		for i := range kids {
			k := &kids[i]
			q = s.rootPos
			s.g.Apply(&q, k.move)
			j, ok := e.index[s.endgameKey(&q)]
			if !ok || e.winner[j] < 0 {
				continue
			}
			d := int(e.dist[j])
			if horizon != nil {
				if left := horizon.PliesLeft(&q); left >= 0 && d > left {
					continue // a draw rule counting plies may come first
				}
			}
			if int(e.winner[j]) == me {
				k.setProof(proofWin, d, me)
			} else {
				k.setProof(proofLoss, d, int(e.winner[j]))
			}
		}
	}
	return true
}

// backOff counts a failed attempt and skips the next 0, 1, 3, then 7
// searches.
func (e *endgame) backOff() {
	e.failures++
	e.skip = min(1<<min(e.failures-1, 3)-1, endgameMaxSkip)
}

func (e *endgame) anyProven(i int32) bool {
	for _, j := range e.succ[e.first[i]:e.first[i+1]] {
		if e.winner[j] >= 0 {
			return true
		}
	}
	return false
}

// endgameKey identifies a position for the analysis.
func (s *MCTS[P, M]) endgameKey(p *P) uint64 {
	if r, ok := s.g.(Repetition[P]); ok {
		return r.RepetitionKey(p)
	}
	return s.g.Hash(p)
}

// listEndgame lists every position reachable from the root, breadth first
// (so a position is first met, with its move counters, as early as it can
// be), or goes on with a paused listing. It pauses when this search's share
// of the time (budget) is spent or ctx is done ("move now"), and fails when
// there are more than limit positions (or a frontier of more than a quarter
// of that: a listing growing so fast will not close, and it would hold that
// many whole positions) or it meets a chance event.
func (s *MCTS[P, M]) listEndgame(ctx context.Context, e *endgame, limit int, budget time.Duration) listOutcome {
	start := time.Now()
	g := s.g
	queue := &s.endgameQueue
	if !e.listing {
		e.reset()
		queue.free()
		queue.pack(g)
		queue.push(&s.rootPos)
		e.rootKey = s.endgameKey(&s.rootPos)
		e.index[e.rootKey] = 0
		e.mover = append(e.mover, int8(g.ToMove(&s.rootPos)))
		e.listing = true
	}
	defer func() { e.frontier = queue.len() }()
	moves := s.endgameMoves
	defer func() { s.endgameMoves = moves }()
	returns := s.workers[0].returns
	var q P
	for n := 0; queue.len() > 0; n++ {
		p := queue.front()
		if s.chance != nil && s.chance.IsChance(p) { // rolls are not analysed
			return listFailed
		}
		if s.endgameQuantum > 0 && n == s.endgameQuantum ||
			n&255 == 255 && (budget > 0 && time.Since(start) > budget || ctx.Err() != nil) {
			return listPaused
		}
		e.first = append(e.first, int32(len(e.succ)))
		term := int8(-2)
		if g.Result(p, returns) {
			proof, w := terminalProof(returns, -1)
			term = -1
			if proof != proofUnknown {
				term = int8(w)
			}
		} else {
			moves = g.LegalMoves(p, moves)
			for _, m := range moves {
				q = *p
				g.Apply(&q, m)
				key := s.endgameKey(&q)
				j, seen := e.index[key]
				if !seen {
					if len(e.mover) >= limit || queue.len() > limit/4 {
						return listFailed
					}
					j = int32(len(e.mover))
					e.index[key] = j
					e.mover = append(e.mover, int8(g.ToMove(&q)))
					queue.push(&q)
				}
				e.succ = append(e.succ, j)
			}
		}
		e.term = append(e.term, term)
		queue.pop()
	}
	queue.free() // whole positions, many: not kept for a next listing
	e.listing = false
	e.first = append(e.first, int32(len(e.succ)))
	n := len(e.mover)
	e.predFirst = make([]int32, n+1)
	for _, j := range e.succ {
		e.predFirst[j+1]++
	}
	for i := 1; i <= n; i++ {
		e.predFirst[i] += e.predFirst[i-1]
	}
	e.pred = make([]int32, len(e.succ))
	fill := append([]int32(nil), e.predFirst[:n]...)
	for i := 0; i < n; i++ {
		for _, j := range e.succ[e.first[i]:e.first[i+1]] {
			e.pred[fill[j]] = int32(i)
			fill[j]++
		}
	}
	e.winner = make([]int8, n)
	e.dist = make([]int32, n)
	e.built = true
	return listDone
}

// reset empties the analysis, keeping its memory for the next attempt.
func (e *endgame) reset() {
	if e.index == nil {
		e.index = make(map[uint64]int32)
	}
	clear(e.index)
	e.mover, e.term, e.first, e.succ = e.mover[:0], e.term[:0], e.first[:0], e.succ[:0]
	e.pred, e.predFirst, e.winner, e.dist = nil, nil, nil, nil
	e.drawn, e.solved, e.built = nil, false, false
	e.listing, e.rootKey, e.frontier = false, 0, 0
}

// dropEndgame forgets the analysis, finished or paused, and its frontier.
func (s *MCTS[P, M]) dropEndgame() {
	s.endgame.reset()
	s.endgameQueue.free()
}

// solveEndgameTable finds, for every position, who wins with best play and in how many
// plies (the winner's fastest, the loser's longest), where one player can
// force it: the usual retrograde analysis from the ends, in order of
// distance. Positions that the history has seen RepetitionLimit-1 times
// are draws.
func (s *MCTS[P, M]) solveEndgameTable(e *endgame) {
	var drawn []uint64
	if s.rep != nil && s.repLimit > 1 {
		count := map[uint64]int{}
		for _, k := range s.base {
			count[k]++
			if count[k] == s.repLimit-1 {
				drawn = append(drawn, k)
			}
		}
	}
	if e.solved && slices.Equal(drawn, e.drawn) {
		return
	}
	e.solved, e.drawn = true, drawn
	n := len(e.mover)
	left := make([]int32, n) // successors not yet proven won for the other player
	fixed := make([]bool, n)
	for _, k := range drawn {
		if i, ok := e.index[k]; ok {
			fixed[i] = true
		}
	}
	queue := make([]int32, 0, n/4)
	for i := 0; i < n; i++ {
		e.winner[i], e.dist[i] = -1, 0
		left[i] = e.first[i+1] - e.first[i]
		if e.term[i] >= 0 && !fixed[i] {
			e.winner[i] = e.term[i]
			queue = append(queue, int32(i))
		}
		if e.term[i] != -2 {
			fixed[i] = true // over: nothing below it
		}
	}
	for head := 0; head < len(queue); head++ {
		j := queue[head]
		w, d := e.winner[j], e.dist[j]+1
		for _, i := range e.pred[e.predFirst[j]:e.predFirst[j+1]] {
			if fixed[i] || e.winner[i] >= 0 {
				continue
			}
			if e.mover[i] == w {
				e.winner[i], e.dist[i] = w, d // the fastest: met first
			} else if left[i]--; left[i] == 0 {
				e.winner[i], e.dist[i] = w, d // the longest: met last
			} else {
				continue
			}
			queue = append(queue, i)
		}
	}
}

// endgamePV extends a proven line with the analysis's best play (the
// winner's fastest move, the loser's longest resistance) when the tree,
// which the analysis spared from searching, does not show it.
func (s *MCTS[P, M]) endgamePV(pv []M) []M {
	e := s.endgame
	if e == nil || !e.built || len(pv) == 0 {
		return pv
	}
	q := s.rootPos
	for _, m := range pv {
		s.g.Apply(&q, m)
	}
	var moves []M
	var next P
	for len(pv) < maxPV {
		i, ok := e.index[s.endgameKey(&q)]
		if !ok || e.winner[i] < 0 || e.term[i] != -2 {
			break
		}
		mover := s.g.ToMove(&q)
		var best M
		bestDist, found := int32(-1), false
		moves = s.g.LegalMoves(&q, moves)
		for _, m := range moves {
			next = q
			s.g.Apply(&next, m)
			j, ok := e.index[s.endgameKey(&next)]
			if !ok || e.winner[j] != e.winner[i] {
				continue
			}
			d := e.dist[j]
			if !found || (int(e.winner[i]) == mover) == (d < bestDist) {
				best, bestDist, found = m, d, true
			}
		}
		if !found {
			break
		}
		pv = append(pv, best)
		s.g.Apply(&q, best)
	}
	return pv
}
