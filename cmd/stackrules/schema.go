package main

import (
	"github.com/stackrules/stackrules/interpreter"
	"github.com/urfave/cli/v2"
)

func schemaCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:  "schema",
		Usage: "print the JSON Schema of rule files (for editors: see docs/authoring.md)",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("schema takes no arguments")
			}
			_, err := s.out.Write(interpreter.Schema())
			return err
		},
	}
}
