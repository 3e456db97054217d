package interpreter_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/gametest"
	"github.com/stackrules/stackrules/interpreter"
)

// deepTests reports whether the slow rows (deep perft) were asked for with
// STACKRULES_DEEP=1; they are too slow for the default run.
func deepTests() bool { return os.Getenv("STACKRULES_DEEP") == "1" && !testing.Short() }

// Positions worked out by hand from the rule texts (liger.txt, stackers.txt,
// pinned.md), one or more per clause. Red (r) and black (b, in Stackers) move
// up the board from rank 1; blue (b) and white (w) move down.

var open = gametest.Open

func TestHandWorkedMoveLists(t *testing.T) {
	checkMoveLists(t, []moveListCase{
		{"liger", "a single checker steps diagonally forward", "r c3:r,f6:b",
			"c3-b4 c3-d4"},
		{"liger", "blue's forward is down the board", "b c3:r,f6:b",
			"f6-e5 f6-g5"},
		{"liger", "a mixed 2-stack is lifted from the top of a taller stack, or just its top checker", "r c3:rbr,f6:b",
			"2c3-b4 2c3-d4 c3-b4 c3-d4"},
		{"liger", "never two of your own as a pair", "r c3:brr,f6:b",
			"c3-b4 c3-d4"},
		{"liger", "an enemy-topped stack cannot be moved", "r c3:rb,a1:r,f6:b",
			"a1-b2"},
		{"liger", "backward onto enemy tops while showing fewer (1 < 3)", "r d4:r,c3:b,e3:b,h6:b",
			"d4-c3 d4-c5 d4-e3 d4-e5"},
		{"liger", "no backward while showing as many (2 = 2)", "r d4:r,a1:r,c3:b,e3:b",
			"a1-b2 d4-c5 d4-e5"},
		{"liger", "no backward onto an empty square", "r d4:r,c3:b,h6:b",
			"d4-c3 d4-c5 d4-e5"},
		{"liger", "no backward with a 2-stack", "r d4:br,c3:b,e3:b,h6:b",
			"2d4-c5 2d4-e5 d4-c5 d4-e5"},
		{"liger", "no backward from a taller stack (the top of d4 is red, height 3)", "r d4:bbr,c3:b,e3:b,h6:b",
			"2d4-c5 2d4-e5 d4-c5 d4-e5"},
		{"liger", "no backward onto a square with your colour showing; stacks move onto own stacks forward", "r d4:r,c3:br,e3:b,h6:b,a7:b",
			"2c3-b4 2c3-d4 c3-b4 c3-d4 d4-c5 d4-e3 d4-e5"},
		{"liger", "bear off from the farthest row, also the top of a stack; never from the nearest row", "r b8:br,a1:r,e5:b",
			"a1-b2 b8-off"},
		{"liger", "blue bears off from rank 1", "b a1:b,h8:r",
			"a1-off"},
		{"stackers", "the example stack WBBWWB moves for black as top sections of 1, 4 or 5, in four directions", "b d4:wbbwwb,h8:w",
			"4d4-c3 4d4-c5 4d4-e3 4d4-e5 5d4-c3 5d4-c5 5d4-e3 5d4-e5 d4-c3 d4-c5 d4-e3 d4-e5"},
		{"stackers", "white cannot move black's stack, but may move its own", "w d4:wbbwwb,h8:w",
			"h8-g7"},
		{"stackers", "a whole stack moves when its bottom is yours; onto any stack", "b d4:bwb,e5:w",
			"3d4-c3 3d4-c5 3d4-e3 3d4-e5 d4-c3 d4-c5 d4-e3 d4-e5"},
		{"stackers", "bear off from the farthest row", "b b8:b,e5:w",
			"b8-a7 b8-c7 b8-off"},
		{"stackers", "white bears off from rank 1", "w a1:w,h8:b",
			"a1-b2 a1-off"},
		{"stackers", "a player with no move passes", "b d4:bw,h8:w",
			"pass"},
	})
}

// moveListCase is a position worked out by hand and its legal moves.
type moveListCase struct {
	game, clause, pos string
	want              string // the legal moves, sorted, space-separated
}

func checkMoveLists(t *testing.T, cases []moveListCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.game+"/"+c.clause, func(t *testing.T) {
			g := open(t, c.game)
			p, err := g.ParsePosition(c.pos)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(sortedMoves(g, &p), " "); got != c.want {
				t.Errorf("%s\nposition %s\ngot  %s\nwant %s", c.clause, c.pos, got, c.want)
			}
		})
	}
}

func TestHandWorkedResults(t *testing.T) {
	cases := []struct {
		game, clause, pos, move string
		want                    string // "" ongoing, "draw", or the winner's name
	}{
		{"liger", "covering the opponent's only showing checker loses", "r c3:r,d4:b,a1:r", "c3-d4", "blue"},
		{"liger", "covering it is fine when the same move uncovers another", "r c3:br,d4:b,a1:r", "c3-d4", ""},
		{"liger", "lifting the pair over it uncovers nothing and loses", "r c3:br,d4:b,a1:r", "2c3-d4", "blue"},
		{"liger", "bearing off the last checker wins", "r b8:r,e5:b", "b8-off", "red"},
		{"liger", "bearing off the last checker wins for blue too", "b a1:b,e5:r", "a1-off", "blue"},
		{"liger", "an ordinary move goes on", "r c3:r,f6:b", "c3-d4", ""},
		{"stackers", "bearing off the last checker wins", "b b8:b,e5:w", "b8-off", "black"},
		{"stackers", "bearing off with checkers left goes on", "b b8:b,a1:b,e5:w", "b8-off", ""},
		{"stackers", "a pass goes on", "b d4:bw,h8:w", "pass", ""},
		{"stackers", "covering every enemy checker does not end Stackers", "b c3:b,d4:w", "c3-d4", ""},
	}
	for _, c := range cases {
		t.Run(c.game+"/"+c.clause, func(t *testing.T) {
			g := open(t, c.game)
			p, err := g.ParsePosition(c.pos)
			if err != nil {
				t.Fatal(err)
			}
			m, err := g.ParseMove(&p, c.move)
			if err != nil {
				t.Fatal(err)
			}
			g.Apply(&p, m)
			o := g.Result(&p)
			got := ""
			switch {
			case o.Over && o.Winner < 0:
				got = "draw"
			case o.Over:
				got = g.Players[o.Winner].Name
			}
			if got != c.want {
				t.Errorf("%s: after %s from %s: result %q (%+v), want %q", c.clause, c.move, c.pos, got, o, c.want)
			}
			if o.Over {
				if n := len(g.LegalMoves(&p, nil)); n != 0 {
					t.Errorf("finished game has %d legal moves", n)
				}
				// The position string alone says the game is over.
				q, err := g.ParsePosition(g.FormatPosition(&p))
				if err != nil || !g.Result(&q).Over {
					t.Errorf("re-read position %s is not over (%v)", g.FormatPosition(&p), err)
				}
			}
		})
	}
}

func TestPassCountsInPerft(t *testing.T) {
	g := open(t, "stackers")
	p, err := g.ParsePosition("b d4:bw,h8:w")
	if err != nil {
		t.Fatal(err)
	}
	// Black passes; white then has d4 (lift 1 or 2: bottom of 2 is black, so only 1) and h8.
	if got := g.Perft(&p, 1); got != 1 {
		t.Errorf("perft(1) = %d, want 1 (the pass)", got)
	}
	if got, want := g.Perft(&p, 2), int64(len(sortedMoves(g, mustApply(t, g, p, "pass")))); got != want || want != 5 {
		t.Errorf("perft(2) = %d, want %d = 5 (d4-c3 d4-c5 d4-e3 d4-e5 h8-g7)", got, want)
	}
}

func mustApply(t *testing.T, g *interpreter.Game, p board.Position, move string) *board.Position {
	t.Helper()
	m, err := g.ParseMove(&p, move)
	if err != nil {
		t.Fatal(err)
	}
	g.Apply(&p, m)
	return &p
}

func TestStartPerft(t *testing.T) {
	// pinned.md, computed by an independent implementation.
	table := map[string][]int64{
		"liger":    {21, 441, 8715, 172179, 3239666, 60920399},
		"stackers": {35, 1225, 42875, 1500533, 52564624},
	}
	depths := map[string]int{"liger": 5, "stackers": 4}
	if deepTests() {
		depths = map[string]int{"liger": 6, "stackers": 5}
	}
	for name, want := range table {
		g := open(t, name)
		p := g.Start()
		for d := 1; d <= depths[name]; d++ {
			if got := g.Perft(&p, d); got != want[d-1] {
				t.Errorf("%s perft(%d) = %d, want %d", name, d, got, want[d-1])
			}
		}
	}
}

func TestStackersDrawRules(t *testing.T) {
	g := open(t, "stackers")
	p, _ := g.ParsePosition("b a1:b,h8:w")
	h := g.NewHistory(p)
	// Shuffle back and forth: the start position comes back after every 4 plies.
	seq := []string{"a1-b2", "h8-g7", "b2-a1", "g7-h8"}
	for i := 0; i < 8; i++ {
		if o := h.Outcome(); o.Over {
			t.Fatalf("over after %d plies: %s", i, o.Reason)
		}
		pos := h.Position()
		m, err := g.ParseMove(&pos, seq[i%4])
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	// The start position is now on the board for the third time.
	if o := h.Outcome(); !o.Over || o.Winner != -1 || !strings.Contains(o.Reason, "3 times") {
		t.Errorf("after the third repetition: %+v, want a draw by repetition", o)
	}
	h.Undo()
	if h.Outcome().Over {
		t.Errorf("undo did not take the draw back")
	}

	// 100 plies without a bear-off: walk two checkers around without repeating thrice.
	p, _ = g.ParsePosition("b a1:b,c1:b,e1:b,g1:b,h8:w,f8:w,d8:w,b8:w")
	h = g.NewHistory(p)
	for h.Len() < 200 && !h.Outcome().Over {
		pos := h.Position()
		moves := g.LegalMoves(&pos, nil)
		// Pick the first move that does not bear off and does not lead to a position seen twice.
		played := false
		for _, m := range moves {
			if err := h.Play(m); err != nil {
				t.Fatal(err)
			}
			if o := h.Outcome(); m.Kind != board.BearOff && (!o.Over || strings.Contains(o.Reason, "plies")) {
				played = true
				break
			}
			h.Undo()
		}
		if !played {
			t.Fatalf("no quiet move found at ply %d", h.Len())
		}
	}
	if o := h.Outcome(); !o.Over || !strings.Contains(o.Reason, "100 plies") || h.Len() != 100 {
		t.Errorf("after %d quiet plies: %+v, want a draw at exactly 100", h.Len(), o)
	}
}

func TestHistoryRejectsIllegalMoves(t *testing.T) {
	g := open(t, "liger")
	h := g.NewHistory(g.Start())
	pos := h.Position()
	m, err := g.Board.ParseMove("c3-c4")
	if err == nil {
		err = h.Play(m)
	}
	if err == nil {
		t.Fatal("c3-c4 accepted")
	}
	_, err = g.ParseMove(&pos, "c3-b2")
	if err == nil || !strings.Contains(err.Error(), "not legal") {
		t.Errorf("c3-b2 (backward onto own piece): %v", err)
	}
}

// A history takes passes (whose squares are NoSquare) and promotions.
func TestHistoryPassAndPromotion(t *testing.T) {
	g := open(t, "stackers")
	p, _ := g.ParsePosition("b d4:bw,h8:w")
	h := g.NewHistory(p)
	pos := h.Position()
	m, err := g.ParseMove(&pos, "pass")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Play(m); err != nil {
		t.Fatal(err)
	}
	if h.Len() != 1 || h.Position().ToMove != 1 {
		t.Errorf("after a pass: %d plies, %d to move", h.Len(), h.Position().ToMove)
	}

	e := open(t, "english-checkers")
	p, _ = e.ParsePosition("b c7:b,h2:w")
	h = e.NewHistory(p)
	pos = h.Position()
	m, _ = e.ParseMove(&pos, "c7-d8")
	if err := h.Play(m); err != nil {
		t.Fatal(err)
	}
	if got := e.FormatPosition(ptr(h.Position())); got != "w h2:w,d8:B" {
		t.Errorf("after crowning: %s", got)
	}
}

func ptr[T any](v T) *T { return &v }
