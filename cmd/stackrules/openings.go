package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/session"
	"github.com/urfave/cli/v2"
)

// giveHistory tells a player that can use it (ai.HistoryUser) which positions
// the game has been through, so its search sees repetition draws.
func giveHistory(p aiPlayer, h *interpreter.History) { session.GiveHistory(p, h) }

// opening is one start of a suite: a position, or moves from the game's
// start position (played into the game's history, so they count for the
// draw rules and appear in records).
type opening struct {
	Text  string
	Line  int // in the suite file; 0 for --position
	start board.Position
	moves []board.Move
}

// openingSuite is the set of starts `match --openings/--position` plays, with
// the results per opening. A nil suite plays every game from the game's start.
type openingSuite struct {
	list    []opening
	players []string
	results []openingSummary
}

// openingSummary is one opening's line in `match --json`.
type openingSummary struct {
	Opening string `json:"opening"`
	Line    int    `json:"line,omitempty"`
	Games   int    `json:"games"`
	AWins   int    `json:"a_wins"`
	BWins   int    `json:"b_wins"`
	Draws   int    `json:"draws"`
	// Wins counts the games won by each side (player name), whoever played it.
	Wins map[string]int `json:"wins"`
}

var openingFlags = []cli.Flag{
	&cli.StringFlag{Name: "openings", Usage: "play from the starts in `FILE`: one position (\"TURN CELLS\") or move sequence per line, # comments; each is played once with A on each side (games defaults to that)"},
	&cli.StringFlag{Name: "position", Aliases: []string{"p"}, Usage: "play every game from position `POS` (\"TURN CELLS\"), A on each side in turn"},
}

// newOpeningSuite reads --openings or --position; nil when neither is given.
func newOpeningSuite(c *cli.Context, g *interpreter.Game) (*openingSuite, error) {
	file, pos := c.String("openings"), c.String("position")
	var list []opening
	switch {
	case file != "" && pos != "":
		return nil, usagef("match: give --openings or --position, not both")
	case pos != "":
		op, err := parseOpening(g, pos)
		if err != nil {
			return nil, usagef("match: --position: %v", err)
		}
		list = append(list, op)
	case file != "":
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		for i, line := range strings.Split(string(data), "\n") {
			text, _, _ := strings.Cut(line, "#")
			text = strings.TrimSpace(text)
			if text == "" {
				continue
			}
			op, err := parseOpening(g, text)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", file, i+1, err)
			}
			op.Line = i + 1
			list = append(list, op)
		}
		if len(list) == 0 {
			return nil, fmt.Errorf("%s: no openings (one position or move sequence per line)", file)
		}
	default:
		return nil, nil
	}
	s := &openingSuite{list: list}
	for _, p := range g.Players {
		s.players = append(s.players, p.Name)
	}
	for _, op := range list {
		s.results = append(s.results, openingSummary{Opening: op.Text, Line: op.Line, Wins: map[string]int{}})
	}
	return s, nil
}

// parseOpening reads a position string, or else moves from the start
// position separated by spaces, and checks the game is not over there.
func parseOpening(g *interpreter.Game, text string) (opening, error) {
	op := opening{Text: text}
	p, perr := records.ParsePosition(g, text)
	if perr == nil {
		op.start = p
	} else {
		h := g.NewHistory(g.Start())
		for _, word := range strings.Fields(text) {
			pos := h.Position()
			m, err := g.ParseMove(&pos, word)
			if err == nil {
				err = h.Play(m)
			}
			if err != nil {
				if h.Len() == 0 {
					return op, fmt.Errorf("%q is neither a position (%v) nor a move sequence (%v)", text, perr, err)
				}
				return op, fmt.Errorf("move %d of %q: %v", h.Len()+1, text, err)
			}
		}
		op.start, op.moves = g.Start(), h.Moves()
	}
	if o := op.history(g).Outcome(); o.Over {
		return op, fmt.Errorf("%q: the game is already over there (%s)", text, o.Reason)
	}
	return op, nil
}

func (op opening) history(g *interpreter.Game) *interpreter.History {
	h := g.NewHistory(op.start)
	for _, m := range op.moves {
		h.Play(m) // checked legal when the opening was read
	}
	return h
}

// games is the number of games that plays every opening once with A in
// every seat.
func (s *openingSuite) games() int { return len(s.list) * len(s.players) }

// index is the opening of game i: each opening is played len(players) times
// in a row, so that with --swap A takes every seat of it.
func (s *openingSuite) index(i int) int { return i / len(s.players) % len(s.list) }

// play plays game i from its opening (from the game's start without a suite).
func (s *openingSuite) play(ctx context.Context, g *interpreter.Game, players []aiPlayer, maxPlies, i int, dice *rand.Rand) (*interpreter.History, bool, error) {
	if s == nil {
		return playGame(ctx, g, players, maxPlies, dice)
	}
	return playFrom(ctx, s.list[s.index(i)].history(g), players, maxPlies, dice)
}

// record adds game i's outcome to its opening's results.
func (s *openingSuite) record(i, seatA int, o interpreter.Outcome) {
	if s == nil {
		return
	}
	r := &s.results[s.index(i)]
	r.Games++
	switch {
	case !o.Over || o.Winner < 0:
		r.Draws++
	case o.Winner == seatA:
		r.AWins++
		r.Wins[s.players[o.Winner]]++
	default:
		r.BWins++
		r.Wins[s.players[o.Winner]]++
	}
}

// summary is the per-opening results (nil without a suite).
func (s *openingSuite) summary() []openingSummary {
	if s == nil {
		return nil
	}
	var out []openingSummary
	for _, r := range s.results {
		if r.Games > 0 {
			out = append(out, r)
		}
	}
	return out
}

// printOpenings is the per-opening table of `match` (without --json).
func printOpenings(s *streams, list []openingSummary) {
	if len(list) == 0 {
		return
	}
	fmt.Fprintf(s.out, "%-5s %5s %4s %4s %4s  %-20s %s\n", "line", "games", "A+", "=", "B+", "wins by side", "opening")
	for _, r := range list {
		var wins []string
		for name, k := range r.Wins {
			wins = append(wins, fmt.Sprintf("%s %d", name, k))
		}
		slices.Sort(wins)
		fmt.Fprintf(s.out, "%-5d %5d %4d %4d %4d  %-20s %s\n", r.Line, r.Games, r.AWins, r.Draws, r.BWins, strings.Join(wins, ", "), r.Opening)
	}
}
