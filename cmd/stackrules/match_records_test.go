package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// match --records creates each record as a new file: a symbolic link (or a
// file) put under a record's name after the folder was checked is neither
// followed nor written over, and the error names the file (issue 31).
func TestMatchRecordsNeverFollowALink(t *testing.T) {
	for _, dangling := range []bool{false, true} {
		dir := t.TempDir()
		victim := filepath.Join(t.TempDir(), "victim")
		if !dangling {
			writeFile(t, victim, "precious\n", 0o644)
		}
		planted := filepath.Join(dir, "game-002.txt")
		recordsChecked = func(string) {
			if err := os.Symlink(victim, planted); err != nil {
				t.Error(err)
			}
		}
		code, _, errOut := playScript(t, "", "match", "liger", "--a", "random", "--b", "random", "--games", "3", "--records", dir)
		recordsChecked = nil
		if code != 1 || !strings.Contains(errOut, planted) || !strings.Contains(errOut, "taken") {
			t.Errorf("dangling %v: exit %d, stderr %q; want exit 1 naming %s", dangling, code, errOut, planted)
		}
		got, err := os.ReadFile(victim)
		switch {
		case dangling && err == nil:
			t.Errorf("the link's target was created: %q", got)
		case !dangling && string(got) != "precious\n":
			t.Errorf("the link's target was written: %q", got)
		}
		if fi, err := os.Lstat(planted); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the planted link is gone: %v", err)
		}
		if _, err := os.Stat(filepath.Join(dir, "game-001.txt")); err != nil {
			t.Errorf("the first game's record: %v", err)
		}
		if _, err := os.Stat(filepath.Join(dir, "game-003.txt")); err == nil {
			t.Error("the match went on after a record could not be written")
		}
	}
}

// createNew writes a new file and refuses any name already taken, a link
// included, naming it.
func TestCreateNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := createNew(p, []byte("one\n")); err != nil {
		t.Fatal(err)
	}
	if err := createNew(p, []byte("two\n")); err == nil || !strings.Contains(err.Error(), p) {
		t.Errorf("second create: %v", err)
	}
	if got := readFile(t, p); got != "one\n" {
		t.Errorf("file holds %q", got)
	}
	link := filepath.Join(dir, "l.txt")
	if err := os.Symlink(p, link); err != nil {
		t.Fatal(err)
	}
	if err := createNew(link, []byte("three\n")); err == nil {
		t.Error("wrote through a link")
	}
	if got := readFile(t, p); got != "one\n" {
		t.Errorf("file holds %q", got)
	}
}
