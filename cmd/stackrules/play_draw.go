package main

import (
	"fmt"
	"math"
	"strings"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
)

// drawMargin is how far from even (0.5) an AI's estimate of its own chances
// may be for it to accept a draw offer.
const drawMargin = 0.12

// offerDraw offers the opponent a draw: an AI accepts when its estimate of
// the game is close to even and declines otherwise, saying why; a person is
// asked. done is true when the draw was agreed.
func (ss *terminalGame) offerDraw(pos *board.Position) (done bool, err error) {
	if err := ss.sess.CanAgreeDraw(); err != nil {
		ss.out("%s.\n", capitalize(err.Error()))
		return false, nil
	}
	me := int(pos.ToMove)
	opp := 1 - me
	offerer, other := ss.g.Players[me].Name, ss.g.Players[opp].Name
	if ss.sess.Seats[opp].Human {
		ok, left := ss.ask(fmt.Sprintf("%s offers a draw. %s, do you accept? (y/n) ", offerer, other))
		if left {
			return true, ss.leave("")
		}
		if !ok {
			ss.out("%s declines the draw.\n", other)
			return false, nil
		}
		return true, ss.sess.AgreeDraw()
	}
	sp, err := ai.ParseSpec(hintSpec)
	if err != nil {
		return false, err
	}
	p := newPlayer(ss.g, sp, ss.seed^0x51ed27+uint64(ss.h.Len()))
	_, info, _, sig := ss.think(p, other+"'s AI", pos, other+" considers the draw", ss.interactive)
	if sig != nil {
		return true, ss.leave(fmt.Sprintf("\nStopped (%v).", sig))
	}
	if info.Err != nil {
		ss.out("%s cannot judge the draw: %v\n", other, info.Err) // the game goes on
		return false, nil
	}
	accept, why := drawAnswer(info, other)
	if !accept {
		ss.out("%s declines the draw: %s.\n", other, why)
		return false, nil
	}
	ss.out("%s accepts the draw: %s.\n", other, why)
	return true, ss.sess.AgreeDraw()
}

// capitalize is s with its first letter a capital, for a sentence.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// drawAnswer decides an AI's answer to a draw offer from its search of the
// position, the offerer to move: info.Value is the offerer's expected score.
func drawAnswer(info ai.Info, name string) (accept bool, why string) {
	switch {
	case info.Legal == 0:
		return false, "there is nothing to decide"
	case info.Proof == ai.Win:
		return false, "it has seen that " + name + " loses by force; the game will be played out"
	case info.Proof == ai.Loss:
		return false, "it has found a forced win for " + name
	case !info.HasValue:
		return false, "it has no estimate of the game"
	}
	mine := 1 - info.Value
	if math.Abs(mine-0.5) <= drawMargin {
		return true, fmt.Sprintf("it sees the game as about even (%.2f for %s)", mine, name)
	}
	if mine > 0.5 {
		return false, fmt.Sprintf("it thinks %s is ahead (%.2f for %s)", name, mine, name)
	}
	return false, fmt.Sprintf("it thinks %s is behind (%.2f for %s) but plays on", name, mine, name)
}

// confirmResign asks a person at a terminal before resigning; a script's
// resign is taken at its word.
func (ss *terminalGame) confirmResign(pos *board.Position) (resign, left bool) {
	if !ss.interactive {
		return true, false
	}
	return ss.ask(fmt.Sprintf("Resign the game as %s? (y/n) ", ss.g.Players[pos.ToMove].Name))
}

// ask puts a yes/no question and reads the answer; left is true when the
// input ended or a signal came.
func (ss *terminalGame) ask(question string) (yes, left bool) {
	ss.out("%s", question)
	for {
		ev, sig := ss.next()
		if sig != nil || ev.eof {
			ss.out("\n")
			return false, true
		}
		if !ss.interactive {
			ss.out("%s\n", ev.text)
		}
		switch strings.ToLower(strings.TrimSpace(ev.text)) {
		case "y", "yes":
			return true, false
		case "n", "no":
			return false, false
		}
		ss.out("Please answer y or n: ")
	}
}
