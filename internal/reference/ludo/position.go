package ludo

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Rules selects the two-dice game or the beginner level (one die, extra roll after
// bringing a piece out).
type Rules int

const (
	TwoDice Rules = iota
	Beginner
)

const (
	pieces     = 4
	loopLen    = 52
	lastLoop   = 50 // the last step on the loop; 51..55 are the home column
	winning    = 56
	inBase     = -1
	startApart = 13
)

// colours holds the letters of the four colours in clockwise turn order.
const colours = "rgyb"

// Position is a Ludo position: the players in play, each player's piece steps, the player
// to move, the roll if rolled, and at the beginner level whether an extra roll is pending.
// A Position is a value: copying it copies everything.
type Position struct {
	rules   Rules
	players int
	steps   [4][pieces]int8 // per player in play, sorted ascending
	toMove  int
	roll    [2]int8 // higher die first; zero when not rolled; beginner uses roll[0]
	extra   bool    // beginner: a piece was just brought out, the extra roll is to come
}

// colourIndex returns the clockwise colour index (0 red, 1 green, 2 yellow, 3 blue) of the
// player at index i in play.
func colourIndex(players, i int) int {
	if players == 2 {
		return 2 * i // red and yellow, opposite corners
	}
	return i
}

// Start returns the starting position for 2, 3 or 4 players: every piece in base, red to
// roll.
func Start(players int, rules Rules) (*Position, error) {
	steps := make([][pieces]int, players)
	for i := range steps {
		steps[i] = [pieces]int{inBase, inBase, inBase, inBase}
	}
	return New(players, rules, steps, 0)
}

// New returns the position with the given steps per player in play (in turn order, -1 for
// base, 0..56 along the path) and the player to move, with no roll. It is meant for
// hand-worked positions; it checks the ranges, not whether the position can arise in play.
func New(players int, rules Rules, steps [][pieces]int, toMove int) (*Position, error) {
	if players < 2 || players > 4 {
		return nil, fmt.Errorf("ludo: %d players; want 2, 3 or 4", players)
	}
	if rules != TwoDice && rules != Beginner {
		return nil, fmt.Errorf("ludo: unknown rules %d", rules)
	}
	if len(steps) != players {
		return nil, fmt.Errorf("ludo: steps for %d players; want %d", len(steps), players)
	}
	if toMove < 0 || toMove >= players {
		return nil, fmt.Errorf("ludo: player to move %d out of range 0..%d", toMove, players-1)
	}
	p := &Position{rules: rules, players: players, toMove: toMove}
	for i, own := range steps {
		for k, s := range own {
			if s < inBase || s > winning {
				return nil, fmt.Errorf("ludo: player %c piece %d on step %d; want -1..56",
					p.Letter(i), k+1, s)
			}
			p.steps[i][k] = int8(s)
		}
		p.sortSteps(i)
	}
	return p, nil
}

// WithRoll returns a copy of p with the dice rolled: two dice in the two-dice game, one at
// the beginner level, each 1..6. It returns nil when p already has a roll, the game is
// over, or the dice are not valid.
func (p *Position) WithRoll(dice ...int) *Position {
	want := 2
	if p.rules == Beginner {
		want = 1
	}
	if p.roll[0] != 0 || p.Winner() >= 0 || len(dice) != want {
		return nil
	}
	for _, d := range dice {
		if d < 1 || d > 6 {
			return nil
		}
	}
	q := *p
	q.roll[0] = int8(dice[0])
	if want == 2 {
		q.roll[1] = int8(dice[1])
		if q.roll[1] > q.roll[0] {
			q.roll[0], q.roll[1] = q.roll[1], q.roll[0]
		}
	}
	return &q
}

// Players returns the number of players in play.
func (p *Position) Players() int { return p.players }

// ToMove returns the index of the player to move.
func (p *Position) ToMove() int { return p.toMove }

// Letter returns the colour letter (r, g, y, b) of the player at index i in play.
func (p *Position) Letter(i int) byte { return colours[colourIndex(p.players, i)] }

// Steps returns the sorted steps of the pieces of player i.
func (p *Position) Steps(i int) [pieces]int {
	var out [pieces]int
	for k, s := range p.steps[i] {
		out[k] = int(s)
	}
	return out
}

// Rolled reports whether p has its roll (false at a chance node).
func (p *Position) Rolled() bool { return p.roll[0] != 0 }

// ExtraPending reports whether, at the beginner level, the player to move has brought a
// piece out and has the extra roll to play.
func (p *Position) ExtraPending() bool { return p.extra }

// Winner returns -1 while the game goes on, else the index of the player with all four
// pieces on the winning square.
func (p *Position) Winner() int {
	for i := 0; i < p.players; i++ {
		if p.steps[i][0] == winning { // sorted: the smallest step is 56
			return i
		}
	}
	return -1
}

// Key returns a canonical text for p: rules, each player's sorted steps, the player to
// move, the roll ("-" when not rolled) and "extra" when an extra roll is pending. Two
// positions are equal exactly when their keys are.
func (p *Position) Key() string {
	var b strings.Builder
	if p.rules == Beginner {
		b.WriteString("beginner")
	} else {
		b.WriteString("two-dice")
	}
	for i := 0; i < p.players; i++ {
		b.WriteByte(' ')
		b.WriteByte(p.Letter(i))
		b.WriteByte(':')
		for k, s := range p.steps[i] {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(int(s)))
		}
	}
	b.WriteString(" to:")
	b.WriteByte(p.Letter(p.toMove))
	b.WriteString(" roll:")
	switch {
	case p.roll[0] == 0:
		b.WriteByte('-')
	case p.rules == Beginner:
		b.WriteString(strconv.Itoa(int(p.roll[0])))
	default:
		b.WriteString(strconv.Itoa(int(p.roll[0])))
		b.WriteString(strconv.Itoa(int(p.roll[1])))
	}
	if p.extra {
		b.WriteString(" extra")
	}
	return b.String()
}

func (p *Position) String() string { return p.Key() }

func (p *Position) sortSteps(i int) {
	s := p.steps[i][:]
	sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
}

// loopSquare returns the loop square (0..51) of player i's piece on step s, or -1 when s is
// not a loop step (base, home column, winning square).
func (p *Position) loopSquare(i int, s int) int {
	if s < 0 || s > lastLoop {
		return -1
	}
	return (colourIndex(p.players, i)*startApart + s) % loopLen
}

// advance returns the step reached from step s (0..55) by a count n: the exact count
// reaches the winning square, a larger one walks there and back the rest of the way.
func advance(s, n int) int {
	t := s + n
	if t > winning {
		t = 2*winning - t
	}
	return t
}
