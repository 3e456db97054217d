package ai

// Keeping the tree between searches: finding the new root in the old tree.

// Reset forgets the tree.
func (s *MCTS[P, M]) Reset() {
	s.hasRoot = false
	for _, t := range s.trees {
		t.root = nil
		t.nodes.Store(0)
	}
}

// Advance moves the root to the child reached by m, keeping its subtree, after
// m is played at the last searched position. Search finds the subtree by hash
// anyway; Advance frees the siblings' memory early and works when the move
// reaches a position the hash search would not look at. When m leads to a
// roll the new root is that chance node, and the next Search (after the
// roll) finds its child by hash.
func (s *MCTS[P, M]) Advance(m M) {
	if !s.hasRoot {
		return
	}
	if s.chance != nil && s.chance.IsChance(&s.rootPos) {
		s.Reset() // no move is played at a roll
		return
	}
	for _, t := range s.trees {
		var found *node[M]
		if t.root != nil {
			kids := t.root.children()
			for i := range kids {
				if kids[i].move == m {
					found = &kids[i]
					break
				}
			}
		}
		t.setRoot(found)
	}
	s.g.Apply(&s.rootPos, m)
	s.rootHash = s.g.Hash(&s.rootPos)
}

// setRoot makes a copy of n the root (so the old siblings can be freed), or a
// fresh root when n is nil. No search is running.
func (t *tree[M]) setRoot(n *node[M]) {
	r := new(node[M])
	if n != nil {
		r.kids.Store(n.kids.Load())
		r.value.Store(n.value.Load())
		r.visits.Store(n.visits.Load())
		r.state.Store(n.state.Load() &^ stExpanding)
		r.nkids, r.move = n.nkids, n.move
	} else {
		r.state.Store(newState(-1))
	}
	t.root = r
	t.nodes.Store(int64(countNodes(r)))
}

func countNodes[M comparable](n *node[M]) int {
	c := 1
	kids := n.children()
	for i := range kids {
		c += countNodes(&kids[i])
	}
	return c
}

// attach points every tree at position p, reusing a subtree when p is the
// previous root or a position a few plies below it.
func (s *MCTS[P, M]) attach(p *P) {
	h := s.g.Hash(p)
	if s.hasRoot && h == s.rootHash && s.trees[0].root.state.Load()&stChance == 0 {
		s.rootPos = *p
		return
	}
	for _, t := range s.trees {
		var found *node[M]
		if s.hasRoot && t.root != nil {
			budget := reuseMaxApply
			found = s.findHash(t.root, &s.rootPos, h, reuseDepth, &budget)
		}
		t.setRoot(found)
	}
	s.rootPos = *p
	s.rootHash = h
	s.hasRoot = true
}

// findHash looks for the node of hash h up to depth plies below n (whose
// position is pos). Rolls do not count as plies, so the position after the
// opponent's move and the next roll is found as well as the one after a move.
func (s *MCTS[P, M]) findHash(n *node[M], pos *P, h uint64, depth int, budget *int) *node[M] {
	kids := n.children()
	chance := n.state.Load()&stChance != 0
	below := depth - 1
	if chance {
		below = depth
	}
	for i := range kids {
		if *budget <= 0 {
			return nil
		}
		*budget--
		q := *pos
		if chance {
			s.chance.Resolve(&q, i)
		} else {
			s.g.Apply(&q, kids[i].move)
		}
		if s.g.Hash(&q) == h {
			return &kids[i]
		}
		if below > 0 && kids[i].kids.Load() != nil {
			if f := s.findHash(&kids[i], &q, h, below, budget); f != nil {
				return f
			}
		}
	}
	return nil
}
