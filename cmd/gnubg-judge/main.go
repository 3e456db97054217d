// Command gnubg-judge measures how well AI players choose Backgammon plays,
// with GNU Backgammon as the judge: it samples decisions (positions with at
// least two plays) from games of random moves, asks gnubg for the equity of
// every play at 0-ply, cubeless (`hint`), and reports for each player spec
// the mean equity lost per decision against gnubg's best play, in
// millipoints (mEMG). It is a measuring tool for the AI (docs/ai.md), not
// part of stackrules.
//
//	go run ./cmd/gnubg-judge -n 200 net:bg.net mcts:easy
//	go run ./cmd/gnubg-judge -n 1000 -seed 7 -v 10 mcts:iterations=1000
//
// -v N lists each player's N costliest decisions (gnubg's position ID, the
// roll, the play, gnubg's best play and the position in stackrules'
// notation).
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/session"
)

// verbose is the -v flag: how many of the worst decisions to list.
var verbose int

type decision struct {
	pos  interpreter.SearchPosition
	id   string
	dice [2]uint8
	eq   map[string]float64 // play -> gnubg's equity for the player on roll
	best float64
}

var (
	moveLine = regexp.MustCompile(`^\s*\d+\.\s+\S+\s+\d+-ply\s+(.+?)\s+Eq\.:\s+([-+]?[0-9.]+)`)
	idLine   = regexp.MustCompile(`Position ID: (\S{14})`)
)

func main() {
	n := flag.Int("n", 200, "decisions to judge")
	seed := flag.Uint64("seed", 1, "seed for the random games the decisions come from")
	bin := flag.String("gnubg", "/usr/games/gnubg", "GNU Backgammon binary")
	flag.IntVar(&verbose, "v", 0, "list the `N` decisions each player lost most in (position, roll, play, gnubg's best)")
	flag.Parse()
	if err := run(*n, *seed, *bin, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "gnubg-judge:", err)
		os.Exit(1)
	}
}

func run(n int, seed uint64, bin string, specs []string) error {
	g, err := interpreter.Open("backgammon")
	if err != nil {
		return err
	}
	game := g.AI()
	chance := game.(ai.Chance[interpreter.SearchPosition])
	rng := rand.New(rand.NewPCG(seed, 1))
	var ds []*decision
	var moves []board.Move
	var weights []float64
	for len(ds) < n {
		p := interpreter.SearchPosition{Position: g.Start()}
		for ply := 0; ply < 1000 && len(ds) < n; ply++ {
			if chance.IsChance(&p) {
				weights = chance.Outcomes(&p, weights[:0])
				total := 0.0
				for _, w := range weights {
					total += w
				}
				r := rng.Float64() * total
				k := 0
				for k < len(weights)-1 && r >= weights[k] {
					r -= weights[k]
					k++
				}
				chance.Resolve(&p, k)
				continue
			}
			moves = game.LegalMoves(&p, moves[:0])
			if len(moves) == 0 {
				break
			}
			if len(moves) >= 2 && !p.Opening && rng.IntN(6) == 0 {
				text, err := g.FormatPositionAs(&p.Position, "gnubgid")
				if err != nil {
					return err
				}
				id, _, _ := strings.Cut(text, ":")
				ds = append(ds, &decision{pos: p, id: id, dice: p.Dice, eq: map[string]float64{}})
			}
			game.Apply(&p, moves[rng.IntN(len(moves))])
		}
	}
	if err := judge(bin, ds); err != nil {
		return err
	}
	for _, s := range specs {
		// direct:FILE is the trainer's own player: the position after each
		// play rated before the next roll, no expectation over the rolls
		direct, isDirect := strings.CutPrefix(s, "direct:")
		if isDirect {
			s = "net:" + direct
		}
		spec, err := ai.ParseSpec(s)
		if err != nil {
			return err
		}
		if err := ai.CheckSpec(game, spec); err != nil {
			return err
		}
		var net *ai.Net
		if isDirect {
			enc := game.(ai.Encoder[interpreter.SearchPosition])
			if net, err = ai.LoadNet(direct, enc.FeatureLayout(), enc.Features(), 2); err != nil {
				return err
			}
		}
		lost, unmatched, worst := 0.0, 0, 0.0
		type miss struct {
			d          *decision
			play, best string
			loss       float64
		}
		var misses []miss
		start := time.Now()
		for i, d := range ds {
			pl := session.NewPlayer(g, spec, seed+uint64(i))
			if isDirect {
				if pl, err = ai.NewNetDirectPlayer(g.AI(), net, seed); err != nil {
					return err
				}
			}
			q := d.pos
			m, info := pl.Choose(context.Background(), &q)
			if info.Err != nil {
				return info.Err
			}
			eq, ok := d.eq[g.MoveString(m)]
			if !ok {
				unmatched++
				continue
			}
			lost += d.best - eq
			worst = max(worst, d.best-eq)
			if verbose > 0 && d.best-eq > 0 {
				best := ""
				for play, e := range d.eq {
					if e == d.best {
						best = play
					}
				}
				misses = append(misses, miss{d, g.MoveString(m), best, d.best - eq})
			}
		}
		judged := len(ds) - unmatched
		name := spec.String()
		if isDirect {
			name = "direct:" + direct
		}
		fmt.Printf("%-40s %6.1f mEMG lost per decision over %d decisions (worst %.0f; %d plays gnubg did not list), %s\n",
			name, 1000*lost/float64(judged), judged, 1000*worst, unmatched, time.Since(start).Round(time.Second))
		sort.Slice(misses, func(i, j int) bool { return misses[i].loss > misses[j].loss })
		for i, ms := range misses {
			if i >= verbose {
				break
			}
			pos, _ := g.FormatPositionAs(&ms.d.pos.Position, "")
			fmt.Printf("  %4.0f  %s %d%d: played %s, gnubg %s  (%s)\n", 1000*ms.loss, ms.d.id, ms.d.dice[0], ms.d.dice[1], ms.play, ms.best, pos)
		}
	}
	return nil
}

// judge asks gnubg for every play's equity at 0-ply, cubeless.
func judge(bin string, ds []*decision) error {
	var script strings.Builder
	script.WriteString("set player 0 human\nset player 1 human\nnew game\n")
	script.WriteString("set evaluation chequerplay evaluation plies 0\n")
	script.WriteString("set evaluation chequerplay evaluation cubeful off\n")
	for _, d := range ds {
		fmt.Fprintf(&script, "set board %s\nset dice %d%d\nhint 1000\n", d.id, d.dice[0], d.dice[1])
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	dir, err := os.MkdirTemp("", "gnubg-judge")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cmd := exec.CommandContext(ctx, bin, "-t", "-q")
	cmd.Stdin = strings.NewReader(script.String())
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v\n%s", bin, err, out.String())
	}
	k, lastID := -1, ""
	for _, line := range strings.Split(out.String(), "\n") {
		if m := idLine.FindStringSubmatch(line); m != nil {
			lastID = m[1]
			continue
		}
		if strings.HasPrefix(line, "The dice have been set to") {
			k++
			if k >= len(ds) {
				return fmt.Errorf("gnubg answered more positions than asked")
			}
			if lastID != ds[k].id {
				return fmt.Errorf("position %d: gnubg shows %s, sent %s", k, lastID, ds[k].id)
			}
			continue
		}
		if k < 0 {
			continue
		}
		if m := moveLine.FindStringSubmatch(line); m != nil {
			eq, err := strconv.ParseFloat(m[2], 64)
			if err != nil {
				return fmt.Errorf("gnubg line %q: %v", line, err)
			}
			d := ds[k]
			if len(d.eq) == 0 || eq > d.best {
				d.best = eq
			}
			d.eq[strings.TrimSpace(m[1])] = eq
		}
	}
	if k != len(ds)-1 {
		return fmt.Errorf("gnubg answered %d positions, want %d:\n%s", k+1, len(ds), out.String())
	}
	return nil
}
