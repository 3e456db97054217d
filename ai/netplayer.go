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
	// The base of EvaluateNear: a position's features, hidden sums and
	// perspective (baseX nil: none yet).
	baseX, baseH []float32
	basePersp    int
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
	e.returns(e.enc.Perspective(p), values)
	return true
}

// SetBase makes p the base of EvaluateNear: its features and hidden sums
// are kept.
func (e *NetEval[P]) SetBase(p *P) {
	if e.baseX == nil {
		e.baseX, e.baseH = make([]float32, e.Net.In), make([]float32, e.Net.Hidden)
	}
	e.enc.Encode(p, e.baseX)
	e.Net.sums(e.baseX, e.baseH)
	e.basePersp = e.enc.Perspective(p)
}

// EvaluateNear is Evaluate for a position near the base (SetBase), one move
// from it: its hidden sums are the base's plus the weights of the features
// that differ, which costs a fraction of a whole forward pass. The values
// are Evaluate's up to float32 rounding. Without a base, or where p is seen
// from another player (Perspective), it is Evaluate.
func (e *NetEval[P]) EvaluateNear(p *P, values []float64) bool {
	e.enc.Encode(p, e.x)
	persp := e.enc.Perspective(p)
	if e.baseX != nil && persp == e.basePersp {
		e.Net.sumsNear(e.x, e.baseX, e.baseH, e.h)
	} else {
		e.Net.sums(e.x, e.h)
	}
	e.Net.finish(e.h, e.out)
	e.returns(persp, values)
	return true
}

// returns fills values, in the game's player order, from the outputs of a
// position seen from player persp.
func (e *NetEval[P]) returns(persp int, values []float64) {
	e.Net.Returns(e.out, e.ret)
	n := len(values)
	for i := range values {
		values[(persp+i)%n] = e.ret[i]
	}
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
