package records_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// randomCubeGames plays n games of backgammon with random moves and random
// cube actions (a double at a fifth of the turns where one may double, taken
// two times in three), as a match to length points (0: money games).
func randomCubeGames(t *testing.T, g *interpreter.Game, n, length int, seed uint64) []records.MatGame {
	rng := rand.New(rand.NewPCG(seed, 3))
	var games []records.MatGame
	score := [2]int{}
	crawfordPlayed := false
	for len(games) < n {
		cs := g.Cube().NewCube(length, score, crawfordPlayed)
		if cs.Crawford {
			crawfordPlayed = true
		}
		cg := &records.CubeGame{Start: cs, Cube: cs, Loser: -1}
		h := g.NewHistory(g.Start())
		for cg.Loser < 0 && !h.Outcome().Over {
			p := h.Position()
			if g.MayDouble(&p, cg.Cube) == "" && rng.IntN(5) == 0 {
				me := int(p.ToMove)
				cg.Cube.Offer()
				cg.Events = append(cg.Events, records.CubeEvent{Ply: h.Len(), Action: interpreter.Double, Player: me})
				if rng.IntN(3) == 0 {
					cg.Cube.Offered = false
					cg.Loser = 1 - me
					cg.Events = append(cg.Events, records.CubeEvent{Ply: h.Len(), Action: interpreter.Drop, Player: 1 - me})
					break
				}
				cg.Cube.Accept(1-me, false)
				cg.Events = append(cg.Events, records.CubeEvent{Ply: h.Len(), Action: interpreter.Take, Player: 1 - me})
			}
			if g.IsChance(&p) {
				if err := h.Play(g.RandomRoll(&p, rng)); err != nil {
					t.Fatal(err)
				}
				continue
			}
			legal := g.LegalMoves(&p, nil)
			if err := h.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		games = append(games, records.MatGame{History: h, Cube: cg})
		w, pts, over := cg.Over()
		if !over {
			o := h.Outcome()
			w, pts = o.Winner, cg.Cube.Points(o)
		}
		after := cg.Cube
		if after.AddGame(w, pts) {
			break
		}
		score = after.Score
	}
	return games
}

// sameGames says how two lists of games differ: positions, cube actions,
// outcome.
func sameGames(g *interpreter.Game, a, b []records.MatGame) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d games, want %d", len(b), len(a))
	}
	for i := range a {
		pa, pb := a[i].History.Positions(), b[i].History.Positions()
		if len(pa) != len(pb) {
			return fmt.Sprintf("game %d: %d moves, want %d", i+1, len(pb)-1, len(pa)-1)
		}
		for j := range pa {
			if pa[j].Cells != pb[j].Cells || pa[j].ToMove != pb[j].ToMove || pa[j].Dice != pb[j].Dice {
				return fmt.Sprintf("game %d, move %d: %s, want %s", i+1, j, g.FormatPosition(&pb[j]), g.FormatPosition(&pa[j]))
			}
		}
		if fmt.Sprint(a[i].Cube.Events) != fmt.Sprint(b[i].Cube.Events) || a[i].Cube.Start != b[i].Cube.Start || a[i].Cube.Cube != b[i].Cube.Cube {
			return fmt.Sprintf("game %d: cube %+v %v, want %+v %v", i+1, b[i].Cube.Cube, b[i].Cube.Events, a[i].Cube.Cube, a[i].Cube.Events)
		}
	}
	return ""
}

// readBack reads a .mat file and replays its games.
func readBack(t *testing.T, g *interpreter.Game, data []byte) []records.MatGame {
	t.Helper()
	mat, err := records.ReadMat(bytes.NewReader(data), "backgammon")
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	var out []records.MatGame
	for i, r := range mat.Games {
		h, c, err := records.ReplayCube(g, r)
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i+1, err, data)
		}
		out = append(out, records.MatGame{History: h, Cube: c})
	}
	return out
}

func TestMatRoundTrip(t *testing.T) {
	g, err := interpreter.Open("backgammon")
	if err != nil {
		t.Fatal(err)
	}
	for _, length := range []int{0, 1, 5, 11} {
		games := randomCubeGames(t, g, 8, length, uint64(length))
		var buf bytes.Buffer
		if err := records.WriteMat(&buf, g, length, [2]string{"Ann Lee", "Bob"}, games); err != nil {
			t.Fatal(err)
		}
		if d := sameGames(g, games, readBack(t, g, buf.Bytes())); d != "" {
			t.Errorf("match to %d: %s\n%s", length, d, buf.String())
		}
	}
}

func TestMatErrors(t *testing.T) {
	g, _ := interpreter.Open("backgammon")
	for _, c := range []struct{ text, want string }{
		{"hello\n", "line 1: \"hello\": a .mat file begins with the match's length"},
		{" 3 point match\n\n  1) 52: 13/8\n", "line 3: \"1) 52: 13/8\" before the first \"Game 1\" line"},
		{" 3 point match\n Game 1\n a : 0   b : 0\n  1) 52: 13/8 2x/3\n", "line 4: \"2x/3\" (the left column): want a move"},
		{" 3 point match\n Game 1\n a : 0   b : 0\n  1) 52: 13/8 26/3\n", "line 4: \"26/3\" (the left column): point 26"},
		{" 3 point match\n Game 2\n", "line 2: game 2 after 0 games"},
		{" 3 point match\n Game 1\n a : 3   b : 0\n", "line 3: the score 3-0: the match to 3 is over"},
		{" 3 point match\n Game 1\n a : 0   b : 0\n  1) Hello 13/8\n", "line 4: \"Hello\": want a roll"},
		{" 3 point match\n Game 1\n a : 0   b : 0\n  1) 52: 13/8 13/11   31: 8/5 6/5   42: 8/4\n", "line 4: 3 actions on a line"},
	} {
		_, err := records.ReadMat(strings.NewReader(c.text), "backgammon")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
	// Readable, but a move is not legal: the replay says which line.
	mat, err := records.ReadMat(strings.NewReader(" 0 point match\n Game 1\n a : 0   b : 0\n  1) 52: 13/8 24/22\n  2)                             63: 24/15\n  3) 41: 13/9 13/12\n"), "backgammon")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = records.ReplayCube(g, mat.Games[0])
	var re *records.ReplayError
	if !errorsAs(err, &re) || re.Line != 6 {
		t.Errorf("an illegal move on line 6: %v", err)
	}
}

// gnubgBinary is GNU Backgammon's binary, "" when it is not installed.
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

// TestMatWithGnubg has GNU Backgammon import our .mat files (money games and
// matches, with doubles, takes and drops) and export them again; reading its
// export back gives every position, cube action and result of ours, so
// gnubg read our files move for move. Skipped when gnubg is not installed.
func TestMatWithGnubg(t *testing.T) {
	bin := gnubgBinary()
	if bin == "" {
		t.Skip("gnubg not found (set $GNUBG, put gnubg on PATH, or apt-get install gnubg): .mat files not checked with GNU Backgammon")
	}
	g, _ := interpreter.Open("backgammon")
	dir := t.TempDir()
	if d := os.Getenv("STACKRULES_MAT_DIR"); d != "" {
		dir = d // keep the files to look at
	}
	for _, length := range []int{0, 3, 7} {
		games := randomCubeGames(t, g, 6, length, 100+uint64(length))
		var buf bytes.Buffer
		if err := records.WriteMat(&buf, g, length, [2]string{"white", "black"}, games); err != nil {
			t.Fatal(err)
		}
		in := filepath.Join(dir, fmt.Sprintf("ours-%d.mat", length))
		out := filepath.Join(dir, fmt.Sprintf("gnubg-%d.mat", length))
		if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		cmd := exec.CommandContext(ctx, bin, "-t", "-q")
		cmd.Stdin = strings.NewReader(fmt.Sprintf("set player 0 human\nset player 1 human\nimport mat %s\nexport match mat %s\n", in, out))
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		msg, err := cmd.CombinedOutput()
		cancel()
		if err != nil {
			t.Fatalf("gnubg: %v\n%s", err, msg)
		}
		back, err := os.ReadFile(out)
		if err != nil {
			t.Fatalf("gnubg wrote no file: %v\n%s", err, msg)
		}
		if d := sameGames(g, games, readBack(t, g, back)); d != "" {
			t.Errorf("match to %d: gnubg's export of our file: %s\nours:\n%s\ngnubg's:\n%s\ngnubg said:\n%s", length, d, buf.String(), back, msg)
		}
	}
}

func errorsAs(err error, target **records.ReplayError) bool {
	re, ok := err.(*records.ReplayError)
	if ok {
		*target = re
	}
	return ok
}
