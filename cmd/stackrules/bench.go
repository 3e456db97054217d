package main

import "github.com/urfave/cli/v2"

func benchCommand(s *streams) *cli.Command {
	return &cli.Command{Name: "bench", Usage: "measure move generation speed", Hidden: true,
		Action: func(c *cli.Context) error { return usagef("bench is not built yet") }}
}
