package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/session"
	"github.com/urfave/cli/v2"
)

// match --cube and match --match N: a dice game with a doubling cube (cube:
// in its rule file), played as money games (points won, the cube's value
// times the win's worth) or as matches to N points with the Crawford rule.
// Both players take their cube decisions by the AI's cube advice (as the AI
// does at the terminal); the specs decide the moves. Games are played
// through a session, as at the terminal, so a record holds the cube's
// actions and replays as played.

// cubeMatchSummary is what `match --cube --json` and `match --match N --json`
// print.
type cubeMatchSummary struct {
	Game string `json:"game"`
	A    string `json:"a"`
	B    string `json:"b"`
	// MatchLength is the points a match is played to, 0 for money games.
	MatchLength int `json:"match_length"`
	// Matches, AMatches and BMatches count the matches played and won (0 for
	// money games).
	Matches  int `json:"matches,omitempty"`
	AMatches int `json:"a_matches,omitempty"`
	BMatches int `json:"b_matches,omitempty"`
	Games    int `json:"games"`
	AWins    int `json:"a_wins"`
	BWins    int `json:"b_wins"`
	// Draws are games cut at --max-plies, which score nothing.
	Draws   int `json:"draws"`
	APoints int `json:"a_points"`
	BPoints int `json:"b_points"`
	// PointsPerGame is A's points less B's per game, and PointsSE its
	// standard error.
	PointsPerGame float64 `json:"points_per_game"`
	PointsSE      float64 `json:"points_se"`
	// Doubles, Drops count the doubles offered and the ones dropped.
	Doubles int     `json:"doubles"`
	Drops   int     `json:"drops"`
	Plies   int     `json:"plies"`
	Seconds float64 `json:"seconds"`
}

// cubeMatch is one run of match --cube or --match.
type cubeMatch struct {
	s            *streams
	g            *interpreter.Game
	variant      string
	specA, specB ai.Spec
	seed         uint64
	maxPlies     int
	rollouts     int
	dir          string // --records, "" for none
	recordsDone  int    // records written so far
	sum          cubeMatchSummary
	sumSq        float64 // of A's points less B's per game
}

func runCubeMatch(ctx context.Context, s *streams, c *cli.Context, g *interpreter.Game, specA, specB ai.Spec, units int) error {
	length := c.Int("match")
	m := &cubeMatch{s: s, g: g, variant: c.Args().First(), specA: specA, specB: specB,
		seed: c.Uint64("seed"), maxPlies: c.Int("max-plies"), rollouts: c.Int("cube-rollouts"), dir: c.String("records"),
		sum: cubeMatchSummary{Game: g.Name, A: specA.String(), B: specB.String(), MatchLength: length}}
	start := time.Now()
	what := "money games"
	if length > 0 {
		what = fmt.Sprintf("matches to %d", length)
	}
	fmt.Fprintf(s.err, "%s: %d %s with the cube, A = %s, B = %s\n", g.Name, units, what, m.sum.A, m.sum.B)
	var err error
	for i := 0; i < units && err == nil; i++ {
		if ctx.Err() != nil {
			fmt.Fprintf(s.err, "stopped after %d %s\n", i, what)
			break
		}
		seatA := 0
		if c.Bool("swap") {
			seatA = i % 2
		}
		if length == 0 {
			_, _, err = m.game(ctx, seatA, g.Cube().NewCube(0, [2]int{}, false))
			continue
		}
		err = m.match(ctx, seatA, length)
	}
	if errors.Is(err, errInterrupted) {
		fmt.Fprintln(s.err, "stopped: the game interrupted is not counted")
		err = nil
	}
	if err != nil {
		return err
	}
	m.sum.Seconds = time.Since(start).Seconds()
	if n := float64(m.sum.Games); n > 0 {
		mean := float64(m.sum.APoints-m.sum.BPoints) / n
		m.sum.PointsPerGame = mean
		if v := m.sumSq/n - mean*mean; v > 0 && n > 1 {
			m.sum.PointsSE = math.Sqrt(v / (n - 1))
		}
	}
	return m.print(c.Bool("json"))
}

// match plays one match to length points, A in seat seatA throughout.
func (m *cubeMatch) match(ctx context.Context, seatA, length int) error {
	cs := m.g.Cube().NewCube(length, [2]int{}, false)
	for {
		winner, pts, err := m.game(ctx, seatA, cs)
		if err != nil {
			return err
		}
		if winner < 0 {
			// A game cut at the ply limit scores nothing; a match of such
			// games would never end.
			return fmt.Errorf("match %d: a game was cut at --max-plies %d; raise it to play the match out", m.sum.Matches+1, m.maxPlies)
		}
		next, over := m.g.Cube().NextGame(cs, winner, pts)
		if over {
			score := cs.Score
			score[winner] += pts
			m.sum.Matches++
			if winner == seatA {
				m.sum.AMatches++
			} else {
				m.sum.BMatches++
			}
			fmt.Fprintf(m.s.err, "match %d: %s %d, %s %d: %s wins\n", m.sum.Matches,
				m.g.Players[0].Name, score[0], m.g.Players[1].Name, score[1], sideName(winner == seatA))
			return nil
		}
		cs = next
	}
}

func sideName(a bool) string {
	if a {
		return "A"
	}
	return "B"
}

// game plays one game with cube cs, A in seat seatA; it returns the winner
// (-1 when cut at the ply limit) and the points won.
func (m *cubeMatch) game(ctx context.Context, seatA int, cs interpreter.CubeState) (int, int, error) {
	g := m.g
	k := m.sum.Games
	seats := make([]session.Seat, 2)
	for i := range seats {
		if i == seatA {
			seats[i] = session.Seat{Spec: m.specA}
		} else {
			seats[i] = session.Seat{Spec: m.specB}
		}
	}
	sess, err := session.New(g, m.variant, seats, g.Start())
	if err != nil {
		return -1, 0, err
	}
	if err := sess.UseCube(cs); err != nil {
		return -1, 0, err
	}
	sess.CubeRollouts = m.rollouts
	sess.SetDiceSeed(m.seed*1000003 + uint64(k))
	players := make([]aiPlayer, 2)
	for i := range players {
		players[i] = newPlayer(g, seats[i].Spec, m.seed*1000003+uint64(k)*2+uint64(i)+1)
	}
	cut := false
	for !sess.Outcome().Over {
		if ctx.Err() != nil {
			return -1, 0, errInterrupted
		}
		for _, a := range sess.CubeTurn() {
			if a == interpreter.Double {
				m.sum.Doubles++
			}
			if a == interpreter.Drop {
				m.sum.Drops++
			}
		}
		if sess.Outcome().Over {
			break
		}
		if sess.AtChance() {
			sess.Settle()
			continue
		}
		h := sess.History()
		if m.maxPlies > 0 && h.Plies() >= m.maxPlies {
			cut = true
			break
		}
		pos := h.SearchPosition()
		mv, info := choose(ctx, players[pos.ToMove], g.Players[pos.ToMove].Name+"'s AI", h, &pos)
		if info.Err != nil {
			return -1, 0, info.Err
		}
		if stopped(ctx) {
			return -1, 0, errInterrupted
		}
		if err := sess.PlayMove(mv); err != nil {
			return -1, 0, fmt.Errorf("game %d: player %d chose an illegal move: %w", k+1, pos.ToMove, err)
		}
	}
	m.sum.Games++
	m.sum.Plies += sess.History().Plies()
	winner, pts := -1, 0
	if o := sess.Outcome(); !cut && o.Over && o.Winner >= 0 {
		winner, pts = o.Winner, sess.Points()
	}
	diff := 0
	switch {
	case winner < 0:
		m.sum.Draws++
	case winner == seatA:
		m.sum.AWins++
		m.sum.APoints += pts
		diff = pts
	default:
		m.sum.BWins++
		m.sum.BPoints += pts
		diff = -pts
	}
	m.sumSq += float64(diff * diff)
	if m.dir != "" {
		rec := sess.Record()
		rec.SetTag("Event", fmt.Sprintf("match game %d", k+1))
		if cut {
			rec.SetTag("Termination", fmt.Sprintf("cut after %d plies (--max-plies)", sess.History().Plies()))
		}
		if err := createNew(matchRecordPath(m.dir, m.recordsDone), []byte(rec.String())); err != nil {
			return -1, 0, err
		}
		m.recordsDone++
	}
	return winner, pts, nil
}

func (m *cubeMatch) print(asJSON bool) error {
	sum := m.sum
	if asJSON {
		b, err := json.Marshal(sum)
		if err != nil {
			return err
		}
		fmt.Fprintln(m.s.out, string(b))
		return nil
	}
	out := m.s.out
	fmt.Fprintf(out, "%s with the cube: A = %s, B = %s\n", sum.Game, sum.A, sum.B)
	if sum.MatchLength > 0 {
		fmt.Fprintf(out, "matches to %d: %d, A won %d, B won %d\n", sum.MatchLength, sum.Matches, sum.AMatches, sum.BMatches)
	}
	fmt.Fprintf(out, "games %d: A won %d, B won %d", sum.Games, sum.AWins, sum.BWins)
	if sum.Draws > 0 {
		fmt.Fprintf(out, ", %d cut at the ply limit", sum.Draws)
	}
	fmt.Fprintf(out, "\npoints: A %d, B %d (A %+.3f ± %.3f a game)\n", sum.APoints, sum.BPoints, sum.PointsPerGame, sum.PointsSE)
	fmt.Fprintf(out, "doubles %d, dropped %d\n", sum.Doubles, sum.Drops)
	fmt.Fprintf(out, "%d plies in %.1fs\n", sum.Plies, sum.Seconds)
	return nil
}
