package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

const (
	// TreeParallel: one shared tree updated with atomics (no lock);
	// in-flight iterations add a virtual loss so threads spread over
	// different lines.
	TreeParallel ParallelMode = iota
	// RootParallel: one independent tree per thread with its own seed; the
	// root move statistics are summed at the end. Nothing is shared, and a
	// fixed iteration budget is split evenly, so it is reproducible too.
	RootParallel
)

// worker holds one thread's buffers so playouts allocate nothing.
type worker[P any, M comparable] struct {
	s            *MCTS[P, M]
	g            Game[P, M] // this thread's game (a Fork when the game has one)
	eval         Evaluator[P]
	value        Evaluator[P] // a value network's: rates playouts after Config.NetPlayout plies
	policy       PlayoutPolicy[P, M]
	avoid        Avoider[P, M] // nil: every move is in the tree
	chance       Chance[P]     // nil: the game has no chance events
	playouter    Playouter[P]  // nil: playouts go move by move
	prefer       float64       // the playouts' PreferProb, 0 without a policy
	weights      []float64     // chance outcome weights
	t            *tree[M]
	rng          *rand.Rand
	pos          P
	child        P // a child's position, for its prior (priors)
	moves        []M
	pref         []M
	returns      []float64
	netv         []float64 // the value network's returns at a leaf, to mix with a playout's
	path         []*node[M]
	keys         []uint64 // repetition keys of the positions on path below the root
	plies        int      // playout plies of the current iteration (rolls not counted)
	leafTerminal bool
	iterations   int
	minimax      float64      // Config.NetMinimax where it applies (two players, no chance, a network), else 0
	expandAfter  int32        // visits before a leaf is expanded: expandAfterVis, and its prior's (Config.NetPrior)
	done         atomic.Int64 // iterations, for the progress goroutine
	_            [64]byte     // keep other threads' data off this cache line
}

// MCTS is a Monte Carlo tree search for one game. It keeps its tree between
// searches: Search on a position reached from the previous root (by up to a
// few plies) continues with that subtree. Not safe for concurrent Searches.
type MCTS[P any, M comparable] struct {
	g        Game[P, M] // used by the caller's goroutine only
	chance   Chance[P]  // g's, nil without chance events
	cfg      Config
	players  int
	vl       int32
	trees    []*tree[M]
	workers  []*worker[P, M]
	rootPos  P
	rootHash uint64
	hasRoot  bool
	progress func(Progress[M])
	net      netSearch[P, M] // the filter's buffers (netsearch.go)
	endgame  *endgame        // the last endgame analysis, nil before any

	endgameQueue frontier[P] // its breadth-first frontier, while listing
	endgameMoves []M
	// endgameQuantum, where > 0, pauses a listing after that many
	// positions in each search, as a time budget would (for tests).
	endgameQuantum int

	// Repetition draws (nil rep: none): the game's positions before the
	// root as given by SetHistory, and those plus the root's key for the
	// current search.
	rep      Repetition[P]
	repLimit int
	history  []uint64
	base     []uint64
	// discount[k] is Discount^k (nil when Discount is 1).
	discount []float64

	// panicked is a search thread's panic, as an error (see safeLoop).
	panicked atomic.Pointer[error]

	// Shared between threads; padded so the per-iteration reads of stop do
	// not miss because of writes to claimed.
	_       [64]byte
	stop    atomic.Bool
	_       [64]byte
	claimed atomic.Int64
	_       [64]byte
}

// NewMCTS makes a search for g. The Evaluator and PlayoutPolicy are taken
// from g when it implements them; with Threads > 1 each thread gets g.Fork()
// when g is a Forker.
func NewMCTS[P any, M comparable](g Game[P, M], cfg Config) *MCTS[P, M] {
	cfg = cfg.normalized()
	n := g.Players()
	if n < 1 || n > 127 {
		panic(fmt.Sprintf("ai: Players() = %d, want 1..127", n))
	}
	s := &MCTS[P, M]{g: g, cfg: cfg, players: n, vl: int32(cfg.VirtualLoss)}
	s.chance = chanceOf(g)
	if cfg.Threads == 1 || cfg.Parallel == RootParallel {
		s.vl = 1 // no other thread shares the tree: plain UCT
	}
	ntrees := 1
	if cfg.Parallel == RootParallel {
		ntrees = cfg.Threads
	}
	for i := 0; i < ntrees; i++ {
		s.trees = append(s.trees, &tree[M]{maxNodes: int64(max(cfg.MaxNodes/ntrees, 1))})
	}
	if r, ok := g.(Repetition[P]); ok && !cfg.NoRepetition && r.RepetitionLimit() > 0 {
		s.rep, s.repLimit = r, r.RepetitionLimit()
	}
	if cfg.Discount < 1 {
		// long enough for a playout below a deep tree; further is clamped
		s.discount = make([]float64, cfg.PlayoutCap+1024)
		d := 1.0
		for i := range s.discount {
			s.discount[i] = d
			d *= cfg.Discount
		}
	}
	for i := 0; i < cfg.Threads; i++ {
		wg := g
		if f, ok := g.(Forker[P, M]); ok && cfg.Threads > 1 {
			wg = f.Fork()
		}
		w := &worker[P, M]{
			s:       s,
			g:       wg,
			t:       s.trees[i%ntrees],
			rng:     rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15*uint64(i+1))),
			returns: make([]float64, n),

			expandAfter: expandAfterVis,
		}
		w.eval, _ = wg.(Evaluator[P])
		w.policy, _ = wg.(PlayoutPolicy[P, M])
		w.chance = chanceOf(wg)
		if !cfg.NoAvoid {
			w.avoid, _ = wg.(Avoider[P, M])
		}
		if cfg.PreferProb < 0 {
			w.policy = nil
		}
		if w.policy != nil {
			w.prefer = cfg.PreferProb
		}
		if po, ok := wg.(Playouter[P]); ok && w.chance == nil && po.HasPlayout() {
			w.playouter = po
		}
		s.workers = append(s.workers, w)
	}
	return s
}

// SetValue makes the search rate the positions its playouts reach with a
// value network instead of playing them out to the end: after
// Config.NetPlayout random plies (0: the leaf itself). The game (each
// thread's Fork) must be an Encoder the net was trained for.
func (s *MCTS[P, M]) SetValue(net *Net) error {
	for _, w := range s.workers {
		enc, _ := w.g.(Encoder[P])
		e, err := NewNetEval(net, enc, s.players)
		if err != nil {
			return err
		}
		w.value = e
		if s.players == 2 && w.chance == nil && w.minimax != s.cfg.NetMinimax {
			w.minimax = s.cfg.NetMinimax
			s.Reset() // the tree's children arrays have no room for minimax values
		}
		if s.cfg.NetPrior > 0 && w.chance == nil {
			// a node's prior visits are not visits of its own
			w.expandAfter = expandAfterVis + int32(s.cfg.NetPrior)
		}
	}
	return nil
}

// SetProgress installs a callback called about every Config.ProgressEvery
// during a Search, from another goroutine, never after Search returns. It
// must be quick (it holds up nothing but the next report). nil removes it.
// With RootParallel the figures are merged over all trees.
func (s *MCTS[P, M]) SetProgress(f func(Progress[M])) { s.progress = f }

// SetHistory gives the search the RepetitionKeys of the game's positions
// before the ones it will be asked about, oldest first (see HistoryUser); it
// holds for every Search until the next SetHistory.
func (s *MCTS[P, M]) SetHistory(keys []uint64) {
	s.history = append(s.history[:0], keys...)
}

// Search thinks about position p until the budget (Config.Iterations,
// Config.Time) runs out, ctx is done ("move now"), or the root is proven, and
// returns the move to play with the statistics behind it. p is not modified.
func (s *MCTS[P, M]) Search(ctx context.Context, p *P) Result[M] {
	start := time.Now()
	if ctx == nil {
		ctx = context.Background()
	}
	if s.chance != nil && s.chance.IsChance(p) {
		return Result[M]{Player: s.g.ToMove(p), Err: ErrChance, Elapsed: time.Since(start), Nodes: s.nodeCount()}
	}
	if s.useNetSearch() {
		return s.netFilter(ctx, p, start)
	}
	s.attach(p)
	if s.rep != nil {
		s.base = append(append(s.base[:0], s.history...), s.rep.RepetitionKey(&s.rootPos))
	}
	legal := -1
	for i, t := range s.trees {
		if t.root.kids.Load() == nil {
			w := s.workers[i]
			w.pos = s.rootPos
			if !w.expand(t.root) {
				legal = 0
			}
		}
	}
	res := Result[M]{Player: s.g.ToMove(&s.rootPos)}
	if legal == 0 {
		res.Elapsed = time.Since(start)
		res.Nodes = s.nodeCount()
		res.Err = failure(s.g)
		return res
	}
	if len(s.trees[0].root.children()) == 1 && !s.trees[0].root.pruned() {
		s.checkForced() // no search: a forced move needs no thought
	} else {
		s.solveEndgame(ctx)
		if s.cfg.KeepSearching || s.rootProof() == Unknown {
			s.run(ctx, start)
			if s.keptAllLost() {
				// the moves the game avoids are the only hope left
				s.unprune()
				s.run(ctx, start)
			}
		}
	}
	s.fillResult(&res)
	if res.Proof != Unknown {
		res.PV = s.endgamePV(res.PV)
	}
	res.Elapsed = time.Since(start)
	res.Err = failure(s.g)
	if e := s.panicked.Swap(nil); e != nil {
		res.Err = *e
		s.Reset() // a tree a panic left half-updated is not reused
	}
	return res
}

// keptAllLost reports whether the roots leave out avoided moves and every
// move they kept is proven lost.
func (s *MCTS[P, M]) keptAllLost() bool {
	for _, t := range s.trees {
		kids := t.root.children()
		if !t.root.pruned() || len(kids) == 0 {
			return false
		}
		for i := range kids {
			if kids[i].proof() != proofLoss {
				return false
			}
		}
	}
	return true
}

// unprune replaces each root by a fresh one with every legal move.
func (s *MCTS[P, M]) unprune() {
	for i, t := range s.trees {
		t.setRoot(nil)
		w := s.workers[i]
		w.pos = s.rootPos
		avoid := w.avoid
		w.avoid = nil
		w.expand(t.root)
		w.avoid = avoid
	}
}

// checkForced marks the only root move proven when it ends the game, so a
// forced last move still reports the result.
func (s *MCTS[P, M]) checkForced() {
	w := s.workers[0]
	for _, t := range s.trees {
		k := &t.root.children()[0]
		if k.terminal() || s.cfg.NoSolver {
			continue
		}
		w.pos = s.rootPos
		s.g.Apply(&w.pos, k.move)
		if s.g.Result(&w.pos, w.returns) {
			k.state.Or(stTerminal)
			p, winner := terminalProof(w.returns, k.mover())
			k.setProof(p, 0, winner)
		}
	}
}

func (s *MCTS[P, M]) nodeCount() int {
	n := 0
	for _, t := range s.trees {
		n += int(t.nodes.Load())
	}
	return n
}

// run performs the iterations of one search.
func (s *MCTS[P, M]) run(ctx context.Context, start time.Time) {
	s.stop.Store(false)
	s.claimed.Store(0)
	limit := int64(s.cfg.Iterations)
	if limit <= 0 {
		limit = math.MaxInt64
		if s.cfg.Time <= 0 && ctx.Done() == nil {
			limit = DefaultIterations
		}
	}
	if ctx.Err() != nil {
		return
	}
	if s.cfg.Time > 0 {
		// counted from the start of Search: an endgame analysis before
		// the iterations takes its time from the same budget
		timer := time.AfterFunc(s.cfg.Time-time.Since(start), func() { s.stop.Store(true) })
		defer timer.Stop()
	}
	stopCtx := context.AfterFunc(ctx, func() { s.stop.Store(true) })
	defer stopCtx()

	var progWG sync.WaitGroup
	progDone := make(chan struct{})
	if s.progress != nil {
		progWG.Add(1)
		go func() {
			defer progWG.Done()
			tick := time.NewTicker(s.cfg.ProgressEvery)
			defer tick.Stop()
			for {
				select {
				case <-progDone:
					return
				case <-tick.C:
					s.reportProgress(start)
				}
			}
		}()
	}

	for _, w := range s.workers {
		w.iterations = 0
		w.done.Store(0)
	}
	rootMode := len(s.trees) > 1
	if len(s.workers) == 1 {
		s.workers[0].safeLoop(limit, false)
	} else {
		var wg sync.WaitGroup
		for i, w := range s.workers {
			quota := limit
			if rootMode && limit != math.MaxInt64 {
				// split a fixed budget so root-parallel stays reproducible
				n := int64(len(s.workers))
				quota = limit / n
				if int64(i) < limit%n {
					quota++
				}
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				w.safeLoop(quota, !rootMode)
			}()
		}
		wg.Wait()
	}
	close(progDone)
	progWG.Wait()
}

// safeLoop is loop that turns a panic (a bug in the game's code, met on a
// search thread where no caller could recover it) into the search's failure:
// every thread stops, and Search reports it in Result.Err.
func (w *worker[P, M]) safeLoop(limit int64, shared bool) {
	defer func() {
		if r := recover(); r != nil {
			err := fmt.Errorf("the search failed: %v\n%s", r, debug.Stack())
			w.s.panicked.CompareAndSwap(nil, &err)
			w.s.stop.Store(true)
		}
	}()
	w.loop(limit, shared)
}

// loop runs iterations on the worker's tree. shared: the budget is claimed
// from the common counter (tree-parallel); otherwise it is the worker's own.
func (w *worker[P, M]) loop(limit int64, shared bool) {
	s := w.s
	for !s.stop.Load() {
		if shared {
			if s.claimed.Add(1) > limit {
				break
			}
		} else if int64(w.iterations) >= limit {
			break
		}
		if w.selectLeaf() {
			w.leafTerminal = w.playout()
		}
		w.backprop()
		w.iterations++
		w.done.Store(int64(w.iterations))
	}
}

// selectLeaf walks from the root to a leaf, expanding it when it has been
// visited before. It reports whether a playout is needed; otherwise
// w.returns already holds the outcome (terminal or proven node).
func (w *worker[P, M]) selectLeaf() bool {
	s, t, vl := w.s, w.t, w.s.vl
	w.pos = s.rootPos
	w.leafTerminal = false
	w.plies = 0
	n := t.root
	w.path = append(w.path[:0], n)
	w.keys = w.keys[:0]
	n.visits.Add(vl)
	for {
		st := n.state.Load()
		if st&stTerminal != 0 {
			w.result()
			return false
		}
		if n != t.root && st&stProofMask != proofUnknown && w.provenReturns(n, st) {
			return false
		}
		if n.kids.Load() == nil {
			if n.visits.Load()-vl < w.expandAfter || t.nodes.Load() >= t.maxNodes {
				return true
			}
			// claim the expansion; if another thread has it, play out from here
			if st&stExpanding != 0 || !n.state.CompareAndSwap(st, st|stExpanding) {
				return true
			}
			if !w.expand(n) {
				w.result()
				w.leafTerminal = true
				return false
			}
		}
		var c *node[M]
		// reload: st may predate the expansion that marked n a chance node
		if w.chance != nil && n.state.Load()&stChance != 0 {
			i := w.selectOutcome(n)
			c = &n.children()[i]
			w.chance.Resolve(&w.pos, i)
		} else {
			c = w.selectChild(n)
			w.g.Apply(&w.pos, c.move)
		}
		c.visits.Add(vl)
		w.path = append(w.path, c)
		n = c
		if s.rep != nil && (w.chance == nil || !w.chance.IsChance(&w.pos)) && w.repeated() {
			// A draw on this path only: the same node may be reached with
			// another history after the root moves, so nothing is stored.
			fill(w.returns, 0.5)
			return false
		}
	}
}

// repeated records the repetition key of w.pos, reached on the current path,
// and reports whether the position has now occurred RepetitionLimit times,
// counting the path and the game's history before the root.
func (w *worker[P, M]) repeated() bool {
	s := w.s
	key := s.rep.RepetitionKey(&w.pos)
	back := s.rep.Reversible(&w.pos)
	seen := 1
	for i := len(w.keys) - 1; i >= 0 && back > 0; i-- {
		back--
		if w.keys[i] == key {
			seen++
		}
	}
	for i := len(s.base) - 1; i >= 0 && back > 0; i-- {
		back--
		if s.base[i] == key {
			seen++
		}
	}
	w.keys = append(w.keys, key)
	return seen >= s.repLimit
}

// result fills w.returns for the finished game at w.pos.
func (w *worker[P, M]) result() {
	if !w.g.Result(&w.pos, w.returns) {
		fill(w.returns, 0.5) // no moves but not over: the game is inconsistent; call it a draw
	}
}

func fill(v []float64, x float64) {
	for i := range v {
		v[i] = x
	}
}

// provenReturns fills w.returns for a proven node when the proof determines
// them (its winner is known: always for a win, for a loss with two players,
// and for a loss with more where one player wins every line).
func (w *worker[P, M]) provenReturns(n *node[M], st uint32) bool {
	win := winner(st)
	if win < 0 {
		return false
	}
	w.plies = int(st >> stDepthShift) // for the discount: the game ends that much later
	fill(w.returns, 0)
	w.returns[win] = 1
	return true
}

// expand creates n's children in a random order (so ties and the order of
// first visits carry no move-generation bias) and publishes them. It reports
// false, marking n terminal, when there are no legal moves at w.pos.
func (w *worker[P, M]) expand(n *node[M]) bool {
	g := w.g
	if w.chance != nil && w.chance.IsChance(&w.pos) {
		return w.expandChance(n)
	}
	w.moves = g.LegalMoves(&w.pos, w.moves[:0])
	k := len(w.moves)
	if k == 0 {
		n.state.Or(stTerminal)
		return false
	}
	pruned := int32(0)
	if w.avoid != nil {
		// keep the moves not avoided, in place; when every move is
		// avoided nothing was overwritten and all stay
		kept := 0
		for _, m := range w.moves {
			if !w.avoid.Avoid(&w.pos, m) {
				w.moves[kept] = m
				kept++
			}
		}
		if kept > 0 && kept < k {
			w.moves, k, pruned = w.moves[:kept], kept, nkidsPruned
		}
	}
	for i := k - 1; i > 0; i-- {
		j := w.rng.IntN(i + 1)
		w.moves[i], w.moves[j] = w.moves[j], w.moves[i]
	}
	st := newState(g.ToMove(&w.pos))
	spares := 0
	if w.minimax > 0 {
		spares = minimaxSpares(k)
	}
	kids := make([]node[M], k+spares)[:k]
	for i, m := range w.moves {
		kids[i].move = m
		kids[i].state.Store(st)
	}
	if w.value != nil && (w.s.cfg.NetPrior > 0 || w.minimax > 0) && w.chance == nil {
		w.rate(kids)
	}
	n.nkids = int32(k) | pruned
	n.kids.Store(&kids[0]) // publish: nkids and the children are visible from here on
	w.t.nodes.Add(int64(k))
	return true
}

// selectChild picks by UCT, taking a proven win at once, skipping proven
// losses and trying unvisited children first.
func (w *worker[P, M]) selectChild(n *node[M]) *node[M] {
	kids := n.children()
	logN := math.Log(float64(max(n.visits.Load(), 1)))
	c := w.s.cfg.Exploration
	alpha := w.minimax
	var best, fresh *node[M]
	bestScore, freshScore := math.Inf(-1), math.Inf(-1)
	for pass := 0; pass < 2 && best == nil && fresh == nil; pass++ {
		for i := range kids {
			k := &kids[i]
			if pass == 0 {
				switch k.proof() {
				case proofWin:
					return k
				case proofLoss:
					if !w.s.cfg.KeepLost {
						continue
					}
				}
			}
			visits := k.visits.Load()
			if visits <= 0 {
				if alpha == 0 {
					return k
				}
				// unvisited children first, the best rated first
				if v, ok := mmValue(minimaxSlot(kids, i).Load()); fresh == nil || ok && v > freshScore {
					fresh, freshScore = k, v
				}
				continue
			}
			v := float64(visits)
			mean := float64(k.value.Load()) / valueOneFloat / v
			if alpha > 0 {
				if m, ok := mmValue(minimaxSlot(kids, i).Load()); ok {
					mean = (1-alpha)*mean + alpha*m
				}
			}
			score := mean + c*math.Sqrt(logN/v)
			if score > bestScore {
				best, bestScore = k, score
			}
		}
	}
	if fresh != nil {
		return fresh
	}
	return best
}

// randomPlayout plays uniformly random moves from w.pos (favouring the
// policy's preferred moves if any) until the game ends or the cap, or, where
// netAt >= 0, until netAt plies are played and the value network rates the
// position reached; it fills w.returns. It reports whether w.pos was
// already terminal.
func (w *worker[P, M]) randomPlayout(netAt int) bool {
	if w.playouter != nil {
		return w.gamePlayout(netAt)
	}
	s := w.s
	g := w.g
	rolls := 0
	for ply := 0; ; ply++ {
		w.plies = ply
		if netAt >= 0 && ply >= netAt {
			// the network rates the position, a roll still to come or not
			if g.Result(&w.pos, w.returns) {
				return ply == 0 && rolls == 0
			}
			if !w.value.Evaluate(&w.pos, w.returns) {
				fill(w.returns, 0.5)
			}
			return false
		}
		if w.chance != nil && w.chance.IsChance(&w.pos) && rolls < 2*s.cfg.PlayoutCap {
			// a roll is not a ply: resolve it by sampling and go on
			w.weights = w.chance.Outcomes(&w.pos, w.weights[:0])
			if i := sampleOutcome(w.weights, w.rng.Float64()); i >= 0 {
				w.chance.Resolve(&w.pos, i)
				rolls++
				ply--
				continue
			}
		}
		// a long playout (a slow game, a cap of many thousand plies) still
		// heeds "stop": it is cut and scored as at the cap
		if ply >= s.cfg.PlayoutCap || ply&63 == 63 && s.stop.Load() {
			if !g.Result(&w.pos, w.returns) {
				if w.eval == nil || !w.eval.Evaluate(&w.pos, w.returns) {
					fill(w.returns, 0.5)
				}
			}
			return false
		}
		w.moves = g.LegalMoves(&w.pos, w.moves[:0])
		if len(w.moves) == 0 {
			w.result()
			return ply == 0 && rolls == 0
		}
		m := w.moves[w.rng.IntN(len(w.moves))]
		if w.policy != nil && w.rng.Float64() < s.cfg.PreferProb {
			w.pref = w.pref[:0]
			for _, x := range w.moves {
				if w.policy.Prefer(&w.pos, x) {
					w.pref = append(w.pref, x)
				}
			}
			if len(w.pref) > 0 {
				m = w.pref[w.rng.IntN(len(w.pref))]
			}
		}
		g.Apply(&w.pos, m)
	}
}

// gamePlayout is randomPlayout played by the game's Playouter, up to 64
// plies at a time so that it still heeds "stop".
func (w *worker[P, M]) gamePlayout(netAt int) bool {
	s := w.s
	end := s.cfg.PlayoutCap
	if netAt >= 0 && netAt < end {
		end = netAt
	}
	ply := 0
	for ply < end {
		n, over := w.playouter.Playout(&w.pos, w.rng, min(end-ply, 64), w.prefer)
		ply += n
		w.plies = ply
		if over {
			w.result()
			return ply == 0
		}
		if s.stop.Load() {
			break
		}
	}
	w.plies = ply
	if w.g.Result(&w.pos, w.returns) {
		return ply == 0 // the network was to rate the leaf itself
	}
	switch {
	case netAt >= 0 && ply >= netAt:
		if !w.value.Evaluate(&w.pos, w.returns) {
			fill(w.returns, 0.5)
		}
	case w.eval == nil || !w.eval.Evaluate(&w.pos, w.returns):
		fill(w.returns, 0.5)
	}
	return false
}

// backprop adds w.returns along w.path, turning the virtual losses into real
// visits, and propagates a new proof when the leaf turned out terminal.
func (w *worker[P, M]) backprop() {
	s := w.s
	path := w.path
	if w.leafTerminal {
		leaf := path[len(path)-1]
		leaf.state.Or(stTerminal)
		if mover := leaf.mover(); !s.cfg.NoSolver && mover >= 0 {
			if p, winner := terminalProof(w.returns, mover); p != proofUnknown && leaf.setProof(p, 0, winner) {
				w.propagate()
			}
		}
	}
	d := 1 - s.vl
	// plies from path[i] to the end of the simulation, counted from the
	// leaf up: the playout's, then one per edge out of a node that is not a
	// chance node (a roll is not a ply)
	plies, last := w.plies, len(path)-1
	for i := last; i >= 0; i-- {
		n := path[i]
		st := n.state.Load()
		if i < last && st&stChance == 0 {
			plies++
		}
		if d != 0 {
			n.visits.Add(d)
		}
		if mover := int(st>>stMoverShift&0xff) - 1; mover >= 0 {
			r := w.returns[mover]
			if s.discount != nil {
				r = 0.5 + (r-0.5)*s.discount[min(plies, len(s.discount)-1)]
			}
			n.value.Add(fixed(r))
		}
		if w.minimax > 0 && i > 0 {
			backupMinimax(path[i-1], n)
		}
	}
}
