package ai

// What a search reports: root move statistics, the move chosen, progress, the PV.

import (
	"cmp"
	"slices"
	"time"
)

// rootStats merges the root children of all trees, in the first tree's child
// order. It may run during a search (progress): every read is atomic.
func (s *MCTS[P, M]) rootStats() []MoveStats[M] {
	var out []MoveStats[M]
	var sums []int64
	var index map[M]int
	if len(s.trees) > 1 {
		index = make(map[M]int)
	}
	for ti, t := range s.trees {
		if ti > 0 && index == nil {
			break
		}
		kids := t.root.children()
		for i := range kids {
			k := &kids[i]
			j := i
			if index != nil {
				var ok bool
				if j, ok = index[k.move]; !ok {
					j = len(out)
					index[k.move] = j
				}
			}
			if j == len(out) {
				out = append(out, MoveStats[M]{Move: k.move})
				sums = append(sums, 0)
			}
			out[j].Visits += int(k.visits.Load())
			sums[j] += k.value.Load()
			if p := k.proof(); p != proofUnknown {
				out[j].Proof = Proof(p)
				out[j].Plies = 1 + k.proofDepth()
			}
		}
	}
	for j := range out {
		out[j].Value = 0.5
		if out[j].Visits > 0 {
			out[j].Value = float64(sums[j]) / valueOneFloat / float64(out[j].Visits)
		}
	}
	return out
}

// bestIndex chooses the move to play: the fastest proven win (then the most
// visited), else the most visited move not proven lost (ties: higher value),
// else the proven loss that resists longest (then the most visited).
func bestIndex[M comparable](st []MoveStats[M]) int {
	better := func(a, b MoveStats[M]) bool {
		if a.Plies != b.Plies {
			if a.Proof == Win {
				return a.Plies < b.Plies
			}
			return a.Plies > b.Plies
		}
		if a.Visits != b.Visits {
			return a.Visits > b.Visits
		}
		return a.Value > b.Value
	}
	for _, want := range []func(Proof) bool{
		func(p Proof) bool { return p == Win },
		func(p Proof) bool { return p != Loss },
		func(Proof) bool { return true },
	} {
		best := -1
		for i, x := range st {
			if want(x.Proof) && (best < 0 || better(x, st[best])) {
				best = i
			}
		}
		if best >= 0 {
			return best
		}
	}
	return -1
}

func (s *MCTS[P, M]) reportProgress(start time.Time) {
	st := s.rootStats()
	b := bestIndex(st)
	if b < 0 {
		return
	}
	iters := 0
	for _, w := range s.workers {
		iters += int(w.done.Load())
	}
	s.progress(Progress[M]{
		Iterations: iters,
		Elapsed:    time.Since(start),
		Best:       st[b].Move,
		Visits:     st[b].Visits,
		Value:      st[b].Value,
		Proof:      st[b].Proof,
	})
}

func (s *MCTS[P, M]) fillResult(res *Result[M]) {
	st := s.rootStats()
	b := bestIndex(st)
	best := st[b]
	res.Move = best.Move
	res.Legal = len(st)
	pruned := s.trees[0].root.pruned()
	if pruned { // the root's children leave out avoided moves
		w := s.workers[0]
		w.moves = s.g.LegalMoves(&s.rootPos, w.moves[:0])
		res.Legal = len(w.moves)
	}
	res.Value = best.Value
	res.Proof = Unknown
	switch {
	case best.Proof == Win:
		res.Proof, res.Value, res.Plies = Win, 1, best.Plies
	case best.Proof == Loss && !pruned: // every move is lost, or bestIndex would avoid it
		res.Proof, res.Value, res.Plies = Loss, 0, best.Plies
	}
	for _, w := range s.workers {
		res.Iterations += w.iterations
	}
	for _, t := range s.trees {
		res.Visits += int(t.root.visits.Load())
	}
	res.Nodes = s.nodeCount()
	slices.SortStableFunc(st, func(a, b MoveStats[M]) int { return cmp.Compare(b.Visits, a.Visits) })
	res.Moves = st
	res.PV = s.pv(best.Move)
}

// pv follows the most visited replies from the tree with the most visits on
// the chosen move.
func (s *MCTS[P, M]) pv(m M) []M {
	var from *node[M]
	for _, t := range s.trees {
		kids := t.root.children()
		for i := range kids {
			if kids[i].move == m && (from == nil || kids[i].visits.Load() > from.visits.Load()) {
				from = &kids[i]
			}
		}
	}
	pv := []M{m}
	// the line stops at a roll: what follows depends on it
	for n := from; n != nil && len(pv) < maxPV && n.state.Load()&stChance == 0; {
		var next *node[M]
		kids := n.children()
		for i := range kids {
			k := &kids[i]
			if k.proof() == proofWin {
				next = k
				break
			}
			if v := k.visits.Load(); v > 0 && (next == nil || v > next.visits.Load()) {
				next = k
			}
		}
		if next == nil {
			break
		}
		pv = append(pv, next.move)
		n = next
	}
	return pv
}

// MoveStats is what the search learned about one root move.
type MoveStats[M comparable] struct {
	Move   M
	Visits int
	// Value is the mean return of the player to move at the root after this
	// move (in [0,1]; 0.5 when unvisited).
	Value float64
	// Proof is Win/Loss for the player to move at the root.
	Proof Proof
	// Plies is, for a proven move, the number of plies to the end of the
	// game counting this move, with the proof's best play (0: unproven).
	// Chance events (rolls) are not plies; where the rolls decide how long
	// the game lasts, it is the longest over them.
	Plies int
}

// Result is the outcome of one Search.
type Result[M comparable] struct {
	// Move is the move to play; meaningless when Legal == 0.
	Move M
	// Legal is the number of legal moves at the root; 0 means the game is
	// over. With exactly one legal move the search is skipped. Moves may
	// hold fewer: those the game avoids (see Avoider) are not searched.
	Legal int
	// Player is the player to move at the root.
	Player int
	// Value estimates Player's return after Move (1 or 0 when proven).
	Value float64
	// Proof is the root's status for Player: Win means Move forces a win,
	// Loss means every move loses against best play.
	Proof Proof
	// Plies is, when proven, the number of plies to the end with Move.
	Plies int
	// Moves holds every root move, most visited first.
	Moves []MoveStats[M]
	// PV is the expected line starting with Move (most visited replies).
	PV []M
	// Iterations run by this Search; Visits counts the root's visits
	// including those kept from earlier searches.
	Iterations int
	Visits     int
	// Nodes is the number of tree nodes held (all trees).
	Nodes   int
	Elapsed time.Duration
	// Err is ErrChance when the position waits for a chance event (then
	// nothing was searched and Legal is 0), or the game's failure (Failer):
	// then Move must not be played.
	Err error
}

// Progress is passed to the progress callback while a search runs.
type Progress[M comparable] struct {
	Iterations int
	Elapsed    time.Duration
	Best       M
	Visits     int // of Best
	Value      float64
	Proof      Proof
}
