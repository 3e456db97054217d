package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/lab"
	"github.com/urfave/cli/v2"
)

// `stackrules analyze GAME` plays self-play games and reports the game's
// balance (package lab); `stackrules analyze merge FILE...` combines the
// JSON reports of shards (--shard K/N) into the whole run's report.

var analyzeFlagRanges = []intFlagRange{{"games", 0, 100_000_000}, {"max-plies", 1, 100_000}, {"ladder-games", 1, 10_000_000}, {"jobs", 0, 4096}}

// selfPlayFlags are the flags that say what to play: merge takes none.
var selfPlayFlags = []string{"a", "b", "seat", "swap", "games", "seed", "max-plies", "players", "shard", "until", "ladder", "ladder-games", "jobs"}

// seatSpecs is the value of --seat, repeatable; a spec may hold commas.
type seatSpecs struct{ items []string }

func (f *seatSpecs) Set(v string) error { f.items = append(f.items, v); return nil }
func (f *seatSpecs) String() string     { return strings.Join(f.items, " ") }

func analyzeCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "analyze",
		Usage:     "play many self-play games and report the game's balance, length, branching and skill ladder",
		ArgsUsage: "GAME | merge FILE...",
		Description: "Plays --games self-play games (players --a and --b, A taking each seat in turn,\n" +
			"or --seat NAME=SPEC for each seat; by default one fast AI in every seat:\n" +
			"mcts:iterations=100,playout=10 for a rule file with evaluate, else\n" +
			"mcts:iterations=50) and reports, with 95% intervals: the first player's and\n" +
			"each seat's wins, draws, losses and score; the draw rate and how games end\n" +
			"(by the rule that ended them); game length and ply-cap hits; legal moves\n" +
			"per ply by phase; evaluate and material over the game; and, with --ladder,\n" +
			"whether each level of a ladder of players beats the one below.\n\n" +
			"Game i is played from seeds derived from --seed and i only, so\n" +
			"--shard K/N plays exactly the games K, K+N, K+2N... of the run and writes\n" +
			"its JSON; `stackrules analyze merge FILE...` adds the shards up to the same\n" +
			"report, count for count, as the unsharded run. Shards need reproducible\n" +
			"players: an iteration budget and one thread, no time budget.\n" +
			"--until ±0.01 plays until the first player's interval is that narrow.\n" +
			"Ctrl-C (or SIGTERM) writes the report of the games finished, then exits\n" +
			"130 (143). See docs/lab.md.\n\n" + ai.SpecHelp(),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "a", Usage: "player A's `SPEC` (default: a fast AI, see above)"},
			&cli.StringFlag{Name: "b", Usage: "player B's `SPEC` (default: A's)"},
			&cli.GenericFlag{Name: "seat", Value: &seatSpecs{}, Usage: "`NAME=SPEC`: who plays the seat NAME in every game (repeatable; seats not named: --a)"},
			&cli.BoolFlag{Name: "swap", Value: true, Usage: "A takes each seat in turn (--swap=false: A always sits first)"},
			&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 200, Usage: "play `N` self-play games (with --until: at most N, default 1000000)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the run's `SEED`: game i's seeds come from it and i"},
			&cli.IntFlag{Name: "max-plies", Value: 2000, Usage: "call a game still going after `N` plies a draw (a ply-cap hit)"},
			playersFlag,
			&cli.StringFlag{Name: "shard", Usage: "play shard `K/N` of the run: its games K, K+N, K+2N... (K from 0), as JSON"},
			&cli.StringFlag{Name: "until", Usage: "stop when the first player's 95% interval is within `±W` (e.g. ±0.01, 1%)"},
			&cli.StringFlag{Name: "ladder", Usage: "skill ladder `LEVELS`, weakest first: \"random < greedy < mcts:easy\", or default (" + lab.DefaultLadder + ")"},
			&cli.IntFlag{Name: "ladder-games", Value: 100, Usage: "`N` games for each pair of adjacent levels"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, Usage: "play `N` games at once (default: one per CPU)"},
			&cli.BoolFlag{Name: "json", Usage: "write one JSON object (what merge reads)"},
			&cli.StringFlag{Name: "html", Usage: "also write the report as a web page with SVG plots to `FILE`"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the report (text or JSON) to `FILE` instead of the standard output"},
			&cli.BoolFlag{Name: "partial", Usage: "merge: merge what there is when shards are missing or were interrupted"},
		},
		Action: func(c *cli.Context) error {
			if err := checkFlags(c, analyzeFlagRanges, nil); err != nil {
				return err
			}
			if c.Args().First() == "merge" {
				return analyzeMerge(c, s)
			}
			if c.IsSet("partial") {
				return usagef("analyze: --partial is for analyze merge")
			}
			return analyzeRun(c, s)
		},
	}
}

// analyzeRun plays the run and writes its report.
func analyzeRun(c *cli.Context, s *streams) error {
	g, err := openGame(c, "")
	if err != nil {
		return err
	}
	cfg, err := analyzeConfig(c, g)
	if err != nil {
		return err
	}
	if err := cfg.Check(); err != nil {
		return usagef("analyze: %s", strings.TrimPrefix(err.Error(), "lab: "))
	}
	for _, sp := range []ai.Spec{cfg.Players.A, cfg.Players.B} {
		if sp.HasSeed {
			fmt.Fprintf(s.err, "warning: %s sets its own seed, so every game's %s plays from the same seed\n", sp, sp)
		}
	}
	ctx, cancel := context.WithCancel(c.Context)
	defer cancel()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	var stoppedBy os.Signal
	finished := make(chan struct{})
	defer close(finished)
	go func() {
		select {
		case sig := <-sigs:
			stoppedBy = sig
			cancel()
		case <-finished:
		}
	}()
	line := newProgressLine(s.err, g.Name)
	line.until = cfg.Until > 0
	rep, err := lab.Run(ctx, cfg, lab.Options{Progress: line.update})
	line.clear()
	if err != nil {
		return err
	}
	if err := writeAnalyzeReport(c, s, rep, c.Bool("json") || cfg.Shard.Count > 1); err != nil {
		return err
	}
	if !rep.Complete && stoppedBy != nil {
		return exitStatus{code: signalCode(stoppedBy), msg: fmt.Sprintf("stopped by a signal (%v): the report covers the %d games finished", stoppedBy, rep.Games)}
	}
	return nil
}

// signalCode is the shell's status for a signal: 128 + its number.
func signalCode(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 1
}

// analyzeConfig reads the run from the flags.
func analyzeConfig(c *cli.Context, g *interpreter.Game) (lab.Config, error) {
	cfg := lab.Config{Game: g, Variant: c.Args().First(), Seed: c.Uint64("seed"), MaxPlies: c.Int("max-plies"),
		Games: c.Int("games"), LadderGames: c.Int("ladder-games"), Jobs: c.Int("jobs")}
	aText := c.String("a")
	if aText == "" {
		aText = lab.DefaultSpec(g)
	}
	bText := c.String("b")
	if bText == "" {
		bText = aText
	}
	var err error
	if cfg.Players.A, err = parseSpec("a", aText); err != nil {
		return cfg, err
	}
	if cfg.Players.B, err = parseSpec("b", bText); err != nil {
		return cfg, err
	}
	cfg.Players.Swap = c.Bool("swap")
	if seats, ok := c.Generic("seat").(*seatSpecs); ok && len(seats.items) > 0 {
		if c.IsSet("b") {
			return cfg, usagef("analyze: --seat names who plays each seat; --b is for A against B")
		}
		cfg.Players.Seats = make([]ai.Spec, len(g.Players))
		for i := range cfg.Players.Seats {
			cfg.Players.Seats[i] = cfg.Players.A
		}
		var names []string
		for _, p := range g.Players {
			names = append(names, p.Name)
		}
		for _, item := range seats.items {
			name, text, ok := strings.Cut(item, "=")
			if !ok {
				return cfg, usagef("--seat %q: want NAME=SPEC, e.g. %s=random", item, names[0])
			}
			i := g.PlayerIndex(strings.TrimSpace(name))
			if i < 0 {
				return cfg, usagef("--seat %q: %s has no player %q (its players: %s)", item, g.Name, name, strings.Join(names, ", "))
			}
			if cfg.Players.Seats[i], err = parseSpec("seat", text); err != nil {
				return cfg, err
			}
		}
	}
	if t := c.String("shard"); t != "" {
		if cfg.Shard, err = lab.ParseShard(t); err != nil {
			return cfg, usagef("--shard: %v", err)
		}
	}
	if t := c.String("until"); t != "" {
		if cfg.Until, err = parseUntil(t); err != nil {
			return cfg, usagef("--until: %v", err)
		}
		if !c.IsSet("games") {
			cfg.Games = 1_000_000
		}
	}
	if t := c.String("ladder"); t != "" {
		if cfg.Ladder, err = lab.ParseLadder(t); err != nil {
			return cfg, usagef("--ladder: %v", err)
		}
	}
	if cfg.Games == 0 && cfg.Ladder == nil {
		return cfg, usagef("analyze: --games 0 plays nothing (it is for a run of the --ladder only)")
	}
	return cfg, nil
}

// parseUntil reads a half-width: ±0.01, +-0.01, 0.01, 1%, ±1%.
func parseUntil(t string) (float64, error) {
	text := strings.TrimSpace(t)
	for _, p := range []string{"±", "+-", "+/-"} {
		text = strings.TrimPrefix(text, p)
	}
	scale := 1.0
	if strings.HasSuffix(text, "%") {
		text, scale = strings.TrimSuffix(text, "%"), 0.01
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a half-width (e.g. ±0.01 or 1%%)", t)
	}
	v *= scale
	if !(v > 0 && v < 0.5) {
		return 0, fmt.Errorf("%q: a half-width above 0 and below 0.5 (50%%)", t)
	}
	return v, nil
}

// analyzeMerge reads the shards' JSON reports and writes the whole run's.
func analyzeMerge(c *cli.Context, s *streams) error {
	for _, f := range selfPlayFlags {
		if c.IsSet(f) {
			return usagef("analyze merge: --%s says what to play; merge only adds up the shards' reports", f)
		}
	}
	files := c.Args().Slice()[1:]
	if len(files) == 0 {
		return usagef("analyze merge: name the shards' JSON files (written by analyze --shard K/N)")
	}
	var reports []*lab.Report
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		r, err := lab.ReadReport(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		reports = append(reports, r)
	}
	merged, err := lab.Merge(reports, c.Bool("partial"))
	if err != nil {
		return err
	}
	return writeAnalyzeReport(c, s, merged, c.Bool("json"))
}

// writeAnalyzeReport writes the report as JSON or text, to --output or the
// standard output, and as a page to --html.
func writeAnalyzeReport(c *cli.Context, s *streams, r *lab.Report, asJSON bool) error {
	var out bytes.Buffer
	var err error
	if asJSON {
		err = lab.WriteJSON(&out, r)
	} else {
		err = lab.WriteText(&out, r)
	}
	if err != nil {
		return err
	}
	if path := c.String("html"); path != "" {
		var page bytes.Buffer
		if err := lab.WriteHTML(&page, r); err != nil {
			return err
		}
		if err := interpreter.WriteFileAtomic(path, page.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(s.err, "wrote the report to %s\n", path)
	}
	if path := c.String("output"); path != "" {
		return interpreter.WriteFileAtomic(path, out.Bytes())
	}
	_, err = s.out.Write(out.Bytes())
	return err
}

// progressLine is the one line `analyze` keeps up to date on a terminal:
// the games played, the first player's score so far and the time left.
type progressLine struct {
	w     io.Writer
	on    bool
	game  string
	last  int64 // milliseconds into the run of the last update
	shown bool
	until bool // a sequential stop: the games planned are only a bound
}

func newProgressLine(w io.Writer, game string) *progressLine {
	return &progressLine{w: w, on: isTerminal(w), game: game, last: -1000}
}

func (p *progressLine) update(st lab.Status) {
	if !p.on {
		return
	}
	ms := st.Elapsed.Milliseconds()
	if ms-p.last < 200 && st.Done != st.Planned {
		return
	}
	p.last = ms
	line := fmt.Sprintf("%s, %s: %d/%d games", p.game, st.Stage, st.Done, st.Planned)
	if st.Stage == "self-play" && st.First.Games > 0 {
		score, lo, hi := st.Score()
		line += fmt.Sprintf(", first player %.1f%% ±%.1f%%", 100*score, 100*(hi-lo)/2)
	}
	if st.Done > 0 && st.Done < st.Planned && !(p.until && st.Stage == "self-play") {
		left := st.Elapsed * time.Duration(st.Planned-st.Done) / time.Duration(st.Done)
		line += ", about " + shortDuration(left) + " left"
	}
	line += " (Ctrl-C stops and reports)"
	fmt.Fprintf(p.w, "\r\033[K%s", line)
	p.shown = true
}

func (p *progressLine) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
