package lab

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
)

func open(t *testing.T, name string) *interpreter.Game {
	t.Helper()
	g, err := interpreter.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func spec(t *testing.T, s string) ai.Spec {
	t.Helper()
	sp, err := ai.ParseSpec(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// selfPlay is a run of games of g by one player in every seat.
func selfPlay(t *testing.T, g *interpreter.Game, player string, games int) Config {
	sp := spec(t, player)
	return Config{Game: g, Variant: g.Name, Players: Players{A: sp, B: sp, Swap: true}, Games: games, Seed: 7, MaxPlies: 500}
}

func run(t *testing.T, cfg Config) *Report {
	t.Helper()
	r, err := Run(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A coin flip: the first player wins half the games, and the interval
// holds ½ (seed 7 is no lucky pick: the test checks the interval, which
// misses ½ for one seed in twenty).
func TestCoinFlipIsFair(t *testing.T) {
	g := open(t, "../examples/coin-flip.yaml")
	r := run(t, selfPlay(t, g, "random", 400))
	f := r.First
	if r.Games != 400 || f.Wins+f.Draws+f.Losses != 400 || f.Draws != 0 {
		t.Fatalf("games %d, first player %+v", r.Games, f)
	}
	if !(f.ScoreLo < 0.5 && 0.5 < f.ScoreHi) || !(f.WinLo < 0.5 && 0.5 < f.WinHi) {
		t.Errorf("first player's score %.3f (%.3f to %.3f), wins (%.3f to %.3f): ½ should be inside", f.Score, f.ScoreLo, f.ScoreHi, f.WinLo, f.WinHi)
	}
	if f.Player != "red" || r.FirstBySeat[0] != 400 {
		t.Errorf("the first player is %q, moved first %v", f.Player, r.FirstBySeat)
	}
	if r.PliesMean != 1 || r.Length.Min != 1 || r.Length.Max != 1 {
		t.Errorf("a coin flip is one ply: mean %v, %d to %d", r.PliesMean, r.Length.Min, r.Length.Max)
	}
	// Two endings, in the rule file's words, heads for red and tails for blue.
	if len(r.Endings) != 2 {
		t.Fatalf("endings %+v", r.Endings)
	}
	for _, e := range r.Endings {
		switch e.Why {
		case "flipped heads":
			if e.Wins[0] != e.Count || e.Wins[1] != 0 {
				t.Errorf("heads: %+v", e)
			}
		case "flipped tails":
			if e.Wins[1] != e.Count {
				t.Errorf("tails: %+v", e)
			}
		default:
			t.Errorf("ending %+v", e)
		}
		if !(e.Lo < 0.5 && 0.5 < e.Hi) {
			t.Errorf("%s: %.3f (%.3f to %.3f)", e.Why, e.Rate.Rate, e.Lo, e.Hi)
		}
	}
	if r.Branching.Mean != 1 || r.Branching.Forced != 1 {
		t.Errorf("every play of a coin flip is forced: %+v", r.Branching)
	}
}

// Tempo Race: the first player wins every game; its score is 1 and its
// interval closes on 1.
func TestTempoRaceFirstPlayerAlwaysWins(t *testing.T) {
	g := open(t, "../examples/tempo-race.yaml")
	r := run(t, selfPlay(t, g, "random", 200))
	f := r.First
	if f.Wins != 200 || f.Score != 1 || f.ScoreHi != 1 || f.WinRate != 1 || f.WinHi != 1 {
		t.Fatalf("first player %+v", f)
	}
	if f.ScoreLo < 0.98 || f.ScoreLo >= 1 {
		t.Errorf("score interval from %.4f: want Wilson's 200/(200+z²) = 0.981", f.ScoreLo)
	}
	if r.BySeat[0].Wins != 200 || r.BySeat[1].Losses != 200 || r.Draws.Count != 0 {
		t.Errorf("by seat %+v, draws %+v", r.BySeat, r.Draws)
	}
	if r.Length.Median != 5 || r.Length.CapHits.Count != 0 {
		t.Errorf("length %+v", r.Length)
	}
	if !strings.Contains(r.Findings[0], "an advantage for the first player") {
		t.Errorf("findings %q", r.Findings)
	}
}

// A sequential stop plays until the first player's interval is narrow
// enough: for a game the first player always wins, Wilson's interval
// [n/(n+z²), 1] is within ±0.01 from n = 189 games.
func TestUntil(t *testing.T) {
	g := open(t, "../examples/tempo-race.yaml")
	cfg := selfPlay(t, g, "random", 100000)
	cfg.Until = 0.01
	r := run(t, cfg)
	want := 0
	for n := 1; ; n++ {
		if lo, _ := wilson(1, float64(n)); (1-lo)/2 <= 0.01 {
			want = n
			break
		}
	}
	if r.Until == nil || !r.Until.Reached || r.Until.Games != want || r.Games != want || !r.Complete {
		t.Fatalf("until %+v, games %d, complete %v; want %d games", r.Until, r.Games, r.Complete, want)
	}
	// Not reached within the games allowed: said so.
	cfg.Games = 50
	r = run(t, cfg)
	if r.Until.Reached || r.Games != 50 || !strings.Contains(strings.Join(r.Findings, "\n"), "did not narrow") {
		t.Errorf("until %+v, findings %q", r.Until, r.Findings)
	}
}

// jsonOf is a report as JSON decoded into maps, without its timing: what
// must be equal between a run and its shards merged.
func jsonOf(t *testing.T, r *Report) map[string]any {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m["timing"]; !ok {
		t.Fatal("no timing in the report")
	}
	delete(m, "timing")
	return m
}

// roundTrip writes a shard's report as JSON and reads it back, as merge
// reads the files.
func roundTrip(t *testing.T, r *Report) *Report {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	back, err := ReadReport(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// Shards merged give the report of the unsharded run, count for count,
// whatever the number of shards, their order and the games played at once.
func TestShardsMergeToTheUnshardedRun(t *testing.T) {
	for _, tc := range []struct {
		game, a, b string
		games      int
		ladder     string
	}{
		{"../examples/tower-race.yaml", "random", "random", 23, "random < greedy"},
		{"../examples/coin-flip.yaml", "random", "greedy", 30, ""},
		{"three-mens-morris", "mcts:iterations=20", "random", 12, ""},
		{"backgammon", "random", "random", 4, ""},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g := open(t, tc.game)
			cfg := Config{Game: g, Variant: tc.game, Players: Players{A: spec(t, tc.a), B: spec(t, tc.b), Swap: true},
				Games: tc.games, Seed: 11, MaxPlies: 300, Jobs: 1}
			if tc.ladder != "" {
				var err error
				if cfg.Ladder, err = ParseLadder(tc.ladder); err != nil {
					t.Fatal(err)
				}
				cfg.LadderGames = 7
			}
			whole := run(t, cfg)
			for _, shards := range []int{2, 5} {
				var parts []*Report
				for k := shards - 1; k >= 0; k-- {
					c := cfg
					c.Shard = Shard{Index: k, Count: shards}
					c.Jobs = 3
					parts = append(parts, roundTrip(t, run(t, c)))
				}
				merged, err := Merge(parts, false)
				if err != nil {
					t.Fatal(err)
				}
				got, want := jsonOf(t, merged), jsonOf(t, whole)
				if !reflect.DeepEqual(got, want) {
					gj, _ := json.MarshalIndent(got, "", " ")
					wj, _ := json.MarshalIndent(want, "", " ")
					t.Fatalf("%d shards merged differ from the unsharded run:\n%s\nwant\n%s", shards, gj, wj)
				}
				if merged.Timing.Shards != shards {
					t.Errorf("timing %+v", merged.Timing)
				}
			}
		})
	}
}

// Merge refuses shards of different runs, a shard twice, a missing shard
// and an interrupted one, unless asked for a partial merge.
func TestMergeRefuses(t *testing.T) {
	g := open(t, "../examples/tempo-race.yaml")
	cfg := selfPlay(t, g, "random", 10)
	shard := func(c Config, k, n int) *Report {
		c.Shard = Shard{Index: k, Count: n}
		return roundTrip(t, run(t, c))
	}
	a0, a1 := shard(cfg, 0, 2), shard(cfg, 1, 2)
	other := cfg
	other.Seed = 8
	b1 := shard(other, 1, 2)
	for _, tc := range []struct {
		name    string
		reports []*Report
		want    string
	}{
		{"another seed", []*Report{a0, b1}, "another run: seed 8, not 7"},
		{"twice", []*Report{a0, a0}, "given twice"},
		{"missing", []*Report{a1}, "shards missing: 0"},
		{"other count", []*Report{a0, shard(cfg, 1, 3)}, "shards of different runs"},
	} {
		if _, err := Merge(tc.reports, false); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	m, err := Merge([]*Report{a1}, true)
	if err != nil || m.Complete || m.Games != 5 || m.Planned != 10 {
		t.Errorf("partial merge: %v, complete %v, %d of %d games", err, m.Complete, m.Games, m.Planned)
	}
}

// A shard needs reproducible players; a sequential stop cannot be sharded.
func TestCheckRefuses(t *testing.T) {
	g := open(t, "../examples/tempo-race.yaml")
	cfg := selfPlay(t, g, "mcts:time=10ms", 10)
	cfg.Shard = Shard{Index: 0, Count: 2}
	if err := cfg.Check(); err == nil || !strings.Contains(err.Error(), "not reproducible") {
		t.Errorf("time budget in a shard: %v", err)
	}
	cfg = selfPlay(t, g, "mcts:easy", 10)
	cfg.Ladder = []ai.Spec{spec(t, "random"), spec(t, "mcts:medium")}
	cfg.Shard = Shard{Index: 0, Count: 2}
	if err := cfg.Check(); err == nil || !strings.Contains(err.Error(), "mcts:medium") {
		t.Errorf("a ladder level with a time budget in a shard: %v", err)
	}
	cfg = selfPlay(t, g, "random", 10)
	cfg.Until = 0.01
	cfg.Shard = Shard{Index: 1, Count: 2}
	if err := cfg.Check(); err == nil || !strings.Contains(err.Error(), "cannot be split") {
		t.Errorf("until in a shard: %v", err)
	}
}

// Ctrl-C stops a run with the games finished so far: the first ones, in
// order, counted as the shorter run would count them.
func TestInterruptedRunKeepsTheFirstGames(t *testing.T) {
	g := open(t, "../examples/tower-race.yaml")
	cfg := selfPlay(t, g, "random", 1000)
	cfg.Jobs = 2
	ctx, cancel := context.WithCancel(context.Background())
	stopAt := 17
	r, err := Run(ctx, cfg, Options{Progress: func(s Status) {
		if s.Done == stopAt {
			cancel()
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Complete || r.Games < stopAt || r.Games >= 1000 || r.Planned != 1000 {
		t.Fatalf("complete %v, %d of %d games", r.Complete, r.Games, r.Planned)
	}
	if !strings.HasPrefix(r.Findings[0], "Incomplete") {
		t.Errorf("findings %q", r.Findings)
	}
	short := cfg
	short.Games = r.Games
	want := run(t, short)
	if !reflect.DeepEqual(r.Tally, want.Tally) {
		t.Errorf("the interrupted run's %d games are not the first %d games", r.Games, r.Games)
	}
}

// The skill ladder holds where skill matters (Liger: a small search beats
// random play) and not where it cannot (a coin flip).
func TestLadder(t *testing.T) {
	liger := open(t, "liger")
	cfg := selfPlay(t, liger, "random", 0)
	cfg.Ladder = []ai.Spec{spec(t, "random"), spec(t, "mcts:iterations=50,playout=10")}
	cfg.LadderGames = 16
	r := run(t, cfg)
	row := r.Ladder.Pairs[0]
	if row.Games != 16 || row.ScoreLo <= 0.5 || row.Verdict != "holds" || r.Ladder.Verdict != "holds" {
		t.Errorf("Liger: mcts against random %+v, verdict %s", row, r.Ladder.Verdict)
	}

	coin := open(t, "../examples/coin-flip.yaml")
	cfg = selfPlay(t, coin, "random", 0)
	cfg.Ladder = []ai.Spec{spec(t, "random"), spec(t, "greedy"), spec(t, "mcts:iterations=30")}
	cfg.LadderGames = 300
	r = run(t, cfg)
	for _, row := range r.Ladder.Pairs {
		if !(row.ScoreLo < 0.5 && 0.5 < row.ScoreHi) || row.Verdict != "not shown" {
			t.Errorf("coin flip: %s against %s %+v", row.Stronger, row.Weaker, row)
		}
	}
	if r.Ladder.Verdict != "does not hold" || !strings.Contains(strings.Join(r.Findings, "\n"), "Skill does not show") {
		t.Errorf("coin flip ladder %s, findings %q", r.Ladder.Verdict, r.Findings)
	}
}

// The JSON report has the fields scripts read.
func TestJSONFields(t *testing.T) {
	g := open(t, "liger")
	cfg := selfPlay(t, g, "random", 6)
	cfg.Players.B = spec(t, "greedy")
	r := run(t, cfg)
	m := jsonOf(t, r)
	for _, k := range []string{"games", "plies_mean", "first_player", "by_seat", "draws", "endings", "length", "branching", "progress", "a_against_b", "findings", "tally"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no %q in the report", k)
		}
	}
	fp := m["first_player"].(map[string]any)
	for _, k := range []string{"wins", "draws", "losses", "score", "score_lo", "score_hi"} {
		if _, ok := fp[k].(float64); !ok {
			t.Errorf("first_player has no number %q: %v", k, fp)
		}
	}
	if m["games"].(float64) != 6 || math.Abs(m["plies_mean"].(float64)-r.PliesMean) > 1e-9 {
		t.Errorf("games %v, plies_mean %v", m["games"], m["plies_mean"])
	}
	// Liger has evaluate: its estimate of each side's chances over the game.
	if len(r.Progress) != 11 || r.Progress[0].Eval == nil || r.Progress[0].InPlay[0] != 12 {
		t.Errorf("progress %+v", r.Progress)
	}
	var text bytes.Buffer
	if err := WriteText(&text, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"first player", "how games end", "length in plies", "legal moves per ply", "evaluate's chances", "A against B"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text report has no %q:\n%s", want, text.String())
		}
	}
}

// With four players who win or lose, an even share is a quarter of the
// games; played for places, ½ (places 1st to 4th score 1, ⅔, ⅓, 0).
func TestFairShareOfFourPlayers(t *testing.T) {
	r := run(t, selfPlay(t, open(t, "ludo"), "random", 12))
	if r.FairScore != 0.25 || len(r.BySeat) != 4 {
		t.Errorf("ludo: even share %v, %d seats", r.FairScore, len(r.BySeat))
	}
	r = run(t, selfPlay(t, open(t, "ludo-ranked"), "random", 12))
	total := 0.0
	for _, s := range r.BySeat {
		total += s.Score
		if s.Places == nil {
			t.Errorf("%s: no places", s.Player)
		}
	}
	if r.FairScore != 0.5 || math.Abs(total-2) > 1e-9 {
		t.Errorf("ludo-ranked: even share %v, the seats' scores add up to %v, not 2", r.FairScore, total)
	}
}

func TestParseShard(t *testing.T) {
	for text, want := range map[string]Shard{"0/1": {0, 1}, "3/8": {3, 8}, " 7/8 ": {7, 8}} {
		if got, err := ParseShard(text); err != nil || got != want {
			t.Errorf("%q: %v %v", text, got, err)
		}
	}
	for _, bad := range []string{"8/8", "-1/4", "1", "a/2", "1/0", "1/b"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// A shard's games: K, K+N, ...; together the shards are every game once.
	seen := map[int]int{}
	for k := 0; k < 3; k++ {
		s := Shard{Index: k, Count: 3}
		for j := 0; j < s.count(10); j++ {
			seen[s.game(j)]++
		}
	}
	for i := 0; i < 10; i++ {
		if seen[i] != 1 {
			t.Errorf("game %d played %d times", i, seen[i])
		}
	}
	if len(seen) != 10 {
		t.Errorf("games %v", seen)
	}
}

func TestParseLadder(t *testing.T) {
	for text, want := range map[string][]string{
		"random < greedy < mcts:easy":                 {"random", "greedy", "mcts:easy"},
		"random,mcts:iterations=500,threads=1,greedy": {"random", "mcts:iterations=500", "greedy"},
		"random mcts:hard,threads=4":                  {"random", "mcts:hard,threads=4"},
		"default":                                     {"random", "greedy", "mcts:iterations=100", "mcts:easy", "mcts:iterations=1000"},
	} {
		got, err := ParseLadder(text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		var names []string
		for _, sp := range got {
			names = append(names, sp.String())
		}
		if !reflect.DeepEqual(names, want) {
			t.Errorf("%q: %q, want %q", text, names, want)
		}
	}
	for _, bad := range []string{"random", "random < bogus", ""} {
		if _, err := ParseLadder(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A panic in a game stops the run with an error, not the program.
func TestPanicInAGameIsAnError(t *testing.T) {
	_, err := playAll(context.Background(), 2, 10, func(_ context.Context, j int) (gameResult, error) {
		if j == 3 {
			panic("boom")
		}
		return gameResult{}, nil
	}, func(int, gameResult) bool { return false })
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("error %v", err)
	}
}
