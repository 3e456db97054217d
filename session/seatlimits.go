package session

import (
	"fmt"
	"time"

	"github.com/stackrules/stackrules/ai"
)

// SeatLimits bound what an AI seat may ask of the machine that runs it (a
// server's): one check for a seat wherever it comes from, a request, an
// uploaded record's tags or a saved game. A zero field bounds nothing.
type SeatLimits struct {
	MaxThreads int           // search threads
	MaxTime    time.Duration // the longest one move may be thought over
	MaxEndgame int           // positions of an exact endgame analysis
	// NoFiles refuses seats that name a file to read (a value network,
	// net:FILE or net=FILE): a server reads no file a request names.
	NoFiles bool
}

// Check says why seat asks for more than the limits allow, or nil. A
// person's seat always passes.
func (l SeatLimits) Check(seat Seat) error {
	if seat.Human {
		return nil
	}
	sp := seat.Spec
	switch {
	case l.MaxThreads > 0 && sp.Threads > l.MaxThreads:
		return fmt.Errorf("%s asks for %d threads; at most %d are allowed here", sp, sp.Threads, l.MaxThreads)
	case l.MaxTime > 0 && sp.Time > l.MaxTime:
		return fmt.Errorf("%s thinks up to %s a move; at most %s is allowed here", sp, sp.Time, l.MaxTime)
	case l.MaxEndgame > 0 && sp.Endgame > l.MaxEndgame:
		return fmt.Errorf("%s asks for an endgame analysis of %d positions; at most %d are allowed here", sp, sp.Endgame, l.MaxEndgame)
	case l.NoFiles && readsNetFile(sp):
		return fmt.Errorf("%s names a network file; no files are read here", sp.Kind)
	}
	return nil
}

// Clamp brings seat within the limits and reports whether it changed it.
func (l SeatLimits) Clamp(seat Seat) (Seat, bool) {
	if seat.Human {
		return seat, false
	}
	sp, changed := &seat.Spec, false
	if l.MaxThreads > 0 && sp.Threads > l.MaxThreads {
		sp.Threads, changed = l.MaxThreads, true
	}
	if l.MaxTime > 0 && sp.Time > l.MaxTime {
		sp.Time, changed = l.MaxTime, true
	}
	if l.MaxEndgame > 0 && sp.Endgame > l.MaxEndgame {
		sp.Endgame, changed = l.MaxEndgame, true
	}
	if l.NoFiles && readsNetFile(*sp) {
		// no file is read: the search without the network, or for net:FILE
		// the one-ply player without it
		*sp, changed = sp.WithoutNetwork(), true
		if sp.Kind == ai.KindNet {
			sp.Kind = ai.KindGreedy
		}
	}
	return seat, changed
}

// readsNetFile reports whether sp names a network file to read: net=none
// (the search without the rule file's network) names none, so a server
// that reads no files keeps it rather than handing back the network.
func readsNetFile(sp ai.Spec) bool {
	return sp.Net != "" && !(sp.Kind == ai.KindMCTS && sp.Net == ai.NoNet)
}
