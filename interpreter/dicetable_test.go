package interpreter

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter/internal/dice"
)

// dicePositions plays random games of g and returns every position with a
// roll to play that they met (at most max).
func dicePositions(t *testing.T, g *Game, games, max int, seed uint64) []board.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []board.Position
	var buf []board.Move
	for i := 0; i < games && len(out) < max; i++ {
		p := g.Start()
		for ply := 0; ply < 2000 && len(out) < max; ply++ {
			if !p.Rolled() {
				if g.Result(&p).Over {
					break
				}
				g.Apply(&p, g.RandomRoll(&p, rng))
			}
			out = append(out, p)
			buf = g.LegalMoves(&p, buf)
			if len(buf) == 0 {
				break
			}
			g.Apply(&p, buf[rng.IntN(len(buf))])
		}
	}
	return out
}

func openPlayers(t *testing.T, name string, players int) *Game {
	t.Helper()
	g, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	if g, err = g.WithPlayers(players); err != nil {
		t.Fatal(err)
	}
	return g
}

// The step table and the skipping of plays found the other way round
// (dicetable.go) are shortcuts: with them, every position of random games
// has the same legal plays, in the same order, as with the rules' tests.
func TestStepTableAgreesWithConditions(t *testing.T) {
	for _, tc := range []struct {
		name              string
		players           int
		tabled, commuting bool
	}{
		{"ludo", 4, true, true},
		{"ludo", 2, true, true},
		{"ludo-safe-squares", 4, true, true},
		{"ludo-ranked", 4, true, true},    // players drop out as they finish
		{"ludo-beginner", 3, true, false}, // a rule rolls again
		{"backgammon", 2, false, false},   // conditions read the board
	} {
		fast := openPlayers(t, tc.name, tc.players)
		engine := fast.dice.(*dice.Engine[*Ctx])
		if got := engine.Tabled(); got != tc.tabled {
			t.Errorf("%s: step table built: %v, want %v", tc.name, got, tc.tabled)
		}
		if engine.Commuting() != tc.commuting {
			t.Errorf("%s: commuting: %v, want %v", tc.name, engine.Commuting(), tc.commuting)
		}
		slow := openPlayers(t, tc.name, tc.players)
		slow.dice.(*dice.Engine[*Ctx]).DropShortcuts()
		positions := dicePositions(t, fast, 40, 3000, uint64(tc.players))
		var a, b []board.Move
		plays := 0
		for i := range positions {
			p := positions[i]
			a = fast.LegalMoves(&p, a)
			b = slow.LegalMoves(&p, b)
			if !slices.Equal(a, b) {
				t.Fatalf("%s, %d players, %s: with the step table %v, with the tests %v",
					tc.name, tc.players, fast.FormatPosition(&p), a, b)
			}
			plays += len(a)
		}
		if len(positions) < 1000 || plays < 2*len(positions) {
			t.Errorf("%s: only %d positions, %d plays compared", tc.name, len(positions), plays)
		}
	}
}

// rearmost as the search keeps it (rearAfterStep) is rearmost of the
// position the die move reaches, for the mover, and for no other player
// whose pieces the move sent back.
func TestRearmostKeptThroughDieMoves(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
	}{{"backgammon", 2}, {"ludo", 4}, {"ludo-beginner", 2}} {
		g := openPlayers(t, tc.name, tc.players)
		e := g.dice.(*dice.Engine[*Ctx])
		checked, rescans := 0, 0
		var buf []board.Move
		for _, p := range dicePositions(t, g, 20, 2000, 3) {
			buf = g.LegalMoves(&p, buf)
			me := int(p.ToMove)
			for _, m := range buf {
				if m.Kind != board.Play || m.Jumps == 0 {
					continue
				}
				q := p
				var d dice.Ctx[*Ctx]
				e.Bind(&d, nil)
				rear, have, current, fromRear := e.StepRear(&d, &q, m)
				if fromRear {
					rescans++
				}
				if !current || have&(1<<me) == 0 {
					t.Fatalf("%s %s, %v: the cache no longer holds the mover's rearmost", tc.name, g.FormatPosition(&p), m)
				}
				for o := range g.Players {
					if have&(1<<o) != 0 && int(rear[o]) != e.Rearmost(&q, o) {
						t.Fatalf("%s %s, first die of %s: rearmost(%d) kept as %d, is %d",
							tc.name, g.FormatPosition(&p), g.MoveString(m), o, rear[o], e.Rearmost(&q, o))
					}
				}
				checked++
			}
		}
		if checked < 1000 || rescans < 50 {
			t.Errorf("%s: %d die moves checked, %d from the rearmost step", tc.name, checked, rescans)
		}
	}
}

// Random playouts of dice games, and the move searches in them, allocate
// nothing once the context's scratch space has grown.
func TestDicePlayoutsAllocateNothing(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
	}{{"ludo", 4}, {"ludo", 2}, {"ludo-safe-squares", 3}, {"ludo-ranked", 4}, {"ludo-beginner", 4}, {"backgammon", 2}} {
		g := openPlayers(t, tc.name, tc.players)
		rng := rand.New(rand.NewPCG(5, 6))
		buf := make([]board.Move, 0, 4096)
		start := g.Start()
		p := new(board.Position)
		plays := 0
		for i := 0; i < 20; i++ { // grow the scratch space
			*p = start
			_, buf, _ = g.RandomPlayout(p, rng, 5000, buf)
		}
		allocs := testing.AllocsPerRun(20, func() {
			*p = start
			var n int
			n, buf, _ = g.RandomPlayout(p, rng, 5000, buf)
			plays += n
		})
		if allocs != 0 || plays == 0 {
			t.Errorf("%s, %d players: %v allocations per random game (%d plays)", tc.name, tc.players, allocs, plays)
		}
	}
}
