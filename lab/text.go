package lab

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes the report for a terminal: the findings first, then
// each statistic with its interval.
func WriteText(w io.Writer, r *Report) error {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("%s: %s\n", r.Game, r.playersText())
	p("%d games", r.Games)
	if r.Games != r.Planned {
		p(" of %d", r.Planned)
	}
	p(", seed %d", r.Seed)
	if r.Shard != nil {
		p(", shard %d/%d of a run of %d", r.Shard.Index, r.Shard.Count, r.TotalGames)
	}
	if r.Timing.Seconds > 0 && r.Games > 0 {
		p(", %.1fs (%.1f games/s", r.Timing.Seconds, r.Timing.GamesPerSecond)
		if r.Timing.Shards > 0 {
			p(", the %d shards' time added up", r.Timing.Shards)
		} else {
			p(", %d at once", r.Timing.Jobs)
		}
		p(")")
	}
	p("\n\n")
	for _, f := range r.Findings {
		p("* %s\n", f)
	}
	if r.Games > 0 {
		r.writeSelfPlay(p)
	}
	if lad := r.Ladder; lad != nil {
		p("\nskill ladder (%d games a pair, seats alternating): %s\n", lad.GamesPerPair, lad.Verdict)
		for _, row := range lad.Pairs {
			p("  %s against %s: won %d, drew %d, lost %d; score %s (%s to %s): %s\n",
				row.Stronger, row.Weaker, row.Wins, row.Draws, row.Losses, pct(row.Score), pct(row.ScoreLo), pct(row.ScoreHi), row.Verdict)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSelfPlay writes the statistics of the self-play games.
func (r *Report) writeSelfPlay(p func(string, ...any)) {
	p("\nresults (95%% intervals; a score counts a win 1, a draw ½")
	if r.BySeat[0].Places != nil {
		p(", place k of n (n-k)/(n-1)")
	}
	p("; an even share is %s)\n", pct(r.FairScore))
	width := len("first player")
	for _, s := range r.BySeat {
		width = max(width, len(s.Player))
	}
	seatLine := func(name string, s SeatStats) {
		p("  %-*s  won %d, drew %d, lost %d; wins %s (%s to %s), score %s (%s to %s)", width, name,
			s.Wins, s.Draws, s.Losses, pct(s.WinRate), pct(s.WinLo), pct(s.WinHi), pct(s.Score), pct(s.ScoreLo), pct(s.ScoreHi))
		if s.Places != nil {
			p("; places %s", placesText(s.Places))
		}
		p("\n")
	}
	first := "first player"
	seatLine(first, r.First)
	if r.First.Player == "" {
		var parts []string
		for s, k := range r.FirstBySeat {
			parts = append(parts, fmt.Sprintf("%s %d", r.Seats[s], k))
		}
		p("  %-*s  (moved first: %s)\n", width, "", strings.Join(parts, ", "))
	}
	for _, s := range r.BySeat {
		seatLine(s.Player, s)
	}
	p("  %-*s  %d, %s (%s to %s)\n", width, "draws", r.Draws.Count, pct(r.Draws.Rate), pct(r.Draws.Lo), pct(r.Draws.Hi))
	if a := r.AgainstB; a != nil {
		p("  A against B: A won %d, drew %d, lost %d; score %s (%s to %s), Elo %+.0f\n", a.Wins, a.Draws, a.Losses, pct(a.Score), pct(a.ScoreLo), pct(a.ScoreHi), *a.Elo)
	}

	p("\nhow games end\n")
	for _, e := range r.Endings {
		words := e.Reason
		if e.Why != "" {
			words = e.Why + " (" + e.Reason + ")"
		}
		if e.Reason == capReason {
			words = fmt.Sprintf("still going after %d plies, called a draw", r.Length.Cap)
		}
		var who []string
		for s, k := range e.Wins {
			if k > 0 {
				who = append(who, fmt.Sprintf("%s %d", r.Seats[s], k))
			}
		}
		if e.Draws > 0 && e.Reason != capReason {
			who = append(who, fmt.Sprintf("drawn %d", e.Draws))
		}
		p("  %6s (%s to %s)  %s", pct(e.Rate.Rate), pct(e.Lo), pct(e.Hi), words)
		if len(who) > 0 && !(len(who) == 1 && e.Draws > 0) {
			p(": %s", strings.Join(who, ", "))
		}
		p("\n")
	}

	l := r.Length
	p("\nlength in plies: mean %.1f (sd %.1f); min %d, 10%% %d, quartiles %d %d %d, 90%% %d, max %d\n",
		l.Mean, l.SD, l.Min, l.P10, l.P25, l.Median, l.P75, l.P90, l.Max)
	if l.Cap > 0 {
		p("  ply cap %d reached by %d games, %s (%s to %s)\n", l.Cap, l.CapHits.Count, pct(l.CapHits.Rate), pct(l.CapHits.Lo), pct(l.CapHits.Hi))
	}
	most := 0
	for _, h := range l.Histogram {
		most = max(most, h.Games)
	}
	for _, h := range l.Histogram {
		bar := 0
		if most > 0 {
			bar = (h.Games*40 + most - 1) / most
		}
		span := fmt.Sprint(h.From)
		if h.To != h.From {
			span = fmt.Sprintf("%d-%d", h.From, h.To)
		}
		p("  %11s %7d %s\n", span, h.Games, strings.Repeat("#", bar))
	}

	br := r.Branching
	p("\nlegal moves per ply: mean %.2f, forced %s\n", br.Mean, pct(br.Forced))
	for _, ph := range br.Phases {
		p("  %-8s %6.2f (forced %s)\n", ph.Phase, ph.Mean, pct(ph.Forced))
	}
	var tenths []string
	for _, t := range br.Tenths {
		tenths = append(tenths, fmt.Sprintf("%.1f", t.Mean))
	}
	p("  by tenth of the game: %s\n", strings.Join(tenths, " "))

	if len(r.Progress) > 0 {
		p("\nover the game (at 0%%, 10%%... 100%% of each game's plies; per seat: %s)\n", strings.Join(r.Seats, ", "))
		if r.Progress[0].Eval != nil {
			p("  evaluate's chances: %s\n", seriesText(r.Progress, func(pt Point) []float64 { return pt.Eval }, "%.0f%%", 100))
		}
		if r.Progress[0].WinnerEval != nil {
			var we, lw []string
			for _, pt := range r.Progress {
				we = append(we, fmt.Sprintf("%.0f", 100**pt.WinnerEval))
				if pt.LeaderWins != nil {
					lw = append(lw, fmt.Sprintf("%.0f", 100*pt.LeaderWins.Rate))
				} else {
					lw = append(lw, "-")
				}
			}
			p("  the winner's chances by evaluate, %%: %s\n", strings.Join(we, " "))
			p("  the side ahead by evaluate wins, %%:  %s\n", strings.Join(lw, " "))
		}
		p("  pieces in play:     %s\n", seriesText(r.Progress, func(pt Point) []float64 { return pt.InPlay }, "%.1f", 1))
		if r.hasOff() {
			p("  borne off:          %s\n", seriesText(r.Progress, func(pt Point) []float64 { return pt.Off }, "%.1f", 1))
		}
	}
}

// playersText says who played: "mcts:easy in every seat", "A = x, B = y,
// alternating seats", "red mcts:easy, blue random".
func (r *Report) playersText() string {
	pl := r.Players
	switch {
	case pl.Seats != nil:
		var parts []string
		for s, sp := range pl.Seats {
			parts = append(parts, r.Seats[s]+" "+sp)
		}
		return strings.Join(parts, ", ")
	case pl.A == pl.B:
		return pl.A + " in every seat"
	case pl.Swap:
		return fmt.Sprintf("A = %s, B = %s, A in each seat in turn", pl.A, pl.B)
	}
	return fmt.Sprintf("A = %s first, B = %s", pl.A, pl.B)
}

// hasOff reports whether any piece was borne off.
func (r *Report) hasOff() bool {
	for _, pt := range r.Progress {
		for _, v := range pt.Off {
			if v > 0 {
				return true
			}
		}
	}
	return false
}

// seriesText writes a per-seat series at the start, the middle and the end:
// "50%/50% → 61%/39% → 100%/0%".
func seriesText(pts []Point, get func(Point) []float64, format string, scale float64) string {
	var out []string
	for _, k := range []int{0, len(pts) / 2, len(pts) - 1} {
		vals := get(pts[k])
		var parts []string
		for _, v := range vals {
			parts = append(parts, fmt.Sprintf(format, v*scale))
		}
		out = append(out, fmt.Sprintf("%.0f%%: %s", 100*pts[k].At, strings.Join(parts, "/")))
	}
	return strings.Join(out, "  →  ")
}

// placesText is "1st 4, 2nd 3, 3rd 2, 4th 1".
func placesText(places []int) string {
	var parts []string
	for i, k := range places {
		parts = append(parts, fmt.Sprintf("%s %d", ordinal(i+1), k))
	}
	return strings.Join(parts, ", ")
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}
