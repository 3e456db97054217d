package ai

import (
	"context"
	"fmt"
)

// Match plays a series of games between players A and B to compare them, e.g.
// tree- against root-parallel search at equal time:
//
//	a, _ := ai.ParseSpec("mcts:time=1s,threads=2,parallel=tree")
//	b, _ := ai.ParseSpec("mcts:time=1s,threads=2,parallel=root")
//	rec, err := ai.Match[P, M]{Game: g, Start: start, A: ai.Factory(g, a), B: ai.Factory(g, b), Games: 100}.Run(ctx)
//	fmt.Println(rec) // A's wins, draws, losses, score and Elo with 95% intervals
//
// A takes seat game%Players() (so seats alternate in two-player games); one B
// player takes every other seat. Players are made afresh for every game. The
// match resolves the rolls of a game with chance (see Chance) by sampling
// with the weights, from its own seeded generator. A's game counts as a win
// when its return is above one half (a win worth any number of points), a
// loss below, a draw at one half.
type Match[P any, M comparable] struct {
	Game Game[P, M]
	// Start gives game i's start position.
	Start func(game int) P
	// A and B make a player from a seed (different for every game).
	A, B  func(seed uint64) Player[P, M]
	Games int
	Seed  uint64
	// MaxPlies adjudicates a game still running after that many moves as a
	// draw (0: no limit).
	MaxPlies int
	// OnGame, if set, is called after each game with A's seat and the
	// returns (e.g. to print a running score).
	OnGame func(game, seatA int, returns []float64, sofar Record)
}

// Factory adapts a spec to Match: it makes a fresh player for each seed.
func Factory[P any, M comparable](g Game[P, M], spec Spec) func(seed uint64) Player[P, M] {
	return func(seed uint64) Player[P, M] { return NewPlayer(g, spec, seed) }
}

// Run plays the games in order and returns A's record. It stops early, with
// the record so far, when ctx is done or a player returns an illegal move.
func (m Match[P, M]) Run(ctx context.Context) (Record, error) {
	var rec Record
	g := m.Game
	n := g.Players()
	returns := make([]float64, n)
	var moves []M
	rep, _ := g.(Repetition[P])
	var keys []uint64 // the game's positions so far, for repetition draws
	chance := chanceOf(g)
	var weights []float64
	for i := 0; i < m.Games; i++ {
		if err := ctx.Err(); err != nil {
			return rec, err
		}
		seatA := i % n
		a := m.A(mix(m.Seed, uint64(i), 1))
		b := m.B(mix(m.Seed, uint64(i), 2))
		pos := m.Start(i)
		over := false
		keys = keys[:0]
		dice := newRand(mix(m.Seed, uint64(i), 3))
		rolls := 0 // in a row, to catch a game that never stops rolling
		for ply := 0; m.MaxPlies == 0 || ply < m.MaxPlies; ply++ {
			if chance != nil && chance.IsChance(&pos) {
				if rolls++; rolls > 1000 {
					return rec, fmt.Errorf("game %d ply %d: 1000 rolls in a row without a move", i, ply)
				}
				weights = chance.Outcomes(&pos, weights[:0])
				k := sampleOutcome(weights, dice.Float64())
				if k < 0 {
					return rec, fmt.Errorf("game %d ply %d: a roll with no outcome of positive weight", i, ply)
				}
				chance.Resolve(&pos, k)
				ply-- // a roll is not a ply
				continue
			}
			rolls = 0
			if rep != nil && rep.RepetitionLimit() > 0 {
				if repeats(rep, &pos, keys) >= rep.RepetitionLimit() {
					fill(returns, 0.5)
					over = true
					break
				}
				keys = append(keys, rep.RepetitionKey(&pos))
			}
			moves = g.LegalMoves(&pos, moves[:0])
			if len(moves) == 0 {
				if !g.Result(&pos, returns) {
					return rec, fmt.Errorf("game %d: no legal moves but Result says the game is not over", i)
				}
				over = true
				break
			}
			pl := b
			if g.ToMove(&pos) == seatA {
				pl = a
			}
			if hu, ok := pl.(HistoryUser); ok && len(keys) > 0 {
				hu.SetHistory(keys[:len(keys)-1])
			}
			mv, info := pl.Choose(ctx, &pos)
			if info.Err != nil {
				return rec, fmt.Errorf("game %d ply %d: %w", i, ply, info.Err)
			}
			if !contains(moves, mv) {
				if ctx.Err() != nil {
					return rec, ctx.Err()
				}
				return rec, fmt.Errorf("game %d ply %d: player chose illegal move %v", i, ply, mv)
			}
			g.Apply(&pos, mv)
		}
		if !over {
			fill(returns, 0.5)
		}
		switch r := returns[seatA]; {
		case r > 0.5:
			rec.Wins++
		case r < 0.5:
			rec.Losses++
		default:
			rec.Draws++
		}
		if m.OnGame != nil {
			m.OnGame(i, seatA, returns, rec)
		}
	}
	return rec, nil
}

// repeats counts the occurrences of p in keys (the positions before it) and p
// itself, as far back as p is reversible.
func repeats[P any](rep Repetition[P], p *P, keys []uint64) int {
	key, back, seen := rep.RepetitionKey(p), rep.Reversible(p), 1
	for i := len(keys) - 1; i >= 0 && back > 0; i-- {
		back--
		if keys[i] == key {
			seen++
		}
	}
	return seen
}

func contains[M comparable](moves []M, m M) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// mix derives independent seeds (splitmix64 finaliser).
func mix(a, b, c uint64) uint64 {
	x := a ^ (b+1)*0x9e3779b97f4a7c15 ^ (c+1)*0xbf58476d1ce4e5b9
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
