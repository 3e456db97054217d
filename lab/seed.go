package lab

import "math/rand/v2"

// The seeds of a run's games depend on the run's seed and the game's number
// only: never on the order in which games are played, on how many play at
// once, or on which shard plays them.

// Streams keep the self-play games and each ladder pair's games apart.
const (
	selfPlayStream = 0
	ladderStream   = 1 << 62
)

// gameRand is the generator of game i of a stream: the seats' players' seeds
// are drawn from it first, in seat order, then the seed of the dice.
func gameRand(seed uint64, stream uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, stream|uint64(i)))
}

// gameSeeds are the seeds of game i of a stream: one per seat, and the dice
// generator (the rolls of a dice game).
func gameSeeds(seed uint64, stream uint64, i, seats int) ([]uint64, *rand.Rand) {
	r := gameRand(seed, stream, i)
	out := make([]uint64, seats)
	for s := range out {
		out[s] = r.Uint64()
	}
	dice := rand.New(rand.NewPCG(r.Uint64(), r.Uint64()))
	return out, dice
}

// ladderStreamOf is the stream of ladder pair p (the levels p and p+1).
func ladderStreamOf(p int) uint64 { return ladderStream | uint64(p)<<40 }
