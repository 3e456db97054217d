package records_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/gametest"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// English checkers numbers its squares as PDN does: black, who moves first,
// starts on 1-12 and white on 21-32; 4 and 29 are the single corners.
func TestNumericSquaresOfEnglishCheckers(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	for n, want := range map[int]string{1: "g1", 4: "a1", 5: "h2", 11: "c3", 12: "a3", 15: "d4", 21: "h6", 22: "f6", 25: "g7", 27: "c7", 29: "h8", 32: "b8"} {
		sq, ok := g.Board.NumberedSquare(n)
		if !ok || g.Board.SquareName(sq) != want {
			t.Errorf("square %d is %s, want %s", n, g.Board.SquareName(sq), want)
		}
	}
	start := g.Start()
	for _, c := range []struct{ numeric, algebraic string }{{"11-15", "c3-d4"}, {"9-13", "g3-h4"}, {"12-16", "a3-b4"}} {
		m, err := g.ParseMove(&start, c.numeric)
		if err != nil || g.MoveString(m) != c.algebraic {
			t.Errorf("%s at the start: %v %v, want %s", c.numeric, g.MoveString(m), err, c.algebraic)
		}
		if got := g.Board.NumericMoveString(m); got != c.numeric {
			t.Errorf("%s written as %s", c.algebraic, got)
		}
	}
	for _, bad := range []string{"11-14", "0-4", "33-29", "11-", "11x15-19"} {
		if _, err := g.ParseMove(&start, bad); err == nil {
			t.Errorf("%q accepted at the start", bad)
		}
	}
	p, _ := g.ParsePosition("b c3:b,d4:w,f6:w,h8:w")
	m, err := g.ParseMove(&p, "11x18x25")
	if err != nil || g.MoveString(m) != "c3xe5xg7" || g.Board.NumericMoveString(m) != "11x18x25" {
		t.Errorf("11x18x25 = %s, %v", g.MoveString(m), err)
	}
}

// A board without numbering reads no numbers: 11-15 stays a lift count.
func TestNumericNotationNeedsNumbering(t *testing.T) {
	g := gametest.Open(t, "liger")
	if g.Board.Numbered() {
		t.Fatal("liger is numbered")
	}
	start := g.Start()
	if _, err := g.ParseMove(&start, "11-15"); err == nil {
		t.Error("11-15 accepted in liger")
	}
}

// Numeric and algebraic notation name the same move, for every legal move of
// 1,000 random positions: each reads back as the move, and both say the same
// squares.
func TestNumericAndAlgebraicAgree(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	b := g.Board
	checked := 0
	for _, p := range gametest.RandomPositions(t, g, 1000, 7) {
		for _, m := range g.LegalMoves(&p, nil) {
			num, alg := b.NumericMoveString(m), g.MoveString(m)
			for _, text := range []string{num, alg} {
				got, err := g.ParseMove(&p, text)
				if err != nil || !got.SameAs(m) {
					t.Fatalf("%s: %q reads as %s (%v), want %s", g.FormatPosition(&p), text, g.MoveString(got), err, alg)
				}
			}
			numSq := strings.FieldsFunc(num, func(r rune) bool { return r == '-' || r == 'x' })
			algSq := strings.FieldsFunc(alg, func(r rune) bool { return r == '-' || r == 'x' })
			if len(numSq) != len(algSq) {
				t.Fatalf("%s and %s have different numbers of squares", num, alg)
			}
			for i := range numSq {
				n := 0
				for _, c := range numSq[i] {
					n = n*10 + int(c-'0')
				}
				sq, _ := b.NumberedSquare(n)
				if b.SquareName(sq) != algSq[i] || b.SquareNumber(sq) != n {
					t.Fatalf("%s: square %s is %s, but %s says %s", g.FormatPosition(&p), numSq[i], b.SquareName(sq), alg, algSq[i])
				}
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d moves checked", checked)
	}
}

// English checkers games played by the AI, written as PDN, read back and
// replayed, reach the same positions; the PDN says what other programs read.
func TestPDNRoundTrip(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	for game := 0; game < 3; game++ {
		h := g.NewHistory(g.Start())
		if game == 2 { // a game from a set-up position, with kings
			p, err := g.ParsePosition("w a1:b,c1:B,e3:b,h6:w,d8:W,b8:w")
			if err != nil {
				t.Fatal(err)
			}
			h = g.NewHistory(p)
		}
		players := []ai.Player[interpreter.SearchPosition, board.Move]{
			ai.NewPlayer(g.AI(), ai.Spec{Kind: ai.KindMCTS, Iterations: 60}, uint64(game)),
			ai.NewPlayer(g.AI(), ai.Spec{Kind: ai.KindMCTS, Iterations: 60}, uint64(game+10)),
		}
		for h.Len() < 300 && !h.Outcome().Over {
			sp := h.SearchPosition()
			m, _ := players[sp.ToMove].Choose(context.Background(), &sp)
			if err := h.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		var buf bytes.Buffer
		if err := records.WritePDN(g, &buf, h, []string{"mcts", "mcts"}, "2026.11.22"); err != nil {
			t.Fatal(err)
		}
		pdn := buf.String()
		for _, tag := range []string{`[GameType "21"]`, `[Black "mcts"]`, `[White "mcts"]`, `[Event "`, `[Result "` + records.ResultText(g, h.Outcome()) + `"]`} {
			if !strings.Contains(pdn, tag) {
				t.Errorf("game %d: no %s in\n%s", game, tag, pdn)
			}
		}
		if game == 2 && !strings.Contains(pdn, `[FEN "W:BK3,4,10:W21,K31,32"]`) {
			t.Errorf("no FEN in\n%s", pdn)
		}
		if strings.ContainsAny(strings.SplitN(pdn, "\n\n", 2)[1], "abcdefgh") {
			t.Errorf("game %d: the moves are not numeric:\n%s", game, pdn)
		}
		_, back, err := records.ReadPDN(g, strings.NewReader(pdn))
		if err != nil {
			t.Fatalf("game %d: %v\n%s", game, err, pdn)
		}
		want, got := h.Positions(), back.Positions()
		if len(want) != len(got) {
			t.Fatalf("game %d: %d positions, read back %d", game, len(want), len(got))
		}
		for i := range want {
			if want[i] != got[i] {
				t.Fatalf("game %d: position %d differs: %s, read back %s", game, i, g.FormatPosition(&want[i]), g.FormatPosition(&got[i]))
			}
		}
		if back.Outcome() != h.Outcome() {
			t.Errorf("game %d: outcome %+v, read back %+v", game, h.Outcome(), back.Outcome())
		}
	}
}

// The FEN of a position reads back as the position, kings included.
func TestFENRoundTrip(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	p, _ := g.ParsePosition("w a1:b,c1:B,e3:b,h6:w,d8:W,b8:w")
	fen, err := records.FEN(g, &p)
	if err != nil {
		t.Fatal(err)
	}
	if want := "W:BK3,4,10:W21,K31,32"; fen != want {
		t.Errorf("FEN %q, want %q", fen, want)
	}
	q, err := records.ParseFEN(g, fen)
	if err != nil || q != p {
		t.Errorf("%q reads back as %s (%v)", fen, g.FormatPosition(&q), err)
	}
	start := g.Start()
	q, err = records.ParseFEN(g, "B:W21-32:B1-12")
	if err != nil || q != start {
		t.Errorf("the start as a FEN with ranges: %s (%v)", g.FormatPosition(&q), err)
	}
	for _, bad := range []string{"", "X:W1", "B:W33", "B:W1,1", "B:Wx"} {
		if _, err := records.ParseFEN(g, bad); err == nil {
			t.Errorf("FEN %q accepted", bad)
		}
	}
}

// Programs write a multi-jump from and to only; it is read when it names one capture.
func TestPDNShortCaptures(t *testing.T) {
	g := gametest.Open(t, "english-checkers")
	pdn := "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:W15,22,29:B11\"]\n\n1. 11x25 *\n"
	_, h, err := records.ReadPDN(g, strings.NewReader(pdn))
	if err != nil {
		t.Fatal(err)
	}
	if got := g.MoveString(h.Moves()[0]); got != "c3xe5xg7" && got != "c3xe5xc7" {
		t.Errorf("11x25 read as %s", got)
	}
	if _, _, err := records.ReadPDN(g, strings.NewReader("[GameType \"20\"]\n\n1. 11-15 *\n")); err == nil || !strings.Contains(err.Error(), "GameType") {
		t.Errorf("a game of another type: %v", err)
	}
	if _, _, err := records.ReadPDN(g, strings.NewReader("1. 11-14 *\n")); err == nil || !strings.Contains(err.Error(), "move 1") {
		t.Errorf("an illegal move: %v", err)
	}
}

// International draughts numbers 1-50 as white sees the board: 46 is a1,
// 1 is b10, white starts on 31-50 and opens 32-28.
func TestNumericSquaresOfInternational(t *testing.T) {
	g := gametest.Open(t, "international")
	for n, want := range map[int]string{1: "b10", 5: "j10", 46: "a1", 50: "i1", 31: "b4", 35: "j4", 28: "e5"} {
		sq, ok := g.Board.NumberedSquare(n)
		if !ok || g.Board.SquareName(sq) != want {
			t.Errorf("square %d is %s, want %s", n, g.Board.SquareName(sq), want)
		}
	}
	start := g.Start()
	m, err := g.ParseMove(&start, "32-28")
	if err != nil || g.MoveString(m) != "d4-e5" {
		t.Errorf("32-28: %s %v", g.MoveString(m), err)
	}
	for _, p := range gametest.RandomPositions(t, g, 200, 3) {
		for _, m := range g.LegalMoves(&p, nil) {
			got, err := g.ParseMove(&p, g.Board.NumericMoveString(m))
			if err != nil || !got.SameAs(m) {
				t.Fatalf("%s: %s reads as %v (%v)", g.FormatPosition(&p), g.Board.NumericMoveString(m), g.MoveString(got), err)
			}
		}
	}
}

// The numbering of each game whose players write squares by number, as its
// sources give it (see each rule file's comment on pdn_game_type):
//   - Italian, as the Italian federation (FID) numbers the board, from
//     black's right-hand corner rightwards and downwards: 1 is a8, 32 is h1,
//     and its course's first example move 23-19 is f3-e4;
//   - Spanish (and Portuguese), from white's right-hand corner leftwards and
//     upwards: 1 is h1, 32 is a8, white starts on 1-12;
//   - Thai, top left as the first player sees the board (PDN N2): 1 is b8,
//     the first player starts on 25-32;
//   - Frisian, as International draughts: 1 is b10, 46 is a1;
//   - Sri Lankan, which no standard pins, as Canadian draughts numbers its
//     12x12 board: 1 is a12, 72 is l1.
func TestNumericSquaresOfEachGame(t *testing.T) {
	for _, c := range []struct {
		game    string
		squares map[int]string
		move    string // a first move in numbers, and in square names
		named   string
		fen     string // a PDN FEN and the position it is
		pos     string
	}{
		{"italian", map[int]string{1: "a8", 4: "g8", 5: "b7", 19: "e4", 21: "b3", 23: "f3", 29: "b1", 32: "h1"}, "23-19", "f3-e4",
			"B:WK1,23:B9,K32", "b a8:W,f3:w,a6:b,h1:B"},
		{"spanish", map[int]string{1: "h1", 4: "b1", 5: "g2", 9: "h3", 13: "g4", 29: "g8", 32: "a8"}, "9-13", "h3-g4",
			"W:W1,K13:B32", "w h1:w,g4:W,a8:b"},
		{"thai", map[int]string{1: "b8", 4: "h8", 25: "b2", 22: "c3", 29: "a1", 32: "g1"}, "25-22", "b2-c3",
			"W:W29:BK4", "w a1:w,h8:B"},
		{"frisian", map[int]string{1: "b10", 5: "j10", 46: "a1", 50: "i1", 32: "d4", 28: "e5"}, "32-28", "d4-e5",
			"W:W46:B5", "w a1:w,j10:b"},
		{"sri-lanka", map[int]string{1: "a12", 6: "k12", 67: "b1", 72: "l1", 43: "b5"}, "43-37", "b5-a6",
			"W:W72:B1", "w l1:w,a12:b"},
	} {
		t.Run(c.game, func(t *testing.T) {
			g := gametest.Open(t, c.game)
			for n, want := range c.squares {
				sq, ok := g.Board.NumberedSquare(n)
				if !ok || g.Board.SquareName(sq) != want {
					t.Errorf("square %d is %s, want %s", n, g.Board.SquareName(sq), want)
				}
			}
			start := g.Start()
			m, err := g.ParseMove(&start, c.move)
			if err != nil || g.MoveString(m) != c.named {
				t.Errorf("%s: %s %v, want %s", c.move, g.MoveString(m), err, c.named)
			}
			p, err := records.ParseFEN(g, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			want, err := g.ParsePosition(c.pos)
			if err != nil {
				t.Fatal(err)
			}
			if p != want {
				t.Errorf("FEN %s is %s, want %s", c.fen, g.FormatPosition(&p), c.pos)
			}
			back, err := records.FEN(g, &p)
			if err != nil || back != c.fen {
				t.Errorf("%s writes as FEN %s (%v), want %s", c.pos, back, err, c.fen)
			}
		})
	}
}

// Spanish and Portuguese draughts are one game, with two PDN game types: a
// record of either is read as the spanish rule file, which writes 24; a
// record of another game is refused.
func TestPortugueseRecordsReadAsSpanish(t *testing.T) {
	g := gametest.Open(t, "spanish")
	for _, c := range []struct {
		gameType string
		ok       bool
	}{{"24", true}, {"28", true}, {"28,W,8,8,N1,1", true}, {"22", false}, {"20", false}} {
		text := `[GameType "` + c.gameType + `"]` + "\n\n1. 9-13 22-18 2. 13x22 *\n"
		_, h, err := records.ReadPDN(g, strings.NewReader(text))
		if (err == nil) != c.ok {
			t.Errorf("[GameType %q]: error %v, want ok %v", c.gameType, err, c.ok)
			continue
		}
		if c.ok {
			p := h.Position()
			if got, want := g.FormatPosition(&p), "b"; !strings.HasPrefix(got, want) || h.Len() != 3 {
				t.Errorf("[GameType %q]: %d plies, %s", c.gameType, h.Len(), got)
			}
		}
	}
	var buf bytes.Buffer
	if err := records.WritePDN(g, &buf, g.NewHistory(g.Start()), nil, ""); err != nil || !strings.Contains(buf.String(), `[GameType "24"]`) {
		t.Errorf("spanish writes %q (%v), want GameType 24", buf.String(), err)
	}
}
