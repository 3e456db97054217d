package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

func explainCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "say why a move is legal (the rule that makes it) or not (the condition that fails, with its values)",
		ArgsUsage: "GAME MOVE",
		Flags: []cli.Flag{positionFlag, playersFlag,
			&cli.BoolFlag{Name: "short", Usage: "say it on one line"}},
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return usagef("explain takes a GAME and a MOVE, like: explain liger --position \"r d4:r,c3:b\" d4-c3")
			}
			g, err := openNamed(c.Args().Get(0))
			if err == nil {
				g, err = withPlayers(c, g)
			}
			if err != nil {
				return err
			}
			p, err := position(c, g)
			if err != nil {
				return err
			}
			text := c.Args().Get(1)
			if _, err := g.ParseMoveText(text); err != nil {
				// Not a move at all: nothing to explain, and an error.
				return err
			}
			e := g.Explain(&p, text)
			if e.Err != nil {
				return e.Err // the rule file fails here: its mistake, at its place
			}
			if c.Bool("short") {
				fmt.Fprintln(s.out, e.Short())
			} else {
				fmt.Fprintln(s.out, e.String())
			}
			return nil
		},
	}
}
