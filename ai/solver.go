package ai

// MCTS-Solver: proofs from terminal results up the tree, and the root's status.

// terminalProof is the proof for the mover into a finished position, and
// its winner: only decisive outcomes (one player 1, all others 0) prove
// anything.
func terminalProof(r []float64, mover int) (uint32, int) {
	winner := -1
	for i, v := range r {
		switch {
		case v == 1 && winner < 0:
			winner = i
		case v != 0:
			return proofUnknown, -1
		}
	}
	if winner < 0 {
		return proofUnknown, -1
	}
	if winner == mover {
		return proofWin, winner
	}
	return proofLoss, winner
}

// propagate pushes a new proof at the leaf up the path as far as it decides
// the parents, and stops the search when it decides the root.
func (w *worker[P, M]) propagate() {
	path := w.path
	for i := len(path) - 2; i >= 1; i-- {
		if !w.prove(path[i]) {
			return
		}
	}
	if !w.s.cfg.KeepSearching && rootProofOf(w.t.root) != Unknown {
		w.s.stop.Store(true)
	}
}

// prove sets n's proof from its children's; it reports whether it changed.
// Proofs say who wins where one player wins every line (the mover of a won
// node; for a lost node, when known, the winner). The player q choosing at n
// wins there if some child wins for q, and loses if every child loses for q;
// then the player who wins every child, if there is one, wins n too (q
// cannot help it). For n's mover that is the result when q moved into n too;
// otherwise q's win, or the one winner of every child, decides it, and when
// every child is won by players known not to be n's mover, n's mover loses
// without a known winner (q is free to choose among them). With two players
// the loser's opponent is always the winner, so that is the usual solver.
//
// A chance node's children are for its own mover: it is won when every
// outcome is, lost when every outcome is (its winner known when it is the
// same in every outcome), and its depth is the longest outcome's (the roll
// is not a ply). One outcome unproven or proven the other way leaves it
// unproven.
func (w *worker[P, M]) prove(n *node[M]) bool {
	st := n.state.Load()
	if st&stProofMask != proofUnknown {
		return false
	}
	kids := n.children()
	mover := int(st>>stMoverShift&0xff) - 1
	if st&stChance != 0 {
		k0 := kids[0].state.Load()
		p, win, depth := k0&stProofMask, winner(k0), 0
		for i := range kids {
			ks := kids[i].state.Load()
			if ks&stProofMask != p {
				return false
			}
			if winner(ks) != win {
				win = -1
			}
			depth = max(depth, int(ks>>stDepthShift))
		}
		return p != proofUnknown && n.setProof(p, depth, win)
	}
	q := kids[0].mover()
	anyWin, allLoss := false, true
	fastestWin, longestLoss := maxProofDepth, 0
	// the one winner of every lost child (-1: none yet, -2: not one), and
	// whether some child's winner may be n's mover
	common, moverMayWin := -1, false
	for i := range kids {
		ks := kids[i].state.Load()
		switch ks & stProofMask {
		case proofWin:
			anyWin = true
			fastestWin = min(fastestWin, int(ks>>stDepthShift))
		case proofLoss:
			longestLoss = max(longestLoss, int(ks>>stDepthShift))
			win := winner(ks)
			if win < 0 || win == mover {
				moverMayWin = true
			}
			switch {
			case win < 0:
				common = -2
			case common == -1:
				common = win
			case common != win:
				common = -2
			}
		default:
			allLoss = false
		}
	}
	p, win, depth := proofUnknown, -1, 0
	switch {
	case anyWin:
		win, depth = q, 1+fastestWin
	case allLoss && n.pruned():
		// a move the game avoids, left out of the tree, might save it
	case allLoss && common >= 0:
		win, depth = common, 1+longestLoss
	case allLoss && (mover == q || !moverMayWin):
		p, depth = proofLoss, 1+longestLoss // lost for the mover, winner not known
	}
	switch {
	case win < 0:
	case win == mover:
		p = proofWin
	default:
		p = proofLoss
	}
	return p != proofUnknown && n.setProof(p, depth, win)
}

// rootProofOf is the root's status for the player to move there.
func rootProofOf[M comparable](root *node[M]) Proof {
	kids := root.children()
	if len(kids) == 0 {
		return Unknown
	}
	allLoss := true
	for i := range kids {
		switch kids[i].proof() {
		case proofWin:
			return Win
		case proofLoss:
		default:
			allLoss = false
		}
	}
	if allLoss && !root.pruned() { // an avoided move, left out, might save it
		return Loss
	}
	return Unknown
}

func (s *MCTS[P, M]) rootProof() Proof {
	p := Unknown
	for _, t := range s.trees {
		switch rootProofOf(t.root) {
		case Win:
			return Win
		case Loss:
			p = Loss
		}
	}
	return p
}
