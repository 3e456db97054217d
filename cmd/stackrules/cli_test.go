package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
)

// runCLI runs the command line in-process, as main does, and returns the exit
// status and what was printed.
func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errw bytes.Buffer
	code = run(append([]string{"stackrules"}, args...), strings.NewReader(""), &out, &errw)
	return code, out.String(), errw.String()
}

// lines splits output into lines, requiring it to end with a newline.
func lines(t *testing.T, out string) []string {
	t.Helper()
	if out == "" {
		return nil
	}
	if !strings.HasSuffix(out, "\n") {
		t.Errorf("output does not end with a newline: %q", out)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

func TestPerft(t *testing.T) {
	const liger3 = "1\t21\n2\t441\n3\t8715\n"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "liger", "--depth", "3"}, liger3},
		{[]string{"perft", "--depth", "3", "liger"}, liger3},
		{[]string{"perft", "-d", "3", "liger"}, liger3},
		{[]string{"perft", "liger", "-d", "3"}, liger3},
		{[]string{"perft", "--depth=3", "liger"}, liger3},
		{[]string{"perft", "liger", "--depth=3"}, liger3},
		{[]string{"perft", "liger", "-d", "1"}, "1\t21\n"},
		{[]string{"perft", "stackers", "--depth", "2"}, "1\t35\n2\t1225\n"},
		{[]string{"perft", "-d", "2", "stackers"}, "1\t35\n2\t1225\n"},
		// An explicit start position gives the same counts as the default.
		{[]string{"perft", "liger", "-d", "2", "--position",
			"r a1:r,c1:r,e1:r,g1:r,b2:r,d2:r,f2:r,h2:r,a3:r,c3:r,e3:r,g3:r,b6:b,d6:b,f6:b,h6:b,a7:b,c7:b,e7:b,g7:b,b8:b,d8:b,f8:b,h8:b"},
			"1\t21\n2\t441\n"},
		// A position where red's only move bears off its last checker and
		// wins: one move, then nothing (a finished game has no moves).
		{[]string{"perft", "liger", "-d", "3", "-p", "r h8:r,a1:b"}, "1\t1\n2\t0\n3\t0\n"},
		// A man takes four men round a square either way: two moves, one
		// under --dedup (the same pieces by another route).
		{[]string{"perft", "international", "-d", "1", "-p", "w c3:w,d2:b,d4:b,f2:b,f4:b,j10:b"}, "1\t2\n"},
		{[]string{"perft", "international", "-d", "1", "--dedup", "-p", "w c3:w,d2:b,d4:b,f2:b,f4:b,j10:b"}, "1\t1\n"},
		{[]string{"perft", "international", "-d", "1", "--dedup", "--divide", "-p", "w c3:w,d2:b,d4:b,f2:b,f4:b,j10:b"},
			"c3xe5xg3xe1xc3\t1\ntotal\t1\n"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, tc.args...)
			if code != 0 {
				t.Fatalf("exit %d, want 0; stderr:\n%s", code, errOut)
			}
			if out != tc.want {
				t.Errorf("stdout = %q, want %q", out, tc.want)
			}
			if errOut != "" {
				t.Errorf("stderr = %q, want nothing", errOut)
			}
		})
	}
}

func TestPerftDivide(t *testing.T) {
	code, out, errOut := runCLI(t, "perft", "stackers", "--depth", "2", "--divide")
	if code != 0 {
		t.Fatalf("exit %d, want 0; stderr:\n%s", code, errOut)
	}
	ls := lines(t, out)
	if len(ls) != 36 {
		t.Fatalf("%d lines, want 35 moves and a total:\n%s", len(ls), out)
	}
	if ls[35] != "total\t1225" {
		t.Errorf("last line = %q, want %q", ls[35], "total\t1225")
	}
	var moves []string
	for _, l := range ls[:35] {
		move, count, ok := strings.Cut(l, "\t")
		if !ok || strings.Contains(count, "\t") {
			t.Errorf("line %q is not move<TAB>count", l)
			continue
		}
		if count != "35" {
			t.Errorf("line %q: count %s, want 35", l, count)
		}
		moves = append(moves, move)
	}
	if !slices.IsSorted(moves) {
		t.Errorf("moves are not sorted: %v", moves)
	}
	if len(slices.Compact(slices.Clone(moves))) != len(moves) {
		t.Errorf("a move is listed twice: %v", moves)
	}
	// The root moves are the moves the moves command lists.
	_, movesOut, _ := runCLI(t, "moves", "stackers")
	var listed []string
	for _, l := range lines(t, movesOut) {
		m, _, _ := strings.Cut(l, "\t")
		listed = append(listed, m)
	}
	if !slices.Equal(moves, listed) {
		t.Errorf("divide lists moves %v,\nthe moves command %v", moves, listed)
	}

	// At depth 1 each root move counts 1.
	code, out, _ = runCLI(t, "perft", "liger", "-d", "1", "--divide")
	ls = lines(t, out)
	if code != 0 || len(ls) != 22 || ls[21] != "total\t21" {
		t.Fatalf("perft liger -d 1 --divide: exit %d, output:\n%s", code, out)
	}
	for _, l := range ls[:21] {
		if !strings.HasSuffix(l, "\t1") {
			t.Errorf("line %q: want count 1", l)
		}
	}
}

func TestMovesStart(t *testing.T) {
	g, err := interpreter.Open("liger")
	if err != nil {
		t.Fatal(err)
	}
	start := g.Start()
	code, out, errOut := runCLI(t, "moves", "liger")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	ls := lines(t, out)
	if len(ls) != 21 {
		t.Fatalf("%d lines, want 21:\n%s", len(ls), out)
	}
	type pair struct{ move, position string }
	var plain []pair
	for _, l := range ls {
		f := strings.Split(l, "\t")
		if len(f) != 2 {
			t.Errorf("line %q: %d tab-separated fields, want move and position", l, len(f))
			continue
		}
		plain = append(plain, pair{f[0], f[1]})
		// The position is the start position after that move, blue to move.
		m, err := g.ParseMove(&start, f[0])
		if err != nil {
			t.Errorf("line %q: move is not legal at the start: %v", l, err)
			continue
		}
		q := start
		g.Apply(&q, m)
		if want := g.FormatPosition(&q); f[1] != want {
			t.Errorf("after %s: position %q, want %q", f[0], f[1], want)
		}
		if !strings.HasPrefix(f[1], "b ") {
			t.Errorf("after %s: position %q does not have blue to move", f[0], f[1])
		}
	}
	if !slices.IsSortedFunc(plain, func(a, b pair) int { return strings.Compare(a.move, b.move) }) {
		t.Errorf("moves are not sorted:\n%s", out)
	}

	code, out, errOut = runCLI(t, "moves", "--json", "liger")
	if code != 0 || errOut != "" {
		t.Fatalf("--json: exit %d, stderr %q", code, errOut)
	}
	ls = lines(t, out)
	if len(ls) != 21 {
		t.Fatalf("--json: %d lines, want 21:\n%s", len(ls), out)
	}
	for i, l := range ls {
		var obj map[string]any
		if err := json.Unmarshal([]byte(l), &obj); err != nil {
			t.Errorf("line %q is not a JSON object: %v", l, err)
			continue
		}
		for _, k := range []string{"move", "rule", "position"} {
			if s, ok := obj[k].(string); !ok || s == "" {
				t.Errorf("line %q: field %q = %v, want a non-empty string", l, k, obj[k])
			}
		}
		if _, ok := obj["result"]; ok {
			t.Errorf("line %q: a result field, but no start move ends the game", l)
		}
		if r := obj["rule"]; r != "forward" {
			t.Errorf("line %q: rule %v, want forward (the only rule that moves at the start)", l, r)
		}
		if i < len(plain) && (obj["move"] != plain[i].move || obj["position"] != plain[i].position) {
			t.Errorf("JSON line %d %q differs from plain line %v", i, l, plain[i])
		}
	}
	// Flags after the game, too.
	_, out2, _ := runCLI(t, "moves", "liger", "--json")
	if out2 != out {
		t.Errorf("moves liger --json differs from moves --json liger")
	}
}

func TestMovesEndingGame(t *testing.T) {
	tests := []struct {
		pos  string
		want [][]string // fields of each line; a "~" prefix means "contains"
	}{
		// Blue bears off its last checker from a1 and wins.
		{"b a1:b,c3:r", [][]string{{"a1-off", "r c3:r", "~blue wins"}}},
		// Red covers blue's only checker: blue has nothing showing, red loses.
		{"r c3:r,d4:b", [][]string{{"c3-b4", "b b4:r,d4:b"}, {"c3-d4", "b d4:br", "~blue wins"}}},
		// Red bears off its last checker and wins.
		{"r h8:r,a1:b", [][]string{{"h8-off", "b a1:b", "~red wins"}}},
	}
	for _, tc := range tests {
		t.Run(tc.pos, func(t *testing.T) {
			code, out, errOut := runCLI(t, "moves", "liger", "--position", tc.pos)
			if code != 0 {
				t.Fatalf("exit %d; stderr:\n%s", code, errOut)
			}
			ls := lines(t, out)
			if len(ls) != len(tc.want) {
				t.Fatalf("%d lines, want %d:\n%s", len(ls), len(tc.want), out)
			}
			for i, l := range ls {
				f := strings.Split(l, "\t")
				w := tc.want[i]
				if len(f) != len(w) {
					t.Errorf("line %q: %d fields, want %d", l, len(f), len(w))
					continue
				}
				for j := range w {
					if c, ok := strings.CutPrefix(w[j], "~"); ok {
						if !strings.Contains(f[j], c) {
							t.Errorf("line %q: field %d %q does not contain %q", l, j+1, f[j], c)
						}
					} else if f[j] != w[j] {
						t.Errorf("line %q: field %d = %q, want %q", l, j+1, f[j], w[j])
					}
				}
			}

			// The JSON form carries the result only on the finishing move.
			code, out, _ = runCLI(t, "moves", "--json", "-p", tc.pos, "liger")
			if code != 0 {
				t.Fatalf("--json: exit %d", code)
			}
			for i, l := range lines(t, out) {
				var obj map[string]string
				if err := json.Unmarshal([]byte(l), &obj); err != nil {
					t.Fatalf("line %q: %v", l, err)
				}
				w := tc.want[i]
				res, has := obj["result"]
				if has != (len(w) == 3) {
					t.Errorf("JSON line %q: has result %v, want %v", l, has, len(w) == 3)
				}
				if has && !strings.Contains(res, strings.TrimPrefix(w[2], "~")) {
					t.Errorf("JSON line %q: result %q, want %q", l, res, w[2])
				}
				if obj["move"] != w[0] || obj["position"] != w[1] {
					t.Errorf("JSON line %q: want move %q, position %q", l, w[0], w[1])
				}
			}
		})
	}
}

func TestMovesGameOver(t *testing.T) {
	// Blue has just covered red's only checker: red shows nothing, so blue
	// lost; red, to move, has no moves. The game is over: say so on stderr,
	// print no moves, and exit 0.
	code, out, errOut := runCLI(t, "moves", "liger", "-p", "r d4:rb")
	if code != 0 || out != "" {
		t.Errorf("exit %d, stdout %q; want 0 and no moves", code, out)
	}
	if !strings.Contains(errOut, "game is over") || !strings.Contains(errOut, "red wins") {
		t.Errorf("stderr %q; want it to say the game is over and red won", errOut)
	}
	code, out, _ = runCLI(t, "perft", "liger", "-d", "2", "-p", "r d4:rb")
	if code != 0 || out != "1\t0\n2\t0\n" {
		t.Errorf("perft on a finished game: exit %d, stdout %q; want 0 and zero counts", code, out)
	}
}

func TestVariants(t *testing.T) {
	code, out, errOut := runCLI(t, "variants")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := map[string]string{}
	for _, l := range lines(t, out) {
		name, desc, _ := strings.Cut(l, " ")
		got[name] = strings.TrimSpace(desc)
	}
	for _, name := range []string{"liger", "stackers"} {
		g, err := interpreter.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		desc, ok := got[name]
		if !ok {
			t.Errorf("variants does not list %s:\n%s", name, out)
			continue
		}
		if desc == "" || desc != g.Description {
			t.Errorf("variants: %s described as %q, want %q", name, desc, g.Description)
		}
	}
}

func TestExitCodes(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string // in stderr
		bug  string   // a known fault in cmd/stackrules: see the report
	}{
		{"missing depth", []string{"perft", "liger"}, 2, []string{"--depth"}, ""},
		{"depth zero", []string{"perft", "liger", "-d", "0"}, 2, []string{"out of range"}, ""},
		{"depth too big", []string{"perft", "liger", "-d", "31"}, 2, []string{"out of range"}, ""},
		{"depth not a number", []string{"perft", "liger", "-d", "x"}, 2, []string{`"x"`}, ""},
		{"unknown flag", []string{"perft", "--bogus", "-d", "1", "liger"}, 2, []string{"bogus"}, ""},
		{"unknown flag after game", []string{"moves", "liger", "--bogus"}, 2, []string{"bogus"}, ""},
		{"unknown command", []string{"frobnicate"}, 2, []string{"frobnicate"}, ""},
		{"unknown game", []string{"perft", "nosuchgame", "-d", "1"}, 1, []string{"nosuchgame", "liger", "stackers"}, ""},
		{"unknown game moves", []string{"moves", "nosuchgame"}, 1, []string{"nosuchgame", "liger", "stackers"}, ""},
		{"missing rule file", []string{"moves", "./no/such/rules.yaml"}, 1, []string{"rules.yaml"}, ""},
		{"malformed position", []string{"perft", "liger", "-d", "1", "--position", "r a1:x"}, 1, []string{"column 6", "unknown piece letter"}, ""},
		{"duplicate square", []string{"moves", "liger", "-p", "r a1:r,a1:b"}, 1, []string{"column 8", "given twice"}, ""},
		{"non-playing square", []string{"moves", "liger", "-p", "r b1:r"}, 1, []string{"column 3", "not a playing square"}, ""},
		{"too many pieces", []string{"moves", "liger", "-p", "r a1:" + strings.Repeat("r", 13)}, 1, []string{"more than the 12"}, ""},
		{"two games", []string{"perft", "liger", "stackers", "-d", "1"}, 2, []string{"one GAME"}, ""},
		{"two games moves", []string{"moves", "liger", "stackers"}, 2, []string{"one GAME"}, ""},
		{"no game", []string{"perft", "-d", "1"}, 2, []string{"name a game"}, ""},
		{"no game moves", []string{"moves"}, 2, []string{"name a game"}, ""},
		{"flag without a value, no game", []string{"perft", "-d", "1", "-p"}, 2, []string{"flag needs an argument: -p"}, ""},
		{"flag without a value after the game", []string{"perft", "liger", "-d", "1", "-p"}, 2, []string{"flag needs an argument: -p"},
			""},
		{"depth without a value after the game", []string{"perft", "liger", "-d"}, 2, []string{"flag needs an argument: -d"},
			""},
		{"variants with two games", []string{"variants", "liger", "stackers"}, 2, []string{"one GAME"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tc.args...)
			if tc.bug != "" {
				ok := code == tc.code
				for _, w := range tc.want {
					ok = ok && strings.Contains(errOut, w)
				}
				if ok {
					t.Errorf("known bug (%s) seems fixed: drop the bug note", tc.bug)
				} else {
					t.Skipf("known bug: %s; got exit %d, stderr %q", tc.bug, code, errOut)
				}
				return
			}
			if code != tc.code {
				t.Errorf("%v: exit %d, want %d\nstdout: %s\nstderr: %s", tc.args, code, tc.code, out, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("%v: stderr %q does not contain %q", tc.args, errOut, w)
				}
			}
			if tc.code == 1 && out != "" {
				t.Errorf("%v: failed, yet printed to stdout: %q", tc.args, out)
			}
		})
	}
}

func TestRuleFileAsGame(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "variants", "liger.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "my-liger.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"perft", path, "--depth", "3"},
		{"perft", "-d", "3", path},
	} {
		code, out, errOut := runCLI(t, args...)
		if code != 0 || out != "1\t21\n2\t441\n3\t8715\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	_, fromFile, _ := runCLI(t, "moves", path)
	_, builtIn, _ := runCLI(t, "moves", "liger")
	if fromFile != builtIn || len(lines(t, fromFile)) != 21 {
		t.Errorf("moves from the rule file differ from the built-in game:\n%s\nvs\n%s", fromFile, builtIn)
	}

	// A broken rule file: exit 1, the message names the file.
	bad := filepath.Join(dir, "broken.yaml")
	if err := os.WriteFile(bad, []byte("board: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI(t, "perft", bad, "-d", "1")
	if code != 1 || out != "" || !strings.Contains(errOut, bad) {
		t.Errorf("broken rule file: exit %d, stdout %q, stderr %q; want 1, nothing, a message naming %s", code, out, errOut, bad)
	}
}

func TestHoistFlags(t *testing.T) {
	app := newApp(&streams{})
	tests := []struct{ in, want []string }{
		{[]string{"x", "perft", "liger", "--depth", "3"}, []string{"x", "perft", "--depth", "3", "--", "liger"}},
		{[]string{"x", "perft", "--depth", "3", "liger"}, []string{"x", "perft", "--depth", "3", "--", "liger"}},
		{[]string{"x", "perft", "liger", "-d", "3", "--divide"}, []string{"x", "perft", "-d", "3", "--divide", "--", "liger"}},
		{[]string{"x", "moves", "liger", "--json", "-p", "r -"}, []string{"x", "moves", "--json", "-p", "r -", "--", "liger"}},
		{[]string{"x", "perft", "liger", "--depth=3"}, []string{"x", "perft", "--depth=3", "--", "liger"}},
		{[]string{"x", "perft", "-d", "-1", "liger"}, []string{"x", "perft", "-d", "-1", "--", "liger"}},
		{[]string{"x", "perft", "--", "--odd-name"}, []string{"x", "perft", "--", "--odd-name"}},
		{[]string{"x", "variants"}, []string{"x", "variants"}},
		{[]string{"x"}, []string{"x"}},
		{[]string{"x", "nosuchcommand", "liger", "-d", "3"}, []string{"x", "nosuchcommand", "liger", "-d", "3"}},
	}
	for _, tc := range tests {
		if got := hoistFlags(app, tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("hoistFlags(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
