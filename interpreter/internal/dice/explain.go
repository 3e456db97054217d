package dice

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// Refusal is why a play typed checker by checker stops at a hop
// (PlayByRules): said in full (Why), or a die move the rules refuse, which
// the interpreter says in the rule file's words from the rules' conditions.
type Refusal struct {
	Why     string // the whole message; "" when the rules below refused the hop
	Written string // the checker move as written, like 13/7
	Die     int    // the die the hop was tried with
	// Rules are the indices of the rules that make the hop and refused it
	// (their All tests failed on the context, which still holds the hop).
	Rules []int
	// Fixed: only rules of a fixed count make the hop (ludo's entering on
	// a 6 is one step); where they are all for other pieces, what is wrong
	// is the distance, and NoDie says so.
	Fixed bool
	NoDie string
}

// PlayByRules plays the checker moves of a play as written, each hop by a
// die and a dice move rule that allows it (its All test), hitting where
// that rule's Hit says (so a landing that pins, as in Plakoto, does not
// hit): the position reached, with the roll cleared, and the dice left, or
// what stops a hop. d is a context of the game's whose host is pointed at
// p and its player to move; who names that player in messages.
func (e *Engine[H]) PlayByRules(d *Ctx[H], p *board.Position, steps []ParsedStep, who string) (board.Position, []int, *Refusal) {
	me := int(p.ToMove)
	finish := len(e.Track(me))
	var rem []int
	d1, d2 := int(p.Dice[0]), int(p.Dice[1])
	switch {
	case d2 == 0:
		rem = []int{d1}
	case d1 == d2:
		for range e.Doubles {
			rem = append(rem, d1)
		}
		if e.Bottoms(d, p) {
			for range e.Doubles {
				rem = append(rem, e.Sides+1-d1)
			}
		}
	default:
		rem = []int{d1, d2}
	}
	d.SetRoll(p)
	q := *p
	q.SetDice(0, 0, false)
	for _, st := range steps {
		written := e.TrackPoint(finish, st.From) + "/" + e.TrackPoint(finish, st.To)
		if st.From >= finish || st.To <= st.From {
			return q, rem, &Refusal{Why: written + " does not go forward"}
		}
		from := e.Track(me)[st.From]
		if s := q.Cells[from]; s == 0 || e.b.TopOwner(s) != me {
			return q, rem, &Refusal{Why: fmt.Sprintf("%s: no checker of %s's on %s", written, who, e.TrackPoint(finish, st.From))}
		}
		// One die the distance (or more, off the end), by its number or by
		// a rule's fixed count; else the dice in turn.
		cur, before := st.From, diceList(rem)
		for cur < st.To {
			// setup places the hop with die dd to step ts in d; rules are
			// the rules that make that hop (a rule with a fixed count moves
			// that many steps whatever the die).
			setup := func(dd, ts int) (to board.Square, dst board.Stack) {
				to, dst = board.NoSquare, 0
				if ts < finish {
					to = e.Track(me)[ts]
					dst = q.Cells[to]
				}
				sq := e.Track(me)[cur]
				e.sync(d.Host, &q, sq, q.Cells[sq], to, dst)
				d.SetMove(dd, len(rem)-1, cur, ts)
				return to, dst
			}
			hopRules := func(dd, ts int) []int {
				var out []int
				for i, r := range e.rules {
					n := dd
					if r.Count > 0 {
						n = r.Count
					}
					if !r.Sum && cur+n == ts {
						out = append(out, i)
					}
				}
				return out
			}
			allows := func(i int) bool { return e.rules[i].All == nil || e.rules[i].All(d.Host) }
			best, ts := -1, 0
			for i, dd := range rem {
				reach := -1
				switch {
				case cur+dd == st.To || (st.To == finish && cur+dd > finish):
					reach = cur + dd
				default:
					for _, r := range e.rules {
						if r.Count > 0 && cur+r.Count == st.To {
							reach = st.To
						}
					}
				}
				if reach < 0 {
					continue
				}
				if best < 0 {
					best, ts = i, reach
				}
				setup(dd, reach)
				if slices.ContainsFunc(hopRules(dd, reach), allows) {
					best, ts = i, reach
					break
				}
			}
			if best < 0 {
				for i, dd := range rem {
					if cur+dd < st.To {
						best, ts = i, cur+dd
						break
					}
				}
			}
			// noDie says that the dice left do not make the move written.
			noDie := func() string {
				switch {
				case before == "":
					return fmt.Sprintf("%s: the roll %s is used up before it", written, board.RollString(d1, d2))
				case st.To == finish:
					return fmt.Sprintf("%s: the dice left (%s) do not bear that checker off", written, before)
				}
				n := st.To - st.From
				pts := "1 point"
				if n != 1 {
					pts = fmt.Sprintf("%d points", n)
				}
				return fmt.Sprintf("%s: that is %s, and the dice left (%s) do not make it", written, pts, before)
			}
			if best < 0 {
				return q, rem, &Refusal{Why: noDie()}
			}
			dd := rem[best]
			sq := e.Track(me)[cur]
			to, dst := setup(dd, ts)
			moved := false
			var refused []int
			for _, i := range hopRules(dd, ts) {
				if allows(i) {
					r := e.rules[i]
					hit := r.Hit != nil && dst != 0 && e.b.TopOwner(dst) != me && r.Hit(d.Host)
					e.ApplyStep(&q, me, sq, to, hit)
					moved = true
					break
				}
				refused = append(refused, i)
			}
			if !moved {
				return q, rem, &Refusal{Written: written, Die: dd, Rules: refused, Fixed: ts != cur+dd, NoDie: noDie()}
			}
			rem = append(rem[:best], rem[best+1:]...)
			cur = ts
		}
	}
	return q, rem, nil
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
