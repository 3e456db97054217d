package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/urfave/cli/v2"
)

func replayCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "check a game record (or a PDN file) move by move and print the final position; --show every position, --step walk it, --pdn convert it",
		ArgsUsage: "FILE",
		Description: "FILE - reads the record from the standard input.\n" +
			"The game is the record's [Variant] (a built-in name or a rule file's path) unless\n" +
			"--game names it. The first illegal move is reported with its number and line, and\n" +
			"the exit status is then 1.\n" +
			"A PDN file (draughts) may hold many games: each is replayed, a line says why for\n" +
			"each that fails, then a summary; --json prints a JSON object a game instead, and\n" +
			"--game N picks the Nth game. Without [GameType] a PDN game is English checkers.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "show", Usage: "print the position after every move"},
			&cli.StringFlag{Name: "game", Usage: "check against `GAME` (a built-in name or a rule file) instead of the record's; a number N picks the Nth game of a PDN file of many"},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON object a game, a line each: game, ok, error, plies, final (the position, as --position reads it), moves, tags"},
			&cli.BoolFlag{Name: "force", Usage: "check the moves even though the rule file changed since the record was made"},
			&cli.BoolFlag{Name: "flip", Usage: "draw the board from the second player's side"},
			&cli.BoolFlag{Name: "ascii", Usage: "draw with ASCII only"},
			&cli.BoolFlag{Name: "no-color", Usage: "no colours (also when NO_COLOR is set)"},
			&cli.BoolFlag{Name: "step", Usage: "walk through the game: Enter or forward, back, start, end, a move number, quit"},
			&cli.StringFlag{Name: "pdn", Usage: "write the game as PDN to `FILE` (- for the standard output), for other draughts programs"},
			&cli.StringFlag{Name: "mat", Usage: "write the game (or the games of a .mat file) as a .mat match file to `FILE` (- for the standard output), for GNU Backgammon's import mat"},
			notationFlag,
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("replay takes one record FILE")
			}
			path := c.Args().First()
			var data []byte
			var err error
			if path == "-" {
				if c.Bool("step") {
					return usagef("replay: --step reads its commands from the standard input, so the record cannot come from there too; name the record's FILE")
				}
				path = "standard input"
				if data, err = io.ReadAll(io.LimitReader(s.in, records.MaxPDNSize+1)); err != nil {
					return fmt.Errorf("%s: %v", path, err)
				}
			} else if data, err = interpreter.ReadLimited(path, records.MaxPDNSize, "record"); err != nil {
				return err
			}
			if records.IsMat(data) {
				return replayMat(s, c, path, data)
			}
			// --game names the game, or with a number picks one game of a
			// file of many (PDN).
			gameName, pick := "", 0
			if c.IsSet("game") {
				if n, nerr := strconv.Atoi(strings.TrimSpace(c.String("game"))); nerr == nil {
					pick = n
				} else {
					gameName = c.String("game")
				}
			}
			rec, perr := records.Parse(bytes.NewReader(data))
			if perr == nil && len(data) > interpreter.MaxRecordSize {
				perr = fmt.Errorf("the record is larger than %s, the most a record may be", interpreter.SizeText(interpreter.MaxRecordSize))
			}
			if perr != nil || rec.Tag("Variant") == "" {
				if done, err := replayPDNFile(s, c, path, data, gameName, pick, perr); done {
					return err
				}
			}
			if perr != nil {
				return fmt.Errorf("%s: %v", path, perr)
			}
			if pick > 1 {
				return usagef("--game %d: %s holds one game", pick, path)
			}
			variant := rec.Tag("Variant")
			if gameName != "" {
				variant = gameName
			}
			if variant == "" {
				return fmt.Errorf("%s: the record does not say which game it is (no [Variant] tag); name it with --game", path)
			}
			var g *interpreter.Game
			if gameName != "" {
				g, err = openNamed(variant)
				if err != nil {
					return fmt.Errorf("%s: the game %q: %w", path, variant, err)
				}
			} else if g, err = openRecordGame(path, variant); err != nil {
				return err
			}
			if g, err = records.ForRecord(g, rec); err != nil {
				return fmt.Errorf("%s: %v", path, err)
			}
			if err := records.CheckRules(g, rec); err != nil {
				if !c.Bool("force") {
					return fmt.Errorf("%s: %v; use --force to check its moves anyway", path, err)
				}
				fmt.Fprintf(s.err, "warning: %s: %v\n", path, err)
			}
			h, rerr := records.Replay(g, rec)
			return replayShow(s, c, path, g, rec, h, rerr, false)
		},
	}
}

// replayShow prints a replayed game as replay does: every position
// (--show), the walk (--step) or the conversion (--pdn), else the final
// position, the moves' count and the result. pdn: the record is a PDN game,
// whose result may be a resignation or an agreed draw without [Termination].
func replayShow(s *streams, c *cli.Context, path string, g *interpreter.Game, rec *records.Record, h *interpreter.History, rerr error, pdn bool) error {
	var err error
	ro := renderOpts{Color: wantColor(true, s.out, c.Bool("no-color")), ASCII: c.Bool("ascii"), Flip: c.Bool("flip")}
	if ro.Numeric, err = numericNotation(c, g); err != nil {
		return err
	}
	if h == nil {
		return fmt.Errorf("%s: %v", path, rerr)
	}
	positions := h.Positions()
	moves := h.Moves()
	start := h.Start()
	number := func(i int) string { // as the record numbers it
		n, first := records.MoveNumber(g, &start, moves, i)
		if first {
			return fmt.Sprintf("%d.", n)
		}
		return fmt.Sprintf("%d...", n)
	}
	view := func(i int) boardView {
		v := boardView{}
		if i > 0 {
			m := moves[i-1]
			v.Last, v.LastNo = &m, number(i-1)
		}
		return v
	}
	if c.Bool("show") {
		for i := range positions {
			if i == 0 {
				fmt.Fprintf(s.out, "Start\n")
			} else {
				fmt.Fprintf(s.out, "%s %s\n", number(i-1), moveText(g, moves[i-1], ro.Numeric))
			}
			fmt.Fprintf(s.out, "%s\n", renderBoard(g, &positions[i], view(i), ro))
		}
	}
	if rerr != nil {
		return fmt.Errorf("%s: %s", path, replayErrorText(g, h, rerr))
	}
	if c.IsSet("pdn") {
		return writePDN(s, g, h, rec, c.String("pdn"))
	}
	var cube *records.CubeGame // the doubling cube's actions, in a game with one
	if !pdn && g.Cube() != nil {
		_, cube, _ = records.ReplayCube(g, rec)
	}
	if c.IsSet("mat") {
		length := 0
		if cube != nil {
			length = cube.Start.Length
		}
		names := [2]string{rec.Tag(records.TagKey(g, 0)), rec.Tag(records.TagKey(g, 1))}
		return writeMatFile(s, g, c.String("mat"), length, names, []records.MatGame{{History: h, Cube: cube}})
	}
	if c.Bool("step") {
		return stepThrough(s, g, h, ro, number)
	}
	o := h.Outcome()
	if pdn {
		o = records.PDNOutcome(h)
	}
	last := len(positions) - 1
	if w, pts, over := cube.Over(); over {
		fmt.Fprintf(s.out, "%s\n", renderBoard(g, &positions[last], view(last), ro))
		fmt.Fprintf(s.out, "%d %s, all legal.\n", h.Len(), plural(h.Len(), "move"))
		fmt.Fprintf(s.out, "Result: %s wins %d %s: %s.\n", g.Players[w].Name, pts, plural(pts, "point"), rec.Tag("Termination"))
		return nil
	}
	if !c.Bool("show") {
		v := view(last)
		if o.Over {
			v.Outcome = outcomeText(g, o)
		}
		fmt.Fprintf(s.out, "%s\n", renderBoard(g, &positions[last], v, ro))
	}
	fmt.Fprintf(s.out, "%d %s, all legal.\n", h.Len(), plural(h.Len(), "move"))
	fmt.Fprintf(s.out, "Position: %s\n", g.FormatPosition(&positions[last]))
	if fen, err := records.FEN(g, &positions[last]); pdn && err == nil {
		fmt.Fprintf(s.out, "FEN: %s\n", fen)
	}
	computed := records.ResultText(g, o)
	check := records.CheckResult
	if pdn {
		check = records.CheckPDNResult
	}
	if err := check(g, rec, o); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	switch {
	case o.Over && cube != nil && cube.Cube.Value > 1 && o.Winner >= 0:
		// The rule file's points are the win's worth; the cube multiplies them.
		pts := cube.Cube.Points(o)
		fmt.Fprintf(s.out, "Result: %s, %s; with the cube at %d, %s wins %d %s.\n", computed, outcomeText(g, o), cube.Cube.Value, g.Players[o.Winner].Name, pts, plural(pts, "point"))
	case o.Over:
		fmt.Fprintf(s.out, "Result: %s, %s.\n", computed, outcomeText(g, o))
	case rec.Result != "*" && pdn:
		fmt.Fprintf(s.out, "Result: %s (%s).\n", rec.Result, records.PDNEnding(g, rec, h))
	case rec.Result != "*":
		fmt.Fprintf(s.out, "Result: %s (%s).\n", rec.Result, orDash(rec.Tag("Termination")))
	default:
		fmt.Fprintf(s.out, "The game goes on: %s to move.\n", g.Players[positions[last].ToMove].Name)
	}
	return nil
}
