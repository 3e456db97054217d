package lab

import (
	"fmt"
	"strings"
)

// findings sets the report's findings: what a designer should take from
// it, in words, each with the numbers that back it.
func (r *Report) findings() {
	var f []string
	add := func(format string, args ...any) { f = append(f, fmt.Sprintf(format, args...)) }
	if r.Shard != nil {
		add("This is shard %d of %d: merge the shards (stackrules analyze merge) for the whole run's report.", r.Shard.Index, r.Shard.Count)
	}
	if !r.Complete {
		add("Incomplete: %d of %d games played (interrupted, or shards missing); the report covers those.", r.Games, r.Planned)
	}
	if u := r.Until; u != nil {
		if u.Reached {
			add("Stopped after %d games, when the first player's interval was within ±%s.", u.Games, pct(u.HalfWidth))
		} else {
			add("The first player's interval did not narrow to ±%s in %d games.", pct(u.HalfWidth), u.Games)
		}
	}
	if r.Games > 0 {
		f = append(f, r.selfPlayFindings()...)
	} else if r.Ladder == nil {
		add("No game was finished: nothing to report.")
	}
	if l := r.Ladder; l != nil {
		switch l.Verdict {
		case "holds":
			add("Skill shows: every level of the ladder beats the one below it.")
		case "does not hold":
			add("Skill does not show: no level of the ladder beats the one below it with confidence (a game of luck, or levels too close for %d games).", l.GamesPerPair)
		case "reversed":
			for _, p := range l.Pairs {
				if p.Verdict == "reversed" {
					add("More thinking loses: %s scores only %s against %s (%s to %s).", p.Stronger, pct(p.Score), p.Weaker, pct(p.ScoreLo), pct(p.ScoreHi))
				}
			}
		default:
			for _, p := range l.Pairs {
				if p.Verdict != "holds" {
					add("%s does not beat %s with confidence: %s (%s to %s).", p.Stronger, p.Weaker, pct(p.Score), pct(p.ScoreLo), pct(p.ScoreHi))
				}
			}
		}
	}
	if !r.Reproducible {
		add("Some players search for a time or on several threads: another run of the same seed plays other games.")
	}
	r.Findings = f
}

// moreGames suggests more games when an interval is wide.
func moreGames(width float64) string {
	if width > 0.1 {
		return " (the interval is wide: play more games)"
	}
	return ""
}

// pct writes a proportion as a percentage with one decimal: 52.3%.
func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// selfPlayFindings are the findings about the self-play games.
func (r *Report) selfPlayFindings() []string {
	var f []string
	add := func(format string, args ...any) { f = append(f, fmt.Sprintf(format, args...)) }
	who := "the first player"
	if r.First.Player != "" {
		who = fmt.Sprintf("the first player (%s)", r.First.Player)
	}
	first := fmt.Sprintf("%s scores %s (95%% interval %s to %s)", capital(who), pct(r.First.Score), pct(r.First.ScoreLo), pct(r.First.ScoreHi))
	if r.FairScore != 0.5 {
		first += fmt.Sprintf(", where an even share is %s", pct(r.FairScore))
	}
	switch {
	case r.First.ScoreLo > r.FairScore:
		add("%s: an advantage for the first player.", first)
	case r.First.ScoreHi < r.FairScore:
		add("%s: the first player is at a disadvantage.", first)
	default:
		side := "either side"
		if len(r.Seats) > 2 {
			side = "any seat"
		}
		add("%s: no advantage for %s shown%s.", first, side, moreGames(r.First.ScoreHi-r.First.ScoreLo))
	}
	if len(r.BySeat) > 2 {
		var off []string
		for _, s := range r.BySeat {
			if s.ScoreLo > r.FairScore || s.ScoreHi < r.FairScore {
				off = append(off, fmt.Sprintf("%s %s (%s to %s)", s.Player, pct(s.Score), pct(s.ScoreLo), pct(s.ScoreHi)))
			}
		}
		if len(off) > 0 {
			add("Seats whose score is not an even share (%s): %s.", pct(r.FairScore), strings.Join(off, ", "))
		}
	}
	if r.Draws.Count > 0 {
		add("%s of games are drawn (%s to %s).", pct(r.Draws.Rate), pct(r.Draws.Lo), pct(r.Draws.Hi))
	} else {
		add("No game was drawn (at most %s of games are, at 95%%).", pct(r.Draws.Hi))
	}
	if r.Length.CapHits.Count > 0 {
		add("%d games (%s) were still going at the ply cap of %d and were called draws: the game may not always end.", r.Length.CapHits.Count, pct(r.Length.CapHits.Rate), r.Length.Cap)
	}
	add("Games last %.1f plies on average (median %d, 80%% between %d and %d).", r.Length.Mean, r.Length.Median, r.Length.P10, r.Length.P90)
	if r.Branching.Mean > 0 {
		ph := r.Branching.Phases
		add("A player has %.1f moves to choose from on average (opening %.1f, middle %.1f, end %.1f); %s of moves are forced.",
			r.Branching.Mean, ph[0].Mean, ph[1].Mean, ph[2].Mean, pct(r.Branching.Forced))
	}
	if len(r.Progress) > 5 && r.Progress[5].LeaderWins != nil && r.Progress[5].LeaderWins.Count > 0 {
		lw := r.Progress[5].LeaderWins
		add("Halfway through a game, the side ahead by the rule file's evaluate goes on to win %s of the games it leads (%s to %s).", pct(lw.Rate), pct(lw.Lo), pct(lw.Hi))
	}
	if a := r.AgainstB; a != nil {
		add("A (%s) scores %s against B (%s) (%s to %s).", r.Players.A, pct(a.Score), r.Players.B, pct(a.ScoreLo), pct(a.ScoreHi))
	}
	return f
}
