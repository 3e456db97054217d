package ai

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stackrules/stackrules/internal/didyoumean"
)

// Kind is the kind of player a Spec asks for.
type Kind uint8

const (
	KindMCTS   Kind = iota // Monte Carlo tree search
	KindRandom             // uniformly random moves
	KindGreedy             // one-ply lookahead with the Evaluator
	KindNet                // one-ply lookahead with a trained value network (net:FILE)
)

// String is the spec word for the kind.
func (k Kind) String() string {
	switch k {
	case KindRandom:
		return "random"
	case KindGreedy:
		return "greedy"
	case KindNet:
		return "net"
	}
	return "mcts"
}

// Spec is a parsed player description such as "mcts:hard" or
// "mcts:time=500ms,threads=2,seed=7". The zero Spec is MCTS with no budget
// (DefaultIterations); use ParseSpec or a Level to get a sensible one.
type Spec struct {
	Kind Kind
	// Level is the named level the spec started from ("" if none).
	Level       string
	Iterations  int
	Time        time.Duration
	Threads     int
	Parallel    ParallelMode
	Exploration float64 // 0: DefaultExploration
	PlayoutCap  int     // 0: DefaultPlayoutCap
	Discount    float64 // 0: DefaultDiscount; 1: none
	// Classic turns off what the search learned for converting won games
	// (repetition draws in the tree, the discount, the endgame analysis),
	// to measure them.
	Classic bool
	// KeepLost is Config.KeepLost: 0 the game's (session.GameSpec), 1 on
	// (keeplost=1), -1 off (keeplost=0).
	KeepLost int
	// NoAvoid is Config.NoAvoid (avoid=0): the tree ignores the game's
	// `search: avoid`.
	NoAvoid bool
	// Endgame is Config.EndgamePositions as given (0: the default; -1:
	// none, from endgame=0).
	Endgame int
	Seed    uint64
	HasSeed bool // Seed was given and overrides NewPlayer's seed
	// Net is the file of a value network (made by `stackrules train`): the
	// net:FILE player's, or with MCTS (net=FILE) the one that rates the
	// leaves of the tree instead of random playouts to the end.
	Net string
	// NetPlayout is the random playout plies before the network rates a
	// leaf (netplayout=N; 0: it rates the leaf itself).
	NetPlayout int
	// HasNetPlayout, HasNetPrior and HasNetMinimax say the spec wrote
	// netplayout=, netprior= or netminimax= (0 included), so the rule
	// file's `network:` use does not fill them (session.GameSpec).
	HasNetPlayout, HasNetPrior, HasNetMinimax bool
	// NetMix is the network's share of a leaf's value where HasNetMix
	// (netmix=W): 1 the network alone (the default), 0 a random playout
	// to the end alone; Config.NetMix is the playout's share, 1 − W.
	NetMix    float64
	HasNetMix bool
	// NetPrior is Config.NetPrior (netprior=N): each new node starts with
	// N visits at the network's value.
	NetPrior int
	// NetMinimax is Config.NetMinimax (netminimax=A): the weight of the
	// network's minimax value in a move's score.
	NetMinimax float64
	// NetTree is Config.NetTree (nettree=1): with a network in a game of
	// chance, the tree search instead of the two-ply move filter.
	NetTree bool
	// Network is a network already loaded (the rule file's, see
	// session.GameSpec), used by MCTS when Net names no file. Net "none"
	// (net=none) asks for no network at all.
	Network *Net
}

// NoNet is the Net of net=none: the search without the rule file's network.
const NoNet = "none"

// WithoutNetwork is sp with no network and nothing of how one is used
// (netplayout=, netmix=, netprior=, netminimax=, nettree=): what is left
// when a network may not be read, kept here beside the fields so that a
// new one is not missed.
func (sp Spec) WithoutNetwork() Spec {
	sp.Net, sp.Network = "", nil
	sp.NetPlayout, sp.NetMix, sp.NetPrior, sp.NetMinimax, sp.NetTree = 0, 0, 0, 0, false
	sp.HasNetPlayout, sp.HasNetMix, sp.HasNetPrior, sp.HasNetMinimax = false, false, false, false
	return sp
}

// Level is a named MCTS strength. Levels are plain data so the help text,
// the parser and the tests all read the same table.
type Level struct {
	Name       string
	Iterations int           // 0: no iteration limit
	Time       time.Duration // 0: no time limit
	Threads    int
	Parallel   ParallelMode
}

// Levels lists the named MCTS levels, weakest first; "mcts" alone is
// DefaultLevel. Time budgets are per move.
var Levels = []Level{
	{Name: "easy", Iterations: 300, Threads: 1},
	{Name: "medium", Iterations: 20000, Time: time.Second, Threads: 1},
	{Name: "hard", Time: 5 * time.Second, Threads: 2, Parallel: TreeParallel},
	{Name: "max", Time: 20 * time.Second, Threads: 2, Parallel: TreeParallel},
}

// DefaultLevel is the level of a bare "mcts".
const DefaultLevel = "medium"

// Budget describes a level's budget for help text ("1s or 20000 iterations").
func (l Level) Budget() string {
	var parts []string
	if l.Time > 0 {
		parts = append(parts, l.Time.String())
	}
	if l.Iterations > 0 {
		parts = append(parts, fmt.Sprintf("%d iterations", l.Iterations))
	}
	s := strings.Join(parts, " or ")
	if l.Time > 0 && l.Iterations > 0 {
		s += ", whichever first"
	}
	if l.Threads > 1 {
		s += fmt.Sprintf(", %d threads", l.Threads)
	}
	return s
}

func findLevel(name string) (Level, bool) {
	for _, l := range Levels {
		if l.Name == name {
			return l, true
		}
	}
	return Level{}, false
}

func levelNames() string {
	var names []string
	for _, l := range Levels {
		names = append(names, l.Name)
	}
	return strings.Join(names, ", ")
}

// The ranges of the numbers in a spec. Each bounds what one search may
// cost: a playout cap sizes a table per search, an endgame cap the memory of
// an exact analysis (about 60 bytes a position plus its frontier), threads
// the goroutines. A number outside its range is refused with the range, so a
// spec from anywhere (a command line, a web request, a saved game's tags)
// can never make a search allocate without bound.
const (
	MaxIterations  = 1_000_000_000
	MaxThreads     = 256
	MaxPlayoutCap  = 100_000 // as the rule file's playout: plies
	MaxEndgame     = 1 << 20 // 4 times DefaultEndgamePositions
	MaxTime        = 24 * time.Hour
	MaxExploration = 100
	MaxNetPrior    = 1_000_000
)

type specRange struct {
	lo, hi int64
	note   string
}

var specRanges = map[string]specRange{
	"iterations": {1, MaxIterations, ""},
	"threads":    {1, MaxThreads, ""},
	"playout":    {1, MaxPlayoutCap, ""},
	"endgame":    {0, MaxEndgame, " (0: no endgame analysis)"},
	"netplayout": {0, MaxPlayoutCap, ""},
	"netprior":   {0, MaxNetPrior, " (0: no prior)"},
}

// fmtDuration writes 24h0m0s as 24h.
func fmtDuration(d time.Duration) string {
	s := d.String()
	s = strings.TrimSuffix(s, "0s")
	return strings.TrimSuffix(s, "0m")
}

// specKeys are the MCTS options, in help order.
var specKeys = []struct{ key, help string }{
	{"iterations", fmt.Sprintf("iteration budget per move, 1 to %d (e.g. 5000)", MaxIterations)},
	{"time", fmt.Sprintf("time budget per move, up to %s (e.g. 500ms, 2s)", fmtDuration(MaxTime))},
	{"threads", fmt.Sprintf("search threads, 1 to %d (e.g. 2)", MaxThreads)},
	{"parallel", "how threads share work: tree (one tree, virtual loss) or root (a tree each)"},
	{"seed", "random seed (a number)"},
	{"c", fmt.Sprintf("UCT exploration constant, above 0 and at most %d (default %g)", MaxExploration, DefaultExploration)},
	{"playout", fmt.Sprintf("playout length cap in plies, 1 to %d (default %d)", MaxPlayoutCap, DefaultPlayoutCap)},
	{"discount", fmt.Sprintf("per-ply discount of outcomes, 1 for none (default %g)", DefaultDiscount)},
	{"keeplost", "1: keep visiting moves proven lost for the player making them, 0: drop them (default: the rule file's search: keep_lost, else 0)"},
	{"avoid", "0: every legal move in the tree, ignoring the rule file's search: avoid (default 1: follow it)"},
	{"classic", "1: no repetition draws in the tree, no discount, no endgame analysis, proven-lost moves dropped (to compare)"},
	{"net", "FILE: a value network made by `stackrules train` rates the leaves instead of playouts to the end (none: not even the rule file's network)"},
	{"netplayout", fmt.Sprintf("with net=: random plies played before the network rates a leaf, 0 to %d (default 0)", MaxPlayoutCap)},
	{"netmix", "with a network, its share of a leaf's value, 0 to 1, the rest a random playout's to the end (default 1: the network alone; 0: playouts alone, the network giving netprior= priors)"},
	{"netprior", fmt.Sprintf("with a network, visits each new node starts with at the network's value of its position, 0 to %d (default 0: none)", MaxNetPrior)},
	{"netminimax", "with a network in a two-player game without dice, the weight of the network's minimax value in a move's score, 0 to 1, the rest its mean result (default 0: means alone)"},
	{"nettree", "with a network in a game with dice, 1: the tree search with the network at its leaves instead of the two-ply move filter (to compare)"},
	{"endgame", fmt.Sprintf("most positions of an exact endgame analysis, 0 (none) to %d (default %d; with iterations= and no time=, 1 per 4 iterations)", MaxEndgame, DefaultEndgamePositions)},
}

// SpecHelp is the help text for player specs, listing the levels.
func SpecHelp() string {
	var b strings.Builder
	b.WriteString("Players:\n")
	b.WriteString("  random                uniformly random legal moves\n")
	b.WriteString("  greedy                one ply: wins at once, else best heuristic value\n")
	fmt.Fprintf(&b, "  mcts                  Monte Carlo tree search (= mcts:%s)\n", DefaultLevel)
	for _, l := range Levels {
		fmt.Fprintf(&b, "  mcts:%-16s %s\n", l.Name, l.Budget())
	}
	b.WriteString("  mcts:KEY=VALUE,...    explicit options, optionally after a level (mcts:hard,threads=4):\n")
	for _, k := range specKeys {
		fmt.Fprintf(&b, "      %-12s %s\n", k.key, k.help)
	}
	b.WriteString("  net:FILE              one ply, each move rated by a value network made by `stackrules train`\n")
	b.WriteString("  random and greedy accept seed=N.\n")
	return b.String()
}

// SpecError reports a bad player spec.
type SpecError struct {
	Spec string
	Msg  string
}

func (e *SpecError) Error() string { return fmt.Sprintf("bad player spec %q: %s", e.Spec, e.Msg) }

// ParseSpec parses a player spec: random, greedy, mcts, mcts:LEVEL,
// mcts:KEY=VALUE,... or mcts:LEVEL,KEY=VALUE,... (see SpecHelp).
func ParseSpec(s string) (Spec, error) {
	fail := func(format string, args ...any) (Spec, error) {
		return Spec{}, &SpecError{Spec: s, Msg: fmt.Sprintf(format, args...)}
	}
	text := strings.ToLower(strings.TrimSpace(s))
	kind, opts, hasOpts := strings.Cut(text, ":")
	// file names keep their case: the options as written
	_, origOpts, _ := strings.Cut(strings.TrimSpace(s), ":")
	var sp Spec
	if kind == "net" {
		path := strings.TrimSpace(origOpts)
		if path == "" {
			return fail("net needs a network file: net:FILE (made by stackrules train)")
		}
		return Spec{Kind: KindNet, Net: path}, nil
	}
	switch kind {
	case "random":
		sp.Kind = KindRandom
	case "greedy":
		sp.Kind = KindGreedy
	case "mcts":
		sp.Kind = KindMCTS
	case "":
		return fail("empty (want random, greedy or mcts)")
	default:
		msg := fmt.Sprintf("unknown player %q (want random, greedy, mcts or net:FILE)", kind)
		if sug := suggest(kind, []string{"random", "greedy", "mcts", "net"}); sug != "" {
			msg += fmt.Sprintf("; did you mean %q?", sug)
		}
		return fail("%s", msg)
	}
	if hasOpts && strings.TrimSpace(opts) == "" {
		return fail("nothing after %q", kind+":")
	}
	items, origItems := []string{}, []string{}
	if hasOpts {
		items = strings.Split(opts, ",")
		origItems = strings.Split(origOpts, ",")
		if len(origItems) != len(items) {
			origItems = items // lower-casing changed the text's shape (not ASCII)
		}
	}
	if sp.Kind == KindMCTS {
		level := DefaultLevel
		if len(items) > 0 && !strings.Contains(items[0], "=") {
			level = strings.TrimSpace(items[0])
			items, origItems = items[1:], origItems[1:]
			if _, ok := findLevel(level); !ok {
				msg := fmt.Sprintf("unknown level %q (levels: %s)", level, levelNames())
				if _, isKey := keyHelp(level); isKey {
					msg = fmt.Sprintf("option %q needs a value, e.g. %s=...", level, level)
				} else if sug := suggest(level, strings.Split(levelNames(), ", ")); sug != "" {
					msg += fmt.Sprintf("; did you mean %q?", sug)
				}
				return fail("%s", msg)
			}
		} else if len(items) > 0 {
			level = "" // explicit options start from nothing, not from a level
		}
		if level != "" {
			l, _ := findLevel(level)
			sp.Level = l.Name
			sp.Iterations, sp.Time, sp.Threads, sp.Parallel = l.Iterations, l.Time, l.Threads, l.Parallel
		} else {
			sp.Threads = 1
		}
	}
	seen := map[string]bool{}
	for idx, item := range items {
		item = strings.TrimSpace(item)
		key, val, ok := strings.Cut(item, "=")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if item == "" {
			return fail("empty option (stray comma?)")
		}
		if !ok && sp.Kind != KindMCTS {
			return fail("%s accepts only seed=N, not %q", sp.Kind, item)
		}
		if !ok {
			if _, isLevel := findLevel(item); isLevel && sp.Kind == KindMCTS {
				return fail("level %q must come first", item)
			}
			return fail("option %q needs a value (KEY=VALUE)", item)
		}
		if seen[key] {
			return fail("option %q given twice", key)
		}
		seen[key] = true
		if sp.Kind != KindMCTS && key != "seed" {
			return fail("%s accepts only seed=N, not %q", sp.Kind, key)
		}
		if _, known := keyHelp(key); !known {
			var keys []string
			for _, k := range specKeys {
				keys = append(keys, k.key)
			}
			msg := fmt.Sprintf("unknown option %q (options: %s)", key, strings.Join(keys, ", "))
			if sug := suggest(key, keys); sug != "" {
				msg += fmt.Sprintf("; did you mean %q?", sug)
			}
			return fail("%s", msg)
		}
		if val == "" {
			return fail("option %q has no value", key)
		}
		switch key {
		case "net":
			_, orig, _ := strings.Cut(origItems[idx], "=")
			sp.Net = strings.TrimSpace(orig)
		case "netmix", "netminimax":
			f, err := strconv.ParseFloat(val, 64)
			if err != nil || !(f >= 0) || f > 1 {
				return fail("%s=%s: want a number from 0 to 1 (e.g. 0.5)", key, val)
			}
			if key == "netminimax" {
				sp.NetMinimax, sp.HasNetMinimax = f, true
			} else {
				sp.NetMix, sp.HasNetMix = f, true
			}
		case "iterations", "threads", "playout", "endgame", "netplayout", "netprior":
			r := specRanges[key]
			n, err := strconv.ParseInt(val, 10, 64)
			if err == nil && n > r.hi {
				return fail("%s=%s: at most %d", key, val, r.hi)
			}
			if err != nil || n < r.lo {
				return fail("%s=%s: want a whole number >= %d and <= %d%s", key, val, r.lo, r.hi, r.note)
			}
			switch key {
			case "iterations":
				sp.Iterations = int(n)
			case "threads":
				sp.Threads = int(n)
			case "playout":
				sp.PlayoutCap = int(n)
			case "netplayout":
				sp.NetPlayout, sp.HasNetPlayout = int(n), true
			case "netprior":
				sp.NetPrior, sp.HasNetPrior = int(n), true
			default:
				sp.Endgame = int(n)
				if n == 0 {
					sp.Endgame = -1
				}
			}
		case "time":
			d, err := time.ParseDuration(val)
			if err != nil || d <= 0 {
				return fail("time=%s: want a positive duration such as 500ms or 2s (at most %s)", val, fmtDuration(MaxTime))
			}
			if d > MaxTime {
				return fail("time=%s: at most %s", val, fmtDuration(MaxTime))
			}
			sp.Time = d
		case "parallel":
			switch val {
			case "tree":
				sp.Parallel = TreeParallel
			case "root":
				sp.Parallel = RootParallel
			default:
				return fail("parallel=%s: want tree or root", val)
			}
		case "seed":
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				return fail("seed=%s: want a whole number >= 0", val)
			}
			sp.Seed, sp.HasSeed = n, true
		case "discount":
			f, err := strconv.ParseFloat(val, 64)
			if err != nil || !(f > 0) || f > 1 {
				return fail("discount=%s: want a number > 0 and <= 1 (e.g. 0.995)", val)
			}
			sp.Discount = f
		case "keeplost":
			on, ok := bit(val)
			if !ok {
				return fail("keeplost=%s: want 0 or 1", val)
			}
			sp.KeepLost = -1
			if on {
				sp.KeepLost = 1
			}
		case "avoid":
			on, ok := bit(val)
			if !ok {
				return fail("avoid=%s: want 0 or 1", val)
			}
			sp.NoAvoid = !on
		case "nettree":
			on, ok := bit(val)
			if !ok {
				return fail("nettree=%s: want 0 or 1", val)
			}
			sp.NetTree = on
		case "classic":
			on, ok := bit(val)
			if !ok {
				return fail("classic=%s: want 0 or 1", val)
			}
			sp.Classic = on
		case "c":
			f, err := strconv.ParseFloat(val, 64)
			if err != nil || !(f > 0) || f > MaxExploration {
				return fail("c=%s: want a number > 0 and <= %g (e.g. 0.7)", val, float64(MaxExploration))
			}
			sp.Exploration = f
		}
	}
	// without net= they apply to the rule file's network (none: an error
	// where there is none)
	if sp.Net == NoNet && sp.usesNetwork() {
		return fail("netplayout= and netminimax= use a network, and net=none asks for none")
	}
	if sp.Kind == KindMCTS && sp.Level == "" && sp.Iterations == 0 && sp.Time == 0 {
		return fail("no budget: give iterations=N or time=D (or a level: %s)", levelNames())
	}
	return sp, nil
}

func keyHelp(key string) (string, bool) {
	for _, k := range specKeys {
		if k.key == key {
			return k.help, true
		}
	}
	return "", false
}

// String renders the spec so that ParseSpec gives it back.
func (sp Spec) String() string {
	if sp.Kind == KindNet {
		return "net:" + sp.Net
	}
	if sp.Kind != KindMCTS {
		if sp.HasSeed {
			return fmt.Sprintf("%s:seed=%d", sp.Kind, sp.Seed)
		}
		return sp.Kind.String()
	}
	var parts []string
	base := Level{Threads: 1}
	if l, ok := findLevel(sp.Level); ok {
		base = l
		parts = append(parts, l.Name)
	}
	if sp.Iterations != base.Iterations || (sp.Level == "" && sp.Iterations > 0) {
		parts = append(parts, fmt.Sprintf("iterations=%d", sp.Iterations))
	}
	if sp.Time != base.Time || (sp.Level == "" && sp.Time > 0) {
		parts = append(parts, "time="+sp.Time.String())
	}
	if sp.Threads != base.Threads {
		parts = append(parts, fmt.Sprintf("threads=%d", sp.Threads))
	}
	if sp.Parallel != base.Parallel {
		parts = append(parts, "parallel="+sp.Parallel.String())
	}
	if sp.Exploration != 0 {
		parts = append(parts, "c="+strconv.FormatFloat(sp.Exploration, 'g', -1, 64))
	}
	if sp.PlayoutCap != 0 {
		parts = append(parts, fmt.Sprintf("playout=%d", sp.PlayoutCap))
	}
	if sp.Discount != 0 {
		parts = append(parts, "discount="+strconv.FormatFloat(sp.Discount, 'g', -1, 64))
	}
	switch sp.KeepLost {
	case 1:
		parts = append(parts, "keeplost=1")
	case -1:
		parts = append(parts, "keeplost=0")
	}
	if sp.NoAvoid {
		parts = append(parts, "avoid=0")
	}
	if sp.Classic {
		parts = append(parts, "classic=1")
	}
	if sp.Endgame != 0 {
		parts = append(parts, fmt.Sprintf("endgame=%d", max(sp.Endgame, 0)))
	}
	if sp.Net != "" {
		parts = append(parts, "net="+sp.Net)
	}
	if sp.NetPlayout != 0 || sp.HasNetPlayout {
		parts = append(parts, fmt.Sprintf("netplayout=%d", sp.NetPlayout))
	}
	if sp.HasNetMix {
		parts = append(parts, "netmix="+strconv.FormatFloat(sp.NetMix, 'g', -1, 64))
	}
	if sp.NetPrior != 0 || sp.HasNetPrior {
		parts = append(parts, fmt.Sprintf("netprior=%d", sp.NetPrior))
	}
	if sp.NetMinimax != 0 || sp.HasNetMinimax {
		parts = append(parts, "netminimax="+strconv.FormatFloat(sp.NetMinimax, 'g', -1, 64))
	}
	if sp.NetTree {
		parts = append(parts, "nettree=1")
	}
	if sp.HasSeed {
		parts = append(parts, fmt.Sprintf("seed=%d", sp.Seed))
	}
	if len(parts) == 0 {
		return "mcts"
	}
	return "mcts:" + strings.Join(parts, ",")
}

// Config is the MCTS configuration the spec describes; seed is used unless
// the spec sets its own.
func (sp Spec) Config(seed uint64) Config {
	if sp.HasSeed {
		seed = sp.Seed
	}
	cfg := Config{
		Iterations:  sp.Iterations,
		Time:        sp.Time,
		Threads:     sp.Threads,
		Parallel:    sp.Parallel,
		Exploration: sp.Exploration,
		PlayoutCap:  sp.PlayoutCap,
		Discount:    sp.Discount,
		Seed:        seed,

		EndgamePositions: sp.Endgame,
		NetPlayout:       sp.NetPlayout,
		KeepLost:         sp.KeepLost > 0,
		NoAvoid:          sp.NoAvoid,
		NetTree:          sp.NetTree,
		NetPrior:         sp.NetPrior,
		NetMinimax:       sp.NetMinimax,
	}
	if sp.HasNetMix {
		cfg.NetMix = 1 - sp.NetMix
	}
	if sp.Classic {
		cfg.Discount, cfg.NoRepetition, cfg.EndgamePositions, cfg.KeepLost = 1, true, -1, false
	}
	return cfg
}

// bit reads a spec switch: 1 on, 0 off; ok false for anything else.
func bit(val string) (on, ok bool) {
	return val == "1", val == "0" || val == "1"
}

// suggest returns the candidate within edit distance 2 of s, if any.
func suggest(s string, candidates []string) string {
	if best, d := didyoumean.Nearest(s, candidates); d >= 0 && d <= 2 {
		return best
	}
	return ""
}
