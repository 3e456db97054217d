package ai

import (
	"context"
	"testing"
)

// graphGame is a toy game on a small directed graph: the position is a node,
// the player to move is fixed per node, the moves are the node's edges, and a
// node without edges is won by winner[node]. Every move is reversible, and a
// node reached for the limit-th time is a draw (Repetition).
type graphPos struct{ node uint8 }

type graphGame struct {
	edges  [][]uint8
	mover  []int
	winner []int
	limit  int
}

func (graphGame) Players() int                 { return 2 }
func (g graphGame) ToMove(p *graphPos) int     { return g.mover[p.node] }
func (g graphGame) Apply(p *graphPos, m uint8) { p.node = m }
func (g graphGame) Hash(p *graphPos) uint64    { return uint64(p.node) + 1 }
func (g graphGame) LegalMoves(p *graphPos, buf []uint8) []uint8 {
	return append(buf[:0], g.edges[p.node]...)
}
func (g graphGame) Result(p *graphPos, r []float64) bool {
	if len(g.edges[p.node]) > 0 {
		return false
	}
	fill(r, 0)
	r[g.winner[p.node]] = 1
	return true
}
func (g graphGame) RepetitionLimit() int             { return g.limit }
func (g graphGame) RepetitionKey(p *graphPos) uint64 { return uint64(p.node) }
func (g graphGame) Reversible(p *graphPos) int       { return 1000 }

// keys is a history through the given nodes.
func (g graphGame) keys(nodes ...uint8) []uint64 {
	var keys []uint64
	for _, n := range nodes {
		keys = append(keys, uint64(n))
	}
	return keys
}

// The losing side takes a draw by repetition when the game's history offers
// one: at node 0 both moves lose (to 1, where the opponent wins at once, or
// to 2), but node 1 has occurred twice already, so going there draws.
func TestSearchSeeksRepetitionDrawWhenLosing(t *testing.T) {
	g := graphGame{
		edges:  [][]uint8{{1, 2}, {0, 3}, {4}, nil, nil},
		mover:  []int{0, 1, 1, 0, 0},
		winner: []int{0, 0, 0, 1, 1},
		limit:  3,
	}
	p := graphPos{}
	fresh := NewMCTS[graphPos, uint8](g, Config{Iterations: 300, Seed: 1})
	if r := fresh.Search(context.Background(), &p); r.Proof != Loss {
		t.Fatalf("without history: proof %v, want a loss (the test needs both moves lost)", r.Proof)
	}
	s := NewMCTS[graphPos, uint8](g, Config{Iterations: 300, Seed: 1})
	s.SetHistory(g.keys(0, 1, 0, 1))
	r := s.Search(context.Background(), &p)
	if r.Move != 1 || r.Proof != Unknown || r.Value != 0.5 {
		t.Errorf("with node 1 seen twice: move %d, proof %v, value %v; want the draw: move 1, unknown, 0.5", r.Move, r.Proof, r.Value)
	}
	// classic=1 ignores the rule: the same search is lost again
	c := NewMCTS[graphPos, uint8](g, Config{Iterations: 300, Seed: 1, NoRepetition: true})
	c.SetHistory(g.keys(0, 1, 0, 1))
	if r := c.Search(context.Background(), &p); r.Proof != Loss {
		t.Errorf("NoRepetition: proof %v, want loss", r.Proof)
	}
}

// The winning side does not walk into a repetition draw: from node 0 the move
// to 1 wins at once (1's only move ends the game for player 0), but with node
// 1 seen twice it is a draw, so the longer win through 2 is the move.
func TestSearchAvoidsRepetitionDrawWhenWinning(t *testing.T) {
	g := graphGame{
		edges:  [][]uint8{{1, 2}, {5}, {6}, nil, nil, nil, {7}, {8}, nil},
		mover:  []int{0, 1, 1, 0, 0, 0, 0, 1, 0},
		winner: []int{0, 0, 0, 0, 0, 0, 0, 0, 0},
		limit:  3,
	}
	for seed := uint64(1); seed <= 5; seed++ {
		s := NewMCTS[graphPos, uint8](g, Config{Iterations: 400, Seed: seed})
		s.SetHistory(g.keys(0, 1, 0, 1))
		p := graphPos{}
		r := s.Search(context.Background(), &p)
		if r.Move != 2 || r.Proof != Win || r.Plies != 4 {
			t.Errorf("seed %d: move %d, proof %v in %d plies; want 2, a win in 4 plies", seed, r.Move, r.Proof, r.Plies)
		}
	}
}

// Between unproven lines the discount prefers the faster win: both moves
// from node 0 win (in 2 plies through 1, in 6 through 2), the solver is off,
// and the shorter line must get the higher value and the move.
func TestDiscountPrefersFasterWin(t *testing.T) {
	g := graphGame{
		edges:  [][]uint8{{1, 2}, {3}, {4}, nil, {5}, {6}, {7}, {8}, nil},
		mover:  []int{0, 1, 1, 0, 0, 1, 0, 1, 0},
		winner: []int{0, 0, 0, 0, 0, 0, 0, 0, 0},
	}
	p := graphPos{}
	r := NewMCTS[graphPos, uint8](g, Config{Iterations: 200, Seed: 3, NoSolver: true}).Search(context.Background(), &p)
	v := map[uint8]float64{}
	for _, m := range r.Moves {
		v[m.Move] = m.Value
	}
	if r.Move != 1 || !(v[1] > v[2]) || v[1] >= 1 {
		t.Errorf("move %d, values %v; want move 1 with a value above move 2's and below 1", r.Move, v)
	}
	r = NewMCTS[graphPos, uint8](g, Config{Iterations: 200, Seed: 3, NoSolver: true, Discount: 1}).Search(context.Background(), &p)
	for _, m := range r.Moves {
		if m.Value != 1 {
			t.Errorf("Discount 1: move %d value %v, want 1 (no discount)", m.Move, m.Value)
		}
	}
}

// Among proven moves the fastest win is played, and the slowest loss.
func TestBestIndexProvenPlies(t *testing.T) {
	st := []MoveStats[int]{
		{Move: 1, Visits: 90, Proof: Win, Plies: 7},
		{Move: 2, Visits: 10, Proof: Win, Plies: 3},
		{Move: 3, Visits: 500},
	}
	if b := bestIndex(st); st[b].Move != 2 {
		t.Errorf("wins in 7 and 3 plies: chose move %d, want 2", st[b].Move)
	}
	lost := []MoveStats[int]{
		{Move: 1, Visits: 90, Proof: Loss, Plies: 1},
		{Move: 2, Visits: 10, Proof: Loss, Plies: 9},
	}
	if b := bestIndex(lost); lost[b].Move != 2 {
		t.Errorf("losses in 1 and 9 plies: chose move %d, want 2", lost[b].Move)
	}
}

// countingPlayer plays the first legal move and counts its turns.
type countingPlayer struct {
	g     graphGame
	turns *int
}

func (c countingPlayer) Choose(_ context.Context, p *graphPos) (uint8, Info) {
	*c.turns++
	return c.g.edges[p.node][0], Info{Legal: len(c.g.edges[p.node])}
}

// Match ends a game at the rule's repetition draw: two nodes that only lead
// to each other repeat node 0 for the third time after 4 moves.
func TestMatchStopsAtRepetition(t *testing.T) {
	g := graphGame{edges: [][]uint8{{1}, {0}}, mover: []int{0, 1}, winner: []int{0, 0}, limit: 3}
	turns := 0
	mk := func(uint64) Player[graphPos, uint8] { return countingPlayer{g: g, turns: &turns} }
	rec, err := Match[graphPos, uint8]{Game: g, Start: func(int) graphPos { return graphPos{} }, A: mk, B: mk, Games: 1, MaxPlies: 100}.Run(context.Background())
	if err != nil || rec.Draws != 1 || turns != 4 {
		t.Errorf("record %+v, err %v, %d turns; want a draw after 4 turns", rec, err, turns)
	}
}
