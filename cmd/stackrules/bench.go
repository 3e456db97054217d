package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"time"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
	"github.com/urfave/cli/v2"
)

// benchResult is what `bench` measures for one game.
type benchResult struct {
	Game              string  `json:"game"`
	Path              string  `json:"path"` // closures or vm
	PlayoutPliesPerS  float64 `json:"playout_plies_per_sec"`
	PlayoutsPerS      float64 `json:"playouts_per_sec"`
	PerftNodesPerS    float64 `json:"perft_nodes_per_sec"`
	AllocsPerMove     float64 `json:"allocs_per_move"`
	Seconds           float64 `json:"seconds"`
	PlayoutPlyCap     int     `json:"playout_ply_cap"`
	PerftDepth        int     `json:"perft_depth"`
	PlayoutsCompleted int     `json:"playouts"`
}

func benchCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "bench",
		Usage:     "measure random-playout and perft speed on this machine (all built-in games when none is named)",
		ArgsUsage: "[GAME...]",
		Flags: []cli.Flag{
			&cli.DurationFlag{Name: "time", Value: 3 * time.Second, Usage: "measure each game for `DURATION` (split between playouts and perft), after a warm-up"},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object per game"},
			&cli.BoolFlag{Name: "vm", Usage: "evaluate expressions with expr's VM instead of compiled closures (the slow baseline)"},
			&cli.IntFlag{Name: "max-plies", Value: 1000, Usage: "cut a random playout after `N` plies"},
			playersFlag,
		},
		Action: func(c *cli.Context) error {
			games := c.Args().Slice()
			if len(games) == 0 {
				games = variants.Names()
			}
			if err := checkFlags(c, benchIntRanges, benchDurations); err != nil {
				return err
			}
			for _, name := range games {
				if err := unknownGame(name); err != nil {
					return err // before the table's header
				}
			}
			progress := isTerminal(s.err) && !c.Bool("json")
			nameW := len("game")
			for _, name := range games {
				nameW = max(nameW, len(name))
			}
			if !c.Bool("json") {
				fmt.Fprintf(s.out, "%-*s %8s %16s %12s %16s %12s\n", nameW, "game", "path", "playout plies/s", "playouts/s", "perft nodes/s", "allocs/move")
			}
			for _, name := range games {
				g, err := openNamed(name, interpreter.Options{VMOnly: c.Bool("vm")})
				if err == nil {
					g, err = withPlayers(c, g)
				}
				if err != nil {
					return err
				}
				report := func(phase string) {
					if progress {
						fmt.Fprintf(s.err, "\r\033[Kbench %s: %s...", name, phase)
					}
				}
				r, err := measure(g, c.Duration("time"), c.Int("max-plies"), report)
				if err != nil {
					return err
				}
				r.Game = name
				if c.Bool("vm") {
					r.Path = "vm"
				}
				if progress {
					fmt.Fprint(s.err, "\r\033[K")
				}
				if c.Bool("json") {
					b, _ := json.Marshal(r)
					fmt.Fprintln(s.out, string(b))
				} else {
					fmt.Fprintf(s.out, "%-*s %8s %16.0f %12.1f %16.0f %12.3f\n", nameW, r.Game, r.Path, r.PlayoutPliesPerS, r.PlayoutsPerS, r.PerftNodesPerS, r.AllocsPerMove)
				}
			}
			return nil
		},
	}
}

// measure runs random playouts from the start, then perft, each for half of d
// after a short warm-up.
func measure(g *interpreter.Game, d time.Duration, maxPlies int, report func(string)) (benchResult, error) {
	r := benchResult{Path: "closures", PlayoutPlyCap: maxPlies, Seconds: d.Seconds()}
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]board.Move, 0, 256)
	start := g.Start()
	p := new(board.Position)
	play := func(until time.Time) (plies, games int, err error) {
		for time.Now().Before(until) {
			for i := 0; i < 20; i++ {
				*p = start
				var n int
				n, buf, err = g.RandomPlayout(p, rng, maxPlies, buf)
				if err != nil {
					return plies, games, err
				}
				plies += n
				games++
			}
		}
		return plies, games, nil
	}
	report("warming up")
	if _, _, err := play(time.Now().Add(d / 10)); err != nil {
		return r, err
	}
	report("random playouts")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	t0 := time.Now()
	plies, games, err := play(t0.Add(d / 2))
	if err != nil {
		return r, err
	}
	el := time.Since(t0).Seconds()
	runtime.ReadMemStats(&after)
	r.PlayoutPliesPerS = float64(plies) / el
	r.PlayoutsPerS = float64(games) / el
	r.PlayoutsCompleted = games
	r.AllocsPerMove = float64(after.Mallocs-before.Mallocs) / float64(max(plies, 1))

	report("perft")
	r.PerftDepth = 1
	var nodes, last int64
	t0 = time.Now()
	until := t0.Add(d / 2)
	for time.Now().Before(until) {
		pass := time.Now()
		n, err := g.PerftErr(&start, r.PerftDepth, interpreter.PerftOptions{})
		if err != nil {
			return r, err
		}
		nodes += n
		// Deepen while a pass is short, so the count is not all overhead,
		// unless the next depth (as much longer as this one was bigger than
		// the one before) would not end in time: a dice game grows 500-fold.
		growth := float64(n) / float64(max(last, 1))
		if time.Since(t0) < d/20 && (last == 0 || time.Duration(float64(time.Since(pass))*growth) < d/4) {
			r.PerftDepth++
			last = n
		}
	}
	r.PerftNodesPerS = float64(nodes) / time.Since(t0).Seconds()
	return r, nil
}

// isTerminal reports whether w is a terminal, where progress lines belong.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
