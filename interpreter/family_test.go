package interpreter_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The draughts family of issue 10: International, Russian and Turkish
// draughts, and the rule-file keys they need.

// A man takes four men round a square, clockwise or anticlockwise: the
// same pieces by two routes, one move under --dedup.
func TestPerftDedupMergesRoutes(t *testing.T) {
	g := open(t, "international")
	p, err := g.ParsePosition("w c3:w,d2:b,d4:b,f2:b,f4:b,j10:b")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sortedMoves(g, &p), " "); got != "c3xe1xg3xe5xc3 c3xe5xg3xe1xc3" {
		t.Fatalf("moves %s", got)
	}
	if n := g.Perft(&p, 1); n != 2 {
		t.Errorf("perft(1) = %d, want 2", n)
	}
	if n := g.PerftWith(&p, 1, interpreter.PerftOptions{Dedup: true}); n != 1 {
		t.Errorf("perft --dedup (1) = %d, want 1", n)
	}
	div := g.DivideWith(&p, 2, interpreter.PerftOptions{Dedup: true})
	if len(div) != 1 {
		t.Errorf("divide --dedup: %v, want one root move", div)
	}
	// Two captures of different pieces between the same squares stay apart.
	p, err = g.ParsePosition("w a1:W,c3:b,g3:b,e7:b,c7:b,j10:b")
	if err != nil {
		t.Fatal(err)
	}
	all, dedup := g.Perft(&p, 1), g.PerftWith(&p, 1, interpreter.PerftOptions{Dedup: true})
	if all == 0 || dedup != all {
		t.Errorf("%s: perft(1) = %d, --dedup %d: captures of different pieces merged (%v)", g.FormatPosition(&p), all, dedup, sortedMoves(g, &p))
	}
}

// playQuiet plays plies moves from h's position that capture nothing and
// let nothing be captured, never meeting a position a third time; at the plies listed
// in manAt it moves a man instead of a king. It stops when the game ends.
func playQuiet(t *testing.T, g *interpreter.Game, h *interpreter.History, plies int, manAt map[int]bool) {
	t.Helper()
	seen := map[uint64]int{}
	for h.Len() < plies && !h.Outcome().Over {
		pos := h.Position()
		seen[pos.Hash]++
		played := false
		for _, m := range g.LegalMoves(&pos, nil) {
			king := g.Board.TopKind(pos.Cells[m.From]) == 1
			if m.Kind == board.Capture || king == manAt[h.Len()] {
				continue
			}
			if err := h.Play(m); err != nil {
				t.Fatal(err)
			}
			next := h.Position()
			captures := seen[next.Hash] >= 2
			for _, r := range g.LegalMoves(&next, nil) {
				captures = captures || r.Kind == board.Capture
			}
			// Nor may the mover threaten a capture, which its opponent
			// could not always parry with a quiet move.
			threat := next
			threat.SetToMove(int(pos.ToMove))
			for _, r := range g.LegalMoves(&threat, nil) {
				captures = captures || r.Kind == board.Capture
			}
			if !captures {
				played = true
				break
			}
			h.Undo()
		}
		if !played {
			t.Fatalf("no quiet move at ply %d from %s", h.Len(), g.FormatPosition(&pos))
		}
	}
}

// The king-move draw rules: draw: progress lists what resets the count, here
// a capture or any move of a man.
func TestKingMoveDrawRules(t *testing.T) {
	cases := []struct {
		game, pos string
		plies     int // the rule's limit
		manAt     int // a man moves at this ply (-1: never)
		want      int // the ply the draw comes at
	}{
		{"international", "w a1:W,c1:W,f10:B,b10:b", 50, -1, 50},
		{"international", "w a1:W,c1:W,f10:B,b10:b", 50, 31, 82},
		{"russian", "w a1:W,c1:W,d8:B,b8:b", 30, -1, 30},
		{"russian", "w a1:W,c1:W,d8:B,b8:b", 30, 7, 38},
	}
	for _, c := range cases {
		t.Run(c.game, func(t *testing.T) {
			g := open(t, c.game)
			p, err := g.ParsePosition(c.pos)
			if err != nil {
				t.Fatal(err)
			}
			h := g.NewHistory(p)
			playQuiet(t, g, h, c.want+10, map[int]bool{c.manAt: true})
			o := h.Outcome()
			if !o.Over || o.Winner != -1 || h.Len() != c.want || !strings.Contains(o.Reason, "plies") {
				t.Errorf("after %d plies: %+v, want a draw after %d plies", h.Len(), o, c.want)
			}
		})
	}
}

func TestDrawProgressErrors(t *testing.T) {
	src := `name: t
board: {width: 4, height: 4}
players:
  red: {code: r, home: bottom}
  blue: {code: b, home: top}
kinds: [man, king]
setup: {red: row 1, blue: row 4}
moves:
  step: {directions: forward}
draw:
  quiet_plies: 10
  progress: [capture, kings]
`
	_, err := interpreter.Load("t.yaml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "t.yaml:12:23") || !strings.Contains(err.Error(), `"kings"`) || !strings.Contains(err.Error(), "king") {
		t.Errorf("got %v, want an error at t.yaml:12:23 naming \"kings\" and suggesting king", err)
	}
}

// Pieces captured are counted as moves are applied, and a position string
// gives back the same position: cells, counts and hash. A game with both
// captures and bear-offs writes both counts after the cells.
func TestCapturedAndBorneOffCounts(t *testing.T) {
	race, err := interpreter.Open("../examples/checkers-race.yaml")
	if err != nil {
		t.Fatal(err)
	}
	games := []*interpreter.Game{open(t, "english-checkers"), open(t, "lasca"), open(t, "international"), open(t, "nine-mens-morris"), race}
	bothCounts := 0
	for _, g := range games {
		for _, p := range randomPositions(t, g, 1500, 5) {
			s := g.FormatPosition(&p)
			q, err := g.ParsePosition(s)
			if err != nil {
				t.Fatalf("%s: %v", g.Name, err)
			}
			if q != p {
				t.Fatalf("%s: %s reads back as another position:\napplied %+v %+v %+v\nparsed  %+v %+v %+v",
					g.Name, s, p.Off, p.Captured, p.Hash, q.Off, q.Captured, q.Hash)
			}
			for i := range g.Players {
				if int(p.OnBoard[i]+p.Hand[i]+p.Off[i]+p.Captured[i]) != g.Initial(i) {
					t.Fatalf("%s: %s: %s's pieces do not add up", g.Name, s, g.Players[i].Name)
				}
			}
			if strings.Contains(s, " off:") && strings.Contains(s, " captured:") {
				bothCounts++
			}
		}
	}
	if bothCounts < 50 {
		t.Errorf("only %d positions of checkers-race carry both counts", bothCounts)
	}
	for _, c := range []struct {
		g         *interpreter.Game
		pos, want string
	}{
		{race, "r c3:r,h8:b off:r2,b0 captured:r3,b1", "red has 1 pieces on the board, 2 borne off and 3 captured: 6 in all, but starts with 12"},
		{race, "r c3:r,h8:b off:r12,b0", "red has 1 pieces on the board, 12 borne off"},
		{race, "r c3:r,h8:b hand:r1,b0", `"hand:r1,b0" is not a count field of this game`},
		{open(t, "english-checkers"), "b c3:b,h8:w off:b1,w0", "is not a count field of this game (it has none)"},
	} {
		if _, err := c.g.ParsePosition(c.pos); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: got %v, want an error saying %q", c.g.Name, c.pos, err, c.want)
		}
	}
}
