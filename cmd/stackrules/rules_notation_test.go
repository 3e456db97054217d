package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
)

// `rules` for a game with its own notation explains the notation from the
// rule file: each field of its templates, its marks, its position format,
// and examples of every shape of move, at the start and later.
func TestRulesOwnNotation(t *testing.T) {
	for _, tc := range []struct {
		game      string
		want      []string
		wantRE    []string // a spread with its drops, a from-to move...
		forbidden []string
	}{
		{game: "tak",
			want: []string{
				"Tak has its own notation:",
				"{kind}{to}: the kind placed (no mark for a flat, S for a wall, C for a capstone, F read as a flat too), then the square",
				"{count}{from}{direction}{drops}: the number of pieces lifted",
				"(+ up, - down, > right, < left)",
				"at the start: a1 (black's flat on a1)",
				"Sa1 (a wall on a1)", "Ca1 (a capstone on a1)",
				"Positions are written in TPS (--position reads it, --format tps writes it)",
				"At the start: x5/x5/x5/x5/x5 1 1",
				"A player's pieces are of three kinds: flats, walls and capstones.",
				"In hand at the start: white 21 flats or walls and 1 capstone; black 21 flats or walls and 1 capstone.",
				"wall places a wall (taken from the flats in hand)",
				"opening places the opponent's flat",
				"lifts 1 to 5 pieces from the top",
			},
			wantRE:    []string{`[2-5][a-e][1-5][-+<>][1-5]{2,} \(the top [2-5] of [a-e][1-5], dropping 1 on`},
			forbidden: []string{"c3-d4", "2c3-d4 moves the top two"}},
		{game: "dvonn",
			want: []string{
				"DVONN has its own notation:",
				"a placement: {to}: the square",
				"a1-i1, a2-j2, a3-k3, b4-k4, c5-k5",
				"at the start: a1 (a dvonn piece on a1)",
				"(a piece on a1)",
				"The dvonn pieces belong to nobody",
				"In hand at the start: white 23 pieces; black 23 pieces; 3 dvonn pieces to place.",
				"pass (no move: a pass)",
			},
			wantRE: []string{`[a-k][1-5]-[a-k][1-5] \(the whole stack of`}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g := mustGame(t, tc.game)
			text := rulesText(g, renderOpts{ASCII: true})
			checkWidth(t, text, 80)
			flat := strings.Join(strings.Fields(text), " ")
			for _, w := range tc.want {
				if !strings.Contains(flat, w) {
					t.Errorf("no %q in:\n%s", w, text)
				}
			}
			for _, re := range tc.wantRE {
				if !regexp.MustCompile(re).MatchString(flat) {
					t.Errorf("nothing matches %s in:\n%s", re, text)
				}
			}
			for _, f := range tc.forbidden {
				if strings.Contains(text, f) {
					t.Errorf("%q in:\n%s", f, text)
				}
			}
		})
	}
}

// The examples are the moves they say: each reads back, in the game's
// notation and in the native one, as itself at its position.
func TestLaterExamplesReadBack(t *testing.T) {
	for _, name := range []string{"tak", "tak-6", "dvonn"} {
		g := mustGame(t, name)
		stops := laterExamples(g, g.Start())
		if len(stops) == 0 {
			t.Fatalf("%s: no later examples", name)
		}
		kinds := map[board.MoveKind]bool{}
		for _, st := range stops {
			p := g.Start()
			for _, m := range st.plies {
				g.Apply(&p, m)
			}
			if p != st.pos {
				t.Fatalf("%s: the plies do not lead to the stop's position", name)
			}
			for _, m := range st.moves {
				kinds[m.Kind] = true
				for _, text := range []string{g.MoveString(m), g.Board.MoveString(m)} {
					if m.Kind == board.Pass && text != "pass" {
						continue
					}
					got, err := g.ParseMove(&p, text)
					if err != nil || !got.SameAs(m) {
						t.Errorf("%s: %s at %s reads as %v, %v", name, text, g.FormatPosition(&p), got, err)
					}
				}
			}
		}
		want := []board.MoveKind{board.Place, board.Step}
		if strings.HasPrefix(name, "tak") {
			want = append(want, board.Spread)
		}
		for _, k := range want {
			if !kinds[k] {
				t.Errorf("%s: no later example of move kind %d", name, k)
			}
		}
	}
}

// The help at the prompt of a game with its own notation speaks it, with
// moves legal where it is asked.
func TestHelpSpeaksTheNotation(t *testing.T) {
	g := mustGame(t, "tak")
	p := mustPosition(t, g, "x5/x5/x2,1,x2/x5/2,x4 1 2")
	text := helpTextAt(true, g, &p)
	checkWidth(t, text, 80)
	flat := strings.Join(strings.Fields(text), " ")
	for _, w := range []string{"Type a move in Tak's notation: {kind}{to} places a piece (no mark for a flat, S wall, C capstone)",
		"{count}{from}{direction}{drops} moves (+ up, - down, > right, < left)",
		"Sa2 (a wall on a2)", "c3+ (the top piece of c3 to c4)", "\n  undo "} {
		if !strings.Contains(flat, w) && !strings.Contains(text, w) {
			t.Errorf("no %q in:\n%s", w, text)
		}
	}
	if strings.Contains(text, "c3-d4 (one checker)") {
		t.Errorf("the generic notation in Tak's help:\n%s", text)
	}
}

// The help at the prompt teaches the moves each game has, from its rules
// and its notation: no lifts, bear-offs or captures in Morris, Ludo's steps
// and base, not a checkers game's c3-d4; and `rules ludo` describes Ludo's
// notation, not Backgammon's.
func TestHelpFitsTheGame(t *testing.T) {
	for _, c := range []struct {
		game      string
		has, hasn []string
	}{
		{"nine-mens-morris", []string{"places a piece", "moves a piece", "removes a piece"}, []string{"2c3-d4", "b8-off", "c3xe5", "24/18"}},
		{"ludo", []string{"base/0", "counted from its start square", "passes for you"}, []string{"c3-d4", "2c3-d4", "b8-off", "bar/22", "Backgammon"}},
		{"backgammon", []string{"bar/22", "6/off", "24/13", "point numbers", "A * after a point marks a hit"}, []string{"c3-d4", "base/0"}},
		{"plakoto", []string{"6/off", "point numbers"}, []string{"c3-d4", "marks a hit"}},
		{"english-checkers", []string{"moves a piece", "captures"}, []string{"places a piece", "2c3-d4", "24/18"}},
	} {
		g := mustGame(t, c.game)
		p := g.Start()
		text := helpTextAt(true, g, &p)
		checkWidth(t, text, 80)
		flat := strings.Join(strings.Fields(text), " ")
		for _, w := range c.has {
			if !strings.Contains(flat, w) {
				t.Errorf("%s: no %q in the help:\n%s", c.game, w, text)
			}
		}
		for _, w := range c.hasn {
			if strings.Contains(flat, w) {
				t.Errorf("%s: %q in the help:\n%s", c.game, w, text)
			}
		}
	}
	ludo := mustGame(t, "ludo")
	start := ludo.Start()
	text := notationText(ludo, &start)
	for _, w := range []string{"base/0", "off is past the end", "walks back", "settled where the pieces end"} {
		if !strings.Contains(text, w) {
			t.Errorf("rules ludo: no %q in:\n%s", w, text)
		}
	}
	for _, w := range []string{"GNU Backgammon", "bar/22", "opening roll", "6/off"} {
		if strings.Contains(text, w) {
			t.Errorf("rules ludo: %q in:\n%s", w, text)
		}
	}
}

// Typed moves: the notation's capitals are kept (Sa1 is not sa1), a
// square alone places or lists, a move that is not legal says why in the
// rule file's words.
func TestResolveOwnNotation(t *testing.T) {
	g := mustGame(t, "tak")
	p := mustPosition(t, g, "x5/x5/x2,1,x2/x5/2,x4 1 2")
	legal := g.LegalMoves(&p, nil)
	for _, tc := range []struct {
		text, move, listed, msg string
	}{
		{text: "Sa2", move: "Sa2"},
		{text: " Cb2 ", move: "Cb2"},
		{text: "d4", move: "d4"},
		{text: "c3", listed: "c3+ c3- c3< c3>"},
		{text: "C3", listed: "c3+ c3- c3< c3>"},
		{text: "Xc3", msg: `"Xc3" is not a move or a command: write a move like a2, Sa2, Ca2 or c3+, or type help`},
		{text: "Sc3", msg: "a piece is placed on an empty square"},
		{text: "a1+", msg: "the top piece on a1 is black's"},
		{text: "c3-c4", move: "c3+"},
	} {
		res := resolveMove(g, &p, legal, tc.text)
		switch {
		case tc.move != "":
			if !res.ok || g.MoveString(res.move) != tc.move {
				t.Errorf("%q: %+v, want the move %s", tc.text, res, tc.move)
			}
		case tc.listed != "":
			if strings.Join(res.listed, " ") != tc.listed {
				t.Errorf("%q lists %v, want %s", tc.text, res.listed, tc.listed)
			}
		default:
			if !strings.Contains(res.msg, tc.msg) {
				t.Errorf("%q: %q, want %q in it", tc.text, res.msg, tc.msg)
			}
		}
	}
}
