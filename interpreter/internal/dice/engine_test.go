package dice

import (
	"testing"

	"github.com/stackrules/stackrules/board"
)

func testEngine(t *testing.T, cfg Config) *Engine[*int] {
	t.Helper()
	geo, err := board.NewGrid(26, 1, func(int, int) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	b, err := board.NewBoard(geo, 2, []byte("wb"))
	if err != nil {
		t.Fatal(err)
	}
	return New[*int](b, 2, cfg)
}

// Points are written as GNU Backgammon writes them (steps left to go, the
// track's first square by its name, off past the end) or counted from the
// start square (Ludo), and read back as written.
func TestTrackPointsRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want map[int]string
	}{
		{Config{Start: "bar"}, map[int]string{0: "bar", 1: "24", 18: "7", 24: "1", 25: "off"}},
		{Config{Start: "base", FromStart: true}, map[int]string{0: "base", 1: "0", 10: "9", 24: "23", 25: "off"}},
	} {
		e := testEngine(t, tc.cfg)
		for s, text := range tc.want {
			if got := e.TrackPoint(25, s); got != text {
				t.Errorf("%+v: step %d written %q, want %q", tc.cfg, s, got, text)
			}
			if back, ok := e.ParseTrackPoint(25, text); !ok || back != s {
				t.Errorf("%+v: %q read as %d (%v), want step %d", tc.cfg, text, back, ok, s)
			}
		}
		for _, bad := range []string{"", "x", "25", "1234", "-1"} {
			if s, ok := e.ParseTrackPoint(25, bad); ok {
				t.Errorf("%+v: %q read as step %d", tc.cfg, bad, s)
			}
		}
	}
}

// Two dice of six sides: 15 non-doubles, each twice as likely as one of the
// 6 doubles; the weights add up to 36.
func TestRollsAndWeights(t *testing.T) {
	e := testEngine(t, Config{Count: 2, Sides: 6, Doubles: 4})
	var p board.Position
	rolls := e.AppendRolls(&p, nil)
	weights := e.RollWeights(&p, nil)
	if len(rolls) != 21 || len(weights) != 21 {
		t.Fatalf("%d rolls, %d weights, want 21", len(rolls), len(weights))
	}
	sum := 0.0
	for i, m := range rolls {
		want := 2.0
		if m.From == m.To {
			want = 1
		}
		if weights[i] != want {
			t.Errorf("roll %d%d weighs %v, want %v", m.From, m.To, weights[i], want)
		}
		sum += weights[i]
	}
	if sum != 36 {
		t.Errorf("weights add up to %v, want 36", sum)
	}
}
