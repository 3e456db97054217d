package main

import (
	"context"
	"fmt"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// An AI that panics (a bug, or a limit no spec check caught) must not crash
// match or play: making a player and its search are run under recover, and
// a panic becomes the search's error (ai.Info.Err), which match reports with
// the game recorded as unfinished and play with the game saved, exit 1.
// A search's own worker goroutines (threads=N) are the ai package's to guard.

// aiPanic is a panic met in an AI, as an error.
type aiPanic struct {
	who   string // the AI, e.g. "blue's AI (mcts:hard)"
	value any
}

func (e *aiPanic) Error() string {
	return fmt.Sprintf("%s failed: %v (a bug in stackrules; please report it, with the command line)", e.who, e.value)
}

// recovered is the error for the panic value r: a rule file's runtime error
// stays itself, anything else is an aiPanic.
func recovered(who string, r any) error {
	if ee, ok := r.(*interpreter.EvalError); ok {
		return ee
	}
	return &aiPanic{who: who, value: r}
}

// failedPlayer is a player that could not be made: it answers every search
// with the error.
type failedPlayer struct{ err error }

func (f failedPlayer) Choose(context.Context, *interpreter.SearchPosition) (board.Move, ai.Info) {
	return board.Move{}, ai.Info{Err: f.err}
}

// aiPlayerHook, when set (by tests), replaces every AI player made.
var aiPlayerHook func(aiPlayer) aiPlayer

// guardedPlayer is make(), or a failedPlayer when making it panics.
func guardedPlayer(who string, make func() aiPlayer) (p aiPlayer) {
	defer func() {
		if r := recover(); r != nil {
			p = failedPlayer{recovered(who, r)}
		}
	}()
	p = make()
	if aiPlayerHook != nil && p != nil {
		p = aiPlayerHook(p)
	}
	return p
}

// choose is p's move at pos, the history h given for the repetition rule; a
// panic in the search comes back as info.Err.
func choose(ctx context.Context, p aiPlayer, who string, h *interpreter.History, pos *interpreter.SearchPosition) (m board.Move, info ai.Info) {
	defer func() {
		if r := recover(); r != nil {
			m, info = board.Move{}, ai.Info{Err: recovered(who, r)}
		}
	}()
	giveHistory(p, h)
	return p.Choose(ctx, pos)
}
