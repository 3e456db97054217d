package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// panicky is a player whose searches panic after the first few.
type panicky struct {
	aiPlayer
	calls *int
	after int
}

func (p panicky) Choose(ctx context.Context, pos *interpreter.SearchPosition) (board.Move, ai.Info) {
	*p.calls++
	if *p.calls > p.after {
		panic("boom in the search")
	}
	return p.aiPlayer.Choose(ctx, pos)
}

// withPanickyAI makes every AI player panic after `after` searches in all
// (after < 0: when it is made).
func withPanickyAI(t *testing.T, after int) {
	calls := 0
	aiPlayerHook = func(p aiPlayer) aiPlayer {
		if after < 0 {
			panic("boom in the making")
		}
		return panicky{p, &calls, after}
	}
	t.Cleanup(func() { aiPlayerHook = nil })
}

// An AI that panics in match ends it with an error (exit 1), the game so
// far kept as unfinished; it does not crash (issue 31).
func TestMatchSurvivesAPanickingAI(t *testing.T) {
	for _, after := range []int{-1, 3} {
		withPanickyAI(t, after)
		dir := t.TempDir()
		code, _, errOut := playScript(t, "", "match", "liger", "--a", "random", "--b", "random", "--games", "2", "--records", dir)
		want := "boom in the search"
		if after < 0 {
			want = "the AI random failed: boom in the making"
		}
		if code != 1 || !strings.Contains(errOut, "game 1: ") || !strings.Contains(errOut, want) || !strings.Contains(errOut, "please report it") {
			t.Errorf("after %d: exit %d, stderr %q; want exit 1 and %q", after, code, errOut, want)
		}
		rec := readRecordFile(t, filepath.Join(dir, "game-001.txt"))
		if rec.Result != "*" || len(recordMoves(rec)) != max(after, 0) {
			t.Errorf("after %d: the unfinished game's record: result %s, moves %q", after, rec.Result, recordMoves(rec))
		}
	}
}

// In play, an AI that panics ends the session with an error (exit 1) and
// the game saved; a hint or a draw offer whose search panics says so and
// the game goes on.
func TestPlaySurvivesAPanickingAI(t *testing.T) {
	for _, after := range []int{-1, 0} {
		withPanickyAI(t, after)
		rec := filepath.Join(t.TempDir(), "game.txt")
		code, out, errOut := playScript(t, "c3-d4\n", "play", "liger", "--first", "human", "--second", "random", "--record", rec)
		if code != 1 || !strings.Contains(errOut, "blue's AI (random) failed: boom") || !strings.Contains(out, "Game saved to "+rec+"\nContinue it with: ") {
			t.Errorf("after %d: exit %d, stderr %q, output ends %q", after, code, errOut, tail(out, 3))
		}
		if got := recordMoves(readRecordFile(t, rec)); len(got) != 1 || got[0] != "c3-d4" {
			t.Errorf("after %d: record holds %q", after, got)
		}
	}
	withPanickyAI(t, -1)
	code, out, errOut := playScript(t, "hint\ndraw\nquit\n", "play", "stackers", "--first", "human", "--second", "random", "--record", filepath.Join(t.TempDir(), "g.txt"))
	if code != 0 || !strings.Contains(out, "No hint: the AI mcts:iterations=3000,time=1s failed: boom in the making") ||
		!strings.Contains(out, "white cannot judge the draw: the AI mcts:iterations=3000,time=1s failed: boom in the making") || !strings.Contains(out, "Game saved to") {
		t.Errorf("exit %d, stderr %q, output %q", code, errOut, tail(out, 12))
	}
}

// A player spec that used to make the AI panic (a playout cap it allocated
// for) is refused when it is read: a usage error naming the key and its
// range, in play and in match.
func TestSpecThatPanickedIsAUsageError(t *testing.T) {
	const spec = "mcts:iterations=10,playout=9223372036854775807"
	for _, args := range [][]string{
		{"play", "--second", spec},
		{"play", "liger", "--side", "blue=" + spec},
		{"match", "liger", "--a", spec},
		{"match", "liger", "--b", spec},
	} {
		code, out, errOut := playScript(t, "", args...)
		if code != 2 || !strings.Contains(errOut, "playout=9223372036854775807: at most 100000") || strings.Contains(out, "Game saved") {
			t.Errorf("%q: exit %d, stderr %.200q", args, code, errOut)
		}
	}
	if _, err := os.Stat("game-001.txt"); err == nil {
		t.Error("a record was written")
	}
}
