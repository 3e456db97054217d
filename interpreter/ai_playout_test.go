package interpreter

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/variants"
)

// checkPlayoutPly plays one ply of SearchGame.Playout at sp and checks it
// against LegalMoves and Apply: the position reached (its quiet count and
// hash too) must be one Apply reaches from a legal move, a preferred one
// where prefer is 1 and there is one; over only where there are no moves.
// It reports whether a move was played.
func checkPlayoutPly(t *testing.T, a *SearchGame, sp *SearchPosition, rng *rand.Rand, prefer float64) bool {
	t.Helper()
	g := a.g
	before := *sp
	legal := a.LegalMoves(&before, nil)
	n, over := a.Playout(sp, rng, 1, prefer)
	if err := a.Err(); err != nil {
		t.Fatalf("%s: %v", g.FormatPosition(&before.Position), err)
	}
	if over || n == 0 {
		if !over || n != 0 || len(legal) > 0 || *sp != before {
			t.Fatalf("%s: Playout played %d plies, over %v, with %d legal moves", g.FormatPosition(&before.Position), n, over, len(legal))
		}
		return false
	}
	if n != 1 {
		t.Fatalf("%s: Playout played %d plies of at most 1", g.FormatPosition(&before.Position), n)
	}
	preferred := false
	if prefer == 1 && g.prefer != nil {
		for _, m := range legal {
			preferred = preferred || a.prefers(&before.Position, m)
		}
	}
	for _, m := range legal {
		q := before
		a.Apply(&q, m)
		if q == *sp {
			if preferred && !a.prefers(&before.Position, m) {
				t.Fatalf("%s: Playout played %s, which `prefer` does not hold for, where other moves it holds for are legal", g.FormatPosition(&before.Position), g.MoveString(m))
			}
			return true
		}
	}
	t.Fatalf("%s (quiet %d): Playout reached %s (quiet %d, hash %x), no legal move's Apply does: %v",
		g.FormatPosition(&before.Position), before.Quiet, g.FormatPosition(&sp.Position), sp.Quiet, sp.Hash, moveList(g, legal))
	return false
}

// TestSearchPlayout checks the search's playouts on compact moves
// (ai.Playouter) ply by ply against LegalMoves and Apply, with and without
// `playout: prefer`, on every compact built-in and example, and that a
// longer one leaves the position whole.
func TestSearchPlayout(t *testing.T) {
	tested := 0
	for _, name := range gameFiles(t) {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		a := g.newSearchGame(&searchFailure{})
		if !a.HasPlayout() {
			continue
		}
		tested++
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(29, 28))
			plies, quietDraws := 0, 0
			for i := 0; i < 6; i++ {
				sp := SearchPosition{Position: g.Start()}
				if i%2 == 1 && g.Board.Neutral() == 0 && !g.hands {
					sp.Position = randomPosition(rng, g)
				}
				prefer := float64(i % 3 / 2) // 0, 0, 1
				for checkPlayoutPly(t, a, &sp, rng, prefer) {
					plies++
				}
				if a.quietDraw(&sp) {
					quietDraws++
				}
			}
			for i := 0; i < 20; i++ {
				sp := SearchPosition{Position: g.Start()}
				n, over := a.Playout(&sp, rng, 64, 0.5)
				if n > 64 || over && len(a.LegalMoves(&sp, nil)) > 0 {
					t.Fatalf("Playout played %d plies of at most 64, over %v, at %s", n, over, g.FormatPosition(&sp.Position))
				}
				q := sp.Position
				q.Recount(g.Board)
				if q != sp.Position {
					t.Fatalf("after a playout %s has hash %x, recounted %x", g.FormatPosition(&sp.Position), sp.Hash, q.Hash)
				}
			}
			t.Logf("%d plies checked, %d games ended by the quiet count", plies, quietDraws)
		})
	}
	if tested < 4 {
		t.Errorf("only %d rule files have Playout", tested)
	}
}

// A runtime error in a playout ends it and is the search's Err, as one
// met by LegalMoves is.
func TestSearchPlayoutError(t *testing.T) {
	g, err := Load("liger.yaml", ligerWhen(t, "lifted % (height - height) == 1"))
	if err != nil {
		t.Fatal(err)
	}
	a := g.newSearchGame(&searchFailure{})
	if !a.HasPlayout() {
		t.Fatal("Liger with a failing condition is no longer a compact game: the test needs another")
	}
	sp := SearchPosition{Position: g.Start()}
	n, over := a.Playout(&sp, rand.New(rand.NewPCG(1, 2)), 10, 0)
	var ee *EvalError
	if !over || n != 0 || !errors.As(a.Err(), &ee) || ee.Expr != "lifted % (height - height)" {
		t.Fatalf("Playout: %d plies, over %v, Err %v; want 0, true and the error", n, over, a.Err())
	}
	if sp.Position != g.Start() {
		t.Fatal("a failed playout changed the position")
	}
}

// The prefer table gives, for every legal move of random positions, what
// evaluating `playout: prefer` gives; it is built where the condition is
// made of static names and `off`, and not where it reads the position.
func TestPreferTable(t *testing.T) {
	built := 0
	for _, name := range gameFiles(t) {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		if g.preferTab == nil {
			continue
		}
		built++
		a := g.newSearchGame(&searchFailure{})
		rng := rand.New(rand.NewPCG(3, 4))
		c := g.newCtx()
		checked := 0
		for i := 0; i < 200; i++ {
			p := g.Start()
			if g.Board.Neutral() == 0 && !g.hands {
				p = randomPosition(rng, g)
			}
			p.ToMove = uint8(rng.IntN(len(g.Players)))
			g.startPlayout(c, &p)
			ms, err := g.compactMoves(c, &p)
			g.endPlayout(c, &p)
			if err != nil {
				continue
			}
			for _, m := range ms {
				if got, want := g.preferTab.prefers(int(p.ToMove), m), a.prefers(&p, m.move()); got != want {
					t.Fatalf("%s: %s at %s: the table says %v, the condition %v", name, g.MoveString(m.move()), g.FormatPosition(&p), got, want)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Errorf("%s: no move checked", name)
		}
	}
	if built < 3 {
		t.Errorf("the prefer table was built for %d rule files", built)
	}
	data, _ := variants.Source("stackers")
	src := strings.Replace(string(data), "prefer: off || to_row > row", "prefer: off || height > 1", 1)
	if src == string(data) {
		t.Fatal("stackers.yaml's prefer is not where the test expects it")
	}
	g, err := Load("stackers.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if g.preferTab != nil || g.prefer == nil {
		t.Error("a prefer condition reading the stack was folded into a table")
	}
}

// CompactAI lists the moves AI() lists, in the same order, and plays,
// prefers and avoids them as AI() does, on every compact rule file; it is
// refused for the others.
func TestCompactAI(t *testing.T) {
	compact := 0
	for _, name := range gameFiles(t) {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		cg, ok := g.CompactAI()
		if ok != (g.compact && g.dice == nil) {
			t.Fatalf("%s: CompactAI ok %v for a game with compact %v", name, ok, g.compact)
		}
		if !ok {
			continue
		}
		compact++
		full := g.AI()
		fullPolicy, _ := full.(ai.PlayoutPolicy[SearchPosition, board.Move])
		cPolicy, _ := cg.(ai.PlayoutPolicy[SearchPosition, CompactMove])
		if (fullPolicy == nil) != (cPolicy == nil) {
			t.Fatalf("%s: playout policy %v, compact %v", name, fullPolicy != nil, cPolicy != nil)
		}
		fullAvoid := full.(ai.Avoider[SearchPosition, board.Move])
		cAvoid := cg.(ai.Avoider[SearchPosition, CompactMove])
		rng := rand.New(rand.NewPCG(5, 6))
		var fm []board.Move
		var cm []CompactMove
		for game := 0; game < 10; game++ {
			sp := SearchPosition{Position: g.Start()}
			if game%2 == 1 && g.Board.Neutral() == 0 && !g.hands {
				sp.Position = randomPosition(rng, g)
			}
			for ply := 0; ply < 300; ply++ {
				fm = full.LegalMoves(&sp, fm)
				cm = cg.LegalMoves(&sp, cm)
				if len(fm) != len(cm) {
					t.Fatalf("%s at %s: %d moves, compact %d", name, g.FormatPosition(&sp.Position), len(fm), len(cm))
				}
				for i, m := range cm {
					if m.Move() != fm[i] {
						t.Fatalf("%s at %s: move %d is %s, compact %s", name, g.FormatPosition(&sp.Position), i, g.MoveString(fm[i]), g.MoveString(m.Move()))
					}
					if fullPolicy != nil && fullPolicy.Prefer(&sp, fm[i]) != cPolicy.Prefer(&sp, m) {
						t.Fatalf("%s at %s: Prefer %s differs", name, g.FormatPosition(&sp.Position), g.MoveString(fm[i]))
					}
					if fullAvoid.Avoid(&sp, fm[i]) != cAvoid.Avoid(&sp, m) {
						t.Fatalf("%s at %s: Avoid %s differs", name, g.FormatPosition(&sp.Position), g.MoveString(fm[i]))
					}
				}
				if len(cm) == 0 {
					break
				}
				i := rng.IntN(len(cm))
				q := sp
				full.Apply(&q, fm[i])
				cg.Apply(&sp, cm[i])
				if q != sp {
					t.Fatalf("%s: Apply %s differs", name, g.MoveString(fm[i]))
				}
			}
		}
	}
	if compact < 4 {
		t.Errorf("only %d rule files have CompactAI", compact)
	}
}
