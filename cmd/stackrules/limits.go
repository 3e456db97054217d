package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/urfave/cli/v2"
)

// Numeric flags are checked against ranges a person could mean: a negative
// count or a zero limit used to mean "no limit", and a match of games that
// never end then grew without bound.

// intFlagRange is the accepted range of an integer flag.
type intFlagRange struct {
	name   string
	lo, hi int
}

// durationFlagRange is the accepted range of a duration flag.
type durationFlagRange struct {
	name   string
	lo, hi time.Duration
}

// checkFlags is a usage error naming the first flag given (or defaulted)
// outside its range, and the range.
func checkFlags(c *cli.Context, ints []intFlagRange, durations []durationFlagRange) error {
	for _, r := range ints {
		if !c.IsSet(r.name) && c.Int(r.name) == 0 {
			continue // not given, no default: its absence means something
		}
		if v := c.Int(r.name); v < r.lo || v > r.hi {
			return usagef("%s: --%s %d is out of range %d..%d", c.Command.Name, r.name, v, r.lo, r.hi)
		}
	}
	for _, r := range durations {
		if !c.IsSet(r.name) && c.Duration(r.name) == 0 {
			continue // not given, no default: the command picks
		}
		if v := c.Duration(r.name); v < r.lo || v > r.hi {
			return usagef("%s: --%s %v is out of range %v..%v", c.Command.Name, r.name, v, r.lo, r.hi)
		}
	}
	return nil
}

var (
	matchFlagRanges = []intFlagRange{{"games", 1, 1_000_000}, {"max-plies", 1, 100_000}, {"match", 1, 1000}, {"cube-rollouts", 1, 100_000}}
	benchIntRanges  = []intFlagRange{{"max-plies", 1, 100_000}}
	benchDurations  = []durationFlagRange{{"time", time.Millisecond, time.Hour}}
	bestDurations   = []durationFlagRange{{"time", time.Millisecond, 24 * time.Hour}}
)

// bestIntRanges: --iterations 0 (the default) means "not given".
func bestIntRanges(c *cli.Context) []intFlagRange {
	r := []intFlagRange{{"threads", 1, 256}, {"top", 1, 100_000}}
	if c.IsSet("iterations") {
		r = append(r, intFlagRange{"iterations", 1, 1_000_000_000})
	}
	return r
}

// errInterrupted ends a game that Ctrl-C stopped: it is not a result.
var errInterrupted = errors.New("interrupted")

// interrupted reports a match game stopped by Ctrl-C and, with a records
// folder, writes it as unfinished ("*"), so that it is not taken for a result.
func interrupted(s *streams, g *interpreter.Game, h *interpreter.History, variant string, names []string, dir string, i, n int) error {
	fmt.Fprintf(s.err, "game %d of %d interrupted by Ctrl-C after %d plies: not a result, not counted\n", i+1, n, h.Len())
	return writeUnfinished(g, h, variant, names, dir, i, n, "the match was interrupted")
}

// writeUnfinished writes match game i, stopped before its end, as unfinished
// ("*") into dir (nothing without a records folder), saying why.
func writeUnfinished(g *interpreter.Game, h *interpreter.History, variant string, names []string, dir string, i, n int, why string) error {
	if dir == "" || h == nil {
		return nil
	}
	rec := records.New(g, h, variant, names, time.Now().Format("2006.01.02"))
	rec.SetTag("Event", fmt.Sprintf("match game %d of %d", i+1, n))
	rec.Result = "*"
	rec.SetTag("Result", "*")
	rec.SetTag("Termination", "unfinished: "+why)
	return createNew(matchRecordPath(dir, i), []byte(rec.String()))
}

// stopped says whether ctx was cancelled (Ctrl-C).
func stopped(ctx context.Context) bool { return ctx.Err() != nil }
