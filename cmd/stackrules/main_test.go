package main

import (
	"fmt"
	"os"
	"testing"
)

// TestMain points the records folder at a temporary folder: no test writes
// into the real home.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "stackrules-data-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_DATA_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
