package interpreter

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter/internal/dice"
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

// diceMoveString writes a Roll, a Play or a pass of a dice game.
func (g *Game) diceMoveString(m board.Move) string {
	switch m.Kind {
	case board.Pass:
		if m.Piece&dice.Penalty != 0 {
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
		return g.formatPlay(m)
	}
	return g.Board.MoveString(m)
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

func (g *Game) formatPlay(m board.Move) string {
	if m.Jumps == 0 {
		return "pass"
	}
	dr := g.dice
	me := int(m.Lift)
	finish := len(dr.Track(me))
	point := func(sq board.Square) int { // steps left to the end
		if sq == noSquare {
			return 0
		}
		return finish - int(dr.StepOf(me, sq))
	}
	var hitAt pointBits // points where a move of the play hit
	var paths [board.MaxDiceMoves]playPath
	k := int(m.Jumps)
	for i := 0; i < k; i++ {
		from, to := point(m.Via[2*i]), point(m.Via[2*i+1])
		paths[i] = playPath{pts: [board.MaxDiceMoves + 1]int{from, to}, last: 1, n: 1, live: true}
		if m.Removed&(1<<i) != 0 && !(m.Piece == dice.RollsAgain && dr.Dice().HitsAtEnd) { // an extra roll's hit waits
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
	name := func(pt int) string { return dr.TrackPoint(finish, finish-pt) }
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
	if m.Removed&dice.PendingBit != 0 {
		// The square the extra roll's play settles, as `0*`: a piece of the
		// mover's is still there.
		if s := dr.StepOf(me, m.Via[len(m.Via)-1]); s >= 0 {
			sb.WriteString(" " + dr.TrackPoint(finish, int(s)) + "*")
		}
	}
	return sb.String()
}

// parsedStep is one checker's move as written, from and to as steps along
// the mover's track.
type parsedStep struct{ from, to int }

// parsePlayText reads a play as written, in any order, into checker moves
// (a path a/b/c is a/b and b/c; (n) repeats it), checking only its syntax.
func (g *Game) parsePlayText(text string, finish int) ([]parsedStep, error) {
	dr := g.dice
	t := strings.TrimSpace(text)
	var out []parsedStep
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
			return nil, fmt.Errorf("move %q: %q is not a move like %s", t, tok, dr.PlayExamples(finish))
		}
		var pts []int
		for _, p := range parts {
			p = strings.TrimSuffix(p, "*")
			s, ok := dr.ParseTrackPoint(finish, p)
			if !ok {
				return nil, fmt.Errorf("move %q: %q is not a point (1 to %d, %s or off)", t, p, finish-1, dr.Dice().Start)
			}
			pts = append(pts, s)
		}
		for c := 0; c < count; c++ {
			for i := 0; i+1 < len(pts); i++ {
				out = append(out, parsedStep{pts[i], pts[i+1]})
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

// checkDiceMoveText checks the syntax of a dice game's move text.
func (g *Game) checkDiceMoveText(text string) error {
	t := strings.TrimSpace(text)
	switch {
	case t == "pass" || t == "penalty":
		return nil
	case isRollText(t):
		return nil
	}
	_, err := g.parsePlayText(t, len(g.dice.Track(0)))
	return err
}

func isRollText(t string) bool {
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

// parseDiceMove matches move text against the legal moves at p: a roll at a
// chance node, a play (in any order, as GNU Backgammon reads it) or `pass`
// otherwise. A play matches the legal play that leads to the same position.
func (g *Game) parseDiceMove(p *board.Position, text string) (board.Move, error) {
	t := strings.TrimSpace(text)
	legal := g.LegalMoves(p, nil)
	if len(legal) == 0 {
		if o := g.Result(p); o.Over {
			return board.Move{}, fmt.Errorf("move %q: the game is over (%s)", t, o.Reason)
		}
	}
	if !p.Rolled() {
		for _, m := range legal {
			if g.diceMoveString(m) == t || (m.Lift == 0 && len(t) == 2 && t[0] < t[1] && g.diceMoveString(m) == string([]byte{t[1], t[0]})) {
				return m, nil
			}
		}
		// An opening roll that only decides who starts: any a-b names the starter.
		if a, b, ok := strings.Cut(t, "-"); ok && p.Opening && g.dice.Dice().Reroll && len(a) == 1 && len(b) == 1 && a != b &&
			a[0] >= '1' && b[0] >= '1' && int(a[0]-'0') <= g.dice.Dice().Sides && int(b[0]-'0') <= g.dice.Dice().Sides {
			m := g.dice.RollMove(p, int(a[0]-'0'), int(b[0]-'0'))
			for _, l := range legal {
				if l == m {
					return m, nil
				}
			}
		}
		if !isRollText(t) {
			return board.Move{}, fmt.Errorf("move %q: the dice are rolled next: write the roll, like 65", t)
		}
		return board.Move{}, fmt.Errorf("roll %q is not a roll here", t)
	}
	if t == "pass" || t == "penalty" {
		for _, m := range legal {
			if m.Kind == board.Pass && g.diceMoveString(m) == t {
				return m, nil
			}
		}
		if t == "penalty" {
			return board.Move{}, fmt.Errorf("move %q is not legal here: the roll is played, not a penalty", t)
		}
		return board.Move{}, fmt.Errorf("move %q is not legal here: the roll %s can be played", t, board.RollString(int(p.Dice[0]), int(p.Dice[1])))
	}
	me := int(p.ToMove)
	dr := g.dice
	finish := len(dr.Track(me))
	steps, err := g.parsePlayText(t, finish)
	if err != nil {
		return board.Move{}, err
	}
	// Play the checker moves as written, hitting what stands on a landing
	// point of another player's, and compare the position reached (a hit
	// is what a landing on a lone checker does in most games, and the only
	// trace the play leaves of a point passed through).
	q := *p
	for _, st := range steps {
		if st.from >= finish || (st.to <= st.from && !dr.Dice().Bounce) {
			return board.Move{}, fmt.Errorf("move %q: %s/%s does not go forward", t, dr.TrackPoint(finish, st.from), dr.TrackPoint(finish, st.to))
		}
		from := dr.Track(me)[st.from]
		if s := q.Cells[from]; s == 0 || dice.OwnPieces(g.Board, s, me) == 0 {
			return board.Move{}, fmt.Errorf("move %q is not legal here: no checker of %s's on %s", t, g.Players[me].Name, dr.TrackPoint(finish, st.from))
		}
		to := noSquare
		if st.to < finish {
			to = dr.Track(me)[st.to]
		}
		hit := to != noSquare && q.Cells[to] != 0 && g.Board.TopOwner(q.Cells[to]) != me && !dr.Dice().HitsAtEnd
		g.dice.ApplyStep(&q, me, from, to, hit)
	}
	for _, m := range legal {
		if m.Kind != board.Play {
			continue
		}
		r := *p
		unsettled := m
		if dr.Dice().HitsAtEnd {
			unsettled.Removed = 0 // compared before the hits settled at the end
		}
		g.applyDice(&r, unsettled)
		r.SetDice(0, 0, false)
		r.SetToMove(me)
		if r.Cells == q.Cells {
			return m, nil
		}
	}
	// Where the rules say a landing on another player's checker does not
	// hit (it pins, as in Plakoto), the text played by the rules, each hop
	// by a die and a rule that allows it, reaches the play's position.
	// A checker's move over several dice (11/5 with 51) is tried by each
	// order of the dice, the points touched on the way differing.
	for _, route := range g.diceRoutes(p, steps) {
		q, _, why := g.playTextByRules(p, route, new([]RuleCheck))
		if why != "" || q.Cells == p.Cells {
			continue
		}
		for _, m := range legal {
			if m.Kind != board.Play {
				continue
			}
			r := *p
			g.applyDice(&r, m)
			if r.Cells == q.Cells {
				return m, nil
			}
		}
	}
	return board.Move{}, fmt.Errorf("move %q is not legal here (roll %s): %s", t, board.RollString(int(p.Dice[0]), int(p.Dice[1])), g.legalPlaysHint(legal))
}

// diceRoutes lists the ways to play steps die by die at p: steps as
// written first, then each step longer than any one die split into hops of
// the dice in every order (at most a few dozen ways).
func (g *Game) diceRoutes(p *board.Position, steps []parsedStep) [][]parsedStep {
	finish := len(g.dice.Track(int(p.ToMove)))
	var dice []int
	d1, d2 := int(p.Dice[0]), int(p.Dice[1])
	switch {
	case d2 == 0:
		dice = []int{d1}
	case d1 == d2:
		for range g.dice.Dice().Doubles {
			dice = append(dice, d1)
		}
	default:
		dice = []int{d1, d2}
	}
	out := [][]parsedStep{steps}
	var walk func(i, at int, left []int, acc []parsedStep)
	walk = func(i, at int, left []int, acc []parsedStep) {
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
			at = st.from
		}
		tried := map[int]bool{}
		for j, d := range left {
			if tried[d] {
				continue
			}
			tried[d] = true
			rest := append(slices.Clone(left[:j]), left[j+1:]...)
			switch to := at + d; {
			case to == st.to || st.to == finish && to > finish:
				walk(i+1, -1, rest, append(acc, parsedStep{at, st.to}))
			case to < st.to:
				walk(i, to, rest, append(acc, parsedStep{at, to}))
			}
		}
	}
	walk(0, -1, dice, nil)
	return out
}

// legalPlaysHint lists a few legal plays, for messages.
func (g *Game) legalPlaysHint(legal []board.Move) string {
	var s []string
	for i, m := range legal {
		if i == 6 {
			s = append(s, fmt.Sprintf("and %d more", len(legal)-i))
			break
		}
		s = append(s, g.diceMoveString(m))
	}
	return "legal plays: " + strings.Join(s, ", ")
}

// explainDicePlay says why a dice game's move text is not legal at p: the
// die move that no rule allows (and the condition that stops it, in the
// rule file's words when it has some; checks has each rule's failing terms
// with their values), or, when every move written can be played, the rule
// on using the roll that it breaks, with a play that keeps it.
func (g *Game) explainDicePlay(p *board.Position, text string) (problem string, checks []RuleCheck) {
	problem = g.explainDiceSteps(p, text, &checks)
	return problem, checks
}

func (g *Game) explainDiceSteps(p *board.Position, text string, checks *[]RuleCheck) string {
	if !p.Rolled() {
		return "the dice are rolled next: write the roll, like 65"
	}
	if text == "pass" {
		return "the roll can be played: " + g.legalPlaysHint(g.LegalMoves(p, nil))
	}
	dr := g.dice
	me := int(p.ToMove)
	finish := len(dr.Track(me))
	steps, err := g.parsePlayText(text, finish)
	if err != nil {
		return err.Error()
	}
	if _, _, why := g.playTextByRules(p, steps, checks); why != "" {
		return why
	}
	d1, d2 := int(p.Dice[0]), int(p.Dice[1])
	legal := g.LegalMoves(p, nil)
	if len(legal) == 1 && legal[0].Kind == board.Pass {
		return "no die can be played: the turn passes (pass)"
	}
	used := int(legal[0].Jumps)
	switch {
	case used == 2 && d1 != d2 && len(steps) < used:
		return fmt.Sprintf("you must use both dice: %s plays both", g.diceMoveString(legal[0]))
	case used > 1 && len(steps) < used:
		return fmt.Sprintf("as many dice as can be played must be: %s plays %d", g.diceMoveString(legal[0]), used)
	case used == 1 && d1 != d2:
		return fmt.Sprintf("only one die can be played, and then the larger, %d, if it can: %s", d1, g.legalPlaysHint(legal))
	}
	return "not a legal play: " + g.legalPlaysHint(legal)
}

// PlayedSoFar is the position after the checker moves of text, the start
// of a play at p typed one checker at a time, and the dice they leave to
// play (the roll is cleared in the position): what a player sees in the
// middle of a turn. Each move is played by a die and a dice move rule that
// allows it; the error says which one no rule allows.
func (g *Game) PlayedSoFar(p *board.Position, text string) (q board.Position, left []int, err error) {
	if g.dice == nil || !p.Rolled() {
		return *p, nil, fmt.Errorf("no roll to play")
	}
	steps, err := g.parsePlayText(text, len(g.dice.Track(int(p.ToMove))))
	if err != nil {
		return *p, nil, err
	}
	if ferr := catchEval(func() {
		var why string
		if q, left, why = g.playTextByRules(p, steps, new([]RuleCheck)); why != "" {
			err = errors.New(why)
		}
	}); ferr != nil {
		return *p, nil, ferr
	}
	return q, left, err
}

// DiceNotation is how a dice game writes its plays, for help texts: the
// name of a track's first square (bar, base), whether steps are counted
// from the start square up (Ludo) rather than as points left to go
// (backgammon), whether a play can hit (written *), whether counts past
// the end walk back, the dice rolled at once and an opening roll.
type DiceNotation struct {
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
}

// DiceNotation describes the notation of a dice game (false without dice).
func (g *Game) DiceNotation() (DiceNotation, bool) {
	dr := g.dice
	if dr == nil {
		return DiceNotation{}, false
	}
	n := DiceNotation{Start: dr.Dice().Start, FromStart: dr.Dice().FromStart, HitsAtEnd: dr.Dice().HitsAtEnd, Bounce: dr.Dice().Bounce,
		Dice: dr.Dice().Count, Doubles: dr.Dice().Doubles, Opening: dr.Dice().Opening, Reroll: dr.Dice().Reroll,
		PassAgain: g.turnRules[0] != nil, Penalty: g.turnRules[1] != nil}
	for _, r := range g.diceRules {
		n.Hits = n.Hits || r.hit != nil
		n.ExtraRoll = n.ExtraRoll || r.again || r.againC != nil
		n.Bonus = n.Bonus || r.bonusC != nil
	}
	return n, true
}

// playTextByRules plays the checker moves of a play as written, each hop by
// a die and a dice move rule that allows it, hitting where that rule's hit
// says (so a landing that pins, as in Plakoto, does not hit): the position
// reached, with the roll cleared, or what stops a hop (checks then has the
// failing rules' terms).
func (g *Game) playTextByRules(p *board.Position, steps []parsedStep, checks *[]RuleCheck) (board.Position, []int, string) {
	dr := g.dice
	me := int(p.ToMove)
	finish := len(dr.Track(me))
	var rem []int
	d1, d2 := int(p.Dice[0]), int(p.Dice[1])
	switch {
	case d2 == 0:
		rem = []int{d1}
	case d1 == d2:
		for range dr.Dice().Doubles {
			rem = append(rem, d1)
		}
	default:
		rem = []int{d1, d2}
	}
	c := g.ctx(p, me)
	defer g.release(c)
	c.dice.SetRoll(p)
	q := *p
	q.SetDice(0, 0, false)
	for _, st := range steps {
		written := dr.TrackPoint(finish, st.from) + "/" + dr.TrackPoint(finish, st.to)
		if st.from >= finish || st.to <= st.from {
			return q, rem, written + " does not go forward"
		}
		from := dr.Track(me)[st.from]
		if s := q.Cells[from]; s == 0 || g.Board.TopOwner(s) != me {
			return q, rem, fmt.Sprintf("%s: no checker of %s's on %s", written, g.Players[me].Name, dr.TrackPoint(finish, st.from))
		}
		// One die the distance (or more, off the end), by its number or by
		// a rule's fixed count; else the dice in turn.
		cur, why, before := st.from, "", diceList(rem)
		for cur < st.to && why == "" {
			// setup places the hop with die d to step ts in c; rules are
			// the rules that make that hop (a rule with a fixed count moves
			// that many steps whatever the die).
			setup := func(d, ts int) (to board.Square, dst board.Stack) {
				to, dst = noSquare, 0
				if ts < finish {
					to = dr.Track(me)[ts]
					dst = q.Cells[to]
				}
				sq := dr.Track(me)[cur]
				c.pos, c.me, c.opp = &q, me, g.next(me)
				c.from, c.src, c.to, c.dst, c.lifted = sq, q.Cells[sq], to, dst, 1
				c.dice.SetMove(d, len(rem)-1, cur, ts)
				return to, dst
			}
			hopRules := func(d, ts int) []*diceMoveRule {
				var out []*diceMoveRule
				for _, r := range g.diceRules {
					n := d
					if r.count > 0 {
						n = r.count
					}
					if !r.sum && cur+n == ts {
						out = append(out, r)
					}
				}
				return out
			}
			best, ts := -1, 0
			for i, d := range rem {
				reach := -1
				switch {
				case cur+d == st.to || (st.to == finish && cur+d > finish):
					reach = cur + d
				default:
					for _, r := range g.diceRules {
						if r.count > 0 && cur+r.count == st.to {
							reach = st.to
						}
					}
				}
				if reach < 0 {
					continue
				}
				if best < 0 {
					best, ts = i, reach
				}
				setup(d, reach)
				if slices.ContainsFunc(hopRules(d, reach), func(r *diceMoveRule) bool { return r.cond == nil || allTerms(r.cond, c) }) {
					best, ts = i, reach
					break
				}
			}
			if best < 0 {
				for i, d := range rem {
					if cur+d < st.to {
						best, ts = i, cur+d
						break
					}
				}
			}
			// noDie says that the dice left do not make the move written.
			noDie := func() string {
				switch {
				case before == "":
					return fmt.Sprintf("%s: the roll %s is used up before it", written, board.RollString(d1, d2))
				case st.to == finish:
					return fmt.Sprintf("%s: the dice left (%s) do not bear that checker off", written, before)
				}
				n := st.to - st.from
				return fmt.Sprintf("%s: that is %s, and the dice left (%s) do not make it", written, plural(n, "1 point", fmt.Sprintf("%d points", n)), before)
			}
			if best < 0 {
				why = noDie()
				break
			}
			d := rem[best]
			sq := dr.Track(me)[cur]
			to, dst := setup(d, ts)
			moved := false
			var fails []RuleCheck
			for _, r := range hopRules(d, ts) {
				if r.cond == nil || allTerms(r.cond, c) {
					hit := r.hit != nil && dst != 0 && g.Board.TopOwner(dst) != me && r.hit(c)
					g.dice.ApplyStep(&q, me, sq, to, hit)
					moved = true
					break
				}
				fails = append(fails, g.checkTerms(c, r.cond, r.name, "dice move rule"))
			}
			if !moved && ts != cur+d && !slices.ContainsFunc(fails, func(rc RuleCheck) bool { return !rc.notFor }) {
				// Only rules of a fixed count make the hop, and they are
				// for other pieces (ludo's entering on a 6 is one step):
				// what is wrong is the distance.
				why, *checks = noDie(), fails
				break
			}
			if !moved {
				// Without words, the first term that fails, as written.
				plain := func(rc RuleCheck) string {
					for _, r := range g.diceRules {
						if r.name != rc.Rule {
							continue
						}
						for _, t := range r.cond.terms {
							if !t.test(c) {
								return fmt.Sprintf("rule %q: %s is false", r.name, t.text)
							}
						}
					}
					return fmt.Sprintf("rule %q: %s", rc.Rule, rc.Reason)
				}
				why = fmt.Sprintf("%s with the %d: %s", written, d, sayChecks(fails, plain))
				if len(fails) == 0 {
					why = fmt.Sprintf("%s with the %d: no dice move rule moves a piece that far", written, d)
				}
				*checks = fails
				break
			}
			rem = append(rem[:best], rem[best+1:]...)
			cur = ts
		}
		if why != "" {
			return q, rem, why
		}
	}
	return q, rem, ""
}

// diceList writes dice as a reader says them: "5", "6 and 5", "4, 4 and 4".
func diceList(dice []int) string {
	var s []string
	for _, d := range dice {
		s = append(s, strconv.Itoa(d))
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// DieMove is one die's move of a play, in the mover's point numbers (the
// steps left to the end of its track: the track's first square, a bar, is
// its length, and 0 is off the end).
type DieMove struct {
	From, To int
	Hit      bool
}

// DieMoves are the die moves of a play, in the order they were played.
func (g *Game) DieMoves(m board.Move) []DieMove {
	if g.dice == nil || m.Kind != board.Play {
		return nil
	}
	dr := g.dice
	me := int(m.Lift)
	finish := len(dr.Track(me))
	point := func(sq board.Square) int {
		if sq == noSquare {
			return 0
		}
		return finish - int(dr.StepOf(me, sq))
	}
	out := make([]DieMove, m.Jumps)
	for i := range out {
		out[i] = DieMove{From: point(m.Via[2*i]), To: point(m.Via[2*i+1]), Hit: m.Removed&(1<<i) != 0}
	}
	return out
}

// BackgammonBoard reports whether the game is played on a backgammon board
// (two players, a bar and 24 points each, the second's the first's in
// reverse): the games GNU Backgammon's positions and files are for.
func (g *Game) BackgammonBoard() bool { return g.bgShaped() }
