package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A match of Ludo for places counts A's place in each game as a fraction
// of a win: 1, 2/3, 1/3, 0 with four players.
func TestMatchPlaces(t *testing.T) {
	code, out, errw := runCLI(t, "match", "ludo-ranked", "-a", "greedy", "-b", "random", "-n", "8", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errw)
	}
	var sum matchSummary
	if err := json.Unmarshal([]byte(out), &sum); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(sum.APlaces) != 4 {
		t.Fatalf("a_places %v, want A's count of each of 4 places", sum.APlaces)
	}
	games, points := 0, 0.0
	for k, n := range sum.APlaces {
		games += n
		points += float64(n) * float64(3-k) / 3
	}
	if games != sum.Games || math.Abs(points/float64(games)-sum.Score) > 1e-9 {
		t.Errorf("places %v over %d games: score %v, want %v", sum.APlaces, sum.Games, sum.Score, points/float64(games))
	}
	if sum.AWins != sum.APlaces[0] {
		t.Errorf("A won %d, but took 1st place %d times", sum.AWins, sum.APlaces[0])
	}
	bySeat := 0
	for _, st := range sum.Seats {
		for _, n := range st.APlaces {
			bySeat += n
		}
	}
	if bySeat != sum.Games {
		t.Errorf("A's places by seat add up to %d, not %d games", bySeat, sum.Games)
	}
	_, text, _ := runCLI(t, "match", "ludo-ranked", "-a", "greedy", "-b", "random", "-n", "4")
	if !strings.Contains(text, "A's places: 1st ") || !strings.Contains(text, "(places 1st ") {
		t.Errorf("match text without A's places:\n%s", text)
	}
}

// A game of Ludo for places played at the terminal ends with the places;
// the record keeps them, replay and resume read them back.
func TestPlayPlaces(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "game.txt")
	args := []string{"play", "ludo-ranked", "--seat", "red=human", "--seat", "green=random", "--seat", "yellow=random", "--seat", "blue=random",
		"--seed", "3", "--ascii", "--position", "r f8:r,h10:g,j8:y,c4:bbbb roll:21", "--record", rec}
	var out, errw strings.Builder
	if code := run(append([]string{"stackrules"}, args...), strings.NewReader("55/off\n"), &out, &errw); code != 0 {
		t.Fatalf("exit %d: %s", code, errw.String())
	}
	if !strings.Contains(out.String(), "Game over: red 1st, ") || !strings.Contains(out.String(), " 4th: brought all four pieces home. Result 1st-") {
		t.Fatalf("no places at the end:\n%s", out.String())
	}
	// The board's panel shows each place by the player's name, and the
	// places at the end wrapped beside the board within 80 columns.
	if !strings.Contains(out.String(), " r red 1st (you)") {
		t.Errorf("no place by red's name:\n%s", out.String())
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if len([]rune(line)) > 80 && !strings.HasPrefix(line, "Game over: ") {
			t.Errorf("line wider than 80 columns: %q", line)
		}
	}
	data, _ := os.ReadFile(rec)
	if !strings.Contains(string(data), `[Result "1st-`) {
		t.Fatalf("record:\n%s", data)
	}
	code, text, errs := runCLI(t, "replay", rec, "--ascii")
	if code != 0 || !strings.Contains(text, "Result: 1st-") || !strings.Contains(text, ", red 1st, ") {
		t.Errorf("replay: exit %d\n%s\n%s", code, text, errs)
	}
	code, text, errs = runCLI(t, "play", "--resume", rec)
	if code != 0 || !strings.Contains(text, "This game is over: 1st-") {
		t.Errorf("resume: exit %d\n%s\n%s", code, text, errs)
	}
}

// A game for places stopped after a player has taken one and resumed: the
// places come back with the moves (red, 1st, is out of the turn order).
func TestResumePlaces(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "game.txt")
	args := []string{"play", "ludo-ranked", "--seat", "red=human", "--seat", "green=human", "--seat", "yellow=random", "--seat", "blue=random",
		"--seed", "3", "--ascii", "--position", "r f8:r,h10:g,j8:y,c4:bbbb roll:21", "--record", rec}
	if code := runWithInput(t, "55/off\n", args...); code != 0 {
		t.Fatalf("first session: exit %d", code)
	}
	data, _ := os.ReadFile(rec)
	if !strings.Contains(string(data), "1. 55/off 2. ") || !strings.Contains(string(data), `[Result "*"]`) {
		t.Fatalf("record after the first session:\n%s", data)
	}
	var out, errw strings.Builder
	if code := run([]string{"stackrules", "play", "--resume", rec}, strings.NewReader("position\nquit\n"), &out, &errw); code != 0 {
		t.Fatalf("resumed: exit %d: %s", code, errw.String())
	}
	if !strings.Contains(out.String(), "g c4:bbbb,j8:y,h10:g place:r1,g0,y0,b0 roll:") {
		t.Errorf("resumed position without red's place:\n%s", out.String())
	}
}
