package ai

import (
	"math"
	"testing"
)

// The Wilson interval says something for small samples: never a point, it
// contains the score, and narrows as games accumulate.
func TestWilsonInterval(t *testing.T) {
	for _, c := range []struct {
		r      Record
		lo, hi float64
	}{
		{Record{Wins: 5}, 0.5655, 1},
		{Record{Losses: 5}, 0, 0.4345},
		{Record{Wins: 1}, 0.2065, 1},
		{Record{Wins: 10, Losses: 10}, 0.2993, 0.7007},
		{Record{}, 0, 1},
	} {
		lo, hi := c.r.WilsonInterval()
		if math.Abs(lo-c.lo) > 0.001 || math.Abs(hi-c.hi) > 0.001 {
			t.Errorf("%+v: [%.4f, %.4f], want [%.4f, %.4f]", c.r, lo, hi, c.lo, c.hi)
		}
		if s := c.r.Score(); c.r.Games() > 0 && (s < lo || s > hi || hi-lo < 0.1) {
			t.Errorf("%+v: score %.3f, interval [%.3f, %.3f]", c.r, s, lo, hi)
		}
	}
	a, b := Record{Wins: 6, Draws: 2, Losses: 2}, Record{Wins: 60, Draws: 20, Losses: 20}
	alo, ahi := a.WilsonInterval()
	blo, bhi := b.WilsonInterval()
	if bhi-blo >= ahi-alo {
		t.Errorf("100 games [%.3f, %.3f] no narrower than 10 [%.3f, %.3f]", blo, bhi, alo, ahi)
	}
	lo, hi := Record{Wins: 5}.EloWilson()
	if !math.IsInf(hi, 1) || lo < 40 || lo > 60 {
		t.Errorf("5-0 Elo [%v, %v], want about +46 to +Inf", lo, hi)
	}
}
