package ai

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func TestRecordStats(t *testing.T) {
	for _, c := range []struct {
		r                 Record
		score, lo, hi     float64
		elo, eloLo, eloHi float64
	}{
		// no games: no information
		{Record{}, 0.5, 0, 1, 0, -MaxElo, MaxElo},
		// 6-2-2: s = 0.7, per-game variance (6·0.09 + 2·0.04 + 2·0.49)/10 = 0.16,
		// half-width 1.96·sqrt(0.016) = 0.2479; Elo -400·log10(3/7) = 147.19
		{Record{Wins: 6, Draws: 2, Losses: 2}, 0.7, 0.4520819870781754, 0.9479180129218245,
			147.19071411783776, -33.39935000168885, 504.03329224498987},
		// all wins: zero variance; Elo clamped
		{Record{Wins: 10}, 1, 1, 1, MaxElo, MaxElo, MaxElo},
		{Record{Losses: 3}, 0, 0, 0, -MaxElo, -MaxElo, -MaxElo},
		// 1-0-1: s = 0.5, half-width 1.96·sqrt(0.25/2) = 0.693, clamped to [0,1]
		{Record{Wins: 1, Losses: 1}, 0.5, 0, 1, 0, -MaxElo, MaxElo},
		{Record{Draws: 4}, 0.5, 0.5, 0.5, 0, 0, 0},
	} {
		lo, hi := c.r.ScoreInterval()
		elo1, elo2 := c.r.EloInterval()
		if !near(c.r.Score(), c.score) || !near(lo, c.lo) || !near(hi, c.hi) ||
			!near(c.r.Elo(), c.elo) || !near(elo1, c.eloLo) || !near(elo2, c.eloHi) {
			t.Errorf("%+v: score %v [%v, %v] elo %v [%v, %v], want %v [%v, %v] elo %v [%v, %v]",
				c.r, c.r.Score(), lo, hi, c.r.Elo(), elo1, elo2, c.score, c.lo, c.hi, c.elo, c.eloLo, c.eloHi)
		}
	}
	for _, c := range []struct{ s, elo float64 }{
		{0.5, 0}, {0.75, 190.848501887865}, {0.25, -190.848501887865}, {0.9, 381.69700377572985},
		{0.999, MaxElo}, {1, MaxElo}, {0, -MaxElo}, {-0.1, -MaxElo}, {math.NaN(), 0},
	} {
		if got := EloFromScore(c.s); !near(got, c.elo) {
			t.Errorf("EloFromScore(%v) = %v, want %v", c.s, got, c.elo)
		}
	}
	want := "+6 =2 -2 (10 games): score 0.700 [0.452, 0.948], Elo +147 [-33, +504]"
	if got := (Record{6, 2, 2}).String(); got != want {
		t.Errorf("String:\n got %s\nwant %s", got, want)
	}
}
