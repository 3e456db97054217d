package interpreter_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// gnubgBinary is GNU Backgammon's binary: $GNUBG, gnubg on PATH, or the
// Debian package's /usr/games/gnubg; "" when it is not installed.
func gnubgBinary() string {
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

// runGnubg runs a command script through gnubg -t and returns what it printed.
func runGnubg(t *testing.T, bin, script string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-t", "-q")
	cmd.Stdin = strings.NewReader(script)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "HOME="+cmd.Dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, out.String())
	}
	return out.String()
}

// cubePositions are positions of random backgammon games, each with a cube
// and score drawn at random (money games and matches, the cube centred or
// held, doubles offered, Crawford games), as FormatGNUbgID writes them.
func cubePositions(t *testing.T, g *interpreter.Game, n int) ([]board.Position, []interpreter.CubeState) {
	rng := rand.New(rand.NewPCG(11, 27))
	var ps []board.Position
	var cs []interpreter.CubeState
	p := g.Start()
	for len(ps) < n {
		if g.Result(&p).Over {
			p = g.Start()
		}
		if g.IsChance(&p) {
			if !p.Opening {
				ps, cs = append(ps, p), append(cs, randomCube(rng, true))
			}
			g.Apply(&p, g.RandomRoll(&p, rng))
			continue
		}
		if !p.Opening {
			ps, cs = append(ps, p), append(cs, randomCube(rng, false))
		}
		legal := g.LegalMoves(&p, nil)
		g.Apply(&p, legal[rng.IntN(len(legal))])
	}
	return ps, cs
}

func randomCube(rng *rand.Rand, beforeRoll bool) interpreter.CubeState {
	c := interpreter.Centred()
	if rng.IntN(2) == 0 { // a match
		c.Length = 1 + rng.IntN(25)
		c.Score = [2]int{rng.IntN(c.Length), rng.IntN(c.Length)}
		if (c.Score[0] == c.Length-1) != (c.Score[1] == c.Length-1) && rng.IntN(2) == 0 {
			c.Crawford = true
			return c
		}
	}
	if rng.IntN(2) == 0 {
		c.Value = 1 << (1 + rng.IntN(6))
		c.Owner = rng.IntN(2)
	}
	c.Offered = beforeRoll && rng.IntN(3) == 0
	return c
}

var gnubgIDs = regexp.MustCompile(`Position ID: (\S+)\s+Match ID   : (\S+)`)

// TestGNUbgIDWithGnubg gives GNU Backgammon positions with their cube and
// score as XGIDs (set xgid) and as GNUbg IDs (set gnubgid), and checks that
// the GNUbg ID it prints for each is the one FormatGNUbgID writes: GNU
// Backgammon reads our XGID's and our GNUbg ID's cube, score, turn and dice
// as we mean them. Skipped when gnubg is not installed.
func TestGNUbgIDWithGnubg(t *testing.T) {
	bin := gnubgBinary()
	if bin == "" {
		t.Skip("gnubg not found (set $GNUBG, put gnubg on PATH, or apt-get install gnubg): GNUbg IDs not checked with GNU Backgammon")
	}
	g := open(t, "backgammon")
	ps, cs := cubePositions(t, g, 150)
	var script strings.Builder
	script.WriteString("set player 0 human\nset player 1 human\n")
	var want []string
	for i := range ps {
		id, err := g.FormatGNUbgID(&ps[i], cs[i])
		if err != nil {
			t.Fatal(err)
		}
		x, err := g.FormatXGIDCube(&ps[i], cs[i])
		if err != nil {
			t.Fatal(err)
		}
		// gnubg answers `show score` with "The score (after ...": the
		// marks split its output into one part per command.
		script.WriteString("set gnubgid " + id + "\nshow board\nshow score\nset xgid " + x + "\nshow board\nshow score\n")
		want = append(want, id, id)
	}
	out := runGnubg(t, bin, script.String())
	parts := strings.Split(out, "The score (after")
	if len(parts) != len(want)+1 {
		t.Fatalf("gnubg answered %d commands, want %d:\n%s", len(parts)-1, len(want), out)
	}
	bad := 0
	for i, w := range want {
		boards := gnubgIDs.FindAllStringSubmatch(parts[i], -1)
		if len(boards) == 0 {
			t.Fatalf("no board after command %d (%s):\n%s", i, w, parts[i])
		}
		m := boards[len(boards)-1] // show board's
		id := m[1] + ":" + m[2]
		p, c := ps[i/2], cs[i/2]
		if c.Offered {
			// gnubg sets neither from an XGID nor from a GNUbg ID a double
			// being offered: it shows the doubler on roll. The rest must agree.
			c.Offered = false
			w, _ = g.FormatGNUbgID(&p, c)
		}
		same := id == w
		if i%2 == 1 {
			// set xgid makes the player on roll GNU Backgammon's player 1
			// and keeps gnubg's Jacoby setting: compare from the side of
			// the player on roll.
			q, qc, err := g.ParsePositionCube(id)
			same = err == nil && relativeCube(g, &q, qc) == relativeCube(g, &p, c)
		}
		if !same && bad < 10 {
			bad++
			x, _ := g.FormatXGIDCube(&p, c)
			t.Errorf("%s (%+v, %s): gnubg shows %s after %s", w, c, x, id, map[bool]string{true: "set gnubgid", false: "set xgid"}[i%2 == 0])
		}
	}
}

// relativeCube is a position with its cube and score as the player on roll
// sees them.
type relCube struct {
	id                string
	dice              [2]uint8
	value, owner, len int
	mine, theirs      int
	crawford, offered bool
}

func relativeCube(g *interpreter.Game, p *board.Position, c interpreter.CubeState) relCube {
	id, _ := g.FormatPositionID(p)
	me := int(p.ToMove)
	owner := 0 // centred
	switch c.Owner {
	case me:
		owner = 1
	case 1 - me:
		owner = 2
	}
	return relCube{id: id, dice: p.Dice, value: c.Value, owner: owner, len: c.Length, mine: c.Score[me], theirs: c.Score[1-me], crawford: c.Crawford, offered: c.Offered}
}

// TestGNUbgIDRoundTrip reads back every GNUbg ID and XGID written, with
// its cube, and refuses malformed ones with what is wrong.
func TestGNUbgIDRoundTrip(t *testing.T) {
	g := open(t, "backgammon")
	ps, cs := cubePositions(t, g, 2000)
	for i := range ps {
		for _, format := range []string{"gnubgid", "xgid"} {
			text, err := g.FormatPositionCubeAs(&ps[i], format, cs[i])
			if err != nil {
				t.Fatal(err)
			}
			p, c, err := g.ParsePositionCube(text)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			want := cs[i]
			if p.Cells != ps[i].Cells || p.ToMove != ps[i].ToMove || p.Dice != ps[i].Dice || c != want {
				t.Fatalf("%s reads back as %s %+v, want %s %+v", text, g.FormatPosition(&p), c, g.FormatPosition(&ps[i]), want)
			}
			if q, err := g.ParsePosition(text); err != nil || q.Cells != p.Cells {
				t.Fatalf("ParsePosition(%s): %v", text, err)
			}
		}
	}
	// As gnubg prints it when its player 0 (our second player) doubled at
	// the start of a money game.
	p, c, err := g.ParsePositionCube("sGfwATDgc/ABMA:MBkAAAAAAAAA")
	if err != nil || p.ToMove != 1 || !c.Offered || c.Value != 1 || c.Owner != -1 || p.Rolled() {
		t.Errorf("gnubg's ID of a double offered reads as %s %+v, %v", g.FormatPosition(&p), c, err)
	}
	for _, c := range []struct{ text, want string }{
		{"4HPwATDgc/ABMA:cAkAAAAAAA", "Match ID"},
		{"4HPwATDgc/ABMA:cAk!AAAAAAAA", "Match ID"},
		{"4HPwATDgc/ABMA:cAkgABAAAAAA", "match would be over"}, // 0-1 in a match to 1
		{"4HPwATDgc/ABMA:8AkAAAAAAAAA", "Crawford game in a money game"},
		{"4HPwATDgc/ABMA:cBkAAAAAAAAA", "double is offered"},
		{"XGID=-b----E-C---eE---c-e----B-:1:2:1:00:0:0:0:0:10", "cube position 2"},
		{"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:3:0:0:3:10", "match would be over"},
		{"XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "not a number"},
	} {
		_, _, err := g.ParsePositionCube(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.text, err, c.want)
		}
	}
}
