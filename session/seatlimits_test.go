package session

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

func TestSeatLimitsCheckAndClamp(t *testing.T) {
	l := SeatLimits{MaxThreads: 2, MaxTime: 10 * time.Second, MaxEndgame: 1000, NoFiles: true}
	for _, tc := range []struct {
		seat, err, clamped string
	}{
		{"human", "", "human"},
		{"random", "", "random"},
		{"mcts:hard", "", "mcts:hard"},
		{"mcts:iterations=10,threads=64", "64 threads; at most 2", "mcts:iterations=10,threads=2"},
		{"mcts:max", "20s a move; at most 10s", "mcts:max,time=10s"},
		{"mcts:iterations=10,endgame=5000", "5000 positions; at most 1000", "mcts:iterations=10,endgame=1000"},
		// a server reads no file a request names
		{"net:/etc/passwd", "names a network file; no files are read here", "greedy"},
		{"mcts:easy,net=x.net,netplayout=3", "names a network file", "mcts:easy"},
		{"mcts:easy,net=x.net,netmix=0,netprior=0,netminimax=0.2,nettree=1", "names a network file", "mcts:easy"},
		// net=none reads no file: the search without the rule file's network stays so
		{"mcts:easy,net=none", "", "mcts:easy,net=none"},
	} {
		st, err := ParseSeat(tc.seat)
		if err != nil {
			t.Fatal(err)
		}
		err = l.Check(st)
		if (tc.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Check(%s) = %v, want %q", tc.seat, err, tc.err)
		}
		c, changed := l.Clamp(st)
		if c.String() != tc.clamped || changed != (tc.err != "") || l.Check(c) != nil {
			t.Errorf("Clamp(%s) = %s, %v; want %s", tc.seat, c, changed, tc.clamped)
		}
	}
}

// A seat tag that is no seat is reported, not turned into a person's seat;
// a record without seat tags still seats people.
func TestFromRecordReportsBadSeatTags(t *testing.T) {
	g := open(t, "liger")
	openLiger := func(string) (*interpreter.Game, error) { return g, nil }
	parse := func(text string) *records.Record {
		t.Helper()
		r, err := records.Parse(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	_, err := FromRecord(parse("[Variant \"liger\"]\n[Red \"human\"]\n[Blue \"mcts:threads=9999\"]\n\n1. c3-d4 *\n"), openLiger)
	var bad *SeatTagError
	if !errors.As(err, &bad) || bad.Player != "blue" || !strings.Contains(err.Error(), `"mcts:threads=9999"`) {
		t.Fatalf("a bad seat tag: %v", err)
	}
	s, err := FromRecord(parse("[Variant \"liger\"]\n\n1. c3-d4 *\n"), openLiger)
	if err != nil || !s.Seats[0].Human || !s.Seats[1].Human || s.History().Len() != 1 {
		t.Fatalf("a record without seat tags: %v", err)
	}
}

// The MCTS levels take the rule file's network (Backgammon, Liger and English
// checkers name one); net=none and another player kind do not.
func TestGameSpecTakesTheRuleFilesNetwork(t *testing.T) {
	g := open(t, "backgammon")
	for _, tc := range []struct {
		spec string
		want bool
	}{{"mcts:easy", true}, {"mcts:easy,net=none", false}, {"greedy", false}} {
		sp, err := ai.ParseSpec(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := GameSpec(g, sp).Network != nil; got != tc.want {
			t.Errorf("%s: network %v, want %v", tc.spec, got, tc.want)
		}
	}
	if GameSpec(open(t, "liger"), ai.Spec{Kind: ai.KindMCTS, Level: "easy"}).Network == nil {
		t.Error("liger names a network, a game without dice")
	}
	if GameSpec(open(t, "focus"), ai.Spec{Kind: ai.KindMCTS, Level: "easy"}).Network != nil {
		t.Error("focus names no network")
	}
	// Stackers' network sets priors; playouts rate the leaves
	if sp := GameSpec(open(t, "stackers"), ai.Spec{Kind: ai.KindMCTS, Level: "easy"}); sp.Network == nil || !sp.HasNetMix || sp.NetMix != 0 || sp.NetPrior != 100 {
		t.Errorf("stackers: network %v, netmix %g (set %v), netprior %d", sp.Network != nil, sp.NetMix, sp.HasNetMix, sp.NetPrior)
	}
}

// The long form of `network:` sets how the search uses the network, unless
// the spec says otherwise (a 0 included) or asks for another network.
func TestGameSpecTakesTheNetworksUse(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../examples/tempo-race.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(dir, "tempo.yaml")
	g, _ := interpreter.Check(rules, data)
	if g == nil {
		t.Fatal("tempo-race does not load")
	}
	if err := ai.NewNet(g.Features(), 4, 2, g.FeatureLayout(), 1).Save(filepath.Join(dir, "tempo.net")); err != nil {
		t.Fatal(err)
	}
	g, diags := interpreter.Check(rules, append(data, "network: {file: tempo.net, playout: 3, minimax: 0.4, mix: 0.25, prior: 7}\n"...))
	if g == nil || len(diags) != 0 {
		t.Fatalf("the long form: %v", diags)
	}
	for _, tc := range []struct {
		spec    string
		playout int
		minimax float64
		mix     float64 // -1: unset
		prior   int
	}{
		{"mcts:easy", 3, 0.4, 0.25, 7},
		{"mcts:easy,netplayout=5", 5, 0.4, 0.25, 7},
		{"mcts:easy,netminimax=0.2", 3, 0.2, 0.25, 7},
		{"mcts:easy,netmix=1,netprior=2", 3, 0.4, 1, 2},
		{"mcts:easy,netmix=0", 3, 0.4, 0, 7},
		// a 0 written is kept: the rule file's use does not fill it
		{"mcts:easy,netprior=0", 3, 0.4, 0.25, 0},
		{"mcts:easy,netplayout=0,netminimax=0", 0, 0, 0.25, 7},
		{"mcts:easy,net=none", 0, 0, -1, 0},
		{"mcts:easy,net=other.net", 0, 0, -1, 0},
	} {
		sp, err := ai.ParseSpec(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		got := GameSpec(g, sp)
		if got.NetPlayout != tc.playout || got.NetMinimax != tc.minimax {
			t.Errorf("%s: netplayout %d, netminimax %g; want %d, %g", tc.spec, got.NetPlayout, got.NetMinimax, tc.playout, tc.minimax)
		}
		mix := -1.0
		if got.HasNetMix {
			mix = got.NetMix
		}
		if mix != tc.mix || got.NetPrior != tc.prior {
			t.Errorf("%s: netmix %g, netprior %d; want %g, %d", tc.spec, mix, got.NetPrior, tc.mix, tc.prior)
		}
	}
}
