package main

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
)

// matchProgress reports a match as it goes: a line when it starts, saying
// how to stop it, then a line per game with the running score, the Elo
// estimate with its interval, and the time left.
type matchProgress struct {
	w     io.Writer
	n     int
	start time.Time
	clear bool // the writer is a terminal: clear the line first
}

func newMatchProgress(w io.Writer, n int) *matchProgress {
	return &matchProgress{w: w, n: n, start: time.Now(), clear: isTerminal(w)}
}

func (mp *matchProgress) begin(game, a, b string) {
	fmt.Fprintf(mp.w, "%s: %d %s, A = %s against B = %s. Ctrl-C stops and prints the summary so far.\n",
		game, mp.n, plural(mp.n, "game"), a, b)
}

// game reports game i (from 0): who won it (-1 draw, 0 A, 1 B), as which
// side A played, its plies, and the score after it.
func (mp *matchProgress) game(i, winner int, aSide string, plies int, rec ai.Record) {
	result := "drawn"
	switch winner {
	case 0:
		result = "A won"
	case 1:
		result = "B won"
	}
	done := i + 1
	elapsed := time.Since(mp.start)
	eta := ""
	if done < mp.n {
		left := time.Duration(float64(elapsed) / float64(done) * float64(mp.n-done))
		eta = ", about " + shortDuration(left) + " to go"
	}
	fmt.Fprintf(mp.w, "game %*d/%d: %s (A %s), %d plies; A +%d =%d -%d, %s%s\n",
		len(fmt.Sprint(mp.n)), done, mp.n, result, aSide, plies, rec.Wins, rec.Draws, rec.Losses, scoreText(rec), eta)
}

// scoreText is the score with its 95% Wilson interval and the Elo
// difference it implies: "score 80% (38% to 96%), Elo +241 (-85 to +552)".
func scoreText(rec ai.Record) string {
	lo, hi := rec.WilsonInterval()
	elo1, elo2 := rec.EloWilson()
	return fmt.Sprintf("score %.0f%% (%.0f%% to %.0f%%), Elo %s (%s to %s)",
		100*rec.Score(), 100*lo, 100*hi, eloText(ai.EloFromScore(rec.Score())), eloText(elo1), eloText(elo2))
}

// summaryScoreText is the match summary's score and Elo lines; with no
// finished game there is no score to give (not 50%).
func summaryScoreText(sum matchSummary) string {
	if sum.Games == 0 {
		return "no finished games: no score\n"
	}
	return fmt.Sprintf("score %.1f%% (95%% Wilson interval %.1f%% to %.1f%%)\nElo difference %s (%s to %s)\n",
		100*sum.Score, 100*sum.ScoreLo, 100*sum.ScoreHi, eloText(sum.Elo), eloText(sum.EloLo), eloText(sum.EloHi))
}

func eloText(e float64) string {
	switch {
	case math.IsInf(e, 1) || e >= ai.MaxElo:
		return "+∞"
	case math.IsInf(e, -1) || e <= -ai.MaxElo:
		return "-∞"
	}
	if math.Abs(e) < 0.5 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", e)
}

// shortDuration writes a duration for people: 45s, 4m10s, 1h05m.
func shortDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%.0fs", d.Seconds())
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}

// gameWinner says who won a match game: 0 A, 1 B, -1 a draw.
func gameWinner(o interpreter.Outcome, seatA int) int {
	switch {
	case !o.Over || o.Winner < 0:
		return -1
	case o.Winner == seatA:
		return 0
	}
	return 1
}

// pliesText says a number of plies: "1 ply", "3 plies".
func pliesText(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
