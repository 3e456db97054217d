package dice

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// The notation of dice games, GNU Backgammon's: a play is its die moves in
// the mover's own point numbers (the steps left to the end of its track),
// `from/to`, with the track's first square by its name (`bar`) and `off` past
// the end; `*` marks a landing that hits. Moves are written highest
// from-point first; a move that starts where an earlier one ends is joined to
// it (`24/13`), keeping the middle point only when it hit there
// (`24/18*/13`); identical moves are written once with a count (`8/5(2)`).
// A roll is its two dice, higher first (`65`); the opening roll is the first
// player's die, a dash, the second's (`6-5`: the first player starts with 65).

// MoveString writes a Roll, a Play or a pass of a dice game.
func (e *Engine[H]) MoveString(m board.Move) string {
	switch m.Kind {
	case board.Pass:
		if m.Piece&Penalty != 0 {
			return "penalty"
		}
		return "pass"
	case board.Roll:
		if m.Lift == 1 || m.Lift == 2 {
			a, b := int(m.From), int(m.To)
			if m.Rule == 1 {
				a, b = b, a
			}
			return fmt.Sprintf("%d-%d", a, b)
		}
		if m.To == 0 {
			return strconv.Itoa(int(m.From))
		}
		return board.RollString(int(m.From), int(m.To))
	case board.Play:
		return e.formatPlay(m)
	}
	return e.b.MoveString(m)
}

// pointBits is a set of a track's points (tracks of more than 64 squares,
// as Parcheesi's 72, included).
type pointBits [4]uint64

func (b *pointBits) add(pt int)      { b[pt>>6&3] |= 1 << (pt & 63) }
func (b *pointBits) has(pt int) bool { return b[pt>>6&3]&(1<<(pt&63)) != 0 }

// playPath is a checker's path in a play, in the mover's point numbers.
type playPath struct {
	pts  [board.MaxDiceMoves + 1]int
	last int
	n    int
	live bool
}

func (e *Engine[H]) formatPlay(m board.Move) string {
	if m.Jumps == 0 {
		return "pass"
	}
	me := int(m.Lift)
	finish := len(e.Track(me))
	point := func(sq board.Square) int { // steps left to the end
		if sq == board.NoSquare {
			return 0
		}
		return finish - int(e.StepOf(me, sq))
	}
	var hitAt pointBits // points where a move of the play hit
	var paths [board.MaxDiceMoves]playPath
	k := int(m.Jumps)
	for i := 0; i < k; i++ {
		from, to := point(m.Via[2*i]), point(m.Via[2*i+1])
		paths[i] = playPath{pts: [board.MaxDiceMoves + 1]int{from, to}, last: 1, n: 1, live: true}
		if m.Removed&(1<<i) != 0 && !(m.Piece&RollsAgain != 0 && e.HitsAtEnd) { // an extra roll's hit waits
			hitAt.add(to)
		}
	}
	ps := paths[:k]
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].pts[0] != ps[j].pts[0] {
			return ps[i].pts[0] > ps[j].pts[0]
		}
		return ps[i].pts[1] > ps[j].pts[1]
	})
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			a, b := &ps[i], &ps[j]
			if !a.live || !b.live || a.pts[a.last] != b.pts[0] || a.pts[a.last] == 0 {
				continue
			}
			if hitAt.has(a.pts[a.last]) {
				a.last++
			}
			a.pts[a.last] = b.pts[1]
			b.live = false
		}
	}
	for i := range ps {
		if !ps[i].live {
			continue
		}
		for j := i + 1; j < len(ps); j++ {
			if ps[j].live && ps[j].last == ps[i].last && ps[j].pts == ps[i].pts {
				ps[i].n++
				ps[j].live = false
			}
		}
	}
	name := func(pt int) string { return e.TrackPoint(finish, finish-pt) }
	var sb strings.Builder
	var starred pointBits
	for i := range ps {
		pa := &ps[i]
		if !pa.live {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(name(pa.pts[0]))
		for j := 1; j <= pa.last; j++ {
			pt := pa.pts[j]
			sb.WriteByte('/')
			sb.WriteString(name(pt))
			if pt != 0 && hitAt.has(pt) && (j < pa.last || !starred.has(pt)) {
				sb.WriteByte('*')
				starred.add(pt)
			}
		}
		if pa.n > 1 {
			sb.WriteString("(" + strconv.Itoa(pa.n) + ")")
		}
	}
	if m.Removed&PendingBit != 0 {
		// The square the extra roll's play settles, as `0*`: a piece of the
		// mover's is still there.
		if s := e.StepOf(me, m.Via[len(m.Via)-1]); s >= 0 {
			sb.WriteString(" " + e.TrackPoint(finish, int(s)) + "*")
		}
	}
	return sb.String()
}

// ParsedStep is one checker's move as written, from and to as steps along
// the mover's track.
type ParsedStep struct{ From, To int }

// ParsePlayText reads a play as written, in any order, into checker moves
// (a path a/b/c is a/b and b/c; (n) repeats it), checking only its syntax.
func (e *Engine[H]) ParsePlayText(text string, finish int) ([]ParsedStep, error) {
	t := strings.TrimSpace(text)
	var out []ParsedStep
	for _, tok := range strings.Fields(t) {
		count := 1
		if i := strings.IndexByte(tok, '('); i >= 0 {
			if !strings.HasSuffix(tok, ")") {
				return nil, fmt.Errorf("move %q: %q: a count is written in brackets at the end, like 8/5(2)", t, tok)
			}
			n, err := strconv.Atoi(tok[i+1 : len(tok)-1])
			if err != nil || n < 1 || n > board.MaxDiceMoves {
				return nil, fmt.Errorf("move %q: %q: the count in brackets must be 1 to %d", t, tok, board.MaxDiceMoves)
			}
			count, tok = n, tok[:i]
		}
		if !strings.Contains(tok, "/") && strings.HasSuffix(tok, "*") {
			continue // a square settled after an extra roll (`0*`): a note, not a move
		}
		parts := strings.Split(tok, "/")
		if len(parts) < 2 {
			return nil, fmt.Errorf("move %q: %q is not a move like %s", t, tok, e.PlayExamples(finish))
		}
		var pts []int
		for _, p := range parts {
			p = strings.TrimSuffix(p, "*")
			s, ok := e.ParseTrackPoint(finish, p)
			if !ok {
				return nil, fmt.Errorf("move %q: %q is not a point (1 to %d, %s or off)", t, p, finish-1, e.Start)
			}
			pts = append(pts, s)
		}
		for c := 0; c < count; c++ {
			for i := 0; i+1 < len(pts); i++ {
				out = append(out, ParsedStep{pts[i], pts[i+1]})
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("move %q: empty", t)
	}
	if len(out) > board.MaxDiceMoves {
		return nil, fmt.Errorf("move %q: more than %d checker moves", t, board.MaxDiceMoves)
	}
	return out, nil
}

// CheckMoveText checks the syntax of a dice game's move text.
func (e *Engine[H]) CheckMoveText(text string) error {
	t := strings.TrimSpace(text)
	switch {
	case t == "pass" || t == "penalty":
		return nil
	case IsRollText(t):
		return nil
	}
	_, err := e.ParsePlayText(t, len(e.Track(0)))
	return err
}

// IsRollText reports whether t is written as a roll (`65`, `6-5`, `4`),
// not as a play.
func IsRollText(t string) bool {
	digits := func(s string) bool {
		for _, ch := range s {
			if ch < '0' || ch > '9' {
				return false
			}
		}
		return s != ""
	}
	if a, b, ok := strings.Cut(t, "-"); ok {
		return len(a) == 1 && len(b) == 1 && digits(a) && digits(b)
	}
	return len(t) <= 2 && digits(t)
}

// Routes lists the ways to play steps die by die at p: steps as
// written first, then each step longer than any one die split into hops of
// the dice in every order (at most a few dozen ways).
func (e *Engine[H]) Routes(p *board.Position, steps []ParsedStep) [][]ParsedStep {
	finish := len(e.Track(int(p.ToMove)))
	var dice []int
	d1, d2 := int(p.Dice[0]), int(p.Dice[1])
	switch {
	case d2 == 0:
		dice = []int{d1}
	case d1 == d2:
		for range e.Doubles {
			dice = append(dice, d1)
		}
	default:
		dice = []int{d1, d2}
	}
	out := [][]ParsedStep{steps}
	var walk func(i, at int, left []int, acc []ParsedStep)
	walk = func(i, at int, left []int, acc []ParsedStep) {
		if len(out) >= 48 {
			return
		}
		if i == len(steps) {
			if !slices.Equal(acc, steps) {
				out = append(out, slices.Clone(acc))
			}
			return
		}
		st := steps[i]
		if at < 0 {
			at = st.From
		}
		tried := map[int]bool{}
		for j, d := range left {
			if tried[d] {
				continue
			}
			tried[d] = true
			rest := append(slices.Clone(left[:j]), left[j+1:]...)
			switch to := at + d; {
			case to == st.To || st.To == finish && to > finish:
				walk(i+1, -1, rest, append(acc, ParsedStep{at, st.To}))
			case to < st.To:
				walk(i, to, rest, append(acc, ParsedStep{at, to}))
			}
		}
	}
	walk(0, -1, dice, nil)
	return out
}

// PlayAsWritten plays the checker moves of a play as written by player
// me (who names it in messages) at p, hitting what stands on a landing
// point of another player's (a hit is what a landing on a lone checker
// does in most games, and the only trace the play leaves of a point passed
// through): the position reached, to compare with the legal plays'. t is
// the play's text, for messages.
func (e *Engine[H]) PlayAsWritten(p *board.Position, t string, steps []ParsedStep, who string) (board.Position, error) {
	me := int(p.ToMove)
	finish := len(e.Track(me))
	q := *p
	for _, st := range steps {
		if st.From >= finish || (st.To <= st.From && !e.Bounce) {
			return q, fmt.Errorf("move %q: %s/%s does not go forward", t, e.TrackPoint(finish, st.From), e.TrackPoint(finish, st.To))
		}
		from := e.Track(me)[st.From]
		if s := q.Cells[from]; s == 0 || OwnPieces(e.b, s, me) == 0 {
			return q, fmt.Errorf("move %q is not legal here: no checker of %s's on %s", t, who, e.TrackPoint(finish, st.From))
		}
		to := board.NoSquare
		if st.To < finish {
			to = e.Track(me)[st.To]
		}
		hit := to != board.NoSquare && q.Cells[to] != 0 && e.b.TopOwner(q.Cells[to]) != me && !e.HitsAtEnd
		e.ApplyStep(&q, me, from, to, hit)
	}
	return q, nil
}

// MatchRollOrPass matches move text t against the legal moves at p where
// it is a roll (p is a chance node: `65`, `56`, the opening's `6-5`; at
// an opening that only decides who starts, any a-b names its starter) or
// `pass` or `penalty`.
func (e *Engine[H]) MatchRollOrPass(p *board.Position, t string, legal []board.Move) (board.Move, error) {
	if !p.Rolled() {
		for _, m := range legal {
			if e.MoveString(m) == t || (m.Lift == 0 && len(t) == 2 && t[0] < t[1] && e.MoveString(m) == string([]byte{t[1], t[0]})) {
				return m, nil
			}
		}
		// An opening roll that only decides who starts: any a-b names the starter.
		if a, b, ok := strings.Cut(t, "-"); ok && p.Opening && e.Reroll && len(a) == 1 && len(b) == 1 && a != b &&
			a[0] >= '1' && b[0] >= '1' && int(a[0]-'0') <= e.Sides && int(b[0]-'0') <= e.Sides {
			m := e.RollMove(p, int(a[0]-'0'), int(b[0]-'0'))
			for _, l := range legal {
				if l == m {
					return m, nil
				}
			}
		}
		if !IsRollText(t) {
			return board.Move{}, fmt.Errorf("move %q: the dice are rolled next: write the roll, like 65", t)
		}
		return board.Move{}, fmt.Errorf("roll %q is not a roll here", t)
	}
	for _, m := range legal {
		if m.Kind == board.Pass && e.MoveString(m) == t {
			return m, nil
		}
	}
	if t == "penalty" {
		return board.Move{}, fmt.Errorf("move %q is not legal here: the roll is played, not a penalty", t)
	}
	return board.Move{}, fmt.Errorf("move %q is not legal here: the roll %s can be played", t, board.RollString(int(p.Dice[0]), int(p.Dice[1])))
}

// ExplainRollUse says which rule on using the roll a play breaks whose
// every checker move, steps, can be played at p, with a legal play that
// keeps it.
func (e *Engine[H]) ExplainRollUse(p *board.Position, steps []ParsedStep, legal []board.Move) string {
	d1, d2 := int(p.Dice[0]), int(p.Dice[1])
	if len(legal) == 1 && legal[0].Kind == board.Pass {
		return "no die can be played: the turn passes (pass)"
	}
	used := int(legal[0].Jumps)
	switch {
	case used == 2 && d1 != d2 && len(steps) < used:
		return fmt.Sprintf("you must use both dice: %s plays both", e.MoveString(legal[0]))
	case used > 1 && len(steps) < used:
		return fmt.Sprintf("as many dice as can be played must be: %s plays %d", e.MoveString(legal[0]), used)
	case used == 1 && d1 != d2:
		return fmt.Sprintf("only one die can be played, and then the larger, %d, if it can: %s", d1, e.LegalPlaysHint(legal))
	}
	return "not a legal play: " + e.LegalPlaysHint(legal)
}

// LegalPlaysHint lists a few legal plays, for messages.
func (e *Engine[H]) LegalPlaysHint(legal []board.Move) string {
	var s []string
	for i, m := range legal {
		if i == 6 {
			s = append(s, fmt.Sprintf("and %d more", len(legal)-i))
			break
		}
		s = append(s, e.MoveString(m))
	}
	return "legal plays: " + strings.Join(s, ", ")
}

// Notation is how a dice game writes its plays, for help texts: the
// name of a track's first square (bar, base), whether steps are counted
// from the start square up (Ludo) rather than as points left to go
// (backgammon), whether a play can hit (written *), whether counts past
// the end walk back, the dice rolled at once and an opening roll.
type Notation struct {
	Start              string
	FromStart          bool
	Hits, HitsAtEnd    bool
	Bounce             bool
	Dice, Doubles      int
	Opening, ExtraRoll bool
	// Reroll: the opening roll only decides who starts (opening: reroll);
	// PassAgain, Penalty, Bonus: the game has dice: pass_again, dice:
	// penalty, and dice move rules that earn bonus moves.
	Reroll, PassAgain, Penalty, Bonus bool
	Bottoms                           bool // dice: bottoms: a double may be played by its tops and bottoms
}

// Notation describes the notation of the game's plays.
func (e *Engine[H]) Notation() Notation {
	n := Notation{Start: e.Start, FromStart: e.FromStart, HitsAtEnd: e.HitsAtEnd, Bounce: e.Bounce,
		Dice: e.Count, Doubles: e.Doubles, Opening: e.Opening, Reroll: e.Reroll,
		PassAgain: e.passAgain != nil, Penalty: e.penalty != nil, Bonus: e.bonus, Bottoms: e.bottoms != nil}
	for _, r := range e.rules {
		n.Hits = n.Hits || r.Hit != nil
		n.ExtraRoll = n.ExtraRoll || r.Again || r.AgainIf != nil
	}
	return n
}

// DieMove is one die's move of a play, in the mover's point numbers (the
// steps left to the end of its track: the track's first square, a bar, is
// its length, and 0 is off the end).
type DieMove struct {
	From, To int
	Hit      bool
}

// DieMoves are the die moves of a play, in the order they were played.
func (e *Engine[H]) DieMoves(m board.Move) []DieMove {
	if m.Kind != board.Play {
		return nil
	}
	me := int(m.Lift)
	finish := len(e.Track(me))
	point := func(sq board.Square) int {
		if sq == board.NoSquare {
			return 0
		}
		return finish - int(e.StepOf(me, sq))
	}
	out := make([]DieMove, m.Jumps)
	for i := range out {
		out[i] = DieMove{From: point(m.Via[2*i]), To: point(m.Via[2*i+1]), Hit: m.Removed&(1<<i) != 0}
	}
	return out
}
