package interpreter_test

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The value network's inputs (features.go), checked on positions worked out
// by hand: every feature the test names has the value it gives, and every
// other feature is 0.

// encodeAt encodes text (a position string; "" for the start) in g and
// checks the features named in want, and that no other is set.
func encodeAt(t *testing.T, g *interpreter.Game, text string, wanted map[string]float32) {
	t.Helper()
	want := maps.Clone(wanted)
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
	// written from the view of the player to move: the mover's checkers
	// first, per step of its own track (its bar is step 0, its 24-point
	// step 1, its 1-point step 24), then the other player's on its track
	start := map[string]float32{
		"to move: white": 1,
		// the mover's 24-point (step 1) holds 2, its 13-point (step 12) 5,
		// its 8-point (step 17) 3, its 6-point (step 19) 5; the same for
		// the other player
		"mover's step 1: >= 1":         1,
		"mover's step 1: >= 2":         1,
		"mover's step 12: >= 1":        1,
		"mover's step 12: >= 2":        1,
		"mover's step 12: >= 3":        1,
		"mover's step 12: (n - 3)/2":   1,
		"mover's step 17: >= 1":        1,
		"mover's step 17: >= 2":        1,
		"mover's step 17: >= 3":        1,
		"mover's step 19: >= 1":        1,
		"mover's step 19: >= 2":        1,
		"mover's step 19: >= 3":        1,
		"mover's step 19: (n - 3)/2":   1,
		"mover+1's step 1: >= 1":       1,
		"mover+1's step 1: >= 2":       1,
		"mover+1's step 12: >= 1":      1,
		"mover+1's step 12: >= 2":      1,
		"mover+1's step 12: >= 3":      1,
		"mover+1's step 12: (n - 3)/2": 1,
		"mover+1's step 17: >= 1":      1,
		"mover+1's step 17: >= 2":      1,
		"mover+1's step 17: >= 3":      1,
		"mover+1's step 19: >= 1":      1,
		"mover+1's step 19: >= 2":      1,
		"mover+1's step 19: >= 3":      1,
		"mover+1's step 19: (n - 3)/2": 1,
	}
	encodeAt(t, g, "", start)
	// black to move: the same but for the to-move units
	delete(start, "to move: white")
	start["to move: black"] = 1
	encodeAt(t, g, "b m2:ww,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb", start)
	// black to play 6-3, with nine checkers on its 6-point (h2) and six
	// off; white has one checker on its bar (g1), six on its 1-point (m1)
	// and eight off
	encodeAt(t, g, "b g1:w,m1:wwwwww,h2:bbbbbbbbb roll:63", map[string]float32{
		"to move: black":               1,
		"mover's step 19: >= 1":        1,
		"mover's step 19: >= 2":        1,
		"mover's step 19: >= 3":        1,
		"mover's step 19: (n - 3)/2":   3,
		"mover+1's step 0: >= 1":       1,
		"mover+1's step 24: >= 1":      1,
		"mover+1's step 24: >= 2":      1,
		"mover+1's step 24: >= 3":      1,
		"mover+1's step 24: (n - 3)/2": 1.5,
		"mover: borne off":             6.0 / 15,
		"mover+1: borne off":           8.0 / 15,
		"die 1 shows 6":                1,
		"die 2 shows 3":                1,
	})
	sp := interpreter.SearchPosition{Position: g.Start()}
	sp.ToMove = 1
	if g.Perspective(&sp) != 1 {
		t.Errorf("perspective with black to move: %d, want 1", g.Perspective(&sp))
	}
	if liger := open(t, "liger"); liger.Perspective(&interpreter.SearchPosition{Position: liger.Start()}) != 0 {
		t.Error("a game without tracks is written in turn order")
	}
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

// BenchmarkNetEvaluate is one evaluation by the game's built-in network, or
// where it has none by a new one of the shape `stackrules train` makes (40
// hidden units, K outputs per player): the position encoded, then the
// forward pass. Backgammon's start: 221 features, 35 of them set.
func BenchmarkNetEvaluate(b *testing.B) {
	for _, name := range []string{"backgammon", "english-checkers", "liger", "stackers"} {
		b.Run(name, func(b *testing.B) {
			g := open(b, name)
			net, enc := gameNet(b, g)
			b.Logf("%s: %d hidden units, %d outputs", name, net.Hidden, net.Out)
			e, err := ai.NewNetEval(net, enc, len(g.Players))
			if err != nil {
				b.Fatal(err)
			}
			sp := interpreter.SearchPosition{Position: g.Start()}
			values := make([]float64, len(g.Players))
			b.ReportAllocs()
			for b.Loop() {
				e.Evaluate(&sp, values)
			}
		})
	}
}

// BenchmarkTrainGame is one self-play game of Backgammon and its TD(λ)
// update, on one thread: the cost behind `stackrules train`'s games/s.
func BenchmarkTrainGame(b *testing.B) {
	g := open(b, "backgammon")
	game := g.AI()
	enc := game.(ai.Encoder[interpreter.SearchPosition])
	net := ai.NewNet(enc.Features(), ai.DefaultHidden, len(g.Players), enc.FeatureLayout(), 1)
	start := func(int64) interpreter.SearchPosition { return interpreter.SearchPosition{Position: g.Start()} }
	b.ReportAllocs()
	n := int64(0)
	for b.Loop() {
		n++
		if _, err := ai.Train[interpreter.SearchPosition, board.Move](context.Background(), game, start, net, ai.TrainConfig{Games: n, CheckGames: -1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNetFilter is one move of `best backgammon --iterations 1000`
// with the built-in network: the two-ply move filter (ai/netsearch.go)
// from the opening 31.
func BenchmarkNetFilter(b *testing.B) {
	g := open(b, "backgammon")
	net, err := g.Network()
	if err != nil || net == nil {
		b.Fatal("no network:", err)
	}
	p, err := g.ParsePosition("w m2:ww,a2:wwwww,e1:www,h1:wwwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb roll:31")
	if err != nil {
		b.Fatal(err)
	}
	s := ai.NewMCTS(g.AI(), ai.Config{Iterations: 1000})
	if err := s.SetValue(net); err != nil {
		b.Fatal(err)
	}
	sp := interpreter.SearchPosition{Position: p}
	b.ReportAllocs()
	for b.Loop() {
		s.Search(context.Background(), &sp)
	}
}

// withInputs is the built-in game name with its network's `inputs:` set to
// inputs ("" for none), loaded from dir, where its network file is looked
// for: the error is the diagnostics', if any is an error.
func withInputs(t *testing.T, dir, name, inputs string, more ...string) (*interpreter.Game, error) {
	t.Helper()
	data, err := os.ReadFile("../variants/" + name + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	// a comment more, so that it is not the built-in file (which would
	// find the built-in network)
	text := regexp.MustCompile(`(?m)^  inputs:.*\n`).ReplaceAllString(string(data), "") + "\n# a copy\n" + strings.Join(more, "")
	if inputs != "" {
		text = regexp.MustCompile(`(?m)^network:.*$`).ReplaceAllStringFunc(text, func(line string) string {
			if strings.Contains(line, "{") || line == "network:" {
				return line + "\n  inputs: " + inputs
			}
			return "network: {file: " + strings.TrimSpace(strings.TrimPrefix(line, "network:")) + ", inputs: " + inputs + "}"
		})
		if !strings.Contains(text, "inputs: "+inputs) {
			t.Fatalf("%s: the edit did not apply", name)
		}
	}
	g, diags := interpreter.Check(filepath.Join(dir, name+".yaml"), []byte(text))
	if diags.HasErrors() {
		return g, diags
	}
	return g, nil
}

// `network: inputs: [below, buried]` (Stackers): who lies under the top
// three of each stack, and how many of each player's pieces are held down
// by another's; the layout names them, so a network trained without them
// is refused, and one trained with them refused without them.
func TestFeaturesHeldInputs(t *testing.T) {
	g, err := withInputs(t, t.TempDir(), "stackers", "[below, buried]")
	if err != nil {
		t.Fatal(err)
	}
	// d4 holds, bottom to top, w b b w w b: the top three b w w; below
	// them b b w. From the top: white's three pieces each lie under the
	// top black one, black's two lower ones under white's.
	encodeAt(t, g, "b d4:wbbwwb,h8:w,a1:b", map[string]float32{
		"to move: black":                         1,
		"d4: piece 1 from the top is b":          1,
		"d4: piece 2 from the top is w":          1,
		"d4: piece 3 from the top is w":          1,
		"d4: height >= 2":                        1,
		"d4: height >= 3":                        1,
		"d4: height >= 4":                        1,
		"d4: (height - 4)/4":                     0.5,
		"h8: piece 1 from the top is w":          1,
		"a1: piece 1 from the top is b":          1,
		"black: borne off":                       8.0 / 12,
		"white: borne off":                       8.0 / 12,
		"d4: black's pieces below the top 3 / 4": 0.5,
		"d4: white's pieces below the top 3 / 4": 0.25,
		"black: buried":                          2.0 / 12,
		"white: buried":                          3.0 / 12,
	})
	plain, err := withInputs(t, t.TempDir(), "stackers", "")
	if err != nil {
		t.Fatal(err)
	}
	if g.Features() != plain.Features()+32*2+2 {
		t.Errorf("%d features with the inputs, %d without: want 66 more", g.Features(), plain.Features())
	}
	if g.FeatureLayout() == plain.FeatureLayout() || !strings.Contains(g.FeatureLayout(), "+below+buried") {
		t.Errorf("layouts %q and %q: a network must tell them apart", g.FeatureLayout(), plain.FeatureLayout())
	}
	one, err := withInputs(t, t.TempDir(), "stackers", "buried")
	if err != nil {
		t.Fatal(err)
	}
	if one.Features() != plain.Features()+2 || one.FeatureLayout() == g.FeatureLayout() {
		t.Errorf("buried alone: %d features, layout %q", one.Features(), one.FeatureLayout())
	}
	// a network is accepted by the rule file whose inputs it was trained
	// with, and refused by the other (loaded after the file is written:
	// a game keeps the network it found)
	for _, trained := range []*interpreter.Game{plain, g} {
		for _, inputs := range []string{"", "[below, buried]"} {
			dir := t.TempDir()
			if err := ai.NewNet(trained.Features(), 4, 2, trained.FeatureLayout(), 1).Save(filepath.Join(dir, "stackers.net")); err != nil {
				t.Fatal(err)
			}
			game, err := withInputs(t, dir, "stackers", inputs)
			if err != nil {
				t.Fatal(err)
			}
			_, err = game.Network()
			if want := game.FeatureLayout() == trained.FeatureLayout(); (err == nil) != want {
				t.Errorf("a network for %q, the rule file's inputs %q: %v", trained.FeatureLayout(), inputs, err)
			}
		}
	}
}

// Unknown groups, and groups about stacks where pieces do not stack, are
// errors at the value.
func TestFeaturesInputsErrors(t *testing.T) {
	for _, tc := range []struct{ game, inputs, more, want string }{
		{"stackers", "[below, height]", "", `unknown input group "height"`},
		{"english-checkers", "[buried]", "\nstack: {max: 1}\n", "do not stack"},
	} {
		_, err := withInputs(t, t.TempDir(), tc.game, tc.inputs, tc.more)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s with inputs %s: %v, want %q", tc.game, tc.inputs, err, tc.want)
		}
	}
}
