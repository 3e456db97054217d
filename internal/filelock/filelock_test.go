//go:build unix

package filelock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A second Acquire of a held lock (in this process too: flock locks belong
// to the open file) is refused, naming the holder; once released, the lock
// file is gone and the lock is free again.
func TestLockIsExclusiveAndNamesItsHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	l, err := Acquire(path, "stackrules serve")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Acquire(path, "stackrules serve")
	var held *HeldError
	if !errors.As(err, &held) {
		t.Fatalf("second Acquire: %v, want a *HeldError", err)
	}
	want := fmt.Sprintf("stackrules serve, process %d, since ", os.Getpid())
	if !strings.HasPrefix(held.Holder(), want) || held.Since == "" {
		t.Fatalf("holder %q, want it to start with %q", held.Holder(), want)
	}
	l.Release()
	l.Release() // twice is harmless
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the lock file is left after Release: %v", err)
	}
	l2, err := Acquire(path, "stackrules serve")
	if err != nil {
		t.Fatalf("Acquire after Release: %v", err)
	}
	l2.Release()
}

// A lock file left by a killed process (no lock held) does not block, and
// an unreadable one still gives a message.
func TestStaleLockFileDoesNotBlock(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".lock")
	os.WriteFile(path, []byte("999999 2026-11-22T20:00:00Z\n"), 0o644)
	l, err := Acquire(path, "stackrules play")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	if e := heldError(path, "stackrules play", []byte("junk")); e.Holder() != "another stackrules play" {
		t.Fatalf("holder of an unreadable lock file: %q", e.Holder())
	}
	if e := heldError(path, "stackrules play", []byte("12 2026-11-22T20:00:00Z\n")); !strings.HasPrefix(e.Holder(), "stackrules play, process 12, since 2026-11-22 ") {
		t.Fatalf("holder: %q", e.Holder())
	}
}
