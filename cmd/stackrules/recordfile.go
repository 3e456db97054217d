package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/variants"
	"github.com/urfave/cli/v2"
)

// The files `play` writes belong to the user: a record is written only to a
// new file, to the record this session holds (locked against a second
// `play` on it, and checked unchanged since this session last read or wrote
// it), to an earlier record of this same game, or, with --force, over
// another file; never over the rule file in play.

// recordState is what a session knows about the files around its record.
type recordState struct {
	file      *recordFile // the record file this session holds, nil before the first save
	ruleFile  string      // the rule file in play; "" for a built-in game
	force     bool        // --force: the --record file may be replaced even when it is not a record of this game
	forceOnce bool        // save --force FILE: that file may be replaced
	stoppedBy os.Signal   // the signal that ended the session
}

// recordFile is a record file held by this session.
type recordFile struct {
	path string
	lock *recordLock
	seen fs.FileInfo // the file as this session last read or wrote it; nil: it did not exist
}

// claimRecord locks path for this session and notes the file as it is now.
// A temporary file left beside it by a killed save is removed.
func claimRecord(path string) (*recordFile, error) {
	target, err := interpreter.ResolveSymlinks(path)
	if err != nil {
		return nil, err
	}
	lock, err := lockRecord(path, target)
	if err != nil {
		return nil, err
	}
	if err := os.Remove(interpreter.TempPath(target)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		lock.release()
		return nil, err
	}
	rf := &recordFile{path: path, lock: lock}
	if st, err := os.Stat(path); err == nil {
		rf.seen = st
	}
	return rf, nil
}

// write saves data unless the file changed since this session last read or
// wrote it: then another program wrote it, and replacing it would lose that.
func (rf *recordFile) write(data []byte) error {
	st, err := os.Stat(rf.path)
	switch {
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	case err == nil && rf.seen == nil:
		return fmt.Errorf("%s was created by another program while this game was played; it is left alone (save FILE saves elsewhere)", rf.path)
	case err == nil && (!os.SameFile(st, rf.seen) || !st.ModTime().Equal(rf.seen.ModTime()) || st.Size() != rf.seen.Size()):
		return fmt.Errorf("%s was changed by another program (at %s) since this game read or saved it; it is left alone (save FILE saves elsewhere)", rf.path, st.ModTime().Format("15:04:05"))
	}
	if err := interpreter.WriteFileAtomic(rf.path, data); err != nil {
		return err
	}
	if st, err := os.Stat(rf.path); err == nil {
		rf.seen = st
	}
	return nil
}

func (rf *recordFile) release() {
	if rf != nil && rf.lock != nil {
		rf.lock.release()
		rf.lock = nil
	}
}

// writeRecord saves the record to path, taking that file for this session
// when it is not the one it holds (the first save, or `save FILE`).
func (ss *terminalGame) writeRecord(path string, data []byte, force bool) error {
	rf := ss.rs.file
	if rf == nil || !samePath(rf.path, path) {
		if err := ss.mayReplace(path, force); err != nil {
			return err
		}
		var err error
		if rf, err = claimRecord(path); err != nil {
			return err
		}
		if err := rf.write(data); err != nil {
			rf.release()
			return err
		}
		ss.rs.file.release()
		ss.rs.file = rf
		return nil
	}
	return rf.write(data)
}

// samePath says whether a and b name one file (or, when neither exists,
// the same name).
func samePath(a, b string) bool {
	if a == b {
		return true
	}
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

// mayReplace says whether this session may write its record to path, which
// is not the file it holds: a new file, or a record of this game whose moves
// this game continues; with force any other file; never the rule file.
func (ss *terminalGame) mayReplace(path string, force bool) error {
	if ss.rs.ruleFile != "" && samePath(path, ss.rs.ruleFile) {
		return fmt.Errorf("%s is the rule file of the game in play; a record is never written over it (choose another file)", path)
	}
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file; a record cannot be written there", path)
	}
	if force {
		return nil
	}
	why := "it is not a game record"
	if rec, err := readRecord(path); err == nil && rec.Tag("Game") != "" {
		why = ss.continues(rec)
		if why == "" {
			return nil
		}
	}
	return fmt.Errorf("%s already exists and %s; choose another file, or replace it with --force (in the game: save --force FILE)", path, why)
}

// continues says why rec is not an earlier state of this game ("" when it
// is: same game, same rules, same start, its moves a beginning of ours).
func (ss *terminalGame) continues(rec *records.Record) string {
	g := ss.g
	if rec.Tag("Game") != g.Name || records.CheckRules(g, rec) != nil || recordPlayersOf(rec, g) != len(g.Players) {
		return "it is the record of another game"
	}
	h, err := records.Replay(g, rec)
	if err != nil {
		return "its moves are not legal in this game"
	}
	start := h.Start()
	mine := ss.h.Start()
	if start != mine {
		return "it is a game from another start position"
	}
	ours := ss.h.Moves()
	theirs := h.Moves()
	if len(theirs) > len(ours) {
		return "it holds moves this game does not have"
	}
	for i := range theirs {
		if theirs[i] != ours[i] {
			return "its moves differ from this game's"
		}
	}
	return ""
}

// saveArg reads the argument of the save command: FILE, with --force
// (or -f) before or after it to replace a file that is not this game's.
func saveArg(arg string) (path string, force bool) {
	var rest []string
	for _, w := range strings.Fields(arg) {
		if w == "--force" || w == "-f" {
			force = true
			continue
		}
		rest = append(rest, w)
	}
	return strings.Join(rest, " "), force
}

// recordToContinue decides what `play --record FILE` does with a FILE that
// exists: with --force it is replaced at the first save; else a record of
// this game is continued (its path is returned, to be resumed) and another
// file refused. The rule file in play is always refused.
func recordToContinue(c *cli.Context, path string) (string, error) {
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	variant := "liger"
	if c.NArg() == 1 {
		variant = c.Args().First()
	}
	if rf := ruleFileOf(variant); rf != "" {
		if rst, err := os.Stat(rf); err == nil && os.SameFile(st, rst) {
			return "", fmt.Errorf("%s is the rule file of the game in play; a record is never written over it (choose another --record FILE)", path)
		}
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s is not a regular file; a record cannot be written there", path)
	}
	if c.Bool("force") {
		return "", nil // replaced at the first save, whatever it holds
	}
	why := "it is not a game record"
	if rec, err := readRecord(path); err == nil && rec.Tag("Game") != "" {
		g, err := interpreter.Open(variant)
		if err != nil {
			return "", err
		}
		if rec.Tag("Game") == g.Name && records.CheckRules(g, rec) == nil {
			if c.IsSet("position") {
				return "", usagef("play: %s is a record of this game, which --record continues; --position cannot be given with it", path)
			}
			return path, nil
		}
		why = "it is the record of another game"
	}
	return "", fmt.Errorf("%s already exists and %s; choose another --record FILE, or replace it with --force", path, why)
}

// ruleFileOf is the rule file behind a game named on the command line or in
// a record, "" for a built-in game.
func ruleFileOf(variant string) string {
	if _, ok := variants.Source(variant); ok {
		return ""
	}
	return variant
}

// openRecordGame loads the game a record names in its [Variant] tag: a
// built-in, or a rule file (a regular file of bounded size). The record's
// author chose that path, so when the file does not load, what is in it is
// not repeated in the message: it may not be a rule file at all.
func openRecordGame(recPath, variant string) (*interpreter.Game, error) {
	g, err := interpreter.Open(variant)
	if err == nil {
		return g, nil
	}
	var ds interpreter.Diagnostics
	if errors.As(err, &ds) {
		return nil, fmt.Errorf("%s: the record's game %q is not a rule file that loads (%d problems; check it with: stackrules lint %s)", recPath, variant, len(ds), variant)
	}
	return nil, fmt.Errorf("%s: the record's game %q: %w", recPath, variant, err)
}

// readRecordBytes reads a record file: a regular file of bounded size.
func readRecordBytes(path string) (*records.Record, error) {
	data, err := interpreter.ReadLimited(path, interpreter.MaxRecordSize, "record")
	if err != nil {
		return nil, err
	}
	rec, err := records.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return rec, nil
}

// exitStatus ends the program with a status of its own, after a message.
type exitStatus struct {
	code int
	msg  string
}

func (e exitStatus) Error() string { return e.msg }

// signalStatus is how a session stopped by a signal ends: after saving, with
// the shell's status for that signal (130 for SIGINT, 143 for SIGTERM), so a
// script sees the game did not end by itself.
func signalStatus(sig os.Signal) error {
	code := 1
	if s, ok := sig.(syscall.Signal); ok {
		code = 128 + int(s)
	}
	return exitStatus{code: code, msg: fmt.Sprintf("stopped by a signal (%v)", sig)}
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
	if err == nil {
		g, err = records.ForRecord(g, rec)
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
	if strings.Contains(re.Err.Error(), "ambiguous") {
		why = re.Err.Error()
	}
	if re.Number != "" { // a PDN game: its move numbers
		return fmt.Sprintf("line %d: move %s %s (%s to play) is illegal: %s", re.Line, re.Number, re.Move, g.Players[pos.ToMove].Name, why)
	}
	return fmt.Sprintf("line %d: move %d (%s, %s to play) is illegal: %s", re.Line, re.Ply, re.Move, g.Players[pos.ToMove].Name, why)
}

// reasonOf is why a move is not legal, without the move itself (in the
// rule file's words where it has some).
func reasonOf(e interpreter.Explanation) string {
	if why := e.Why(); why != "" {
		return why
	}
	return "not a legal move here"
}
