package interpreter_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/internal/reference/focus"
	"github.com/stackrules/stackrules/interpreter"
)

// The interpreter, reading focus.yaml, must agree with the independent
// reference generator in internal/reference/focus (written from the pinned
// rules only, sharing no code) on move lists, the position after each move
// and results, over positions from random games and random set-ups. The
// notations differ in two pinned ways, mapped here: the reference writes a
// placement `*c3` and the reserves `reserve:`, the interpreter `c3` and
// `hand:` (a reserve is a hand). The test asserts that the positions met
// placements, stacks cut back to five sending the mover's pieces to its
// reserve and the opponent's to the captured count, and moves of four or
// five pieces.

// focusRefText turns a reference position or move text into the
// interpreter's notation.
func focusRefText(s string) string {
	s = strings.Replace(s, " reserve:", " hand:", 1)
	return strings.TrimPrefix(s, "*")
}

type focusMet struct{ place, toReserve, captured, tall, positions, setups, perft int }

func TestFocusDifferential(t *testing.T) {
	g := open(t, "focus")
	rng := rand.New(rand.NewPCG(10, 52))
	var met focusMet
	start := g.Start()
	ref, err := focus.Parse(g.FormatPosition(&start))
	if err != nil {
		t.Fatal(err)
	}
	for depth := 1; depth <= 3; depth++ {
		if a, b := g.Perft(&start, depth), focus.Perft(ref, depth); a != b {
			t.Errorf("perft(%d) from the start = %d, reference %d", depth, a, b)
		} else {
			t.Logf("perft(%d) from the start = %d, as the reference", depth, a)
		}
	}
	want := 2000
	if deepTests() {
		want = 20000
	}
	for game := 0; met.positions < want || game < 20; game++ {
		var p board.Position
		if game%3 == 2 {
			p = randomFocusSetup(t, g, rng)
			met.setups++
		} else {
			p = g.Start()
		}
		for ply := 0; ply < 100; ply++ {
			moves := compareFocus(t, g, &p, &met)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			// Favour tall moves in some games, so stacks grow past five.
			if game%2 == 0 {
				for _, c := range moves {
					if c.Kind == board.Step && c.Lift >= 2 && rng.IntN(3) == 0 {
						m = c
						break
					}
				}
			}
			g.Apply(&p, m)
		}
	}
	t.Logf("%d positions (%d games from random set-ups): %d placements, %d cuts to the reserve, %d captures, %d moves of 4 or 5, perft(2) at %d",
		met.positions, met.setups, met.place, met.toReserve, met.captured, met.tall, met.perft)
	if met.positions < want || met.place == 0 || met.toReserve == 0 || met.captured == 0 || met.tall == 0 || met.setups == 0 || met.perft < 20 {
		t.Errorf("the random games did not meet every case: %+v", met)
	}
}

// compareFocus checks the interpreter against the reference at p and
// returns the interpreter's legal moves.
func compareFocus(t *testing.T, g *interpreter.Game, p *board.Position, met *focusMet) []board.Move {
	t.Helper()
	text := g.FormatPosition(p)
	ref, err := focus.Parse(strings.Replace(text, " hand:", " reserve:", 1))
	if err != nil {
		t.Fatalf("reference cannot parse %q: %v", text, err)
	}
	if s := focusRefText(ref.String()); s != text {
		t.Fatalf("position strings differ: interpreter %q, reference %q", text, s)
	}
	met.positions++
	moves := g.LegalMoves(p, nil)
	var got []string
	me := int(p.ToMove)
	for _, m := range moves {
		q := *p
		g.Apply(&q, m)
		got = append(got, g.MoveString(m)+" "+g.FormatPosition(&q))
		switch {
		case m.Kind == board.Place:
			met.place++
		case m.Lift >= 4:
			met.tall++
		}
		if q.Hand[me] > p.Hand[me] {
			met.toReserve++
		}
		if q.Captured[1-me] > p.Captured[1-me] {
			met.captured++
		}
	}
	var wantMoves []string
	for _, m := range ref.Moves() {
		wantMoves = append(wantMoves, focusRefText(m.Text)+" "+focusRefText(m.After))
	}
	sort.Strings(got)
	sort.Strings(wantMoves)
	if strings.Join(got, "\n") != strings.Join(wantMoves, "\n") {
		t.Fatalf("at %s:\n interpreter %d moves %v\n reference   %d moves %v", text, len(got), got, len(wantMoves), wantMoves)
	}
	gotResult := ""
	if o := g.Result(p); o.Over {
		if o.Winner < 0 {
			t.Fatalf("at %s: interpreter says draw", text)
		}
		gotResult = string(g.Players[o.Winner].Code)
	}
	if r := ref.Result(); gotResult != r {
		t.Fatalf("at %s: result %q, reference %q", text, gotResult, r)
	}
	if met.positions%100 == 0 {
		met.perft++
		if a, b := g.Perft(p, 2), focus.Perft(ref, 2); a != b {
			t.Fatalf("at %s: perft(2) = %d, reference %d", text, a, b)
		}
	}
	return moves
}

// randomFocusSetup makes a position with random stacks of up to five on
// random squares, random reserves and captured counts (each player's pieces
// adding up to at most its 18) and a random player to move.
func randomFocusSetup(t *testing.T, g *interpreter.Game, rng *rand.Rand) board.Position {
	t.Helper()
	b := g.Board
	var cells []string
	left := [2]int{18, 18}
	for sq := 0; sq < b.NumSquares(); sq++ {
		if rng.IntN(3) != 0 {
			continue
		}
		var st []byte
		for h := 1 + rng.IntN(5); h > 0; h-- {
			pl := rng.IntN(2)
			if left[pl] == 0 {
				pl = 1 - pl
			}
			if left[pl] == 0 {
				break
			}
			left[pl]--
			st = append(st, "rg"[pl])
		}
		if len(st) > 0 {
			cells = append(cells, b.SquareName(board.Square(sq))+":"+string(st))
		}
	}
	var hand, captured [2]int
	for pl := range 2 {
		if left[pl] > 0 && rng.IntN(2) == 0 {
			hand[pl] = rng.IntN(min(left[pl], 4) + 1)
		}
		captured[pl] = rng.IntN(left[pl] - hand[pl] + 1)
	}
	if len(cells) == 0 {
		cells = []string{"d4:r"}
	}
	text := fmt.Sprintf("%c %s", "rg"[rng.IntN(2)], strings.Join(cells, ","))
	if hand != [2]int{} {
		text += fmt.Sprintf(" hand:r%d,g%d", hand[0], hand[1])
	}
	if captured != [2]int{} {
		text += fmt.Sprintf(" captured:r%d,g%d", captured[0], captured[1])
	}
	p, err := g.ParsePosition(text)
	if err != nil {
		t.Fatalf("random set-up %q: %v", text, err)
	}
	return p
}
