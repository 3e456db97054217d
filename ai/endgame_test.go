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
