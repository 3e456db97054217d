package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/session"
	"github.com/urfave/cli/v2"
)

// `stackrules play`: a game between people and AIs at the terminal or in a
// pipe, with a record that is saved whatever happens.

const defaultOpponent = "mcts:medium"

// hintSpec is the short search behind `hint`.
const hintSpec = "mcts:iterations=3000,time=1s"

func playCommand(s *streams) *cli.Command {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "first", Usage: "who plays the first player: human or a player `SPEC`"},
		&cli.StringFlag{Name: "second", Usage: "who plays the second player: human or a player `SPEC`"},
	}
	for _, n := range builtinPlayerNames() {
		flags = append(flags, &cli.StringFlag{Name: n, Usage: fmt.Sprintf("who plays %s (games with a player %s): human or a player `SPEC`", n, n)})
	}
	flags = append(flags,
		&cli.GenericFlag{Name: "side", Value: &sideFlags{}, Usage: "`NAME=SPEC`: who plays the player NAME, for any rule file (repeatable)"},
		&cli.GenericFlag{Name: "seat", Value: &sideFlags{}, Usage: "`NAME=SPEC`: the same as --side (--seat red=human --seat green=mcts:hard ...)"},
		positionFlag, playersFlag,
		&cli.StringFlag{Name: "resume", Usage: "continue the game recorded in `FILE` (and keep recording there)"},
		&cli.StringFlag{Name: "record", Usage: "keep the record in `FILE` (default: stackrules-GAME-DATE-TIME.txt in the records folder; see stackrules games)"},
		&cli.BoolFlag{Name: "force", Usage: "with --resume: continue even though the rule file changed since the record was made; with --record: replace FILE even when it is not a record of this game"},
		&cli.BoolFlag{Name: "flip", Usage: "draw the board from the other side (default: from the human's side)"},
		&cli.BoolFlag{Name: "ascii", Usage: "draw with ASCII only (no Unicode box drawing)"},
		&cli.BoolFlag{Name: "no-color", Usage: "no colours (also when NO_COLOR is set)"},
		&cli.Uint64Flag{Name: "seed", Usage: "seed for the AI players and the dice (default: from the clock)"},
		&cli.StringFlag{Name: "dice", Value: "auto", Usage: "in a game with dice: `auto` (the program rolls them) or manual (type each roll, for real dice)"},
		&cli.BoolFlag{Name: "cube", Usage: "in a game with a doubling cube (cube: in its rule file): play a money game with it"},
		&cli.IntFlag{Name: "match", Usage: "in a game with a doubling cube: play a match to `N` points, game after game, with the cube and the Crawford rule"},
		&cli.BoolFlag{Name: "confirm-pass", Usage: "in a dice game, when you have no move, wait for Enter (or pass) rather than passing for you with a line that says why"},
		notationFlag,
	)
	return &cli.Command{
		Name:      "play",
		Usage:     "play a game at the terminal: you against the AI, two people, or two AIs",
		ArgsUsage: "[GAME]",
		Description: "GAME defaults to liger. Each side is `human` or a player spec; by default you\n" +
			"play first against " + defaultOpponent + ". Name sides by the game's player names\n" +
			"(--red/--blue in Liger, --black/--white in Stackers...), by --first/--second,\n" +
			"or by --side NAME=SPEC, which works for any rule file.\n\n" +
			"The record is saved after every move, at the end, on quit, at the end of the\n" +
			"input and on Ctrl-C; `play --resume FILE` continues it. When the input is not a\n" +
			"terminal, play reads one move or command per line.\n\n" +
			strings.TrimRight(helpText(false, nil), "\n") + "\n\n" + ai.SpecHelp() + "  human                 a person, at the prompt\n",
		Flags: flags,
		Action: func(c *cli.Context) error {
			return runPlay(c, s)
		},
	}
}

func runPlay(c *cli.Context, s *streams) error {
	var (
		g       *interpreter.Game
		h       *interpreter.History
		base    *records.Record
		variant string
		err     error
	)
	resume := c.String("resume")
	fromMat := false
	var resumedCube *records.CubeGame
	rs := &recordState{force: c.Bool("force")}
	defer func() { rs.file.release() }()
	if resume == "" && c.IsSet("record") {
		if resume, err = recordToContinue(c, c.String("record")); err != nil {
			return err
		}
	}
	if resume != "" {
		if c.IsSet("position") {
			return usagef("play: --resume continues a record from where it stopped; --position cannot be given with it")
		}
		// A .mat file is read, never written: the game goes on in a record
		// of this program's own (--record, else a new file).
		if fromMat = isMatPath(resume); !fromMat {
			if rs.file, err = claimRecord(resume); err != nil {
				return err
			}
		}
		g, h, base, variant, err = openRecord(c, resume, c.Bool("force"))
		if err != nil {
			return err
		}
		if base != nil && g.Cube() != nil {
			_, resumedCube, _ = records.ReplayCube(g, base)
		}
	} else {
		g, err = openGame(c, "liger")
		if err != nil {
			return err
		}
		variant = "liger"
		if c.NArg() == 1 {
			variant = c.Args().First()
		}
		start, err := position(c, g)
		if err != nil {
			return err
		}
		h = g.NewHistory(start)
	}
	seats, err := chooseSeats(c, g, base)
	if err != nil {
		return err
	}
	seed := c.Uint64("seed")
	if !c.IsSet("seed") {
		seed = uint64(time.Now().UnixNano())
	}
	var sess *session.Session
	if base != nil {
		sess, err = session.Resume(g, variant, seats, h, base)
	} else {
		sess, err = session.New(g, variant, seats, h.Start())
	}
	if err != nil {
		return err
	}
	if resumedCube != nil {
		sess.ContinueCube(resumedCube)
	}
	if c.IsSet("position") && g.Cube() != nil {
		// An XGID or a GNUbg ID carries the cube and the match score.
		if _, cs, err := g.ParsePositionCube(c.String("position")); err == nil && (cs.Length > 0 || cs.Value > 1 || cs.Owner >= 0 || c.Bool("cube")) {
			if c.IsSet("match") && c.Int("match") != cs.Length {
				return usagef("play: --match %d, but the position is of a match to %d", c.Int("match"), cs.Length)
			}
			sess.UseCube(cs)
		}
	}
	if c.Bool("cube") || c.IsSet("match") {
		if _, ok := sess.Cube(); !ok {
			if g.Cube() == nil {
				return usagef("play: %s has no doubling cube (no cube: in its rule file)", g.Name)
			}
			if c.Int("match") < 0 || c.Int("match") > 32767 {
				return usagef("play: --match is the match's length in points, 1 or more")
			}
			sess.UseCube(g.Cube().NewCube(c.Int("match"), [2]int{}, false))
		}
	}
	switch c.String("dice") {
	case "auto":
	case "manual":
		sess.ManualDice = true
	default:
		return usagef("play: --dice is auto or manual, not %q", c.String("dice"))
	}
	sess.SetDiceSeed(seed)
	interactive := inputIsTerminal(s.in)
	ss := &terminalGame{
		s: s, sess: sess, g: g, h: sess.History(), base: base,
		recPath: c.String("record"), interactive: interactive, seed: seed,
		shown:          -1,
		explicitRecord: c.IsSet("record") || resume != "", rs: rs,
		confirmPass: c.Bool("confirm-pass"),
	}
	rs.ruleFile = ruleFileOf(variant)
	if ss.recPath == "" && resume != "" && !fromMat {
		ss.recPath = resume
	}
	ss.ro = renderOpts{
		Color: wantColor(interactive, s.out, c.Bool("no-color")),
		ASCII: c.Bool("ascii"),
		Flip:  ss.defaultFlip() != c.Bool("flip"),
	}
	if ss.ro.Numeric, err = numericNotation(c, g); err != nil {
		return err
	}
	ss.followTyped = g.Board.Numbered() && strings.EqualFold(c.String("notation"), "auto")
	ss.ro.Numbers = ss.ro.Numeric
	if base != nil && base.Result != "*" && base.Result != "" {
		// A finished game: show how it ended and stop.
		ss.draw()
		fmt.Fprintf(s.out, "This game is over: %s (%s).\n", base.Result, orDash(base.Tag("Termination")))
		return nil
	}
	sigs, stop := notifySignals()
	defer stop()
	ss.sigs = sigs
	ss.lines = readLines(s.in)
	for {
		if err := ss.run(); err != nil || rs.stoppedBy != nil {
			if err == nil {
				err = signalStatus(rs.stoppedBy)
			}
			return err
		}
		next := ss.nextMatchGame()
		if next == nil {
			return nil
		}
		ss = next
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

var notWordChars = regexp.MustCompile(`[^a-z0-9]+`)

// defaultRecordPath is stackrules-GAME-DATE-TIME.txt in the records
// folder (see recordsDir), not taken yet.
func defaultRecordPath(variant string, t time.Time) string {
	base := strings.ToLower(filepath.Base(variant))
	base = strings.TrimSuffix(strings.TrimSuffix(base, ".yaml"), ".yml")
	base = notWordChars.ReplaceAllString(base, "-")
	base = strings.Trim(base, "-")
	if base == "" {
		base = "game"
	}
	stem := filepath.Join(defaultRecordFolder(), fmt.Sprintf("stackrules-%s-%s", base, t.Format("20060102-150405")))
	path := stem + ".txt"
	for i := 2; ; i++ {
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return path
		}
		path = fmt.Sprintf("%s-%d.txt", stem, i)
	}
}

// terminalGame is one game being played at the terminal: the game session
// (package session: history, undo and redo, seats, resignation and draws,
// the AI of each seat, the record) with the prompt, the board, the record
// file and the signals around it.
type terminalGame struct {
	s    *streams
	sess *session.Session
	g    *interpreter.Game    // sess.Game
	h    *interpreter.History // sess.History(), to read; moves go through sess
	base *records.Record      // the record resumed, nil for a new game
	ro   renderOpts
	// followTyped: --notation auto on a numbered board, so the notation
	// shown (moves, hints, the last move, the board's numbers) follows the
	// one the player types: numbers after 15-18, names after d4-e5.
	followTyped bool
	interactive bool
	lines       <-chan lineEvent
	sigs        <-chan os.Signal
	seed        uint64
	shown       int // h.Len() when the board was last drawn, -1 never

	recPath        string // "" until the first save picks the default
	autoPath       string // the default record path, when this session created it
	explicitRecord bool   // --record or --resume: save even without moves
	saveFailed     bool   // the last save failed (warned once)
	written        bool   // a record has been written by this session
	rs             *recordState
	turn           diceTurn // a dice game's play typed so far, one checker at a time
	confirmPass    bool     // a forced pass waits for Enter (--confirm-pass) instead of being played
}

// errLeave ends the session after the record is saved (or reported).
var errLeave = errors.New("leave")

func (ss *terminalGame) out(format string, args ...any) { fmt.Fprintf(ss.s.out, format, args...) }

func (ss *terminalGame) humans() int {
	n := 0
	for _, st := range ss.sess.Seats {
		if st.Human {
			n++
		}
	}
	return n
}

// defaultFlip draws the board from the human's side: flipped when the only
// human plays second.
func (ss *terminalGame) defaultFlip() bool {
	return ss.humans() == 1 && len(ss.sess.Seats) > 1 && ss.sess.Seats[1].Human
}

// labels say who plays each side, for the board's panel.
func (ss *terminalGame) labels() []string {
	out := make([]string, len(ss.sess.Seats))
	for i, st := range ss.sess.Seats {
		switch {
		case st.Human && ss.humans() == 1:
			out[i] = "you"
		case st.Human:
			out[i] = "human"
		default:
			out[i] = st.Spec.String()
		}
	}
	return out
}

// outcome is the result, a resignation or an agreed draw included. A runtime
// error in the rule file goes on as the panic it is (*interpreter.EvalError):
// a refused move is reported at the prompt, anything else ends the command
// with the error.
func (ss *terminalGame) outcome() interpreter.Outcome {
	o := ss.sess.Outcome()
	if err := ss.sess.Failed(); err != nil {
		panic(err)
	}
	return o
}

// moveNumber is how ply i (from 0) is numbered in a record: "3." or "3...".
func (ss *terminalGame) moveNumber(i int) string {
	if ss.g.HasDice() {
		return ss.turnNumber(i)
	}
	n := len(ss.g.Players)
	if i%n == 0 {
		return fmt.Sprintf("%d.", i/n+1)
	}
	return fmt.Sprintf("%d...", i/n+1)
}

func (ss *terminalGame) draw() {
	pos := ss.h.Position()
	v := boardView{Labels: ss.labels(), Cube: ss.cubeText()}
	if q, left, ok := ss.partial(); ok {
		// A turn typed a checker at a time: the board as it stands now.
		pos, v.Partial, v.Left = q, strings.Join(ss.turn.steps, " "), left
	}
	if n := ss.h.Len(); n > 0 {
		m := ss.h.Moves()[n-1]
		v.Last, v.LastNo = &m, ss.moveNumber(n-1)
	}
	if o := ss.outcome(); o.Over {
		v.Outcome = outcomeText(ss.g, o)
	}
	ss.out("\n%s\n", renderBoard(ss.g, &pos, v, ss.ro))
	ss.shown = ss.h.Len()
}

// run plays until the game ends or the player leaves.
func (ss *terminalGame) run() error {
	for {
		if o := ss.outcome(); o.Over {
			return ss.finish(o)
		}
		pos := ss.h.Position()
		var err error
		if err := ss.cubeStep(); errors.Is(err, errLeave) {
			return nil
		} else if err != nil {
			return err
		}
		if o := ss.outcome(); o.Over {
			return ss.finish(o)
		}
		if ss.sess.AtChance() {
			if err := ss.rollDice(); errors.Is(err, errLeave) {
				return nil
			} else if err != nil {
				return err
			}
			continue
		}
		if ss.sess.Seats[pos.ToMove].Human {
			err = ss.humanTurn()
		} else {
			err = ss.aiTurn()
		}
		if errors.Is(err, errLeave) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// record is the game so far as a record.
func (ss *terminalGame) record() *records.Record { return ss.sess.Record() }

// save writes the record to path (the session's record path when "").
func (ss *terminalGame) save(path string) (string, error) {
	if path == "" {
		if ss.recPath == "" {
			ss.recPath = defaultRecordPath(ss.sess.Variant, time.Now())
			ss.autoPath = ss.recPath
		}
		path = ss.recPath
	}
	force := ss.rs.forceOnce || (ss.rs.force && path == ss.recPath)
	ss.rs.forceOnce = false
	err := ss.writeRecord(path, []byte(ss.record().String()), force)
	if err == nil {
		ss.written = true
	}
	return path, err
}

// nothingToSave: no move played, nothing resigned, no record asked for or
// written, so leaving writes no file; or a resumed game that is as it was
// read, whose file is left untouched.
func (ss *terminalGame) nothingToSave() bool {
	return ss.sess.Unchanged() || ss.h.Len() == 0 && !ss.sess.EndedByPlayers() && !ss.explicitRecord && !ss.written
}

// autosave saves after every move, so that no crash loses the game; a
// failure is said once, and the game goes on.
func (ss *terminalGame) autosave() {
	path, err := ss.save("")
	switch {
	case err != nil && !ss.saveFailed:
		ss.out("warning: could not save the record to %s: %v (type save FILE to save elsewhere)\n", path, err)
		ss.saveFailed = true
	case err == nil && ss.saveFailed:
		ss.saveFailed = false
	}
}

// leave saves the record and says where, or, when it cannot be written,
// prints it so that it is not lost.
func (ss *terminalGame) leave(why string) error {
	if why != "" {
		ss.out("%s\n", why)
	}
	if ss.nothingToSave() {
		if ss.base != nil {
			ss.out("No move was played; %s is left as it was.\n", ss.recPath)
		} else {
			ss.out("No move was played; no record saved.\n")
		}
		return errLeave
	}
	path, err := ss.save("")
	if err != nil {
		fmt.Fprintf(ss.s.err, "stackrules: could not save the record to %s: %v\nHere it is:\n\n%s\n", path, err, ss.record().String())
		return fmt.Errorf("the record could not be saved (it is printed above)")
	}
	ss.out("Game saved to %s\nContinue it with: %s play --resume %s\n", path, selfCommand(ss.s.prog), shellQuote(path))
	return errLeave
}

// failed ends the session on an error that is not the player's (an AI that
// failed): the game is saved, and where is said, before the error is
// reported (exit 1).
func (ss *terminalGame) failed(err error) error {
	if ss.nothingToSave() {
		return err
	}
	path, serr := ss.save("")
	if serr != nil {
		fmt.Fprintf(ss.s.err, "stackrules: could not save the record to %s: %v\nHere it is:\n\n%s\n", path, serr, ss.record().String())
		return err
	}
	ss.out("Game saved to %s\nContinue it with: %s play --resume %s\n", path, selfCommand(ss.s.prog), shellQuote(path))
	return err
}

// finish shows how the game ended and saves it.
func (ss *terminalGame) finish(o interpreter.Outcome) error {
	ss.draw()
	ss.out("Game over: %s. Result %s.\n", outcomeText(ss.g, o), records.ResultText(ss.g, o))
	if cs, ok := ss.sess.Cube(); ok && cs.Value > 1 && o.Winner >= 0 && !ss.sess.CubeGame().Dropped() {
		pts := ss.sess.Points()
		ss.out("With the cube at %d, %s wins %d %s.\n", cs.Value, ss.g.Players[o.Winner].Name, pts, plural(pts, "point"))
	}
	if ss.nothingToSave() {
		return nil
	}
	path, err := ss.save("")
	if err != nil {
		fmt.Fprintf(ss.s.err, "stackrules: could not save the record to %s: %v\nHere it is:\n\n%s\n", path, err, ss.record().String())
		return fmt.Errorf("the record could not be saved (it is printed above)")
	}
	ss.out("Game saved to %s.\n", path)
	return nil
}

// next waits for a line of input or a signal.
func (ss *terminalGame) next() (lineEvent, os.Signal) {
	select {
	case ev, ok := <-ss.lines:
		if !ok {
			return lineEvent{eof: true}, nil
		}
		return ev, nil
	case sig := <-ss.sigs:
		return lineEvent{}, sig
	}
}

func (ss *terminalGame) prompt() string {
	pos := ss.h.Position()
	name := ss.g.Players[pos.ToMove].Name
	if ss.ro.Color {
		name = ss.ro.paint(name, "1")
	}
	return fmt.Sprintf("%s %s> ", ss.moveNumber(ss.h.Len()), name)
}

// confirmLeave asks, after Ctrl-C at the prompt, whether to leave.
func (ss *terminalGame) confirmLeave() bool {
	ss.out("\nLeave the game? It will be saved. (y/n) ")
	for {
		ev, sig := ss.next()
		if sig != nil || ev.eof {
			ss.out("\n")
			return true
		}
		switch strings.ToLower(strings.TrimSpace(ev.text)) {
		case "y", "yes":
			return true
		case "n", "no", "":
			return false
		}
		ss.out("Please answer y or n: ")
	}
}

// readCommand reads one line at a prompt already printed, trimmed. again
// is true after a Ctrl-C the player chose to stay after (print the prompt
// again); err is what leave returns when the game is left there (Ctrl-C
// confirmed, another signal, the end of the input).
func (ss *terminalGame) readCommand() (line string, again bool, err error) {
	ev, sig := ss.next()
	if sig != nil {
		if sig == os.Interrupt && ss.interactive {
			if ss.confirmLeave() {
				return "", false, ss.leave("")
			}
			return "", true, nil
		}
		ss.rs.stoppedBy = sig
		return "", false, ss.leave(fmt.Sprintf("\nStopped by a signal (%v).", sig))
	}
	if ev.eof {
		if ev.err != nil {
			return "", false, ss.leave(fmt.Sprintf("\nInput error: %v.", ev.err))
		}
		return "", false, ss.leave("\nEnd of input.")
	}
	if !ss.interactive {
		ss.out("%s\n", ev.text) // the transcript shows what was read
	}
	return strings.TrimSpace(ev.text), false, nil
}
