package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
)

// train on a tiny game whose value is known (in Tempo Race red, moving
// first, always wins): the network learns it, checkpoints and the end save
// it, --resume goes on, and a network is refused by another game.
func TestTrainTinyGame(t *testing.T) {
	rules := "../../examples/tempo-race.yaml"
	out := filepath.Join(t.TempDir(), "tempo.net")
	code, stdout, stderr := runCLI(t, "train", rules, "--out", out, "--games", "400", "--check-every", "200", "--check-games", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"checkpoint: 200 games", "saved: 400 games", "vs random"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("missing %q in:\n%s", want, stderr)
		}
	}
	if !strings.Contains(stdout, "Tempo Race: 400 games in all") {
		t.Errorf("stdout: %s", stdout)
	}
	g, err := interpreter.Open(rules)
	if err != nil {
		t.Fatal(err)
	}
	game := g.AI()
	enc := game.(ai.Encoder[interpreter.SearchPosition])
	net, err := ai.LoadNet(out, enc.FeatureLayout(), enc.Features(), 2)
	if err != nil {
		t.Fatal(err)
	}
	e, err := ai.NewNetEval(net, enc, 2)
	if err != nil {
		t.Fatal(err)
	}
	values := make([]float64, 2)
	p := interpreter.SearchPosition{Position: g.Start()}
	e.Evaluate(&p, values)
	if values[0] < 0.9 || values[1] > 0.1 {
		t.Errorf("start: red %.2f, blue %.2f; red always wins", values[0], values[1])
	}

	// an existing network is not overwritten by a new run
	if code, _, stderr := runCLI(t, "train", rules, "--out", out, "--games", "10"); code != 2 || !strings.Contains(stderr, "--resume") {
		t.Errorf("existing file: exit %d: %s", code, stderr)
	}
	// --resume goes on from 400
	if code, stdout, stderr := runCLI(t, "train", rules, "--out", out, "--games", "500", "--resume", "--check-games", "0"); code != 0 || !strings.Contains(stdout, "500 games in all, 100 in") {
		t.Errorf("resume: exit %d: %s%s", code, stdout, stderr)
	}
	// another game refuses it, to train and to play
	if code, _, stderr := runCLI(t, "train", "liger", "--out", out, "--games", "10", "--resume"); code != 1 || !strings.Contains(stderr, "trained for Tempo Race") {
		t.Errorf("resume for another game: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "match", "liger", "--a", "net:"+out, "--games", "1"); code != 1 || !strings.Contains(stderr, "trained for Tempo Race") {
		t.Errorf("match with a network of another game: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "match", rules, "--a", "net:"+out, "--b", "mcts:easy,net="+out, "--games", "2"); code != 0 {
		t.Errorf("match with the network: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(out + ".tmp"); err == nil {
		t.Error("a temporary file was left behind")
	}
}

// --keep-every keeps a copy at each multiple it passes (checkpoints every
// 100 games, copies every 200), the copies load, and one already there is
// never written over; a negative value is refused.
func TestTrainKeepEvery(t *testing.T) {
	rules := "../../examples/tempo-race.yaml"
	dir := t.TempDir()
	out := filepath.Join(dir, "tempo.net")
	taken := filepath.Join(dir, "tempo-400.net")
	if err := os.WriteFile(taken, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "train", rules, "--out", out, "--games", "500", "--check-every", "100", "--check-games", "0", "--keep-every", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	g, err := interpreter.Open(rules)
	if err != nil {
		t.Fatal(err)
	}
	enc := g.AI().(ai.Encoder[interpreter.SearchPosition])
	net, err := ai.LoadNet(filepath.Join(dir, "tempo-200.net"), enc.FeatureLayout(), enc.Features(), 2)
	if err != nil {
		t.Errorf("the copy after 200 games: %v", err)
	} else if net.Games != 200 {
		t.Errorf("tempo-200.net holds the network after %d games", net.Games)
	}
	if data, _ := os.ReadFile(taken); string(data) != "mine" {
		t.Errorf("a file already there was written over: %q", data)
	}
	if !strings.Contains(stderr, "not kept:") || !strings.Contains(stderr, "kept: "+filepath.Join(dir, "tempo-200.net")) {
		t.Errorf("the copies kept and not kept are not reported:\n%s", stderr)
	}
	// --check-games 0 plays no checkpoint matches, so there are no scores
	if strings.Contains(stderr, "vs random 50%") || !strings.Contains(stderr, "vs previous -, vs random -") {
		t.Errorf("--check-games 0: checkpoint matches were played:\n%s", stderr)
	}
	for _, name := range []string{"tempo-100.net", "tempo-300.net", "tempo-500.net"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s kept: not a multiple of --keep-every", name)
		}
	}
	if code, _, stderr := runCLI(t, "train", rules, "--out", filepath.Join(dir, "x.net"), "--games", "10", "--keep-every", "-5"); code != 2 || !strings.Contains(stderr, "--keep-every") {
		t.Errorf("--keep-every -5: exit %d: %s", code, stderr)
	}
}

// --average joins networks of the game into one (their hidden units side by
// side, their games summed) that plays; it refuses a network of another
// game, fewer than two, training flags, and an --out already there.
func TestTrainAverage(t *testing.T) {
	rules := "../../examples/tempo-race.yaml"
	dir := t.TempDir()
	a, b, joined := filepath.Join(dir, "a.net"), filepath.Join(dir, "b.net"), filepath.Join(dir, "ab.net")
	for i, f := range []string{a, b} {
		if code, _, stderr := runCLI(t, "train", rules, "--out", f, "--games", "100", "--check-games", "0", "--hidden", []string{"3", "5"}[i], "--seed", []string{"1", "2"}[i]); code != 0 {
			t.Fatalf("training %s: exit %d: %s", f, code, stderr)
		}
	}
	code, stdout, stderr := runCLI(t, "train", rules, "--average", a+","+b, "--out", joined)
	if code != 0 || !strings.Contains(stdout, "2 networks averaged (8 hidden units, 200 games in all)") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	g, err := interpreter.Open(rules)
	if err != nil {
		t.Fatal(err)
	}
	enc := g.AI().(ai.Encoder[interpreter.SearchPosition])
	net, err := ai.LoadNet(joined, enc.FeatureLayout(), enc.Features(), 2)
	if err != nil {
		t.Fatal(err)
	}
	if net.Hidden != 8 || net.Games != 200 {
		t.Errorf("joined network: %d hidden units, %d games", net.Hidden, net.Games)
	}
	if code, _, stderr := runCLI(t, "match", rules, "--a", "mcts:easy,net="+joined, "--games", "2"); code != 0 {
		t.Errorf("match with the joined network: exit %d: %s", code, stderr)
	}
	other := filepath.Join(dir, "liger.net")
	if code, _, stderr := runCLI(t, "train", "liger", "--out", other, "--games", "2", "--check-games", "0"); code != 0 {
		t.Fatalf("training liger: exit %d: %s", code, stderr)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--average", a + "," + other, "--out", filepath.Join(dir, "x.net")}, 1, "trained for Liger"},
		{[]string{"--average", a, "--out", filepath.Join(dir, "x.net")}, 2, "two networks or more"},
		{[]string{"--average", a, "--average", b, "--out", filepath.Join(dir, "x.net"), "--games", "5"}, 2, "leave out --games"},
		{[]string{"--average", a + "," + b, "--out", joined}, 2, "exists"},
		{[]string{"--average", a + "," + b}, 2, "--out"},
		{[]string{"--average", a + "," + filepath.Join(dir, "none.net"), "--out", filepath.Join(dir, "x.net")}, 1, "none.net"},
	} {
		code, _, stderr := runCLI(t, append([]string{"train", rules}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d (want %d), want %q in: %s", c.args, code, c.code, c.want, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.net")); err == nil {
		t.Error("a refused --average wrote its --out")
	}
}

// A network records the flags that shape what it learns, and --resume takes
// them from it where they are not given again: 200 games and then 200 more
// resumed without the flags learn exactly the network of one run of 400;
// a flag given again wins, and is said to differ.
func TestTrainResumeKeepsTheFlags(t *testing.T) {
	rules := "../../examples/tempo-race.yaml"
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one.net"), filepath.Join(dir, "two.net")
	flags := []string{"--random-start", "3", "--rate", "0.1", "--anneal", "300", "--check-every", "100", "--check-games", "0"}
	if code, _, stderr := runCLI(t, append([]string{"train", rules, "--out", one, "--games", "400"}, flags...)...); code != 0 {
		t.Fatalf("one run: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, append([]string{"train", rules, "--out", two, "--games", "200"}, flags...)...); code != 0 {
		t.Fatalf("the first half: exit %d: %s", code, stderr)
	}
	code, _, stderr := runCLI(t, "train", rules, "--out", two, "--games", "400", "--resume", "--check-games", "0")
	if code != 0 || !strings.Contains(stderr, "resuming as "+two+" was trained: --rate 0.1 --anneal 300 --random-start 3\n") {
		t.Fatalf("resumed: exit %d, the flags taken from the file not said:\n%s", code, stderr)
	}
	a, errA := os.ReadFile(one)
	b, errB := os.ReadFile(two)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if !bytes.Contains(a, []byte("\ntraining: --rate 0.1 --anneal 300 --lambda 0.7 --explore -1 --random-start 3 --max-plies 2000 --threads 1\n")) {
		t.Errorf("the file does not record the flags:\n%s", a[:bytes.Index(a, []byte("\n\n"))])
	}
	if !bytes.Equal(a, b) {
		t.Error("200 games and 200 resumed without the flags learned another network than one run of 400")
	}
	code, _, stderr = runCLI(t, "train", rules, "--out", two, "--games", "500", "--resume", "--rate", "0.2", "--check-games", "0")
	if code != 0 || !strings.Contains(stderr, "note: --rate 0.2, where "+two+" was trained with --rate 0.1") {
		t.Errorf("a flag given again: exit %d:\n%s", code, stderr)
	}
	if b, _ = os.ReadFile(two); !bytes.Contains(b, []byte("training: --rate 0.2 --anneal 300 ")) {
		t.Error("the file does not record the flags of the last run")
	}
}
