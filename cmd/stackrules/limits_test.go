package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stackrules/stackrules/interpreter"
)

// Numeric flags out of their range are usage errors naming the flag and the
// range (issue 11, item 9).
func TestNumericFlagRanges(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "liger", "--max-plies", "0"}, "match: --max-plies 0 is out of range 1..100000"},
		{[]string{"match", "liger", "--max-plies", "-5"}, "match: --max-plies -5 is out of range 1..100000"},
		{[]string{"match", "liger", "--games", "-1"}, "match: --games -1 is out of range 1..1000000"},
		{[]string{"match", "liger", "--games", "10000000"}, "match: --games 10000000 is out of range 1..1000000"},
		{[]string{"best", "liger", "--threads", "100000"}, "best: --threads 100000 is out of range 1..256"},
		{[]string{"best", "liger", "--threads", "0"}, "best: --threads 0 is out of range 1..256"},
		{[]string{"best", "liger", "--iterations", "-3"}, "best: --iterations -3 is out of range 1..1000000000"},
		{[]string{"best", "liger", "--iterations", "0"}, "best: --iterations 0 is out of range 1..1000000000"},
		{[]string{"best", "liger", "--time", "-1s"}, "best: --time -1s is out of range 1ms..24h0m0s"},
		{[]string{"best", "liger", "--top", "0"}, "best: --top 0 is out of range 1..100000"},
		{[]string{"bench", "liger", "--time", "0s"}, "bench: --time 0s is out of range 1ms..1h0m0s"},
		{[]string{"bench", "liger", "--max-plies", "-1"}, "bench: --max-plies -1 is out of range 1..100000"},
		{[]string{"perft", "liger", "--depth", "-1"}, "--depth -1 is out of range 1..30"},
	} {
		code, _, errOut := playScript(t, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// A record's [Variant] names a built-in or a rule file: a device, a FIFO,
// a file that is not a rule file is refused at once, and what is in it is
// not shown (item 10).
func TestRecordVariantIsARuleFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(dir, "passwd")
	writeFile(t, secret, "root:x:0:0:SECRET-LINE:/root:/bin/bash\n", 0o644)
	for _, tc := range []struct{ variant, want string }{
		{"/dev/zero", "/dev/zero is a device, not a rule file"},
		{fifo, fifo + " is a FIFO, not a rule file"},
		{secret, "is not a rule file that loads"},
		{dir, "is a folder, not a rule file"},
	} {
		rec := filepath.Join(dir, "r.txt")
		writeFile(t, rec, "[Game \"x\"]\n[Variant \""+tc.variant+"\"]\n\n1. c3-d4 *\n", 0o644)
		for _, args := range [][]string{{"replay", rec}, {"play", "--resume", rec}} {
			done := make(chan struct{})
			var code int
			var errOut string
			go func() {
				code, _, errOut = playScript(t, "quit\n", args...)
				close(done)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("%v with [Variant %q] hangs", args, tc.variant)
			}
			if code != 1 || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "SECRET") {
				t.Errorf("%v with [Variant %q]: exit %d, stderr %q; want %q", args, tc.variant, code, errOut, tc.want)
			}
		}
	}
}

// replay refuses a made-up result (item 11).
func TestReplayRefusesImpossibleResults(t *testing.T) {
	dir := t.TempDir()
	g := mustGame(t, "liger")
	head := "[Game \"Liger\"]\n[Variant \"liger\"]\n[Rules \"" + g.RulesHash + "\"]\n"
	for _, tc := range []struct{ text, want string }{
		{head + "\n1. c3-d4 f6-e5 1-1\n", "the result 1-1 is not a possible result"},
		{head + "\n1. c3-d4 f6-e5 0-0\n", "the result 0-0 is not a possible result"},
		{head + "\n1. c3-d4 f6-e5 1-0\n", "the record's result is 1-0, but its moves do not end the game"},
		{head + "[Termination \"blue resigned\"]\n\n1. c3-d4 f6-e5 0-1\n", "says blue resigned"},
	} {
		rec := filepath.Join(dir, "r.txt")
		writeFile(t, rec, tc.text, 0o644)
		for _, args := range [][]string{{"replay", rec}, {"play", "--resume", rec}} {
			code, _, errOut := playScript(t, "quit\n", args...)
			if code != 1 || !strings.Contains(errOut, tc.want) {
				t.Errorf("%v on %q: exit %d, stderr %q; want %q", args, tc.text, code, errOut, tc.want)
			}
		}
	}
}

// Size limits, a byte-order mark, a piece letter that is not ASCII (item 12).
func TestInputLimits(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	writeFile(t, big, strings.Repeat("# a comment line\n", interpreter.MaxRuleFileSize/17+1), 0o644)
	code, _, errOut := playScript(t, "", "moves", big)
	if code != 1 || !strings.Contains(errOut, "is larger than 1 MiB, the most a rule file may be") {
		t.Errorf("big rule file: exit %d, %q", code, errOut)
	}
	code, out, _ := playScript(t, "", "lint", big)
	if code != 1 || !strings.Contains(out, "is larger than 1 MiB") {
		t.Errorf("lint of a big rule file: exit %d, %q", code, out)
	}
	bigRec := filepath.Join(dir, "big.txt")
	writeFile(t, bigRec, "[Game \"Liger\"]\n\n"+strings.Repeat("{ padding } ", interpreter.MaxRecordSize/12+1)+"*\n", 0o644)
	code, _, errOut = playScript(t, "", "replay", bigRec)
	if code != 1 || !strings.Contains(errOut, "is larger than 4 MiB, the most a record may be") {
		t.Errorf("big record: exit %d, %q", code, errOut)
	}
	g := mustGame(t, "liger")
	bom := filepath.Join(dir, "bom.txt")
	writeFile(t, bom, "\xef\xbb\xbf[Game \"Liger\"]\n[Variant \"liger\"]\n[Rules \""+g.RulesHash+"\"]\n\n1. c3-d4 f6-e5 *\n", 0o644)
	code, out, errOut = playScript(t, "", "replay", bom)
	if code != 0 || !strings.Contains(out, "2 moves, all legal.") {
		t.Errorf("record with a BOM: exit %d, %q", code, errOut)
	}
	code, _, errOut = playScript(t, "", "moves", "liger", "--position", "r c3:é")
	if code != 1 || !strings.Contains(errOut, "unknown piece letter 'é'") {
		t.Errorf("non-ASCII piece letter: exit %d, %q", code, errOut)
	}
}

// match --records does not write over the records of an earlier match.
func TestMatchRecordsDirIsNotOverwritten(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "game-002.txt")
	writeFile(t, old, "an earlier match\n", 0o644)
	code, _, errOut := playScript(t, "", "match", "liger", "--a", "random", "--b", "random", "--games", "2", "--records", dir)
	if code != 1 || !strings.Contains(errOut, "game-002.txt already exists") || readFile(t, old) != "an earlier match\n" {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}
