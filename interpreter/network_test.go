package interpreter_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
)

// Backgammon names its built-in network, which loads and fits; naming it
// leaves the rules' hash for networks as it was, so the network trained on
// the file before it was named still fits.
func TestBuiltinNetwork(t *testing.T) {
	g := open(t, "backgammon")
	net, err := g.Network()
	if err != nil || net == nil {
		t.Fatalf("backgammon's network: %v", err)
	}
	// wins worth 1, 2 or 3 points: three outputs per player (ai.ResultKinds)
	if err := net.Check(g.FeatureLayout(), g.Features(), len(g.Players)); err != nil || net.Kinds != g.MaxPoints() || net.Out != 2*3 {
		t.Errorf("network %d×%d of %d kinds for %d features: %v", net.In, net.Out, net.Kinds, g.Features(), err)
	}
	// a game without dice: one output per player
	l := open(t, "liger")
	if net, err := l.Network(); err != nil || net == nil || net.Check(l.FeatureLayout(), l.Features(), 2) != nil || net.Kinds > 1 {
		t.Errorf("liger's network: %v", err)
	}
	// English checkers' says how: rated after 3 random plies, and priors of 5 visits
	c := open(t, "english-checkers")
	if net, err := c.Network(); err != nil || net == nil || c.NetworkUse() != (interpreter.NetworkUse{Playout: 3, Prior: 5}) {
		t.Errorf("english-checkers' network: %v, used %+v", err, c.NetworkUse())
	}
	// Stackers' orders the moves; its playouts rate the leaves
	s := open(t, "stackers")
	if net, err := s.Network(); err != nil || net == nil || s.NetworkUse() != (interpreter.NetworkUse{Mix: 0, HasMix: true, Prior: 100}) {
		t.Errorf("stackers' network: %v, used %+v", err, s.NetworkUse())
	}
	if f := open(t, "focus"); f.NetworkName() != "" {
		t.Errorf("focus names a network: %s", f.NetworkName())
	}
}

// A rule file on disk finds its network beside it; once the rules change,
// the network no longer fits: a warning, and the AI plays without it.
func TestNetworkBesideRuleFile(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../examples/tempo-race.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(dir, "tempo.yaml")
	os.WriteFile(rules, data, 0o644)
	g, err := interpreter.Open(rules)
	if err != nil {
		t.Fatal(err)
	}
	net := ai.NewNet(g.Features(), 4, 2, g.FeatureLayout(), 1)
	if err := net.Save(filepath.Join(dir, "tempo.net")); err != nil {
		t.Fatal(err)
	}
	named := append(append([]byte(nil), data...), []byte("network: tempo.net\n")...)
	os.WriteFile(rules, named, 0o644)
	g, diags := interpreter.Check(rules, named)
	if g == nil || len(diags) != 0 {
		t.Fatalf("naming the network: %v", diags)
	}
	if n, err := g.Network(); err != nil || n == nil {
		t.Fatalf("the network beside the rule file: %v", err)
	}
	changed := []byte(strings.Replace(string(named), "bore off first", "bore off before the other", 1))
	g, diags = interpreter.Check(rules, changed)
	if g == nil || len(diags) != 1 || diags[0].Severity != interpreter.Warning || !strings.Contains(diags[0].Message, "trained for") {
		t.Fatalf("changed rules: %v", diags)
	}
	if _, err := g.Network(); !errors.Is(err, ai.ErrNetLayout) {
		t.Errorf("changed rules: Network() = %v", err)
	}
	missing := []byte(strings.Replace(string(named), "tempo.net", "nothere.net", 1))
	if _, diags = interpreter.Check(rules, missing); len(diags) != 1 || !strings.Contains(diags[0].Error(), "nothere.net") {
		t.Errorf("a missing network: %v", diags)
	}
}

// The rules' hash a network records is taken from the parsed rules: a
// comment (inside `cube:` too), blank lines and the cube's settings leave the
// built-in Backgammon network fitting; a change to the play does not.
func TestNetworkHashIgnoresLayoutAndCube(t *testing.T) {
	data, err := os.ReadFile("../variants/backgammon.yaml")
	if err != nil {
		t.Fatal(err)
	}
	netData, err := os.ReadFile("../variants/backgammon.net")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, tc := range []struct {
		name, text string
		fits       bool
	}{
		{"as built in", text, true},
		{"a comment inside cube:", strings.Replace(text, "  max: 64 ", "  # at most six doubles\n  max: 64 ", 1), true},
		{"another cube", strings.Replace(text, "  max: 64 ", "  max: 16 ", 1), true},
		{"no cube", strings.Replace(strings.Replace(strings.Replace(text, "cube: ", "# cube: ", 1), "  max: 64 ", "#", 1), "  crawford: true ", "#", 1), true},
		{"blank lines and quotes", strings.Replace(strings.Replace(text, "\ntracks:\n", "\n\n\ntracks:\n", 1), "start: bar", "start: \"bar\"", 1), true},
		{"other play", strings.Replace(text, "start: bar", "start: bar\n  # (the bar)\n  white_from: g1", 1), false},
	} {
		dir := t.TempDir()
		rules := filepath.Join(dir, "bg.yaml")
		os.WriteFile(filepath.Join(dir, "backgammon.net"), netData, 0o644)
		os.WriteFile(rules, []byte(tc.text), 0o644)
		if tc.text == text && tc.name != "as built in" {
			t.Fatalf("%s: the edit did not apply", tc.name)
		}
		g, diags := interpreter.Check(rules, []byte(tc.text))
		if g == nil {
			if tc.fits {
				t.Errorf("%s: %v", tc.name, diags)
			}
			continue
		}
		_, err := g.Network()
		if fits := err == nil; fits != tc.fits {
			t.Errorf("%s: network fits %v (%v), want %v", tc.name, fits, err, tc.fits)
		}
	}
}

// The long form of `network:` says how the search uses the network; it is
// part of `network:`, so the network trained before still fits, and a bad
// value is an error at its character.
func TestNetworkLongForm(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../examples/tempo-race.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(dir, "tempo.yaml")
	g, err := interpreter.Check(rules, data)
	if g == nil {
		t.Fatal(err)
	}
	if err := ai.NewNet(g.Features(), 4, 2, g.FeatureLayout(), 1).Save(filepath.Join(dir, "tempo.net")); err != nil {
		t.Fatal(err)
	}
	long := string(data) + "network:\n  file: tempo.net\n  playout: 3\n  minimax: 0.4\n  mix: 0\n  prior: 10\n"
	g, diags := interpreter.Check(rules, []byte(long))
	if g == nil || len(diags) != 0 {
		t.Fatalf("the long form: %v", diags)
	}
	if n, err := g.Network(); err != nil || n == nil {
		t.Fatalf("the long form's network: %v", err)
	}
	if g.NetworkName() != "tempo.net" || g.NetworkUse() != (interpreter.NetworkUse{Playout: 3, Minimax: 0.4, Mix: 0, HasMix: true, Prior: 10}) {
		t.Errorf("the long form: %q, %+v", g.NetworkName(), g.NetworkUse())
	}
	if short, _ := interpreter.Check(rules, []byte(string(data)+"network: tempo.net\n")); short == nil || short.NetworkUse() != (interpreter.NetworkUse{}) {
		t.Errorf("the short form: want no playout or minimax")
	}
	for _, tc := range []struct{ from, to, want string }{
		{"  minimax: 0.4\n", "  minimax: 1.5\n", "network: minimax is 1.5; it must be between 0 and 1"},
		{"  playout: 3\n", "  playout: -1\n", "network: playout is -1; it must be between 0 and 100000"},
		{"  file: tempo.net\n", "", `network needs the key "file"`},
		{"  playout: 3\n", "  plays: 3\n", `unknown key "plays"`},
		{"  mix: 0\n", "  mix: 2\n", "network: mix is 2; it must be between 0 and 1"},
		{"  prior: 10\n", "  prior: -3\n", "network: prior is -3; it must be between 0 and 1000000"},
	} {
		_, diags := interpreter.Check(rules, []byte(strings.Replace(long, tc.from, tc.to, 1)))
		if !strings.Contains(fmt.Sprint(diags), tc.want) {
			t.Errorf("%q → %q: %v, want %q", tc.from, tc.to, diags, tc.want)
		}
	}
}

// minimax: and prior: in a game with dice have no effect: a warning at the
// value.
func TestNetworkUseWithDice(t *testing.T) {
	for _, tc := range []struct{ key, want string }{{"minimax: 0.5", "two players without dice"}, {"prior: 10", "games without dice"}} {
		t.Run(tc.key, func(t *testing.T) { networkUseWithDice(t, tc.key, tc.want) })
	}
}

func networkUseWithDice(t *testing.T, key, want string) {
	data, err := os.ReadFile("../variants/backgammon.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "network: backgammon.net", "network: {file: backgammon.net, "+key+"}", 1)
	if text == string(data) {
		t.Fatal("the edit did not apply")
	}
	dir := t.TempDir()
	net, _ := os.ReadFile("../variants/backgammon.net")
	os.WriteFile(filepath.Join(dir, "backgammon.net"), net, 0o644)
	g, diags := interpreter.Check(filepath.Join(dir, "bg.yaml"), []byte(text))
	if g == nil || len(diags) != 1 || diags[0].Severity != interpreter.Warning || !strings.Contains(diags[0].Message, want) {
		t.Fatalf("%s with dice: %v", key, diags)
	}
	if line := strings.Count(text[:strings.Index(text, key)], "\n") + 1; diags[0].Line != line {
		t.Errorf("the warning is at line %d, want %d (the value's)", diags[0].Line, line)
	}
}
