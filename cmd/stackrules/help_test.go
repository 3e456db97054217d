package main

import (
	"strings"
	"testing"
)

// --help or -h after a command's arguments shows that command's help, for
// every command (urfave/cli took the argument for a command: `"liger" is not
// a command`).
func TestHelpAfterArguments(t *testing.T) {
	for _, c := range newApp(&streams{}).Commands {
		if c.Name == "help" {
			continue
		}
		for _, args := range [][]string{
			{c.Name, "liger", "--help"},
			{c.Name, "liger", "-h"},
			{c.Name, "--help", "liger"},
			{c.Name, "liger", "stackers", "--help"},
			{c.Name, "-p", "r -", "liger", "-h"},
		} {
			code, out, errOut := runCLI(t, args...)
			if code != 0 || errOut != "" || !strings.Contains(out, "stackrules "+c.Name+" - ") || !strings.Contains(out, "USAGE:") {
				t.Errorf("%q: exit %d, stderr %q, stdout %.80q; want the help of %s", args, code, errOut, out, c.Name)
			}
		}
	}
	// A value that happens to be -h stays a value.
	if got := hoistFlags(newApp(&streams{}), []string{"x", "moves", "--position", "-h", "liger"}); strings.Join(got, " ") != "x moves --position -h -- liger" {
		t.Errorf("hoistFlags = %q", got)
	}
}
