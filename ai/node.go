package ai

import (
	"sync/atomic"
	"unsafe"
)

// node is one tree node. Children live in one array owned by the parent,
// published through kids; every field another thread may write is atomic,
// so tree-parallel search needs no lock (and a preempted thread blocks no
// one). move and nkids are written before kids is published and never again.
//
// A chance node (stChance: its position waits for a roll) has one child per
// outcome, in the order of Chance.Outcomes, so a child's index is its
// outcome (its move is the zero value). The children of a chance node keep
// the chance node's mover, so their values and proofs are for the player
// who moved into the roll.
type node[M comparable] struct {
	kids   atomic.Pointer[node[M]] // first child; nil: not expanded
	value  atomic.Int64            // sum of the mover's returns in 1/2^32 units
	visits atomic.Int32            // including in-flight virtual losses
	state  atomic.Uint32           // proof, flags and mover; see st* below
	nkids  int32                   // the number of children, with nkidsPruned
	move   M                       // move that led here
}

// state bits. The mover (player who played move, -1 for a fresh root) is
// fixed at creation; proof and flags only ever go from unset to set.
const (
	stProofMask   = 0x3 // proofUnknown/Win/Loss for the mover
	stTerminal    = 1 << 2
	stExpanding   = 1 << 3 // a thread claimed the expansion
	stChance      = 1 << 4 // the children are chance outcomes (set before they are published)
	stWinnerShift = 5      // with a proof: winner+1 in bits 5..7 (0: not known)
	maxWinner     = 6      // winners known by the proofs: players 0..6
	stMoverShift  = 8      // mover+1 in bits 8..15
	stDepthShift  = 16     // with a proof: plies from the node to the end, bits 16..31
	maxProofDepth = 0xffff
	valueOne      = 1 << 32
	valueOneFloat = float64(valueOne)
)

// nkidsPruned in nkids marks a node whose children leave out moves the game
// avoids (see Avoider): it cannot be proven lost.
const nkidsPruned = 1 << 30

const (
	proofUnknown = uint32(Unknown)
	proofWin     = uint32(Win)
	proofLoss    = uint32(Loss)
)

func newState(mover int) uint32 { return uint32(mover+1) << stMoverShift }

func (n *node[M]) mover() int     { return int(n.state.Load()>>stMoverShift&0xff) - 1 }
func (n *node[M]) proof() uint32  { return n.state.Load() & stProofMask }
func (n *node[M]) terminal() bool { return n.state.Load()&stTerminal != 0 }

// proofDepth is the number of plies from a proven node's position to the end
// of the game with the proof's best play: the winner's fastest win, the
// loser's longest resistance (among the moves proven when it was set), the
// longest over the outcomes of a roll. Rolls are not plies.
func (n *node[M]) proofDepth() int { return int(n.state.Load() >> stDepthShift) }

// winner is the player who wins at a proven node (st its state): the mover
// for a win, the winner the proof found for a loss, -1 where that is not
// known (unproven, or a loss that leaves open who of the others wins).
func winner(st uint32) int {
	switch st & stProofMask {
	case proofWin:
		return int(st>>stMoverShift&0xff) - 1
	case proofLoss:
		return int(st>>stWinnerShift&0x7) - 1
	}
	return -1
}

// setProof records a proof, its depth and its winner (-1: not known; always
// known for a win) unless one is there already; reports whether it did.
func (n *node[M]) setProof(p uint32, depth, winner int) bool {
	d := uint32(min(depth, maxProofDepth)) << stDepthShift
	if winner >= 0 && winner <= maxWinner {
		d |= uint32(winner+1) << stWinnerShift
	}
	for {
		old := n.state.Load()
		if old&stProofMask != proofUnknown {
			return false
		}
		if n.state.CompareAndSwap(old, old|p|d) {
			return true
		}
	}
}

// pruned reports whether n's children leave out avoided moves.
func (n *node[M]) pruned() bool { return n.nkids&nkidsPruned != 0 }

func (n *node[M]) children() []node[M] {
	p := n.kids.Load()
	if p == nil {
		return nil
	}
	return unsafe.Slice(p, n.nkids&^nkidsPruned)
}

// fixed converts a return to value units (clamped to [0,1]: an evaluator
// slightly out of range must not wrap the sum).
func fixed(r float64) int64 {
	return int64(max(0, min(1, r)) * valueOneFloat)
}

// NodeBytes is the memory one tree node of move type M takes (children are
// stored inline in their parent's array, so this is the whole per-node cost
// apart from allocator rounding).
func NodeBytes[M comparable]() int { return int(unsafe.Sizeof(node[M]{})) }

// tree is one search tree.
type tree[M comparable] struct {
	root     *node[M]
	nodes    atomic.Int64
	maxNodes int64
}
