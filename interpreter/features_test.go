package interpreter_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
)

// The value network's inputs (features.go), checked on positions worked out
// by hand: every feature the test names has the value it gives, and every
// other feature is 0.

// encodeAt encodes text (a position string; "" for the start) in g and
// checks the features named in want, and that no other is set.
func encodeAt(t *testing.T, g *interpreter.Game, text string, want map[string]float32) {
	t.Helper()
	p := g.Start()
	if text != "" {
		var err error
		if p, err = g.ParsePosition(text); err != nil {
			t.Fatal(err)
		}
	}
	sp := interpreter.SearchPosition{Position: p}
	names := g.FeatureNames()
	if len(names) != g.Features() {
		t.Fatalf("%d names for %d features", len(names), g.Features())
	}
	x := make([]float32, g.Features()+3)
	for i := range x {
		x[i] = 7 // Encode must overwrite every feature, and no more
	}
	g.Encode(&sp, x)
	for i := g.Features(); i < len(x); i++ {
		if x[i] != 7 {
			t.Fatalf("Encode wrote past its %d features", g.Features())
		}
	}
	seen := map[string]bool{}
	for i, name := range names {
		if seen[name] {
			t.Errorf("feature name %q twice", name)
		}
		seen[name] = true
		w, named := want[name]
		if x[i] != w {
			t.Errorf("%s, %q: feature %d %q = %g, want %g", g.Name, text, i, name, x[i], w)
		}
		if named {
			delete(want, name)
		}
	}
	for name := range want {
		t.Errorf("%s: no feature named %q (names: %s ...)", g.Name, name, strings.Join(names[:min(8, len(names))], "; "))
	}
}

// A grid with stacks (Liger): per square the top three pieces by code and
// the height units; nothing in hand, nothing off.
func TestFeaturesGridStacks(t *testing.T) {
	g := open(t, "liger")
	// red to move; a1 holds a blue piece under two red ones (written bottom
	// to top), c3 a lone blue piece; d4 five pieces.
	encodeAt(t, g, "r a1:brr,c3:b,e5:rrbrb", map[string]float32{
		"to move: red":                  1,
		"a1: piece 1 from the top is r": 1,
		"a1: piece 2 from the top is r": 1,
		"a1: piece 3 from the top is b": 1,
		"a1: height >= 2":               1,
		"a1: height >= 3":               1,
		"c3: piece 1 from the top is b": 1,
		"e5: piece 1 from the top is b": 1,
		"e5: piece 2 from the top is r": 1,
		"e5: piece 3 from the top is b": 1,
		"e5: height >= 2":               1,
		"e5: height >= 3":               1,
		"e5: height >= 4":               1,
		"e5: (height - 4)/4":            0.25,
		// 12 each at the start; Liger's pieces leave by bearing off
		"red: borne off":  7.0 / 12, // 5 red on the board
		"blue: borne off": 8.0 / 12, // 4 blue
	})
}

// A grid with kinds (English checkers): a king is a piece code of its own.
func TestFeaturesGridKinds(t *testing.T) {
	g := open(t, "english-checkers")
	names := g.FeatureNames()
	if !contains(names, "b8: piece 1 from the top is W") {
		t.Fatalf("no feature for a king: %v", names[:20])
	}
	encodeAt(t, g, "w a1:b,b8:W", map[string]float32{
		"to move: white":                1,
		"a1: piece 1 from the top is b": 1,
		"b8: piece 1 from the top is W": 1,
		"black: captured":               11.0 / 12,
		"white: captured":               11.0 / 12,
	})
}

// A graph with pieces in hand (Nine Men's Morris): points of the graph,
// and the pieces each side has still to place.
func TestFeaturesGraphHand(t *testing.T) {
	g := open(t, "nine-mens-morris")
	want := map[string]float32{
		"to move: red":   1,
		"red: in hand":   1,
		"black: in hand": 1,
	}
	encodeAt(t, g, "", want)
	encodeAt(t, g, "b d2:r,g7:b,a1:r hand:r7,b8", map[string]float32{
		"to move: black":                1,
		"d2: piece 1 from the top is r": 1,
		"a1: piece 1 from the top is r": 1,
		"g7: piece 1 from the top is b": 1,
		"red: in hand":                  7.0 / 9,
		"black: in hand":                8.0 / 9,
	})
}

// A track (Backgammon): each player's checkers per step of its own track,
// TD-Gammon's four units, and the dice rolled.
func TestFeaturesTrack(t *testing.T) {
	g := open(t, "backgammon")
	start := map[string]float32{
		"to move: white": 1,
		// white's 24-point (step 1) holds 2, its 13-point (step 12) 5,
		// its 8-point (step 17) 3, its 6-point (step 19) 5
		"white's step 1 (m2): >= 1":       1,
		"white's step 1 (m2): >= 2":       1,
		"white's step 12 (a2): >= 1":      1,
		"white's step 12 (a2): >= 2":      1,
		"white's step 12 (a2): >= 3":      1,
		"white's step 12 (a2): (n - 3)/2": 1,
		"white's step 17 (e1): >= 1":      1,
		"white's step 17 (e1): >= 2":      1,
		"white's step 17 (e1): >= 3":      1,
		"white's step 19 (h1): >= 1":      1,
		"white's step 19 (h1): >= 2":      1,
		"white's step 19 (h1): >= 3":      1,
		"white's step 19 (h1): (n - 3)/2": 1,
		"black's step 1 (m1): >= 1":       1,
		"black's step 1 (m1): >= 2":       1,
		"black's step 12 (a1): >= 1":      1,
		"black's step 12 (a1): >= 2":      1,
		"black's step 12 (a1): >= 3":      1,
		"black's step 12 (a1): (n - 3)/2": 1,
		"black's step 17 (e2): >= 1":      1,
		"black's step 17 (e2): >= 2":      1,
		"black's step 17 (e2): >= 3":      1,
		"black's step 19 (h2): >= 1":      1,
		"black's step 19 (h2): >= 2":      1,
		"black's step 19 (h2): >= 3":      1,
		"black's step 19 (h2): (n - 3)/2": 1,
	}
	encodeAt(t, g, "", start)
	// black to play 6-3, one white checker on the bar, eight borne off, six
	// on white's 1-point (step 24, m1); black: nine on its 24-point... no,
	// its 6-point (step 19, h2), six off
	encodeAt(t, g, "b g1:w,m1:wwwwww,h2:bbbbbbbbb roll:63", map[string]float32{
		"to move: black":                  1,
		"white's step 0 (g1): >= 1":       1,
		"white's step 24 (m1): >= 1":      1,
		"white's step 24 (m1): >= 2":      1,
		"white's step 24 (m1): >= 3":      1,
		"white's step 24 (m1): (n - 3)/2": 1.5,
		"black's step 19 (h2): >= 1":      1,
		"black's step 19 (h2): >= 2":      1,
		"black's step 19 (h2): >= 3":      1,
		"black's step 19 (h2): (n - 3)/2": 3,
		"white: borne off":                8.0 / 15,
		"black: borne off":                6.0 / 15,
		"die 1 shows 6":                   1,
		"die 2 shows 3":                   1,
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Encode allocates nothing: it runs for every position a network rates.
func TestFeaturesAllocateNothing(t *testing.T) {
	g := open(t, "backgammon")
	sp := interpreter.SearchPosition{Position: g.Start()}
	x := make([]float32, g.Features())
	if n := testing.AllocsPerRun(100, func() { g.Encode(&sp, x) }); n != 0 {
		t.Errorf("Encode allocates %g times per call", n)
	}
}
