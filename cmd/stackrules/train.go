package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/urfave/cli/v2"
)

// trainCommand teaches the AI a game by self-play: a value network for
// net:FILE and mcts:...,net=FILE (see docs/ai.md, "Teaching the AI a new
// game").
func trainCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "train",
		Usage:     "teach the AI a game by self-play: writes a value network for net:FILE and mcts:...,net=FILE",
		ArgsUsage: "GAME",
		Description: "The network learns from games it plays against itself, TD(λ) as TD-Gammon did,\n" +
			"knowing nothing of the game beyond its rule file: every square's stack, the\n" +
			"pieces off, captured and in hand, the dice, and in a game with tracks each\n" +
			"player's pieces per step (and what the rule file's network: inputs: asks for).\n" +
			"It stops after --games or --time, or at Ctrl-C, and\n" +
			"saves the network to --out at every checkpoint and at the end; --resume goes on\n" +
			"from the file, with the learning flags it records unless given again. At each\n" +
			"checkpoint the network plays --check-games games against the previous\n" +
			"checkpoint's and as many against a random player: the progress\n" +
			"line shows its scores. Then measure it against the untrained AI:\n" +
			"  stackrules match GAME --a mcts:medium,net=FILE --b mcts:medium",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the network to `FILE` (default GAME.net)"},
			&cli.BoolFlag{Name: "resume", Usage: "go on training the network in --out (its seed and size, and the flags it was trained with that are not given again: --" + strings.Join(trainingFlags, ", --") + "), as if never stopped"},
			&cli.Int64Flag{Name: "games", Aliases: []string{"n"}, Usage: "stop once the network has learned from `N` games in all (with --resume, counting the earlier ones)"},
			&cli.DurationFlag{Name: "time", Usage: "stop after `D` (e.g. 10m)"},
			&cli.IntFlag{Name: "threads", Value: 1, Usage: "self-play games played at once"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed: the same seed and --threads learn the same network"},
			&cli.IntFlag{Name: "hidden", Value: ai.DefaultHidden, Usage: "hidden units of the network"},
			&cli.Float64Flag{Name: "rate", Value: ai.DefaultTrainRate, Usage: "learning rate, for the first --anneal games (a fifth of it after)"},
			&cli.Int64Flag{Name: "anneal", Value: ai.DefaultAnnealAfter, Usage: "games after which the learning rate drops to a fifth (0: never)"},
			&cli.Float64Flag{Name: "lambda", Value: ai.DefaultLambda, Usage: "TD(λ): how far back a game's later values and outcome reach, 0 to 1"},
			&cli.Float64Flag{Name: "explore", Value: -1, Usage: "chance of a random move in self-play (default 0.1 without dice, 0 with: the dice explore)"},
			&cli.IntFlag{Name: "random-start", Usage: "begin each self-play game with up to `N` random moves, not learned from (0 to N, uniformly), so that the network also sees positions its own play does not reach"},
			&cli.Int64Flag{Name: "check-every", Value: ai.DefaultCheckEvery, Usage: "games between checkpoints"},
			&cli.Int64Flag{Name: "keep-every", Usage: "also keep a copy of the network every `N` games (at the first checkpoint there or after), as OUT-GAMES.net beside --out, never written over: the last network is not always the best, so match the copies (0: none)"},
			&cli.IntFlag{Name: "check-games", Value: ai.DefaultCheckGames, Usage: "games of each checkpoint match (0: none)"},
			&cli.IntFlag{Name: "max-plies", Value: ai.DefaultTrainPlies, Usage: "call a self-play game still going after `N` plies a draw"},
			&cli.StringSliceFlag{Name: "average", Usage: "train nothing: join the networks in these `FILE`s, trained for GAME (another --seed, another run), into one that rates as their average, written to --out (repeat the flag or separate by commas): it usually plays better than any of them (see docs/ai.md)"},
			playersFlag,
		},
		Action: func(c *cli.Context) error {
			out := c.String("out")
			if out == "" {
				out = strings.TrimSuffix(filepath.Base(c.Args().First()), filepath.Ext(c.Args().First())) + ".net"
			}
			if c.Bool("resume") && c.Args().Present() {
				if err := resumeTraining(c, s, out); err != nil {
					return err
				}
			}
			if err := checkFlags(c, []intFlagRange{{"threads", 1, ai.MaxThreads}, {"hidden", 1, 4096}, {"check-games", 0, 100_000}, {"max-plies", 1, 100_000}, {"random-start", 0, 100_000}},
				[]durationFlagRange{{"time", time.Second, 1000 * time.Hour}}); err != nil {
				return err
			}
			if c.Int64("games") < 0 || c.Int64("check-every") < 1 {
				return usagef("train: --games and --check-every must be positive")
			}
			keepEvery := c.Int64("keep-every")
			if keepEvery < 0 {
				return usagef("train: --keep-every must be 0 (none) or more")
			}
			if r, l := c.Float64("rate"), c.Float64("lambda"); !(r > 0 && r <= 10) || !(l >= 0 && l <= 1) {
				return usagef("train: --rate must be in (0, 10] and --lambda in [0, 1]")
			}
			if e := c.Float64("explore"); e != -1 && !(e >= 0 && e <= 1) {
				return usagef("train: --explore must be in [0, 1]")
			}
			g, err := openGame(c, "")
			if err != nil {
				return err
			}
			game := searchGame(g)
			enc := game.(ai.Encoder[interpreter.SearchPosition])
			if c.IsSet("average") {
				return averageNetworks(c, s, enc, len(g.Players), out)
			}
			var net *ai.Net
			if c.Bool("resume") {
				if net, err = ai.LoadNet(out, enc.FeatureLayout(), enc.Features(), len(g.Players)); err != nil {
					return fmt.Errorf("--resume: %w", err)
				}
				if c.IsSet("hidden") && c.Int("hidden") != net.Hidden {
					return usagef("train: --resume: %s has %d hidden units, not --hidden %d", out, net.Hidden, c.Int("hidden"))
				}
				if c.IsSet("seed") && c.Uint64("seed") != net.Seed {
					return usagef("train: --resume: %s was trained with seed %d; resume with it (leave out --seed)", out, net.Seed)
				}
			} else {
				if _, err := os.Stat(out); err == nil {
					return usagef("train: %s exists: --resume to go on training it, or --out another file", out)
				}
				// where wins are worth more or fewer points, the net learns
				// each player's chances of each (ai.ResultKinds)
				kinds := 1
				if rk, ok := game.(ai.ResultKinds); ok {
					kinds = max(rk.ResultKinds(), 1)
				}
				net = ai.NewNet(enc.Features(), c.Int("hidden"), len(g.Players)*kinds, enc.FeatureLayout(), c.Uint64("seed"))
				net.Game, net.Kinds = g.Name, kinds
			}
			net.Training = trainingLine(c)
			anneal := c.Int64("anneal")
			if anneal < 0 {
				return usagef("train: --anneal must be 0 or more")
			}
			if anneal == 0 {
				anneal = -1 // never, as TrainConfig says it
			}
			explore := c.Float64("explore")
			if explore == -1 {
				explore = 0
			} else if explore == 0 {
				explore = -1 // none, as TrainConfig says it
			}
			ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
			defer stop()
			live := isTerminal(s.err)
			every := 10 * time.Second
			if live {
				every = time.Second
			}
			checkGames := c.Int("check-games")
			if checkGames == 0 {
				checkGames = -1 // none, as TrainConfig says it
			}
			lastLine := ""
			kept := int64(0) // the last multiple of --keep-every kept
			if keepEvery > 0 {
				kept = net.Games / keepEvery
			}
			cfg := ai.TrainConfig{
				Games: c.Int64("games"), Time: c.Duration("time"), Threads: c.Int("threads"), Seed: net.Seed,
				Rate: c.Float64("rate"), AnnealAfter: anneal, Lambda: c.Float64("lambda"), Explore: explore, MaxPlies: c.Int("max-plies"), RandomStart: c.Int("random-start"),
				CheckEvery: c.Int64("check-every"), CheckGames: checkGames, ProgressEvery: every,
				Progress: func(p ai.TrainProgress) {
					lastLine = p.String()
					if live {
						fmt.Fprintf(s.err, "\r\033[K%s", lastLine)
					} else {
						fmt.Fprintln(s.err, lastLine)
					}
				},
				OnCheckpoint: func(n *ai.Net, p ai.TrainProgress) error {
					if err := n.Save(out); err != nil {
						return fmt.Errorf("saving the network: %w", err)
					}
					if live {
						fmt.Fprint(s.err, "\r\033[K")
					}
					what := "checkpoint"
					if p.Done {
						what = "saved"
					}
					fmt.Fprintf(s.err, "%s: %s -> %s\n", what, p, out)
					if keepEvery > 0 && p.Games/keepEvery > kept {
						kept = p.Games / keepEvery
						keepCopy(s, n, out, p.Games)
					}
					return nil
				},
			}
			if cfg.Games == 0 && cfg.Time == 0 {
				fmt.Fprintln(s.err, "training until Ctrl-C (or give --games or --time); the network is saved at every checkpoint and at the end")
			} else {
				fmt.Fprintln(s.err, "Ctrl-C stops training; the network learned so far is saved")
			}
			fmt.Fprintf(s.err, "training %s: %d inputs, %d hidden, %d outputs; from %d games\n", g.Name, net.In, net.Hidden, net.Out, net.Games)
			start := func(int64) interpreter.SearchPosition {
				return interpreter.SearchPosition{Position: g.Start()}
			}
			p, err := ai.Train[interpreter.SearchPosition, board.Move](ctx, game, start, net, cfg)
			if err != nil && !errors.Is(err, context.Canceled) {
				return err
			}
			fmt.Fprintf(s.out, "%s: %d games in all, %d in %s (%.1f games/s); network in %s\n",
				g.Name, p.Games, p.NewGames, p.Elapsed.Round(time.Second), p.GamesPerSec, out)
			return nil
		},
	}
}

// trainingFlags are the flags that shape what a network learns. Each run
// records them in the network's file (ai.Net.Training), and --resume takes
// them from there where they are not given again: a run resumed goes on as
// it was, and learns what one run would have, without the flags repeated
// (resumed without its --random-start, a Backgammon network got worse).
var trainingFlags = []string{"rate", "anneal", "lambda", "explore", "random-start", "max-plies", "threads", "players"}

// trainingLine is the flags of trainingFlags as this run uses them.
func trainingLine(c *cli.Context) string {
	parts := make([]string, 0, 2*len(trainingFlags))
	for _, name := range trainingFlags {
		if name == "players" && !c.IsSet(name) {
			continue // all of them, whatever their number
		}
		parts = append(parts, "--"+name, fmt.Sprint(c.Value(name)))
	}
	return strings.Join(parts, " ")
}

// resumeTraining sets the flags of trainingFlags not given on the command
// line to what the network in out was trained with, and says which it set
// and which differ. A file it cannot read is left to LoadNet to report.
func resumeTraining(c *cli.Context, s *streams, out string) error {
	f, err := os.Open(out)
	if err != nil {
		return nil
	}
	net, err := ai.ReadNet(f, out)
	f.Close()
	if err != nil {
		return nil
	}
	if net.Training == "" {
		fmt.Fprintf(s.err, "note: %s does not record how it was trained (written before networks did): resuming with the flags given and the defaults for the others\n", out)
		return nil
	}
	fields := strings.Fields(net.Training)
	if len(fields)%2 != 0 {
		return fmt.Errorf("--resume: network %s: its training line %q is not pairs of a flag and its value", out, net.Training)
	}
	var taken []string
	for i := 0; i < len(fields); i += 2 {
		name, val := strings.TrimPrefix(fields[i], "--"), fields[i+1]
		if !slices.Contains(trainingFlags, name) {
			continue // a flag of a later version
		}
		if c.IsSet(name) {
			if now := fmt.Sprint(c.Value(name)); now != val {
				fmt.Fprintf(s.err, "note: --%s %s, where %s was trained with --%s %s\n", name, now, out, name, val)
			}
			continue
		}
		if val == fmt.Sprint(c.Value(name)) {
			continue // the default
		}
		if err := c.Set(name, val); err != nil {
			return fmt.Errorf("--resume: network %s: its training line gives --%s %q: %v", out, name, val, err)
		}
		taken = append(taken, "--"+name+" "+val)
	}
	if len(taken) > 0 {
		fmt.Fprintf(s.err, "resuming as %s was trained: %s\n", out, strings.Join(taken, " "))
	}
	return nil
}

// keepCopy saves n beside out as OUT-GAMES.net (--keep-every), unless that
// file exists: a copy kept earlier is never written over (training goes on
// either way; the network itself is in out).
func keepCopy(s *streams, n *ai.Net, out string, games int64) {
	name := fmt.Sprintf("%s-%d.net", strings.TrimSuffix(out, ".net"), games)
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		fmt.Fprintf(s.err, "not kept: %v\n", err)
		return
	}
	_, err = n.WriteTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name) // only this run's own, unfinished file
		fmt.Fprintf(s.err, "not kept: %s: %v\n", name, err)
		return
	}
	fmt.Fprintf(s.err, "kept: %s\n", name)
}

// averageNetworks is train --average: the networks named joined into one
// (ai.AverageNets) written to out, which must not exist yet.
func averageNetworks(c *cli.Context, s *streams, enc ai.Encoder[interpreter.SearchPosition], players int, out string) error {
	for _, f := range []string{"resume", "games", "time", "hidden", "keep-every"} {
		if c.IsSet(f) {
			return usagef("train: --average trains nothing: leave out --%s", f)
		}
	}
	var files []string
	for _, v := range c.StringSlice("average") {
		for _, f := range strings.Split(v, ",") {
			if f = strings.TrimSpace(f); f != "" {
				files = append(files, f)
			}
		}
	}
	if len(files) < 2 {
		return usagef("train: --average needs two networks or more, got %d", len(files))
	}
	if !c.IsSet("out") {
		return usagef("train: --average: name the joined network's file with --out")
	}
	if _, err := os.Stat(out); err == nil {
		return usagef("train: %s exists: --out another file", out)
	}
	var nets []*ai.Net
	for _, f := range files {
		n, err := ai.LoadNet(f, enc.FeatureLayout(), enc.Features(), players)
		if err != nil {
			return err
		}
		nets = append(nets, n)
	}
	m, err := ai.AverageNets(nets...)
	if err != nil {
		return err
	}
	if err := m.Save(out); err != nil {
		return fmt.Errorf("saving the network: %w", err)
	}
	fmt.Fprintf(s.out, "%s: %d networks averaged (%d hidden units, %d games in all); network in %s\n", m.Game, len(nets), m.Hidden, m.Games, out)
	return nil
}
