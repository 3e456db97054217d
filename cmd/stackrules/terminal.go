package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// What play needs from the terminal: lines of input that can be waited on
// together with signals, whether colour is wanted, and a spinner.

// lineEvent is one line of input, or the end of it.
type lineEvent struct {
	text string
	eof  bool
	err  error
}

// readLines reads r line by line into a channel, so that the player's turn
// can wait for a line and a signal at once. The goroutine ends at the end of
// the input; on a terminal it may stay blocked in a read until the program
// exits, which is harmless.
func readLines(r io.Reader) <-chan lineEvent {
	ch := make(chan lineEvent, 64)
	go func() {
		br := bufio.NewReader(r)
		for {
			text, err := br.ReadString('\n')
			if text != "" {
				ch <- lineEvent{text: strings.TrimRight(text, "\r\n")}
			}
			if err != nil {
				if err == io.EOF {
					err = nil
				}
				ch <- lineEvent{eof: true, err: err}
				close(ch)
				return
			}
		}
	}()
	return ch
}

// notifySignals delivers Ctrl-C (and the signals that end a session: the
// terminal closing, a kill) to the returned channel until stop is called.
// Tests replace it to send their own.
var notifySignals = func() (<-chan os.Signal, func()) {
	ch := make(chan os.Signal, 4)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	return ch, func() { signal.Stop(ch) }
}

// inputIsTerminal says whether a person types the input (prompts, Ctrl-C
// asks before leaving) or a script does. Tests replace it.
var inputIsTerminal = func(in io.Reader) bool { return isTerminal(in) }

// wantColor: ANSI colour only on a terminal, and never when NO_COLOR is set
// (https://no-color.org) or the terminal is dumb.
func wantColor(interactive bool, out io.Writer, noColor bool) bool {
	if noColor || !interactive || !isTerminal(out) {
		return false
	}
	if v, ok := os.LookupEnv("NO_COLOR"); ok && v != "" {
		return false
	}
	return os.Getenv("TERM") != "dumb"
}

// spinner draws a one-line progress report of a search that rewrites itself
// in place ("⠹ blue thinks: 12000 iterations, best f6-e5 (54%), 0.6s").
type spinner struct {
	mu     sync.Mutex
	w      io.Writer
	frames []string
	i      int
	what   string // "blue thinks" or "hint"
	g      *interpreter.Game
	shown  bool
	color  bool
}

func newSpinner(w io.Writer, g *interpreter.Game, what string, ascii, color bool) *spinner {
	frames := strings.Split("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏", "")
	if ascii {
		frames = []string{"|", "/", "-", "\\"}
	}
	return &spinner{w: w, frames: frames, what: what, g: g, color: color}
}

// progress is the search's progress callback; it runs on the search's
// reporting goroutine.
func (sp *spinner) progress(pr ai.Progress[board.Move]) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sp.i++
	frame := sp.frames[sp.i%len(sp.frames)]
	line := fmt.Sprintf("%s %s: %d iterations, best %s (%s), %.1fs  [Ctrl-C: now]",
		frame, sp.what, pr.Iterations, sp.g.MoveString(pr.Best), valueWord(pr.Value, pr.Proof), pr.Elapsed.Seconds())
	if sp.color {
		line = sgr(fg256(colCoord)) + line + reset
	}
	fmt.Fprint(sp.w, "\r\x1b[K"+line)
	sp.shown = true
}

// clear removes the progress line.
func (sp *spinner) clear() {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.shown {
		fmt.Fprint(sp.w, "\r\x1b[K")
		sp.shown = false
	}
}

// valueWord says a search value for people: a percentage chance for the
// mover, or the proof.
func valueWord(v float64, proof ai.Proof) string {
	switch proof {
	case ai.Win:
		return "wins by force"
	case ai.Loss:
		return "loses by force"
	}
	return fmt.Sprintf("%.0f%%", 100*v)
}

// progressSetter is a player whose search reports progress (MCTS).
type progressSetter interface {
	SetProgress(func(ai.Progress[board.Move]))
}

// roundDuration rounds a search time for people: milliseconds under a
// second, tenths above.
func roundDuration(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(100 * time.Millisecond)
}
