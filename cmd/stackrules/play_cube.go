package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/session"
)

// The doubling cube at the terminal (play --cube for a money game, --match
// N for a match): before each roll the player on roll who may double is
// asked `roll or double`; a player doubled is asked `take or drop`. The
// AI's seats decide by its cube advice and say what they did.

// cubeStep runs the cube's part of the turn before the roll. It returns
// errLeave when the player leaves.
func (ss *terminalGame) cubeStep() error {
	sess := ss.sess
	if _, ok := sess.Cube(); !ok {
		return nil
	}
	for {
		before := len(sess.CubeGame().Events)
		sess.CubeTurn()
		for i := before; i < len(sess.CubeGame().Events); i++ {
			ss.sayCube(i)
		}
		if ss.outcome().Over {
			return nil
		}
		pos := ss.h.Position()
		var prompt, help string
		switch {
		case sess.Offered() && ss.sess.Seats[1-int(pos.ToMove)].Human:
			cs, _ := sess.Cube()
			prompt = fmt.Sprintf("%s doubles to %d. %s: take or drop", ss.g.Players[pos.ToMove].Name, cs.Value*2, ss.g.Players[1-pos.ToMove].Name)
			help = "take: play on with the cube doubled, and yours; drop: lose the game now, at the cube's value before the double"
		case !sess.Offered() && sess.MayDouble() == "" && ss.sess.Seats[pos.ToMove].Human:
			prompt = fmt.Sprintf("%s %s: roll or double", ss.moveNumber(ss.h.Len()), ss.g.Players[pos.ToMove].Name)
			help = "Enter or roll: roll the dice; double: offer the cube before rolling"
		default:
			return nil
		}
		ss.out("%s> ", prompt)
		line, again, err := ss.readCommand()
		if err != nil {
			return err
		}
		if again {
			continue
		}
		switch line {
		case "", "roll", "r":
			if sess.Offered() {
				ss.out("Answer the double first: take or drop.\n")
				continue
			}
			return nil
		case "double", "d":
			err = sess.Double()
			if err == nil {
				ss.sayCube(len(sess.CubeGame().Events) - 1)
			}
		case "take", "t":
			if err = sess.Take(false); err == nil {
				ss.sayCube(len(sess.CubeGame().Events) - 1)
			}
		case "beaver":
			if err = sess.Take(true); err == nil {
				ss.sayCube(len(sess.CubeGame().Events) - 1)
			}
		case "drop", "pass", "p":
			if err = sess.Drop(); err == nil {
				ss.sayCube(len(sess.CubeGame().Events) - 1)
			}
		case "board":
			ss.draw()
		case "quit":
			return ss.leave("")
		case "help":
			ss.out("%s; board, quit.\n", help)
		default:
			ss.out("%q: %s.\n", line, help)
		}
		if err != nil {
			ss.out("%v\n", err)
			continue
		}
		ss.autosave()
		if ss.outcome().Over {
			return nil
		}
	}
}

// sayCube says what the game's i-th cube action did.
func (ss *terminalGame) sayCube(i int) {
	cg := ss.sess.CubeGame()
	value := cg.ValueBefore(i)
	e := cg.Events[i]
	name := ss.g.Players[e.Player].Name
	other := ss.g.Players[1-e.Player].Name
	switch e.Action {
	case interpreter.Double:
		ss.out("%s doubles: the cube to %d.\n", name, 2*value)
	case interpreter.Take:
		ss.out("%s takes: the cube is at %d, %s's.\n", name, 2*value, name)
	case interpreter.Beaver:
		ss.out("%s beavers: the cube is at %d, %s's.\n", name, 4*value, name)
	case interpreter.Drop:
		ss.out("%s drops: %s wins %d %s.\n", name, other, value, plural(value, "point"))
	}
}

// nextMatchGame is the next game of a match whose game just ended (nil when
// the game was left unfinished, was not of a match, or won the match), with
// the score said; its record goes to a file of its own.
func (ss *terminalGame) nextMatchGame() *terminalGame {
	cs, ok := ss.sess.Cube()
	o := ss.outcome()
	if !ok || cs.Length == 0 || !o.Over || o.Winner < 0 {
		return nil
	}
	start := ss.sess.CubeGame().Start
	score := start.Score
	score[o.Winner] += ss.sess.Points()
	g := ss.g
	ss.out("Score: %s %d, %s %d (match to %d).\n", g.Players[0].Name, score[0], g.Players[1].Name, score[1], cs.Length)
	nextCube, over := g.Cube().NextGame(start, o.Winner, ss.sess.Points())
	if over {
		ss.out("%s wins the match.\n", g.Players[o.Winner].Name)
		return nil
	}
	sess, err := newSessionLike(ss, nextCube)
	if err != nil {
		ss.out("%v\n", err)
		return nil
	}
	next := *ss
	next.sess, next.h, next.base = sess, sess.History(), nil
	next.recPath = nextRecordPath(ss.recPath)
	if ss.recPath == ss.autoPath {
		next.recPath, next.autoPath = "", ""
	}
	next.rs = &recordState{force: ss.rs.force, ruleFile: ss.rs.ruleFile}
	next.written, next.shown, next.saveFailed = false, -1, false
	if c := sess.CubeGame().Start; c.Crawford {
		ss.out("Next game: the Crawford game (no doubling).\n")
	} else {
		ss.out("Next game.\n")
	}
	return &next
}

// newSessionLike starts the next game of ss's match: the same game, seats
// and dice, with cube cs.
func newSessionLike(ss *terminalGame, cs interpreter.CubeState) (*session.Session, error) {
	old := ss.sess
	sess, err := session.New(old.Game, old.Variant, old.Seats, old.Game.Start())
	if err != nil {
		return nil, err
	}
	sess.ManualDice = old.ManualDice
	ss.seed++
	sess.SetDiceSeed(ss.seed)
	return sess, sess.UseCube(cs)
}

// nextRecordPath is the record file of a match's next game: the default
// path for a game saved to the default, else FILE-g2.txt after FILE.txt,
// FILE-g3.txt after FILE-g2.txt.
func nextRecordPath(path string) string {
	if path == "" {
		return ""
	}
	ext := filepath.Ext(path)
	stem := strings.TrimSuffix(path, ext)
	n := 2
	if i := strings.LastIndex(stem, "-g"); i >= 0 {
		if k, err := strconv.Atoi(stem[i+2:]); err == nil {
			stem, n = stem[:i], k+1
		}
	}
	return fmt.Sprintf("%s-g%d%s", stem, n, ext)
}

// cubeText is the cube and the match score beside the board: "cube 2,
// white's; match to 5: 1-3", "" without a cube.
func (ss *terminalGame) cubeText() string {
	cs, ok := ss.sess.Cube()
	if !ok {
		return ""
	}
	text := fmt.Sprintf("cube %d, centred", cs.Value)
	if cs.Owner >= 0 {
		text = fmt.Sprintf("cube %d, %s's", cs.Value, ss.g.Players[cs.Owner].Name)
	}
	switch {
	case cs.Crawford:
		text = fmt.Sprintf("match to %d: %d-%d, Crawford game", cs.Length, cs.Score[0], cs.Score[1])
	case cs.Length > 0:
		text += fmt.Sprintf("; match to %d: %d-%d", cs.Length, cs.Score[0], cs.Score[1])
	}
	return text
}
