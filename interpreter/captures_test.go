package interpreter_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// Hand-worked positions for the draughts family (draughts-family.md). On the
// 12×12 Sri Lanka board the playing squares are those with file+rank odd
// (a2, b1, ..., l1).

func TestCaptureMoveLists(t *testing.T) {
	checkMoveLists(t, []moveListCase{
		{"english-checkers", "a man jumps twice, changing direction; capture is mandatory", "b c3:b,d4:w,d6:w,h8:w",
			"c3xe5xc7"},
		{"english-checkers", "a king jumps backward", "b e5:B,d4:w,h8:w",
			"e5xc3"},
		{"english-checkers", "a man does not jump backward", "b e5:b,d4:w,h8:w",
			"e5-d6 e5-f6"},
		{"english-checkers", "a man crowned by a jump stops there, though a king could jump on", "b b6:b,c7:w,e7:w,a1:w",
			"b6xd8"},
		{"lasca", "crowning ends the move in Lasca too", "w b4:w,c5:b,c7:b,e7:b",
			"b4xd6"},
		{"bashni", "a man crowned mid-capture jumps on as a flying king, landing anywhere beyond", "w b6:w,c7:b,e7:b,h2:b",
			"b6xd8xf6 b6xd8xg5 b6xd8xh4"},
		{"bashni", "men capture backward in Bashni", "w e5:w,d4:b,h8:b",
			"e5xc3"},
		{"bashni", "a king jumping from afar lands where it can go on capturing", "w a1:W,c3:b,g5:b",
			"a1xf6xh4"},
		{"bashni", "a king may land on any of the squares from which it goes on", "w a1:W,c3:b,g5:b,b6:b",
			"a1xd4xa7 a1xf6xh4"},
		{"bashni", "a king that can go on from no square beyond lands on any of them", "w a1:W,c3:b,h6:b",
			"a1xd4 a1xe5 a1xf6 a1xg7 a1xh8"},
		{"sri-lanka", "maximum capture: the two-piece sequence, not the one-piece one", "w d3:w,c4:b,e4:b,e6:b",
			"d3xf5xd7"},
		{"sri-lanka", "a flying king captures from afar and chooses its landing square", "w a2:W,d5:b",
			"a2xe6 a2xf7 a2xg8 a2xh9 a2xi10 a2xj11 a2xk12"},
		{"sri-lanka", "a flying king slides along free diagonals", "w a2:W,k12:b",
			"a2-b1 a2-b3 a2-c4 a2-d5 a2-e6 a2-f7 a2-g8 a2-h9 a2-i10 a2-j11"},
		{"lasca", "a column is jumped at most once: the loop stops where it began", "w c3:W,d4:bb,d6:b,b6:b,b4:b",
			"c3xa5xc7xe5xc3 c3xe5xc7xa5xc3"},
		{"lasca", "a column moves whole, onto empty squares only", "w c3:bw,d4:b,e5:b,g7:b",
			"c3-b4"},
	})
}

func TestCaptureResults(t *testing.T) {
	cases := []struct {
		game, clause, pos, move string
		want                    string // the position after the move
	}{
		{"english-checkers", "jumped pieces leave the board", "b c3:b,d4:w,d6:w,h8:w", "c3xe5xc7",
			"w c7:b,h8:w"},
		{"english-checkers", "a man reaching the far row is crowned", "b b6:b,c7:w,e7:w,a1:w", "b6xd8",
			"w a1:w,e7:w,d8:B"},
		{"english-checkers", "a step to the far row crowns too", "b c7:b,h2:w", "c7-d8",
			"w h2:w,d8:B"},
		{"lasca", "a prisoner is freed when its commander is taken; the jumper takes it under", "w c3:w,d4:wb,g7:b", "c3xe5",
			"b d4:w,e5:bw,g7:b"},
		{"lasca", "only the commander is promoted", "w b6:bw,g1:b", "b6-c7",
			"b g1:b,c7:bW"},
		{"bashni", "prisoners go under the jumper, which is crowned at once", "w b6:w,c7:b,e7:b,h2:b", "b6xd8xg5",
			"b h2:b,g5:bbW"},
		{"sri-lanka", "a man passing the far row mid-capture is not crowned", "w g10:w,h11:b,j11:b,a12:b", "g10xi12xk10",
			"b k10:w,a12:b"},
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
				t.Fatalf("%v (legal: %v)", err, sortedMoves(g, &p))
			}
			g.Apply(&p, m)
			if got := g.FormatPosition(&p); got != c.want {
				t.Errorf("%s: after %s from %s\ngot  %s\nwant %s", c.clause, c.move, c.pos, got, c.want)
			}
		})
	}
}

func TestNoMovesLoses(t *testing.T) {
	for _, c := range []struct{ game, pos, winner string }{
		{"english-checkers", "b a1:b,b2:w,c3:w", "white"}, // blocked
		{"english-checkers", "w a1:b", "black"},           // no pieces
		{"lasca", "w a1:w,b2:b,c3:b", "black"},
	} {
		g := open(t, c.game)
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		o := g.Result(&p)
		if !o.Over || o.Winner < 0 || g.Players[o.Winner].Name != c.winner {
			t.Errorf("%s %s: %+v, want %s to win", c.game, c.pos, o, c.winner)
		}
		if n := len(g.LegalMoves(&p, nil)); n != 0 {
			t.Errorf("%s %s: %d legal moves in a finished game", c.game, c.pos, n)
		}
	}
}

func TestEnglishCheckersPerft(t *testing.T) {
	// Published (Aart Bik): captures with the same squares in another order are not merged.
	want := []int64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564}
	depth := 9
	if testing.Short() {
		depth = 7
	}
	if deepTests() {
		depth = 10
	}
	g := open(t, "english-checkers")
	p := g.Start()
	for d := 1; d <= depth; d++ {
		if got := g.Perft(&p, d); got != want[d-1] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d-1])
		}
	}
}

// Sri Lanka: three kings against a lone king, 16 moves each without a capture
// or crowning, is a draw (draw: quiet in the rule file).
func TestSriLankaThreeKingsDraw(t *testing.T) {
	g := open(t, "sri-lanka")
	// White kings far from the black king, which cannot be caught quickly.
	p, err := g.ParsePosition("w b1:W,d1:W,f1:W,k12:B")
	if err != nil {
		t.Fatal(err)
	}
	h := g.NewHistory(p)
	seen := map[uint64]bool{p.Hash: true}
	for h.Len() < 40 && !h.Outcome().Over {
		pos := h.Position()
		moves := g.LegalMoves(&pos, nil)
		played := false
		// Play quiet moves: no capture, none that lets the other side
		// capture, and none that repeats a position.
		for _, m := range moves {
			if m.Kind == board.Capture {
				continue
			}
			if err := h.Play(m); err != nil {
				t.Fatal(err)
			}
			next := h.Position()
			captures := seen[next.Hash]
			for _, r := range g.LegalMoves(&next, nil) {
				captures = captures || r.Kind == board.Capture
			}
			if !captures {
				seen[next.Hash] = true
				played = true
				break
			}
			h.Undo()
		}
		if !played {
			t.Fatalf("no quiet move at ply %d", h.Len())
		}
	}
	o := h.Outcome()
	if !o.Over || o.Winner != -1 || !strings.Contains(o.Reason, "32 plies") || h.Len() != 32 {
		t.Errorf("after %d plies: %+v, want a draw at 32", h.Len(), o)
	}
}

// With maximum capture, landing where the capture can go on is implied: a
// sequence that stops early takes fewer pieces. Sri Lanka draughts must mean
// the same with `landing: continue` added.
func TestLandingContinueImpliedByMaximumCapture(t *testing.T) {
	src, ok := variants.Source("sri-lanka")
	if !ok {
		t.Fatal("no sri-lanka")
	}
	text := strings.Replace(string(src), "  removal: end", "  removal: end\n  landing: continue", 1)
	if text == string(src) {
		t.Fatal("capture settings not found in sri-lanka.yaml")
	}
	orig := open(t, "sri-lanka")
	cont, err := interpreter.Load("sri-lanka-landing.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	positions := randomPositions(t, orig, 3000, 11)
	for _, ps := range []string{"w b1:W,d3:b,h5:b", "w b1:W,d3:b,h5:b,c6:b,k12:b"} {
		p, err := orig.ParsePosition(ps)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, p)
	}
	kingCaptures := 0
	for i := range positions {
		p := &positions[i]
		a, b := sortedMoves(orig, p), sortedMoves(cont, p)
		if strings.Join(a, " ") != strings.Join(b, " ") {
			t.Fatalf("%s: moves differ\nwithout landing: continue %v\nwith              %v", orig.FormatPosition(p), a, b)
		}
		for _, m := range orig.LegalMoves(p, nil) {
			if m.Kind == board.Capture && orig.Board.TopKind(p.Cells[m.From]) == 1 {
				kingCaptures++
			}
		}
	}
	if kingCaptures < 10 {
		t.Errorf("only %d king captures met: the comparison did not reach the rule", kingCaptures)
	}
}
