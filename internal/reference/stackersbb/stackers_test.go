package stackersbb

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

func deep() bool { return os.Getenv("STACKRULES_DEEP") == "1" }

// The start-position perft table of pinned.md.
var startPerft = []int64{35, 1225, 42875, 1500533, 52564624}

func TestStartPerft(t *testing.T) {
	for d := 1; d <= len(startPerft); d++ {
		p := Start()
		if got := Perft(&p, d); got != startPerft[d-1] {
			t.Errorf("perft(%d) = %d, want %d", d, got, startPerft[d-1])
		}
	}
}

func TestStartString(t *testing.T) {
	p := Start()
	want := "b a1:b,c1:b,e1:b,g1:b,b2:b,d2:b,f2:b,h2:b,a3:b,c3:b,e3:b,g3:b," +
		"b6:w,d6:w,f6:w,h6:w,a7:w,c7:w,e7:w,g7:w,b8:w,d8:w,f8:w,h8:w"
	if got := p.String(); got != want {
		t.Errorf("start:\n got %s\nwant %s", got, want)
	}
}

func moveStrings(p *Position) []string {
	var ms MoveList
	n := p.Generate(&ms)
	out := make([]string, n)
	for i, m := range ms.M[:n] {
		out[i] = m.String()
	}
	slices.Sort(out)
	return out
}

func mustParse(t *testing.T, s string) Position {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	if p.String() != s {
		t.Fatalf("%s prints as %s", s, p.String())
	}
	return p
}

// Positions worked out by hand from stackers.txt and pinned.md.
func TestRules(t *testing.T) {
	cases := []struct{ pos, moves string }{
		// One checker, in all four directions, within the board.
		{"b d4:b,h8:w", "d4-c3 d4-c5 d4-e3 d4-e5"},
		{"b a1:b,h8:w", "a1-b2"},
		// The text's stack WBBWWB (bottom to top) moves for black as top
		// sections of 1, 4 or 5 checkers; white cannot move it.
		{"b d4:wbbwwb,h8:w", "4d4-c3 4d4-c5 4d4-e3 4d4-e5 5d4-c3 5d4-c5 5d4-e3 5d4-e5 d4-c3 d4-c5 d4-e3 d4-e5"},
		{"w d4:wbbwwb,h8:w", "h8-g7"},
		// Onto any stack, the whole stack when its bottom is yours.
		{"b d4:bwb,e5:w", "3d4-c3 3d4-c5 3d4-e3 3d4-e5 d4-c3 d4-c5 d4-e3 d4-e5"},
		// Bear off from the farthest row, one checker; white from rank 1.
		{"b e5:w,b8:bb", "2b8-a7 2b8-c7 b8-a7 b8-c7 b8-off"},
		{"w a1:w,h8:b", "a1-b2 a1-off"},
		// No move: pass.
		{"b d4:bw,h8:w", "pass"},
		// The game is over: white bore off its last checker.
		{"b d4:b", ""},
	}
	for _, c := range cases {
		p := mustParse(t, c.pos)
		if got := strings.Join(moveStrings(&p), " "); got != c.moves {
			t.Errorf("%s: moves %q, want %q", c.pos, got, c.moves)
		}
	}
}

func play(t *testing.T, p *Position, text string) {
	t.Helper()
	var ms MoveList
	n := p.Generate(&ms)
	for _, m := range ms.M[:n] {
		if m.String() == text {
			p.Apply(m)
			return
		}
	}
	t.Fatalf("%s: %s is not legal", p, text)
}

func TestResults(t *testing.T) {
	cases := []struct {
		pos, move, after string
		over             bool
		winner           int
	}{
		{"b d4:bwb,e5:w", "3d4-e5", "w e5:wbwb", false, -1},
		{"b e5:w,b8:bb", "b8-off", "w e5:w,b8:b", false, -1},
		{"b e5:w,b8:b", "b8-off", "w e5:w", true, Black},
		{"w a1:w,h8:b", "a1-off", "b h8:b", true, White},
		{"b d4:bw,h8:w", "pass", "w d4:bw,h8:w", false, -1},
		// Covering every enemy checker does not end Stackers.
		{"b c3:b,d4:w", "c3-d4", "w d4:wb", false, -1},
	}
	for _, c := range cases {
		p := mustParse(t, c.pos)
		play(t, &p, c.move)
		over, w := p.Result()
		if p.String() != c.after || over != c.over || w != c.winner {
			t.Errorf("%s, %s: %s over=%v winner=%d, want %s %v %d", c.pos, c.move, p.String(), over, w, c.after, c.over, c.winner)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{
		"", "b", "r a1:b", "b a2:b", "b a9:b", "b a1:", "b a1:b,a1:w", "b a1:r", "b a1b",
		"w a1:wwwwwwwwwwwww",
	} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) gave no error", s)
		}
	}
}

// TestDifferential compares move lists (as text, with the position after
// each move) and results with the interpreter running
// variants/stackers.yaml: at every position of seeded random games, half of
// them uniform, half racing (bear-offs first, forward moves mostly), which
// finish; and at random set-ups of a few checkers in tall stacks, where
// buried players pass.
func TestDifferential(t *testing.T) {
	g, err := interpreter.Open("stackers")
	if err != nil {
		t.Fatal(err)
	}
	positions, setups, maxPlies := 3000, 1000, 400
	if deep() {
		positions, setups, maxPlies = 100000, 30000, 2000
	}
	rng := rand.New(rand.NewPCG(29, 2))
	seen, over, passes, tall, bearOffs, failures := 0, 0, 0, 0, 0, 0
	compare := func(ip *board.Position) []board.Move {
		text := g.FormatPosition(ip)
		p, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if p.String() != text {
			t.Fatalf("%s prints as %s", text, p.String())
		}
		seen++
		var want []string
		imoves := g.LegalMoves(ip, nil)
		for _, m := range imoves {
			q := *ip
			g.Apply(&q, m)
			want = append(want, g.MoveString(m)+" "+g.FormatPosition(&q))
		}
		slices.Sort(want)
		var ms MoveList
		var got []string
		for _, m := range ms.M[:p.Generate(&ms)] {
			q := p
			q.Apply(m)
			got = append(got, m.String()+" "+q.String())
			switch {
			case m == Pass:
				passes++
			case m.IsBearOff():
				bearOffs++
			case m.Lift() >= 3:
				tall++
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s:\ninterpreter %v\nstackersbb  %v", text, want, got)
			failures++
		}
		io := g.Result(ip)
		isOver, winner := p.Result()
		if io.Over != isOver || (isOver && io.Winner != winner) {
			t.Errorf("%s: interpreter result %+v, stackersbb over=%v winner=%d", text, io, isOver, winner)
			failures++
		}
		if isOver {
			over++
		}
		return imoves
	}
	for game := 0; seen < positions && failures < 10; game++ {
		ip := g.Start()
		for ply := 0; ply < maxPlies && seen < positions && failures < 10; ply++ {
			imoves := compare(&ip)
			if len(imoves) == 0 {
				break
			}
			m := imoves[rng.IntN(len(imoves))]
			if game%2 == 1 {
				m = racing(g, &ip, imoves, rng)
			}
			g.Apply(&ip, m)
		}
	}
	for i := 0; i < setups && failures < 10; i++ {
		text := randomSetup(rng)
		ip, err := g.ParsePosition(text)
		if err != nil {
			t.Fatalf("the interpreter cannot read %s: %v", text, err)
		}
		compare(&ip)
	}
	t.Logf("%d positions, %d finished, moves seen: %d passes, %d lifts of 3 or more, %d bear-offs", seen, over, passes, tall, bearOffs)
	if over < 20 || passes < 20 || tall < 100 || bearOffs < 100 {
		t.Errorf("the positions do not exercise the rules: %d finished, %d passes, %d lifts of 3+, %d bear-offs", over, passes, tall, bearOffs)
	}
}

// racing picks a bear-off if there is one, else mostly a move toward the
// far row.
func racing(g *interpreter.Game, p *board.Position, moves []board.Move, rng *rand.Rand) board.Move {
	var forward []board.Move
	for _, m := range moves {
		if m.Kind == board.BearOff {
			return m
		}
		if m.Kind == board.Step {
			_, r0 := g.Board.Coord(m.From)
			_, r1 := g.Board.Coord(m.To)
			if (r1 > r0) == (p.ToMove == Black) {
				forward = append(forward, m)
			}
		}
	}
	if len(forward) > 0 && rng.IntN(5) > 0 {
		return forward[rng.IntN(len(forward))]
	}
	return moves[rng.IntN(len(moves))]
}

// randomSetup is a position of a few checkers of each player (none of the
// player who just moved, sometimes: he has borne off his last) piled on a
// few random dark squares.
func randomSetup(rng *rand.Rand) string {
	var dark []string
	for sq := 0; sq < 64; sq++ {
		if darkSqs>>sq&1 != 0 {
			dark = append(dark, SquareName(sq))
		}
	}
	rng.Shuffle(len(dark), func(i, j int) { dark[i], dark[j] = dark[j], dark[i] })
	squares := dark[:1+rng.IntN(6)]
	stacks := make([]string, len(squares))
	turn := rng.IntN(2)
	count := [2]int{1 + rng.IntN(5), 1 + rng.IntN(5)}
	if rng.IntN(8) == 0 {
		count[turn^1] = 0
	}
	for count[0]+count[1] > 0 {
		pl := rng.IntN(2)
		if count[pl] == 0 {
			pl ^= 1
		}
		count[pl]--
		i := rng.IntN(len(squares))
		stacks[i] += string(letters[pl])
	}
	var cells []string
	for i, s := range stacks {
		if s != "" {
			cells = append(cells, squares[i]+":"+s)
		}
	}
	return string(letters[turn]) + " " + strings.Join(cells, ",")
}

// TestPlayoutEnds checks that a playout stops only at a finished game or at
// the ply cap.
func TestPlayoutEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var ms MoveList
	for i := 0; i < 50; i++ {
		p := Start()
		n := Playout(&p, rng, 1000, &ms)
		if over, _ := p.Result(); !over && n != 1000 {
			t.Fatalf("playout %d stopped after %d plies at %s, not over", i, n, p.String())
		}
	}
}
