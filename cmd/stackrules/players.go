package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/urfave/cli/v2"
)

// playersFlag plays a game with fewer players than its rule file declares;
// the rule file's seats: says which of them take part.
var playersFlag = &cli.IntFlag{Name: "players", Usage: "play with `N` of the game's players (its rule file's seats: says which; default: all)"}

// withPlayers is g played by --players of its players, when the command has
// the flag and it is given.
func withPlayers(c *cli.Context, g *interpreter.Game) (*interpreter.Game, error) {
	if !slices.Contains(c.FlagNames(), "players") || !c.IsSet("players") {
		return g, nil
	}
	return playedBy(g, c.Int("players"))
}

// playedBy is g played by n of its players, or a usage error saying how many
// may play it.
func playedBy(g *interpreter.Game, n int) (*interpreter.Game, error) {
	counts := g.PlayerCounts()
	if !slices.Contains(counts, n) {
		words := make([]string, len(counts))
		for i, k := range counts {
			words[i] = fmt.Sprint(k)
		}
		how := strings.Join(words, ", ")
		if len(words) > 1 {
			how = strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
		}
		return nil, usagef("--players %d: %s is played by %s players", n, g.Name, how)
	}
	return g.WithPlayers(n)
}

// recordPlayersOf is how many played the recorded game: its [Players] tag,
// else all the players g's rule file declares.
func recordPlayersOf(rec *records.Record, g *interpreter.Game) int {
	if n, err := strconv.Atoi(strings.TrimSpace(rec.Tag("Players"))); err == nil {
		return n
	}
	return g.Declared()
}

// printSeats writes a match's results by seat, one line each:
// "red     won 4, drew 1; A played it 4 times and won 2".
func printSeats(s *streams, seats []seatSummary) {
	w := 0
	for _, st := range seats {
		w = max(w, len(st.Player))
	}
	fmt.Fprintln(s.out, "by seat:")
	for _, st := range seats {
		fmt.Fprintf(s.out, "  %-*s won %d, drew %d; A sat there %d times and won %d", w, st.Player, st.Wins, st.Draws, st.AGames, st.AWins)
		if st.APlaces != nil {
			fmt.Fprintf(s.out, " (places %s)", placesText(st.APlaces))
		}
		fmt.Fprintln(s.out)
	}
}
