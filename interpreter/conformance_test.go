package interpreter_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// Every rule file — built-in and example — passes the same conformance
// checks over seeded random games: every move string parses back to the same
// move, every position string round-trips, pieces are conserved (on the board
// plus borne off), counts and hash kept incrementally equal a recount, and a
// finished game has no legal moves.

func allGames(t *testing.T) map[string]*interpreter.Game {
	t.Helper()
	out := map[string]*interpreter.Game{}
	for _, n := range variants.Names() {
		out[n] = open(t, n)
	}
	files, _ := filepath.Glob("../examples/*.yaml")
	for _, f := range files {
		out[f] = open(t, f)
	}
	return out
}

func TestConformance(t *testing.T) {
	for name, g := range allGames(t) {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			// 12 games a file by default, 40 with STACKRULES_DEEP=1 (the
			// package's second slowest test at 40).
			games := 12
			if deepTests() {
				games = 40
			}
			finished := 0
			for game := 0; game < games; game++ {
				// Half the games take a bear-off whenever there is one, so that
				// races like Stackers, which random play rarely ends, finish too.
				eager := game%2 == 1
				p := g.Start()
				for ply := 0; ply < 2000; ply++ {
					checkPosition(t, g, &p)
					moves := g.LegalMoves(&p, nil)
					if len(moves) == 0 {
						if !g.Result(&p).Over {
							t.Fatalf("%s: no legal moves but the game is not over", g.FormatPosition(&p))
						}
						finished++
						break
					}
					if g.Result(&p).Over {
						t.Fatalf("%s: the game is over but has %d legal moves", g.FormatPosition(&p), len(moves))
					}
					seen := map[string]bool{}
					for mi, m := range moves {
						text := g.MoveString(m)
						if seen[text] {
							t.Fatalf("%s: move %s listed twice", g.FormatPosition(&p), text)
						}
						seen[text] = true
						if len(moves) > 30 && (mi+ply)%16 != 0 {
							// ParseMove generates the moves again: checking
							// every one of a long list at every ply of a long
							// game (Focus) costs a minute; a sixteenth of them,
							// a different sixteenth each ply, covers the notation.
							continue
						}
						back, err := g.ParseMove(&p, text)
						if err != nil || back != m {
							t.Fatalf("%s: move %s parses back as %+v (%v), want %+v", g.FormatPosition(&p), text, back, err, m)
						}
					}
					m := moves[rng.IntN(len(moves))]
					for _, c := range moves {
						if eager && c.Kind == board.BearOff {
							m = c
						}
					}
					if eager && m.Kind != board.BearOff && m.Kind != board.Capture {
						// And a step or placement that captures (Focus cuts
						// stacks back to five), which random play rarely
						// keeps doing long enough to end the game.
						m = capturingMove(g, &p, moves, m)
					}
					before := totalPieces(&p, g)
					g.Apply(&p, m)
					after := totalPieces(&p, g)
					// Conservation, adjusted for captures: only a capture, or a
					// move that removes pieces, may take pieces off the board for
					// good, and never the mover's own top pieces.
					if m.Kind != board.Capture && m.Removed == 0 && after != before {
						t.Fatalf("move %s changed the pieces in play from %v to %v", g.MoveString(m), before, after)
					}
					for i := range before {
						if after[i] > before[i] {
							t.Fatalf("move %s added pieces: %v to %v", g.MoveString(m), before, after)
						}
					}
				}
			}
			t.Logf("%d of %d games finished within 2000 plies", finished, games)
			if finished == 0 {
				t.Errorf("no game finished: the end conditions are never met")
			}
		})
	}
}

func checkPosition(t *testing.T, g *interpreter.Game, p *board.Position) {
	t.Helper()
	text := g.FormatPosition(p)
	q, err := g.ParsePosition(text)
	if err != nil {
		t.Fatalf("position %q does not parse back: %v", text, err)
	}
	if q != *p {
		t.Fatalf("position %q does not round-trip: counts or hash kept during play differ from a fresh read", text)
	}
	if again := g.FormatPosition(&q); again != text {
		t.Fatalf("position %q prints back as %q", text, again)
	}
	for i := range g.Players {
		if int(p.OnBoard[i]+p.Off[i]+p.Hand[i]) > g.Initial(i) || p.OnBoard[i] < 0 || p.Off[i] < 0 || p.Hand[i] < 0 {
			t.Fatalf("position %q: %s has %d on the board and %d borne off, but started with %d",
				text, g.Players[i].Name, p.OnBoard[i], p.Off[i], g.Initial(i))
		}
	}
}

// capturingMove is the first of moves that lowers the pieces the other
// players have in play, or m when none does.
func capturingMove(g *interpreter.Game, p *board.Position, moves []board.Move, m board.Move) board.Move {
	me := int(p.ToMove)
	inPlay := func(q *board.Position) (n int) {
		for i := range g.Players {
			if i != me {
				n += int(q.OnBoard[i] + q.Off[i] + q.Hand[i])
			}
		}
		return n
	}
	before := inPlay(p)
	for _, c := range moves {
		q := *p
		g.Apply(&q, c)
		if inPlay(&q) < before {
			return c
		}
	}
	return m
}

// totalPieces is what each player has in play, or has had counted out of
// it: on the board, borne off, in hand or captured (Focus captures by
// cutting stacks back, in steps and placements).
func totalPieces(p *board.Position, g *interpreter.Game) [board.MaxPlayers]int {
	var out [board.MaxPlayers]int
	for i := range g.Players {
		out[i] = int(p.OnBoard[i] + p.Off[i] + p.Hand[i] + p.Captured[i])
	}
	return out
}
