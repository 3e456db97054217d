package backgammon

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// findGnubg returns the GNU Backgammon binary: $GNUBG, gnubg on PATH, or the
// Debian package's /usr/games/gnubg.
func findGnubg() string {
	if p := os.Getenv("GNUBG"); p != "" {
		return p
	}
	if p, err := exec.LookPath("gnubg"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/gnubg"); err == nil {
		return "/usr/games/gnubg"
	}
	return ""
}

var (
	gnubgMoveLine = regexp.MustCompile(`^\s*\d+\.\s+\S+\s+\d+-ply\s+(.+?)\s+Eq\.:`)
	gnubgIDLine   = regexp.MustCompile(`Position ID: (\S{14})`)
)

// sampleForGnubg picks positions from random games: some early, some with the
// mover on the bar, some bearing off, and some where the mover must pass.
func sampleForGnubg(t *testing.T, n int) []*Position {
	quota := map[string]int{"bar": n / 4, "bearoff": n / 4, "pass": n / 10}
	quota["other"] = n - quota["bar"] - quota["bearoff"] - quota["pass"]
	var out []*Position
	for i, p := range randomPositions(t, 7, 40*n) {
		kind := "other"
		switch {
		case len(p.Plays()) == 1 && p.Plays()[0].Text == "pass":
			kind = "pass"
		case p.b[p.turn][barIndex] > 0:
			kind = "bar"
		case p.b.allHome(p.turn):
			kind = "bearoff"
		case i%11 != 0:
			continue
		}
		if quota[kind] > 0 {
			quota[kind]--
			out = append(out, p)
		}
		if len(out) == n {
			break
		}
	}
	return out
}

// TestAgainstGnubg asks GNU Backgammon for the legal plays of sampled positions
// (set board by Position ID, set dice, hint at 0-ply for up to 1000 plays) and
// compares them, text for text, with Plays; the hand-worked positions of
// rules_test.go are asked too: 60 sampled positions, 1000 with STACKRULES_DEEP=1.
// It skips when gnubg is not installed.
func TestAgainstGnubg(t *testing.T) {
	bin := findGnubg()
	if bin == "" {
		t.Skip("gnubg not found (set $GNUBG, put gnubg on PATH, or apt-get install gnubg): comparison with GNU Backgammon skipped")
	}
	n := 60
	if os.Getenv("STACKRULES_DEEP") == "1" && !testing.Short() {
		n = 1000
	}
	positions := sampleForGnubg(t, n)
	// The hand-worked positions too, so gnubg checks the hand-worked answers.
	for _, c := range handCases {
		positions = append(positions, build(t, c.white, c.black, White, c.d1, c.d2))
	}
	var script strings.Builder
	script.WriteString("set player 0 human\nset player 1 human\nnew game\n")
	script.WriteString("set evaluation chequerplay evaluation plies 0\n")
	for _, p := range positions {
		fmt.Fprintf(&script, "set board %s\nset dice %d%d\nhint 1000\n", p.PositionID(), p.dice[0], p.dice[1])
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-t", "-q")
	cmd.Stdin = strings.NewReader(script.String())
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "HOME="+cmd.Dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, out.String())
	}

	// Each "The dice have been set" line opens the answer for the next position;
	// the board printed just before it must be the one sent.
	type answer struct {
		id    string
		plays []string
	}
	var answers []*answer
	lastID := ""
	for _, line := range strings.Split(out.String(), "\n") {
		if m := gnubgIDLine.FindStringSubmatch(line); m != nil {
			lastID = m[1]
			continue
		}
		if strings.HasPrefix(line, "The dice have been set to") {
			answers = append(answers, &answer{id: lastID})
			continue
		}
		if len(answers) == 0 {
			continue
		}
		cur := answers[len(answers)-1]
		if strings.HasPrefix(line, "There are no legal moves") {
			cur.plays = append(cur.plays, "pass")
		} else if m := gnubgMoveLine.FindStringSubmatch(line); m != nil {
			cur.plays = append(cur.plays, m[1])
		}
	}
	if len(answers) != len(positions) {
		t.Fatalf("gnubg answered %d positions, want %d; output:\n%s", len(answers), len(positions), out.String())
	}
	kinds := map[string]int{}
	total := 0
	for i, p := range positions {
		a := answers[i]
		if a.id != p.PositionID() {
			t.Errorf("position %d (%s): gnubg shows Position ID %s, sent %s", i, p.XGID(), a.id, p.PositionID())
			continue
		}
		var mine []string
		for _, pl := range p.Plays() {
			mine = append(mine, pl.Text)
		}
		theirs := slices.Clone(a.plays)
		slices.Sort(theirs)
		if !slices.Equal(mine, theirs) {
			t.Errorf("position %d %s (ID %s), roll %d%d:\n mine  (%d) %q\n gnubg (%d) %q",
				i, p.XGID(), p.PositionID(), p.dice[0], p.dice[1], len(mine), mine, len(theirs), theirs)
		}
		total += len(mine)
		switch {
		case mine[0] == "pass":
			kinds["pass"]++
		case p.b[p.turn][barIndex] > 0:
			kinds["bar"]++
		case p.b.allHome(p.turn):
			kinds["bearing off"]++
		default:
			kinds["other"]++
		}
	}
	t.Logf("compared %d positions (%v), %d plays, with %s", len(positions), kinds, total, bin)
}
