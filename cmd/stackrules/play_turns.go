package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/session"
)

// A turn at the terminal: a person's lines (moves and commands), the AI's
// search, forced passes and hints.

// humanTurn reads lines until one is a move, then plays it; commands are
// answered on the way. It returns errLeave when the player leaves.
func (ss *terminalGame) humanTurn() error {
	if ss.shown != ss.h.Len() {
		ss.draw()
		pos := ss.h.Position()
		if legal := ss.g.LegalMoves(&pos, nil); onlyPass(legal) {
			if !ss.confirmPass && ss.g.HasDice() {
				return ss.forcedPass(&pos, legal[0])
			}
			ss.out("%s has no move and must pass: press Enter (or type pass).\n", ss.g.Players[pos.ToMove].Name)
		}
	}
	for {
		pos := ss.h.Position()
		legal := ss.g.LegalMoves(&pos, nil)
		prompt := ss.prompt()
		ss.out("%s", prompt)
		line, again, err := ss.readCommand()
		if err != nil {
			return err
		}
		if again {
			continue
		}
		if line == "" && onlyPass(legal) {
			line = "pass" // Enter passes when passing is all there is
		}
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
func (ss *terminalGame) handle(line string, pos *board.Position, legal []board.Move) (done bool, err error) {
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
		if name == "undo" && arg == "" && ss.undoStep() {
			return false, nil
		}
		return ss.command(name, arg, pos, legal)
	}
	if ss.g.HasDice() {
		return ss.handleDicePlay(line, pos, legal), nil
	}
	res := resolveMove(ss.g, pos, legal, line)
	if t := strings.TrimSpace(line); ss.followTyped && t != "" {
		ss.ro.Numeric = session.TypedNumeric(ss.g.Board, t)
	}
	if session.TypedNumeric(ss.g.Board, line) {
		// Typed in numbers (15-18): answered in numbers, not square names.
		num := func(s string) string { return session.NumericText(ss.g.Board, s) }
		res.msg, res.taken, res.square = num(res.msg), num(res.taken), num(res.square)
		for i := range res.listed {
			res.listed[i] = num(res.listed[i])
		}
	}
	switch {
	case res.ok:
		if res.taken != "" {
			ss.out("(%s)\n", res.taken)
		}
		if err := ss.sess.PlayMove(res.move); err != nil {
			ss.autosave() // the game as it was; the move is refused
			ss.out("%v\n", err)
			return false, nil
		}
		ss.autosave()
		return true, nil
	case res.listed != nil:
		ss.out("Moves from %s: %s\n", res.square, strings.Join(res.listed, " "))
	default:
		ss.out("%s\n", res.msg)
	}
	return false, nil
}

func (ss *terminalGame) command(name, arg string, pos *board.Position, legal []board.Move) (bool, error) {
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
		if ss.g.BackgammonBoard() {
			// GNU Backgammon's forms, with the cube and the match score.
			cs, ok := ss.sess.Cube()
			if !ok {
				cs = interpreter.Centred()
			}
			for _, f := range []string{"xgid", "gnubgid"} {
				if t, err := ss.g.FormatPositionCubeAs(pos, f, cs); err == nil {
					ss.out("%s\n", t)
				}
			}
		}
		if ss.g.PDNGameType() != 0 {
			if fen, err := records.FEN(ss.g, pos); err == nil {
				ss.out("FEN: %s\n", fen) // what draughts programs read; --position reads it too
			}
		}
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
		if err := ss.sess.CanResign(); err != nil {
			ss.out("%v.\n", err)
			return false, nil
		}
		yes, left := ss.confirmResign(pos)
		if left {
			return true, ss.leave("")
		}
		if !yes {
			ss.out("Play on, then.\n")
			return false, nil
		}
		if err := ss.sess.Resign(int(pos.ToMove)); err != nil {
			ss.out("%v\n", err)
			return false, nil
		}
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
func (ss *terminalGame) undo() bool {
	moves := append([]board.Move(nil), ss.h.Moves()...)
	n := ss.sess.Undo()
	if n == 0 {
		ss.out("Nothing to undo.\n")
		return false
	}
	var taken []string
	for _, m := range moves[len(moves)-n:] {
		taken = append(taken, ss.mv(m))
	}
	ss.out("Took back %s.\n", strings.Join(taken, " "))
	ss.autosave()
	ss.shown = -1
	return true
}

// redoMoves plays again what undo took back, up to the next person's turn.
func (ss *terminalGame) redoMoves() bool {
	if !ss.sess.CanRedo() {
		ss.out("Nothing to redo.\n")
		return false
	}
	var played []string
	for _, m := range ss.sess.Redo() {
		played = append(played, ss.mv(m))
	}
	ss.outcome() // a runtime error of the rules where the moves led is reported
	ss.out("Played again %s.\n", strings.Join(played, " "))
	ss.autosave()
	ss.shown = -1
	return true
}

// think runs a player's search with a spinner on a terminal; Ctrl-C makes
// it answer at once. leave reports a signal that should end the session.
func (ss *terminalGame) think(p aiPlayer, who string, pos *board.Position, what string, ctrlCMovesNow bool) (m board.Move, info ai.Info, now bool, leave os.Signal) {
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
	m, info = choose(ctx, p, who, ss.h, &searchPos)
	close(stop)
	<-watched
	if sp != nil {
		sp.clear()
	}
	return m, info, now, leave
}

// aiTurn lets an AI move.
func (ss *terminalGame) aiTurn() error {
	if ss.humans() == 0 && ss.shown != ss.h.Len() {
		ss.draw()
	}
	pos := ss.h.Position()
	st := ss.sess.Seats[pos.ToMove]
	name := ss.g.Players[pos.ToMove].Name
	movesNow := ss.interactive && ss.humans() > 0
	who := fmt.Sprintf("%s's AI (%s)", name, st)
	player := guardedPlayer(who, func() aiPlayer { return ss.sess.SeatPlayer(int(pos.ToMove), ss.seed*1000003+uint64(pos.ToMove)+1) })
	m, info, now, sig := ss.think(player, who, &pos, name+" thinks", movesNow)
	if info.Err != nil {
		return ss.failed(info.Err)
	}
	if sig != nil {
		ss.rs.stoppedBy = sig
		return ss.leave(fmt.Sprintf("\nStopped (%v) while %s was thinking.", sig, name))
	}
	if info.Legal == 0 {
		return fmt.Errorf("%s (%s) found no move in a game that is not over", name, st)
	}
	if err := ss.sess.PlayMove(m); err != nil {
		ss.autosave()
		return fmt.Errorf("%s (%s) chose an illegal move: %w", name, st, err)
	}
	lead := ""
	if now {
		lead = "Moving now: "
	}
	if m.Kind == board.Pass && info.Legal == 1 {
		if who, why := passWhy(ss.g, &pos); why != "" {
			ss.out("%s\n", wrapText(fmt.Sprintf("%s passes (%s pass): %s%s.", who, ss.moveNumber(ss.h.Len()-1), why, ss.rollsAgain(&pos)), 80, ""))
		} else {
			ss.out("%s has no move and passes (%s pass)\n", name, ss.moveNumber(ss.h.Len()-1))
		}
		ss.autosave()
		return nil
	}
	ss.out("%s%s plays %s %s (%s)\n", lead, name, ss.moveNumber(ss.h.Len()-1), ss.mv(m), evalText(ss.g, int(pos.ToMove), info))
	ss.autosave()
	return nil
}

// forcedPass plays a person's pass when there is nothing else, saying why
// (what stops each die, in a dice game).
func (ss *terminalGame) forcedPass(pos *board.Position, pass board.Move) error {
	name, why := passWhy(ss.g, pos)
	if why == "" {
		why = "no legal move"
	}
	if err := ss.sess.PlayMove(pass); err != nil {
		ss.autosave()
		ss.out("%v\n", err)
		return nil
	}
	ss.out("%s\n", wrapText(fmt.Sprintf("%s passes (%s pass): %s%s.", name, ss.moveNumber(ss.h.Len()-1), why, ss.rollsAgain(pos)), 80, ""))
	ss.autosave()
	return nil
}

// rollsAgain is "; and rolls again" when the pass just played at pos keeps
// the turn (a dice game's pass_again), "" otherwise.
func (ss *terminalGame) rollsAgain(pos *board.Position) string {
	if now := ss.h.Position(); now.ToMove == pos.ToMove && now.MidTurn() && !ss.h.Outcome().Over {
		return "; rolls again"
	}
	return ""
}

// passWhy is who passes at pos in a dice game, with the roll ("white with
// 31"), and why: what stops each die; "" for why in a game without dice.
func passWhy(g *interpreter.Game, pos *board.Position) (who, why string) {
	who = g.Players[pos.ToMove].Name
	if !g.HasDice() || !pos.Rolled() {
		return who, ""
	}
	why = "no die can be played"
	if r := passReasons(g, pos); len(r) > 0 {
		why = strings.Join(r, "; ")
	}
	roll := strconv.Itoa(int(pos.Dice[0]))
	if pos.Dice[1] != 0 {
		roll = board.RollString(int(pos.Dice[0]), int(pos.Dice[1]))
	}
	if pos.Bonus > 0 {
		return who + " with a bonus move of " + roll, why
	}
	return who + " with " + roll, why
}

// passReasons says what stops the dice at pos, in the rule file's words:
// each die tried on each of the mover's pieces, the distinct reasons the
// rules give (a few at most).
func passReasons(g *interpreter.Game, pos *board.Position) []string {
	me := int(pos.ToMove)
	track := g.Track(me)
	n, _ := g.DiceNotation()
	name := func(s int) string {
		switch {
		case s == 0:
			return n.Start
		case s >= len(track):
			return "off"
		case n.FromStart:
			return strconv.Itoa(s - 1)
		}
		return strconv.Itoa(len(track) - s)
	}
	var out []string
	dice := []int{int(pos.Dice[0])}
	if pos.Dice[1] != 0 && pos.Dice[1] != pos.Dice[0] {
		dice = append(dice, int(pos.Dice[1]))
	}
	for s, sq := range track {
		if st := pos.Cells[sq]; st == 0 || g.Board.TopOwner(st) != me {
			continue
		}
		for _, d := range dice {
			tries := []string{name(s) + "/" + name(min(s+d, len(track)))}
			if s == 0 {
				tries = append(tries, name(0)+"/"+name(1)) // a piece brought out onto the start square
			}
			for _, text := range tries {
				e := g.Explain(pos, text)
				if e.Legal || e.Problem == "" {
					continue
				}
				why := e.Problem
				if before, after, ok := strings.Cut(why, ": "); ok && strings.Contains(before, "/") {
					why = after // "bar/20 with the 5: that point is blocked" → the reason
				}
				if !slices.Contains(out, why) {
					out = append(out, why)
				}
			}
		}
	}
	// The rule file's words first; the bare conditions only without them.
	var worded []string
	for _, w := range out {
		if !strings.HasPrefix(w, "rule \"") && !strings.HasPrefix(w, "that is ") {
			worded = append(worded, w)
		}
	}
	if len(worded) > 0 {
		out = worded
	}
	return out[:min(len(out), 3)]
}

// onlyPass reports whether passing is the only legal move.
func onlyPass(legal []board.Move) bool { return len(legal) == 1 && legal[0].Kind == board.Pass }

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
func (ss *terminalGame) hint(pos *board.Position) error {
	sp, err := ai.ParseSpec(hintSpec)
	if err != nil {
		return err
	}
	p := newPlayer(ss.g, sp, ss.seed^0x9e3779b97f4a7c15+uint64(ss.h.Len()))
	m, info, _, sig := ss.think(p, "the hint's search", pos, "hint", ss.interactive)
	if sig != nil {
		ss.rs.stoppedBy = sig
		return ss.leave(fmt.Sprintf("\nStopped (%v).", sig))
	}
	if info.Err != nil {
		ss.out("No hint: %v\n", info.Err) // the game goes on
		return nil
	}
	if info.Legal == 0 {
		ss.out("No move to hint at.\n")
		return nil
	}
	mp, _ := p.(interface{ Last() ai.Result[board.Move] })
	if ss.g.HasDice() {
		// In the middle of a turn, the rest of the best play that begins
		// with the checkers moved so far.
		var ranked []board.Move
		if mp != nil {
			stats := slices.Clone(mp.Last().Moves)
			sort.SliceStable(stats, func(i, j int) bool { return stats[i].Visits > stats[j].Visits })
			for _, ms := range stats {
				ranked = append(ranked, ms.Move)
			}
		}
		if best, rest, ok := ss.partialHint(pos, m, ranked); ok {
			ss.out("Hint: %s (so far %s; the whole play %s)\n", rest, strings.Join(ss.turn.steps, " "), ss.mv(best))
			return nil
		}
	}
	line := fmt.Sprintf("Hint: %s (%s)", ss.mv(m), evalText(ss.g, int(pos.ToMove), info))
	if mp != nil {
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
