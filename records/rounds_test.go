package records_test

import (
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
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

// A record of Ludo for four numbers the turns, as the terminal does and as
// two-player dice records always have: each number is followed by one roll
// and its play (it used to put two turns under each number, counting a pair
// of moves per number). The record reads back to the same game and result.
func TestRecordNumbersTurns(t *testing.T) {
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
	body := text[strings.Index(text, "\n\n")+2:]
	numberRE := regexp.MustCompile(`(^|\s)(\d+)\.\s`)
	turns := numberRE.Split(body, -1)[1:]
	for i, turn := range turns {
		rolls := 0
		for _, w := range strings.Fields(turn) {
			if g.IsRollText(w) {
				rolls++
			}
		}
		if rolls != 1 {
			t.Fatalf("number %d is followed by %d rolls: %q", i+1, rolls, turn)
		}
	}
	for i, m := range numberRE.FindAllStringSubmatch(body, -1) {
		if m[2] != strconv.Itoa(i+1) {
			t.Fatalf("the %d-th number is %s.", i+1, m[2])
		}
	}
	rolls := 0
	for _, m := range h.Moves() {
		if m.Kind == board.Roll {
			rolls++
		}
	}
	if len(turns) != rolls {
		t.Fatalf("%d numbers for %d turns", len(turns), rolls)
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
