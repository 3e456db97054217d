package session

import (
	"context"
	"errors"
	"os"
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

func seats(t *testing.T, specs ...string) []Seat {
	t.Helper()
	var out []Seat
	for _, s := range specs {
		st, err := ParseSeat(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, st)
	}
	return out
}

func TestPlayExplainsIllegalMoves(t *testing.T) {
	g := open(t, "liger")
	s, err := New(g, "liger", seats(t, "human", "human"), g.Start())
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Play("c3-b2")
	var ill *IllegalMove
	if !errors.As(err, &ill) || ill.Explanation.Legal || !strings.Contains(err.Error(), "c3-b2") {
		t.Fatalf("c3-b2 should be refused with an explanation, got %v", err)
	}
	if _, err := s.Play("c3-d4"); err != nil {
		t.Fatal(err)
	}
	if s.ToMove() != 1 || s.History().Len() != 1 {
		t.Fatal("c3-d4 was not played")
	}
	if _, err := New(g, "liger", seats(t, "human"), g.Start()); err == nil {
		t.Fatal("one seat for a two-player game was accepted")
	}
	if _, err := ParseSeat("mcts:nonsense"); err == nil {
		t.Fatal("a bad AI spec was accepted")
	}
}

func TestUndoReturnsToTheHumanAndResignationIsKept(t *testing.T) {
	g := open(t, "english-checkers")
	s, _ := New(g, "english-checkers", seats(t, "human", "random"), g.Start())
	if _, err := s.Play(g.MoveString(s.Legal()[0])); err != nil {
		t.Fatal(err)
	}
	if !s.AIToMove() {
		t.Fatal("the AI should be to move")
	}
	th, err := s.Thinker(1)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := th.Choose(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PlayMove(m); err != nil {
		t.Fatal(err)
	}
	if n := s.Undo(); n != 2 || s.History().Len() != 0 || !s.Seats[s.ToMove()].Human {
		t.Fatalf("undo took back %d moves, want both, back to the human", n)
	}
	s.Play(g.MoveString(s.Legal()[0]))
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	o := s.Outcome()
	if !o.Over || o.Winner != 1 || o.Reason != g.Players[0].Name+" resigned" {
		t.Fatalf("outcome after resigning: %+v", o)
	}
	if _, err := s.Play("a3-b4"); !errors.Is(err, ErrOver) {
		t.Fatalf("a move after the resignation: %v", err)
	}
	// The record carries the resignation, and a session read back from it
	// has the same moves, seats and result.
	r := s.Record()
	back, err := FromRecord(r, func(string) (*interpreter.Game, error) { return g, nil })
	if err != nil {
		t.Fatal(err)
	}
	if back.History().Len() != 1 || back.Seats[1].String() != "random" || !back.Outcome().Over || back.Outcome().Winner != 1 {
		t.Fatalf("read back: %d moves, seats %v, outcome %+v", back.History().Len(), back.Seats, back.Outcome())
	}
	if back.Undo(); back.Outcome().Over {
		t.Fatal("undo should take back the resignation first")
	}
}

// A rule file whose expression fails at run time stops the game with the
// error, where a front end can show it; nothing panics.
func TestARuntimeErrorInTheRulesStopsTheGame(t *testing.T) {
	data, _ := os.ReadFile("../variants/liger.yaml")
	text := strings.Replace(string(data), "when: lifted == 1 || bottom == opponent", "when: lifted % (height - height) == 1", 1)
	if text == string(data) {
		t.Fatal("liger.yaml changed: the forward rule is not where the test expects it")
	}
	g, err := interpreter.Load("bad-liger.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, _ := New(g, "bad-liger.yaml", seats(t, "human", "random"), g.Start())
	o := s.Outcome()
	if !o.Over || !strings.Contains(o.Reason, "divide by zero") || s.Failed() == nil {
		t.Fatalf("outcome %+v, failed %v", o, s.Failed())
	}
	if len(s.Legal()) != 0 {
		t.Fatal("a stopped game offers moves")
	}
	if _, err := s.Play("c3-d4"); err == nil {
		t.Fatal("a move was played in a stopped game")
	}
}

// With three or four players a resignation does not say who wins, so it is
// refused (the game stays on and can be saved); with two the other wins.
func TestResignNeedsTwoPlayers(t *testing.T) {
	g := open(t, "ludo")
	four, err := g.WithPlayers(4)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(four, "ludo", seats(t, "human", "human", "human", "human"), four.Start())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Resign(0); !errors.Is(err, ErrResignMany) {
		t.Fatalf("Resign in a game of four = %v, want ErrResignMany", err)
	}
	if o := s.Outcome(); o.Over {
		t.Fatalf("the refused resignation ended the game: %+v", o)
	}
	two, err := g.WithPlayers(2)
	if err != nil {
		t.Fatal(err)
	}
	s, err = New(two, "ludo", seats(t, "human", "human"), two.Start())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); !o.Over || o.Winner != 1 {
		t.Fatalf("after the first of two resigned: %+v, want the other to win", o)
	}
}

// A refused move is said in the rule file's words (its reasons:), as the
// web board shows it; the explanation keeps the terms and their values.
func TestRefusalsInTheRuleFilesWords(t *testing.T) {
	for _, c := range []struct{ game, pos, move, want, terms string }{
		{"backgammon", "w g1:w,m2:w,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb roll:65", "13/7 13/8",
			"13/7 13/8: not a legal move: 13/7 with the 6: a checker on the bar must enter first",
			"step == 0 || rearmost(me) > 0 is false (12 == 0 || 0 > 0)"},
		{"liger", "r d4:br,c3:b,e3:b,h6:b", "d4-c3",
			"d4-c3 is not legal: only a singleton moves backward, never a stack or the top of one",
			"height == 1 is false (2 == 1)"},
	} {
		g := open(t, c.game)
		start, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		n := len(g.Players)
		specs := make([]string, n)
		for i := range specs {
			specs[i] = "human"
		}
		s, err := New(g, c.game, seats(t, specs...), start)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Play(c.move)
		var ill *IllegalMove
		if !errors.As(err, &ill) || err.Error() != c.want {
			t.Errorf("%s %s: %v, want %q", c.game, c.move, err, c.want)
			continue
		}
		if full := ill.Explanation.String(); !strings.Contains(full, c.terms) {
			t.Errorf("%s %s: the explanation %q does not show %q", c.game, c.move, full, c.terms)
		}
	}
}

// The rule file's `search: keep_lost` and `playout: plies` are the AI's
// unless the spec sets its own; keeplost=0 turns keep_lost off.
func TestGameSpecTakesTheRuleFilesSettings(t *testing.T) {
	data, _ := os.ReadFile("../variants/liger.yaml")
	text := strings.Replace(string(data), "\nplayout:", "\nsearch:\n  keep_lost: true\nplayout:", 1)
	if text == string(data) {
		t.Fatal("liger.yaml changed: it has no playout section where the test expects it")
	}
	g, err := interpreter.Load("liger-keep-lost.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	plies := g.PlayoutPlies()
	if plies == 0 {
		t.Fatal("liger.yaml has no playout: plies")
	}
	for in, want := range map[string]struct{ keep, plies int }{
		"mcts:iterations=9":                       {1, plies},
		"mcts:iterations=9,keeplost=0,playout=33": {-1, 33},
		"mcts:iterations=9,keeplost=1":            {1, plies},
		"mcts:iterations=9,keeplost=1,classic=1":  {1, plies}, // classic=1 drops it in Config
	} {
		st, err := ParseSeat(in)
		if err != nil {
			t.Fatal(err)
		}
		sp := GameSpec(g, st.Spec)
		if sp.KeepLost != want.keep || sp.PlayoutCap != want.plies || sp.Config(1).KeepLost != (want.keep > 0 && !sp.Classic) {
			t.Errorf("%s: keep_lost %d, playout %d, want %d, %d", in, sp.KeepLost, sp.PlayoutCap, want.keep, want.plies)
		}
	}
	plain := open(t, "liger")
	if sp := GameSpec(plain, ai.Spec{Kind: ai.KindMCTS, Iterations: 9}); sp.KeepLost != 0 {
		t.Errorf("liger without search: keep_lost %d", sp.KeepLost)
	}
}

// The compiled Game is shared by every game played with its rule file (the
// web board keeps one per file): a runtime error in one game's AI search
// stops that game only, never another game of the same Game.
func TestOneGamesRuleErrorLeavesTheOthersPlaying(t *testing.T) {
	data, err := os.ReadFile("../variants/liger.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// fails only for a stack of three on the square moved from
	src := strings.Replace(string(data), "when: lifted == 1 || bottom == opponent",
		`when: "(lifted == 1 || bottom == opponent) && 1 % (height - 3) >= 0"`, 1)
	src = strings.Replace(src, "\n    reasons: two checkers move together only as your checker on top of an enemy checker", "", 1)
	g, err := interpreter.Load("liger-fails.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tall, err := g.ParsePosition("b c3:r,f6:rb,e5:b,a7:b")
	if err != nil {
		t.Fatal(err)
	}
	broken, err := New(g, "liger-fails.yaml", seats(t, "human", "mcts:iterations=50"), tall)
	if err != nil {
		t.Fatal(err)
	}
	th, err := broken.Thinker(1)
	if err != nil {
		t.Fatal(err)
	}
	var ee *interpreter.EvalError
	if _, _, err := th.Choose(context.Background()); !errors.As(err, &ee) {
		t.Fatalf("the failing game's AI: %v, want the rule file's runtime error", err)
	}
	// Another game of the same Game, where no stack of three is in reach.
	sound, err := New(g, "liger-fails.yaml", seats(t, "random", "random"), g.Start())
	if err != nil {
		t.Fatal(err)
	}
	for ply := 0; ply < 2; ply++ {
		th, err := sound.Thinker(uint64(ply))
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := th.Choose(context.Background())
		if err != nil {
			t.Fatalf("ply %d: the sound game's AI failed: %v", ply+1, err)
		}
		if err := sound.PlayMove(m); err != nil {
			t.Fatal(err)
		}
	}
}
