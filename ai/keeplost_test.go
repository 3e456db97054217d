package ai

import (
	"context"
	"testing"
)

// blunderGame: at the root player 1 has ten replies; nine lose at once
// (player 0 wins), the tenth leads to a draw.
type blunderGame struct{}

type blunderPos struct{ node int8 } // 0 root, 1-9 lost for player 1, 10 the draw, 11 over

func (blunderGame) Players() int             { return 2 }
func (blunderGame) ToMove(p *blunderPos) int { return 1 - min(int(p.node), 1) }
func (blunderGame) LegalMoves(p *blunderPos, buf []int8) []int8 {
	buf = buf[:0]
	switch p.node {
	case 0:
		for m := int8(1); m <= 10; m++ {
			buf = append(buf, m)
		}
	case 10:
		buf = append(buf, 11)
	}
	return buf
}
func (blunderGame) Apply(p *blunderPos, m int8) { p.node = m }
func (blunderGame) Result(p *blunderPos, r []float64) bool {
	switch {
	case p.node >= 1 && p.node <= 9:
		r[0], r[1] = 1, 0
	case p.node == 11:
		r[0], r[1] = 0.5, 0.5
	default:
		return false
	}
	return true
}
func (blunderGame) Hash(p *blunderPos) uint64 { return uint64(p.node) }

// With KeepLost the search goes on visiting the replies proven lost, as
// plain UCT would (so its values count a fallible player's blunders);
// without, it drops each once proven. Either way it plays the draw.
func TestKeepLostVisitsProvenLosses(t *testing.T) {
	for _, keep := range []bool{false, true} {
		s := NewMCTS[blunderPos, int8](blunderGame{}, Config{Iterations: 2000, Seed: 1, KeepLost: keep, KeepSearching: true})
		r := s.Search(context.Background(), &blunderPos{node: 0})
		if r.Move != 10 {
			t.Errorf("keep=%v: played %d, want the draw (10)", keep, r.Move)
		}
		lost := 0
		for _, m := range r.Moves {
			if m.Move != 10 {
				if m.Proof != Loss {
					t.Errorf("keep=%v: move %d not proven lost: %+v", keep, m.Move, m)
				}
				lost += m.Visits
			}
		}
		t.Logf("keep=%v: the nine lost replies visited %d times in all", keep, lost)
		if keep && lost < 9*5 || !keep && lost > 9*2 {
			t.Errorf("keep=%v: the nine lost replies visited %d times in all", keep, lost)
		}
	}
}
