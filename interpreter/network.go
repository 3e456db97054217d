package interpreter

import (
	"bytes"
	"fmt"
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
// of the rules it was trained for, taken without the `network:` line, so
// that naming it does not make it stale; any other change does, and the AI
// then plays without it (lint warns).

type netCache struct {
	once sync.Once
	net  *ai.Net
	err  error
}

// withoutLine is data without its line-th line (1-based).
func withoutLine(data []byte, line int) []byte {
	lines := bytes.SplitAfter(data, []byte("\n"))
	if line < 1 || line > len(lines) {
		return data
	}
	return bytes.Join(append(lines[:line-1:line-1], lines[line:]...), nil)
}

// NetworkName is the rule file's `network:` as written, "" for none.
func (g *Game) NetworkName() string { return g.network }

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

// checkNetwork warns, at load, of a network the AI cannot use.
func (g *Game) checkNetwork(d *decoder, rf *ruleFile) {
	if rf.Network == "" || g.opts.Players != 0 {
		return
	}
	if _, err := g.Network(); err != nil {
		d.diagAt(nodePos(rf.networkKey), Warning, "network", "train one with `stackrules train`, or leave `network:` out",
			"%v; the AI plays without it", err)
	}
}
