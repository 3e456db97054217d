package ai

import "fmt"

// NetEval rates positions with a Net (an Evaluator): the game's Encoder
// writes the position, the net gives each player's expected return. It
// keeps scratch buffers, so it is for one goroutine; Evaluate allocates
// nothing.
type NetEval[P any] struct {
	Net *Net
	enc Encoder[P]
	x   []float32
	h   []float32
	out []float32
	ret []float64 // the returns in the net's player order
}

// NewNetEval makes an evaluator of net for a game with Encoder enc. It
// refuses a net whose layout, features or outputs do not fit.
func NewNetEval[P any](net *Net, enc Encoder[P], players int) (*NetEval[P], error) {
	if enc == nil {
		return nil, fmt.Errorf("the game cannot describe its positions for a network (no Encoder)")
	}
	if err := net.Check(enc.FeatureLayout(), enc.Features(), players); err != nil {
		return nil, err
	}
	return &NetEval[P]{Net: net, enc: enc, x: make([]float32, net.In), h: make([]float32, net.Hidden), out: make([]float32, net.Out), ret: make([]float64, players)}, nil
}

// Evaluate fills values with the net's estimate of each player's return.
func (e *NetEval[P]) Evaluate(p *P, values []float64) bool {
	e.enc.Encode(p, e.x)
	e.Net.Forward(e.x, e.h, e.out)
	e.Net.Returns(e.out, e.ret)
	n := len(values)
	persp := e.enc.Perspective(p)
	for i := range values {
		values[(persp+i)%n] = e.ret[i]
	}
	return true
}

// NetFactory makes an evaluator per search thread (or per player) for g,
// which must be an Encoder (each thread's Fork encodes with its own
// scratch).
func NetFactory[P any, M comparable](net *Net) func(g Game[P, M]) (Evaluator[P], error) {
	return func(g Game[P, M]) (Evaluator[P], error) {
		enc, _ := g.(Encoder[P])
		e, err := NewNetEval(net, enc, g.Players())
		if err != nil {
			return nil, err
		}
		return e, nil
	}
}

// NewNetPlayer is the player of spec net:FILE: one ply, each move rated by
// the net (with the expectation over the roll that follows it in a game
// with dice), as Greedy does with an Evaluator.
func NewNetPlayer[P any, M comparable](g Game[P, M], net *Net, seed uint64) (*Greedy[P, M], error) {
	enc, _ := g.(Encoder[P])
	e, err := NewNetEval(net, enc, g.Players())
	if err != nil {
		return nil, err
	}
	gr := NewGreedy(g, seed)
	gr.eval = e
	return gr, nil
}

// NewNetDirectPlayer is the self-play player of Train: one ply, the
// position after each move rated by the net as it stands (before the roll
// that follows it, in a game with dice), with no exploration.
func NewNetDirectPlayer[P any, M comparable](g Game[P, M], net *Net, seed uint64) (Player[P, M], error) {
	return newSelfPlayer(g, net, seed, 0)
}
