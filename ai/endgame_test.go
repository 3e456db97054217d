package ai

import (
	"context"
	"math/rand/v2"
	"testing"
)

// ---- cops and robber: a game with cycles, long forced wins and draws -------

// chase is a position: the cop (player 0) and the robber (player 1) on the
// vertices of a small graph, and the plies played (a counter a draw rule may
// use; it is not part of the repetition key).
type chase struct {
	cop, robber uint8
	turn        uint8
	plies       uint16
}

// chaseGame: a player moves to a neighbouring vertex or stays. The cop wins
// by reaching the robber's vertex (or the robber stepping onto the cop's);
// the robber wins by reaching the exit. Otherwise play goes on for ever (a
// draw by repetition, for the search), or, with quiet > 0, until that many
// plies are played, a draw.
type chaseGame struct {
	adj   [][]uint8
	exit  uint8
	quiet int
}

func (chaseGame) Players() int        { return 2 }
func (chaseGame) ToMove(p *chase) int { return int(p.turn) }
func (g chaseGame) over(p *chase) (bool, int) {
	switch {
	case p.cop == p.robber:
		return true, 0
	case p.robber == g.exit:
		return true, 1
	case g.quiet > 0 && int(p.plies) >= g.quiet:
		return true, -1
	}
	return false, -1
}
func (g chaseGame) LegalMoves(p *chase, buf []uint8) []uint8 {
	buf = buf[:0]
	if over, _ := g.over(p); over {
		return buf
	}
	at := p.cop
	if p.turn == 1 {
		at = p.robber
	}
	buf = append(buf, at)
	return append(buf, g.adj[at]...)
}
func (g chaseGame) Apply(p *chase, m uint8) {
	if p.turn == 0 {
		p.cop = m
	} else {
		p.robber = m
	}
	p.turn ^= 1
	p.plies++
}
func (g chaseGame) Result(p *chase, r []float64) bool {
	over, w := g.over(p)
	if !over {
		return false
	}
	fill(r, 0.5)
	if w >= 0 {
		fill(r, 0)
		r[w] = 1
	}
	return true
}
func (g chaseGame) Hash(p *chase) uint64 {
	return uint64(p.cop) | uint64(p.robber)<<8 | uint64(p.turn)<<16 | uint64(p.plies)<<17
}
func (g chaseGame) RepetitionLimit() int          { return 3 }
func (g chaseGame) RepetitionKey(p *chase) uint64 { return g.Hash(p) & (1<<17 - 1) }
func (g chaseGame) Reversible(p *chase) int       { return int(p.plies) }

// chaseHorizon adds the plies left before the quiet rule draws (ai.Horizon).
type chaseHorizon struct{ chaseGame }

func (g chaseHorizon) PliesLeft(p *chase) int { return g.quiet - int(p.plies) }

// randomChase builds a connected graph of n vertices with some extra edges.
func randomChase(rng *rand.Rand, n int) chaseGame {
	adj := make([][]uint8, n)
	link := func(a, b int) {
		for _, x := range adj[a] {
			if int(x) == b {
				return
			}
		}
		adj[a] = append(adj[a], uint8(b))
		adj[b] = append(adj[b], uint8(a))
	}
	for v := 1; v < n; v++ {
		link(v, rng.IntN(v)) // a tree: the cop catches the robber on it
	}
	for range rng.IntN(n) {
		if a, b := rng.IntN(n), rng.IntN(n); a != b {
			link(a, b) // cycles: the robber may escape for ever
		}
	}
	return chaseGame{adj: adj, exit: uint8(rng.IntN(n))}
}

// chaseValues solves every position of g independently of the search: by
// rounds, each deciding the positions whose every line (loser) or some line
// (winner) ends within one more ply than the last round's. It returns the
// winner (-1: none can force a win) and the plies to the end with best play
// (the winner's fastest, the loser's longest), by repetition key.
func chaseValues(g chaseGame) (map[uint64]int, map[uint64]int) {
	n := len(g.adj)
	var all []chase
	for c := range n {
		for r := range n {
			for t := range 2 {
				all = append(all, chase{cop: uint8(c), robber: uint8(r), turn: uint8(t)})
			}
		}
	}
	winner, dist := map[uint64]int{}, map[uint64]int{}
	for _, p := range all {
		if over, w := g.over(&p); over && w >= 0 {
			winner[g.RepetitionKey(&p)], dist[g.RepetitionKey(&p)] = w, 0
		}
	}
	for round := 1; ; round++ {
		type decided struct {
			key     uint64
			winner  int
			byround int
		}
		var found []decided
		for _, p := range all {
			k := g.RepetitionKey(&p)
			if _, done := winner[k]; done {
				continue
			}
			if over, _ := g.over(&p); over {
				continue
			}
			mover := int(p.turn)
			wins, allLost := false, true
			for _, m := range g.LegalMoves(&p, nil) {
				q := p
				g.Apply(&q, m)
				w, ok := winner[g.RepetitionKey(&q)]
				switch {
				case ok && w == mover:
					wins = true
				case !ok:
					allLost = false
				}
			}
			switch {
			case wins:
				found = append(found, decided{k, mover, round})
			case allLost:
				found = append(found, decided{k, 1 - mover, round})
			}
		}
		if len(found) == 0 {
			break
		}
		for _, d := range found {
			winner[d.key], dist[d.key] = d.winner, d.byround
		}
	}
	for _, p := range all {
		if _, ok := winner[g.RepetitionKey(&p)]; !ok {
			winner[g.RepetitionKey(&p)] = -1
		}
	}
	return winner, dist
}

// The endgame analysis proves exactly the root moves a separate solver
// (rounds of forced results) proves, with the same lengths, on random
// graphs with cycles, and the search then plays the fastest win. The
// iteration budget is tiny: without the analysis these wins are far beyond
// the tree.
func TestEndgameAnalysisAgreesWithRounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked, wins, losses, draws, long := 0, 0, 0, 0, 0
	for range 30 {
		g := randomChase(rng, 5+rng.IntN(6))
		winner, dist := chaseValues(g)
		n := len(g.adj)
		for range 6 {
			p := chase{cop: uint8(rng.IntN(n)), robber: uint8(rng.IntN(n)), turn: uint8(rng.IntN(2))}
			if over, _ := g.over(&p); over {
				continue
			}
			s := NewMCTS[chase, uint8](g, Config{Iterations: 20, Seed: 3, EndgamePositions: 1000})
			r := s.Search(context.Background(), &p)
			moves := g.LegalMoves(&p, nil)
			if len(moves) < 2 {
				continue // forced: the search does not analyse it
			}
			me := int(p.turn)
			for _, ms := range r.Moves {
				q := p
				g.Apply(&q, ms.Move)
				k := g.RepetitionKey(&q)
				want := Unknown
				switch winner[k] {
				case me:
					want = Win
				case 1 - me:
					want = Loss
				}
				if ms.Proof != want {
					t.Fatalf("graph %v, %+v, move %d: proof %v, want %v", g.adj, p, ms.Move, ms.Proof, want)
				}
				if want != Unknown && ms.Plies != 1+dist[k] {
					t.Fatalf("graph %v, %+v, move %d: %d plies, want %d", g.adj, p, ms.Move, ms.Plies, 1+dist[k])
				}
				if want != Unknown && dist[k] >= 4 {
					long++
				}
			}
			checked++
			switch k := g.RepetitionKey(&p); {
			case winner[k] == me:
				wins++
				q := p
				g.Apply(&q, r.Move)
				if r.Proof != Win || winner[g.RepetitionKey(&q)] != me || dist[g.RepetitionKey(&q)] != dist[k]-1 {
					t.Fatalf("graph %v, %+v: played %d (%v), not the fastest win", g.adj, p, r.Move, r.Proof)
				}
			case winner[k] == 1-me:
				losses++
				if r.Proof != Loss || r.Plies != dist[k] {
					t.Fatalf("graph %v, %+v: %v in %d plies, want a loss in %d", g.adj, p, r.Proof, r.Plies, dist[k])
				}
			default:
				draws++
				q := p
				g.Apply(&q, r.Move)
				if winner[g.RepetitionKey(&q)] == 1-me {
					t.Fatalf("graph %v, %+v: played %d into a lost position, with a draw at hand", g.adj, p, r.Move)
				}
			}
		}
	}
	t.Logf("%d positions: %d won, %d lost, %d drawn; %d root moves proven 5 plies or longer", checked, wins, losses, draws, long)
	if wins < 20 || losses < 20 || draws < 10 || long < 20 {
		t.Errorf("too few of each kind: %d won, %d lost, %d drawn, %d long", wins, losses, draws, long)
	}
}

// A draw rule counting plies cuts proofs short: the win the analysis finds
// is used only when the game's Horizon says it fits in the plies left, and
// a game played out by the search wins within the rule.
func TestEndgameAnalysisRespectsTheHorizon(t *testing.T) {
	// a path 0-1-2-3-4-5-6, the exit at 6: the cop at 0 catches the robber
	// at 5 only if the robber cannot run; here the robber at 3 runs to the
	// exit in 3 plies of his own, so the robber (to move) wins in 5 plies.
	adj := [][]uint8{{1}, {0, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 6}, {5}}
	g := chaseGame{adj: adj, exit: 6}
	winner, dist := chaseValues(g)
	p := chase{cop: 0, robber: 3, turn: 1}
	k := g.RepetitionKey(&p)
	if winner[k] != 1 || dist[k] != 5 {
		t.Fatalf("setup: winner %d in %d plies, want the robber in 5", winner[k], dist[k])
	}
	for _, tc := range []struct {
		quiet int
		want  Proof
	}{{6, Win}, {5, Win}, {4, Unknown}} {
		gh := chaseHorizon{g}
		gh.quiet = tc.quiet
		r := NewMCTS[chase, uint8](gh, Config{Iterations: 1, Seed: 1, EndgamePositions: 1000}).Search(context.Background(), &p)
		if r.Proof != tc.want {
			t.Errorf("%d plies before the draw: proof %v, want %v", tc.quiet, r.Proof, tc.want)
		}
		if tc.want == Win && r.Plies != 5 {
			t.Errorf("%d plies before the draw: win in %d plies, want 5", tc.quiet, r.Plies)
		}
		if tc.want == Win {
			// the line shown is the analysis's: played out, the robber escapes
			q := p
			for _, m := range r.PV {
				gh.Apply(&q, m)
			}
			if over, w := gh.over(&q); len(r.PV) != 5 || !over || w != 1 {
				t.Errorf("%d plies before the draw: PV %v ends at %+v", tc.quiet, r.PV, q)
			}
		}
	}
}

// A position the game has seen twice already is a draw for the analysis:
// the win that passes through it is no longer counted on.
func TestEndgameAnalysisSeesTheHistory(t *testing.T) {
	// 0 (player 0 to move) -> 1 -> 3 (player 0 wins); 0 -> 2 -> 0 (a loop).
	g := graphGame{
		edges:  [][]uint8{{1, 2}, {3}, {0}, nil},
		mover:  []int{0, 1, 1, 0},
		winner: []int{0, 0, 0, 0},
		limit:  3,
	}
	p := graphPos{}
	s := NewMCTS[graphPos, uint8](g, Config{Iterations: 1, Seed: 1, EndgamePositions: 100})
	if r := s.Search(context.Background(), &p); r.Proof != Win || r.Move != 1 || r.Plies != 2 {
		t.Fatalf("fresh: %+v, want the win 0-1-3 in 2 plies", r)
	}
	s = NewMCTS[graphPos, uint8](g, Config{Iterations: 200, Seed: 1})
	s.SetHistory(g.keys(1, 0, 1, 0))
	r := s.Search(context.Background(), &p)
	for _, ms := range r.Moves {
		if ms.Move == 1 && ms.Proof == Win {
			t.Errorf("node 1 seen twice before: still proven a win (%+v)", ms)
		}
	}
}

// Too many positions: no analysis, and after failures the search tries
// again only now and then (1, 2, 4, then every 8 searches).
func TestEndgameAnalysisGivesUpOnBigGames(t *testing.T) {
	g := c4Game{}
	s := NewMCTS[c4, uint8](g, Config{Iterations: 50, Seed: 1})
	var attempts []int
	p := c4{}
	for i := range 30 {
		before := s.endgame
		failures := 0
		if before != nil {
			failures = before.failures
		}
		r := s.Search(context.Background(), &p)
		if r.Proof != Unknown {
			t.Fatalf("search %d: proof %v at the start of Connect Four", i, r.Proof)
		}
		if s.endgame.failures > failures {
			attempts = append(attempts, i)
		}
		if s.endgame.built {
			t.Fatalf("search %d: Connect Four analysed in %d positions", i, len(s.endgame.mover))
		}
	}
	want := []int{0, 1, 3, 7, 15, 23}
	if len(attempts) != len(want) {
		t.Fatalf("attempts at searches %v, want %v", attempts, want)
	}
	for i := range want {
		if attempts[i] != want[i] {
			t.Fatalf("attempts at searches %v, want %v", attempts, want)
		}
	}
	// endgame=0 (negative EndgamePositions) and classic searches never try
	for _, cfg := range []Config{{Iterations: 50, EndgamePositions: -1}, {Iterations: 50, NoSolver: true}} {
		s := NewMCTS[c4, uint8](g, cfg)
		s.Search(context.Background(), &p)
		if s.endgame != nil {
			t.Errorf("%+v: analysed", cfg)
		}
	}
}

// A listing paused after a few positions in each search, as a time budget
// pauses it, and continued by the next searches, proves exactly what one
// done at once proves.
func TestEndgameListingPausedAndContinued(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	checked, paused := 0, 0
	for range 20 {
		g := randomChase(rng, 5+rng.IntN(6))
		n := len(g.adj)
		p := chase{cop: uint8(rng.IntN(n)), robber: uint8(rng.IntN(n)), turn: uint8(rng.IntN(2))}
		if over, _ := g.over(&p); over || len(g.LegalMoves(&p, nil)) < 2 {
			continue
		}
		whole := NewMCTS[chase, uint8](g, Config{Iterations: 20, Seed: 3, EndgamePositions: 1000})
		want := whole.Search(context.Background(), &p)
		s := NewMCTS[chase, uint8](g, Config{Iterations: 20, Seed: 3, EndgamePositions: 1000})
		s.endgameQuantum = 7
		var r Result[uint8]
		searches := 0
		for searches < 100 && (s.endgame == nil || !s.endgame.built) {
			r = s.Search(context.Background(), &p)
			searches++
		}
		if !s.endgame.built {
			t.Fatalf("graph %v, %+v: not listed after %d searches", g.adj, p, searches)
		}
		if searches > 1 {
			paused++
		}
		if len(s.endgame.mover) != len(whole.endgame.mover) {
			t.Fatalf("graph %v, %+v: %d positions listed in parts, %d at once", g.adj, p, len(s.endgame.mover), len(whole.endgame.mover))
		}
		proofs := func(r Result[uint8]) map[uint8][2]int {
			m := map[uint8][2]int{}
			for _, ms := range r.Moves {
				if ms.Proof != Unknown {
					m[ms.Move] = [2]int{int(ms.Proof), ms.Plies}
				}
			}
			return m
		}
		got, exp := proofs(r), proofs(want)
		if len(got) != len(exp) {
			t.Fatalf("graph %v, %+v: proofs %v in parts, %v at once", g.adj, p, got, exp)
		}
		for m, v := range exp {
			if got[m] != v {
				t.Fatalf("graph %v, %+v: proofs %v in parts, %v at once", g.adj, p, got, exp)
			}
		}
		checked++
	}
	if checked < 10 || paused < 5 {
		t.Fatalf("%d positions, %d of them listed in more than one search: too few", checked, paused)
	}
}

// heapGraph is a game on a complete binary tree of the given depth (node k
// leads to 2k+1 and 2k+2; the leaves end the game, won by player 0), plus,
// after it, a separate small component: a node leading to two ends.
func heapGraph(depth int) (graphGame, uint8) {
	n := 1<<(depth+1) - 1
	g := graphGame{limit: 3}
	for k := range n {
		var e []uint8
		if 2*k+2 < n {
			e = []uint8{uint8(2*k + 1), uint8(2*k + 2)}
		}
		g.edges = append(g.edges, e)
		g.mover = append(g.mover, depthOf(k)%2)
		g.winner = append(g.winner, 0)
	}
	other := uint8(n)
	g.edges = append(g.edges, []uint8{other + 1, other + 2}, nil, nil)
	g.mover = append(g.mover, 0, 1, 1)
	g.winner = append(g.winner, 0, 1, 1)
	return g, other
}

func depthOf(k int) int {
	d := 0
	for ; k > 0; k = (k - 1) / 2 {
		d++
	}
	return d
}

// A paused listing whose frontier still grows waits like a failed attempt
// (1, 2, 4 searches); one whose frontier shrank goes on at the next search.
func TestEndgameListingWaitsWhileGrowing(t *testing.T) {
	g, _ := heapGraph(4) // 31 positions: the frontier grows to 16, then shrinks
	s := NewMCTS[graphPos, uint8](g, Config{Iterations: 1, Seed: 1, EndgamePositions: 1000})
	s.endgameQuantum = 4
	p := graphPos{}
	var progress []int // the searches that listed positions
	for i := 0; i < 40 && (s.endgame == nil || !s.endgame.built); i++ {
		before := 0
		if s.endgame != nil {
			before = len(s.endgame.term)
		}
		s.Search(context.Background(), &p)
		if len(s.endgame.term) != before || s.endgame.built {
			progress = append(progress, i)
		}
	}
	if !s.endgame.built {
		t.Fatalf("not listed; progress at searches %v", progress)
	}
	// 4 positions a search: the frontier grows to 5, 9, 13 and 15 at the
	// first four pauses (searches 0, 1, 3 and 7: waits of 0, 1, 3, then 7
	// searches), then shrinks to 11, 7 and 3 at searches 15, 16 and 17, and
	// the last 3 positions end it at search 18
	want := []int{0, 1, 3, 7, 15, 16, 17, 18}
	if len(progress) != len(want) {
		t.Fatalf("progress at searches %v, want %v", progress, want)
	}
	for i := range want {
		if progress[i] != want[i] {
			t.Fatalf("progress at searches %v, want %v", progress, want)
		}
	}
}

// A paused listing is continued only while the game stays inside it: from
// a position it has not met, it goes on when the game's history passed
// through its start, and is dropped (listing the new root) otherwise.
func TestEndgameListingFollowsTheGame(t *testing.T) {
	g, other := heapGraph(5)
	start := func() *MCTS[graphPos, uint8] {
		s := NewMCTS[graphPos, uint8](g, Config{Iterations: 1, Seed: 1, EndgamePositions: 1000})
		s.endgameQuantum = 3
		s.Search(context.Background(), &graphPos{})
		if !s.endgame.listing || s.endgame.rootKey != 0 || len(s.endgame.term) != 3 {
			t.Fatalf("first search: listing %v from %d, %d positions; want paused from 0 after 3", s.endgame.listing, s.endgame.rootKey, len(s.endgame.term))
		}
		return s
	}
	// node 20, not met yet: 0-1-4-9-20
	s := start()
	s.SetHistory(g.keys(0, 1, 4, 9))
	s.Search(context.Background(), &graphPos{node: 20})
	if s.endgame.rootKey != 0 || len(s.endgame.term) != 6 {
		t.Errorf("the history passed through 0: listing from %d, %d positions; want from 0, 6", s.endgame.rootKey, len(s.endgame.term))
	}
	s = start()
	s.Search(context.Background(), &graphPos{node: 20})
	if s.endgame.rootKey != 20 || len(s.endgame.term) != 3 {
		t.Errorf("no history: listing from %d, %d positions; want from 20, 3", s.endgame.rootKey, len(s.endgame.term))
	}
	s = start()
	if r := s.Search(context.Background(), &graphPos{node: other}); !s.endgame.built || s.endgame.rootKey != uint64(other) || r.Proof != Loss {
		t.Errorf("another component: built %v from %d, proof %v; want its 3 positions listed, a loss", s.endgame.built, s.endgame.rootKey, r.Proof)
	}
}
