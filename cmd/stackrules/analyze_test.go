package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

const (
	tempoRace = "../../examples/tempo-race.yaml"
	towerRace = "../../examples/tower-race.yaml"
)

// analyzeJSON runs analyze with --json and decodes its report.
func analyzeJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errOut := runCLI(t, append([]string{"analyze", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("analyze %v: exit %d\n%s", args, code, errOut)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("analyze %v: not one JSON object: %v\n%s", args, err, out)
	}
	return m
}

func TestAnalyzeJSON(t *testing.T) {
	m := analyzeJSON(t, tempoRace, "--a", "random", "--b", "random", "-n", "30")
	fp := m["first_player"].(map[string]any)
	if m["games"] != 30.0 || m["plies_mean"] != 5.0 || fp["wins"] != 30.0 || fp["draws"] != 0.0 || fp["losses"] != 0.0 || fp["score"] != 1.0 || fp["score_hi"] != 1.0 {
		t.Errorf("games %v, plies_mean %v, first player %v", m["games"], m["plies_mean"], fp)
	}
	if lo := fp["score_lo"].(float64); lo < 0.88 || lo >= 1 {
		t.Errorf("score_lo %v", lo)
	}
	// The players as match names them.
	pl := m["players"].(map[string]any)
	if pl["a"] != "random" || pl["b"] != "random" {
		t.Errorf("players %v", pl)
	}
}

// The default player is the fast AI; the text report leads with findings.
func TestAnalyzeText(t *testing.T) {
	code, out, errOut := runCLI(t, "analyze", tempoRace, "--games", "10")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Tempo Race: mcts:iterations=50 in every seat", "10 games, seed 1", "an advantage for the first player", "how games end", "bore off first", "length in plies"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	// No progress line when the error stream is not a terminal.
	if strings.Contains(errOut, "\r") {
		t.Errorf("progress written to a pipe: %q", errOut)
	}
}

// Shards written by --shard K/N, merged by analyze merge, give the
// unsharded run's report (timing aside).
func TestAnalyzeShardsMerge(t *testing.T) {
	dir := t.TempDir()
	args := []string{towerRace, "--a", "random", "--b", "greedy", "--games", "13", "--seed", "5", "--ladder", "random < greedy", "--ladder-games", "4"}
	whole := analyzeJSON(t, args...)
	var files []string
	for k := 0; k < 3; k++ {
		f := filepath.Join(dir, "shard-"+string(rune('0'+k))+".json")
		// A shard writes JSON without --json, to --output.
		code, _, errOut := runCLI(t, append([]string{"analyze", "--shard", string(rune('0'+k)) + "/3", "-o", f, "--jobs", "2"}, args...)...)
		if code != 0 {
			t.Fatalf("shard %d: exit %d: %s", k, code, errOut)
		}
		files = append(files, f)
	}
	merged := analyzeJSON(t, append([]string{"merge"}, files...)...)
	delete(whole, "timing")
	delete(merged, "timing")
	if !reflect.DeepEqual(whole, merged) {
		a, _ := json.Marshal(whole)
		b, _ := json.Marshal(merged)
		t.Errorf("merged shards differ from the unsharded run:\n%s\n%s", a, b)
	}
	// A missing shard is refused, and merged with --partial.
	code, _, errOut := runCLI(t, "analyze", "merge", files[0], files[2])
	if code != 1 || !strings.Contains(errOut, "shards missing: 1") {
		t.Errorf("missing shard: exit %d, %s", code, errOut)
	}
	code, out, _ := runCLI(t, "analyze", "merge", "--partial", files[0], files[2])
	if code != 0 || !strings.Contains(out, "9 games of 13") {
		t.Errorf("partial merge: exit %d\n%s", code, out)
	}
}

func TestAnalyzeUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"analyze", tempoRace, "--shard", "3/3"}, "K must be 0 to 2"},
		{[]string{"analyze", tempoRace, "--shard", "0/2", "--until", "0.01"}, "cannot be split into shards"},
		{[]string{"analyze", tempoRace, "--shard", "0/2", "--a", "mcts:time=1s"}, "not reproducible"},
		{[]string{"analyze", tempoRace, "--until", "2"}, "below 0.5"},
		{[]string{"analyze", tempoRace, "--seat", "green=random"}, `has no player "green"`},
		{[]string{"analyze", tempoRace, "--ladder", "random"}, "at least two levels"},
		{[]string{"analyze", tempoRace, "--a", "mcst"}, "did you mean"},
		{[]string{"analyze", "merge", "--games", "3", "x.json"}, "merge only adds up"},
		{[]string{"analyze", "merge"}, "name the shards"},
		{[]string{"analyze", tempoRace, "--partial"}, "for analyze merge"},
	} {
		code, _, errOut := runCLI(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// --until stops when the first player's interval is narrow enough, and
// says after how many games; --seat pins a player to a seat; --html
// writes the page.
func TestAnalyzeUntilSeatsHTML(t *testing.T) {
	m := analyzeJSON(t, tempoRace, "--until", "±5%", "--seat", "blue=random", "--a", "greedy")
	u := m["until"].(map[string]any)
	// Wilson's interval of a perfect score is within ±5% from 35 games.
	if u["reached"] != true || u["games"] != 35.0 || m["games"] != 35.0 {
		t.Errorf("until %v, games %v", u, m["games"])
	}
	if pl := m["players"].(map[string]any); !reflect.DeepEqual(pl["seats"], []any{"greedy", "random"}) {
		t.Errorf("players %v", pl)
	}
	page := filepath.Join(t.TempDir(), "report.html")
	code, _, errOut := runCLI(t, "analyze", tempoRace, "-n", "5", "--a", "random", "--html", page)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(page)
	if err != nil || !strings.Contains(string(data), "<svg") || !strings.Contains(errOut, "wrote the report to") {
		t.Errorf("page %d bytes (%v), stderr %q", len(data), err, errOut)
	}
}

// Ctrl-C and SIGTERM stop a run: the report of the games finished is
// written (here as JSON, marked incomplete), and the exit status says which
// signal stopped it. Built and signalled as a binary; not with -short.
func TestAnalyzeStoppedBySignal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and signals the binary; not with -short")
	}
	bin := filepath.Join(t.TempDir(), "stackrules")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		sig  os.Signal
		code int
	}{{os.Interrupt, 130}, {syscall.SIGTERM, 143}} {
		out := filepath.Join(t.TempDir(), "shard.json")
		cmd := exec.Command(bin, "analyze", towerRace, "--a", "random", "--games", "100000000", "--shard", "1/2", "-o", out)
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(700 * time.Millisecond)
		cmd.Process.Signal(tc.sig)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var err error
		select {
		case err = <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: analyze did not stop", tc.sig)
		}
		if code := exitCode(err); code != tc.code || !strings.Contains(errOut.String(), "stopped by a signal") {
			t.Errorf("%v: exit %d, want %d; %s", tc.sig, code, tc.code, errOut.String())
		}
		data, rerr := os.ReadFile(out)
		var m map[string]any
		if rerr != nil || json.Unmarshal(data, &m) != nil {
			t.Fatalf("%v: no JSON report written (%v): %s", tc.sig, rerr, data)
		}
		if m["complete"] != false || m["games"].(float64) < 1 || m["planned"] != 50000000.0 {
			t.Errorf("%v: complete %v, %v of %v games", tc.sig, m["complete"], m["games"], m["planned"])
		}
	}
}

// The shell completes analyze's game, merge, and files after merge.
func TestAnalyzeCompletion(t *testing.T) {
	if got, _ := completeOut(t, "bash", "stackrules analyze mer"); !slices.Equal(got, []string{"merge"}) { // (me: mensch too)
		t.Errorf("analyze mer<TAB>: %q", got)
	}
	if got, _ := completeOut(t, "bash", "stackrules analyze lig"); !slices.Equal(got, []string{"liger"}) {
		t.Errorf("analyze lig<TAB>: %q", got)
	}
	if got, files := completeOut(t, "bash", "stackrules analyze merge --json shard-0.json sh"); len(got) != 0 || files != "files" {
		t.Errorf("analyze merge ... sh<TAB>: %q, %q", got, files)
	}
}
