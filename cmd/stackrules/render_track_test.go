package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The track board fits 80 columns in every style; tall stacks show their
// count, the bar and the pieces borne off are counted, and the points are
// numbered for the player to move.
func TestTrackBoardDrawing(t *testing.T) {
	g := mustGame(t, "backgammon")
	if trackBoardOf(g) == nil {
		t.Fatal("backgammon's tracks run the same points opposite ways: a track board")
	}
	if trackBoardOf(mustGame(t, "liger")) != nil {
		t.Fatal("a game without dice has no track board")
	}
	// White: 14 on its 6-point, one on the bar (none borne off); black: 13
	// on its 6-point (white's 19), 2 borne off.
	p := mustPosition(t, g, "w h1:wwwwwwwwwwwwww,g1:w,h2:bbbbbbbbbbbbb roll:31")
	for _, o := range []renderOpts{{ASCII: true}, {}, {Color: true}, {Color: true, Flip: true}} {
		got := renderBoard(g, &p, boardView{Labels: []string{"you", "random"}}, o)
		for _, l := range strings.Split(got, "\n") {
			if w := visibleWidth(l); w > 80 {
				t.Errorf("%+v: a line %d columns wide: %q", o, w, l)
			}
		}
		plain := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(got, "")
		for _, want := range []string{"14 ", "13 ", "pips 109, borne off 0", "pips 78, borne off 2", "dice 3 1: white to play"} {
			if !strings.Contains(plain, want) {
				t.Errorf("%+v: no %q in\n%s", o, want, plain)
			}
		}
		lines := strings.Split(plain, "\n")
		// White to move, in its numbering: its home (1..6) at the bottom
		// right seen from white, at the top right seen from black.
		first, last := strings.Fields(lines[0]), strings.Fields(lines[len(lines)-2])
		wantFirst, wantLast := "13", "12"
		if o.Flip {
			wantFirst, wantLast = "12", "13"
		}
		if first[0] != wantFirst || last[0] != wantLast {
			t.Errorf("%+v: point rows start %s and %s, want %s and %s", o, first[0], last[0], wantFirst, wantLast)
		}
	}
	// Black to move: the same board, numbered for black.
	p = mustPosition(t, g, "b h1:wwwwwwwwwwwwww,g1:w,h2:bbbbbbbbbbbbb roll:31")
	got := renderBoard(g, &p, boardView{}, renderOpts{ASCII: true})
	if lines := strings.Split(got, "\n"); !strings.HasPrefix(strings.TrimSpace(lines[0]), "12 11") {
		t.Errorf("black to move should number the top row 12 11 ...:\n%s", got)
	}
}

// A backgammon game played with real dice is recorded with its rolls, replays,
// and resumes with the dice typed in.
func TestBackgammonManualDiceRecordResumes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.txt")
	code, out, errOut := playScript(t, "6-5\n24/18 13/8\n5 2\n13/11 6/1\nquit\n",
		"play", "backgammon", "--first", "human", "--second", "human", "--dice", "manual", "--record", path)
	if code != 0 {
		t.Fatalf("play: exit %d %q\n%s", code, errOut, out)
	}
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), "1. 6-5 24/18 13/8 2. 52 13/11 6/1*") {
		t.Fatalf("record: %v\n%s", err, data)
	}
	if code, out, errOut := runCLI(t, "replay", path); code != 0 || !strings.Contains(out, "all legal") {
		t.Fatalf("replay: exit %d %q\n%s", code, errOut, out)
	}
	code, out, errOut = playScript(t, "x1\n6 1\nbar/24*/18\nquit\n", "play", "--resume", path, "--dice", "manual", "--ascii")
	if code != 0 || !strings.Contains(out, `roll "x1": write the dice as digits`) || !strings.Contains(out, "white rolls 61.") {
		t.Fatalf("resume: exit %d %q\n%s", code, errOut, out)
	}
	data, _ = os.ReadFile(path)
	if !strings.Contains(string(data), "3. 61 bar/24*/18") {
		t.Fatalf("the resumed game's record:\n%s", data)
	}
	// A bad --dice is a usage error.
	if code, _, errOut := playScript(t, "", "play", "backgammon", "--dice", "loaded"); code != 2 || !strings.Contains(errOut, "--dice is auto or manual") {
		t.Fatalf("--dice loaded: exit %d %q", code, errOut)
	}
}

// The dice grid (for dice boards that are not track boards, such as Ludo's
// cross) draws any dice game on its grid: each square's pieces and count,
// each player's pieces in base, out and home, the dice.
func TestDiceGridDrawing(t *testing.T) {
	g := mustGame(t, "backgammon")
	p := mustPosition(t, g, "w h1:wwwwwwwwwwwwww,g1:w,h2:bbbbbbbbbbbbb roll:31")
	for _, o := range []renderOpts{{ASCII: true}, {}, {Color: true}} {
		got := renderDiceGrid(g, &p, boardView{}, o)
		plain := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(got, "")
		for _, want := range []string{"w14", "b13", "base 1, out 14, home 0", "base 0, out 13, home 2", "dice 3 1: white to play"} {
			if !strings.Contains(plain, want) {
				t.Errorf("%+v: no %q in\n%s", o, want, plain)
			}
		}
		for _, l := range strings.Split(got, "\n") {
			if w := visibleWidth(l); w > 80 {
				t.Errorf("%+v: a line %d columns wide: %q", o, w, l)
			}
		}
	}
}

// Ludo's cross for four players fits 80 columns in every style, with each
// player's base and the counts of its pieces.
func TestLudoCrossDrawing(t *testing.T) {
	g := mustGame(t, "ludo")
	if trackBoardOf(g) != nil {
		t.Fatal("Ludo's paths share a loop from different starts: not a track board")
	}
	p := g.Start()
	labels := []string{"you", "mcts:medium", "mcts:hard", "random"}
	for _, o := range []renderOpts{{ASCII: true}, {}, {Color: true}, {Color: true, Flip: true}} {
		got := renderBoard(g, &p, boardView{Labels: labels}, o)
		plain := regexp.MustCompile("\x1b\\[[0-9;]*m").ReplaceAllString(got, "")
		for _, want := range []string{"r4", "g4", "y4", "b4", "green (mcts:medium)", "base 4, out 0, home 0"} {
			if !strings.Contains(plain, want) {
				t.Errorf("%+v: no %q in\n%s", o, want, plain)
			}
		}
		for _, l := range strings.Split(got, "\n") {
			if w := visibleWidth(l); w > 80 {
				t.Errorf("%+v: a line %d columns wide: %q", o, w, l)
			}
		}
	}
}

// A checker pinned under another (Plakoto) is drawn under it, at the edge.
func TestTrackBoardShowsPinnedCheckers(t *testing.T) {
	g := mustGame(t, "plakoto")
	pinned := mustPosition(t, g, "b a1:bw,c1:bw,h2:bbbbbbbbbbbbb")
	free := mustPosition(t, g, "b a1:w,c1:w,b2:bb,h2:bbbbbbbbbbbbb")
	a := renderBoard(g, &pinned, boardView{}, renderOpts{ASCII: true})
	b := renderBoard(g, &free, boardView{}, renderOpts{ASCII: true})
	if a == b {
		t.Fatalf("the pinned checkers are not drawn:\n%s", a)
	}
	lines := strings.Split(a, "\n")
	found := false
	for i := 0; i+1 < len(lines); i++ {
		// white's checker on each pinned point, black's under it at the edge
		if strings.Contains(lines[i], "| W     W ") && strings.Contains(lines[i+1], "| B     B ") {
			found = true
		}
	}
	if !found {
		t.Errorf("no W over B on the pinned points:\n%s", a)
	}
}
