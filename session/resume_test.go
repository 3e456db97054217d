package session

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/variants"
)

// Undo takes back to the last move a person played and never further; redo
// plays the moves again up to the person's next turn.
func TestUndoToThePersonAndRedo(t *testing.T) {
	g := open(t, "liger")
	s, _ := New(g, "liger", seats(t, "random", "human"), g.Start())
	// The AI (red) moves first: before the person has moved there is
	// nothing to take back.
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
	if s.CanUndo() || s.Undo() != 0 || s.History().Len() != 1 {
		t.Fatalf("undo before the person moved: can %v, %d moves left", s.CanUndo(), s.History().Len())
	}
	if _, err := s.Play(g.MoveString(s.Legal()[0])); err != nil {
		t.Fatal(err)
	}
	ai := s.SeatPlayer(0, 7)
	if ai == nil || s.SeatPlayer(0, 8) != ai || s.SeatPlayer(1, 7) != nil {
		t.Fatal("SeatPlayer should keep the AI of a seat and have none for a person")
	}
	m, _ = ai.Choose(context.Background(), &interpreter.SearchPosition{Position: s.Position()})
	if err := s.PlayMove(m); err != nil {
		t.Fatal(err)
	}
	if n := s.Undo(); n != 2 || s.History().Len() != 1 || !s.Seats[s.ToMove()].Human {
		t.Fatalf("undo took back %d moves, want the AI's and the person's", n)
	}
	if !s.CanRedo() {
		t.Fatal("nothing to redo after an undo")
	}
	played := s.Redo()
	if len(played) != 2 || s.History().Len() != 3 || s.CanRedo() {
		t.Fatalf("redo played %d moves (history %d), want both back", len(played), s.History().Len())
	}
}

// An agreed draw ends the game, is written in the record, and is taken back
// by undo like a resignation.
func TestAgreedDraw(t *testing.T) {
	g := open(t, "english-checkers")
	s, _ := New(g, "english-checkers", seats(t, "human", "human"), g.Start())
	if _, err := s.Play(g.MoveString(s.Legal()[0])); err != nil {
		t.Fatal(err)
	}
	if err := s.AgreeDraw(); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); o != AgreedDraw || !s.EndedByPlayers() {
		t.Fatalf("outcome %+v", o)
	}
	r := s.Record()
	if r.Result != "1/2-1/2" || r.Tag("Termination") != "draw agreed" {
		t.Fatalf("record: result %s, termination %q", r.Result, r.Tag("Termination"))
	}
	if err := s.AgreeDraw(); err == nil {
		t.Fatal("a draw agreed in a finished game")
	}
	if s.Undo(); s.Outcome().Over || s.History().Len() != 1 {
		t.Fatal("undo should take back the agreed draw, and only it")
	}
}

// A game without draws (Liger's rules end every game with a winner) cannot
// be drawn by agreement either; a rule file may say otherwise.
func TestNoAgreedDrawWithoutDraws(t *testing.T) {
	g := open(t, "liger")
	s, _ := New(g, "liger", seats(t, "human", "human"), g.Start())
	err := s.AgreeDraw()
	if !errors.Is(err, ErrNoDraws) || !strings.Contains(err.Error(), "this game has no draws: Liger's rules end every game with a winner") {
		t.Fatalf("AgreeDraw in Liger: %v", err)
	}
	if s.Outcome().Over || s.EndedByPlayers() {
		t.Fatal("the refused draw ended the game")
	}
	data, _ := variants.Source("liger")
	g, err = interpreter.Load("liger-agreed.yaml", []byte(string(data)+"\ndraw: {agreement: true}\n"))
	if err != nil {
		t.Fatal(err)
	}
	s, _ = New(g, "liger-agreed.yaml", seats(t, "human", "human"), g.Start())
	if err := s.AgreeDraw(); err != nil || s.Outcome() != AgreedDraw {
		t.Fatalf("with draw: agreement: true: %v, %+v", err, s.Outcome())
	}
}

// A resumed game keeps its record's other tags and comments, and is
// unchanged until a move is played.
func TestResumeKeepsTheRecord(t *testing.T) {
	g := open(t, "liger")
	text := "[Game \"Liger\"]\n[Event \"club night\"]\n[Variant \"liger\"]\n[Red \"human\"]\n[Blue \"human\"]\n[Date \"2026.01.02\"]\n\n{before} 1. c3-d4 {good} f6-e5 *\n"
	base, err := records.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	h, err := records.Replay(g, base)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Resume(g, "liger", seats(t, "human", "human"), h, base)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Unchanged() || s.Date != "2026.01.02" {
		t.Fatalf("unchanged %v, date %s", s.Unchanged(), s.Date)
	}
	if _, err := s.Play("b2-c3"); err != nil {
		t.Fatal(err)
	}
	r := s.Record()
	if s.Unchanged() || r.Tag("Event") != "club night" || r.Tags[1].Key != "Event" || r.Intro != "{before}" || r.Moves[0].Comment != "{good}" || len(r.Moves) != 3 {
		t.Fatalf("record after a move:\n%s", r)
	}
}
