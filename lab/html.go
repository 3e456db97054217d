package lab

import (
	"fmt"
	"html/template"
	"io"
	"strings"
)

// WriteHTML writes the report as one self-contained page: the findings,
// the tables and SVG plots of the results with their intervals, how games
// end, the length histogram, the branching and evaluate over the game, and
// the skill ladder. It loads nothing from elsewhere and runs no script.
func WriteHTML(w io.Writer, r *Report) error {
	var text strings.Builder
	if err := WriteText(&text, r); err != nil {
		return err
	}
	data := map[string]any{
		"R":       r,
		"Players": r.playersText(),
		"Plots":   r.plots(),
		"Text":    text.String(),
	}
	return pageTemplate.Execute(w, data)
}

// plot is one figure of the page: its heading, the SVG and a caption.
type plot struct {
	Heading string
	SVG     template.HTML
	Caption string
}

func (r *Report) plots() []plot {
	if r.Games == 0 && r.Ladder == nil {
		return nil
	}
	var out []plot
	n := len(r.Seats)
	colour := func(s int) string { return palette[s%len(palette)] }
	if r.Games > 0 {
		rows := []intervalRow{scoreRow("first player", r.First, "#222")}
		if r.First.Player != "" {
			rows[0].label = "first player (" + r.First.Player + ")"
		}
		for s, st := range r.BySeat {
			rows = append(rows, scoreRow(st.Player, st, colour(s)))
		}
		if a := r.AgainstB; a != nil {
			rows = append(rows, scoreRow("A against B", *a, "#7f8c8d"))
		}
		out = append(out, plot{"Scores", template.HTML(intervalPlot("Score (win 1, draw ½) with 95% interval", rows, r.FairScore, "an even share: "+pct(r.FairScore))),
			"Each seat's score, the first player's (whoever moved first) and, when they differ, A's against B. The band is the 95% interval; the dashed line is an even share (" + pct(r.FairScore) + "). An interval clear of the line is an advantage the games show."})

		rows = rows[:0]
		for s, st := range r.BySeat {
			rows = append(rows, intervalRow{label: st.Player + " wins", value: st.WinRate, lo: st.WinLo, hi: st.WinHi, colour: colour(s),
				tooltip:   fmt.Sprintf("%s won %d of %d games: %s (95%% interval %s to %s)", st.Player, st.Wins, st.Games, pct(st.WinRate), pct(st.WinLo), pct(st.WinHi)),
				valueText: pct(st.WinRate)})
		}
		rows = append(rows, intervalRow{label: "draws", value: r.Draws.Rate, lo: r.Draws.Lo, hi: r.Draws.Hi, colour: "#7f8c8d",
			tooltip:   fmt.Sprintf("%d of %d games drawn: %s (95%% interval %s to %s)", r.Draws.Count, r.Games, pct(r.Draws.Rate), pct(r.Draws.Lo), pct(r.Draws.Hi)),
			valueText: pct(r.Draws.Rate)})
		out = append(out, plot{"Win and draw rates", template.HTML(intervalPlot("Win and draw rates with 95% Wilson intervals", rows, 1/float64(n), "an even share of the wins")),
			"The dashed line is an even share of the wins (1 in " + fmt.Sprint(n) + ")."})

		rows = rows[:0]
		for _, e := range r.Endings {
			label := e.Why
			if label == "" {
				label = e.Reason
			}
			if e.Reason == capReason {
				label = "ply cap"
			}
			rows = append(rows, intervalRow{label: shorten(label, 28), value: e.Rate.Rate, lo: e.Lo, hi: e.Hi, colour: "#555",
				tooltip:   fmt.Sprintf("%s (%s): %d of %d games, %s (95%% interval %s to %s)", label, e.Reason, e.Count, r.Games, pct(e.Rate.Rate), pct(e.Lo), pct(e.Hi)),
				valueText: pct(e.Rate.Rate)})
		}
		out = append(out, plot{"How games end", template.HTML(intervalPlot("How games end, by the rule that ended them", rows, -1, "")),
			"The share of games each end rule (or draw rule, or the ply cap) ended, with its 95% interval; hover for the rule as written."})

		capNote := ""
		if r.Length.Cap > 0 {
			capNote = fmt.Sprintf(" %d games (%s) reached the ply cap of %d and were called draws.", r.Length.CapHits.Count, pct(r.Length.CapHits.Rate), r.Length.Cap)
		}
		out = append(out, plot{"Game length", template.HTML(histogramPlot(r.Length)),
			fmt.Sprintf("Plies per game: mean %.1f, median %d, 80%% of games between %d and %d.%s", r.Length.Mean, r.Length.Median, r.Length.P10, r.Length.P90, capNote)})

		br := series{name: "legal moves", colour: "#2c3e50"}
		top := 1.0
		for _, t := range r.Branching.Tenths {
			if t.Plies == 0 {
				continue
			}
			mid := (t.From + t.To) / 2
			br.xs, br.ys = append(br.xs, mid), append(br.ys, t.Mean)
			top = max(top, t.Mean)
		}
		out = append(out, plot{"Branching", template.HTML(linePlot("Legal moves per ply over the game", "mean legal moves at each tenth", []series{br}, 0, top*1.1, false)),
			fmt.Sprintf("The moves a player has to choose from, by tenth of the game. Opening third %.1f, middle %.1f, end %.1f; %s of plies are forced (one legal move).",
				r.Branching.Phases[0].Mean, r.Branching.Phases[1].Mean, r.Branching.Phases[2].Mean, pct(r.Branching.Forced))})

		if len(r.Progress) > 0 {
			if r.Progress[0].Eval != nil {
				var ss []series
				for s := 0; s < n; s++ {
					sr := series{name: r.Seats[s], colour: colour(s)}
					for _, pt := range r.Progress {
						sr.xs, sr.ys = append(sr.xs, pt.At), append(sr.ys, pt.Eval[s])
					}
					ss = append(ss, sr)
				}
				if r.Progress[0].WinnerEval != nil {
					we := series{name: "winner's chances", colour: "#27ae60"}
					lw := series{name: "leader wins", colour: "#8e44ad", dashed: true}
					for _, pt := range r.Progress {
						we.xs, we.ys = append(we.xs, pt.At), append(we.ys, *pt.WinnerEval)
						if pt.LeaderWins != nil {
							lw.xs, lw.ys = append(lw.xs, pt.At), append(lw.ys, pt.LeaderWins.Rate)
						}
					}
					ss = append(ss, we, lw)
				}
				out = append(out, plot{"Evaluate over the game", template.HTML(linePlot("Each side's chances by the rule file's evaluate", "mean estimate", ss, 0, 1, true)),
					"The rule file's evaluate, as the AI reads it (each player's chances), averaged over the games at the start, every tenth of each game's plies and its end. In green, the eventual winner's chances by it; dashed, how often the side it puts ahead goes on to win: where that is near 100% early, the game is decided early."})
			}
			var ss []series
			most := 1.0
			for s := 0; s < n; s++ {
				sr := series{name: r.Seats[s] + " in play", colour: colour(s)}
				off := series{name: r.Seats[s] + " borne off", colour: colour(s), dashed: true}
				for _, pt := range r.Progress {
					sr.xs, sr.ys = append(sr.xs, pt.At), append(sr.ys, pt.InPlay[s])
					off.xs, off.ys = append(off.xs, pt.At), append(off.ys, pt.Off[s])
					most = max(most, pt.InPlay[s], pt.Off[s])
				}
				ss = append(ss, sr)
				if r.hasOff() {
					ss = append(ss, off)
				}
			}
			out = append(out, plot{"Material over the game", template.HTML(linePlot("Pieces in play (and borne off) per side", "mean pieces", ss, 0, most*1.1, false)),
				"Pieces on the board or in hand, and pieces borne off (dashed, in games with bear-offs), averaged over the games."})
		}
	}
	if l := r.Ladder; l != nil {
		var rows []intervalRow
		for _, p := range l.Pairs {
			colour := "#7f8c8d"
			switch p.Verdict {
			case "holds":
				colour = "#27ae60"
			case "reversed":
				colour = "#c0392b"
			}
			rows = append(rows, intervalRow{label: shorten(p.Stronger, 26) + " vs below", value: p.Score, lo: p.ScoreLo, hi: p.ScoreHi, colour: colour,
				tooltip:   fmt.Sprintf("%s against %s: won %d, drew %d, lost %d; score %s (95%% interval %s to %s): %s", p.Stronger, p.Weaker, p.Wins, p.Draws, p.Losses, pct(p.Score), pct(p.ScoreLo), pct(p.ScoreHi), p.Verdict),
				valueText: pct(p.Score) + " " + p.Verdict})
		}
		out = append(out, plot{"Skill ladder", template.HTML(intervalPlot("Each level's score against the level below", rows, l.Pairs[0].Fair, "no better than the level below")),
			fmt.Sprintf("%d games a pair, seats alternating. Green: the stronger level wins (the interval is above the dashed line, its score if it were no stronger); grey: not shown; red: more thinking loses. The ladder %s.", l.GamesPerPair, l.Verdict)})
	}
	return out
}

func scoreRow(label string, s SeatStats, colour string) intervalRow {
	return intervalRow{label: label, value: s.Score, lo: s.ScoreLo, hi: s.ScoreHi, colour: colour,
		tooltip: fmt.Sprintf("%s: won %d, drew %d, lost %d of %d; score %s (95%% interval %s to %s)",
			label, s.Wins, s.Draws, s.Losses, s.Games, pct(s.Score), pct(s.ScoreLo), pct(s.ScoreHi)),
		valueText: pct(s.Score)}
}

// shorten cuts a label to n characters.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

var pageTemplate = template.Must(template.New("report").Funcs(template.FuncMap{"pct": pct}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.R.Game}}: Variant Lab report</title>
<style>
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 980px; padding: 0 1em; color: #222; background: #fff; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; }
.sub { color: #555; margin-top: 0; }
ul.findings li { margin: 0.3em 0; }
figure { margin: 1em 0; }
figcaption { color: #555; font-size: 0.92em; max-width: 760px; }
svg.plot { max-width: 100%; height: auto; display: block; }
svg .title { font-weight: 600; font-size: 14px; }
svg .tick { font-size: 11px; fill: #666; }
svg .label, svg .value { font-size: 12px; fill: #222; }
svg .grid { stroke: #e4e4e4; }
svg .ref { stroke: #888; stroke-dasharray: 5 4; stroke-width: 1.5; }
svg .bar { fill: #5d8aa8; }
svg .median { stroke: #222; stroke-width: 1.5; }
svg .mean { stroke: #222; stroke-width: 1.5; stroke-dasharray: 4 3; }
table { border-collapse: collapse; font-size: 0.93em; }
td, th { padding: 0.2em 0.7em; border-bottom: 1px solid #eee; text-align: right; }
td:first-child, th:first-child { text-align: left; }
pre { background: #f6f6f6; padding: 1em; overflow-x: auto; font-size: 0.85em; }
</style>
</head>
<body>
<h1>{{.R.Game}}</h1>
<p class="sub">{{.Players}} · {{.R.Games}} games{{if ne .R.Games .R.Planned}} of {{.R.Planned}}{{end}} · seed {{.R.Seed}}{{if .R.MaxPlies}} · ply cap {{.R.MaxPlies}}{{end}}{{if .R.Shard}} · shard {{.R.Shard.Index}}/{{.R.Shard.Count}}{{end}} · rules {{.R.RulesHash}}</p>
<h2>Findings</h2>
<ul class="findings">
{{range .R.Findings}}<li>{{.}}</li>
{{end}}</ul>
{{if .R.Games}}<h2>Results</h2>
<table>
<tr><th></th><th>games</th><th>won</th><th>drew</th><th>lost</th><th>win rate (95%)</th><th>score (95%)</th></tr>
<tr><td>first player{{if .R.First.Player}} ({{.R.First.Player}}){{end}}</td><td>{{.R.First.Games}}</td><td>{{.R.First.Wins}}</td><td>{{.R.First.Draws}}</td><td>{{.R.First.Losses}}</td><td>{{pct .R.First.WinRate}} ({{pct .R.First.WinLo}}–{{pct .R.First.WinHi}})</td><td>{{pct .R.First.Score}} ({{pct .R.First.ScoreLo}}–{{pct .R.First.ScoreHi}})</td></tr>
{{range .R.BySeat}}<tr><td>{{.Player}}</td><td>{{.Games}}</td><td>{{.Wins}}</td><td>{{.Draws}}</td><td>{{.Losses}}</td><td>{{pct .WinRate}} ({{pct .WinLo}}–{{pct .WinHi}})</td><td>{{pct .Score}} ({{pct .ScoreLo}}–{{pct .ScoreHi}})</td></tr>
{{end}}</table>
{{end}}{{range .Plots}}<h2>{{.Heading}}</h2>
<figure>{{.SVG}}<figcaption>{{.Caption}}</figcaption></figure>
{{end}}<h2>The whole report</h2>
<pre>{{.Text}}</pre>
</body>
</html>
`))
