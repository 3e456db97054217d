package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// After quitting, play says how to continue the game with a command that
// works: under `go run` a go run again, not the temporary binary's path
// (issue 31).
func TestContinueHint(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	goRunTmp := filepath.Join(os.TempDir(), "go-build1061749411", "b001", "exe", "stackrules")
	goRunCache := "/home/u/.cache/go-build/3f/3f0c9e-d/stackrules"
	outside := t.TempDir()
	rec := filepath.Join(t.TempDir(), "my game.txt")
	for _, tc := range []struct {
		arg0, dir, want string
	}{
		{goRunTmp, root, "go run ./cmd/stackrules play --resume '" + rec + "'"},
		{goRunCache, root, "go run ./cmd/stackrules play --resume '" + rec + "'"},
		{goRunTmp, filepath.Join(root, "docs"), "go run ../cmd/stackrules play --resume '" + rec + "'"},
		{goRunTmp, outside, "go run github.com/stackrules/stackrules/cmd/stackrules@latest play --resume '" + rec + "'"},
		{"stackrules", outside, "stackrules play --resume '" + rec + "'"},
		{"./stackrules", outside, "./stackrules play --resume '" + rec + "'"},
	} {
		t.Run(tc.arg0+" in "+tc.dir, func(t *testing.T) {
			t.Chdir(tc.dir)
			var out, errw strings.Builder
			code := run([]string{tc.arg0, "play", "--first", "human", "--second", "human", "--record", rec}, strings.NewReader("c3-d4\nquit\n"), &out, &errw)
			os.Remove(rec)
			if code != 0 || !strings.Contains(out.String(), "Continue it with: "+tc.want+"\n") {
				t.Errorf("exit %d, stderr %q, output ends %q; want %q", code, errw.String(), tail(out.String(), 2), tc.want)
			}
		})
	}
}
