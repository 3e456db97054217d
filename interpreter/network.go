package interpreter

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"go.yaml.in/yaml/v3"
	"path/filepath"
	"strings"
	"sync"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/variants"
)

// A rule file may name a value network for its AI (`network: FILE`, made by
// `stackrules train`): the MCTS levels then rate their leaves with it, as
// `mcts:...,net=FILE` does. The file is found beside the rule file (a
// built-in game's among the built-in files). The network records the hash
// of the rules it was trained for (playHash: without `network:` and
// `cube:`, and blind to comments and layout), so that naming it does not
// make it stale; any other change does, and the AI then plays without it
// (lint warns).

type netCache struct {
	once sync.Once
	net  *ai.Net
	err  error
}

// playHash is the hash a network records of the rules it learned: taken
// from the parsed YAML (kinds, tags, anchors and values, in order), not the
// bytes, so comments, spacing and quoting do not make a network stale, and
// without the top-level keys that are no part of the play a network
// learns: `network:` itself (naming a network must not make it stale) and
// `cube:` (the doubling cube is decided beside the search).
func playHash(root *yaml.Node) string {
	h := sha256.New()
	var walk func(n *yaml.Node, top bool)
	walk = func(n *yaml.Node, top bool) {
		if n == nil {
			h.Write([]byte{0})
			return
		}
		var buf [8]byte
		field := func(s string) {
			binary.LittleEndian.PutUint64(buf[:], uint64(len(s)))
			h.Write(buf[:])
			h.Write([]byte(s))
		}
		h.Write([]byte{byte(n.Kind)})
		field(n.Tag)
		field(n.Anchor)
		field(n.Value)
		if n.Kind == yaml.AliasNode {
			return // its Value names the anchor; the anchored node is hashed where it is
		}
		kept := n.Content
		if top && n.Kind == yaml.MappingNode {
			kept = nil
			for i := 0; i+1 < len(n.Content); i += 2 {
				if k := n.Content[i].Value; k != "network" && k != "cube" {
					kept = append(kept, n.Content[i], n.Content[i+1])
				}
			}
		}
		binary.LittleEndian.PutUint64(buf[:], uint64(len(kept)))
		h.Write(buf[:])
		for _, c := range kept {
			walk(c, top && n.Kind == yaml.DocumentNode)
		}
	}
	walk(root, true)
	return fmt.Sprintf("sha256:%x", h.Sum(nil))
}

// NetworkUse is how the search uses the rule file's network, where the
// long form (`network: {file: F, playout: N, minimax: A, mix: W, prior:
// V}`) says: the random plies before the network rates a leaf (mcts
// netplayout=), the weight of its minimax value (netminimax=), its share
// of a leaf's value, the rest a playout's (netmix=; HasMix: written), and
// the visits a new node starts with at its value (netprior=). Part of
// `network:`, so a network's rules hash does not change with them: they
// are tuned after training.
type NetworkUse struct {
	Playout int
	Minimax float64
	Mix     float64
	HasMix  bool
	Prior   int
}

// NetworkName is the rule file's `network:` (or `network: file:`) as
// written, "" for none.
func (g *Game) NetworkName() string { return g.network }

// NetworkUse is how the rule file asks the search to use its network.
func (g *Game) NetworkUse() NetworkUse { return g.networkUse }

// Network is the rule file's value network, nil when it names none; an
// error says why it cannot be used (missing, damaged, trained for other
// rules).
func (g *Game) Network() (*ai.Net, error) {
	if g.network == "" {
		return nil, nil
	}
	g.net.once.Do(func() { g.net.net, g.net.err = g.loadNetwork() })
	return g.net.net, g.net.err
}

func (g *Game) loadNetwork() (*ai.Net, error) {
	name := g.network
	var data []byte
	// a built-in rule file, opened by name or as a copy: the built-in network
	if builtin, ok := variants.Source(strings.TrimSuffix(filepath.Base(g.File), ".yaml")); ok && bytes.Equal(builtin, g.data) {
		var found bool
		if data, found = variants.Network(name); !found {
			return nil, fmt.Errorf("network: %s is not among the built-in files", name)
		}
	} else {
		path := name
		if !filepath.IsAbs(path) {
			path = filepath.Join(filepath.Dir(g.File), name)
		}
		var err error
		if data, err = ReadLimited(path, 64<<20, "network"); err != nil {
			return nil, fmt.Errorf("network: %w", err)
		}
	}
	n, err := ai.ReadNet(bytes.NewReader(data), name)
	if err != nil {
		return nil, err
	}
	if err := n.Check(g.FeatureLayout(), g.Features(), len(g.Players)); err != nil {
		return nil, fmt.Errorf("network %s: %w", name, err)
	}
	return n, nil
}

// checkNetwork warns, at load, of a network the AI cannot use, of
// `minimax:` where the search does not back up by minimax (it does with two
// players and no dice), and of `prior:` in a game with dice (no priors there).
func (g *Game) checkNetwork(d *decoder, rf *ruleFile) {
	if rf.Network == "" || g.opts.Players != 0 {
		return
	}
	if rf.networkMinimax != nil && rf.NetworkUse.Minimax > 0 && (g.dice != nil || len(g.Players) != 2) {
		d.diagAt(nodePos(rf.networkMinimax), Warning, "no-effect", "leave it out",
			"network: minimax is for games of two players without dice; the search ignores it here")
	}
	if rf.networkPrior != nil && rf.NetworkUse.Prior > 0 && g.dice != nil {
		d.diagAt(nodePos(rf.networkPrior), Warning, "no-effect", "leave it out",
			"network: prior is for games without dice; the search ignores it here")
	}
	if _, err := g.Network(); err != nil {
		d.diagAt(nodePos(rf.networkKey), Warning, "network", "train one with `stackrules train`, or leave `network:` out",
			"%v; the AI plays without it", err)
	}
}
