package main

import (
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
