package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// Tests that play never loses or clobbers a user's file (issue 11, items
// 1-3 and 5).

func writeFile(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// onlyFiles fails unless dir holds exactly the files named (hidden ones
// included: no lock or temporary file is left).
func onlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, e := range entries {
		have = append(have, e.Name())
	}
	if strings.Join(have, " ") != strings.Join(names, " ") {
		t.Errorf("%s holds %v, want %v", dir, have, names)
	}
}

// A liger record with comments, an extra tag and two moves.
func commentedRecord(t *testing.T) string {
	g := mustGame(t, "liger")
	return "[Event \"club night\"]\n[Game \"Liger\"]\n[Variant \"liger\"]\n[Rules \"" + g.RulesHash + "\"]\n" +
		"[Red \"human\"]\n[Blue \"human\"]\n[Result \"*\"]\n\n{before the game} 1. c3-d4 {a quiet start} f6-e5\n{what now?\nthink} *\n"
}

// play --record FILE and save FILE write over nothing that is not this
// game's record, and never over the rule file in play, even with --force.
func TestRecordNeverOverwritesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	liger, _ := variants.Source("liger")
	writeFile(t, "my.yaml", string(liger), 0o644)
	if err := os.Symlink("my.yaml", "link.yaml"); err != nil {
		t.Fatal(err)
	}
	writeFile(t, "notes.txt", "my notes\n", 0o644)

	for _, target := range []string{"my.yaml", "./my.yaml", "link.yaml", filepath.Join(dir, "my.yaml")} {
		for _, force := range []bool{false, true} {
			args := []string{"play", "my.yaml", "--first", "human", "--second", "human", "--record", target}
			if force {
				args = append(args, "--force")
			}
			code, _, errOut := playScript(t, "c3-d4\nquit\n", args...)
			if code != 1 || !strings.Contains(errOut, "is the rule file of the game in play") {
				t.Errorf("--record %s (force %v): exit %d, stderr %q", target, force, code, errOut)
			}
		}
	}
	code, _, errOut := playScript(t, "c3-d4\nquit\n", "play", "--first", "human", "--second", "human", "--record", "notes.txt")
	if code != 1 || !strings.Contains(errOut, "notes.txt already exists and it is not a game record") || !strings.Contains(errOut, "--force") {
		t.Errorf("--record over a file: exit %d, stderr %q", code, errOut)
	}
	// In the game: save FILE refuses, save --force FILE replaces, and the
	// rule file is never written.
	code, out, errOut := playScript(t, "c3-d4\nsave notes.txt\nsave ./my.yaml\nsave --force link.yaml\nsave r.txt\nquit\n",
		"play", "my.yaml", "--first", "human", "--second", "human")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"notes.txt already exists", "save --force FILE", "./my.yaml is the rule file", "link.yaml is the rule file", "Saved to r.txt."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, tail(out, 12))
		}
	}
	if readFile(t, "notes.txt") != "my notes\n" || readFile(t, "my.yaml") != string(liger) {
		t.Errorf("a user's file was changed")
	}
	code, out, _ = playScript(t, "c3-d4\nsave --force notes.txt\nquit\n", "play", "--first", "human", "--second", "human", "--record", "r2.txt")
	if code != 0 || !strings.Contains(out, "Saved to notes.txt.") || !strings.Contains(readFile(t, "notes.txt"), "1. c3-d4") {
		t.Errorf("save --force: exit %d\n%s", code, tail(out, 5))
	}
	writeFile(t, "notes.txt", "my notes\n", 0o644)
	code, _, errOut = playScript(t, "c3-d4\nquit\n", "play", "--first", "human", "--second", "human", "--record", "notes.txt", "--force")
	if code != 0 || !strings.Contains(readFile(t, "notes.txt"), "1. c3-d4") {
		t.Errorf("--record FILE --force: exit %d, %s", code, errOut)
	}
	// Saving over an earlier record of this same game continues it.
	code, out, _ = playScript(t, "c3-d4\nsave early.txt\nf6-e5\nsave early.txt\nsave ../x/../early.txt\nquit\n", "play", "--first", "human", "--second", "human")
	if code != 0 || strings.Contains(out, "already exists") {
		t.Errorf("saving again to the game's record: exit %d\n%s", code, tail(out, 8))
	}
	onlyFiles(t, dir, "early.txt", "link.yaml", "my.yaml", "notes.txt", "r.txt", "r2.txt")
}

// play --record FILE on a record of the same game continues it.
func TestRecordFlagContinuesThisGamesRecord(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.txt")
	writeFile(t, rec, commentedRecord(t), 0o644)
	code, out, errOut := playScript(t, "b2-c3\nquit\n", "play", "--record", rec)
	if code != 0 || !strings.Contains(out, "Last move: 1... f6-e5") {
		t.Fatalf("exit %d, stderr %s\n%s", code, errOut, tail(out, 20))
	}
	if got := strings.Join(recordMoves(readRecordFile(t, rec)), " "); got != "c3-d4 f6-e5 b2-c3" {
		t.Errorf("moves %s", got)
	}
	code, _, errOut = playScript(t, "quit\n", "play", "stackers", "--record", rec)
	if code != 1 || !strings.Contains(errOut, "it is the record of another game") {
		t.Errorf("a Liger record as a Stackers record: exit %d, %s", code, errOut)
	}
}

// Resuming and leaving without a move leaves the file as it was, byte for
// byte, symlink and mode included; a move keeps the comments, the tags in
// their order, the mode and the symlink, writing through to its target.
func TestResumeKeepsWhatItDoesNotChange(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "games", "real.txt")
	os.Mkdir(filepath.Dir(real), 0o755)
	text := commentedRecord(t)
	writeFile(t, real, text, 0o640)
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(filepath.Join("games", "real.txt"), link); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := playScript(t, "quit\n", "play", "--resume", link)
	if code != 0 || !strings.Contains(out, "No move was played; "+link+" is left as it was.") {
		t.Errorf("exit %d, stderr %s\n%s", code, errOut, tail(out, 4))
	}
	st, _ := os.Stat(real)
	if readFile(t, real) != text || st.Mode().Perm() != 0o640 {
		t.Errorf("a resume without a move changed the record (mode %v):\n%s", st.Mode(), readFile(t, real))
	}
	code, _, errOut = playScript(t, "b2-c3\nquit\n", "play", "--resume", link)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lst, _ := os.Lstat(link)
	st, _ = os.Stat(real)
	if lst.Mode()&os.ModeSymlink == 0 || st.Mode().Perm() != 0o640 {
		t.Errorf("link mode %v, file mode %v", lst.Mode(), st.Mode())
	}
	got := readFile(t, real)
	for _, want := range []string{"[Event \"club night\"]\n[Game \"Liger\"]", "{before the game} 1. c3-d4 {a quiet start} f6-e5 {what now?\nthink} 2. b2-c3 *"} {
		if !strings.Contains(got, want) {
			t.Errorf("the record lost %q:\n%s", want, got)
		}
	}
	onlyFiles(t, filepath.Dir(real), "real.txt")
	onlyFiles(t, dir, "games", "link.txt")
}

// A comment never closed is an error at its line, not moves silently lost.
func TestUnclosedCommentIsAnError(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.txt")
	text := strings.Replace(commentedRecord(t), "{a quiet start}", "{a quiet start", 1)
	writeFile(t, rec, text, 0o644)
	for _, args := range [][]string{{"replay", rec}, {"play", "--resume", rec}} {
		code, _, errOut := playScript(t, "b2-c3\nquit\n", args...)
		if code != 1 || !strings.Contains(errOut, "line 9: the comment opened by { is never closed") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
	if readFile(t, rec) != text {
		t.Errorf("the record was changed")
	}
}

// A second play on a record that one holds is refused, naming the holder;
// a lock left by a killed process does not block; a record changed by
// another program since it was read is not written over.
func TestRecordHeldByOneSession(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "r.txt")
	writeFile(t, rec, commentedRecord(t), 0o644)
	it := startInteractive(t, false, "play", "--resume", rec)
	it.waitOut("2. red> ", 1)
	code, _, errOut := playScript(t, "b2-c3\nquit\n", "play", "--resume", rec)
	if code != 1 || !strings.Contains(errOut, rec+" is in use by stackrules play, process ") || !strings.Contains(errOut, " since ") {
		t.Errorf("second resume: exit %d, stderr %q", code, errOut)
	}
	// Another program writes the file meanwhile: the session does not
	// write over it.
	other := strings.Replace(commentedRecord(t), "club night", "edited elsewhere", 1)
	writeFile(t, rec+".new", other, 0o644)
	os.Rename(rec+".new", rec)
	it.send("b2-c3")
	it.waitOut("was changed by another program", 1)
	it.send("quit")
	it.wait()
	if readFile(t, rec) != other {
		t.Errorf("the session wrote over a record changed by another program")
	}
	onlyFiles(t, dir, "r.txt")

	// What a killed session leaves: its lock file (no lock held) and a
	// temporary file. The next session goes ahead and cleans both.
	lockFile := filepath.Join(dir, ".r.txt.stackrules-lock")
	writeFile(t, lockFile, "999999 2026-11-22T20:00:00Z\n", 0o644)
	writeFile(t, interpreter.TempPath(rec), "half a rec", 0o600)
	code, _, errOut = playScript(t, "b2-c3\nquit\n", "play", "--resume", rec)
	if code != 0 {
		t.Fatalf("resume after a killed session: exit %d, %s", code, errOut)
	}
	onlyFiles(t, dir, "r.txt")
	if got := strings.Join(recordMoves(readRecordFile(t, rec)), " "); got != "c3-d4 f6-e5 b2-c3" {
		t.Errorf("moves %s", got)
	}
}
