package main

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
	"github.com/urfave/cli/v2"
)

func variantsCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "variants",
		Usage:     "list the built-in games, or show one",
		ArgsUsage: "[GAME]",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				// `variants liger`: show that game.
				g, err := openGame(c, "")
				if err != nil {
					return err
				}
				fmt.Fprint(s.out, rulesText(g, renderOpts{}))
				return nil
			}
			width := 0
			for _, n := range variants.Names() {
				width = max(width, len(n))
			}
			for _, n := range variants.Names() {
				g, err := interpreter.Open(n)
				if err != nil {
					return fmt.Errorf("built-in game %s: %w", n, err)
				}
				fmt.Fprintf(s.out, "%-*s  %s\n", width, n, g.Description)
			}
			return nil
		},
	}
}

func movesCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "moves",
		Usage:     "list the legal moves: move, tab, resulting position (and the result if the game ends)",
		ArgsUsage: "GAME",
		Flags: []cli.Flag{positionFlag, playersFlag,
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object per move: move, rule, position, result"},
			&cli.StringFlag{Name: "notation", Value: "algebraic", Usage: "write moves as `numeric` (11-15, on boards that number their squares), algebraic (c3-d4) or auto"},
			formatFlag},
		Action: func(c *cli.Context) error {
			g, err := openGame(c, "")
			if err != nil {
				return err
			}
			p, err := position(c, g)
			if err != nil {
				return err
			}
			numeric, err := numericNotation(c, g)
			if err != nil {
				return err
			}
			type row struct {
				Move     string `json:"move"`
				Rule     string `json:"rule"`
				Position string `json:"position"`
				Result   string `json:"result,omitempty"`
			}
			var rows []row
			for _, m := range g.LegalMoves(&p, nil) {
				q := p
				g.Apply(&q, m)
				text, err := g.FormatPositionAs(&q, c.String("format"))
				if err != nil {
					return usagef("%v", err)
				}
				rows = append(rows, row{Move: moveText(g, m, numeric), Rule: g.RuleName(m), Position: text, Result: outcomeText(g, g.Result(&q))})
			}
			sort.Slice(rows, func(i, j int) bool { return rows[i].Move < rows[j].Move })
			if len(rows) == 0 {
				if o := g.Result(&p); o.Over {
					fmt.Fprintf(s.err, "no moves: the game is over: %s\n", outcomeText(g, o))
				}
			}
			for _, r := range rows {
				if c.Bool("json") {
					b, _ := json.Marshal(r)
					fmt.Fprintln(s.out, string(b))
					continue
				}
				if r.Result != "" {
					fmt.Fprintf(s.out, "%s\t%s\t%s\n", r.Move, r.Position, r.Result)
				} else {
					fmt.Fprintf(s.out, "%s\t%s\n", r.Move, r.Position)
				}
			}
			return nil
		},
	}
}

func perftCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "perft",
		Usage:     "count move sequences: d<TAB>count for each depth d up to --depth",
		ArgsUsage: "GAME",
		Flags: []cli.Flag{positionFlag, playersFlag,
			&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Usage: "count up to `N` plies (required)"},
			&cli.BoolFlag{Name: "divide", Usage: "print move<TAB>count at --depth for each root move, then total<TAB>count"},
			&cli.BoolFlag{Name: "dedup", Usage: "count captures with the same start, end and captured pieces once, whatever their route"}},
		Action: func(c *cli.Context) error {
			if !c.IsSet("depth") {
				return usagef("perft needs --depth N")
			}
			depth := c.Int("depth")
			if depth < 1 || depth > 30 {
				return usagef("perft: --depth %d is out of range 1..30", depth)
			}
			g, err := openGame(c, "")
			if err != nil {
				return err
			}
			p, err := position(c, g)
			if err != nil {
				return err
			}
			opts := interpreter.PerftOptions{Dedup: c.Bool("dedup")}
			if c.Bool("divide") {
				var total int64
				for _, e := range g.DivideWith(&p, depth, opts) {
					fmt.Fprintf(s.out, "%s\t%d\n", e.Move, e.Count)
					total += e.Count
				}
				fmt.Fprintf(s.out, "total\t%d\n", total)
				return nil
			}
			for d := 1; d <= depth; d++ {
				fmt.Fprintf(s.out, "%d\t%d\n", d, perftShown(s.err, g, &p, d, opts))
			}
			return nil
		},
	}
}
