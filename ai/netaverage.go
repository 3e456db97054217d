package ai

import (
	"errors"
	"fmt"
)

// AverageNets joins nets trained for the same game into one that averages
// them: their hidden units side by side, each output the sigmoid of the
// nets' pre-activations (logits) averaged. So the joined net rates a
// position as the nets would together, in one forward pass over the
// hidden units of all of them. Networks trained apart (another seed,
// another run) err in different places, and their average errs less than
// either: an ensemble. The result's Games is the sum of theirs (it knows
// what all of them learned from), its seed the first's; it is a net like
// any other (`train --resume` goes on training it whole).
func AverageNets(nets ...*Net) (*Net, error) {
	if len(nets) == 0 {
		return nil, errors.New("no networks to average")
	}
	a := nets[0]
	hidden := 0
	var games int64
	for _, n := range nets {
		if n.Layout != a.Layout || n.In != a.In || n.Out != a.Out || n.kinds() != a.kinds() {
			return nil, fmt.Errorf("%w: a network for %s (%s, %d inputs, %d outputs) and one for %s (%s, %d inputs, %d outputs) cannot be averaged",
				ErrNetLayout, a.Game, a.Layout, a.In, a.Out, n.Game, n.Layout, n.In, n.Out)
		}
		hidden += n.Hidden
		games += n.Games
	}
	if a.In*hidden > 1<<26 || hidden*a.Out > 1<<26 {
		return nil, fmt.Errorf("%d×%d×%d weights: too many", a.In, hidden, a.Out)
	}
	m := &Net{In: a.In, Hidden: hidden, Out: a.Out, Kinds: a.Kinds, Layout: a.Layout, Game: a.Game, Games: games, Seed: a.Seed,
		W1: make([]float32, a.In*hidden), B1: make([]float32, hidden),
		W2: make([]float32, hidden*a.Out), B2: make([]float32, a.Out)}
	share := 1 / float32(len(nets))
	off := 0 // the first hidden unit of the net being copied in m
	for _, n := range nets {
		for i := range a.In {
			copy(m.W1[i*hidden+off:], n.W1[i*n.Hidden:(i+1)*n.Hidden])
		}
		copy(m.B1[off:], n.B1)
		for j := range n.Hidden {
			for k := range a.Out {
				m.W2[(off+j)*a.Out+k] = n.W2[j*a.Out+k] * share
			}
		}
		for k := range m.B2 {
			m.B2[k] += n.B2[k] * share
		}
		off += n.Hidden
	}
	return m, nil
}
