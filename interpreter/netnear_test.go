package interpreter_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
)

// gameNet is g's built-in network, or where it has none a new one of the
// shape `stackrules train` makes.
func gameNet(tb testing.TB, g *interpreter.Game) (*ai.Net, ai.Encoder[interpreter.SearchPosition]) {
	tb.Helper()
	game := g.AI()
	enc := game.(ai.Encoder[interpreter.SearchPosition])
	net, err := g.Network()
	if err != nil {
		tb.Fatal(err)
	}
	if net == nil {
		k := max(game.(ai.ResultKinds).ResultKinds(), 1)
		net = ai.NewNet(enc.Features(), ai.DefaultHidden, len(g.Players)*k, enc.FeatureLayout(), 1)
		net.Kinds = k
	}
	return net, enc
}

// walk plays plies random moves from g's start (seeded), stopping where the
// game ends.
func walk(g *interpreter.Game, plies int, seed uint64) interpreter.SearchPosition {
	game := g.AI()
	sp := interpreter.SearchPosition{Position: g.Start()}
	r := rand.New(rand.NewPCG(seed, 1))
	returns := make([]float64, len(g.Players))
	for range plies {
		if game.Result(&sp, returns) {
			break
		}
		if c, ok := game.(ai.Chance[interpreter.SearchPosition]); ok && c.IsChance(&sp) {
			c.Resolve(&sp, r.IntN(len(c.Outcomes(&sp, nil))))
			continue
		}
		ms := game.LegalMoves(&sp, nil)
		if len(ms) == 0 {
			break
		}
		game.Apply(&sp, ms[r.IntN(len(ms))])
	}
	return sp
}

// EvaluateNear rates a node's children from the node's hidden sums (the
// search's priors): the same values as a whole forward pass, up to float32
// rounding, in games whose positions are seen from a fixed player and
// from the mover's (Backgammon: there the children are seen from the
// other player, and rated whole).
func TestEvaluateNear(t *testing.T) {
	for _, name := range []string{"stackers", "english-checkers", "liger", "backgammon", "ludo"} {
		g := open(t, name)
		game := g.AI()
		net, enc := gameNet(t, g)
		whole, err := ai.NewNetEval(net, enc, len(g.Players))
		if err != nil {
			t.Fatal(err)
		}
		near, _ := ai.NewNetEval(net, enc, len(g.Players))
		want := make([]float64, len(g.Players))
		got := make([]float64, len(g.Players))
		rated := 0
		for seed := range uint64(8) {
			sp := walk(g, int(seed)*7, seed)
			if c, ok := game.(ai.Chance[interpreter.SearchPosition]); ok && c.IsChance(&sp) {
				c.Resolve(&sp, int(seed)%len(c.Outcomes(&sp, nil)))
			}
			near.SetBase(&sp)
			for _, m := range game.LegalMoves(&sp, nil) {
				child := sp
				game.Apply(&child, m)
				whole.Evaluate(&child, want)
				near.EvaluateNear(&child, got)
				for i := range want {
					if math.Abs(got[i]-want[i]) > 1e-5 {
						t.Errorf("%s seed %d, after %s: player %d rated %g near its parent, %g whole", name, seed, g.MoveString(m), i, got[i], want[i])
					}
				}
				rated++
			}
		}
		if rated < 20 {
			t.Errorf("%s: only %d children rated", name, rated)
		}
	}
}

// BenchmarkNetRateChildren is the rating of one child of a midgame node
// as the search's prior does it (rate, ai/nettree.go): from the node's
// hidden sums (near) or a whole forward pass (whole), the encoding
// included.
func BenchmarkNetRateChildren(b *testing.B) {
	for _, name := range []string{"stackers", "english-checkers"} {
		g := open(b, name)
		game := g.AI()
		net, enc := gameNet(b, g)
		e, err := ai.NewNetEval(net, enc, len(g.Players))
		if err != nil {
			b.Fatal(err)
		}
		var sp interpreter.SearchPosition
		var kids []interpreter.SearchPosition
		for seed := uint64(3); len(kids) < 6; seed++ { // a node with a choice
			sp, kids = walk(g, 20, seed), kids[:0]
			for _, m := range game.LegalMoves(&sp, nil) {
				child := sp
				game.Apply(&child, m)
				kids = append(kids, child)
			}
		}
		values := make([]float64, len(g.Players))
		for _, how := range []string{"whole", "near"} {
			b.Run(fmt.Sprintf("%s/%s", name, how), func(b *testing.B) {
				b.ReportAllocs()
				n := 0
				for b.Loop() {
					if how == "near" {
						e.SetBase(&sp)
					}
					for i := range kids {
						if how == "near" {
							e.EvaluateNear(&kids[i], values)
						} else {
							e.Evaluate(&kids[i], values)
						}
					}
					n += len(kids)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/child")
			})
		}
	}
}

// BenchmarkNetPrior is what the network as a prior (`network: {prior:}`)
// costs a search of 3,000 iterations, in iterations per second, in the
// games that use it, with it (prior=N) and without (prior=0); from the
// start and after 30 random plies.
func BenchmarkNetPrior(b *testing.B) {
	for _, name := range []string{"stackers", "english-checkers"} {
		g := open(b, name)
		net, _ := gameNet(b, g)
		prior := g.NetworkUse().Prior
		for _, plies := range []int{0, 30} {
			for _, with := range []int{0, prior} {
				b.Run(fmt.Sprintf("%s/plies=%d/prior=%d", name, plies, with), func(b *testing.B) {
					p := walk(g, plies, 5)
					iters := 0
					for i := 0; b.Loop(); i++ {
						cfg := ai.Config{Iterations: 3000, Seed: uint64(i), PlayoutCap: g.PlayoutPlies(), KeepLost: g.SearchKeepLost(), NetPrior: with, NetMix: 1}
						res, err := searchWith(g, cfg, net, &p)
						if err != nil {
							b.Fatal(err)
						}
						iters += res
					}
					b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
				})
			}
		}
	}
}

// searchWith runs one search of p with cfg and net in the small moves g's
// players search with (CompactAI, ShortAI), as session.NewPlayer does, and
// gives its iterations.
func searchWith(g *interpreter.Game, cfg ai.Config, net *ai.Net, p *interpreter.SearchPosition) (int, error) {
	if cg, ok := g.CompactAI(); ok {
		return searchIn(cg, cfg, net, p)
	}
	if sg, ok := g.ShortAI(); ok {
		return searchIn(sg, cfg, net, p)
	}
	return searchIn(g.AI(), cfg, net, p)
}

func searchIn[M comparable](game ai.Game[interpreter.SearchPosition, M], cfg ai.Config, net *ai.Net, p *interpreter.SearchPosition) (int, error) {
	s := ai.NewMCTS(game, cfg)
	if cfg.NetPrior > 0 {
		if err := s.SetValue(net); err != nil {
			return 0, err
		}
	}
	return s.Search(context.Background(), p).Iterations, nil
}
