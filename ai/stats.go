package ai

import (
	"fmt"
	"math"
)

// Z95 is the two-sided 95% normal quantile used for the intervals.
const Z95 = 1.959963984540054

// MaxElo bounds Elo estimates: a perfect (or zero) score has an infinite Elo
// difference, which prints and sorts badly, so it is clamped to ±MaxElo.
const MaxElo = 1000.0

// Record is one side's results in a match (say A against B).
type Record struct {
	Wins, Draws, Losses int
}

// Games is the number of games played.
func (r Record) Games() int { return r.Wins + r.Draws + r.Losses }

// Score is the mean points per game (win 1, draw ½); 0.5 with no games, so an
// empty match says "no difference" rather than dividing by zero.
func (r Record) Score() float64 {
	n := r.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(r.Wins) + 0.5*float64(r.Draws)) / float64(n)
}

// ScoreInterval is the 95% confidence interval of the score: the normal
// approximation with the per-game scores' (population) variance, clamped to
// [0,1]. With no games it is [0,1].
func (r Record) ScoreInterval() (lo, hi float64) {
	n := float64(r.Games())
	if n == 0 {
		return 0, 1
	}
	s := r.Score()
	v := (float64(r.Wins)*(1-s)*(1-s) + float64(r.Draws)*(0.5-s)*(0.5-s) + float64(r.Losses)*s*s) / n
	half := Z95 * math.Sqrt(v/n)
	return max(0, s-half), min(1, s+half)
}

// Elo is the rating difference the score implies, clamped to ±MaxElo.
func (r Record) Elo() float64 { return EloFromScore(r.Score()) }

// EloInterval maps the score interval to Elo (clamped to ±MaxElo).
func (r Record) EloInterval() (lo, hi float64) {
	a, b := r.ScoreInterval()
	return EloFromScore(a), EloFromScore(b)
}

// EloFromScore converts an expected score in [0,1] into an Elo difference,
// -400·log10(1/s - 1), clamped to ±MaxElo.
func EloFromScore(s float64) float64 {
	if math.IsNaN(s) {
		return 0
	}
	if s <= 0 {
		return -MaxElo
	}
	if s >= 1 {
		return MaxElo
	}
	return max(-MaxElo, min(MaxElo, -400*math.Log10(1/s-1)))
}

// String summarises the record, e.g.
// "+12 =5 -3 (20 games): score 0.725 [0.594, 0.856], Elo +168 [+66, +311]".
func (r Record) String() string {
	lo, hi := r.ScoreInterval()
	elo := r.Elo()
	elo1, elo2 := r.EloInterval()
	return fmt.Sprintf("+%d =%d -%d (%d games): score %.3f [%.3f, %.3f], Elo %+.0f [%+.0f, %+.0f]",
		r.Wins, r.Draws, r.Losses, r.Games(), r.Score(), lo, hi, elo, elo1, elo2)
}
