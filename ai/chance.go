package ai

import "math"

// Chance nodes in the tree: one child per outcome, chosen by weight deficit.

// expandChance gives chance node n one child per outcome, in the order of
// Outcomes (the index is the outcome), each with n's mover.
func (w *worker[P, M]) expandChance(n *node[M]) bool {
	w.weights = w.chance.Outcomes(&w.pos, w.weights[:0])
	k := len(w.weights)
	if k == 0 {
		n.state.Or(stTerminal) // a roll with no outcomes: inconsistent, scored by result()
		return false
	}
	st := newState(n.mover())
	kids := make([]node[M], k)
	for i := range kids {
		kids[i].state.Store(st)
	}
	n.nkids = int32(k)
	n.state.Or(stChance) // before publishing: whoever sees the children sees the flag
	n.kids.Store(&kids[0])
	w.t.nodes.Add(int64(k))
	return true
}

// selectOutcome picks the outcome of chance node n (at w.pos) whose visits
// lag furthest behind its share of the weights: the outcome i with the
// largest weight_i/total·(N+1) - visits_i, N the children's visits. The
// counts then follow the probabilities exactly up to one visit, at any N
// (sampling would only converge to them), so the node's mean return is the
// expectation over the rolls with less noise, no outcome is starved, and
// in-flight visits of other threads spread them over different rolls.
func (w *worker[P, M]) selectOutcome(n *node[M]) int {
	w.weights = w.chance.Outcomes(&w.pos, w.weights[:0])
	kids := n.children()
	total, visits := 0.0, int32(0)
	for i := range kids {
		if i < len(w.weights) {
			total += max(w.weights[i], 0)
		}
		visits += kids[i].visits.Load()
	}
	best, bestLag := 0, math.Inf(-1)
	if total <= 0 {
		return w.rng.IntN(len(kids))
	}
	scale := float64(visits+1) / total
	for i := range kids {
		if i >= len(w.weights) || w.weights[i] <= 0 {
			continue
		}
		if lag := w.weights[i]*scale - float64(kids[i].visits.Load()); lag > bestLag {
			best, bestLag = i, lag
		}
	}
	return best
}
