package interpreter_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The questions about other squares that the tables and the Ludo family ask
// are one-liners of the rule language: each is added here to Backgammon or
// Ludo as one line (and, where it names one, a region), and checked on a
// position where it decides.

// withLines loads a built-in rule file with text replaced.
func withLines(t *testing.T, name string, pairs ...string) *interpreter.Game {
	t.Helper()
	data, err := os.ReadFile("../variants/" + name + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	for i := 0; i < len(pairs); i += 2 {
		if !strings.Contains(src, pairs[i]) {
			t.Fatalf("%s.yaml no longer contains %q", name, pairs[i])
		}
		src = strings.Replace(src, pairs[i], pairs[i+1], 1)
	}
	if i := strings.Index(src, "\ntests:"); i >= 0 {
		src = src[:i+1] // the file's own tests are about the game as written
	}
	g, err := interpreter.Load(name+"-variant.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// plays lists the positions after each legal play at text, by the play's text.
func plays(t *testing.T, g *interpreter.Game, text string) map[string]board.Position {
	t.Helper()
	p, err := g.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]board.Position{}
	for _, m := range g.LegalMoves(&p, nil) {
		q := p
		g.Apply(&q, m)
		out[g.MoveString(m)] = q
	}
	return out
}

// Plakoto's mother: the player who pins the opponent's last checker on its
// starting point (step 1 of its track) wins.
func TestMotherPinned(t *testing.T) {
	const mother = "  - win: top_at(track(opponent, 1)) == me && bottom_at(track(opponent, 1)) == opponent\n    reason: the mother pinned\n"
	g := withLines(t, "backgammon", "end:\n", "end:\n"+mother)
	// black's starting point is m1; white's checker lies on black's there
	p, err := g.ParsePosition("b m1:bw,h1:wwww,a2:bbbb")
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Result(&p); !o.Over || o.Winner != 0 || o.Why != "the mother pinned" {
		t.Errorf("the mother pinned: %+v, want white wins", o)
	}
	p, _ = g.ParsePosition("b m1:bb,h1:wwww,a2:bbbb")
	if o := g.Result(&p); o.Over {
		t.Errorf("nothing pinned: %+v", o)
	}
}

// Fevga's prime: no play may make six points in a row of the mover's.
func TestNoSixPrime(t *testing.T) {
	const held = "\nregions:\n  held: top == player\n"
	free := withLines(t, "backgammon", "\nend:", held+"\nend:")
	banned := withLines(t, "backgammon", "\nend:", held+"\nend:",
		"      (step == 0 || rearmost(me) > 0)", "      (step == 0 || rearmost(me) > 0) && run_through(to, held(me), me) < 6",
		"      - a checker on the bar must enter first\n", "      - a checker on the bar must enter first\n      - no six points in a row\n")
	// white holds its steps 10 to 14 (points 15 to 11); a checker on step 3
	// (point 22) moving 6 to step 9 would make six in a row
	const pos = "w c2:ww,b2:ww,a2:ww,a1:ww,b1:ww,k2:w,m1:wwww,h2:bbb,e1:bbb roll:65"
	with, without := plays(t, banned, pos), plays(t, free, pos)
	makesPrime := func(name string) bool { return strings.Contains(name, "22/16") }
	found := false
	for text := range without {
		if makesPrime(text) {
			found = true
			if _, ok := with[text]; ok {
				t.Errorf("%s makes a prime of six and is legal", text)
			}
		}
	}
	if !found {
		t.Fatalf("no play makes the prime here: %v", keys(without))
	}
	for text := range with {
		if _, ok := without[text]; !ok {
			t.Errorf("%s is legal only with the ban", text)
		}
	}
	if _, ok := with["22/17 22/16"]; ok || len(with) == 0 {
		t.Errorf("plays with the ban: %v", keys(with))
	}
}

// Parcheesi's blockade: no piece passes or lands on two pieces of one
// player on a square.
func TestBlockade(t *testing.T) {
	const region = "\nregions:\n  blockade: height >= 2 && piece(1) == piece(2)\n"
	const term = "on_track(blockade, me, step + 1, to_step) == 0"
	g := withLines(t, "ludo", "\nend:", region+"\nend:",
		"  move:                        # a piece on the board moves by one die, once a turn\n    when: step > 0",
		"  move:                        # a piece on the board moves by one die, once a turn\n    when: step > 0 && "+term,
		"  sum:                         # or one piece by both dice\n    steps: sum\n    when: step > 0",
		"  sum:                         # or one piece by both dice\n    steps: sum\n    when: step > 0 && "+term,
		"reasons: [~]", "reasons: [~, a blockade is in the way]", "reasons: [~]\n    once", "reasons: [~, a blockade is in the way]\n    once")
	// red's piece on g14 (step 10); blue's blockade on h15 (red's step 12)
	after := plays(t, g, "r g14:r,h15:bb,c12:rrr,c4:bb,m4:yyyy,m12:gggg roll:31")
	if len(after) == 0 {
		t.Fatal("no plays")
	}
	for text, q := range after {
		for _, sq := range []string{"h15", "i15", "i14"} { // steps 12, 13, 14
			s, _ := g.Board.ParseSquare(sq)
			if g.Board.TopOwner(q.Cells[s]) == 0 {
				t.Errorf("%s: red reaches %s, at or past the blockade", text, sq)
			}
		}
	}
}

// Mensch ärgere dich nicht: while a piece is in the base, the start square
// is cleared first.
func TestClearTheStartSquare(t *testing.T) {
	const term = "(step == 1 || top_at(track(me, 1)) != me || height_at(track(me, 0)) == 0)"
	g := withLines(t, "ludo",
		"  move:                        # a piece on the board moves by one die, once a turn\n    when: step > 0",
		"  move:                        # a piece on the board moves by one die, once a turn\n    when: step > 0 && "+term,
		"  sum:                         # or one piece by both dice\n    steps: sum\n    when: step > 0",
		"  sum:                         # or one piece by both dice\n    steps: sum\n    when: step > 0 && "+term,
		"reasons: [~]", "reasons: [~, the start square is cleared first]", "reasons: [~]\n    once", "reasons: [~, the start square is cleared first]\n    once")
	// red on its start square b9 and on g14, two in the base
	const pos = "r b9:r,g14:r,c12:rr,c4:bbbb,m4:yyyy,m12:gggg roll:21"
	after := plays(t, g, pos)
	if len(after) == 0 {
		t.Fatal("no plays")
	}
	b9, _ := g.Board.ParseSquare("b9")
	for text, q := range after {
		if q.Cells[b9] != 0 {
			t.Errorf("%s leaves a piece on the start square", text)
		}
	}
	// without the line, a play may leave it there
	left := false
	for _, q := range plays(t, open(t, "ludo"), pos) {
		left = left || q.Cells[b9] != 0
	}
	if !left {
		t.Error("every play clears the start square without the rule too: the position decides nothing")
	}
}

func keys(m map[string]board.Position) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
