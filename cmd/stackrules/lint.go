package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/stackrules/stackrules/authoring"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
	"github.com/urfave/cli/v2"
)

// readRuleFile reads FILE, or the source of a built-in game of that name
// when there is no such file.
func readRuleFile(name string) (file string, data []byte, err error) {
	data, err = interpreter.ReadLimited(name, interpreter.MaxRuleFileSize, "rule file")
	if err == nil {
		return name, data, nil
	}
	if src, ok := variants.Source(name); ok && errors.Is(err, os.ErrNotExist) {
		return name + ".yaml", src, nil
	}
	if e := unknownGame(name); e != nil {
		return name, nil, e
	}
	return name, nil, err
}

func lintCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "lint",
		Usage:     "check rule files: every problem, at the character it is about",
		ArgsUsage: "FILE...",
		Description: "Reports YAML and key mistakes, expression errors, conditions that are always true or false,\n" +
			"the file's own tests, and what seeded random games show: runtime errors, rules that never fire,\n" +
			"games that never end, players without a move, asymmetric rules. FILE may name a built-in game.\n" +
			"Exit status: 0 clean (warnings allowed), 1 errors (or warnings with --strict), 2 usage.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "playouts", Value: authoring.DefaultLintOptions.Playouts, Usage: "play `N` seeded random games for the behaviour checks (0: none)"},
			&cli.IntFlag{Name: "max-plies", Value: authoring.DefaultLintOptions.MaxPlies, Usage: "cut each random game after `N` plies"},
			&cli.Uint64Flag{Name: "seed", Value: authoring.DefaultLintOptions.Seed, Usage: "seed `S` of the random games"},
			&cli.BoolFlag{Name: "strict", Usage: "treat warnings as errors"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`text` (with the source line and a caret) or json (one object per line)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usagef("lint: name one or more rule files")
			}
			format := c.String("format")
			if format != "text" && format != "json" {
				return usagef("lint: --format %q: want text or json", format)
			}
			opts := authoring.LintOptions{Playouts: c.Int("playouts"), MaxPlies: c.Int("max-plies"), Seed: c.Uint64("seed")}
			if opts.Playouts < 0 || opts.Playouts > 100000 {
				return usagef("lint: --playouts %d is out of range 0..100000", opts.Playouts)
			}
			if opts.MaxPlies < 1 || opts.MaxPlies > 1000000 {
				return usagef("lint: --max-plies %d is out of range 1..1000000", opts.MaxPlies)
			}
			errs, warns := 0, 0
			for _, name := range c.Args().Slice() {
				file, data, err := readRuleFile(name)
				var ds interpreter.Diagnostics
				if err != nil {
					ds = interpreter.Diagnostics{{File: name, Severity: interpreter.Error, Code: "read", Message: fmt.Sprintf("cannot read the file: %v", err)}}
				} else {
					ds = authoring.Lint(file, data, opts)
				}
				if c.Bool("strict") {
					ds = ds.Strict()
				}
				if format == "json" {
					authoring.WriteJSON(s.out, ds)
				} else {
					authoring.WriteText(s.out, ds, data)
				}
				e, w := ds.Count()
				errs, warns = errs+e, warns+w
			}
			if errs > 0 {
				// run prints this on stderr and exits 1.
				return fmt.Errorf("lint: %s, %s", lintCount(errs, "error"), lintCount(warns, "warning"))
			}
			return nil
		},
	}
}

func lintCount(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
