package web

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// legalJSON is the legal moves at p as the page gets them.
func legalJSON(g *interpreter.Game, p *board.Position) []moveJSON {
	var out []moveJSON
	for _, m := range g.LegalMoves(p, nil) {
		out = append(out, moveOf(g, m, int(p.ToMove)))
	}
	return out
}

// A checker on the bar enters before another moves: with white on the bar
// and 6-3 to play (its 19-point closed), 8/2 may not come first, bar/22 may.
func TestOrdersBarFirst(t *testing.T) {
	g, err := interpreter.Open("backgammon")
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.ParsePosition("w g1:w,m2:w,a2:wwwww,e1:www,h1:wwww,m1:bb,a1:bbbbb,e2:bbb,h2:bbbbb roll:63")
	if err != nil {
		t.Fatal(err)
	}
	legal := legalJSON(g, &p)
	valid, anyOrder := ordersOf(g, &p, legal)
	if len(anyOrder) != 0 {
		t.Fatalf("backgammon plays whose order is not checked: %v", anyOrder)
	}
	if !slices.Contains(valid, "g1>k2") {
		t.Errorf("bar/22 (k2) first should be allowed: %v", valid)
	}
	for _, k := range valid {
		if !strings.HasPrefix(k, "g1>") {
			t.Errorf("%s: a checker moved before the one on the bar entered", k)
		}
	}
}

// Every legal play can be made a move at a time in some order the page
// allows, or is left to any order (few), in positions of random Backgammon, Plakoto and Ludo games.
func TestOrdersCoverEveryPlay(t *testing.T) {
	for _, name := range []string{"backgammon", "plakoto", "fevga", "ludo"} {
		g, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		p := g.Start()
		plays, unchecked := 0, 0
		for ply := 0; ply < 300 && !g.Result(&p).Over; ply++ {
			moves := g.LegalMoves(&p, nil)
			if p.Rolled() {
				legal := legalJSON(g, &p)
				valid, anyOrder := ordersOf(g, &p, legal)
				set := map[string]bool{}
				for _, k := range valid {
					set[k] = true
				}
				for i, m := range legal {
					if m.Kind != "play" {
						continue
					}
					plays++
					if slices.Contains(anyOrder, i) {
						unchecked++
						continue
					}
					// Some full order of its moves is allowed.
					found := false
					var walk func(left []hopJSON, key string)
					walk = func(left []hopJSON, key string) {
						if len(left) == 0 {
							found = true
						}
						for j, h := range left {
							to := h.To
							if to == "" {
								to = "off"
							}
							k := h.From + ">" + to
							if key != "" {
								k = key + "|" + k
							}
							if set[k] {
								walk(append(append([]hopJSON{}, left[:j]...), left[j+1:]...), k)
							}
						}
					}
					walk(m.Hops, "")
					if !found {
						t.Fatalf("%s at %s: play %s has no allowed order", name, g.FormatPosition(&p), m.Text)
					}
				}
			}
			g.Apply(&p, moves[rng.IntN(len(moves))])
		}
		t.Logf("%s: %d plays, %d in any order", name, plays, unchecked)
		// Backgammon's plays are all checked move by move. The others leave
		// a few to any order: Ludo's pieces walking back from the end and
		// sums of dice, and doubles with more orders than ordersOf tries.
		if name == "backgammon" && unchecked > 0 || unchecked*10 > plays {
			t.Errorf("%s: %d of %d plays unchecked", name, unchecked, plays)
		}
	}
}
