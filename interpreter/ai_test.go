package interpreter_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// The generic AI on real rule files, through the interpreter's adapter.

func searchGame(g *interpreter.Game) ai.Game[interpreter.SearchPosition, board.Move] { return g.AI() }

func search(t *testing.T, game, pos string, iterations int) (*interpreter.Game, ai.Result[board.Move]) {
	t.Helper()
	g := open(t, game)
	p, err := g.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	s := ai.NewMCTS(searchGame(g), ai.Config{Iterations: iterations, Seed: 1, PlayoutCap: g.PlayoutPlies()})
	return g, s.Search(context.Background(), &interpreter.SearchPosition{Position: p})
}

func TestAITakesTheLastBearOff(t *testing.T) {
	for _, c := range []struct{ game, pos, want string }{
		{"liger", "r b8:r,a3:b,e5:b", "b8-off"},
		{"stackers", "b b8:b,a1:w,e5:w", "b8-off"},
	} {
		g, res := search(t, c.game, c.pos, 2000)
		if got := g.MoveString(res.Move); got != c.want || res.Proof != ai.Win {
			t.Errorf("%s %s: played %s (proof %v), want the winning %s", c.game, c.pos, got, res.Proof, c.want)
		}
	}
}

func TestAIAvoidsCoveringTheLastShowingChecker(t *testing.T) {
	// Red's c3-d4 covers blue's only showing checker, which loses at once.
	g, res := search(t, "liger", "r c3:r,d4:b,a1:r,h8:r", 3000)
	if got := g.MoveString(res.Move); got == "c3-d4" {
		t.Fatalf("the AI covered the last showing checker")
	}
	for _, ms := range res.Moves {
		if g.MoveString(ms.Move) == "c3-d4" && ms.Proof != ai.Loss {
			t.Errorf("c3-d4 is not proven lost: %+v", ms)
		}
	}
}

func TestAISolverProvesAForcedWin(t *testing.T) {
	// Red bears off b8 and d8 in two turns; blue's single checker needs five.
	g, res := search(t, "liger", "r b8:r,d8:r,e5:b", 5000)
	if res.Proof != ai.Win {
		t.Fatalf("root not proven won: proof %v, move %s", res.Proof, g.MoveString(res.Move))
	}
	if len(res.PV) < 3 {
		t.Errorf("the winning line %v is shorter than the three plies it takes", res.PV)
	}
}

func TestAINeverPlaysAnIllegalMove(t *testing.T) {
	for _, name := range variants.Names() {
		g := open(t, name)
		rng := rand.New(rand.NewPCG(9, 9))
		games := 1 // a game against random moves per built-in; 2 with STACKRULES_DEEP=1
		if deepTests() {
			games = 2
		}
		for game := 0; game < games; game++ {
			h := g.NewHistory(g.Start())
			player := ai.NewPlayer(searchGame(g), ai.Spec{Kind: ai.KindMCTS, Iterations: 60}, uint64(game))
			for h.Len() < 80 && !h.Outcome().Over {
				pos := h.Position()
				var m board.Move
				if g.IsChance(&pos) {
					// A roll of the dice is drawn, not chosen: no player is asked.
					m = g.RandomRoll(&pos, rng)
				} else if h.Len()%2 == 0 {
					sp := h.SearchPosition()
					m, _ = player.Choose(context.Background(), &sp)
				} else {
					moves := g.LegalMoves(&pos, nil)
					m = moves[rng.IntN(len(moves))]
				}
				if err := h.Play(m); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
		}
	}
}

func TestAISameSeedSameMove(t *testing.T) {
	for _, name := range []string{"liger", "stackers", "bashni"} {
		g := open(t, name)
		p := interpreter.SearchPosition{Position: g.Start()}
		var first string
		for i := 0; i < 2; i++ {
			s := ai.NewMCTS(searchGame(g), ai.Config{Iterations: 500, Seed: 42, PlayoutCap: g.PlayoutPlies()})
			res := s.Search(context.Background(), &p)
			got := g.MoveString(res.Move)
			if i == 0 {
				first = got
			} else if got != first {
				t.Errorf("%s: seed 42 played %s, then %s", name, first, got)
			}
		}
	}
}

// BenchmarkMCTS reports search iterations per second from the start of each
// built-in game, with one and two threads, and the bytes per tree node: a
// game searched with the small moves its players search with (CompactAI,
// ShortAI).
func BenchmarkMCTS(b *testing.B) {
	for _, name := range variants.Names() {
		for _, threads := range []int{1, 2} {
			b.Run(name+"/threads="+string(rune('0'+threads)), func(b *testing.B) {
				g := open(b, name)
				p := interpreter.SearchPosition{Position: g.Start()}
				iters := 0
				cg, compact := g.CompactAI()
				sg, short := g.ShortAI()
				for i := 0; i < b.N; i++ {
					cfg := ai.Config{Iterations: 2000, Threads: threads, Seed: uint64(i), PlayoutCap: g.PlayoutPlies(), KeepLost: g.SearchKeepLost()}
					switch {
					case compact:
						iters += ai.NewMCTS(cg, cfg).Search(context.Background(), &p).Iterations
					case short:
						iters += ai.NewMCTS(sg, cfg).Search(context.Background(), &p).Iterations
					default:
						iters += ai.NewMCTS(searchGame(g), cfg).Search(context.Background(), &p).Iterations
					}
				}
				b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
				switch {
				case compact:
					b.ReportMetric(float64(ai.NodeBytes[interpreter.CompactMove]()), "bytes/node")
				case short:
					b.ReportMetric(float64(ai.NodeBytes[interpreter.ShortMove]()), "bytes/node")
				default:
					b.ReportMetric(float64(ai.NodeBytes[board.Move]()), "bytes/node")
				}
			})
		}
	}
}

// BenchmarkKeepLost is what `search: keep_lost` costs in iterations per
// second: a fresh search of 2000 iterations from the start, with it and
// without.
func BenchmarkKeepLost(b *testing.B) {
	for _, name := range []string{"stackers", "english-checkers"} {
		for _, keep := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/keep_lost=%v", name, keep), func(b *testing.B) {
				g := open(b, name)
				p := interpreter.SearchPosition{Position: g.Start()}
				iters := 0
				for i := 0; i < b.N; i++ {
					s := ai.NewMCTS(searchGame(g), ai.Config{Iterations: 2000, Seed: uint64(i), PlayoutCap: g.PlayoutPlies(), KeepLost: keep})
					iters += s.Search(context.Background(), &p).Iterations
				}
				b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
			})
		}
	}
}

// BenchmarkAvoid is what `search: avoid` costs in iterations per second (a
// fresh search of 2000 iterations from the start, following it and not), in
// Stackers, which has one, and in English checkers, which has none (what the
// check for one costs).
func BenchmarkAvoid(b *testing.B) {
	for _, name := range []string{"stackers", "english-checkers"} {
		for _, avoid := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/avoid=%v", name, avoid), func(b *testing.B) {
				g := open(b, name)
				p := interpreter.SearchPosition{Position: g.Start()}
				iters := 0
				for i := 0; i < b.N; i++ {
					s := ai.NewMCTS(searchGame(g), ai.Config{Iterations: 2000, Seed: uint64(i), PlayoutCap: g.PlayoutPlies(), KeepLost: g.SearchKeepLost(), NoAvoid: !avoid})
					iters += s.Search(context.Background(), &p).Iterations
				}
				b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
			})
		}
	}
}

// Multi-threaded search shares the game: each thread must work on its own
// fork of the adapter. Run with -race to check.
func TestAIParallelSearch(t *testing.T) {
	for _, name := range []string{"liger", "lasca"} {
		g := open(t, name)
		start := g.Start()
		p := interpreter.SearchPosition{Position: start}
		for _, mode := range []ai.ParallelMode{ai.TreeParallel, ai.RootParallel} {
			s := ai.NewMCTS(searchGame(g), ai.Config{Iterations: 400, Threads: 2, Parallel: mode, Seed: 3, PlayoutCap: 60})
			res := s.Search(context.Background(), &p)
			if res.Iterations < 400 || res.Legal == 0 {
				t.Errorf("%s %v: %d iterations, %d legal", name, mode, res.Iterations, res.Legal)
			}
			if _, err := g.ParseMove(&start, g.MoveString(res.Move)); err != nil {
				t.Errorf("%s %v: %v", name, mode, err)
			}
		}
	}
}

// Searches see quiet-plies draws: the search position counts plies without
// progress the way History does.
func TestSearchPositionQuietDraw(t *testing.T) {
	g := open(t, "stackers")
	sg := searchGame(g)
	p, _ := g.ParsePosition("b b8:b,a1:b,e5:w,h2:w")
	sp := interpreter.SearchPosition{Position: p, Quiet: 98}
	returns := make([]float64, 2)
	if sg.Result(&sp, returns) {
		t.Fatal("over at 98 quiet plies")
	}
	m, _ := g.ParseMove(&p, "a1-b2")
	sg.Apply(&sp, m)
	if sp.Quiet != 99 || sg.Result(&sp, returns) {
		t.Fatalf("after a quiet move: quiet %d", sp.Quiet)
	}
	q := sp
	m, _ = g.ParseMove(&q.Position, "e5-d4")
	sg.Apply(&q, m)
	if !sg.Result(&q, returns) || returns[0] != 0.5 || len(sg.LegalMoves(&q, nil)) != 0 {
		t.Fatalf("at 100 quiet plies: over=%v returns=%v", sg.Result(&q, returns), returns)
	}
	if sg.Hash(&q) == sg.Hash(&interpreter.SearchPosition{Position: q.Position}) {
		t.Error("the hash ignores the quiet count")
	}
	// A bear-off is progress.
	sp.Position.SetToMove(0)
	m, _ = g.ParseMove(&sp.Position, "b8-off")
	sg.Apply(&sp, m)
	if sp.Quiet != 0 {
		t.Errorf("quiet %d after a bear-off", sp.Quiet)
	}
}

// The search sees the game's repetitions: after the kings have shuffled back
// and forth, the move that repeats a position for the third time is a draw
// in the tree (value exactly 0.5), and History.RepetitionKeys holds the
// positions since the last progress.
func TestSearchSeesRepetitionDraws(t *testing.T) {
	g := open(t, "english-checkers")
	start, err := g.ParsePosition("b a1:B,h8:W,c7:w")
	if err != nil {
		t.Fatal(err)
	}
	h := g.NewHistory(start)
	for _, mv := range []string{"a1-b2", "h8-g7", "b2-a1", "g7-h8", "a1-b2", "h8-g7", "b2-a1"} {
		pos := h.Position()
		m, err := g.ParseMove(&pos, mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	keys := h.RepetitionKeys(nil)
	if len(keys) != 7 || keys[0] != start.Hash {
		t.Fatalf("RepetitionKeys: %d keys (first %x), want the 7 positions from the start %x", len(keys), keys[0], start.Hash)
	}
	// white to move; g7-h8 would make the start position's third occurrence
	pos := h.SearchPosition()
	repeat, _ := g.ParseMove(&pos.Position, "g7-h8")
	value := func(cfg ai.Config, history bool) float64 {
		s := ai.NewMCTS(searchGame(g), cfg)
		if history {
			s.SetHistory(keys)
		}
		for _, ms := range s.Search(context.Background(), &pos).Moves {
			if ms.Move == repeat {
				return ms.Value
			}
		}
		t.Fatal("g7-h8 not searched")
		return 0
	}
	cfg := ai.Config{Iterations: 3000, Seed: 2, PlayoutCap: 40}
	if v := value(cfg, true); v != 0.5 {
		t.Errorf("with the history, g7-h8 has value %v, want the draw's 0.5", v)
	}
	if v := value(cfg, false); v == 0.5 {
		t.Errorf("without the history g7-h8 is valued %v, a draw: the test cannot tell", v)
	}
}

// mobility(p) in `evaluate` counts the moves p would have on its turn,
// whoever is to move: a king in the middle has four, one in the double corner
// two, and a king that can jump has only its jumps (captures are mandatory).
func TestEvaluateMobility(t *testing.T) {
	checkEvaluateTerm(t, "english-checkers", "mobility(me)", []termCase{
		{"b e5:B,h2:W", 4, 2},
		{"w e5:B,h2:W", 4, 2},
		{"w d4:B,e5:W", 1, 1}, // each king must jump the other, its only move

	})
}

// distance(p) in `evaluate` sums the king steps from each of p's pieces to
// the nearest enemy piece: how close the stronger side has come to a lone
// king. Stacks count by their top piece; no enemy on the board is 0.
func TestEvaluateDistance(t *testing.T) {
	checkEvaluateTerm(t, "english-checkers", "distance(me)", []termCase{
		{"b c1:B,d6:B,h2:W", 5 + 4, 4}, // c1-h2: 5 files; d6-h2: 4 either way; h2's nearest is d6
		{"w a1:B,b2:B,h8:W", 7 + 6, 6}, // along the long diagonal
		{"b a1:B,c3:W,g7:W", 2, 2 + 6}, // each white piece to the one black king
		{"b d4:B,e5:W,a7:B", 1 + 4, 1}, // each black piece to its nearest white one
	})
}

// buried(p) in `evaluate` counts p's pieces with another player's piece
// somewhere above them (stacks are written bottom to top).
func TestEvaluateBuried(t *testing.T) {
	checkEvaluateTerm(t, "stackers", "buried(me)", []termCase{
		{"b d4:wbbwwb,h8:w", 2, 3}, // under the top b: w w, b b, w; the top piece is free
		{"b d4:bbbb,f6:ww", 0, 0},  // own pieces never bury
		{"w a1:bw,c3:wb,e5:bwb,g7:bbw", 1 + 1 + 2, 1 + 1},
	})
}

// termCase is a position and what an evaluate term gives each player there.
type termCase struct {
	pos          string
	black, white int
}

// checkEvaluateTerm loads the built-in variant with `score: TERM` and scale 1
// and checks black's value at each position: the logistic of black's term
// minus white's.
func checkEvaluateTerm(t *testing.T, variant, term string, cases []termCase) {
	t.Helper()
	src, ok := variants.Source(variant)
	if !ok {
		t.Fatalf("no %s", variant)
	}
	text := regexp.MustCompile(`(?m)^  score: .*$`).ReplaceAllString(string(src), "  score: "+term)
	text = regexp.MustCompile(`(?m)^  scale: .*$`).ReplaceAllString(text, "  scale: 1")
	g, err := interpreter.Load(variant+"-term.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	sg := g.AI().(ai.Evaluator[interpreter.SearchPosition])
	for _, c := range cases {
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		values := make([]float64, 2)
		if !sg.Evaluate(&interpreter.SearchPosition{Position: p}, values) {
			t.Fatal("no evaluate")
		}
		want := 1 / (1 + math.Exp(-float64(c.black-c.white)))
		if math.Abs(values[0]-want) > 1e-9 {
			t.Errorf("%s: black's value %v, want %v (%s %d against %d)", c.pos, values[0], want, term, c.black, c.white)
		}
	}
}

// Stackers' last checker one step from the bear-off row, where every move
// can be covered by two of white's 37 replies: after stepping onto the
// row, the other 35 lose at once. A search that drops replies once proven
// lost values the step by the covering replies alone and dawdles; the rule
// file's `search: keep_lost` keeps the chance of the others in its values,
// and the AI steps onto the row (see docs/ai.md).
func TestStackersStepsOntoTheBearOffRow(t *testing.T) {
	g := open(t, "stackers")
	if !g.SearchKeepLost() {
		t.Fatal("stackers.yaml has no search: keep_lost")
	}
	p, err := g.ParsePosition("b f8:w,c7:wwb,g7:www,f6:w,b4:w,g3:w,g1:w")
	if err != nil {
		t.Fatal(err)
	}
	sp := interpreter.SearchPosition{Position: p}
	for _, keep := range []bool{true, false} {
		onto := 0
		for seed := uint64(1); seed <= 12; seed++ {
			s := ai.NewMCTS(searchGame(g), ai.Config{Iterations: 1000, Seed: seed, PlayoutCap: g.PlayoutPlies(), KeepLost: keep})
			switch m := g.MoveString(s.Search(context.Background(), &sp).Move); m {
			case "c7-b8", "c7-d8":
				onto++
			}
		}
		t.Logf("keep_lost %v: onto the row in %d of 12 searches", keep, onto)
		if keep && onto < 10 || !keep && onto > 6 {
			t.Errorf("keep_lost %v: onto the row in %d of 12 searches", keep, onto)
		}
	}
}
