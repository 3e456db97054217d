package interpreter_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/reference/tak"
	"github.com/stackrules/stackrules/interpreter"
)

// The interpreter, reading tak.yaml (and tak-6.yaml), must agree with the
// independent generator in internal/reference/tak (written from the pinned
// rules, PTN and TPS only, sharing no code) on the move lists (PTN), the
// position after every move (TPS), the results, and perft, at the positions
// of random games. The games favour, now and then, a move that exercises a
// rule random play seldom meets (a dragon, a flattening, a flat count), so
// that each is met at least 20 times.

// takRare are the features a game looks out for, rarest first.
var takRare = []string{tak.FeatureDragon, tak.FeatureFlatWinOutOfPieces, tak.FeatureFlatWinFullBoard, tak.FeatureFlatten, tak.FeatureRoadBlack, tak.FeatureRoadWhite, tak.FeatureSpreadMultiDrop}

func TestTakDifferential(t *testing.T) {
	for _, c := range []struct {
		game      string
		size      int
		positions int
		komi      int // in half points, for the reference
	}{{"tak", 5, 2000, 0}, {"tak-6", 6, 300, 0}, {"tak-6-komi", 6, 200, 4}} {
		t.Run(c.game, func(t *testing.T) {
			g := open(t, c.game)
			start := g.Start()
			if got := g.FormatPosition(&start); got != tak.Start(c.size).TPS() {
				t.Fatalf("start %s, reference %s", got, tak.Start(c.size).TPS())
			}
			// perft(3) at 10 positions (a 6×6 perft(3) is a million
			// nodes, twice), and at every one of them (at least 2,000)
			// with STACKRULES_DEEP=1
			want, perft3 := c.positions, 10
			if deepTests() {
				want, perft3 = max(c.positions, 2000), 1<<30
			}
			rng := rand.New(rand.NewPCG(uint64(c.size), 26))
			met := map[string]int{}
			positions, perft, games := 0, 0, 0
			enough := func() bool {
				if positions < want {
					return false
				}
				for _, f := range takRare {
					if met[f] < 20 && c.size == 5 {
						return false
					}
				}
				// with a komi, the flats counted are what it changes
				return c.komi == 0 || met[tak.FeatureFlatWinFullBoard]+met[tak.FeatureFlatWinOutOfPieces] >= 10
			}
			for ; !enough(); games++ {
				if games > 3000 {
					t.Fatalf("3000 games met too little: %v", met)
				}
				p := g.Start()
				switch {
				case games%4 == 3 && met[tak.FeatureDragon] < 20:
					// one move from roads for both
					p = takDragonSetup(t, g, c.size, rng)
				case games%2 == 1:
					// a crowded board, where roads are near for both
					p = randomTakSetup(t, g, c.size, rng)
				}
				for ply := 0; ply < 300; ply++ {
					moves, refMoves := compareTak(t, g, &p, c.komi)
					positions++
					if len(moves) == 0 {
						break
					}
					depth := 2
					if perft < perft3 && (deepTests() || rng.IntN(10) == 0) {
						depth = 3
						perft++
					}
					if rng.IntN(20) == 0 || depth == 3 {
						ref, _ := tak.ParseTPS(g.FormatPosition(&p))
						if a, b := g.Perft(&p, depth), tak.Perft(ref, depth); uint64(a) != b {
							t.Fatalf("perft(%d) at %s = %d, reference %d", depth, g.FormatPosition(&p), a, b)
						}
					}
					// The move to play: now and then one with a rare feature, a
					// placement half the time so the board fills, else any.
					m := pickTakMove(g, &p, moves, refMoves, met, rng, games%2 == 1 && ply < 20)
					g.Apply(&p, m)
				}
			}
			t.Logf("%d games, %d positions, perft(3) at %d; features met: %v", games, positions, perft, met)
		})
	}
}

// compareTak compares the moves at p, with the position after each, and the
// result with the reference; it returns both lists of moves.
func compareTak(t *testing.T, g *interpreter.Game, p *board.Position, komi int) ([]board.Move, []tak.Move) {
	t.Helper()
	text := g.FormatPosition(p)
	ref, err := tak.ParseTPS(text)
	if err != nil {
		t.Fatalf("the reference cannot read %s: %v", text, err)
	}
	ref.SetKomi(komi)
	if ref.TPS() != text {
		t.Fatalf("TPS %s, reference %s", text, ref.TPS())
	}
	moves := g.LegalMoves(p, nil)
	refMoves := tak.Moves(ref)
	var got, want []string
	for _, m := range moves {
		q := *p
		g.Apply(&q, m)
		got = append(got, g.MoveString(m)+" "+g.FormatPosition(&q))
	}
	for _, m := range refMoves {
		want = append(want, m.PTN+" "+m.After)
	}
	sort.Strings(got)
	sort.Strings(want)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("at %s:\ninterpreter %d moves\nreference   %d moves\n%s", text, len(got), len(want), firstDifference(got, want))
	}
	o := g.Result(p)
	r := tak.GetResult(ref)
	if o.Over != r.Over || o.Over && o.Winner+1 != r.Winner && !(o.Winner < 0 && r.Winner == 0) {
		t.Fatalf("at %s: result %+v, reference %+v", text, o, r)
	}
	// Every move's text reads back as itself.
	for _, m := range moves[:min(len(moves), 5)] {
		if back, err := g.ParseMove(p, g.MoveString(m)); err != nil || back != m {
			t.Fatalf("at %s: %s reads back as %v (%v)", text, g.MoveString(m), back, err)
		}
	}
	return moves, refMoves
}

// pickTakMove chooses the next move of a test game.
func pickTakMove(g *interpreter.Game, p *board.Position, moves []board.Move, refMoves []tak.Move, met map[string]int, rng *rand.Rand, crowded bool) board.Move {
	if !crowded && rng.IntN(8) != 0 {
		// the features moves have are counted at the crowded positions and
		// an eighth of the others (working them out plays every move)
		return pickTakAny(moves, rng)
	}
	ref, _ := tak.ParseTPS(g.FormatPosition(p))
	for _, m := range refMoves {
		for _, f := range tak.Features(ref, m) {
			met[f]++
		}
	}
	{
		for _, want := range takRare {
			if met[want] >= 20 {
				continue
			}
			for _, m := range refMoves {
				for _, f := range tak.Features(ref, m) {
					if f == want {
						if l, err := g.ParseMove(p, m.PTN); err == nil {
							return l
						}
					}
				}
			}
		}
	}
	return pickTakAny(moves, rng)
}

// pickTakAny is a placement half the time (flats mostly), so the board
// fills; else any move.
func pickTakAny(moves []board.Move, rng *rand.Rand) board.Move {
	if rng.IntN(2) == 0 {
		var places []board.Move
		for _, m := range moves {
			if m.Kind == board.Place && (m.Piece == 0 || rng.IntN(4) == 0) {
				places = append(places, m)
			}
		}
		if len(places) > 0 {
			return places[rng.IntN(len(places))]
		}
	}
	return moves[rng.IntN(len(moves))]
}

// randomTakSetup is a crowded position of size n that is not over: most
// squares hold stacks of flats, a few topped by walls, at most one capstone
// each, within the sets' pieces.
func randomTakSetup(t *testing.T, g *interpreter.Game, n int, rng *rand.Rand) board.Position {
	t.Helper()
	stones := map[int]int{5: 21, 6: 30}[n]
	for {
		left := [2]int{stones, stones}
		caps := [2]int{1, 1}
		var rows []string
		for r := 0; r < n; r++ {
			var cells []string
			for f := 0; f < n; f++ {
				if rng.IntN(5) == 0 {
					cells = append(cells, "x")
					continue
				}
				h := 1 + rng.IntN(3)
				var sb strings.Builder
				top := 0
				for i := 0; i < h; i++ {
					o := rng.IntN(2)
					if left[o] == 0 {
						o = 1 - o
					}
					if left[o] == 0 {
						break
					}
					left[o]--
					top = o
					fmt.Fprint(&sb, o+1)
				}
				if sb.Len() == 0 {
					cells = append(cells, "x")
					continue
				}
				switch k := rng.IntN(12); {
				case k == 0:
					sb.WriteString("S")
				case k == 1 && caps[top] > 0:
					caps[top]--
					left[top]++ // a capstone is no stone
					sb.WriteString("C")
				}
				cells = append(cells, sb.String())
			}
			rows = append(rows, strings.Join(cells, ","))
		}
		text := fmt.Sprintf("%s %d %d", strings.Join(rows, "/"), 1+rng.IntN(2), 2+rng.IntN(20))
		p, err := g.ParsePosition(text)
		if err != nil {
			continue // a set over its pieces: try again
		}
		if !g.Result(&p).Over {
			return p
		}
	}
}

// firstDifference says where two sorted lists first differ.
func firstDifference(got, want []string) string {
	in := func(s []string, x string) bool {
		i := sort.SearchStrings(s, x)
		return i < len(s) && s[i] == x
	}
	var sb strings.Builder
	for _, x := range got {
		if !in(want, x) {
			fmt.Fprintf(&sb, "only the interpreter: %s\n", x)
		}
	}
	for _, x := range want {
		if !in(got, x) {
			fmt.Fprintf(&sb, "only the reference:   %s\n", x)
		}
	}
	return sb.String()
}

// takDragonSetup is a position one move from roads for both: the
// opponent's line is complete but for one square, where the mover's flat
// lies on the opponent's, next to the one square missing from the mover's
// line beside it. Moving that flat across makes both roads (the dragon
// clause). The rest of the board is random.
func takDragonSetup(t *testing.T, g *interpreter.Game, n int, rng *rand.Rand) board.Position {
	t.Helper()
	for {
		mover := 1 + rng.IntN(2)
		opp := 3 - mover
		lo := rng.IntN(n)            // the opponent's line
		lm := lo + 1 - 2*rng.IntN(2) // the mover's, beside it
		if lm < 0 || lm >= n {
			continue
		}
		at := rng.IntN(n) // where the flat crosses
		cells := make([][]string, n)
		for i := range cells {
			cells[i] = make([]string, n)
			for j := range cells[i] {
				cells[i][j] = "x"
				if rng.IntN(3) == 0 {
					cells[i][j] = fmt.Sprint(1 + rng.IntN(2))
				}
			}
		}
		for j := 0; j < n; j++ {
			cells[lo][j] = fmt.Sprint(opp)
			cells[lm][j] = fmt.Sprint(mover)
		}
		cells[lo][at] = fmt.Sprintf("%d%d", opp, mover)
		cells[lm][at] = "x"
		if rng.IntN(2) == 0 { // across the board the other way
			for i := 0; i < n; i++ {
				for j := 0; j < i; j++ {
					cells[i][j], cells[j][i] = cells[j][i], cells[i][j]
				}
			}
		}
		rows := make([]string, n)
		for i := range cells {
			rows[i] = strings.Join(cells[i], ",")
		}
		p, err := g.ParsePosition(fmt.Sprintf("%s %d %d", strings.Join(rows, "/"), mover, 5+rng.IntN(10)))
		if err != nil || g.Result(&p).Over {
			continue
		}
		return p
	}
}
