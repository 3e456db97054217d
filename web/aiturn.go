package web

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"time"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/session"
)

// The machine's turn: the dice at a chance position, then the AI of the
// seat to move, searching in a goroutine outside the game's lock. It starts
// when a game is changed or used (its state, its events, a move), never
// when the server loads it: a restart with many saved games does no work
// until someone looks. A failure (a search that panics, a rule file that
// fails, a move that cannot be saved) is shown as the game's last error and
// holds the machine's turn for aiRetryDelay, so it is not retried hot; a
// person's undo or resignation ends the hold.

// aiRetryDelay is how long the machine's turn waits after it failed.
const aiRetryDelay = time.Minute

// kickAILocked rolls the dice at a chance position and starts the AI's
// search when an AI is to move and none is searching. The caller holds
// lg.mu.
func (s *Server) kickAILocked(lg *liveGame) {
	if lg.closed || lg.thinking || s.ctx.Err() != nil || lg.atLimit(s) || s.opts.now().Before(lg.aiHold) {
		return
	}
	// The cube's decisions come before the roll; a double waits for a
	// person's answer.
	if !s.aiCubeLocked(lg) {
		return
	}
	// A chance position (a dice game's roll) is nobody's choice: the
	// session rolls the dice, and then a person or the AI plays them.
	if lg.sess.AtChance() && !lg.awaitsRoll() {
		mark := lg.sess.Mark()
		var rolled int
		if err := s.safely(lg, func() error { rolled = len(lg.sess.Settle()); return nil }); err != nil {
			lg.sess.Rewind(mark)
			s.machineFailed(lg, "the dice could not be rolled: "+err.Error())
			return
		}
		if rolled > 0 {
			if err := lg.commit(s, lg.rewind(mark)); err != nil {
				s.machineFailed(lg, "the roll of the dice was not played: "+err.Error())
				return
			}
		}
	}
	if lg.atLimit(s) || !lg.sess.AIToMove() {
		return
	}
	var th *session.Thinker
	err := s.safely(lg, func() (err error) { th, err = lg.sess.Thinker(rand.Uint64()); return err })
	if err != nil {
		s.machineFailed(lg, "the AI could not move: "+err.Error())
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.AITime)
	lg.thinking = true
	lg.cancelAI = cancel
	lg.aiRun++
	run := lg.aiRun
	lg.bump() // pages show that the AI thinks
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		m, err := s.search(ctx, lg, th)
		lg.mu.Lock()
		defer lg.mu.Unlock()
		s.aiMoved(lg, run, m, err)
	}()
}

// search waits for a search slot and runs the search; a panic in it is an
// error. A cancelled search still moves at once.
func (s *Server) search(ctx context.Context, lg *liveGame, th *session.Thinker) (m board.Move, err error) {
	err = s.safely(lg, func() error {
		select {
		case s.aiSem <- struct{}{}:
			defer func() { <-s.aiSem }()
		case <-ctx.Done():
		}
		var err error
		if s.opts.choose != nil {
			m, err = s.opts.choose(ctx, th)
		} else {
			m, _, err = th.Choose(ctx)
		}
		var ee *interpreter.EvalError
		if errors.As(err, &ee) {
			err = fmt.Errorf("the rule file failed: %w", err)
		}
		return err
	})
	return m, err
}

// aiMoved plays the move the AI chose, unless the game changed meanwhile
// (undone, resigned, let go) or the server is closing. The caller holds
// lg.mu.
func (s *Server) aiMoved(lg *liveGame, run int64, m board.Move, err error) {
	if lg.aiRun != run || lg.closed || s.ctx.Err() != nil {
		return
	}
	lg.thinking = false
	lg.cancelAI = nil
	if err != nil {
		s.machineFailed(lg, "the AI could not move: "+err.Error())
		return
	}
	mark := lg.sess.Mark()
	if err := s.safely(lg, func() error { return lg.sess.PlayMove(m) }); err != nil {
		lg.sess.Rewind(mark)
		s.machineFailed(lg, "the AI could not move: "+err.Error())
		return
	}
	if err := lg.commit(s, lg.rewind(mark)); err != nil {
		s.machineFailed(lg, "the AI's move was not played: "+err.Error())
		return
	}
	s.kickAILocked(lg) // the next AI, or the dice
}

// machineFailed shows why the machine's turn failed and holds it for
// aiRetryDelay. The caller holds lg.mu.
func (s *Server) machineFailed(lg *liveGame, msg string) {
	lg.lastError = msg
	lg.aiHold = s.opts.now().Add(aiRetryDelay)
	lg.bump()
}

// safely runs f, turning a panic into an error (logged with its stack):
// one game's failure never stops the server.
func (s *Server) safely(lg *liveGame, f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s.opts.Logf("game %s: panic: %v\n%s", lg.id, r, debug.Stack())
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	return f()
}

// stopAI cancels a running search, whose move will be dropped, and ends a
// hold after a failure: a person changed the game. The caller holds lg.mu.
func (lg *liveGame) stopAI() {
	if lg.cancelAI != nil {
		lg.cancelAI()
		lg.cancelAI = nil
	}
	lg.thinking = false
	lg.aiRun++
	lg.aiHold = time.Time{}
}
