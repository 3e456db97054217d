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
	tested, wide := 0, 0
	for _, name := range variants.Names() {
		g, err := Open(name, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(g.captureRules) == 0 || g.dice != nil || g.triggers != nil {
			continue
		}
		if g.captureDirs[0] == nil {
			if g.Board.Neutral() == 0 {
				t.Errorf("%s: no set test on a board of %d squares", name, g.Board.NumSquares())
			}
			continue
		}
		tested++
		if g.Board.NumSquares() > 64 {
			wide++
		}
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
					if !starts.Has(m.From) {
						t.Fatalf("%s: %s: the capture %s starts outside the set test's squares %b",
							name, g.Board.FormatPosition(&p), g.MoveString(m), starts)
					}
				}
				positions++
				captures += len(all)
				if starts != p.Tops[me] {
					ruledOut++
				}
				g.Apply(&p, buf[rng.IntN(len(buf))])
			}
		}
		if captures == 0 || ruledOut == 0 {
			t.Errorf("%s: %d positions, %d captures, %d with squares ruled out: the test checks nothing", name, positions, captures, ruledOut)
		}
	}
	t.Logf("%d built-ins checked, %d of them on boards of more than 64 squares", tested, wide)
	if tested < 5 || wide < 2 {
		t.Errorf("only %d built-ins have the set test, %d on boards of more than 64 squares", tested, wide)
	}
}

// TestCaptureStartsOnRandomPositions checks the set test as
// TestCaptureStartsHoldEveryCapture does, on random positions of every
// built-in with captures (random stacks, kinds and player to move), which
// reach what play seldom does: kings in numbers, pieces on every row.
func TestCaptureStartsOnRandomPositions(t *testing.T) {
	twoWord := 0
	defer func() {
		if twoWord == 0 {
			t.Error("no position of a board of more than 64 squares checked")
		}
	}()
	for _, name := range variants.Names() {
		g, err := Open(name, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(g.captureRules) == 0 || g.dice != nil || g.triggers != nil || g.captureDirs[0] == nil {
			continue
		}
		rng := rand.New(rand.NewPCG(72, uint64(len(name))))
		var all []board.Move
		captures, ruledOut := 0, 0
		for range 2000 {
			p := randomPosition(rng, g)
			me := int(p.ToMove)
			c := g.ctx(&p, me)
			c.cap.active = 0
			for i, r := range g.captureRules {
				if r.pos == nil || r.pos(c) {
					c.cap.active |= 1 << i
				}
			}
			starts := g.captureStarts(c, c.cap.active)
			if g.setWords > 1 {
				// The two-word path and the path for any number of words
				// give the same set.
				if wide := g.captureStartsWide(c, c.cap.active); wide != starts {
					t.Fatalf("%s: %s: captureStarts %x, captureStartsWide %x", name, g.Board.FormatPosition(&p), starts, wide)
				}
				twoWord++
			}
			dirs := g.captureDirs[me]
			g.captureDirs[me] = nil
			all = g.generateCaptures(c, all[:0], false)
			g.captureDirs[me] = dirs
			g.release(c)
			for _, m := range all {
				if !starts.Has(m.From) {
					t.Fatalf("%s: %s: the capture %s starts outside the set test's squares",
						name, g.Board.FormatPosition(&p), g.MoveString(m))
				}
			}
			captures += len(all)
			if starts != p.Tops[me] {
				ruledOut++
			}
		}
		if g.twoWords != (g.Board.NumSquares() > 64) {
			t.Errorf("%s: %d squares, two-word path %v", name, g.Board.NumSquares(), g.twoWords)
		}
		if captures == 0 || ruledOut == 0 {
			t.Errorf("%s: %d captures, %d positions with squares ruled out: the test checks nothing", name, captures, ruledOut)
		}
	}
}

// TestWideShiftBefore checks the multi-word shift against the line it
// follows, square by square, on lines of 144 squares whose steps cross
// words by less than a word, by a word and more, and both ways.
func TestWideShiftBefore(t *testing.T) {
	const n = board.MaxSquares
	rng := rand.New(rand.NewPCG(72, 144))
	twoWord := 0
	lines := [][]int{{1}, {-1}, {6, 7}, {-5, -6, -7}, {63, 64, 65}, {-64, -70, 13}, {128, -130, 1, -1}}
	for _, steps := range lines {
		next := make([]board.Square, n)
		for sq := range next {
			next[sq] = noSquare
			// A step from the line's list, chosen by square, kept on the
			// board; some squares have none.
			k := steps[sq%len(steps)]
			if sq%5 != 4 && sq+k >= 0 && sq+k < n {
				next[sq] = board.Square(sq + k)
			}
		}
		ws := wideShiftOf(next)
		if ws == nil {
			t.Fatalf("steps %v: no shift", steps)
		}
		for _, nw := range []int{2, 3} {
			for range 200 {
				var s board.SquareSet
				for j := range nw {
					s[j] = rng.Uint64() & rng.Uint64()
				}
				got := ws.before(&s, nw)
				var want board.SquareSet
				for sq := range nw * 64 {
					if sq < n && next[sq] != noSquare && int(next[sq]) < nw*64 && s.Has(next[sq]) {
						want.Add(board.Square(sq))
					}
				}
				if got != want {
					t.Fatalf("steps %v, %d words: before(%x) = %x; want %x", steps, nw, s, got, want)
				}
				if nw == 2 && ws.q == [maxLineShifts]int{} {
					lo, hi := ws.before2(s[0], s[1])
					if got := (board.SquareSet{lo, hi}); got != want {
						t.Fatalf("steps %v: before2(%x) = %x; want %x", steps, s, got, want)
					}
					twoWord++
				}
			}
		}
	}
	if twoWord == 0 {
		t.Error("before2 not checked")
	}
}
