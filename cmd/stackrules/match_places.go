package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
)

// In a game played for places (end: place:) by more than two, a match
// scores A's place in each game as a fraction of a win, as the AI does:
// (n-place)/(n-1), so 1, 2/3, 1/3 and 0 with four players and 1, 1/2, 0
// with three; a draw is 1/2. Taking 1st place still counts as a win in the
// won/drew/lost counts.

// placeScores gathers A's score in each game of a match for places.
type placeScores struct {
	players int
	scores  []float64
}

// add counts one game; seatA is A's seat.
func (ps *placeScores) add(o interpreter.Outcome, seatA int, sum *matchSummary) {
	score := 0.5
	switch {
	case o.Ranked():
		k := int(o.Places[seatA])
		score = float64(ps.players-k) / float64(ps.players-1)
		if sum.APlaces == nil {
			sum.APlaces = make([]int, ps.players)
		}
		sum.APlaces[k-1]++
		seat := &sum.Seats[seatA]
		if seat.APlaces == nil {
			seat.APlaces = make([]int, ps.players)
		}
		seat.APlaces[k-1]++
	case o.Over && o.Winner == seatA:
		score = 1
	case o.Over && o.Winner >= 0:
		score = 0
	}
	ps.scores = append(ps.scores, score)
}

// summarise sets the match's score, its interval (the normal approximation
// with the per-game scores' variance, as ai.Record's) and Elo from the
// games' scores.
func (ps *placeScores) summarise(sum *matchSummary) {
	n := float64(len(ps.scores))
	if n == 0 {
		return
	}
	mean := 0.0
	for _, s := range ps.scores {
		mean += s
	}
	mean /= n
	v := 0.0
	for _, s := range ps.scores {
		v += (s - mean) * (s - mean)
	}
	half := ai.Z95 * math.Sqrt(v/n/n)
	sum.Score, sum.ScoreLo, sum.ScoreHi = mean, max(0, mean-half), min(1, mean+half)
	sum.Elo = ai.EloFromScore(sum.Score)
	sum.EloLo, sum.EloHi = ai.EloFromScore(sum.ScoreLo), ai.EloFromScore(sum.ScoreHi)
}

// placesText says how often A took each place: "1st 4, 2nd 3, 3rd 2, 4th 1".
func placesText(places []int) string {
	parts := make([]string, len(places))
	for i, n := range places {
		parts[i] = fmt.Sprintf("%s %d", interpreter.Ordinal(i+1), n)
	}
	return strings.Join(parts, ", ")
}
