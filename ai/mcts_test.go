package ai

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestNodeSize(t *testing.T) {
	for _, c := range []struct {
		name string
		got  int
		max  int
	}{
		{"uint8", NodeBytes[uint8](), 32},
		{"uint32", NodeBytes[uint32](), 32},
		{"[2]uint32", NodeBytes[[2]uint32](), 40},
		{"struct{from,to uint8; n int8}", NodeBytes[struct{ from, to, n uint8 }](), 32},
	} {
		t.Logf("node bytes with M=%s: %d", c.name, c.got)
		if c.got > c.max {
			t.Errorf("node with M=%s is %d bytes, want <= %d", c.name, c.got, c.max)
		}
	}
}

// legal reports whether m is legal at p.
func legal[P any, M comparable](g Game[P, M], p *P, m M) bool {
	return slices.Contains(g.LegalMoves(p, nil), m)
}

// TestNeverIllegal plays many seeded games with MCTS of every flavour against
// random players; Match.Run fails on any illegal move.
func TestNeverIllegal(t *testing.T) {
	ctx := context.Background()
	flavours := []Config{
		{Iterations: 60},
		{Iterations: 60, Threads: 2, Parallel: TreeParallel},
		{Iterations: 60, Threads: 2, Parallel: RootParallel},
		{Iterations: 60, NoSolver: true, PlayoutCap: 3},
	}
	for fi, cfg := range flavours {
		check := func(name string, err error, rec Record) {
			t.Helper()
			if err != nil {
				t.Fatalf("flavour %d %s: %v", fi, name, err)
			}
			if rec.Games() == 0 {
				t.Fatalf("flavour %d %s: no games", fi, name)
			}
		}
		mk := func(c Config) func(uint64) Player[ttt, uint8] {
			return func(seed uint64) Player[ttt, uint8] { c.Seed = seed; return NewMCTSPlayer[ttt, uint8](tttGame{}, c) }
		}
		g := tttGame{}
		rec, err := Match[ttt, uint8]{Game: g, Start: func(int) ttt { return ttt{} }, A: mk(cfg),
			B: func(s uint64) Player[ttt, uint8] { return NewRandom[ttt, uint8](g, s) }, Games: 10, Seed: uint64(fi)}.Run(ctx)
		check("ttt", err, rec)

		ng := nimGame{}
		rec, err = Match[nim, int8]{Game: ng, Start: func(i int) nim { return nim{n: int16(5 + i)} },
			A: func(s uint64) Player[nim, int8] { c := cfg; c.Seed = s; return NewMCTSPlayer[nim, int8](ng, c) },
			B: func(s uint64) Player[nim, int8] { return NewRandom[nim, int8](ng, s) }, Games: 10}.Run(ctx)
		check("nim", err, rec)

		rg := race3Game{goal: 12}
		rec, err = Match[race3, int8]{Game: rg, Start: func(int) race3 { return race3{} },
			A: func(s uint64) Player[race3, int8] { c := cfg; c.Seed = s; return NewMCTSPlayer[race3, int8](rg, c) },
			B: func(s uint64) Player[race3, int8] { return NewGreedy[race3, int8](rg, s) }, Games: 6}.Run(ctx)
		check("race3", err, rec)

		for seed := uint64(0); seed < 4; seed++ {
			tg := rtreeGame{seed: seed, maxDepth: 12}
			rec, err = Match[rtree, uint8]{Game: tg, Start: func(int) rtree { return rtree{} },
				A: func(s uint64) Player[rtree, uint8] { c := cfg; c.Seed = s; return NewMCTSPlayer[rtree, uint8](tg, c) },
				B: func(s uint64) Player[rtree, uint8] { return NewRandom[rtree, uint8](tg, s) }, Games: 4}.Run(ctx)
			check("rtree", err, rec)
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, cfg := range []Config{
		{Iterations: 3000, Seed: 7},
		{Iterations: 3000, Seed: 7, Threads: 2, Parallel: RootParallel}, // budget split per tree: reproducible too
	} {
		run := func() []Result[uint8] {
			s := NewMCTS[c4, uint8](c4Game{}, cfg)
			var out []Result[uint8]
			p := c4{}
			for i := 0; i < 4; i++ {
				r := s.Search(context.Background(), &p)
				out = append(out, r)
				c4Game{}.Apply(&p, r.Move)
			}
			return out
		}
		a, b := run(), run()
		for i := range a {
			if a[i].Move != b[i].Move || !slices.Equal(a[i].Moves, b[i].Moves) || !slices.Equal(a[i].PV, b[i].PV) {
				t.Fatalf("threads=%d search %d differs:\n%+v\n%+v", cfg.Threads, i, a[i], b[i])
			}
		}
		other := NewMCTS[c4, uint8](c4Game{}, Config{Iterations: 3000, Seed: 8})
		r := other.Search(context.Background(), &c4{})
		if slices.Equal(r.Moves, a[0].Moves) {
			t.Errorf("seed 8 gave the very same statistics as seed 7")
		}
	}
}

func TestTakesImmediateWin(t *testing.T) {
	g := tttGame{}
	// X to move; X wins at 2 (top row). O threatens nothing that matters.
	p := tttFrom("XX.|OO.|X.O")
	for seed := uint64(0); seed < 20; seed++ {
		s := NewMCTS[ttt, uint8](g, Config{Iterations: 1000, Seed: seed})
		r := s.Search(context.Background(), &p)
		if r.Move != 2 || r.Proof != Win {
			t.Fatalf("seed %d: move %d proof %v, want 2 proven win; %+v", seed, r.Move, r.Proof, r.Moves)
		}
		if r.Iterations >= 1000 {
			t.Errorf("seed %d: proven root still used the whole budget (%d iterations)", seed, r.Iterations)
		}
		m, info := NewGreedy[ttt, uint8](g, seed).Choose(context.Background(), &p)
		if m != 2 || info.Proof != Win {
			t.Fatalf("greedy seed %d: move %d, want 2", seed, m)
		}
	}
	// three players: the player to move can reach the goal now
	rg := race3Game{goal: 10}
	q := race3{c: 8, turn: 1}
	r := NewMCTS[race3, int8](rg, Config{Iterations: 500}).Search(context.Background(), &q)
	if r.Move != 2 || r.Proof != Win {
		t.Fatalf("race3: move %d proof %v, want 2 proven win", r.Move, r.Proof)
	}
}

func TestAvoidsImmediateLoss(t *testing.T) {
	g := tttGame{}
	// X to move, no win; O threatens 0-4-8, so X must take 8 (which does not
	// win by force, so the search goes on and proves every other move lost).
	p := tttFrom("OX.|.O.|X..")
	for seed := uint64(0); seed < 20; seed++ {
		s := NewMCTS[ttt, uint8](g, Config{Iterations: 1000, Seed: seed})
		r := s.Search(context.Background(), &p)
		if r.Move != 8 || r.Proof != Unknown {
			t.Fatalf("seed %d: move %d (%v), want block at 8; %+v", seed, r.Move, r.Proof, r.Moves)
		}
		for _, ms := range r.Moves {
			if ms.Move != 8 && ms.Proof != Loss {
				t.Errorf("seed %d: move %d not proven lost: %+v", seed, ms.Move, ms)
			}
		}
	}
}

func TestSolverNim(t *testing.T) {
	g := nimGame{}
	for n := int16(1); n <= 14; n++ {
		p := nim{n: n}
		s := NewMCTS[nim, int8](g, Config{Iterations: 20000, Seed: uint64(n)})
		r := s.Search(context.Background(), &p)
		if n%4 != 0 {
			if r.Proof != Win || r.Move != int8(n%4) || r.Value != 1 {
				t.Errorf("n=%d: move %d proof %v value %v, want take %d proven win", n, r.Move, r.Proof, r.Value, n%4)
			}
		} else if r.Proof != Loss {
			t.Errorf("n=%d: proof %v, want loss", n, r.Proof)
		}
		if r.Proof != Unknown && r.Iterations == 20000 {
			t.Errorf("n=%d: search did not stop when proven", n)
		}
	}
	// the proven line continues: after a winning move and any reply the
	// player to move is still proven to win (tree reuse keeps the proof).
	s := NewMCTS[nim, int8](g, Config{Iterations: 20000})
	p := nim{n: 11}
	r := s.Search(context.Background(), &p)
	g.Apply(&p, r.Move)
	g.Apply(&p, 2)
	r = s.Search(context.Background(), &p)
	if r.Proof != Win || r.Move != 2 {
		t.Errorf("after reuse: move %d proof %v, want 2 proven win", r.Move, r.Proof)
	}
}

// TestSolverSound checks every proof against exact minimax on random trees
// with extra turns and draws.
func TestSolverSound(t *testing.T) {
	proved := 0
	for seed := uint64(0); seed < 60; seed++ {
		g := rtreeGame{seed: seed, maxDepth: 10}
		p := rtree{}
		exact := g.minimax(&p)
		for _, threads := range []int{1, 2} {
			s := NewMCTS[rtree, uint8](g, Config{Iterations: 4000, Seed: seed, Threads: threads})
			r := s.Search(context.Background(), &p)
			mover := g.ToMove(&p)
			v := exact
			if mover == 1 {
				v = 1 - exact
			}
			switch r.Proof {
			case Win:
				proved++
				if v != 1 {
					t.Errorf("seed %d: proven win but minimax value for mover is %v", seed, v)
				}
			case Loss:
				proved++
				if v != 0 {
					t.Errorf("seed %d: proven loss but minimax value for mover is %v", seed, v)
				}
			}
			for _, ms := range r.Moves {
				q := p
				g.Apply(&q, ms.Move)
				mv := g.minimax(&q)
				if mover == 1 {
					mv = 1 - mv
				}
				if ms.Proof == Win && mv != 1 || ms.Proof == Loss && mv != 0 {
					t.Errorf("seed %d move %d: proof %v but minimax %v", seed, ms.Move, ms.Proof, mv)
				}
			}
			if v == 1 && r.Proof == Win {
				q := p
				g.Apply(&q, r.Move)
				if mv := g.minimax(&q); (mover == 0 && mv != 1) || (mover == 1 && mv != 0) {
					t.Errorf("seed %d: proven win but the move played does not win", seed)
				}
			}
		}
	}
	if proved < 30 {
		t.Errorf("only %d of 120 roots proven; the solver seems ineffective", proved)
	}
	t.Logf("%d of 120 roots proven", proved)
}

func TestBeatsRandomTicTacToe(t *testing.T) {
	g := tttGame{}
	rec, err := Match[ttt, uint8]{
		Game: g, Start: func(int) ttt { return ttt{} },
		A: func(s uint64) Player[ttt, uint8] {
			return NewMCTSPlayer[ttt, uint8](g, Config{Iterations: 1000, Seed: s})
		},
		B:     func(s uint64) Player[ttt, uint8] { return NewRandom[ttt, uint8](g, s) },
		Games: 50, Seed: 1,
	}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("MCTS 1000 vs random at tic-tac-toe: %v", rec)
	if rec.Losses > 0 || rec.Wins < 35 {
		t.Errorf("MCTS vs random: %v", rec)
	}
}

func TestMCTSSelfPlayTicTacToeDraws(t *testing.T) {
	g := tttGame{}
	spec := Spec{Kind: KindMCTS, Iterations: 3000, Threads: 1}
	rec, err := Match[ttt, uint8]{Game: g, Start: func(int) ttt { return ttt{} },
		A: Factory[ttt, uint8](g, spec), B: Factory[ttt, uint8](g, spec), Games: 10}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if rec.Draws < 9 {
		t.Errorf("self-play at 3000 iterations should draw tic-tac-toe: %v", rec)
	}
}

func TestParallelModes(t *testing.T) {
	for _, mode := range []ParallelMode{TreeParallel, RootParallel} {
		t.Run(mode.String(), func(t *testing.T) {
			g := c4Game{}
			s := NewMCTS[c4, uint8](g, Config{Iterations: 2000, Threads: 3, Parallel: mode, VirtualLoss: 2})
			p := c4{}
			var calls atomic.Int32
			s.SetProgress(func(Progress[uint8]) { calls.Add(1) })
			for ply := 0; ply < 3; ply++ {
				r := s.Search(context.Background(), &p)
				if !legal[c4, uint8](g, &p, r.Move) {
					t.Fatalf("illegal move %d", r.Move)
				}
				if r.Iterations != 2000 && r.Proof == Unknown {
					t.Errorf("ply %d: %d iterations, want 2000", ply, r.Iterations)
				}
				sum := 0
				for _, ms := range r.Moves {
					sum += ms.Visits
				}
				// every iteration passes through one root child, except the
				// reused root's own first visit (a playout before it had children)
				if sum < r.Visits-len(s.trees) || sum > r.Visits {
					t.Errorf("ply %d: children visits %d, root visits %d", ply, sum, r.Visits)
				}
				if ply == 0 && r.Visits != 2000 {
					t.Errorf("root visits %d, want 2000", r.Visits)
				}
				if ply > 0 && r.Visits <= r.Iterations {
					t.Errorf("ply %d: root visits %d: subtree not reused", ply, r.Visits)
				}
				g.Apply(&p, r.Move)
				g.Apply(&p, r.PV[1]) // the expected reply, so the tree is reused
				if len(g.LegalMoves(&p, nil)) == 0 {
					break
				}
			}
			// A time budget with threads ends the search, not before the
			// time (with KeepSearching nothing else ends it); how many iterations fit depends
			// on the machine's load, so it is not asserted.
			s2 := NewMCTS[c4, uint8](g, Config{Time: 30 * time.Millisecond, Threads: 2, Parallel: mode, KeepSearching: true})
			r := s2.Search(context.Background(), &c4{})
			if r.Elapsed < 30*time.Millisecond || r.Legal != 7 || !legal[c4, uint8](g, &c4{}, r.Move) {
				t.Errorf("time budget: %+v", r)
			}
			// Progress reports come while the threads search: the search has
			// no budget and stops when the third report has come.
			s3 := NewMCTS[c4, uint8](g, Config{Threads: 2, Parallel: mode, ProgressEvery: time.Millisecond})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var reports atomic.Int32
			s3.SetProgress(func(p Progress[uint8]) {
				if p.Iterations > 0 && reports.Add(1) == 3 {
					cancel()
				}
			})
			r = s3.Search(ctx, &c4{})
			if reports.Load() < 3 || r.Iterations == 0 {
				t.Errorf("progress: %d reports, %d iterations", reports.Load(), r.Iterations)
			}
		})
	}
}

func TestStopping(t *testing.T) {
	g := c4Game{}
	// already cancelled: no search, still a legal move
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewMCTS[c4, uint8](g, Config{Time: time.Hour})
	r := s.Search(ctx, &c4{})
	if r.Legal != 7 || !legal[c4, uint8](g, &c4{}, r.Move) || r.Iterations != 0 {
		t.Errorf("cancelled search: %+v", r)
	}
	// no budget but a cancellable context: runs until "move now"
	for _, threads := range []int{1, 2} {
		ctx, cancel = context.WithTimeout(context.Background(), 40*time.Millisecond)
		start := time.Now()
		r = NewMCTS[c4, uint8](g, Config{Threads: threads}).Search(ctx, &c4{})
		cancel()
		// the lower bound is certain; the upper one only catches a search
		// that does not stop (a loaded machine can be slow to switch)
		if el := time.Since(start); el < 30*time.Millisecond || el > 20*time.Second {
			t.Errorf("threads %d: move-now search took %v, %d iterations", threads, el, r.Iterations)
		}
	}
	// time budget
	start := time.Now()
	r = NewMCTS[c4, uint8](g, Config{Time: 40 * time.Millisecond, Iterations: 1 << 30, KeepSearching: true}).Search(context.Background(), &c4{})
	if el := time.Since(start); el < 30*time.Millisecond || el > 20*time.Second {
		t.Errorf("time budget 40ms took %v", el)
	}
	// no budget at all: DefaultIterations
	r = NewMCTS[c4, uint8](g, Config{}).Search(context.Background(), &c4{})
	if r.Iterations != DefaultIterations {
		t.Errorf("default budget: %d iterations", r.Iterations)
	}
	// finished game and forced move
	p := tttFrom("XXX|OO.|...")
	r2 := NewMCTS[ttt, uint8](tttGame{}, Config{Iterations: 10}).Search(context.Background(), &p)
	if r2.Legal != 0 {
		t.Errorf("finished game: %+v", r2)
	}
	q := nim{n: 1}
	r3 := NewMCTS[nim, int8](nimGame{}, Config{Iterations: 10}).Search(context.Background(), &q)
	if r3.Legal != 1 || r3.Move != 1 || r3.Iterations != 0 {
		t.Errorf("forced move: %+v", r3)
	}
}

// Progress reports while a single-threaded search runs: the search has no
// budget and is stopped from the callback after a few reports, so the test
// does not depend on how fast the machine is.
func TestProgressSingleThread(t *testing.T) {
	s := NewMCTS[c4, uint8](c4Game{}, Config{ProgressEvery: time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []Progress[uint8]
	s.SetProgress(func(p Progress[uint8]) { // called from one goroutine, ended before Search returns
		if p.Iterations > 0 {
			if got = append(got, p); len(got) == 4 {
				cancel()
			}
		}
	})
	r := s.Search(ctx, &c4{})
	if len(got) < 4 {
		t.Fatalf("progress called %d times in %v", len(got), r.Elapsed)
	}
	for i := 1; i < len(got); i++ {
		if got[i].Iterations < got[i-1].Iterations {
			t.Errorf("progress iterations went down: %+v", got)
		}
	}
	if last := got[len(got)-1]; last.Iterations > r.Iterations || last.Visits == 0 {
		t.Errorf("last progress %+v vs result %d iterations", last, r.Iterations)
	}
}

func TestReuseByHash(t *testing.T) {
	g := c4Game{}
	s := NewMCTS[c4, uint8](g, Config{Iterations: 2000})
	p := c4{}
	r := s.Search(context.Background(), &p)
	// no Advance: the position two plies on is found by hash
	g.Apply(&p, r.Move)
	g.Apply(&p, r.PV[1])
	r2 := s.Search(context.Background(), &p)
	if r2.Visits <= r2.Iterations {
		t.Errorf("grandchild not reused: visits %d, iterations %d", r2.Visits, r2.Iterations)
	}
	// an unrelated position starts afresh
	q := c4{}
	g.Apply(&q, 0)
	g.Apply(&q, 0)
	g.Apply(&q, 0)
	r3 := s.Search(context.Background(), &q)
	if r3.Visits != r3.Iterations {
		t.Errorf("unrelated position: visits %d, iterations %d", r3.Visits, r3.Iterations)
	}
	// the same position again keeps everything
	r4 := s.Search(context.Background(), &q)
	if r4.Visits != r3.Visits+r4.Iterations {
		t.Errorf("same position: visits %d, want %d", r4.Visits, r3.Visits+r4.Iterations)
	}
	if r4.Nodes <= r3.Nodes {
		t.Errorf("tree did not grow: %d then %d nodes", r3.Nodes, r4.Nodes)
	}
	t.Logf("nodes after %d visits: %d (%d bytes each)", r4.Visits, r4.Nodes, NodeBytes[uint8]())
}

func TestPlayoutCapAndPolicy(t *testing.T) {
	evals, prefs := 0, 0
	g := trackGame{length: 400, evals: &evals, prefs: &prefs}
	p := track{}
	s := NewMCTS[track, int8](g, Config{Iterations: 300, PlayoutCap: 50})
	r := s.Search(context.Background(), &p)
	if evals == 0 || prefs == 0 {
		t.Errorf("evaluator called %d times, prefer %d times", evals, prefs)
	}
	if r.Move != 3 {
		t.Errorf("track: move %d, want the long step 3", r.Move)
	}
	// without a policy (negative PreferProb) Prefer is never consulted
	prefs = 0
	NewMCTS[track, int8](g, Config{Iterations: 100, PreferProb: -1}).Search(context.Background(), &p)
	if prefs != 0 {
		t.Errorf("Prefer called %d times with the policy off", prefs)
	}
	// near the end the race is decided by playouts reaching the end
	q := track{at: [2]int16{395, 396}}
	r = NewMCTS[track, int8](g, Config{Iterations: 2000}).Search(context.Background(), &q)
	if r.Proof != Win || r.Move != 3 {
		t.Errorf("track end: %+v", r)
	}
}

func TestNoAllocPerPlayout(t *testing.T) {
	g := c4Game{}
	s := NewMCTS[c4, uint8](g, Config{Iterations: 10})
	s.Search(context.Background(), &c4{}) // grow buffers
	w := s.workers[0]
	allocs := testing.AllocsPerRun(200, func() {
		w.pos = c4{}
		w.playout()
	})
	if allocs != 0 {
		t.Errorf("playout allocates %v times", allocs)
	}
	// whole iterations allocate only for expansions (one array per expanded node)
	s2 := NewMCTS[c4, uint8](g, Config{Iterations: 2000, MaxNodes: 1})
	s2.Search(context.Background(), &c4{})
	allocs = testing.AllocsPerRun(3, func() { s2.Search(context.Background(), &c4{}) })
	if allocs > 40 { // per search, not per iteration (2000 iterations)
		t.Errorf("search at the node cap allocates %v times", allocs)
	}
}

func TestThreePlayerSolver(t *testing.T) {
	// Goal 6, steps of 1 or 2, three players. From 4 or 5 the mover reaches 6
	// (win); from 3 every move hands the next player the win (loss). From 2
	// the mover loses too: a step of 1 lets the third player win, a step of 2
	// the next one; proving that needs the winners of the lines, which the
	// proofs record. Nothing below 3 is a forced win.
	rg := race3Game{goal: 6}
	want := map[int8]Proof{5: Win, 4: Win, 3: Loss, 2: Loss}
	for c := int8(0); c < 6; c++ {
		p := race3{c: c, turn: c % 3}
		r := NewMCTS[race3, int8](rg, Config{Iterations: 3000}).Search(context.Background(), &p)
		if w, ok := want[c]; ok && r.Proof != w {
			t.Errorf("c=%d: proof %v, want %v (%+v)", c, r.Proof, w, r.Moves)
		}
		if c < 3 && r.Proof == Win {
			t.Errorf("c=%d: claims a forced win", c)
		}
		if c == 3 && r.Value != 0 {
			t.Errorf("c=3: value %v, want 0 for a proven loss", r.Value)
		}
	}
}

func ExampleMCTS() {
	g := nimGame{}
	s := NewMCTS[nim, int8](g, Config{Iterations: 5000, Seed: 1})
	p := nim{n: 10}
	r := s.Search(context.Background(), &p)
	fmt.Println(r.Move, r.Proof)
	// Output: 2 win
}

// scratchGame keeps a buffer inside the game value, as an interpreter might:
// not safe for concurrent use, so it implements Forker.
type scratchGame struct {
	tttGame
	buf   []uint8
	forks *atomic.Int32
}

func (g *scratchGame) LegalMoves(p *ttt, buf []uint8) []uint8 {
	g.buf = g.tttGame.LegalMoves(p, g.buf[:0])
	return append(buf[:0], g.buf...)
}

func (g *scratchGame) Fork() Game[ttt, uint8] {
	g.forks.Add(1)
	return &scratchGame{forks: g.forks}
}

func TestForkPerThread(t *testing.T) {
	for _, mode := range []ParallelMode{TreeParallel, RootParallel} {
		g := &scratchGame{forks: new(atomic.Int32)}
		s := NewMCTS[ttt, uint8](g, Config{Iterations: 500, Threads: 2, Parallel: mode})
		if n := g.forks.Load(); n != 2 {
			t.Errorf("%v: %d forks, want one per thread", mode, n)
		}
		p := ttt{}
		r := s.Search(context.Background(), &p) // -race would flag a shared buffer
		if r.Legal != 9 {
			t.Errorf("%v: %+v", mode, r)
		}
	}
}

// slowLoop is a game that never ends, whose every move costs a little time:
// a playout of it runs to the playout cap.
type slowLoop struct{ n int32 }

type slowLoopGame struct{}

func (slowLoopGame) Players() int           { return 2 }
func (slowLoopGame) ToMove(p *slowLoop) int { return int(p.n & 1) }
func (slowLoopGame) LegalMoves(p *slowLoop, buf []uint8) []uint8 {
	return append(buf[:0], 0, 1)
}
func (slowLoopGame) Apply(p *slowLoop, m uint8) {
	time.Sleep(50 * time.Microsecond)
	p.n++
}
func (slowLoopGame) Result(p *slowLoop, r []float64) bool { return false }
func (slowLoopGame) Hash(p *slowLoop) uint64              { return uint64(p.n) }

// A playout as long as the cap allows (100,000 plies, seconds of work here)
// still ends when the search is told to stop: by its time budget or by
// "move now".
func TestLongPlayoutHeedsStop(t *testing.T) {
	for _, threads := range []int{1, 2} {
		start := time.Now()
		r := NewMCTS[slowLoop, uint8](slowLoopGame{}, Config{Time: 30 * time.Millisecond, PlayoutCap: MaxPlayoutCap, Threads: threads, EndgamePositions: -1}).Search(context.Background(), &slowLoop{})
		// 100,000 plies take at least 5s: far longer than a stopped search
		if el := time.Since(start); el > 4*time.Second {
			t.Errorf("threads %d: time budget 30ms took %v (%d iterations)", threads, el, r.Iterations)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
		start = time.Now()
		NewMCTS[slowLoop, uint8](slowLoopGame{}, Config{PlayoutCap: MaxPlayoutCap, Threads: threads, EndgamePositions: -1}).Search(ctx, &slowLoop{})
		cancel()
		if el := time.Since(start); el > 4*time.Second {
			t.Errorf("threads %d: move now after 30ms took %v", threads, el)
		}
	}
}

// panicky is tic-tac-toe whose Apply panics in a position a search reaches
// after a few plies: a bug in a game's code, met on a search thread.
type panickyGame struct{ tttGame }

func (g panickyGame) Apply(p *ttt, m uint8) {
	g.tttGame.Apply(p, m)
	n := 0
	for _, c := range p.cells {
		if c != 0 {
			n++
		}
	}
	if n == 4 {
		panic("a bug in the game")
	}
}

// A panic on a search thread, where no caller could recover it, ends the
// search with the failure in Result.Err instead of ending the process.
func TestSearchThreadPanicIsAnError(t *testing.T) {
	for _, threads := range []int{1, 2} {
		s := NewMCTS[ttt, uint8](panickyGame{}, Config{Iterations: 2000, Threads: threads})
		r := s.Search(context.Background(), &ttt{})
		if r.Err == nil || !strings.Contains(r.Err.Error(), "a bug in the game") {
			t.Errorf("threads %d: %+v", threads, r.Err)
		}
	}
}
