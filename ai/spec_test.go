package ai

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseSpec(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Spec
		str  string // String(); "" means same as in
	}{
		{"random", Spec{Kind: KindRandom}, ""},
		{"greedy", Spec{Kind: KindGreedy}, ""},
		{"random:seed=3", Spec{Kind: KindRandom, Seed: 3, HasSeed: true}, ""},
		{" Greedy:Seed=0 ", Spec{Kind: KindGreedy, HasSeed: true}, "greedy:seed=0"},
		{"mcts", Spec{Kind: KindMCTS, Level: "medium", Iterations: 20000, Time: time.Second, Threads: 1}, "mcts:medium"},
		{"mcts:easy", Spec{Kind: KindMCTS, Level: "easy", Iterations: 300, Threads: 1}, ""},
		{"mcts:medium", Spec{Kind: KindMCTS, Level: "medium", Iterations: 20000, Time: time.Second, Threads: 1}, ""},
		{"mcts:hard", Spec{Kind: KindMCTS, Level: "hard", Time: 5 * time.Second, Threads: 2}, ""},
		{"mcts:max", Spec{Kind: KindMCTS, Level: "max", Time: 20 * time.Second, Threads: 2}, ""},
		{"mcts:iterations=5000,threads=2", Spec{Kind: KindMCTS, Iterations: 5000, Threads: 2}, ""},
		{"mcts:time=2s", Spec{Kind: KindMCTS, Time: 2 * time.Second, Threads: 1}, ""},
		{"mcts:time=500ms,threads=2,seed=7", Spec{Kind: KindMCTS, Time: 500 * time.Millisecond, Threads: 2, Seed: 7, HasSeed: true}, ""},
		{"mcts:hard,threads=4,parallel=root", Spec{Kind: KindMCTS, Level: "hard", Time: 5 * time.Second, Threads: 4, Parallel: RootParallel}, ""},
		{"mcts:easy,time=1s", Spec{Kind: KindMCTS, Level: "easy", Iterations: 300, Time: time.Second, Threads: 1}, ""},
		{"mcts:iterations=100,c=0.5,playout=50", Spec{Kind: KindMCTS, Iterations: 100, Threads: 1, Exploration: 0.5, PlayoutCap: 50}, ""},
		{"mcts:time=1m30s", Spec{Kind: KindMCTS, Time: 90 * time.Second, Threads: 1}, "mcts:time=1m30s"},
		{"mcts:medium,endgame=5000", Spec{Kind: KindMCTS, Level: "medium", Iterations: 20000, Time: time.Second, Threads: 1, Endgame: 5000}, ""},
		{"mcts:easy,endgame=0", Spec{Kind: KindMCTS, Level: "easy", Iterations: 300, Threads: 1, Endgame: -1}, ""},
		{"mcts:easy,keeplost=1", Spec{Kind: KindMCTS, Level: "easy", Iterations: 300, Threads: 1, KeepLost: 1}, ""},
		{"mcts:easy,keeplost=0", Spec{Kind: KindMCTS, Level: "easy", Iterations: 300, Threads: 1, KeepLost: -1}, ""},
		// a network's file name keeps its case
		{"net:Nets/BG.net", Spec{Kind: KindNet, Net: "Nets/BG.net"}, ""},
		{"NET: my net.net ", Spec{Kind: KindNet, Net: "my net.net"}, "net:my net.net"},
		{"mcts:easy,net=Nets/BG.net", Spec{Kind: KindMCTS, Level: "easy", Iterations: 300, Threads: 1, Net: "Nets/BG.net"}, ""},
		{"mcts:iterations=100,net=a.net,netplayout=4", Spec{Kind: KindMCTS, Iterations: 100, Threads: 1, Net: "a.net", NetPlayout: 4, HasNetPlayout: true}, ""},
		{"mcts:medium,net=a.net,netmix=0.5,netprior=20", Spec{Kind: KindMCTS, Level: "medium", Iterations: 20000, Time: time.Second, Threads: 1, Net: "a.net", NetMix: 0.5, HasNetMix: true, NetPrior: 20, HasNetPrior: true}, ""},
		// a 0 written is kept (and shown), so the rule file's network: does not fill it
		{"mcts:medium,netprior=0,netplayout=0,netminimax=0", Spec{Kind: KindMCTS, Level: "medium", Iterations: 20000, Time: time.Second, Threads: 1, HasNetPlayout: true, HasNetPrior: true, HasNetMinimax: true}, "mcts:medium,netplayout=0,netprior=0,netminimax=0"},
		{"mcts:medium,netmix=0", Spec{Kind: KindMCTS, Level: "medium", Iterations: 20000, Time: time.Second, Threads: 1, HasNetMix: true}, ""},
		{"mcts:easy,net=none", Spec{Kind: KindMCTS, Level: "easy", Iterations: 300, Threads: 1, Net: NoNet}, ""},
	} {
		got, err := ParseSpec(c.in)
		if err != nil {
			t.Errorf("ParseSpec(%q): %v", c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("ParseSpec(%q) = %+v, want %+v", c.in, got, c.want)
		}
		str := c.str
		if str == "" {
			str = c.in
		}
		if got.String() != str {
			t.Errorf("ParseSpec(%q).String() = %q, want %q", c.in, got.String(), str)
		}
		back, err := ParseSpec(got.String())
		if err != nil || back != got {
			t.Errorf("round trip of %q via %q: %+v, %v", c.in, got.String(), back, err)
		}
	}
}

func TestParseSpecErrors(t *testing.T) {
	for _, c := range []struct{ in, msg string }{
		{"", "empty"},
		{"mtcs", `unknown player "mtcs" (want random, greedy, mcts or net:FILE); did you mean "mcts"?`},
		{"net", "net needs a network file"},
		{"net: ", "net needs a network file"},
		{"mcts:easy,net=none,netminimax=0.5", "net=none asks for none"},
		{"mcts:easy,net=none,netplayout=3", "net=none asks for none"},
		{"alphabeta", `unknown player "alphabeta"`},
		{"mcts:", `nothing after "mcts:"`},
		{"mcts:insane", `unknown level "insane" (levels: easy, medium, hard, max)`},
		{"mcts:hrad", `did you mean "hard"?`},
		{"mcts:iterations", `option "iterations" needs a value`},
		{"mcts:iterations=", `option "iterations" has no value`},
		{"mcts:iterations=lots", "iterations=lots: want a whole number >= 1"},
		{"mcts:iterations=0", "iterations=0: want a whole number >= 1"},
		{"mcts:iterations=-5", "want a whole number >= 1"},
		{"mcts:threads=1000", "threads=1000: at most 256"},
		{"mcts:time=2", "time=2: want a positive duration such as 500ms or 2s"},
		{"mcts:time=-1s", "want a positive duration"},
		{"mcts:seed=-1", "seed=-1: want a whole number >= 0"},
		{"mcts:c=0", "c=0: want a number > 0"},
		{"mcts:c=nan", "want a number > 0"},
		{"mcts:parallel=leaf", "parallel=leaf: want tree or root"},
		{"mcts:depth=3", `unknown option "depth" (options: iterations, time, threads, parallel, seed, c, playout, discount, keeplost, avoid, classic, net, netplayout, netmix, netprior, netminimax, nettree, endgame)`},
		{"mcts:iteration=3", `did you mean "iterations"?`},
		{"mcts:medium,endgame=-1", "endgame=-1: want a whole number >= 0"},
		{"mcts:keeplost=2", "keeplost=2: want 0 or 1"},
		{"mcts:threads=2", "no budget: give iterations=N or time=D"},
		{"mcts:time=1s,time=2s", `option "time" given twice`},
		{"mcts:time=1s,,threads=2", "empty option (stray comma?)"},
		{"mcts:time=1s,hard", `level "hard" must come first`},
		{"random:threads=2", `random accepts only seed=N, not "threads"`},
		{"greedy:fast", `greedy accepts only seed=N, not "fast"`},
		// every number has a range, so no spec can make a search allocate
		// without bound (a playout cap sizes a table per search)
		{"mcts:iterations=10,playout=9223372036854775807", "playout=9223372036854775807: at most 100000"},
		{"mcts:iterations=10,playout=300000000", "playout=300000000: at most 100000"},
		{"mcts:iterations=10,playout=99999999999999999999999", "want a whole number >= 1 and <= 100000"},
		{"mcts:iterations=10,endgame=2000000000", "endgame=2000000000: at most 1048576"},
		{"mcts:iterations=2000000000", "iterations=2000000000: at most 1000000000"},
		{"mcts:time=48h", "time=48h: at most 24h"},
		{"mcts:time=1s,c=1e9", "c=1e9: want a number > 0 and <= 100"},
	} {
		_, err := ParseSpec(c.in)
		var se *SpecError
		if err == nil || !errors.As(err, &se) {
			t.Errorf("ParseSpec(%q): err %v, want a SpecError", c.in, err)
			continue
		}
		if !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), "bad player spec") {
			t.Errorf("ParseSpec(%q): %q, want it to contain %q", c.in, err, c.msg)
		}
	}
}

func TestSpecHelp(t *testing.T) {
	h := SpecHelp()
	for _, l := range Levels {
		if !strings.Contains(h, "mcts:"+l.Name) || !strings.Contains(h, l.Budget()) {
			t.Errorf("help lacks level %s (%s):\n%s", l.Name, l.Budget(), h)
		}
	}
	for _, k := range specKeys {
		if !strings.Contains(h, k.key) {
			t.Errorf("help lacks option %s", k.key)
		}
	}
	if got := Levels[1].Budget(); got != "1s or 20000 iterations, whichever first" {
		t.Errorf("medium budget %q", got)
	}
	t.Logf("\n%s", h)
}

// A Config built by hand, not from a spec, is held to the same bounds.
func TestConfigBounds(t *testing.T) {
	c := Config{PlayoutCap: 1 << 62, EndgamePositions: 1 << 40, Threads: 1 << 20}.normalized()
	if c.PlayoutCap != MaxPlayoutCap || c.EndgamePositions != MaxEndgame || c.Threads != MaxThreads {
		t.Errorf("normalized %+v", c)
	}
	s := NewMCTS[ttt, uint8](tttGame{}, Config{PlayoutCap: 1 << 62, Iterations: 1})
	if len(s.discount) > MaxPlayoutCap+1024 {
		t.Errorf("discount table of %d entries", len(s.discount))
	}
}

func TestSpecConfig(t *testing.T) {
	sp, _ := ParseSpec("mcts:time=500ms,threads=2,seed=7,parallel=root,c=0.7,playout=90")
	cfg := sp.Config(99)
	want := Config{Time: 500 * time.Millisecond, Threads: 2, Parallel: RootParallel, Exploration: 0.7, PlayoutCap: 90, Seed: 7}
	if cfg != want {
		t.Errorf("Config = %+v, want %+v", cfg, want)
	}
	sp, _ = ParseSpec("mcts:easy")
	if cfg := sp.Config(99); cfg.Seed != 99 || cfg.Iterations != 300 || cfg.EndgamePositions != 0 {
		t.Errorf("easy Config = %+v", cfg)
	}
	for spec, want := range map[string]bool{"mcts:iterations=9": false, "mcts:iterations=9,keeplost=1": true, "mcts:iterations=9,keeplost=0": false, "mcts:iterations=9,keeplost=1,classic=1": false} {
		sp, err := ParseSpec(spec)
		if cfg := sp.Config(1); err != nil || cfg.KeepLost != want {
			t.Errorf("%s: KeepLost %v (%v), want %v", spec, cfg.KeepLost, err, want)
		}
	}
	for spec, want := range map[string]int{"mcts:endgame=0,iterations=9": -1, "mcts:endgame=70,iterations=9": 70, "mcts:iterations=9,classic=1": -1} {
		sp, err := ParseSpec(spec)
		if cfg := sp.Config(1); err != nil || cfg.EndgamePositions != want {
			t.Errorf("%s: EndgamePositions %d (%v), want %d", spec, cfg.EndgamePositions, err, want)
		}
	}
}
