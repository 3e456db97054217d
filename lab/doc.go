// Package lab is the Variant Lab: it plays many self-play games of one rule
// file and reports what a game designer asks of a new variant. Is it
// balanced — does the first player (or any seat) win too often? How often is
// it drawn, and how do games end? How long are they, and how often do they
// run into the ply cap? How many moves has a player to choose from, early and
// late? Does skill matter (a ladder of players, each against the one below)?
// Every rate comes with a 95% interval.
//
// A run is a list of games numbered 0, 1, 2...; game i is played with seeds
// derived from the run's seed and i alone (seed.go), so a shard K/N, which
// plays the games K, K+N, K+2N..., plays them exactly as the whole run does,
// and the shards' tallies add up (Merge) to the whole run's tally, count for
// count. Everything in a Tally is a whole number, so that adding up is exact
// in any order; the report's statistics are worked out from the tally.
//
// Files: config.go (what to play: the game, the players, the games, the
// shard, the ladder), seed.go (the seeds of game i), play.go (one game,
// watched ply by ply), tally.go (the counts, and adding games and tallies),
// run.go (playing a run in parallel, in order, with a sequential stop and
// the ladder), report.go (the statistics worked out from a tally),
// interval.go (Wilson intervals, scores, quantiles), findings.go (what the
// numbers say, in words), merge.go (reading reports and combining shards),
// text.go (the report as text), html.go and svg.go (the report as a page
// with SVG plots).
package lab
