package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/urfave/cli/v2"
)

// .mat match files (GNU Backgammon's and Jellyfish's): replay FILE.mat
// checks every game of the match and prints each one's result and the
// score; replay FILE --mat OUT writes a game or a match as one.

// isMatPath reports whether the file at path is a .mat file (by what it
// holds, whatever its name).
func isMatPath(path string) bool {
	data, err := interpreter.ReadLimited(path, interpreter.MaxRecordSize, "record")
	return err == nil && records.IsMat(data)
}

// replayMatches replays every game of a .mat file: their histories and
// cubes, or the error of the first that is not legal (with its line).
func replayMatGames(g *interpreter.Game, path string, mat *records.Mat) ([]records.MatGame, error) {
	var games []records.MatGame
	for i, rec := range mat.Games {
		h, cube, err := records.ReplayCube(g, rec)
		if err != nil {
			if h == nil {
				return nil, fmt.Errorf("%s: game %d: %v", path, i+1, err)
			}
			return nil, fmt.Errorf("%s: game %d: %s", path, i+1, replayErrorText(g, h, err))
		}
		// The winner and points the file gives must be the moves' own, or
		// a resignation's: 1, 2 or 3 times the cube, the game unfinished.
		mg := records.MatGame{History: h, Cube: cube}
		if rec.Result != "*" {
			winner, points, over := cube.Over()
			if o := h.Outcome(); !over && o.Over {
				winner, points, over = o.Winner, cube.Cube.Points(o), true
			}
			given := 1
			if rec.Result == "0-1" {
				given = 2
			}
			pts, _ := strconv.Atoi(rec.Tag("Points"))
			switch {
			case !over && pts != cube.Cube.Value && pts != 2*cube.Cube.Value && pts != 3*cube.Cube.Value:
				return nil, fmt.Errorf("%s: game %d: the file says the %s player wins %d points, but its moves do not end the game and a resignation with the cube at %d is worth %d, %d or %d", path, i+1,
					interpreter.Ordinal(given), pts, cube.Cube.Value, cube.Cube.Value, 2*cube.Cube.Value, 3*cube.Cube.Value)
			case !over:
				mg.Winner, mg.Resigned = given-1, pts
				rec.SetTag("Termination", g.Players[2-given].Name+" resigned")
			case given-1 != winner || pts != points:
				return nil, fmt.Errorf("%s: game %d: the file says the %s player wins %d points, but the moves end the game with %s winning %d", path, i+1,
					interpreter.Ordinal(given), pts, g.Players[winner].Name, points)
			}
		}
		games = append(games, mg)
	}
	return games, nil
}

func replayMat(s *streams, c *cli.Context, path string, data []byte) error {
	variant := "backgammon" // the game GNU Backgammon's files are of, unless --game names another
	if c.IsSet("game") {
		variant = c.String("game")
	}
	g, err := openNamed(variant)
	if err != nil {
		return fmt.Errorf("%s: the game %q: %w", path, variant, err)
	}
	mat, err := records.ReadMat(bytes.NewReader(data), variant)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	games, err := replayMatGames(g, path, mat)
	if err != nil {
		return err
	}
	if c.IsSet("mat") {
		return writeMatFile(s, g, c.String("mat"), mat.Length, mat.Names, games)
	}
	ro := renderOpts{Color: wantColor(true, s.out, c.Bool("no-color")), ASCII: c.Bool("ascii"), Flip: c.Bool("flip")}
	last := games[len(games)-1]
	pos := last.History.Position()
	fmt.Fprintf(s.out, "%s\n", renderBoard(g, &pos, boardView{}, ro))
	score := [2]int{}
	for i, mg := range games {
		w, pts, over := mg.Cube.Over()
		how := "dropped the cube"
		if o := mg.History.Outcome(); !over && o.Over {
			w, pts, over, how = o.Winner, mg.Cube.Cube.Points(o), true, outcomeText(g, o)
		}
		if mg.Resigned > 0 {
			w, pts, over, how = mg.Winner, mg.Resigned, true, g.Players[1-mg.Winner].Name+" resigned"
		}
		score = mg.Cube.Start.Score
		if over {
			if how == "dropped the cube" {
				how = g.Players[1-w].Name + " dropped the cube"
			}
			fmt.Fprintf(s.out, "Game %d: %d moves, all legal; %s wins %d %s (%s).\n", i+1, mg.History.Len(), g.Players[w].Name, pts, plural(pts, "point"), how)
			score[w] += pts
		} else {
			fmt.Fprintf(s.out, "Game %d: %d moves, all legal; it goes on: %s to move.\n", i+1, mg.History.Len(), g.Players[pos.ToMove].Name)
		}
	}
	what := "Money games"
	if mat.Length > 0 {
		what = fmt.Sprintf("Match to %d", mat.Length)
	}
	fmt.Fprintf(s.out, "%s: %s %d, %s %d.\n", what, g.Players[0].Name, score[0], g.Players[1].Name, score[1])
	return nil
}

// writeMatFile writes games as a .mat file to path (- for the standard
// output), never over an existing file of another kind.
func writeMatFile(s *streams, g *interpreter.Game, path string, length int, names [2]string, games []records.MatGame) error {
	var buf bytes.Buffer
	if err := records.WriteMat(&buf, g, length, names, games); err != nil {
		return err
	}
	if path == "-" {
		_, err := s.out.Write(buf.Bytes())
		return err
	}
	if st, err := os.Stat(path); err == nil && !isMatPath(path) && st.Size() > 0 {
		return fmt.Errorf("%s exists and is not a .mat file; it is left alone (choose another file)", path)
	}
	if err := interpreter.WriteFileAtomic(path, buf.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "Wrote %d %s to %s.\n", len(games), plural(len(games), "game"), path)
	return nil
}
