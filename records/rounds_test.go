package records_test

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/internal/gametest"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// randomDiceGame plays a dice game at random to its end.
func randomDiceGame(t *testing.T, g *interpreter.Game, seed uint64) *interpreter.History {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	h := g.NewHistory(g.Start())
	for !h.Outcome().Over {
		pos := h.Position()
		var err error
		if g.IsChance(&pos) {
			err = h.Play(g.RandomRoll(&pos, rng))
		} else {
			moves := g.LegalMoves(&pos, nil)
			err = h.Play(moves[rng.IntN(len(moves))])
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// A record of Ludo for four numbers the rounds: each number is followed by
// every player's turn, a roll and its play, once (it used to put two turns
// under each number); once a player has taken a place, a round is the
// turns of those left. The record reads back to the same game and result.
func TestRecordNumbersRounds(t *testing.T) {
	g, err := gametest.Open(t, "ludo-ranked").WithPlayers(4)
	if err != nil {
		t.Fatal(err)
	}
	h := randomDiceGame(t, g, 7)
	rec := records.New(g, h, "ludo-ranked", []string{"random", "random", "random", "random"}, "2026.11.23")
	text := rec.String()
	if !regexp.MustCompile(`\n\[Result "\d(st|nd|rd|th)(-\d(st|nd|rd|th)){3}"\]`).MatchString(text) {
		t.Fatalf("no result of places:\n%s", text)
	}
	// The turns under each number: each a roll, then its play's words.
	body := text[strings.Index(text, "\n\n")+2:]
	rounds := regexp.MustCompile(`(^|\s)\d+\.\s`).Split(body, -1)[1:]
	positions := h.Positions()
	ply := 0
	for i, round := range rounds {
		turns := 0
		for _, w := range strings.Fields(round) {
			if g.IsRollText(w) {
				turns++
			}
		}
		// The players still playing at the round's start, from the position.
		left := 0
		for pl := 0; pl < 4; pl++ {
			if positions[ply].Place[pl] == 0 {
				left++
			}
		}
		if i > 0 && i < len(rounds)-1 && turns != left {
			t.Fatalf("round %d has %d turns with %d players still playing: %q", i+1, turns, left, round)
		}
		ply += 2 * turns
	}
	if len(rounds) < 10 {
		t.Fatalf("%d rounds in a whole game", len(rounds))
	}
	back, err := records.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	h2, err := records.Replay(g, back)
	if err != nil {
		t.Fatal(err)
	}
	if err := records.CheckResult(g, back, h2.Outcome()); err != nil {
		t.Error(err)
	}
	if h2.Position() != h.Position() || back.Result != records.ResultText(g, h.Outcome()) {
		t.Error("the replayed game differs")
	}
	// Written again, it keeps its numbers (a play's words may wrap apart).
	if again := back.String(); strings.Join(strings.Fields(again), " ") != strings.Join(strings.Fields(text), " ") {
		t.Errorf("a parsed record is written back differently:\n%s\nwant\n%s", again, text)
	}
}

// A result of places must give each player a different place, and only in
// a game played for places.
func TestCheckResultPlaces(t *testing.T) {
	ranked, err := gametest.Open(t, "ludo-ranked").WithPlayers(3)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := gametest.Open(t, "ludo").WithPlayers(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g      *interpreter.Game
		result string
		want   string
	}{
		{ranked, "1st-1st-3rd", "give each player a different place"},
		{ranked, "1st-2nd-4th", "give each player a different place"},
		{plain, "2nd-1st-3rd", "not played for places"},
	} {
		r := &records.Record{Result: c.result}
		r.SetTag("Termination", "agreed")
		err := records.CheckResult(c.g, r, interpreter.Outcome{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.result, err, c.want)
		}
	}
	r := &records.Record{Result: "2nd-1st-3rd"}
	r.SetTag("Termination", "agreed")
	if err := records.CheckResult(ranked, r, interpreter.Outcome{}); err != nil {
		t.Errorf("2nd-1st-3rd: %v", err)
	}
}
