package ai

import (
	"errors"
	"math"
	"testing"
)

// logits are the pre-activations of n's outputs for x.
func logits(n *Net, x []float32) []float64 {
	h := make([]float32, n.Hidden)
	out := make([]float32, n.Out)
	n.Forward(x, h, out)
	z := make([]float64, n.Out)
	for k, v := range out {
		z[k] = math.Log(float64(v) / (1 - float64(v)))
	}
	return z
}

func TestAverageNets(t *testing.T) {
	a := NewNet(6, 3, 2, "L", 1)
	b := NewNet(6, 5, 2, "L", 2)
	a.Games, b.Games, a.Game = 100, 50, "toy"
	// outputs away from 0.5, so that averaging logits differs from
	// averaging the outputs themselves
	a.B2[0], b.B2[0], b.B2[1] = 2, -0.5, 1.5
	m, err := AverageNets(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if m.Hidden != 8 || m.In != 6 || m.Out != 2 || m.Games != 150 || m.Seed != 1 || m.Layout != "L" || m.Game != "toy" {
		t.Fatalf("joined net: %d hidden, %d in, %d out, %d games, seed %d, layout %q, game %q", m.Hidden, m.In, m.Out, m.Games, m.Seed, m.Layout, m.Game)
	}
	for _, x := range [][]float32{{0, 0, 0, 0, 0, 0}, {1, 0, 1, 0, 0, 1}, {0.5, 1, 0, 2, 0, 0}} {
		za, zb, zm := logits(a, x), logits(b, x), logits(m, x)
		for k := range zm {
			if want := (za[k] + zb[k]) / 2; math.Abs(zm[k]-want) > 1e-4 {
				t.Errorf("input %v, output %d: logit %.5f, want the mean of %.5f and %.5f", x, k, zm[k], za[k], zb[k])
			}
		}
	}
	// a net averaged with itself rates as it does
	self, err := AverageNets(a, a)
	if err != nil {
		t.Fatal(err)
	}
	x := []float32{1, 1, 0, 0, 1, 0}
	for k, z := range logits(self, x) {
		if want := logits(a, x)[k]; math.Abs(z-want) > 1e-4 {
			t.Errorf("a net averaged with itself: output %d logit %.5f, want %.5f", k, z, want)
		}
	}
	// the inputs are untouched
	if a.Hidden != 3 || len(a.W1) != 18 {
		t.Errorf("AverageNets changed its input: %d hidden", a.Hidden)
	}
}

func TestAverageNetsRefusesOtherGames(t *testing.T) {
	a := NewNet(6, 3, 2, "L", 1)
	for name, b := range map[string]*Net{
		"another layout":  NewNet(6, 3, 2, "M", 1),
		"other inputs":    NewNet(7, 3, 2, "L", 1),
		"other outputs":   NewNet(6, 3, 3, "L", 1),
		"kinds of result": func() *Net { n := NewNet(6, 3, 2, "L", 1); n.Kinds = 2; return n }(),
	} {
		if _, err := AverageNets(a, b); !errors.Is(err, ErrNetLayout) {
			t.Errorf("%s: %v, want an error wrapping ErrNetLayout", name, err)
		}
	}
	if _, err := AverageNets(); err == nil {
		t.Error("no networks: no error")
	}
}
