package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every command line in the README, run as written in a folder holding the
// files it names, succeeds. Commands that would take long are given small
// budgets (the change is listed per command); none is skipped except those
// that never end by themselves.

// readmeBudgets rewrites a README command's arguments so it runs in a moment.
var readmeBudgets = []struct{ old, new, why string }{
	{"mcts:hard", "mcts:iterations=40", "a strong AI thinks for seconds a move"},
	{"mcts:easy", "mcts:iterations=20", "twenty games of AI search take minutes"},
	{"--games 20", "--games 2", "twenty games take minutes"},
	{"-n 40", "-n 2", "forty games take minutes"},
	{"mcts:medium", "mcts:iterations=40", "a medium AI thinks for a second a move"},
	{"--time 5s", "--time 100ms", "a five-second search"},
	{"--games 1000", "--games 4", "a thousand games take minutes"},
	{"--until ±0.02", "--until ±0.45", "an interval of ±2% takes thousands of games"},
	{"--time 30m", "--time 1s", "training takes as long as it is given"},
}

// readmeNeverEnds are commands that run until stopped.
var readmeNeverEnds = map[string]string{"serve": "a server runs until it is stopped"}

// readmeCommand is one command line of the README: its arguments after
// "stackrules" and the standard input a printf before it gives.
type readmeCommand struct {
	line  string
	args  []string
	input string
	from  string // the file a "< FILE" at the end gives as the standard input
}

func readmeCommands(t *testing.T) []readmeCommand {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []readmeCommand
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "    ") {
			continue
		}
		words := shellWords(strings.TrimSpace(l))
		c := readmeCommand{line: strings.TrimSpace(l)}
		if len(words) > 2 && words[0] == "printf" && words[2] == "|" {
			c.input = strings.ReplaceAll(words[1], `\n`, "\n")
			words = words[3:]
		}
		if n := len(words); n > 2 && words[n-2] == "<" {
			c.from, words = words[n-1], words[:n-2]
		}
		if n := len(words); n > 2 && words[n-2] == ">" {
			words = words[:n-2] // the output goes to a file: here, nowhere
		}
		switch {
		case len(words) > 0 && words[0] == "stackrules":
			c.args = words[1:]
		case len(words) > 2 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/stackrules":
			c.args = words[3:]
		default:
			continue
		}
		out = append(out, c)
	}
	return out
}

// shellWords splits a command line as sh would for these simple lines:
// quotes group, # outside quotes starts a comment.
func shellWords(s string) []string {
	var words []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == '#' && !in:
			return words
		case c == ' ' || c == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

func TestReadmeCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every README command")
	}
	cmds := readmeCommands(t)
	if len(cmds) < 20 {
		t.Fatalf("found only %d commands in the README", len(cmds))
	}
	liger, err := os.ReadFile("../../variants/liger.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
	// The files the README names: a rule file with a player green, and a record.
	os.WriteFile("my-rules.yaml", []byte(strings.ReplaceAll(string(liger), "red", "green")), 0o644)
	if code, _, errOut := playScript(t, "11-15\n24-20\n", "play", "english-checkers", "--first", "human", "--second", "human", "--record", "game.txt"); code != 0 {
		t.Fatalf("making game.txt: %s", errOut)
	}
	for _, c := range cmds {
		if len(c.args) > 0 && readmeNeverEnds[c.args[0]] != "" {
			t.Logf("not run: %s (%s)", c.line, readmeNeverEnds[c.args[0]])
			continue
		}
		args := strings.Join(c.args, "\x00")
		for _, b := range readmeBudgets {
			args = strings.ReplaceAll(args, strings.ReplaceAll(b.old, " ", "\x00"), strings.ReplaceAll(b.new, " ", "\x00"))
		}
		run1 := strings.Split(args, "\x00")
		if len(run1) > 0 && run1[0] == "bench" {
			run1 = append(run1, "--time", "20ms") // seconds per game otherwise
		}
		input := c.input
		if c.from != "" {
			data, err := os.ReadFile(c.from)
			if err != nil {
				t.Fatalf("%s: %v", c.line, err)
			}
			input = string(data)
		}
		var o, e bytes.Buffer
		code := run(append([]string{"stackrules"}, run1...), strings.NewReader(input), &o, &e)
		if code != 0 {
			t.Errorf("%s\n  ran as: stackrules %s\n  exit %d\n%s", c.line, strings.Join(run1, " "), code, tailLines(e.String()+o.String(), 8))
		}
	}
}

func tailLines(s string, n int) string {
	ls := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, "\n")
}

// The README's commands are all found: a line a test could miss is a
// command nobody checks.
func TestReadmeCommandsFound(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range readmeCommands(t) {
		seen[c.args[0]] = true
	}
	for _, want := range []string{"play", "rules", "games", "replay", "variants", "moves", "perft", "match", "best", "bench", "lint", "test", "explain", "analyze"} {
		if !seen[want] {
			t.Errorf("no README command line runs %s", want)
		}
	}
	piped := false
	for _, c := range readmeCommands(t) {
		piped = piped || c.input != ""
	}
	if !piped {
		t.Error("the piped printf line was not read")
	}
}

// The README asks for the Go version go.mod names.
func TestReadmeGoVersion(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var want string
	for _, l := range strings.Split(string(mod), "\n") {
		if strings.HasPrefix(l, "go ") {
			want = strings.TrimSpace(strings.TrimPrefix(l, "go "))
		}
	}
	if want == "" || !strings.Contains(string(readme), "With Go "+want+" or later") {
		t.Errorf("the README does not say \"With Go %s or later\", as go.mod has it", want)
	}
}
