package interpreter

import (
	"errors"
	"math/rand/v2"
	"slices"
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
		checkSmallMoves(t, name, g, cg, func(_ *SearchPosition, m CompactMove) board.Move { return m.Move() })
	}
	if compact < 4 {
		t.Errorf("only %d rule files have CompactAI", compact)
	}
}

// ShortAI does the same with ShortMoves on every rule file without dice or
// spreads that is not compact, captures of several jumps among them.
func TestShortAI(t *testing.T) {
	short, indexed := 0, 0
	for _, name := range gameFiles(t) {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sg, ok := g.ShortAI()
		if ok != (!g.compact && g.dice == nil && !g.HasSpreads()) {
			t.Fatalf("%s: ShortAI ok %v", name, ok)
		}
		if !ok {
			continue
		}
		short++
		decode := g.ShortDecoder()
		checkSmallMoves(t, name, g, sg, func(sp *SearchPosition, m ShortMove) board.Move {
			if m&shortIndexed != 0 {
				indexed++
			}
			return decode(sp, m)
		})
	}
	t.Logf("%d rule files, %d indexed moves checked", short, indexed)
	if short < 10 || indexed < 100 {
		t.Errorf("%d rule files have ShortAI, %d indexed moves checked", short, indexed)
	}
}

// checkSmallMoves plays random games with sg, a game of small moves N, and
// AI() side by side: each position's moves, decoded, must be AI()'s in the
// same order, preferred and avoided alike, and played alike. A move is
// decoded after the other moves of its position were listed and played
// (so that a decoder listing them again is exercised).
func checkSmallMoves[N comparable](t *testing.T, name string, g *Game, sg ai.Game[SearchPosition, N], decode func(*SearchPosition, N) board.Move) {
	t.Helper()
	full := g.AI()
	fullPolicy, _ := full.(ai.PlayoutPolicy[SearchPosition, board.Move])
	sPolicy, _ := sg.(ai.PlayoutPolicy[SearchPosition, N])
	if (fullPolicy == nil) != (sPolicy == nil) {
		t.Fatalf("%s: playout policy %v, small moves %v", name, fullPolicy != nil, sPolicy != nil)
	}
	fullAvoid := full.(ai.Avoider[SearchPosition, board.Move])
	sAvoid := sg.(ai.Avoider[SearchPosition, N])
	rng := rand.New(rand.NewPCG(5, 6))
	var fm []board.Move
	var sm []N
	for game := 0; game < 10; game++ {
		sp := SearchPosition{Position: g.Start()}
		if game%2 == 1 && g.Board.Neutral() == 0 && !g.hands {
			sp.Position = randomPosition(rng, g)
		}
		for ply := 0; ply < 300; ply++ {
			fm = full.LegalMoves(&sp, fm)
			sm = sg.LegalMoves(&sp, sm)
			if len(fm) != len(sm) {
				t.Fatalf("%s at %s: %d moves, small %d", name, g.FormatPosition(&sp.Position), len(fm), len(sm))
			}
			if len(sm) == 0 {
				break
			}
			// each move played from a copy first, so that the decoder
			// sees other positions between the listing and the decoding
			for i, m := range sm {
				q := sp
				sg.Apply(&q, m)
				r := sp
				full.Apply(&r, fm[i])
				if q != r {
					t.Fatalf("%s at %s: Apply %s differs", name, g.FormatPosition(&sp.Position), g.MoveString(fm[i]))
				}
				sg.LegalMoves(&q, nil)
				if got := decode(&sp, m); got != fm[i] {
					t.Fatalf("%s at %s: move %d is %s, small %s", name, g.FormatPosition(&sp.Position), i, g.MoveString(fm[i]), g.MoveString(got))
				}
				if fullPolicy != nil && fullPolicy.Prefer(&sp, fm[i]) != sPolicy.Prefer(&sp, m) {
					t.Fatalf("%s at %s: Prefer %s differs", name, g.FormatPosition(&sp.Position), g.MoveString(fm[i]))
				}
				if fullAvoid.Avoid(&sp, fm[i]) != sAvoid.Avoid(&sp, m) {
					t.Fatalf("%s at %s: Avoid %s differs", name, g.FormatPosition(&sp.Position), g.MoveString(fm[i]))
				}
			}
			i := rng.IntN(len(sm))
			full.Apply(&sp, fm[i])
		}
	}
}

// A position whose quiet count has reached the draw has no moves; the same
// position with a lower count has, and its indexed moves still decode.
func TestShortMovesAfterAQuietDraw(t *testing.T) {
	for _, name := range []string{"english-checkers", "international", "russian"} {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		limit := g.Draw.QuietPlies
		for _, q := range g.quietRules {
			if limit == 0 || q.plies < limit {
				limit = q.plies
			}
		}
		if limit == 0 {
			continue
		}
		sg, _ := g.ShortAI()
		full := g.AI()
		rng := rand.New(rand.NewPCG(7, 8))
		for game := 0; game < 200; game++ {
			sp := SearchPosition{Position: g.Start()}
			for ply := 0; ply < 200; ply++ {
				ms := sg.LegalMoves(&sp, nil)
				if len(ms) == 0 {
					break
				}
				for i, m := range ms {
					if m&shortIndexed == 0 {
						continue
					}
					drawn := sp
					drawn.Quiet = int32(limit)
					if n := len(sg.LegalMoves(&drawn, nil)); n != 0 {
						t.Fatalf("%s: %d moves at the quiet-plies draw", name, n)
					}
					a, b := sp, sp
					sg.Apply(&a, m)
					full.Apply(&b, full.LegalMoves(&sp, nil)[i])
					if a != b {
						t.Fatalf("%s at %s: the indexed move %d played after a quiet draw of the same position differs", name, g.FormatPosition(&sp.Position), i)
					}
					return
				}
				full.Apply(&sp, full.LegalMoves(&sp, nil)[rng.IntN(len(ms))])
			}
		}
		t.Fatalf("%s: no capture of several jumps in 200 random games", name)
	}
	t.Fatal("no game with a quiet-plies draw")
}

// ShortAI's playouts play, ply by ply, a move Apply plays from a legal move,
// and end only where there is none.
func TestShortPlayout(t *testing.T) {
	for _, name := range []string{"english-checkers", "nine-mens-morris", "lasca", "focus", "dvonn"} {
		g, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sg, ok := g.ShortAI()
		if !ok {
			t.Fatalf("%s: no ShortAI", name)
		}
		po := sg.(ai.Playouter[SearchPosition])
		full := g.AI()
		rng := rand.New(rand.NewPCG(9, 10))
		plies := 0
		for game := 0; game < 3; game++ {
			sp := SearchPosition{Position: g.Start()}
			for ply := 0; ply < 150; ply++ {
				before := sp
				legal := full.LegalMoves(&before, nil)
				n, over := po.Playout(&sp, rng, 1, 0.5)
				if over || n == 0 {
					if !over || n != 0 || len(legal) > 0 {
						t.Fatalf("%s at %s: %d plies, over %v, %d legal moves", name, g.FormatPosition(&before.Position), n, over, len(legal))
					}
					break
				}
				found := false
				for _, m := range legal {
					q := before
					full.Apply(&q, m)
					found = found || q == sp
				}
				if !found {
					t.Fatalf("%s at %s: the playout reached %s, no legal move does", name, g.FormatPosition(&before.Position), g.FormatPosition(&sp.Position))
				}
				plies++
			}
		}
		if plies == 0 {
			t.Errorf("%s: no ply played", name)
		}
	}
}

// Random prefer conditions of static names and `off` in Stackers and
// Liger: where the table is built, it gives what evaluating the condition
// gives, for every legal move of random positions. Conditions that fail
// for some move (a modulo by zero) are not folded.
func TestPreferTableRandomConditions(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 29))
	built, loaded := 0, 0
	for _, name := range []string{"stackers", "liger"} {
		data, _ := variants.Source(name)
		old := "prefer: off || to_row > row"
		if name == "liger" {
			old = "prefer: off"
		}
		if !strings.Contains(string(data), old) {
			t.Fatalf("%s.yaml's prefer is not where the test expects it", name)
		}
		base, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		consts := []string{base.Players[0].Name, base.Players[1].Name}
		cg := newCondGen(rng, inPrefer, consts)
		notStatic := func(n string) bool { d := names[n]; return !d.static && n != "off" }
		cg.ints = slices.DeleteFunc(cg.ints, notStatic)
		cg.calls = slices.DeleteFunc(cg.calls, notStatic)
		cg.calls2 = slices.DeleteFunc(cg.calls2, notStatic)
		cg.tests = slices.DeleteFunc(cg.tests, notStatic)
		cg.flags = slices.DeleteFunc(cg.flags, notStatic)
		if len(cg.ints) == 0 || len(cg.flags) == 0 {
			t.Fatalf("no static names to write conditions of: ints %v, flags %v", cg.ints, cg.flags)
		}
		for i := 0; i < 60; i++ {
			cond := cg.condition(inPrefer)
			src := strings.Replace(string(data), old, "prefer: '"+strings.ReplaceAll(cond, "'", "''")+"'", 1)
			g, err := Load(name+".yaml", []byte(src))
			if err != nil {
				continue // a condition the linter refuses
			}
			loaded++
			if g.preferTab == nil {
				continue
			}
			built++
			a := g.newSearchGame(&searchFailure{})
			c := g.newCtx()
			for j := 0; j < 20; j++ {
				p := randomPosition(rng, g)
				p.ToMove = uint8(rng.IntN(2))
				g.startPlayout(c, &p)
				ms, err := g.compactMoves(c, &p)
				g.endPlayout(c, &p)
				if err != nil {
					continue
				}
				for _, m := range ms {
					if got, want := g.preferTab.prefers(int(p.ToMove), m), a.prefers(&p, m.move()); got != want || a.Err() != nil {
						t.Fatalf("%s, prefer: %s\n%s at %s: the table says %v, the condition %v (%v)", name, cond, g.MoveString(m.move()), g.FormatPosition(&p), got, want, a.Err())
					}
				}
			}
		}
	}
	t.Logf("%d rule files loaded, %d with a prefer table", loaded, built)
	if built < 40 {
		t.Errorf("only %d of %d random prefer conditions were folded into a table", built, loaded)
	}
}
