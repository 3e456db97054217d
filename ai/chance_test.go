package ai

import (
	"context"
	"errors"
	"math"
	"testing"
)

// gamble is a one-move game: player 0 takes a sure 0.6 (a win on points,
// not a proof) or rolls a die with the given weights, winning on the
// outcomes at or above need and losing below.
func gamble(weights []float64, need int) xtree {
	nodes := []xnode{
		{mover: 0, kids: []int{1, 2}},
		{returns: []float64{0.6, 0.4}},
		{mover: 0, weights: weights},
	}
	for i := range weights {
		r := []float64{0, 1}
		if i >= need {
			r = []float64{1, 0}
		}
		nodes[2].kids = append(nodes[2].kids, len(nodes))
		nodes = append(nodes, xnode{returns: r})
	}
	return xtree{players: 2, nodes: nodes}
}

const (
	takeSafe   uint8 = 0
	takeGamble uint8 = 1
)

// The search weighs the rolls by their weights, not uniformly: the choice
// between a sure 0.6 and a gamble follows the odds.
func TestChanceFollowsTheOdds(t *testing.T) {
	fair := []float64{1, 1, 1, 1, 1, 1}
	loaded := []float64{1, 1, 1, 1, 1, 10} // a six is 2/3
	for _, c := range []struct {
		name    string
		weights []float64
		need    int
		want    uint8
	}{
		{"fair, 4 of 6 win", fair, 2, takeGamble},
		{"fair, 3 of 6 win", fair, 3, takeSafe},
		{"loaded, only a six wins (2/3)", loaded, 5, takeGamble},
		{"loaded less, only a six wins (1/2)", []float64{1, 1, 1, 1, 1, 5}, 5, takeSafe},
	} {
		g := gamble(c.weights, c.need)
		for _, cfg := range []Config{
			{Iterations: 3000, Seed: 1},
			{Iterations: 3000, Seed: 2, Threads: 2, Parallel: TreeParallel},
			{Iterations: 3000, Seed: 3, Threads: 2, Parallel: RootParallel},
		} {
			r := NewMCTS[xpos, uint8](g, cfg).Search(context.Background(), &xpos{})
			if r.Err != nil || r.Move != c.want || r.Proof != Unknown {
				t.Errorf("%s (threads %d %v): move %d proof %v err %v, want %d unproven; %+v", c.name, cfg.Threads, cfg.Parallel, r.Move, r.Proof, r.Err, c.want, r.Moves)
			}
			exact := g.maxn(2)[0]
			// one thread is reproducible and close; with two, the threads'
			// interleaving (virtual losses in flight) moves the mean a
			// little from run to run on a loaded machine
			tolerance := 0.03
			if cfg.Threads > 1 {
				tolerance = 0.06
			}
			for _, ms := range r.Moves {
				if ms.Move == takeGamble && math.Abs(ms.Value-exact) > tolerance {
					t.Errorf("%s (threads %d %v): gamble valued %.3f, exact %.3f", c.name, cfg.Threads, cfg.Parallel, ms.Value, exact)
				}
			}
		}
		// greedy takes the expectation over the roll too
		if m, _ := NewGreedy[xpos, uint8](g, 1).Choose(context.Background(), &xpos{}); m != c.want {
			t.Errorf("%s: greedy chose %d, want %d", c.name, m, c.want)
		}
	}
}

// A gamble that wins on every roll but one rare one is not a proof, however
// rare the roll; one that wins on every roll is.
func TestChanceSolverNeedsEveryRoll(t *testing.T) {
	rare := gamble([]float64{0.001, 1, 1, 1, 1, 1}, 1)
	r := NewMCTS[xpos, uint8](rare, Config{Iterations: 20000, Seed: 1}).Search(context.Background(), &xpos{})
	if r.Move != takeGamble || r.Proof != Unknown {
		t.Errorf("rare losing roll: move %d proof %v, want the gamble unproven; %+v", r.Move, r.Proof, r.Moves)
	}
	for _, ms := range r.Moves {
		if ms.Proof != Unknown {
			t.Errorf("rare losing roll: move %d proven %v", ms.Move, ms.Proof)
		}
	}
	if m, info := NewGreedy[xpos, uint8](rare, 1).Choose(context.Background(), &xpos{}); m != takeGamble || info.Proof != Unknown {
		t.Errorf("greedy: %d %+v, want the gamble, unproven", m, info)
	}
	sure := gamble([]float64{1, 1, 1}, 0)
	r = NewMCTS[xpos, uint8](sure, Config{Iterations: 20000, Seed: 1}).Search(context.Background(), &xpos{})
	if r.Move != takeGamble || r.Proof != Win || r.Plies != 1 || r.Iterations >= 20000 {
		t.Errorf("every roll wins: move %d proof %v plies %d after %d iterations, want a proven win in 1", r.Move, r.Proof, r.Plies, r.Iterations)
	}
	if m, info := NewGreedy[xpos, uint8](sure, 1).Choose(context.Background(), &xpos{}); m != takeGamble || info.Proof != Win {
		t.Errorf("greedy: %d %+v, want the gamble, proven", m, info)
	}
	// every roll loses: the gamble is proven lost and the sure 0.6 taken
	lost := gamble([]float64{1, 2}, 2)
	r = NewMCTS[xpos, uint8](lost, Config{Iterations: 5000, Seed: 1}).Search(context.Background(), &xpos{})
	if r.Move != takeSafe {
		t.Errorf("every roll loses: move %d", r.Move)
	}
	for _, ms := range r.Moves {
		if ms.Move == takeGamble && ms.Proof != Loss {
			t.Errorf("every roll loses: gamble %+v, want proven lost", ms)
		}
	}
}

// The solver on random trees with rolls, two to four players: every proof
// must hold whatever the rolls (checked exhaustively), and enough are found.
func TestChanceSolverSound(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		proved, provable, wins := 0, 0, 0
		seeds := uint64(40)
		if players > 2 {
			seeds = 400 // forced wins are rarer
		}
		for seed := uint64(0); seed < seeds; seed++ {
			g := ctreeGame{seed: seed, players: players, maxDepth: 6}
			p := ctree{}
			for _, threads := range []int{1, 2} {
				r := NewMCTS[ctree, uint8](g, Config{Iterations: 3000, Seed: seed, Threads: threads}).Search(context.Background(), &p)
				mover := g.ToMove(&p)
				for _, ms := range r.Moves {
					q := p
					g.Apply(&q, ms.Move)
					if g.forcedWin(&q, mover) {
						provable++
					}
					switch ms.Proof {
					case Win:
						proved++
						wins++
						if !g.forcedWin(&q, mover) {
							t.Errorf("%d players seed %d move %d: proven win, but some play or roll beats it", players, seed, ms.Move)
						}
					case Loss:
						proved++
						if w := g.worst(&q, mover); w != 0 {
							t.Errorf("%d players seed %d move %d: proven loss, but the mover gets at least %v", players, seed, ms.Move, w)
						}
						if players == 2 && !g.forcedWin(&q, 1-mover) {
							t.Errorf("seed %d move %d: proven loss, but the opponent has no forced win", seed, ms.Move)
						}
					}
				}
				if r.Proof == Win && !g.forcedWin(&p, mover) {
					t.Errorf("%d players seed %d: root proven won, but it is not forced", players, seed)
				}
			}
		}
		t.Logf("%d players: %d root moves proven (%d wins), %d forced wins among them", players, proved, wins, provable)
		// With more than two players a win through the opponents' replies
		// needs the winner of each reply (see prove); without it the solver
		// found 4 and 2 of 14 forced wins with 3 and 4 players (150 trees).
		// 400 trees: a mistake in who wins is rare enough to need them.
		if proved < 20 || 2*wins < provable {
			t.Errorf("%d players: only %d root moves proven; the solver seems ineffective with chance", players, proved)
		}
	}
}

// The dice race: wherever the exact (expectimax) values of walking and
// running differ clearly, the search picks the better one, for either
// player, and its value is close to the exact one.
func TestChanceDiceRace(t *testing.T) {
	g := raceGame{goal: 7, weights: [2]float64{1, 1}}
	memo := map[race]float64{}
	checked, runs, walks := 0, 0, 0
	for a := int8(0); a < g.goal; a++ {
		for b := int8(0); b < g.goal; b++ {
			for turn := int8(0); turn < 2; turn++ {
				p := race{at: [2]int8{a, b}, turn: turn}
				w, r := p, p
				g.Apply(&w, walk)
				g.Apply(&r, run)
				vw, vr := g.exact(w, memo), g.exact(r, memo)
				if turn == 1 {
					vw, vr = 1-vw, 1-vr
				}
				if math.Abs(vw-vr) < 0.06 {
					continue
				}
				want := walk
				if vr > vw {
					want = run
				}
				res := NewMCTS[race, uint8](g, Config{Iterations: 4000, Seed: uint64(a)*16 + uint64(b)}).Search(context.Background(), &p)
				checked++
				if want == run {
					runs++
				} else {
					walks++
				}
				if res.Move != want {
					t.Errorf("%+v: chose %d, want %d (walk %.3f, run %.3f); %+v", p, res.Move, want, vw, vr, res.Moves)
				}
				if best := max(vw, vr); res.Proof == Unknown && math.Abs(res.Value-best) > 0.08 {
					t.Errorf("%+v: value %.3f, exact %.3f", p, res.Value, best)
				}
			}
		}
	}
	t.Logf("%d positions checked: %d runs, %d walks", checked, runs, walks)
	if runs < 3 || walks < 3 {
		t.Errorf("the race does not test both choices: %d runs, %d walks", runs, walks)
	}
}

// Players and searches refuse a chance position with ErrChance; a match
// resolves the rolls itself, for every kind of player and parallel mode.
func TestChancePlayers(t *testing.T) {
	g := raceGame{goal: 9, weights: [2]float64{1, 2}}
	roll := race{rolling: true}
	for _, spec := range []string{"random", "greedy", "mcts:iterations=50", "mcts:iterations=60,threads=2,parallel=root"} {
		sp, err := ParseSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		m, info := NewPlayer[race, uint8](g, sp, 1).Choose(context.Background(), &roll)
		if !errors.Is(info.Err, ErrChance) || m != 0 || info.Legal != 0 || info.String() != ErrChance.Error() {
			t.Errorf("%s at a roll: %d %+v", spec, m, info)
		}
	}
	if r := NewMCTS[race, uint8](g, Config{Iterations: 10}).Search(context.Background(), &roll); !errors.Is(r.Err, ErrChance) {
		t.Errorf("search at a roll: %+v", r)
	}
	for _, b := range []string{"random", "greedy", "mcts:iterations=100,threads=2"} {
		sb, _ := ParseSpec(b)
		sa, _ := ParseSpec("mcts:iterations=300")
		rec, err := Match[race, uint8]{Game: g, Start: func(int) race { return race{} },
			A: Factory[race, uint8](g, sa), B: Factory[race, uint8](g, sb), Games: 8, Seed: 5}.Run(context.Background())
		if err != nil || rec.Games() != 8 {
			t.Errorf("match against %s: %v %v", b, rec, err)
		}
	}
	// three and four players with rolls, A in each seat in turn
	for _, players := range []int{3, 4} {
		cg := ctreeGame{seed: 9, players: players, maxDepth: 12}
		sa, _ := ParseSpec("mcts:iterations=200")
		sb, _ := ParseSpec("greedy")
		rec, err := Match[ctree, uint8]{Game: cg, Start: func(int) ctree { return ctree{} },
			A: Factory[ctree, uint8](cg, sa), B: Factory[ctree, uint8](cg, sb), Games: 2 * players, Seed: 3}.Run(context.Background())
		if err != nil || rec.Games() != 2*players {
			t.Errorf("%d players: %v %v", players, rec, err)
		}
	}
}

// After a move into a roll and the roll, the next search goes on with the
// subtree of that outcome, with Advance or found by hash two turns on.
func TestChanceTreeReuse(t *testing.T) {
	g := raceGame{goal: 40, weights: [2]float64{1, 1}}
	for _, mode := range []ParallelMode{TreeParallel, RootParallel} {
		for _, threads := range []int{1, 2} {
			s := NewMCTS[race, uint8](g, Config{Iterations: 3000, Threads: threads, Parallel: mode, Seed: 4})
			p := race{}
			reused := 0
			for turn := 0; turn < 6; turn++ {
				r := s.Search(context.Background(), &p)
				if r.Err != nil || !legal[race, uint8](g, &p, r.Move) {
					t.Fatalf("turn %d: %+v", turn, r)
				}
				if turn > 0 && r.Visits > r.Iterations {
					reused++
				}
				g.Apply(&p, r.Move)
				if turn%2 == 0 {
					s.Advance(r.Move) // the root is now a chance node when r.Move is run
				}
				if g.IsChance(&p) {
					g.Resolve(&p, turn%2)
				}
				g.Apply(&p, walk) // the opponent walks: no roll
			}
			if reused < 4 {
				t.Errorf("%v threads %d: subtree reused in %d of 5 searches", mode, threads, reused)
			}
		}
	}
}

// Three players, max^n against paranoid: player 1 prefers the line that
// also suits player 0, so max^n (each for itself) plays A where a paranoid
// search (everyone against player 0) plays B.
func TestMaxNThreePlayers(t *testing.T) {
	g := xtree{players: 3, nodes: []xnode{
		{mover: 0, kids: []int{1, 4}},
		{mover: 1, kids: []int{2, 3}},
		{returns: []float64{0.9, 0.6, 0}},
		{returns: []float64{0, 0.4, 1}},
		{returns: []float64{0.5, 0.25, 0.25}},
	}}
	if g.paranoid(0, 0) != 0.5 || g.paranoid(1, 0) != 0 || g.maxn(1)[0] != 0.9 {
		t.Fatal("the toy does not separate max^n from paranoid")
	}
	for seed := uint64(0); seed < 5; seed++ {
		r := NewMCTS[xpos, uint8](g, Config{Iterations: 2000, Seed: seed}).Search(context.Background(), &xpos{})
		if r.Move != 0 || len(r.PV) < 2 || r.PV[1] != 0 {
			t.Errorf("seed %d: move %d line %v, want A then player 1's own best (0); %+v", seed, r.Move, r.PV, r.Moves)
		}
		if math.Abs(r.Value-0.9) > 0.05 {
			t.Errorf("seed %d: value %.3f, want about 0.9", seed, r.Value)
		}
		// player 1 at its own node chooses for itself
		p := xpos{at: 1}
		if r := NewMCTS[xpos, uint8](g, Config{Iterations: 500, Seed: seed}).Search(context.Background(), &p); r.Player != 1 || r.Move != 0 {
			t.Errorf("seed %d: player 1 chose %d", seed, r.Move)
		}
	}
}

// Four players with a roll between the moves: each chooser maximises its
// own return under the roll's odds.
func TestMaxNFourPlayersWithChance(t *testing.T) {
	g := xtree{players: 4, nodes: []xnode{
		0: {mover: 0, kids: []int{1, 8}},
		1: {mover: 0, weights: []float64{1, 3}, kids: []int{2, 5}},
		2: {mover: 1, kids: []int{3, 4}},
		3: {returns: []float64{0.9, 0.8, 0, 0}},
		4: {returns: []float64{0, 0.2, 1, 0}},
		5: {mover: 2, kids: []int{6, 7}},
		6: {returns: []float64{0.8, 0, 0.9, 0}},
		7: {returns: []float64{0, 0, 0.3, 1}},
		8: {returns: []float64{0.6, 0.1, 0.1, 0.1}},
	}}
	want := g.maxn(1)[0] // 0.25*0.9 + 0.75*0.8 = 0.825 > 0.6
	if math.Abs(want-0.825) > 1e-9 || g.paranoid(0, 0) != 0.6 {
		t.Fatalf("toy: max^n %v paranoid %v", want, g.paranoid(0, 0))
	}
	for _, cfg := range []Config{
		{Iterations: 4000, Seed: 1},
		{Iterations: 4000, Seed: 2, Threads: 2},
		{Iterations: 4000, Seed: 3, Threads: 2, Parallel: RootParallel},
	} {
		r := NewMCTS[xpos, uint8](g, cfg).Search(context.Background(), &xpos{})
		if r.Move != 0 || math.Abs(r.Value-want) > 0.08 {
			t.Errorf("threads %d %v: move %d value %.3f, want 0 worth %.3f; %+v", cfg.Threads, cfg.Parallel, r.Move, r.Value, want, r.Moves)
		}
	}
}

// Random playouts resolve rolls by sampling without allocating.
func TestChanceNoAllocPerPlayout(t *testing.T) {
	g := raceGame{goal: 40, weights: [2]float64{1, 1}}
	s := NewMCTS[race, uint8](g, Config{Iterations: 10})
	s.Search(context.Background(), &race{})
	w := s.workers[0]
	rolls := 0
	allocs := testing.AllocsPerRun(200, func() {
		w.pos = race{rolling: true}
		w.playout()
		if w.pos.at[0] > 0 || w.pos.at[1] > 0 {
			rolls++
		}
	})
	if allocs != 0 {
		t.Errorf("playout with rolls allocates %v times", allocs)
	}
	if rolls == 0 {
		t.Error("playouts never got past the first roll")
	}
}

func TestSampleOutcome(t *testing.T) {
	w := []float64{0, 1, 0, 3}
	for _, c := range []struct {
		u    float64
		want int
	}{{0, 1}, {0.2499, 1}, {0.25, 3}, {0.9999999, 3}} {
		if got := sampleOutcome(w, c.u); got != c.want {
			t.Errorf("u=%v: %d, want %d", c.u, got, c.want)
		}
	}
	if got := sampleOutcome([]float64{0, -1}, 0.5); got != -1 {
		t.Errorf("no positive weight: %d", got)
	}
}

// xrep is an explicit tree with cycles and a repetition rule: a node
// reached for the limit-th time is a draw.
type xrep struct {
	xtree
	limit int
}

func (g xrep) RepetitionLimit() int         { return g.limit }
func (g xrep) RepetitionKey(p *xpos) uint64 { return uint64(p.at) }
func (g xrep) Reversible(p *xpos) int       { return 1000 }

// Repetitions are counted through rolls: a roll that brings back a
// position for the third time draws. Player 0 takes a sure 0.8 or rolls:
// even, it wins; odd, it is back where it was. Fresh, rolling is worth 0.9
// (a second roll, or the 0.8, after an odd one); when the position has
// occurred before, an odd roll makes it three times, a draw, and rolling is
// worth only 0.75.
func TestChanceRepetition(t *testing.T) {
	g := xrep{limit: 3, xtree: xtree{players: 2, nodes: []xnode{
		0: {mover: 0, kids: []int{1, 3}},
		1: {mover: 0, weights: []float64{1, 1}, kids: []int{0, 2}},
		2: {returns: []float64{1, 0}},
		3: {returns: []float64{0.8, 0.2}},
	}}}
	for _, c := range []struct {
		history []uint64
		want    uint8
	}{{nil, 0}, {[]uint64{0}, 1}} {
		for seed := uint64(1); seed <= 3; seed++ {
			s := NewMCTS[xpos, uint8](g, Config{Iterations: 6000, Seed: seed, Discount: 1})
			s.SetHistory(c.history)
			r := s.Search(context.Background(), &xpos{})
			if r.Move != c.want {
				t.Errorf("history %v seed %d: move %d, want %d; %+v", c.history, seed, r.Move, c.want, r.Moves)
			}
		}
	}
}

// BenchmarkChanceSearch measures iterations per second in the dice race,
// where every other tree level is a roll and playouts sample rolls.
func BenchmarkChanceSearch(b *testing.B) {
	g := raceGame{goal: 60, weights: [2]float64{1, 2}}
	s := NewMCTS[race, uint8](g, Config{Iterations: 20000})
	total := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.Reset()
		total += s.Search(context.Background(), &race{}).Iterations
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "iter/s")
	b.ReportMetric(0, "ns/op")
}

// A win worth fewer points than the most there are is not a proof: only a
// return of exactly 1 (and 0 for everyone else) is. The search still plays
// for the bigger win.
func TestPointsAreNotProofs(t *testing.T) {
	g := xtree{players: 2, nodes: []xnode{
		{mover: 0, kids: []int{1, 2}},
		{returns: []float64{0.5 + 0.5/3, 0.5 - 0.5/3}}, // a single game of at most 3 points
		{returns: []float64{0.5 + 1.0/3, 0.5 - 1.0/3}}, // a gammon
	}}
	r := NewMCTS[xpos, uint8](g, Config{Iterations: 500, Seed: 1}).Search(context.Background(), &xpos{})
	if r.Move != 1 || r.Proof != Unknown || math.Abs(r.Value-(0.5+1.0/3)) > 0.01 {
		t.Errorf("points: move %d proof %v value %.3f, want the gammon, unproven; %+v", r.Move, r.Proof, r.Value, r.Moves)
	}
	for _, ms := range r.Moves {
		if ms.Proof != Unknown {
			t.Errorf("points: move %d proven %v", ms.Move, ms.Proof)
		}
	}
	g.nodes[2].returns = []float64{1, 0} // a backgammon: all 3 points
	r = NewMCTS[xpos, uint8](g, Config{Iterations: 500, Seed: 1}).Search(context.Background(), &xpos{})
	if r.Move != 1 || r.Proof != Win {
		t.Errorf("the most points: move %d proof %v, want a proven win", r.Move, r.Proof)
	}
}
