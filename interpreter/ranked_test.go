package interpreter_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/gametest"
	"github.com/stackrules/stackrules/interpreter"
)

func rankedLudo(t *testing.T, players int) *interpreter.Game {
	t.Helper()
	g, err := gametest.Open(t, "ludo-ranked").WithPlayers(players)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustPosition(t *testing.T, g *interpreter.Game, text string) board.Position {
	t.Helper()
	p, err := g.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// playText plays a move written in the notation at p.
func playText(t *testing.T, g *interpreter.Game, p *board.Position, text string) {
	t.Helper()
	m, err := g.ParseMove(p, text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	g.Apply(p, m)
}

// The last place ends the game: the AI's returns go by place, 1, 2/3, 1/3
// and 0 with four, which the solver must not take for a proof (not one 1
// and the rest 0); the end-of-game words list the places.
func TestRankedOutcomeAndReturns(t *testing.T) {
	g := rankedLudo(t, 4)
	p := mustPosition(t, g, "y j8:y,c4:bbbb place:r2,g1,y0,b0 roll:21")
	if o := g.Result(&p); o.Over {
		t.Fatalf("over before the last place: %+v", o)
	}
	playText(t, g, &p, "55/off")
	o := g.Result(&p)
	if !o.Over || !o.Ranked() || o.Winner != 1 || o.Places != [4]int8{2, 1, 3, 4} {
		t.Fatalf("outcome %+v, want green first, places 2 1 3 4", o)
	}
	if got, want := g.OutcomeText(o), "green 1st, red 2nd, yellow 3rd, blue 4th: brought all four pieces home"; got != want {
		t.Errorf("OutcomeText %q, want %q", got, want)
	}
	returns := make([]float64, 4)
	if !g.AI().Result(&interpreter.SearchPosition{Position: p}, returns) {
		t.Fatal("the AI sees the game going on")
	}
	want := []float64{2.0 / 3, 1, 1.0 / 3, 0}
	for i := range want {
		if math.Abs(returns[i]-want[i]) > 1e-12 {
			t.Errorf("returns %v, want %v", returns, want)
			break
		}
	}
	if g.IsChance(&p) || len(g.LegalMoves(&p, nil)) != 0 {
		t.Error("a finished game still rolls or moves")
	}
}

// With two players the first home wins, exactly as in a game without places.
func TestRankedTwoPlayersIsAPlainWin(t *testing.T) {
	g := rankedLudo(t, 2)
	p := mustPosition(t, g, "r f8:r,m4:yyyy roll:21")
	playText(t, g, &p, "55/off")
	o := g.Result(&p)
	if !o.Over || o.Ranked() || o.Winner != 0 || o.Points != 1 {
		t.Fatalf("outcome %+v, want a plain win for red", o)
	}
	if got := g.OutcomeText(o); got != "red wins: brought all four pieces home" {
		t.Errorf("OutcomeText %q", got)
	}
	returns := make([]float64, 2)
	g.AI().Result(&interpreter.SearchPosition{Position: p}, returns)
	if returns[0] != 1 || returns[1] != 0 {
		t.Errorf("returns %v, want 1 0", returns)
	}
}

// Once a player has a place its value is that place's return, whatever its
// pieces; those still playing share what the places left are worth.
func TestRankedEvaluate(t *testing.T) {
	g := rankedLudo(t, 4)
	p := mustPosition(t, g, "g c12:rr,m12:gggg,m4:yyyy,c4:bbbb place:r0,g0,y1,b0")
	values := make([]float64, 4)
	if !g.AI().(ai.Evaluator[interpreter.SearchPosition]).Evaluate(&interpreter.SearchPosition{Position: p}, values) {
		t.Fatal("no evaluate")
	}
	if values[2] != 1 {
		t.Errorf("yellow, 1st, is valued %v, want 1", values[2])
	}
	for _, i := range []int{0, 1, 3} {
		if values[i] <= 0 || values[i] >= 2.0/3 {
			t.Errorf("player %d, still playing for 2nd at best, is valued %v, want within (0, 2/3)", i, values[i])
		}
	}
}

// Places are part of the position: written, read back, hashed.
func TestRankedPositionString(t *testing.T) {
	g := rankedLudo(t, 3)
	text := "g c12:rrrr,m12:gggg place:r0,g0,y1"
	p := mustPosition(t, g, text)
	if got := g.FormatPosition(&p); got != text {
		t.Errorf("written back as %q, want %q", got, text)
	}
	q := mustPosition(t, g, "g c12:rrrr,m12:gggg")
	if p.Hash == q.Hash {
		t.Error("a place does not change the hash")
	}
	if _, err := g.ParsePosition("g c12:rrrr,m12:gggg place:r0,g0"); err == nil || !strings.Contains(err.Error(), "no count for player y") {
		t.Errorf("a place field without yellow: %v", err)
	}
}

// Random 3- and 4-player games always end with every place given once, and
// a player with a place never moves again; a game without dice is played
// for places the same way.
func TestRankedRandomGames(t *testing.T) {
	games := []*interpreter.Game{rankedLudo(t, 3), rankedLudo(t, 4)}
	src := strings.NewReplacer("SEATS", "", "COND", "true", "- win: to_row_reached(me)", "- place: progress(me) >= 4").Replace(threeWay)
	race, err := interpreter.Load("race.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	games = append(games, race)
	rng := rand.New(rand.NewPCG(14, 1))
	for _, g := range games {
		n := len(g.Players)
		ended := 0
		for game := 0; game < 20; game++ {
			p := g.Start()
			var buf []board.Move
			for ply := 0; ply < 20000; ply++ {
				if o := g.Result(&p); o.Over {
					seen := map[int8]bool{}
					for i := 0; i < n; i++ {
						seen[o.Places[i]] = true
					}
					for k := 1; k <= n; k++ {
						if !seen[int8(k)] {
							t.Fatalf("%s: game %d ends with places %v", g.Name, game, o.Places)
						}
					}
					ended++
					break
				}
				if p.Place[p.ToMove] != 0 {
					t.Fatalf("%s: %s, who has a place, is to move at %s", g.Name, g.Players[p.ToMove].Name, g.FormatPosition(&p))
				}
				if g.IsChance(&p) {
					g.Apply(&p, g.RandomRoll(&p, rng))
					continue
				}
				buf = g.LegalMoves(&p, buf)
				g.Apply(&p, buf[rng.IntN(len(buf))])
			}
		}
		t.Logf("%s, %d players: %d of 20 random games ended", g.Name, n, ended)
		// Random Ludo always ends; the race's checkers may block each
		// other for good, passing for ever.
		if ended < 10 || (g.HasDice() && ended < 20) {
			t.Errorf("%s: %d of 20 random games ended", g.Name, ended)
		}
	}
}

// place: cannot be mixed with the other ends, and is worth no points.
func TestRankedRefusesMixedEnds(t *testing.T) {
	for _, c := range []struct{ end, want string }{
		{"- place: progress(me) >= 4\n  - win: progress(me) >= 3", "end: win cannot be mixed with place"},
		{"- place: progress(me) >= 4\n    points: 2", "a place is worth no points"},
	} {
		src := strings.NewReplacer("SEATS", "", "COND", "true", "- win: to_row_reached(me)", c.end).Replace(threeWay)
		_, err := interpreter.Load("race.yaml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error with %q", c.end, err, c.want)
		}
	}
}

// Playing for places allocates nothing per move.
func TestRankedApplyAllocatesNothing(t *testing.T) {
	g := rankedLudo(t, 4)
	start := mustPosition(t, g, "r f8:r,m12:gggg,m4:yyyy,c4:bbbb roll:21")
	m, err := g.ParseMove(&start, "55/off")
	if err != nil {
		t.Fatal(err)
	}
	var buf [64]board.Move
	var p board.Position
	allocs := testing.AllocsPerRun(100, func() {
		p = start
		_ = g.LegalMoves(&p, buf[:0])
		g.Apply(&p, m)
		_ = g.Result(&p)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per move", allocs)
	}
}

// A place condition that fails at run time neither panics in Apply nor
// places anyone; ApplyErr, History.Play and the search report the error.
func TestRankedRuntimeError(t *testing.T) {
	src := strings.NewReplacer("SEATS", "", "COND", "true", "- win: to_row_reached(me)", "- place: 12 % (progress(me) - progress(me)) == 1").Replace(threeWay)
	g, err := interpreter.Load("race.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p := g.Start()
	m := g.LegalMoves(&p, nil)[0]
	q := p
	g.Apply(&q, m)
	if q.Placed() != 0 {
		t.Errorf("placed %d; want none placed", q.Placed())
	}
	q = p
	var ee *interpreter.EvalError
	if err := g.ApplyErr(&q, m); !errors.As(err, &ee) || q.Placed() != 0 {
		t.Errorf("ApplyErr: %v, placed %d; want the runtime error and none placed", err, q.Placed())
	}
	h := g.NewHistory(p)
	if err := h.Play(m); !errors.As(err, &ee) || h.Len() != 0 {
		t.Errorf("History.Play: %v, %d plies; want the runtime error and nothing played", err, h.Len())
	}
	a := g.AI()
	sp := interpreter.SearchPosition{Position: p}
	a.Apply(&sp, m)
	if a.(ai.Failer).Err() == nil {
		t.Error("the search did not keep the error")
	}
}

// Places that cannot happen are refused, saying why.
func TestRankedBadPlaces(t *testing.T) {
	g := rankedLudo(t, 4)
	for _, c := range []struct{ pos, want string }{
		{"g m12:gggg place:r1,g0,y1,b0", "each given once"},
		{"g m12:gggg place:r2,g0,y0,b0", "skips a place"},
		{"r m12:gggg place:r1,g0,y0,b0", "red is to move but has a place"},
		{"g m12:gggg place:r7,g0,y0,b0", "the places go from 1 to 4"},
	} {
		if _, err := g.ParsePosition(c.pos); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.pos, err, c.want)
		}
	}
}
