package ludo

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

const (
	b = inBase
	w = winning
)

// pos builds a hand-worked position, failing the test on error.
func pos(t *testing.T, players int, rules Rules, toMove int, steps ...[4]int) *Position {
	t.Helper()
	p, err := New(players, rules, steps, toMove)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// playsOf rolls dice on p and returns its plays, failing when the roll is refused.
func playsOf(t *testing.T, p *Position, dice ...int) []Play {
	t.Helper()
	r := p.WithRoll(dice...)
	if r == nil {
		t.Fatalf("%s: roll %v refused", p.Key(), dice)
	}
	return r.Plays()
}

func texts(plays []Play) []string {
	out := make([]string, len(plays))
	for i, pl := range plays {
		out[i] = pl.Text
	}
	return out
}

// find returns the play with the given text, failing the test when there is none.
func find(t *testing.T, plays []Play, text string) *Position {
	t.Helper()
	for _, pl := range plays {
		if pl.Text == text {
			return pl.After
		}
	}
	t.Fatalf("no play %q among %q", text, texts(plays))
	return nil
}

func wantSteps(t *testing.T, p *Position, player int, want [4]int) {
	t.Helper()
	if got := p.Steps(player); got != want {
		t.Errorf("%s: player %c steps %v, want %v", p.Key(), p.Letter(player), got, want)
	}
}

type handCase struct {
	name    string
	players int
	rules   Rules
	steps   [][4]int
	dice    []int
	want    []string
}

func runHandCases(t *testing.T, cases []handCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := pos(t, tc.players, tc.rules, 0, tc.steps...)
			if got := texts(playsOf(t, p, tc.dice...)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("roll %v: plays %q, want %q", tc.dice, got, tc.want)
			}
		})
	}
}

var allBase = [4]int{b, b, b, b}

func TestTwoDicePlays(t *testing.T) {
	runHandCases(t, []handCase{
		{"no 6 from base passes", 2, TwoDice, [][4]int{allBase, allBase}, []int{5, 3},
			[]string{"pass"}},
		{"a 6 brings out, the other die moves it", 2, TwoDice, [][4]int{allBase, allBase}, []int{6, 3},
			[]string{"r base/3"}},
		{"a 6 brings out, the other die moves either piece; or the sum", 2, TwoDice,
			[][4]int{{10, b, b, b}, allBase}, []int{3, 6},
			[]string{"r 10/13 base/0", "r 10/19", "r base/3"}},
		{"double 6 brings two out or one out and on", 2, TwoDice, [][4]int{allBase, allBase}, []int{6, 6},
			[]string{"r base/0 base/0", "r base/6"}},
		{"double 6 with a piece on the start square: equal positions listed once", 2, TwoDice,
			[][4]int{{0, b, b, b}, allBase}, []int{6, 6},
			[]string{"r 0/12", "r 0/6 base/0", "r base/0 base/0"}},
		{"sum on one piece or one die each on two pieces", 2, TwoDice,
			[][4]int{{10, 20, b, b}, allBase}, []int{5, 2},
			[]string{"r 10/17", "r 20/22 10/15", "r 20/25 10/12", "r 20/27"}},
		{"a double: sum, or both pieces of a square one die each", 2, TwoDice,
			[][4]int{{10, 10, b, b}, allBase}, []int{3, 3},
			[]string{"r 10/13 10/13", "r 10/16"}},
		{"own pieces share a square", 2, TwoDice,
			[][4]int{{10, 17, b, b}, allBase}, []int{5, 2},
			[]string{"r 10/17", "r 17/19 10/15", "r 17/22 10/12", "r 17/24"}},
		{"both dice must be used: no single die with one piece out", 2, TwoDice,
			[][4]int{{10, b, b, b}, allBase}, []int{4, 2},
			[]string{"r 10/16"}},
		{"the sum bounces as one count; exact finish with the 2 loses the 5", 2, TwoDice,
			[][4]int{{54, w, w, w}, allBase}, []int{5, 2},
			[]string{"r 54/51", "r 54/56"}},
		{"exact finish with one die, the other lost", 2, TwoDice,
			[][4]int{{53, w, w, w}, allBase}, []int{5, 3},
			[]string{"r 53/51", "r 53/56"}},
		{"exact finish with the 6, the 2 lost since the base piece cannot use it", 2, TwoDice,
			[][4]int{{50, b, w, w}, allBase}, []int{6, 2},
			[]string{"r 50/52 base/0", "r 50/54", "r 50/56", "r base/2"}},
		{"exact finish with the 3, the 6 must then bring a piece out", 2, TwoDice,
			[][4]int{{53, b, w, w}, allBase}, []int{6, 3},
			[]string{"r 53/50", "r 53/56 base/0", "r base/3"}},
		{"exact finish with the 3, the 4 must then move the other piece", 2, TwoDice,
			[][4]int{{53, 10, w, w}, allBase}, []int{4, 3},
			[]string{"r 10/17", "r 53/52", "r 53/55 10/13", "r 53/56 10/14"}},
		// "If only one die can be used, the larger": never reached with two dice, since a
		// piece on the board can always move by the sum. The 6 alone (52/54) is not a play.
		{"the sum is always playable, so no single larger die", 2, TwoDice,
			[][4]int{{52, w, w, w}, allBase}, []int{6, 4},
			[]string{"r 52/50", "r 52/56"}},
		{"a bounce can land where the piece stood", 2, TwoDice,
			[][4]int{{55, w, w, w}, allBase}, []int{1, 1},
			[]string{"r 55/55", "r 55/56"}},
	})
}

func TestPassKeepsPiecesAndPassesTurn(t *testing.T) {
	p, _ := Start(3, TwoDice)
	plays := playsOf(t, p, 4, 2)
	if len(plays) != 1 || plays[0].Text != "pass" {
		t.Fatalf("plays %q, want one pass", texts(plays))
	}
	want := pos(t, 3, TwoDice, 1, allBase, allBase, allBase)
	if got := plays[0].After.Key(); got != want.Key() {
		t.Errorf("after pass %s, want %s", got, want.Key())
	}
}

func TestBounceOutOfHomeColumnCaptures(t *testing.T) {
	// Yellow's step 24 is loop square 26+24 = 50, red's step 50.
	p := pos(t, 2, TwoDice, 0, [4]int{52, w, w, w}, [4]int{24, b, b, b})
	plays := playsOf(t, p, 6, 4)
	if got, want := texts(plays), []string{"r 52/50*", "r 52/56"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("plays %q, want %q", got, want)
	}
	after := find(t, plays, "r 52/50*")
	wantSteps(t, after, 0, [4]int{50, w, w, w})
	wantSteps(t, after, 1, allBase)
	if after.ToMove() != 1 || after.Rolled() {
		t.Errorf("after %s: want yellow to roll", after.Key())
	}
}

func TestCapturesOnlyWhereAMovedPieceEnded(t *testing.T) {
	// Four players: loop square L is green step L-13, yellow step L-26, blue step L-39
	// (mod 52). Red moves 3 -> 10 by the sum, passing loop squares 4..9.
	p := pos(t, 4, TwoDice, 0,
		[4]int{3, b, b, b},
		[4]int{44, 49, b, b}, // green on loop 5 (passed) and 10 (landing)
		[4]int{36, 36, b, b}, // yellow twice on loop 10
		[4]int{20, b, b, b},  // blue on loop 7 (passed)
	)
	plays := playsOf(t, p, 4, 3)
	if got, want := texts(plays), []string{"r 3/10*"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("plays %q, want %q", got, want)
	}
	after := plays[0].After
	wantSteps(t, after, 1, [4]int{b, b, b, 44})
	wantSteps(t, after, 2, allBase)
	wantSteps(t, after, 3, [4]int{b, b, b, 20})

	// A hand-made position with green sharing loop square 20 with a red piece: only a
	// piece that moved and ended there captures, not one that stayed.
	p = pos(t, 4, TwoDice, 0, [4]int{3, 20, b, b}, [4]int{7, b, b, b}, allBase, allBase)
	plays = playsOf(t, p, 2, 1)
	if got, want := texts(plays), []string{"r 20/21 3/5", "r 20/22 3/4", "r 20/23", "r 3/6"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("plays %q, want %q", got, want)
	}
	for _, pl := range plays {
		wantSteps(t, pl.After, 1, [4]int{b, b, b, 7})
	}
}

func TestTwoPiecesLandingOnACaptureAreBothMarked(t *testing.T) {
	// Yellow's step 39 is loop square 13, red's step 13.
	p := pos(t, 2, TwoDice, 0, [4]int{10, 10, b, b}, [4]int{39, b, b, b})
	plays := playsOf(t, p, 3, 3)
	if got, want := texts(plays), []string{"r 10/13* 10/13*", "r 10/16"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("plays %q, want %q", got, want)
	}
	wantSteps(t, plays[0].After, 1, allBase)
	wantSteps(t, plays[1].After, 1, [4]int{b, b, b, 39})
}

func TestCapturesOnlyOnLoopSquares(t *testing.T) {
	// Green's home column step 51 would be loop square 13+51 = 64 = 12 mod 52 if it were on
	// the loop; red landing on loop 12 must leave it, and takes yellow's piece there.
	p := pos(t, 4, TwoDice, 0, [4]int{5, b, b, b}, [4]int{51, b, b, b}, [4]int{38, b, b, b}, allBase)
	after := find(t, playsOf(t, p, 4, 3), "r 5/12*")
	wantSteps(t, after, 1, [4]int{b, b, b, 51})
	wantSteps(t, after, 2, allBase)

	// Red entering its home column (step 51) captures nothing on loop square 51, red's
	// step 51 if the loop went on, where green's step 38 stands.
	p = pos(t, 4, TwoDice, 0, [4]int{46, b, b, b}, [4]int{38, b, b, b}, allBase, allBase)
	after = find(t, playsOf(t, p, 4, 1), "r 46/51")
	wantSteps(t, after, 1, [4]int{b, b, b, 38})
}

func TestSeatsAndStartSquares(t *testing.T) {
	// Two players: red and yellow, yellow's start square is loop 26.
	p := pos(t, 2, TwoDice, 0, [4]int{20, b, b, b}, [4]int{0, b, b, b})
	if p.Letter(1) != 'y' {
		t.Errorf("second of two players is %c, want y", p.Letter(1))
	}
	after := find(t, playsOf(t, p, 4, 2), "r 20/26*")
	wantSteps(t, after, 1, allBase)
	// Three players: red, green, yellow; green's start square is loop 13.
	p = pos(t, 3, TwoDice, 0, [4]int{7, b, b, b}, [4]int{0, b, b, b}, [4]int{0, b, b, b})
	if p.Letter(1) != 'g' || p.Letter(2) != 'y' {
		t.Errorf("three players %c%c%c, want rgy", p.Letter(0), p.Letter(1), p.Letter(2))
	}
	after = find(t, playsOf(t, p, 4, 2), "r 7/13*")
	wantSteps(t, after, 1, allBase)
	wantSteps(t, after, 2, [4]int{b, b, b, 0})
	// Red's own start square is loop 0: a piece brought out and left there captures.
	p = pos(t, 4, TwoDice, 0, [4]int{10, b, b, b}, allBase, allBase, [4]int{13, b, b, b})
	after = find(t, playsOf(t, p, 6, 3), "r 10/13 base/0*")
	wantSteps(t, after, 3, allBase)
}

func TestWinnerEndsTheGame(t *testing.T) {
	p := pos(t, 2, TwoDice, 0, [4]int{55, w, w, w}, [4]int{30, b, b, b})
	after := find(t, playsOf(t, p, 1, 1), "r 55/56")
	if after.Winner() != 0 {
		t.Errorf("winner %d, want 0 (red)", after.Winner())
	}
	if after.WithRoll(3, 2) != nil {
		t.Error("a finished game accepted a roll")
	}
	if after.Plays() != nil || Perft(after, 2) != 0 {
		t.Error("a finished game has plays")
	}
	if p.Winner() != -1 {
		t.Errorf("winner %d before the finish, want -1", p.Winner())
	}
}

func TestBeginnerPlays(t *testing.T) {
	runHandCases(t, []handCase{
		{"a 1 brings out", 2, Beginner, [][4]int{allBase, allBase}, []int{1}, []string{"r base/0"}},
		{"a 6 brings out", 2, Beginner, [][4]int{allBase, allBase}, []int{6}, []string{"r base/0"}},
		{"a 3 from base passes", 2, Beginner, [][4]int{allBase, allBase}, []int{3}, []string{"pass"}},
		{"a 6 moves or brings out", 2, Beginner, [][4]int{{10, b, b, b}, allBase}, []int{6},
			[]string{"r 10/16", "r base/0"}},
		{"a 2 only moves", 2, Beginner, [][4]int{{10, b, b, b}, allBase}, []int{2},
			[]string{"r 10/12"}},
		{"a 6 with nothing in base moves; no extra roll", 2, Beginner, [][4]int{{10, 20, w, w}, allBase}, []int{6},
			[]string{"r 10/16", "r 20/26"}},
	})
}

func TestBeginnerExtraRoll(t *testing.T) {
	p := pos(t, 2, Beginner, 0, [4]int{10, b, b, b}, allBase)
	out := find(t, playsOf(t, p, 6), "r base/0")
	if out.ToMove() != 0 || !out.ExtraPending() || out.Rolled() {
		t.Fatalf("after bringing out %s: want red to roll again", out.Key())
	}
	// The extra roll moves any piece by its count and cannot bring out another piece.
	plays := playsOf(t, out, 6)
	if got, want := texts(plays), []string{"r 0/6", "r 10/16"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("extra roll: plays %q, want %q", got, want)
	}
	for _, pl := range plays {
		if pl.After.ToMove() != 1 || pl.After.ExtraPending() {
			t.Errorf("after extra roll %s: want yellow to roll", pl.After.Key())
		}
	}
	if out.WithRoll(3, 2) != nil || p.WithRoll(7) != nil {
		t.Error("beginner accepted two dice or a 7")
	}
}

func TestBeginnerCapturesAfterExtraRoll(t *testing.T) {
	// Four players: green's step 39 is red's start square (loop 0); yellow's step 40 is
	// loop 14.
	p := pos(t, 4, Beginner, 0, [4]int{10, b, b, b}, [4]int{39, b, b, b}, [4]int{40, b, b, b}, allBase)
	out := find(t, playsOf(t, p, 1), "r base/0")
	wantSteps(t, out, 1, [4]int{b, b, b, 39}) // not yet: captures wait for the extra roll
	plays := playsOf(t, out, 4)
	if got, want := texts(plays), []string{"r 0/4", "r 10/14* 0*"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("extra roll: plays %q, want %q", got, want)
	}
	moved := find(t, plays, "r 0/4") // the new piece left the start square: green stays
	wantSteps(t, moved, 1, [4]int{b, b, b, 39})
	wantSteps(t, moved, 2, [4]int{b, b, b, 40})
	both := find(t, plays, "r 10/14* 0*")
	wantSteps(t, both, 0, [4]int{b, b, 0, 14})
	wantSteps(t, both, 1, allBase)
	wantSteps(t, both, 2, allBase)
}

func TestKeyIsCanonical(t *testing.T) {
	a := pos(t, 2, TwoDice, 1, [4]int{30, b, 5, w}, [4]int{b, 0, b, 12})
	c := pos(t, 2, TwoDice, 1, [4]int{w, 5, 30, b}, [4]int{12, b, 0, b})
	if a.Key() != c.Key() {
		t.Errorf("keys differ for the same pieces: %s and %s", a.Key(), c.Key())
	}
	if want := "two-dice r:-1,5,30,56 y:-1,-1,0,12 to:y roll:-"; a.Key() != want {
		t.Errorf("key %s, want %s", a.Key(), want)
	}
	if r1, r2 := a.WithRoll(2, 5), a.WithRoll(5, 2); r1.Key() != r2.Key() || !strings.HasSuffix(r1.Key(), "roll:52") {
		t.Errorf("roll keys %s and %s, want both to end roll:52", r1.Key(), r2.Key())
	}
	if a.WithRoll(2, 5).Key() == a.Key() {
		t.Error("key ignores the roll")
	}
}

func TestBadInput(t *testing.T) {
	if _, err := Start(5, TwoDice); err == nil {
		t.Error("5 players accepted")
	}
	if _, err := Start(1, Beginner); err == nil {
		t.Error("1 player accepted")
	}
	if _, err := New(2, TwoDice, [][4]int{{57, b, b, b}, allBase}, 0); err == nil {
		t.Error("step 57 accepted")
	}
	if _, err := New(2, TwoDice, [][4]int{allBase, allBase}, 2); err == nil {
		t.Error("player to move 2 of 2 accepted")
	}
	p, _ := Start(2, TwoDice)
	for _, dice := range [][]int{{3}, {0, 2}, {7, 1}, {1, 2, 3}} {
		if p.WithRoll(dice...) != nil {
			t.Errorf("two-dice roll %v accepted", dice)
		}
	}
	if p.WithRoll(3, 2).WithRoll(1, 1) != nil {
		t.Error("a second roll accepted")
	}
	if p.Plays() != nil {
		t.Error("plays before the roll")
	}
}

// TestRandomGames plays seeded random games to the end and checks what every position
// must satisfy: plays sorted with distinct texts and distinct positions, the turn passing
// in order, and no loop square shared by two players when a turn is over (every landing
// captures).
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	games := 20
	if deep() {
		games = 200
	}
	for _, cfg := range []struct {
		players int
		rules   Rules
	}{{2, TwoDice}, {3, TwoDice}, {4, TwoDice}, {2, Beginner}, {4, Beginner}} {
		for g := 0; g < games; g++ {
			p, _ := Start(cfg.players, cfg.rules)
			for ply := 0; p.Winner() < 0; ply++ {
				if ply > 5000 {
					t.Fatalf("game not over after %d plays: %s", ply, p.Key())
				}
				rolls := Rolls(cfg.rules)
				r := p.WithRoll(rolls[rng.Intn(len(rolls))]...)
				plays := r.Plays()
				checkPlays(t, r, plays)
				p = plays[rng.Intn(len(plays))].After
			}
			for i := 0; i < cfg.players; i++ {
				all := p.Steps(i) == [4]int{w, w, w, w}
				if all != (i == p.Winner()) {
					t.Fatalf("%s: winner %d but player %d has %v", p.Key(), p.Winner(), i, p.Steps(i))
				}
			}
		}
	}
}

func checkPlays(t *testing.T, r *Position, plays []Play) {
	t.Helper()
	if len(plays) == 0 {
		t.Fatalf("%s: no plays", r.Key())
	}
	keys := map[string]bool{}
	for i, pl := range plays {
		if i > 0 && plays[i-1].Text >= pl.Text {
			t.Fatalf("%s: plays not sorted or repeated: %q", r.Key(), texts(plays))
		}
		k := pl.After.Key()
		if keys[k] {
			t.Fatalf("%s: two plays reach %s", r.Key(), k)
		}
		keys[k] = true
		a := pl.After
		if a.Rolled() {
			t.Fatalf("%s: %s leaves a roll", r.Key(), pl.Text)
		}
		wantNext := (r.ToMove() + 1) % r.Players()
		if a.ExtraPending() {
			wantNext = r.ToMove()
		}
		if a.ToMove() != wantNext {
			t.Fatalf("%s: %s gives the turn to %d", r.Key(), pl.Text, a.ToMove())
		}
		if a.ExtraPending() {
			continue
		}
		owner := map[int]int{}
		for i := 0; i < a.Players(); i++ {
			for _, s := range a.Steps(i) {
				sq := a.loopSquare(i, s)
				if sq < 0 {
					continue
				}
				if o, ok := owner[sq]; ok && o != i {
					t.Fatalf("%s: after %s loop square %d holds %c and %c: %s",
						r.Key(), pl.Text, sq, a.Letter(o), a.Letter(i), a.Key())
				}
				owner[sq] = i
			}
		}
	}
}
