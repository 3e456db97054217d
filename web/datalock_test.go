package web

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// Two servers on one data folder would write over each other's saves: the
// second is refused, told which process holds the folder.
func TestDataFolderIsLocked(t *testing.T) {
	dir := t.TempDir()
	s1, err := New(Options{DataDir: dir, Only: []string{"liger"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(Options{DataDir: dir, Only: []string{"liger"}})
	want := fmt.Sprintf("%s is in use by stackrules serve, process %d, since ", dir, os.Getpid())
	if err == nil || !strings.Contains(err.Error(), want) {
		s1.Close()
		t.Fatalf("a second server on the folder: %v; want %q", err, want)
	}
	s1.Close()
	s2, err := New(Options{DataDir: dir, Only: []string{"liger"}})
	if err != nil {
		t.Fatalf("once the first server closed: %v", err)
	}
	s2.Close()
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("the lock file stays after Close: %v", entries)
	}
}
