package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/NAME, or writes it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/stackrules -run %s -update to create it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (run with -update if the change is right)\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

func mustGame(t *testing.T, name string) *interpreter.Game {
	t.Helper()
	g, err := interpreter.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustPosition(t *testing.T, g *interpreter.Game, text string) board.Position {
	t.Helper()
	if text == "" {
		return g.Start()
	}
	p, err := g.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRenderGolden(t *testing.T) {
	tests := []struct {
		name, game, pos, last string
		moves                 string // played from pos, the last one marked
		labels                []string
		outcome               string
		opts                  renderOpts
	}{
		{name: "liger-start", game: "liger", labels: []string{"you", "mcts:medium"}},
		{name: "liger-start-color", game: "liger", labels: []string{"you", "mcts:medium"}, opts: renderOpts{Color: true}},
		{name: "liger-stacks-ascii", game: "liger", last: "2d4-e5",
			pos:  "b a1:r,c1:r,e1:r,b2:r,c3:br,e5:bbbbbbbrbrbr,h8:b,f6:rrb,b8:r",
			opts: renderOpts{ASCII: true}},
		{name: "liger-stacks-flip-color", game: "liger", last: "2d4-e5", labels: []string{"mcts:easy", "you"},
			pos:  "b a1:r,c1:r,e1:r,b2:r,c3:br,e5:bbbbbbbrbrbr,h8:b,f6:rrb,b8:r",
			opts: renderOpts{Color: true, Flip: true}},
		{name: "liger-bear-off-ascii", game: "liger", last: "h8-off", outcome: "red wins (win: checkers(me) == 0)",
			pos: "b a7:b", opts: renderOpts{ASCII: true}},
		{name: "english-kings-ascii", game: "english-checkers", last: "b2xd4xf6",
			pos: "w a1:b,f6:b,h8:B,c7:w,g3:W,e7:w", opts: renderOpts{ASCII: true}},
		{name: "english-kings-color", game: "english-checkers", last: "b2xd4xf6",
			pos: "w a1:b,f6:b,h8:B,c7:w,g3:W,e7:w", opts: renderOpts{Color: true}},
		{name: "lasca-columns", game: "lasca", last: "c3xe5",
			pos: "b a1:w,e5:bbW,g7:wB,c5:b"},
		{name: "sri-lanka-start-ascii", game: "sri-lanka", opts: renderOpts{ASCII: true}, labels: []string{"human", "human"}},
		{name: "sri-lanka-start-color", game: "sri-lanka", opts: renderOpts{Color: true}},
		{name: "stackers-tall", game: "stackers", last: "7d4-e5",
			pos: "w e5:wbwbwbbbbbbbbwww,a1:b,h8:w"},
		{name: "nine-mens-morris-start", game: "nine-mens-morris", labels: []string{"you", "mcts:medium"}},
		{name: "nine-mens-morris-placing-color", game: "nine-mens-morris", last: "g1xb2", labels: []string{"you", "mcts:medium"},
			pos: "b a1:r,d1:r,g1:r,d2:b,f4:b,d6:r hand:r4,b5", opts: renderOpts{Color: true}},
		{name: "nine-mens-morris-moving-ascii", game: "nine-mens-morris", last: "d2-d3xa7",
			pos: "b a1:r,d1:r,g1:r,d3:r,c3:r,e3:r,b6:b,d6:b,f6:b,g7:b", opts: renderOpts{ASCII: true}},
		{name: "nine-mens-morris-flip-ascii", game: "nine-mens-morris",
			pos: "r a1:r,d1:r,g4:r,b6:b,d6:b,f6:b,g7:b", opts: renderOpts{ASCII: true, Flip: true}},
		{name: "twelve-mens-morris-ascii", game: "twelve-mens-morris", last: "b2",
			pos: "b a1:r,b2:r,d2:b hand:r10,b11", opts: renderOpts{ASCII: true}},
		{name: "three-mens-morris-color", game: "three-mens-morris", last: "a1-b2",
			pos: "b b2:r,c1:r,a3:r,b1:b,c3:b,c2:b", opts: renderOpts{Color: true}},
		// Kinds kept on top: walls stand (wS), capstones are marked (bC),
		// a tall stack shows its height, a spread marks every square it
		// drops on, the panel counts the pieces in hand by kind.
		{name: "tak-start", game: "tak", labels: []string{"you", "mcts:medium"}},
		{name: "tak-start-ascii-flip", game: "tak", opts: renderOpts{ASCII: true, Flip: true}},
		{name: "tak-spread-ascii", game: "tak", pos: takMidGame, moves: "3b4-21", opts: renderOpts{ASCII: true}},
		{name: "tak-flatten-color", game: "tak", pos: takMidGame, moves: "e1+", opts: renderOpts{Color: true}},
		{name: "tak-6-tall", game: "tak-6", pos: "x6/x6/x,1212121212121212121212121212121212121212C,x4/x6/x6/2,x5 2 30",
			moves: "5b4>212"},
		// A hex board: DVONN in the middle of the game, its DVONN pieces
		// red, the stacks that hold one starred.
		{name: "dvonn-start", game: "dvonn"},
		{name: "dvonn-placing-ascii", game: "dvonn", moves: "e2 i3 j3 e5 d1", opts: renderOpts{ASCII: true}},
		{name: "dvonn-midgame", game: "dvonn", moves: dvonnMidGame},
		{name: "dvonn-midgame-color-flip", game: "dvonn", moves: dvonnMidGame, opts: renderOpts{Color: true, Flip: true}},
		{name: "dvonn-midgame-ascii", game: "dvonn", moves: dvonnMidGame, opts: renderOpts{ASCII: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := mustGame(t, tc.game)
			p := mustPosition(t, g, tc.pos)
			v := boardView{Labels: tc.labels, Outcome: tc.outcome}
			if tc.last != "" {
				m, err := g.Board.ParseMove(tc.last)
				if g.HasHands() && !strings.Contains(tc.last, "-") {
					m, err = g.Board.ParsePlacement(tc.last)
				}
				if err != nil {
					t.Fatal(err)
				}
				v.Last, v.LastNo = &m, "12."
			}
			for _, text := range strings.Fields(tc.moves) {
				m, err := g.ParseMove(&p, text)
				if err != nil {
					t.Fatal(err)
				}
				g.Apply(&p, m)
				v.Last, v.LastNo = &m, "12."
			}
			got := renderBoard(g, &p, v, tc.opts)
			checkWidth(t, got, 80)
			golden(t, filepath.Join("render", tc.name+".txt"), got)
		})
	}
}

// takMidGame has walls (a5, d4, a2 on a stack), capstones (c3, e1), a tall
// stack (b4), white to move.
const takMidGame = "2,1S,x3/x,1212121212121,x,2S,x/x2,2C,x2/21S,x4/1,2,x2,1C 1 14"

// dvonnMidGame is a game of DVONN from the start to the middle of its moves.
const dvonnMidGame = "e2 i3 j3 e5 d1 c5 k5 c4 c2 d5 i5 f1 e1 b4 f5 a1 k3 b1 i2 h5 g3 h2 h4 f2 " +
	"g2 c3 a2 i1 i4 d4 g4 b3 g5 e4 j5 h3 j4 a3 d2 f4 e3 h1 g1 f3 b2 d3 k4 j2 c1 " +
	"f5-g5 f4-e3 g5-g3 j2-i2 a2-b3 a1-b2 k5-j4 f1-g2 c1-d1 e3-e5 c2-c3 b4-c4 d2-e2 i2-k4 i5-h5 f2-e2"

func checkWidth(t *testing.T, text string, width int) {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if w := visibleWidth(l); w > width {
			t.Errorf("line %d is %d columns wide, more than %d: %q", i+1, w, width, l)
		}
	}
}

// Every built-in game fits 80 columns, in every mode, with the tallest stacks
// and two-digit heights.
func TestRenderFits80Columns(t *testing.T) {
	for _, name := range variants.Names() {
		g := mustGame(t, name)
		p := g.Start()
		for _, o := range []renderOpts{{}, {ASCII: true}, {Color: true}, {Color: true, Flip: true}} {
			got := renderBoard(g, &p, boardView{Labels: []string{"mcts:hard,threads=2", "you"}}, o)
			checkWidth(t, got, 80)
			if !strings.Contains(got, g.Players[0].Name) {
				t.Errorf("%s: the panel does not name %s", name, g.Players[0].Name)
			}
		}
	}
}

// The board shows a1 at the lower left, or the upper right when flipped.
func TestRenderOrientation(t *testing.T) {
	g := mustGame(t, "liger")
	p := mustPosition(t, g, "r a1:r,h8:b")
	rows := func(o renderOpts) []string {
		return strings.Split(renderBoard(g, &p, boardView{}, o), "\n")
	}
	normal := rows(renderOpts{ASCII: true})
	if !strings.HasPrefix(normal[2], "8 |") || !strings.HasPrefix(normal[9], "1 |  r ") {
		t.Errorf("normal board: rank 8 should be on top and a1 lower left:\n%s", strings.Join(normal, "\n"))
	}
	flipped := rows(renderOpts{ASCII: true, Flip: true})
	if !strings.HasPrefix(flipped[2], "1 |") || !strings.HasPrefix(flipped[9], "8 |  b ") {
		t.Errorf("flipped board: rank 1 should be on top and h8 lower left:\n%s", strings.Join(flipped, "\n"))
	}
	if !strings.Contains(flipped[0], "h    g") {
		t.Errorf("flipped board: files should run h to a: %q", flipped[0])
	}
}
