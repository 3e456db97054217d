package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/session"
	"github.com/urfave/cli/v2"
)

type aiGame = ai.Game[interpreter.SearchPosition, board.Move]
type aiPlayer = ai.Player[interpreter.SearchPosition, board.Move]

// searchGame is the game as the AI sees it, with the rule file's playout hint
// when it has one.
func searchGame(g *interpreter.Game) aiGame { return g.AI() }

// newPlayer makes a player from a spec, taking the rule file's playout
// length when the spec does not set one.
// Making it cannot panic (aiguard.go).
func newPlayer(g *interpreter.Game, spec ai.Spec, seed uint64) aiPlayer {
	return guardedPlayer("the AI "+spec.String(), func() aiPlayer { return session.NewPlayer(g, spec, seed) })
}

func parseSpec(flag, s string) (ai.Spec, error) {
	sp, err := ai.ParseSpec(s)
	if err != nil {
		return sp, usagef("--%s: %v\n%s", flag, err, ai.SpecHelp())
	}
	return sp, nil
}

// matchSummary is what `match --json` prints.
type matchSummary struct {
	Game     string  `json:"game"`
	A        string  `json:"a"`
	B        string  `json:"b"`
	Games    int     `json:"games"`
	AWins    int     `json:"a_wins"`
	BWins    int     `json:"b_wins"`
	Draws    int     `json:"draws"`
	Plies    int     `json:"plies"`
	Seconds  float64 `json:"seconds"`
	Score    float64 `json:"score"`
	ScoreLo  float64 `json:"score_lo"`
	ScoreHi  float64 `json:"score_hi"`
	Elo      float64 `json:"elo"`
	EloLo    float64 `json:"elo_lo"`
	EloHi    float64 `json:"elo_hi"`
	Adjudged int     `json:"adjudicated"`
	// Decisive is the number of games won by either side.
	Decisive int `json:"decisive"`
	// APoints and BPoints are the points won by each side, in a game whose
	// wins are worth points (end: points:).
	APoints  int              `json:"a_points,omitempty"`
	BPoints  int              `json:"b_points,omitempty"`
	Openings []openingSummary `json:"openings,omitempty"`
	// Seats are the results by seat, in turn order.
	Seats []seatSummary `json:"seats"`
	// APlaces counts A's places (1st first) in a game played for places
	// (match_places.go), whose score counts each place as a fraction.
	APlaces []int `json:"a_places,omitempty"`
}

// seatSummary is how one seat (player) fared in a match: the games won from
// it, whoever sat there, and A's games and wins in it.
type seatSummary struct {
	Player string `json:"player"`
	Wins   int    `json:"wins"`
	Draws  int    `json:"draws"`
	AGames int    `json:"a_games"`
	AWins  int    `json:"a_wins"`
	// APlaces counts A's places in this seat, in a game played for places.
	APlaces []int `json:"a_places,omitempty"`
}

func matchCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "play a series of games between two players and compare them",
		ArgsUsage: "GAME",
		Description: "Players are specs: random, greedy, mcts, mcts:easy|medium|hard|max, or\n" +
			"mcts:iterations=5000,threads=2 / mcts:time=2s. Colours alternate (--swap).\n" +
			"With more than two players A takes one seat, rotating, and B all the others.\n" +
			"In a game played for places (end: place:), A's place in a game counts as\n" +
			"(players-place)/(players-1) of a win (1, 2/3, 1/3, 0 with four), 1st place as\n" +
			"a win in the won/lost counts.\n\n" + ai.SpecHelp(),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "a", Value: "mcts:easy", Usage: "player A's `SPEC`"},
			&cli.StringFlag{Name: "b", Value: "random", Usage: "player B's `SPEC`"},
			&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 10, Usage: "play `N` games"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed for the players' randomness"},
			&cli.BoolFlag{Name: "swap", Value: true, Usage: "alternate colours between games (--swap=false: A always moves first)"},
			&cli.BoolFlag{Name: "json", Usage: "print one JSON summary object"},
			&cli.StringFlag{Name: "records", Usage: "write every game as a new record file into `DIR` (game-001.txt, game-002.txt...); a name already taken is never written over: before the match it is refused, during the match it stops the match"},
			&cli.IntFlag{Name: "max-plies", Value: 2000, Usage: "call a game still going after `N` plies a draw"},
			playersFlag,
			openingFlags[0], openingFlags[1],
			&cli.BoolFlag{Name: "cube", Usage: "in a game with a doubling cube (cube: in its rule file): play money games with it, counting points"},
			&cli.IntFlag{Name: "match", Usage: "in a game with a doubling cube: play --games matches to `N` points each, with the cube and the Crawford rule"},
			&cli.IntFlag{Name: "cube-rollouts", Value: interpreter.CubeRollouts, Usage: "playouts behind each cube decision (with --cube or --match)"},
		},
		Action: func(c *cli.Context) error {
			if err := checkFlags(c, matchFlagRanges, nil); err != nil {
				return err
			}
			g, err := openGame(c, "")
			if err != nil {
				return err
			}
			specA, err := parseSpec("a", c.String("a"))
			if err != nil {
				return err
			}
			specB, err := parseSpec("b", c.String("b"))
			if err != nil {
				return err
			}
			for _, sp := range []ai.Spec{specA, specB} {
				if err := ai.CheckSpec(searchGame(g), session.GameSpec(g, sp)); err != nil {
					return err
				}
			}
			suite, err := newOpeningSuite(c, g)
			if err != nil {
				return err
			}
			cube := c.Bool("cube") || c.IsSet("match")
			if cube && g.Cube() == nil {
				return usagef("match: %s has no doubling cube (no cube: in its rule file), so --cube and --match do not apply", g.Name)
			}
			if cube && suite != nil {
				return usagef("match: --cube and --match play from the start position; they do not take --openings")
			}
			n := c.Int("games")
			if suite != nil && !c.IsSet("games") {
				n = suite.games()
			}
			if n < 1 {
				return usagef("match: --games must be at least 1")
			}
			dir := c.String("records")
			if dir != "" {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return err
				}
				if err := checkRecordsDir(dir, n); err != nil {
					return err
				}
				if recordsChecked != nil {
					recordsChecked(dir)
				}
			}
			ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
			defer stop()
			progress := isTerminal(s.err) && !c.Bool("json")
			fmt.Fprintln(s.err, "Ctrl-C stops the match; the games finished are summarised, the one interrupted is not counted.")
			if cube {
				return runCubeMatch(ctx, s, c, g, specA, specB, n)
			}
			sum := matchSummary{Game: g.Name, A: specA.String(), B: specB.String()}
			for _, p := range g.Players {
				sum.Seats = append(sum.Seats, seatSummary{Player: p.Name})
			}
			places := &placeScores{players: len(g.Players)}
			start := time.Now()
			seed := c.Uint64("seed")
			report := newMatchProgress(s.err, n)
			report.begin(g.Name, sum.A, sum.B)
			for i := 0; i < n; i++ {
				if ctx.Err() != nil {
					fmt.Fprintf(s.err, "stopped after %d games\n", i)
					break
				}
				seatA := 0
				if c.Bool("swap") {
					seatA = i % len(g.Players)
				}
				players := make([]aiPlayer, len(g.Players))
				names := make([]string, len(g.Players))
				for seat := range players {
					if seat == seatA {
						players[seat], names[seat] = newPlayer(g, specA, seed*1000003+uint64(i)*2+1), "A "+specA.String()
					} else {
						players[seat], names[seat] = newPlayer(g, specB, seed*1000003+uint64(i)*2+2), "B "+specB.String()
					}
				}
				dice := rand.New(rand.NewPCG(seed, uint64(i))) // the rolls of a dice game
				h, adjudged, err := suite.play(ctx, g, players, c.Int("max-plies"), i, dice)
				if errors.Is(err, errInterrupted) {
					if err := interrupted(s, g, h, c.Args().First(), names, dir, i, n); err != nil {
						return err
					}
					break
				}
				if err != nil {
					// The game so far is kept, as unfinished, for a report.
					if werr := writeUnfinished(g, h, c.Args().First(), names, dir, i, n, "stopped by an error"); werr != nil {
						fmt.Fprintf(s.err, "stackrules: %v\n", werr)
					} else if dir != "" {
						fmt.Fprintf(s.err, "game %d, unfinished, is in %s\n", i+1, matchRecordPath(dir, i))
					}
					return fmt.Errorf("game %d: %w", i+1, err)
				}
				o := h.Outcome()
				switch {
				case !o.Over || o.Winner < 0:
					sum.Draws++
				case o.Winner == seatA:
					sum.AWins++
					sum.APoints += o.Points
				default:
					sum.BWins++
					sum.BPoints += o.Points
				}
				if adjudged {
					sum.Adjudged++
				}
				sum.Seats[seatA].AGames++
				switch {
				case !o.Over || o.Winner < 0:
					for k := range sum.Seats {
						sum.Seats[k].Draws++
					}
				default:
					sum.Seats[o.Winner].Wins++
					if o.Winner == seatA {
						sum.Seats[seatA].AWins++
					}
				}
				suite.record(i, seatA, o)
				if g.Ranked() && len(g.Players) > 2 {
					places.add(o, seatA, &sum)
				}
				sum.Games++
				sum.Plies += h.Plies()
				report.game(i, gameWinner(o, seatA), g.Players[seatA].Name, h.Plies(), ai.Record{Wins: sum.AWins, Draws: sum.Draws, Losses: sum.BWins})
				if dir != "" {
					rec := records.New(g, h, c.Args().First(), names, time.Now().Format("2006.01.02"))
					rec.SetTag("Event", fmt.Sprintf("match game %d of %d", i+1, n))
					if adjudged {
						rec.Result = records.ResultText(g, interpreter.Outcome{Over: true, Winner: -1}) // 1/2 for every player
						rec.SetTag("Result", rec.Result)
						rec.SetTag("Termination", fmt.Sprintf("adjudicated a draw after %d plies", h.Len()))
					}
					if err := createNew(matchRecordPath(dir, i), []byte(rec.String())); err != nil {
						return err
					}
				}
			}
			if progress {
				fmt.Fprint(s.err, "\r\033[K")
			}
			sum.Seconds = time.Since(start).Seconds()
			sum.Decisive = sum.AWins + sum.BWins
			sum.Openings = suite.summary()
			rec := ai.Record{Wins: sum.AWins, Draws: sum.Draws, Losses: sum.BWins}
			sum.Score = rec.Score()
			sum.ScoreLo, sum.ScoreHi = rec.WilsonInterval()
			sum.Elo = rec.Elo()
			sum.EloLo, sum.EloHi = ai.EloFromScore(sum.ScoreLo), ai.EloFromScore(sum.ScoreHi)
			places.summarise(&sum)
			if c.Bool("json") {
				b, _ := json.Marshal(sum)
				fmt.Fprintln(s.out, string(b))
				return nil
			}
			fmt.Fprintf(s.out, "%s: A = %s, B = %s\n", g.Name, sum.A, sum.B)
			fmt.Fprintf(s.out, "games %d: A won %d, drew %d, lost %d", sum.Games, sum.AWins, sum.Draws, sum.BWins)
			if sum.Adjudged > 0 {
				fmt.Fprintf(s.out, " (%d drawn at the ply limit)", sum.Adjudged)
			}
			fmt.Fprint(s.out, "\n")
			if sum.APlaces != nil {
				fmt.Fprintf(s.out, "A's places: %s (a place counts as (players-place)/(players-1) of a win)\n", placesText(sum.APlaces))
			}
			fmt.Fprint(s.out, summaryScoreText(sum))
			printSeats(s, sum.Seats)
			if g.MaxPoints() > 1 {
				fmt.Fprintf(s.out, "points: A %d, B %d\n", sum.APoints, sum.BPoints)
			}
			fmt.Fprintf(s.out, "%d plies in %.1fs\n", sum.Plies, sum.Seconds)
			printOpenings(s, sum.Openings)
			return nil
		},
	}
}

// playGame plays one game between players (one per seat) with the game's
// draw rules, and says whether it was cut at maxPlies.
func playGame(ctx context.Context, g *interpreter.Game, players []aiPlayer, maxPlies int, dice *rand.Rand) (*interpreter.History, bool, error) {
	return playFrom(ctx, g.NewHistory(g.Start()), players, maxPlies, dice)
}

// playFrom plays a game on from h (a start position and perhaps some moves),
// rolling a dice game's dice with dice (the rolls are in the history too, and
// not plies).
func playFrom(ctx context.Context, h *interpreter.History, players []aiPlayer, maxPlies int, dice *rand.Rand) (*interpreter.History, bool, error) {
	for !h.Outcome().Over {
		if maxPlies > 0 && h.Plies() >= maxPlies {
			return h, true, nil
		}
		pos := h.SearchPosition()
		if g := h.Game(); g.IsChance(&pos.Position) {
			if err := h.Play(g.RandomRoll(&pos.Position, dice)); err != nil {
				return h, false, err
			}
			continue
		}
		m, info := choose(ctx, players[pos.ToMove], h.Game().Players[pos.ToMove].Name+"'s AI", h, &pos)
		if info.Err != nil {
			return h, false, info.Err
		}
		if stopped(ctx) {
			return h, false, errInterrupted // the move was chosen in a hurry
		}
		if err := h.Play(m); err != nil {
			return h, false, fmt.Errorf("player %d chose an illegal move: %w", pos.ToMove, err)
		}
	}
	return h, false, nil
}

func bestCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "best",
		Usage:     "search a position with MCTS and print the best move and the top moves",
		ArgsUsage: "GAME",
		Flags: []cli.Flag{positionFlag, playersFlag,
			&cli.DurationFlag{Name: "time", Usage: "search for `DURATION` (default 2s unless --iterations is given)"},
			&cli.IntFlag{Name: "iterations", Usage: "search `N` iterations"},
			&cli.IntFlag{Name: "threads", Value: 1, Usage: "search threads"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "search seed"},
			&cli.IntFlag{Name: "top", Value: 8, Usage: "show the `N` most visited moves"},
			&cli.StringFlag{Name: "net", Usage: "rate the leaves with the value network in `FILE` (made by stackrules train); none: not even the rule file's network"},
		},
		Action: func(c *cli.Context) error {
			if err := checkFlags(c, bestIntRanges(c), bestDurations); err != nil {
				return err
			}
			g, err := openGame(c, "")
			if err != nil {
				return err
			}
			p, err := position(c, g)
			if err != nil {
				return err
			}
			sp := session.GameSpec(g, ai.Spec{Kind: ai.KindMCTS, Iterations: c.Int("iterations"), Time: c.Duration("time"), Threads: c.Int("threads"), Net: c.String("net")})
			if sp.Net == ai.NoNet {
				sp.Network = nil
			} else if sp.Net != "" {
				enc := searchGame(g).(ai.Encoder[interpreter.SearchPosition])
				if sp.Network, err = ai.LoadNet(sp.Net, enc.FeatureLayout(), enc.Features(), len(g.Players)); err != nil {
					return err
				}
			}
			if sp.Iterations == 0 && sp.Time == 0 {
				sp.Time = 2 * time.Second
			}
			cfg := sp.Config(c.Uint64("seed"))
			if o := g.Result(&p); o.Over {
				fmt.Fprintf(s.out, "the game is over: %s\n", outcomeText(g, o))
				return nil
			}
			if g.IsChance(&p) {
				return usagef("best: the dice are rolled next at this position; give the roll to play in it (roll:65 after the cells, or the XGID's dice)")
			}
			ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
			defer stop()
			res, err := session.Search(ctx, g, cfg, sp.Network, &interpreter.SearchPosition{Position: p})
			if err != nil {
				return err
			}
			if res.Err != nil {
				return res.Err
			}
			mover := g.Players[res.Player].Name
			fmt.Fprintf(s.out, "best move for %s: %s", mover, g.MoveString(res.Move))
			switch res.Proof {
			case ai.Win:
				fmt.Fprintf(s.out, " (proven win for %s in %s)\n", mover, pliesText(res.Plies))
			case ai.Loss:
				fmt.Fprintf(s.out, " (proven loss for %s in %s: every move loses against best play)\n", mover, pliesText(res.Plies))
			default:
				fmt.Fprintf(s.out, " (value %.3f for %s)\n", res.Value, mover)
			}
			fmt.Fprintf(s.out, "%d iterations in %s, %d nodes\n", res.Iterations, res.Elapsed.Round(time.Millisecond), res.Nodes)
			if len(res.PV) > 1 {
				var pv []string
				for _, m := range res.PV {
					pv = append(pv, g.MoveString(m))
				}
				fmt.Fprintf(s.out, "expected line: %s\n", strings.Join(pv, " "))
			}
			fmt.Fprintf(s.out, "%-14s %8s %7s  %s\n", "move", "visits", "value", "proof")
			for i, ms := range res.Moves {
				if i >= c.Int("top") {
					break
				}
				proof := ""
				if ms.Proof != ai.Unknown {
					proof = ms.Proof.String() + " in " + pliesText(ms.Plies)
				}
				fmt.Fprintf(s.out, "%-14s %8d %7.3f  %s\n", g.MoveString(ms.Move), ms.Visits, ms.Value, proof)
			}
			return nil
		},
	}
}
