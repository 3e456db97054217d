package ai

import (
	"math"
	"testing"
)

// The match equity table: symmetric, 50 % at equal scores, growing with the
// lead, and near the published table (Kazaross-XG2) at a few scores.
func TestMatchEquity(t *testing.T) {
	for a := 1; a <= 25; a++ {
		for b := 1; b <= 25; b++ {
			if d := MatchEquity(a, b) + MatchEquity(b, a) - 1; math.Abs(d) > 1e-9 {
				t.Fatalf("ME(%d,%d)+ME(%d,%d) = 1%+g", a, b, b, a, d)
			}
			if b > a && MatchEquity(a, b) <= MatchEquity(a, b-1)-1e-12 {
				t.Fatalf("ME(%d,%d) = %.3f is not above ME(%d,%d) = %.3f", a, b, MatchEquity(a, b), a, b-1, MatchEquity(a, b-1))
			}
		}
	}
	// Kazaross-XG2 (about): 1-away against 2-away in the Crawford game 0.68,
	// 2-away/4-away 0.67, 3-away/5-away 0.66. A table without the cube
	// favours the leader (the trailer's cube is missing): within 0.08.
	for _, c := range []struct {
		a, b int
		want float64
	}{{1, 2, 0.68}, {2, 4, 0.67}, {3, 5, 0.66}, {7, 7, 0.5}} {
		if got := MatchEquity(c.a, c.b); math.Abs(got-c.want) > 0.08 {
			t.Errorf("ME(%d,%d) = %.3f, want about %.2f", c.a, c.b, got, c.want)
		}
	}
}

// Money cube decisions at their textbook points, for games without gammons:
// a win chance of 60 % is no double, 72 % double/take, 80 % double/drop;
// with so many gammons that the cubeless equity is over 1, too good to double.
func TestDecideCubeMoney(t *testing.T) {
	for _, c := range []struct {
		p, gammons   float64
		double, take bool
	}{{0.60, 0, false, true}, {0.72, 0, true, true}, {0.80, 0, true, false}, {0.95, 0.6, false, false}} {
		w := (1 - c.gammons) * c.p
		e := CubeEstimate{Win: []float64{0, w, c.p - w}, Lose: []float64{0, 1 - c.p, 0}}
		d := DecideCube(e, CubeSituation{Value: 1})
		if d.Double != c.double || d.Take != c.take {
			t.Errorf("p=%.2f gammons %.1f: double %v take %v (%+v), want %v %v", c.p, c.gammons, d.Double, d.Take, d, c.double, c.take)
		}
	}
}

// Consistency: over estimates of every kind, money and matches, a position
// the AI drops is one it doubles unless it is too good to double (ND ≥ DP);
// and a double it takes it would not have doubled for a drop.
func TestDecideCubeConsistent(t *testing.T) {
	n := 0
	for p := 0.0; p <= 1.0; p += 0.01 {
		for g := 0.0; g <= 0.5; g += 0.05 {
			e := CubeEstimate{Win: []float64{0, p * (1 - g), p * g}, Lose: []float64{0, (1 - p) * (1 - g), (1 - p) * g}}
			for _, s := range []CubeSituation{{Value: 1}, {Value: 2}, {Value: 1, Length: 7, Me: 2, Them: 4}, {Value: 2, Length: 5, Me: 0, Them: 3}, {Value: 1, Length: 11}} {
				d := DecideCube(e, s)
				if !d.Take && !d.Double && d.DP > d.ND {
					t.Errorf("p=%.2f g=%.2f %+v: drops (%+v) but does not double", p, g, s, d)
				}
				n++
			}
		}
	}
	if n < 1000 {
		t.Fatal(n)
	}
}
