package main

import (
	"fmt"
	"strings"

	"github.com/stackrules/stackrules/authoring"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/urfave/cli/v2"
)

func testCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "test",
		Usage:     "run the tests: section of rule files",
		ArgsUsage: "FILE...",
		Description: "Each case of a rule file's tests: section gives a position and the moves that must be legal or not,\n" +
			"or a move and the result after it. Failures are reported at the case and the move text.\n" +
			"FILE may name a built-in game. Exit status: 0 all pass, 1 a failure or a broken file, 2 usage.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "list every case: ok or FAIL, and its name"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usagef("test: name one or more rule files")
			}
			failed, total := 0, 0
			var broken []string
			for _, name := range c.Args().Slice() {
				file, data, err := readRuleFile(name)
				if err != nil {
					return fmt.Errorf("test: %v", err)
				}
				g, ds := interpreter.Check(file, data)
				if ds.HasErrors() {
					authoring.WriteText(s.out, ds, data)
					fmt.Fprintf(s.out, "%s: does not load; no tests run\n", file)
					broken = append(broken, file)
					continue
				}
				results, tds := authoring.RunTests(g)
				authoring.WriteText(s.out, tds, data)
				n := 0
				for _, r := range results {
					if !r.Passed {
						n++
					}
					if c.Bool("verbose") {
						status := "ok  "
						if !r.Passed {
							status = "FAIL"
						}
						fmt.Fprintf(s.out, "%s %s:%d: %s\n", status, file, r.Line, r.Name)
					}
				}
				total += len(results)
				failed += n
				switch {
				case len(results) == 0:
					fmt.Fprintf(s.out, "%s: no tests\n", file)
				case n == 0:
					fmt.Fprintf(s.out, "ok   %s: %s passed\n", file, lintCount(len(results), "test"))
				default:
					fmt.Fprintf(s.out, "FAIL %s: %d of %s failed\n", file, n, lintCount(len(results), "test"))
				}
			}
			var problems []string
			if len(broken) > 0 {
				problems = append(problems, strings.Join(broken, ", ")+" does not load (see the errors above)")
			}
			if failed > 0 {
				problems = append(problems, fmt.Sprintf("%d of %s failed", failed, lintCount(total, "test")))
			}
			if len(problems) > 0 {
				return fmt.Errorf("test: %s", strings.Join(problems, "; "))
			}
			return nil
		},
	}
}
