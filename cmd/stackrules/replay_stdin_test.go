package main

import (
	"os"
	"strings"
	"testing"
)

// `replay -` reads the record from standard input (issue 31).
func TestReplayStandardInput(t *testing.T) {
	rec := "[Game \"Liger\"]\n[Variant \"liger\"]\n\n1. c3-d4 f6-e5 *\n"
	code, out, errOut := playScript(t, rec, "replay", "-", "--ascii")
	if code != 0 || !strings.Contains(out, "2 moves, all legal.") || errOut != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// --pdn - writes to the standard output, the record read from the input.
	code, out, _ = playScript(t, "[Game \"English checkers\"]\n[Variant \"english-checkers\"]\n\n1. 11-15 *\n", "replay", "-", "--pdn", "-")
	if code != 0 || !strings.Contains(out, "1. 11-15") {
		t.Errorf("--pdn -: exit %d, stdout %q", code, out)
	}
	bad, err := os.ReadFile("testdata/scripts/records/bad-move.txt")
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut = playScript(t, string(bad), "replay", "-")
	if code != 1 || !strings.Contains(errOut, "standard input: line 9: move 3 (d4xf6, red to play) is illegal") {
		t.Errorf("a bad record: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = playScript(t, "", "replay", "-")
	if code != 1 || !strings.Contains(errOut, "standard input") {
		t.Errorf("no record: exit %d, stderr %q", code, errOut)
	}
	// --step reads its commands from the input, which holds the record.
	code, _, errOut = playScript(t, rec, "replay", "-", "--step")
	if code != 2 || !strings.Contains(errOut, "--step") {
		t.Errorf("--step: exit %d, stderr %q", code, errOut)
	}
}
