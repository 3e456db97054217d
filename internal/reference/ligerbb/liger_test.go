package ligerbb

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
var startPerft = []int64{21, 441, 8715, 172179, 3239666, 60920399}

func TestStartPerft(t *testing.T) {
	maxDepth := 5
	if deep() {
		maxDepth = 6
	}
	for d := 1; d <= maxDepth; d++ {
		p := Start()
		if got := Perft(&p, d); got != startPerft[d-1] {
			t.Errorf("perft(%d) = %d, want %d", d, got, startPerft[d-1])
		}
	}
}

func TestStartString(t *testing.T) {
	p := Start()
	want := "r a1:r,c1:r,e1:r,g1:r,b2:r,d2:r,f2:r,h2:r,a3:r,c3:r,e3:r,g3:r," +
		"b6:b,d6:b,f6:b,h6:b,a7:b,c7:b,e7:b,g7:b,b8:b,d8:b,f8:b,h8:b"
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

// Positions worked out by hand from liger.txt and pinned.md.
func TestRules(t *testing.T) {
	cases := []struct{ pos, moves string }{
		// A singleton steps diagonally forward; blue's forward is down.
		{"r c3:r,f6:b", "c3-b4 c3-d4"},
		{"b c3:r,f6:b", "f6-e5 f6-g5"},
		// A mixed pair on top of a taller stack moves as a pair or as its top.
		{"r c3:rbr,f6:b", "2c3-b4 2c3-d4 c3-b4 c3-d4"},
		// Never two of your own as a pair.
		{"r c3:brr,f6:b", "c3-b4 c3-d4"},
		// A stack with the enemy on top does not move; the edge bounds a1.
		{"r a1:r,c3:rb,f6:b", "a1-b2"},
		// Backward onto enemy tops while showing fewer (1 < 3), never onto
		// an empty square.
		{"r c3:b,e3:b,d4:r,h6:b", "d4-c3 d4-c5 d4-e3 d4-e5"},
		{"r c3:b,d4:r,h6:b", "d4-c3 d4-c5 d4-e5"},
		// Showing as many (2 = 2): no backward.
		{"r a1:r,c3:b,e3:b,d4:r", "a1-b2 d4-c5 d4-e5"},
		// Not from a pair nor a taller stack, not onto your own top.
		{"r c3:b,e3:b,d4:br,h6:b", "2d4-c5 2d4-e5 d4-c5 d4-e5"},
		{"r c3:br,e3:b,d4:r,h6:b,a7:b", "2c3-b4 2c3-d4 c3-b4 c3-d4 d4-c5 d4-e3 d4-e5"},
		// Blue moves backward up the board.
		{"b a1:r,e5:b,d6:r,f6:r", "e5-d4 e5-d6 e5-f4 e5-f6"},
		// Bear off from the farthest row, from a stack's top too.
		{"r a1:r,e5:b,b8:br", "a1-b2 b8-off"},
		{"b a1:b,h8:r", "a1-off"},
		// A finished game has no moves: red covered blue's only checker.
		{"b a1:r,d4:br", ""},
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
		{"r e5:b,b8:r", "b8-off", "b e5:b", true, Red},
		{"b a1:b,e5:r", "a1-off", "r e5:r", true, Blue},
		// Covering the opponent's only showing checker loses...
		{"r a1:r,c3:r,d4:b", "c3-d4", "b a1:r,d4:br", true, Blue},
		// ... unless the same move uncovers another.
		{"r a1:r,c3:br,d4:b", "c3-d4", "b a1:r,c3:b,d4:br", false, -1},
		{"r a1:r,c3:br,d4:b", "2c3-d4", "b a1:r,d4:bbr", true, Blue},
		// Bearing off the last checker wins even with nothing left to cover.
		{"r a1:b,h8:r", "h8-off", "b a1:b", true, Red},
		// A pair moved onto the opponent's stack: the lifted ones go on top.
		{"r a1:r,c3:r,d4:bb,h6:b", "c3-d4", "b a1:r,d4:bbr,h6:b", false, -1},
	}
	for _, c := range cases {
		p := mustParse(t, c.pos)
		play(t, &p, c.move)
		over, w := p.Result()
		if p.String() != c.after || over != c.over || w != c.winner {
			t.Errorf("%s, %s: %s over=%v winner=%d, want %s %v %d", c.pos, c.move, p.String(), over, w, c.after, c.over, c.winner)
		}
	}
	p := Start()
	if over, _ := p.Result(); over {
		t.Error("the start is over")
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{
		"", "r", "x a1:r", "r a2:r", "r i1:r", "r a1:", "r a1:r,a1:b", "r a1:x", "r a1r",
		"r a1:rrrrrrrrrrrrr",
	} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) gave no error", s)
		}
	}
	if p, err := Parse("b -"); err != nil || p.String() != "b -" {
		t.Errorf(`Parse("b -") = %v, %v`, p.String(), err)
	}
}

// TestDifferential compares move lists (as text, with the position after
// each move) and results with the interpreter running variants/liger.yaml,
// at every position of seeded random games and at random set-ups of a few
// checkers in stacks (where showing fewer, and leaving nothing showing,
// come up often).
func TestDifferential(t *testing.T) {
	g, err := interpreter.Open("liger")
	if err != nil {
		t.Fatal(err)
	}
	positions, setups := 3000, 1000
	if deep() {
		positions, setups = 100000, 30000
	}
	rng := rand.New(rand.NewPCG(29, 1))
	seen, over, backward, pairs, bearOffs, failures := 0, 0, 0, 0, 0, 0
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
			case m.IsBearOff():
				bearOffs++
			case m.Lift() == 2:
				pairs++
			case (m.To() > m.From()) != (p.ToMove() == Red):
				backward++
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s:\ninterpreter %v\nligerbb     %v", text, want, got)
			failures++
		}
		io := g.Result(ip)
		isOver, winner := p.Result()
		if io.Over != isOver || (isOver && io.Winner != winner) {
			t.Errorf("%s: interpreter result %+v, ligerbb over=%v winner=%d", text, io, isOver, winner)
			failures++
		}
		if isOver {
			over++
		}
		return imoves
	}
	for seen < positions && failures < 10 {
		ip := g.Start()
		for seen < positions && failures < 10 {
			imoves := compare(&ip)
			if len(imoves) == 0 {
				break
			}
			g.Apply(&ip, imoves[rng.IntN(len(imoves))])
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
	t.Logf("%d positions, %d finished, moves seen: %d backward, %d pairs, %d bear-offs", seen, over, backward, pairs, bearOffs)
	if over < 100 || backward < 500 || pairs < 500 || bearOffs < 500 {
		t.Errorf("the positions do not exercise the rules: %d finished, %d backward, %d pairs, %d bear-offs", over, backward, pairs, bearOffs)
	}
}

// randomSetup is a position of a few checkers of each player (none of the
// player who just moved, sometimes: he has borne off his last) on a few
// random dark squares, in stacks.
func randomSetup(rng *rand.Rand) string {
	var dark []string
	for sq := 0; sq < 64; sq++ {
		if darkSqs>>sq&1 != 0 {
			dark = append(dark, SquareName(sq))
		}
	}
	rng.Shuffle(len(dark), func(i, j int) { dark[i], dark[j] = dark[j], dark[i] })
	squares := dark[:1+rng.IntN(8)]
	stacks := make([]string, len(squares))
	turn := rng.IntN(2)
	count := [2]int{1 + rng.IntN(6), 1 + rng.IntN(6)}
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
	for i := 0; i < 200; i++ {
		p := Start()
		n := Playout(&p, rng, 1000, &ms)
		if over, _ := p.Result(); !over && n != 1000 {
			t.Fatalf("playout %d stopped after %d plies at %s, not over", i, n, p.String())
		}
	}
}
