package ai

import (
	"math"
	"sync/atomic"
	"unsafe"
)

// The value network inside the tree: a leaf's value, the network's, a
// playout's or a mix (playout); and where there is no chance, each new
// node's children rated when it is expanded (rate), as priors
// (Config.NetPrior) and as the start of implicit minimax backups
// (Config.NetMinimax, backupMinimax).

// With Config.NetMinimax every node has a minimax value: the mover's value
// by the network's ratings, minimaxed over the tree below it. Not a field,
// so that a node stays 32 bytes where no network needs it: the children
// array of an expansion holds, after its k children, (k+1)/2 spare nodes,
// and the visits and state words of spare node j hold children 2j's and
// 2j+1's values (mmBits). Nothing else reads the spare nodes (children()
// ends before them), and the words are plain numbers, so the collector
// sees no pointers there.
func minimaxSpares(k int) int { return (k + 1) / 2 }

// minimaxSlot is the word holding the minimax value of kids[i], kids a
// children() array expanded with spares.
func minimaxSlot[M comparable](kids []node[M], i int) *atomic.Uint32 {
	all := unsafe.Slice(&kids[0], len(kids)+minimaxSpares(len(kids)))
	spare := &all[len(kids)+i/2]
	if i&1 == 0 {
		return &spare.state
	}
	return (*atomic.Uint32)(unsafe.Pointer(&spare.visits)) // the same word, unsigned
}

// mmBits stores a value in [0,1] as node.minimax does: never 0, which means
// none.
func mmBits(v float64) uint32 { return math.Float32bits(float32(1 + max(0, min(1, v)))) }

// mmValue reads node.minimax's bits; ok false for none.
func mmValue(b uint32) (v float64, ok bool) {
	if b == 0 {
		return 0, false
	}
	return float64(math.Float32frombits(b)) - 1, true
}

// rate has the value network rate the position after each of kids (not
// yet published), the moves at w.pos (its result where the game is over
// there): each child gets Config.NetPrior visits at that value, and with
// Config.NetMinimax it is the child's minimax value to begin with.
func (w *worker[P, M]) rate(kids []node[M]) {
	n := int32(w.s.cfg.NetPrior)
	mover := w.g.ToMove(&w.pos)
	near, _ := w.value.(*NetEval[P])
	if near != nil {
		near.SetBase(&w.pos)
	}
	for i := range kids {
		w.child = w.pos
		w.g.Apply(&w.child, kids[i].move)
		if !w.g.Result(&w.child, w.returns) && !w.rateChild(near) {
			continue
		}
		if n > 0 {
			kids[i].visits.Store(n)
			kids[i].value.Store(int64(n) * fixed(w.returns[mover]))
		}
		if w.minimax > 0 {
			minimaxSlot(kids, i).Store(mmBits(w.returns[mover]))
		}
	}
}

// rateChild has the value network rate w.child, a child of w.pos, into
// w.returns: from w.pos's hidden sums where the network is a NetEval
// (near, its base set to w.pos).
func (w *worker[P, M]) rateChild(near *NetEval[P]) bool {
	if near != nil {
		return near.EvaluateNear(&w.child, w.returns)
	}
	return w.value.Evaluate(&w.child, w.returns)
}

// backupMinimax sets the minimax value of n, a child of parent, from its
// children's, those of the player to move at n's position: the best of them
// for that player, read for n's mover (two players, returns summing to 1).
// A proven child counts as its proof.
func backupMinimax[M comparable](parent, n *node[M]) {
	kids := n.children()
	mover := n.mover()
	if len(kids) == 0 || mover < 0 {
		return
	}
	best, found := 0.0, false
	for i := range kids {
		k := &kids[i]
		var v float64
		switch k.proof() {
		case proofWin:
			v = 1
		case proofLoss:
			v = 0
		default:
			var ok bool
			if v, ok = mmValue(minimaxSlot(kids, i).Load()); !ok {
				continue
			}
		}
		if !found || v > best {
			best, found = v, true
		}
	}
	if !found {
		return
	}
	if kids[0].mover() != mover {
		best = 1 - best
	}
	siblings := parent.children()
	i := int((uintptr(unsafe.Pointer(n)) - uintptr(unsafe.Pointer(&siblings[0]))) / unsafe.Sizeof(*n))
	minimaxSlot(siblings, i).Store(mmBits(best))
}

// playout fills w.returns with the value of the leaf at w.pos: a random
// playout's, the value network's, or a mix of them (Config.NetMix). It
// reports whether w.pos was already terminal.
func (w *worker[P, M]) playout() bool {
	s := w.s
	mix := s.cfg.NetMix
	switch {
	case w.value == nil || mix >= 1:
		return w.randomPlayout(-1)
	case mix <= 0:
		return w.randomPlayout(s.cfg.NetPlayout)
	}
	if len(w.netv) != len(w.returns) {
		w.netv = make([]float64, len(w.returns))
	}
	if !w.value.Evaluate(&w.pos, w.netv) {
		fill(w.netv, 0.5)
	}
	if w.randomPlayout(-1) {
		return true // the game is over at the leaf: its result stands
	}
	for i, v := range w.netv {
		w.returns[i] = mix*w.returns[i] + (1-mix)*v
	}
	return false
}
