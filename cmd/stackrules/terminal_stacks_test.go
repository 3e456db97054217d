package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Tak and DVONN at a real terminal, in colour: moves typed in the rule
// file's notation, walls and capstones marked, the pieces in hand by kind,
// the hex board's honeycomb and its file letters.
func TestTerminalTakAndDVONN(t *testing.T) {
	dir := t.TempDir()
	tt := startTmux(t, dir, "play", "tak", "--white", "human", "--black", "human", "--record", "tak.txt")
	s := tt.waitFor("1. white> ", 1)
	for _, want := range []string{"     a     b     c     d     e", "flats/walls     21     21", "capstones        1      1", "wS wall, wC capstone"} {
		if !strings.Contains(s, want) {
			t.Errorf("the first Tak screen does not show %q:\n%s", want, s)
		}
	}
	for _, m := range []string{"a1", "e5", "Sc3", "Cd4"} {
		tt.keys(m)
	}
	s = tt.waitFor("3. white> ", 1)
	if !strings.Contains(s, " wS ") || !strings.Contains(s, " bC ") || !strings.Contains(s, "Last move: 2... Cd4") {
		t.Errorf("the wall and the capstone are not drawn:\n%s", s)
	}
	tt.keys("quit")
	tt.waitFor("EXIT=0", 1)
	if rec := readRecordFile(t, filepath.Join(dir, "tak.txt")); len(rec.Moves) != 4 || rec.Moves[2].Text != "Sc3" {
		t.Errorf("Tak record moves %v", rec.Moves)
	}

	tt = startTmux(t, dir, "play", "dvonn", "--white", "human", "--black", "human", "--record", "dvonn.txt")
	s = tt.waitFor("1. white> ", 1)
	for _, want := range []string{"a   b   c   d   e   f   g   h   i   j   k", "/ \\ / \\ / \\", "dvonn to place: 3"} {
		if !strings.Contains(s, want) {
			t.Errorf("the first DVONN screen does not show %q:\n%s", want, s)
		}
	}
	tt.keys("e3")
	s = tt.waitFor("1... black> ", 1)
	if !strings.Contains(s, "[ d ]") || !strings.Contains(s, "dvonn to place: 2") {
		t.Errorf("the DVONN piece placed is not drawn:\n%s", s)
	}
	tt.keys("quit")
	tt.waitFor("EXIT=0", 1)
}
