package ai

import "math"

// WilsonInterval is the 95% Wilson score interval of the score. Unlike the
// normal approximation it is never a single point for a small sample: 5 wins
// out of 5 gives [0.57, 1], not [1, 1]. Draws count half; taking the score's
// variance as s(1-s) makes the interval a little wider than the draws
// warrant, which errs on the side of saying less. With no games it is [0,1].
func (r Record) WilsonInterval() (lo, hi float64) {
	n := float64(r.Games())
	if n == 0 {
		return 0, 1
	}
	s := r.Score()
	z2 := Z95 * Z95
	den := 1 + z2/n
	center := (s + z2/(2*n)) / den
	half := Z95 / den * math.Sqrt(s*(1-s)/n+z2/(4*n*n))
	return max(0, center-half), min(1, center+half)
}

// EloWilson maps the Wilson interval to Elo differences; an end of the
// interval at 0 or 1 is ∓Inf (no bound), not a clamped number.
func (r Record) EloWilson() (lo, hi float64) {
	a, b := r.WilsonInterval()
	return eloOrInf(a), eloOrInf(b)
}

func eloOrInf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}
