package session

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
)

func TestSettleRollsTheSameDiceFromTheSameSeed(t *testing.T) {
	g := open(t, "backgammon")
	var got [2]string
	for i := range got {
		s, err := New(g, "backgammon", seats(t, "human", "human"), g.Start())
		if err != nil {
			t.Fatal(err)
		}
		if !s.AtChance() {
			t.Fatal("a backgammon game starts with the opening roll")
		}
		s.SetDiceSeed(7)
		rolled := s.Settle()
		if len(rolled) != 1 || rolled[0].Kind != board.Roll || s.AtChance() {
			t.Fatalf("Settle should roll the opening roll once: %v", rolled)
		}
		got[i] = g.MoveString(rolled[0])
		if ms := s.Legal(); len(ms) == 0 || ms[0].Kind == board.Roll {
			t.Fatalf("after the roll a player chooses: %v", ms)
		}
	}
	if got[0] != got[1] {
		t.Fatalf("seed 7 rolled %s then %s", got[0], got[1])
	}
}

func TestRollTakesTypedDice(t *testing.T) {
	g := open(t, "backgammon")
	s, err := New(g, "backgammon", seats(t, "human", "human"), g.Start())
	if err != nil {
		t.Fatal(err)
	}
	s.ManualDice = true
	if n := len(s.Settle()); n != 0 || !s.AtChance() {
		t.Fatalf("manual dice: Settle rolled %d", n)
	}
	for text, want := range map[string]string{
		"66":    "the opening roll is rolled again on equal dice",
		"7-1":   "each die shows 1 to 6",
		"six":   "write the dice as digits",
		"6-5-4": "write the roll as 2 dice",
	} {
		if _, err := s.Roll(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("roll %q: %v, want %q", text, err, want)
		}
	}
	if m, err := s.Roll("5 6"); err != nil || g.MoveString(m) != "5-6" || s.ToMove() != 1 {
		t.Fatalf("opening 5 6: %v %v, black (the 6) should start", m, err)
	}
	if _, err := s.Play("24/13"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Roll("3-1"); err != nil || s.Position().Dice != [2]uint8{3, 1} {
		t.Fatalf("roll 3-1: %v, dice %v", err, s.Position().Dice)
	}
	if _, err := s.Roll("31"); err == nil {
		t.Fatal("a roll when the dice are rolled already")
	}
	// Undo takes back white's play, not its roll.
	if _, err := s.Play("8/5 6/5"); err != nil {
		t.Fatal(err)
	}
	if n := s.Undo(); n != 1 || s.Position().Dice != [2]uint8{3, 1} {
		t.Fatalf("undo took back %d, dice %v", n, s.Position().Dice)
	}
}
