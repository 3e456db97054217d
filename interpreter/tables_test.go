package interpreter_test

import "testing"

// What a win is worth in the tables family: Tavla has no triple game,
// Hypergammon and Nackgammon keep backgammon's, Plakoto's pinned mother is
// 2 points, Fevga's gammon 2.
func TestTablesPoints(t *testing.T) {
	for _, c := range []struct {
		game, pos, play string
		winner, points  int
	}{
		// black has borne off none and has a checker on the bar
		{"tavla", "w m1:w,g2:b,h2:bbbbbbbbbbbbbb roll:21", "1/off", 0, 2},
		{"backgammon", "w m1:w,g2:b,h2:bbbbbbbbbbbbbb roll:21", "1/off", 0, 3},
		{"nackgammon", "w m1:w,g2:b,h2:bbbbbbbbbbbbbb roll:21", "1/off", 0, 3},
		{"hypergammon", "w m1:w,g2:b,h2:bb roll:21", "1/off", 0, 3},
		{"hypergammon", "w m1:w,h2:bbb roll:21", "1/off", 0, 2},
		{"hypergammon", "w m1:w,h2:b roll:21", "1/off", 0, 1},
		{"tavla", "w m1:w,h2:bbbbbbbbbbbbbb roll:21", "1/off", 0, 1},
		{"plakoto", "w e2:w,h1:w,m1:b,l1:bbbbbbbbbbbbbb roll:52", "17/15 6/1", 0, 2},
		{"fevga", "w m1:w,h2:bbbbbbbbbbbbbbb roll:21", "1/off", 0, 2},
		{"fevga", "w m1:w,h2:bbbbbbbbbbbbbb roll:21", "1/off", 0, 1},
	} {
		g := open(t, c.game)
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", c.game, err)
		}
		m, err := g.ParseMove(&p, c.play)
		if err != nil {
			t.Fatalf("%s %s: %v", c.game, c.play, err)
		}
		g.Apply(&p, m)
		if o := g.Result(&p); !o.Over || o.Winner != c.winner || o.Points != c.points {
			t.Errorf("%s %s after %s: %+v, want player %d wins %d points", c.game, c.pos, c.play, o, c.winner, c.points)
		}
	}
}
