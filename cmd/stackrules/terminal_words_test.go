package main

import (
	"path/filepath"
	"testing"
)

// At a terminal, resign asks first; help rules shows the rules; draw asks
// the other person.
func TestTerminalResignDrawAndRules(t *testing.T) {
	dir := t.TempDir()
	tt := startTmux(t, dir, "play", "english-checkers", "--first", "human", "--second", "human", "--record", "game.txt", "--ascii")
	tt.waitFor("1. black> ", 1)
	tt.keys("help rules")
	tt.waitFor("Writing moves.", 1)
	tt.keys("11-15")
	tt.waitFor("1... white> ", 1)
	tt.keys("resign")
	tt.waitFor("Resign the game as white? (y/n) ", 1)
	tt.keys("n")
	tt.waitFor("Play on, then.", 1)
	tt.keys("draw")
	tt.waitFor("white offers a draw. black, do you accept? (y/n) ", 1)
	tt.keys("n")
	tt.waitFor("black declines the draw.", 1)
	tt.keys("resign")
	tt.waitFor("Resign the game as white? (y/n) ", 2)
	tt.keys("y")
	tt.waitFor("Game over: black wins (white resigned)", 1)
	tt.waitFor("EXIT=0", 1)
	rec := readRecordFile(t, filepath.Join(dir, "game.txt"))
	if rec.Result != "1-0" || len(rec.Moves) != 1 || rec.Moves[0].Text != "c3-d4" {
		t.Errorf("record %q %v", rec.Result, rec.Moves)
	}
}
