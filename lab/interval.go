package lab

import (
	"math"
	"sort"

	"github.com/stackrules/stackrules/ai"
)

// Rate is a proportion with its 95% Wilson score interval: k of n games.
type Rate struct {
	Count int     `json:"count"`
	Rate  float64 `json:"rate"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// rate is k of n with its Wilson interval ([0, 1] with no games, rate 0).
func rate(k, n int) Rate {
	r := Rate{Count: k, Lo: 0, Hi: 1}
	if n == 0 {
		return r
	}
	r.Rate = float64(k) / float64(n)
	r.Lo, r.Hi = wilson(r.Rate, float64(n))
	return r
}

// wilson is the 95% Wilson score interval of a proportion p of n.
func wilson(p, n float64) (lo, hi float64) {
	z2 := ai.Z95 * ai.Z95
	den := 1 + z2/n
	center := (p + z2/(2*n)) / den
	half := ai.Z95 / den * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return ends(p, center-half, center+half)
}

// ends clamps an interval of p to [0, 1], with the end at 1 (or 0) exactly
// when p is 1 (or 0), as it is in exact arithmetic.
func ends(p, lo, hi float64) (float64, float64) {
	lo, hi = max(0, lo), min(1, hi)
	if p >= 1 {
		hi = 1
	}
	if p <= 0 {
		lo = 0
	}
	return lo, hi
}

// score is a record's score (a win 1, a draw ½, place k of n (n-k)/(n-1))
// with its 95% interval: Wilson's, as `match` gives, for wins, draws and
// losses; for places the normal approximation with the games' variance.
func (r Record) score(n int) (s, lo, hi float64) {
	if r.Games == 0 {
		return 0.5, 0, 1
	}
	unit := float64(2 * (n - 1))
	g := float64(r.Games)
	s = float64(r.Units) / unit / g
	if r.Places == nil {
		lo, hi = ai.Record{Wins: r.Wins, Draws: r.Draws, Losses: r.Losses}.WilsonInterval()
		lo, hi = ends(s, lo, hi)
		return s, lo, hi
	}
	v := max(0, float64(r.UnitsSq)/unit/unit/g-s*s)
	half := ai.Z95 * math.Sqrt(v/g)
	return s, max(0, s-half), min(1, s+half)
}

// fair is the score a record's player would have if no seat or level had
// an edge: ½ with two players or in a game for places (the places' scores
// average ½), and with more players who win or lose, an even share of the
// decisive games, 1/n, with the draws at ½: (1-d)/n + d/2 for a draw rate d.
func (r Record) fair(n int) float64 {
	if n <= 2 || r.Places != nil {
		return 0.5
	}
	if r.Games == 0 {
		return 1 / float64(n)
	}
	d := float64(r.Draws) / float64(r.Games)
	return (1-d)/float64(n) + d/2
}

// quantile is the q-quantile (nearest rank) of the lengths counted in
// lengths, over n games; 0 with none.
func quantile(lengths map[int]int, n int, q float64) int {
	if n == 0 {
		return 0
	}
	keys := sortedKeys(lengths)
	rank := int(math.Ceil(q * float64(n)))
	rank = max(1, min(n, rank))
	seen := 0
	for _, k := range keys {
		seen += lengths[k]
		if seen >= rank {
			return k
		}
	}
	return keys[len(keys)-1]
}

func sortedKeys(m map[int]int) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}
