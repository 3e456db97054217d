package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/variants"
	"github.com/urfave/cli/v2"
	"go.yaml.in/yaml/v3"
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
		positionFlag,
		&cli.StringFlag{Name: "resume", Usage: "continue the game recorded in `FILE` (and keep recording there)"},
		&cli.StringFlag{Name: "record", Usage: "keep the record in `FILE` (default: stackrules-GAME-DATE-TIME.txt in the records folder; see stackrules games)"},
		&cli.BoolFlag{Name: "force", Usage: "with --resume: continue even though the rule file changed since the record was made; with --record: replace FILE even when it is not a record of this game"},
		&cli.BoolFlag{Name: "flip", Usage: "draw the board from the other side (default: from the human's side)"},
		&cli.BoolFlag{Name: "ascii", Usage: "draw with ASCII only (no Unicode box drawing)"},
		&cli.BoolFlag{Name: "no-color", Usage: "no colours (also when NO_COLOR is set)"},
		&cli.Uint64Flag{Name: "seed", Usage: "seed for the AI players (default: from the clock)"},
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
			strings.TrimRight(helpText(false), "\n") + "\n\n" + ai.SpecHelp() + "  human                 a person, at the prompt\n",
		Flags: flags,
		Action: func(c *cli.Context) error {
			return runPlay(c, s)
		},
	}
}

// builtinPlayerNames are the player names of the built-in games, each the
// name of a flag. They are read from the embedded rule files, so a new
// built-in game brings its own flags.
func builtinPlayerNames() []string {
	seen := map[string]bool{}
	var names []string
	for _, v := range variants.Names() {
		data, _ := variants.Source(v)
		var doc struct {
			Players yaml.Node `yaml:"players"`
		}
		if yaml.Unmarshal(data, &doc) != nil || doc.Players.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i < len(doc.Players.Content); i += 2 {
			n := strings.ToLower(doc.Players.Content[i].Value)
			if !seen[n] && !reservedFlag[n] && flagName.MatchString(n) {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	return names
}

var flagName = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// reservedFlag are play's own flags, which no player name may shadow.
var reservedFlag = map[string]bool{"first": true, "second": true, "side": true, "position": true, "p": true,
	"resume": true, "record": true, "force": true, "flip": true, "ascii": true, "no-color": true, "seed": true, "help": true, "h": true, "notation": true}

// sideFlags is the value of --side, repeatable; a spec may hold commas.
type sideFlags struct{ items []string }

func (f *sideFlags) Set(v string) error { f.items = append(f.items, v); return nil }
func (f *sideFlags) String() string     { return strings.Join(f.items, " ") }

// seat is who plays one side.
type seat struct {
	human  bool
	spec   ai.Spec
	player aiPlayer
}

// tag is how the seat is written in a record.
func (st seat) tag() string {
	if st.human {
		return "human"
	}
	return st.spec.String()
}

// parseSeat reads "human" or a player spec.
func parseSeat(flag, text string) (seat, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "human" || t == "you" || t == "me" || t == "person" {
		return seat{human: true}, nil
	}
	sp, err := ai.ParseSpec(text)
	if err != nil {
		return seat{}, usagef("%s: %v (or human)\n%s", flag, err, ai.SpecHelp())
	}
	return seat{spec: sp}, nil
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
		if rs.file, err = claimRecord(resume); err != nil {
			return err
		}
		g, h, base, variant, err = openRecord(c, resume, c.Bool("force"))
		if err != nil {
			return err
		}
		rs.baseMoves = append([]board.Move(nil), h.Moves()...)
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
	for i := range seats {
		if !seats[i].human {
			seats[i].player = newPlayer(g, seats[i].spec, seed*1000003+uint64(i)+1)
		}
	}
	interactive := inputIsTerminal(s.in)
	ss := &session{
		s: s, g: g, variant: variant, h: h, seats: seats, base: base,
		recPath: c.String("record"), interactive: interactive, seed: seed,
		resigned: -1, shown: -1, date: time.Now().Format("2006.01.02"),
		explicitRecord: c.IsSet("record") || resume != "", rs: rs,
	}
	rs.ruleFile = ruleFileOf(variant)
	if ss.recPath == "" && resume != "" {
		ss.recPath = resume
	}
	if base != nil && base.Tag("Date") != "" {
		ss.date = base.Tag("Date")
	}
	ss.ro = renderOpts{
		Color: wantColor(interactive, s.out, c.Bool("no-color")),
		ASCII: c.Bool("ascii"),
		Flip:  ss.defaultFlip() != c.Bool("flip"),
	}
	if ss.ro.Numeric, err = numericNotation(c, g); err != nil {
		return err
	}
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
	if err := ss.run(); err != nil || rs.stoppedBy == nil {
		return err
	}
	return signalStatus(rs.stoppedBy)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// openRecord loads a record to resume: its game (the GAME argument, else the
// record's Variant tag), the rules check and the moves, replayed.
func openRecord(c *cli.Context, path string, force bool) (*interpreter.Game, *interpreter.History, *records.Record, string, error) {
	rec, err := readRecord(path)
	if err != nil {
		return nil, nil, nil, "", err
	}
	variant := rec.Tag("Variant")
	if c.NArg() > 1 {
		return nil, nil, nil, "", usagef("play takes one GAME, not %d arguments", c.NArg())
	}
	if c.NArg() == 1 {
		variant = c.Args().First()
	}
	if variant == "" {
		return nil, nil, nil, "", fmt.Errorf("%s: the record does not say which game it is (no [Variant] tag); name it: stackrules play --resume %s GAME", path, path)
	}
	var g *interpreter.Game
	if c.NArg() == 1 {
		g, err = interpreter.Open(variant)
	} else {
		g, err = openRecordGame(path, variant)
	}
	if err != nil {
		return nil, nil, nil, "", fmt.Errorf("%w (name the rule file: stackrules play --resume %s GAME)", err, path)
	}
	if err := records.CheckRules(g, rec); err != nil {
		if !force {
			return nil, nil, nil, "", fmt.Errorf("%s: %v; its moves may no longer be legal. Use --force to try anyway", path, err)
		}
		fmt.Fprintf(c.App.ErrWriter, "warning: %s: %v\n", path, err)
	}
	h, err := records.Replay(g, rec)
	if err != nil {
		return nil, nil, nil, "", fmt.Errorf("%s: %s", path, replayErrorText(g, h, err))
	}
	if err := records.CheckResult(g, rec, h.Outcome()); err != nil {
		return nil, nil, nil, "", fmt.Errorf("%s: %v", path, err)
	}
	return g, h, rec, variant, nil
}

// readRecord reads and parses a record file; errors name the file and line.
func readRecord(path string) (*records.Record, error) {
	return readRecordBytes(path)
}

// replayErrorText says which record move is illegal and why, in one line.
func replayErrorText(g *interpreter.Game, h *interpreter.History, err error) string {
	var re *records.ReplayError
	if !errors.As(err, &re) || h == nil {
		return err.Error()
	}
	pos := h.Position()
	why := reasonOf(g.Explain(&pos, re.Move))
	if o := h.Outcome(); o.Over {
		why = "the game was already over (" + outcomeText(g, o) + ")"
	}
	return fmt.Sprintf("line %d: move %d (%s, %s to play) is illegal: %s", re.Line, re.Ply, re.Move, g.Players[pos.ToMove].Name, why)
}

// reasonOf is why a move is not legal, without the move itself.
func reasonOf(e interpreter.Explanation) string {
	if e.Problem != "" || len(e.Checks) == 0 {
		if e.Problem == "" {
			return "not a legal move here"
		}
		return e.Problem
	}
	parts := make([]string, len(e.Checks))
	for i, c := range e.Checks {
		parts[i] = c.Rule + ": " + c.Reason
	}
	return strings.Join(parts, "; ")
}

// chooseSeats decides who plays each side: the flags, else the record being
// resumed, else the defaults (a person first, the AI after; when the flags
// name only AIs, the first side left is the person).
func chooseSeats(c *cli.Context, g *interpreter.Game, base *records.Record) ([]seat, error) {
	n := len(g.Players)
	seats := make([]seat, n)
	given := make([]string, n) // the flag that set each side
	set := func(flag string, i int, value string) error {
		if given[i] != "" && given[i] != "record" {
			return usagef("play: %s is given twice (%s and %s)", g.Players[i].Name, given[i], flag)
		}
		st, err := parseSeat(flag, value)
		if err != nil {
			return err
		}
		seats[i], given[i] = st, flag
		return nil
	}
	players := make([]string, n)
	for i, p := range g.Players {
		players[i] = p.Name
	}
	index := func(name string) int {
		for i, p := range g.Players {
			if strings.EqualFold(p.Name, name) {
				return i
			}
		}
		return -1
	}
	if base != nil {
		for i := range g.Players {
			if st, err := parseSeat("", base.Tag(records.TagKey(g, i))); err == nil {
				seats[i], given[i] = st, "record"
			}
		}
	}
	for i, f := range []string{"first", "second"} {
		if c.IsSet(f) {
			if i >= n {
				return nil, usagef("play: %s has only %d players", g.Name, n)
			}
			if err := set("--"+f, i, c.String(f)); err != nil {
				return nil, err
			}
		}
	}
	for _, name := range builtinPlayerNames() {
		if !c.IsSet(name) {
			continue
		}
		i := index(name)
		if i < 0 {
			return nil, usagef("play: %s has no player %q (its players: %s); --first, --second and --side NAME=SPEC work for any game",
				g.Name, name, strings.Join(players, ", "))
		}
		if err := set("--"+name, i, c.String(name)); err != nil {
			return nil, err
		}
	}
	if sf, ok := c.Generic("side").(*sideFlags); ok {
		for _, item := range sf.items {
			name, spec, ok := strings.Cut(item, "=")
			if !ok {
				return nil, usagef("play: --side %q: want NAME=SPEC, like --side %s=human", item, players[0])
			}
			i := index(strings.TrimSpace(name))
			switch strings.ToLower(strings.TrimSpace(name)) {
			case "first":
				i = 0
			case "second":
				i = 1
			}
			if i < 0 || i >= n {
				return nil, usagef("play: --side %s: %s has no player %q (its players: %s)", item, g.Name, strings.TrimSpace(name), strings.Join(players, ", "))
			}
			if err := set("--side "+item, i, spec); err != nil {
				return nil, err
			}
		}
	}
	humanGiven := false
	for i := range seats {
		if given[i] != "" && seats[i].human {
			humanGiven = true
		}
	}
	for i := range seats {
		if given[i] != "" {
			continue
		}
		if !humanGiven {
			seats[i] = seat{human: true}
			humanGiven = true
			continue
		}
		sp, _ := ai.ParseSpec(defaultOpponent)
		seats[i] = seat{spec: sp}
	}
	return seats, nil
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

// session is one game being played.
type session struct {
	s           *streams
	g           *interpreter.Game
	variant     string
	h           *interpreter.History
	redo        []board.Move // moves taken back, the next to redo last
	seats       []seat
	base        *records.Record // the record resumed, whose other tags are kept
	date        string
	ro          renderOpts
	interactive bool
	lines       <-chan lineEvent
	sigs        <-chan os.Signal
	seed        uint64
	resigned    int  // the player who resigned, -1
	drawAgreed  bool // both players agreed to a draw
	shown       int  // h.Len() when the board was last drawn, -1 never

	recPath        string // "" until the first save picks the default
	autoPath       string // the default record path, when this session created it
	explicitRecord bool   // --record or --resume: save even without moves
	saveFailed     bool   // the last save failed (warned once)
	written        bool   // a record has been written by this session
	rs             *recordState
	dice           *rand.Rand // rolls a dice game's dice, made on first use from seed
}

// errLeave ends the session after the record is saved (or reported).
var errLeave = errors.New("leave")

func (ss *session) out(format string, args ...any) { fmt.Fprintf(ss.s.out, format, args...) }

func (ss *session) humans() int {
	n := 0
	for _, st := range ss.seats {
		if st.human {
			n++
		}
	}
	return n
}

// defaultFlip draws the board from the human's side: flipped when the only
// human plays second.
func (ss *session) defaultFlip() bool {
	return ss.humans() == 1 && len(ss.seats) > 1 && ss.seats[1].human
}

// labels say who plays each side, for the board's panel.
func (ss *session) labels() []string {
	out := make([]string, len(ss.seats))
	for i, st := range ss.seats {
		switch {
		case st.human && ss.humans() == 1:
			out[i] = "you"
		case st.human:
			out[i] = "human"
		default:
			out[i] = st.spec.String()
		}
	}
	return out
}

// outcome is the result, a resignation included.
func (ss *session) outcome() interpreter.Outcome {
	if ss.resigned >= 0 {
		w := -1
		if len(ss.g.Players) == 2 {
			w = 1 - ss.resigned
		}
		return interpreter.Outcome{Over: true, Winner: w, Reason: ss.g.Players[ss.resigned].Name + " resigned"}
	}
	if ss.drawAgreed {
		return agreedDraw
	}
	return ss.h.Outcome()
}

// moveNumber is how ply i (from 0) is numbered in a record: "3." or "3...".
func (ss *session) moveNumber(i int) string {
	n := len(ss.g.Players)
	if i%n == 0 {
		return fmt.Sprintf("%d.", i/n+1)
	}
	return fmt.Sprintf("%d...", i/n+1)
}

func (ss *session) draw() {
	pos := ss.h.Position()
	v := boardView{Labels: ss.labels()}
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
func (ss *session) run() error {
	for {
		if o := ss.outcome(); o.Over {
			return ss.finish(o)
		}
		pos := ss.h.Position()
		var err error
		if ss.g.IsChance(&pos) {
			if err := ss.roll(&pos); err != nil {
				return err
			}
			continue
		}
		if ss.seats[pos.ToMove].human {
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
func (ss *session) record() *records.Record {
	names := make([]string, len(ss.seats))
	for i, st := range ss.seats {
		names[i] = st.tag()
	}
	rec := records.New(ss.g, ss.h, ss.variant, names, ss.date)
	if ss.resigned >= 0 || ss.drawAgreed {
		o := ss.outcome()
		rec.Result = records.ResultText(ss.g, o)
		rec.SetTag("Result", rec.Result)
		rec.SetTag("Termination", o.Reason)
	}
	ss.keepFromBase(rec)
	return rec
}

// save writes the record to path (the session's record path when "").
func (ss *session) save(path string) (string, error) {
	if path == "" {
		if ss.recPath == "" {
			ss.recPath = defaultRecordPath(ss.variant, time.Now())
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
func (ss *session) nothingToSave() bool {
	return ss.unchanged() || ss.h.Len() == 0 && ss.resigned < 0 && !ss.drawAgreed && !ss.explicitRecord && !ss.written
}

// autosave saves after every move, so that no crash loses the game; a
// failure is said once, and the game goes on.
func (ss *session) autosave() {
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
func (ss *session) leave(why string) error {
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
	ss.out("Game saved to %s\nContinue it with: stackrules play --resume %s\n", path, path)
	return errLeave
}

// finish shows how the game ended and saves it.
func (ss *session) finish(o interpreter.Outcome) error {
	ss.draw()
	ss.out("Game over: %s. Result %s.\n", outcomeText(ss.g, o), records.ResultText(ss.g, o))
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
func (ss *session) next() (lineEvent, os.Signal) {
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

func (ss *session) prompt() string {
	pos := ss.h.Position()
	name := ss.g.Players[pos.ToMove].Name
	if ss.ro.Color {
		name = ss.ro.paint(name, "1")
	}
	return fmt.Sprintf("%s %s> ", ss.moveNumber(ss.h.Len()), name)
}

// confirmLeave asks, after Ctrl-C at the prompt, whether to leave.
func (ss *session) confirmLeave() bool {
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

// humanTurn reads lines until one is a move, then plays it; commands are
// answered on the way. It returns errLeave when the player leaves.
func (ss *session) humanTurn() error {
	if ss.shown != ss.h.Len() {
		ss.draw()
		pos := ss.h.Position()
		if legal := ss.g.LegalMoves(&pos, nil); len(legal) == 1 && legal[0].Kind == board.Pass {
			ss.out("%s has no move and must pass: type pass.\n", ss.g.Players[pos.ToMove].Name)
		}
	}
	for {
		pos := ss.h.Position()
		legal := ss.g.LegalMoves(&pos, nil)
		prompt := ss.prompt()
		ss.out("%s", prompt)
		ev, sig := ss.next()
		if sig != nil {
			if sig == os.Interrupt && ss.interactive {
				if ss.confirmLeave() {
					return ss.leave("")
				}
				continue
			}
			ss.rs.stoppedBy = sig
			return ss.leave(fmt.Sprintf("\nStopped by a signal (%v).", sig))
		}
		if ev.eof {
			if ev.err != nil {
				return ss.leave(fmt.Sprintf("\nInput error: %v.", ev.err))
			}
			return ss.leave("\nEnd of input.")
		}
		if !ss.interactive {
			ss.out("%s\n", ev.text) // the transcript shows what was read
		}
		line := strings.TrimSpace(ev.text)
		if line == "" {
			continue
		}
		done, err := ss.handle(line, &pos, legal)
		if done || err != nil {
			return err
		}
	}
}

// handle answers one line at the prompt; done means the turn is over (a
// move, undo, redo, resign) and the game loop decides what comes next.
func (ss *session) handle(line string, pos *board.Position, legal []board.Move) (done bool, err error) {
	defer func() {
		r := recover()
		if ee, ok := r.(*interpreter.EvalError); ok {
			ss.autosave()
			ss.out("%v\n", ee)
			done, err = false, nil
		} else if r != nil {
			ss.out("internal error on %q: %v (the game is kept; please report this)\n", line, r)
			done, err = false, nil
		}
	}()
	if name, arg, ok := splitCommand(line); ok {
		return ss.command(name, arg, pos, legal)
	}
	res := resolveMove(ss.g, pos, legal, line)
	switch {
	case res.ok:
		if res.taken != "" {
			ss.out("(%s)\n", res.taken)
		}
		if err := ss.h.Play(res.move); err != nil {
			ss.autosave() // the game as it was; the move is refused
			ss.out("%v\n", err)
			return false, nil
		}
		ss.redo = nil
		ss.autosave()
		return true, nil
	case res.listed != nil:
		ss.out("Moves from %s: %s\n", res.square, strings.Join(res.listed, " "))
	default:
		ss.out("%s\n", res.msg)
	}
	return false, nil
}

func (ss *session) command(name, arg string, pos *board.Position, legal []board.Move) (bool, error) {
	if arg != "" && name != "save" && name != "help" {
		ss.out("%s takes nothing after it (type help for the commands)\n", name)
		return false, nil
	}
	switch name {
	case "help":
		ss.help(arg)
	case "moves":
		ss.out("%d %s:\n", len(legal), plural(len(legal), "legal move"))
		for _, l := range moveList(ss.g, legal, 78, ss.ro.Numeric) {
			ss.out("%s\n", l)
		}
	case "board":
		ss.draw()
	case "flip":
		ss.ro.Flip = !ss.ro.Flip
		ss.draw()
	case "position":
		ss.out("%s\n", ss.g.FormatPosition(pos))
	case "hint":
		return false, ss.hint(pos)
	case "undo":
		return ss.undo(), nil
	case "redo":
		return ss.redoMoves(), nil
	case "save":
		arg, ss.rs.forceOnce = saveArg(arg)
		path, err := ss.save(arg)
		if err != nil {
			ss.out("could not save to %s: %v\n", path, err)
			return false, nil
		}
		ss.out("Saved to %s.\n", path)
		if arg != "" && arg != ss.recPath {
			// The record lives in FILE from now on; the file this session
			// made under the default name goes.
			if ss.autoPath != "" && ss.autoPath == ss.recPath {
				if os.Remove(ss.autoPath) == nil {
					ss.out("(%s, saved automatically until now, is removed.)\n", ss.autoPath)
				}
			}
			ss.recPath, ss.autoPath = arg, ""
			ss.explicitRecord = true
		}
	case "resign":
		yes, left := ss.confirmResign(pos)
		if left {
			return true, ss.leave("")
		}
		if !yes {
			ss.out("Play on, then.\n")
			return false, nil
		}
		ss.resigned = int(pos.ToMove)
		return true, nil
	case "draw":
		return ss.offerDraw(pos)
	case "quit":
		return true, ss.leave("")
	}
	return false, nil
}

// undo takes back moves up to and including the last one a person played,
// so that against an AI the person is to move again.
func (ss *session) undo() bool {
	positions := ss.h.Positions()
	last := -1
	for i := ss.h.Len() - 1; i >= 0; i-- {
		if ss.seats[positions[i].ToMove].human {
			last = i
			break
		}
	}
	if last < 0 {
		ss.out("Nothing to undo.\n")
		return false
	}
	moves := ss.h.Moves()
	var taken []string
	for ss.h.Len() > last {
		m := moves[ss.h.Len()-1]
		taken = append([]string{ss.mv(m)}, taken...)
		ss.redo = append(ss.redo, m)
		ss.h.Undo()
	}
	ss.out("Took back %s.\n", strings.Join(taken, " "))
	ss.autosave()
	ss.shown = -1
	return true
}

// redoMoves plays again what undo took back, up to the next person's turn.
func (ss *session) redoMoves() bool {
	if len(ss.redo) == 0 {
		ss.out("Nothing to redo.\n")
		return false
	}
	var played []string
	for len(ss.redo) > 0 {
		m := ss.redo[len(ss.redo)-1]
		if err := ss.h.Play(m); err != nil {
			ss.redo = nil
			break
		}
		ss.redo = ss.redo[:len(ss.redo)-1]
		played = append(played, ss.mv(m))
		pos := ss.h.Position()
		if ss.seats[pos.ToMove].human || ss.outcome().Over {
			break
		}
	}
	ss.out("Played again %s.\n", strings.Join(played, " "))
	ss.autosave()
	ss.shown = -1
	return true
}

// think runs a player's search with a spinner on a terminal; Ctrl-C makes
// it answer at once. leave reports a signal that should end the session.
func (ss *session) think(p aiPlayer, pos *board.Position, what string, ctrlCMovesNow bool) (m board.Move, info ai.Info, now bool, leave os.Signal) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var sp *spinner
	ps, canReport := p.(progressSetter)
	if ss.interactive && isTerminal(ss.s.out) && canReport {
		sp = newSpinner(ss.s.out, ss.g, what, ss.ro.ASCII, ss.ro.Color)
		ps.SetProgress(sp.progress)
		defer ps.SetProgress(nil)
	}
	stop := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case sig := <-ss.sigs:
			if sig == os.Interrupt && ctrlCMovesNow {
				now = true
			} else {
				leave = sig
			}
			cancel()
		case <-stop:
		}
	}()
	// The search sees the quiet plies played so far, for the draw rule.
	searchPos := interpreter.SearchPosition{Position: *pos, Quiet: ss.h.SearchPosition().Quiet}
	giveHistory(p, ss.h)
	m, info = p.Choose(ctx, &searchPos)
	close(stop)
	<-watched
	if sp != nil {
		sp.clear()
	}
	return m, info, now, leave
}

// aiTurn lets an AI move.
func (ss *session) aiTurn() error {
	if ss.humans() == 0 && ss.shown != ss.h.Len() {
		ss.draw()
	}
	pos := ss.h.Position()
	st := ss.seats[pos.ToMove]
	name := ss.g.Players[pos.ToMove].Name
	movesNow := ss.interactive && ss.humans() > 0
	m, info, now, sig := ss.think(st.player, &pos, name+" thinks", movesNow)
	if err := ss.g.SearchErr(); err != nil {
		ss.autosave()
		return err
	}
	if sig != nil {
		ss.rs.stoppedBy = sig
		return ss.leave(fmt.Sprintf("\nStopped (%v) while %s was thinking.", sig, name))
	}
	if info.Legal == 0 {
		return fmt.Errorf("%s (%s) found no move in a game that is not over", name, st.tag())
	}
	if err := ss.h.Play(m); err != nil {
		ss.autosave()
		return fmt.Errorf("%s (%s) chose an illegal move: %w", name, st.tag(), err)
	}
	ss.redo = nil
	lead := ""
	if now {
		lead = "Moving now: "
	}
	ss.out("%s%s plays %s %s (%s)\n", lead, name, ss.moveNumber(ss.h.Len()-1), ss.mv(m), evalText(ss.g, int(pos.ToMove), info))
	ss.autosave()
	return nil
}

// evalText is the AI's view of its move: its value for the mover, the
// search behind it.
func evalText(g *interpreter.Game, mover int, info ai.Info) string {
	var parts []string
	switch {
	case info.Legal == 1:
		return "the only move" // whatever the search did, nothing was chosen
	case info.Proof == ai.Win:
		parts = append(parts, "a forced win for "+g.Players[mover].Name)
	case info.Proof == ai.Loss:
		parts = append(parts, "every move loses for "+g.Players[mover].Name)
	case info.HasValue:
		parts = append(parts, fmt.Sprintf("value %.2f for %s", info.Value, g.Players[mover].Name))
	}
	if info.Iterations > 0 {
		parts = append(parts, fmt.Sprintf("%d iterations", info.Iterations))
	}
	parts = append(parts, roundDuration(info.Elapsed).String())
	return strings.Join(parts, ", ")
}

// hint asks a short search for a move.
func (ss *session) hint(pos *board.Position) error {
	sp, err := ai.ParseSpec(hintSpec)
	if err != nil {
		return err
	}
	p := newPlayer(ss.g, sp, ss.seed^0x9e3779b97f4a7c15+uint64(ss.h.Len()))
	m, info, _, sig := ss.think(p, pos, "hint", ss.interactive)
	if sig != nil {
		ss.rs.stoppedBy = sig
		return ss.leave(fmt.Sprintf("\nStopped (%v).", sig))
	}
	if info.Legal == 0 {
		ss.out("No move to hint at.\n")
		return nil
	}
	line := fmt.Sprintf("Hint: %s (%s)", ss.mv(m), evalText(ss.g, int(pos.ToMove), info))
	if mp, ok := p.(*ai.MCTSPlayer[interpreter.SearchPosition, board.Move]); ok {
		var alt []string
		for _, ms := range mp.Last().Moves {
			if ms.Move != m && len(alt) < 3 && ms.Visits > 0 {
				alt = append(alt, ss.mv(ms.Move))
			}
		}
		if len(alt) > 0 {
			line += "; also " + strings.Join(alt, ", ")
		}
	}
	ss.out("%s\n", line)
	return nil
}

// roll rolls the dice at chance node pos and says what was rolled.
func (ss *session) roll(pos *board.Position) error {
	if ss.dice == nil {
		ss.dice = rand.New(rand.NewPCG(ss.seed, uint64(ss.h.Len())))
	}
	m := ss.g.RandomRoll(pos, ss.dice)
	if err := ss.h.Play(m); err != nil {
		return err
	}
	ss.redo = nil
	if pos.Opening {
		ss.out("Opening roll %s: %s starts.\n", ss.g.MoveString(m), ss.g.Players[ss.h.Position().ToMove].Name)
	} else {
		ss.out("%s rolls %s.\n", ss.g.Players[pos.ToMove].Name, ss.g.MoveString(m))
	}
	return nil
}
