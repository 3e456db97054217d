package interpreter

import (
	"math/rand/v2"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/variants"
)

// TestCaptureStartsHoldEveryCapture plays random games of every built-in
// with captures and checks, at each position, that the set test of where a
// capture may start (captureStarts) holds the start of every capture the
// search finds from all the player's squares, so skipping the others loses
// none; and that the test rules squares out (it is not every square).
func TestCaptureStartsHoldEveryCapture(t *testing.T) {
	tested := 0
	for _, name := range variants.Names() {
		g, err := Open(name, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(g.captureRules) == 0 || g.dice != nil || g.triggers != nil {
			continue
		}
		if g.captureDirs[0] == nil {
			if g.Board.NumSquares() <= 64 && g.Board.Neutral() == 0 {
				t.Errorf("%s: no set test on a board of %d squares", name, g.Board.NumSquares())
			}
			continue
		}
		tested++
		rng := rand.New(rand.NewPCG(29, uint64(len(name))))
		var buf, all []board.Move
		positions, captures, ruledOut := 0, 0, 0
		for game := 0; game < 20; game++ {
			p := g.Start()
			for ply := 0; ply < 200; ply++ {
				buf = g.LegalMoves(&p, buf)
				if len(buf) == 0 {
					break
				}
				me := int(p.ToMove)
				c := g.ctx(&p, me)
				c.cap.active = 0
				for i, r := range g.captureRules {
					if r.pos == nil || r.pos(c) {
						c.cap.active |= 1 << i
					}
				}
				starts := g.captureStarts(c, c.cap.active)
				dirs := g.captureDirs[me]
				g.captureDirs[me] = nil // the search from every square
				all = g.generateCaptures(c, all[:0], false)
				g.captureDirs[me] = dirs
				g.release(c)
				for _, m := range all {
					if starts&(1<<m.From) == 0 {
						t.Fatalf("%s: %s: the capture %s starts outside the set test's squares %b",
							name, g.Board.FormatPosition(&p), g.MoveString(m), starts)
					}
				}
				positions++
				captures += len(all)
				if starts != p.Tops[me][0] {
					ruledOut++
				}
				g.Apply(&p, buf[rng.IntN(len(buf))])
			}
		}
		if captures == 0 || ruledOut == 0 {
			t.Errorf("%s: %d positions, %d captures, %d with squares ruled out: the test checks nothing", name, positions, captures, ruledOut)
		}
	}
	t.Logf("%d built-ins checked", tested)
	if tested < 5 {
		t.Errorf("only %d built-ins have the set test", tested)
	}
}
