package interpreter

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/stackrules/stackrules/board"
)

// checkSeats loads the rule file for each smaller number of players its
// seats: allows, so that a mistake only they meet (an end that names no
// winner, a setup position with a missing player's letter) is found when
// the file is checked, not when someone asks for that many.
func (g *Game) checkSeats(d *decoder, data []byte) {
	for _, n := range g.counts {
		if n == len(g.Players) {
			continue
		}
		opts := g.opts
		opts.Players = n
		_, diags := Check(g.File, data, opts)
		for _, dg := range diags {
			if dg.Severity != Error {
				continue
			}
			dg.Message = fmt.Sprintf("with %d players: %s", n, dg.Message)
			d.diags = append(d.diags, dg)
		}
	}
}

// chooseSeats says which declared players take part: all of them, or, when
// the game is opened for fewer (Options.Players), those the rule file's
// seats: lists for that many. It checks seats: whatever is asked for.
func (g *Game) chooseSeats(d *decoder, rf *ruleFile) (seated []bool, ok bool) {
	declared := map[string]int{}
	for i, p := range rf.Players {
		declared[p.Name] = i
	}
	names := make([]string, len(rf.Players))
	for i, p := range rf.Players {
		names[i] = p.Name
	}
	ok = true
	lists := map[int][]bool{}
	for _, s := range rf.Seats {
		if s.Count < 2 || s.Count >= len(rf.Players) {
			d.errorf(s.node, "out-of-range", "", "seats: an entry lists %d players; each lists who plays when 2 to %d play", s.Count, len(rf.Players)-1)
			ok = false
			continue
		}
		if lists[s.Count] != nil {
			d.errorf(s.node, "duplicate-key", "", "seats: two entries list %d players", s.Count)
			ok = false
			continue
		}
		in := make([]bool, len(rf.Players))
		for _, n := range s.Players {
			i, known := declared[n.Value]
			switch {
			case !known:
				d.errorf(n, "unknown-player", suggest(n.Value, names), "seats: the entry of %d players names %q, which is not a player", s.Count, n.Value)
				ok = false
			case in[i]:
				d.errorf(n, "duplicate-key", "", "seats: the entry of %d players names %q twice", s.Count, n.Value)
				ok = false
			}
			in[i] = known
		}
		lists[s.Count] = in
	}
	for n := 2; n <= len(rf.Players); n++ {
		if _, listed := lists[n]; listed || n == len(rf.Players) {
			g.counts = append(g.counts, n)
		}
	}
	want := g.opts.Players
	if want == 0 || want == len(rf.Players) {
		all := make([]bool, len(rf.Players))
		for i := range all {
			all[i] = true
		}
		return all, ok
	}
	if !ok {
		return nil, false
	}
	if lists[want] == nil {
		if want >= 2 && want < len(rf.Players) {
			d.errorf(rf.root, "players", "say who plays, e.g. `seats: [[red, yellow]]`",
				"%s declares %d players, and its seats: does not say who plays when %d do", g.File, len(rf.Players), want)
		} else {
			d.errorf(rf.root, "players", "", "%s is played by %s players, not %d", g.File, countsText(g.counts), want)
		}
		return nil, false
	}
	return lists[want], true
}

// countsText writes 2, 3 or 4.
func countsText(counts []int) string {
	parts := make([]string, len(counts))
	for i, n := range counts {
		parts[i] = fmt.Sprint(n)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// WithPlayers is the game played by n of its players (the rule file's
// seats: says which): the same rule file loaded again for n. It is g itself
// when n is the number already taking part.
func (g *Game) WithPlayers(n int) (*Game, error) {
	if n == len(g.Players) {
		return g, nil
	}
	opts := g.opts
	opts.Players = n
	return Load(g.File, g.data, opts)
}

// PlayerCounts lists how many players may play the game: the counts its
// seats: gives and the number of players it declares.
func (g *Game) PlayerCounts() []int { return g.counts }

// Declared is the number of players the rule file declares; len(g.Players)
// is the number taking part (fewer when opened with Options.Players).
func (g *Game) Declared() int { return len(g.declared) }

// absentPlayer is the value of the name of a declared player who is not
// taking part: no piece, owner or player in play has it.
func absentPlayer(declared int) int { return board.MaxPlayers + declared }

// playerConst is the value of a player's name in expressions: its index
// among the players in play, or an absent player's value.
func (g *Game) playerConst(name string) (int, bool) {
	for i, p := range g.Players {
		if p.Name == name {
			return i, true
		}
	}
	for i, n := range g.declared {
		if n == name {
			return absentPlayer(i), true
		}
	}
	return 0, false
}

// withoutAbsent is a setup position string without the pieces of the
// declared players not taking part, so that one setup serves every number
// of players (their letters mean nothing to the board of fewer).
func (g *Game) withoutAbsent(rf *ruleFile, text string) string {
	if len(g.declared) == len(g.Players) {
		return text
	}
	var gone []byte
	for _, p := range rf.Players {
		if g.absent(p.Name) && len(p.Code) == 1 {
			gone = append(gone, p.Code[0], p.Code[0]-'a'+'A')
		}
	}
	turn, rest, ok := strings.Cut(strings.TrimSpace(text), " ")
	if !ok {
		return text
	}
	cells, counts, _ := strings.Cut(rest, " ")
	var kept []string
	for _, cell := range strings.Split(cells, ",") {
		sq, stack, ok := strings.Cut(cell, ":")
		if !ok {
			kept = append(kept, cell)
			continue
		}
		stack = strings.Map(func(r rune) rune {
			if r < 128 && bytes.IndexByte(gone, byte(r)) >= 0 {
				return -1
			}
			return r
		}, stack)
		if stack != "" {
			kept = append(kept, sq+":"+stack)
		}
	}
	out := turn + " " + strings.Join(kept, ",")
	if len(kept) == 0 {
		out = turn + " -"
	}
	if counts != "" {
		out += " " + counts
	}
	return out
}

// absent reports whether name is a declared player not taking part.
func (g *Game) absent(name string) bool {
	v, ok := g.playerConst(name)
	return ok && v >= board.MaxPlayers
}

func (g *Game) playerIndex(name string) int {
	for i, p := range g.Players {
		if p.Name == name || string(p.Code) == name {
			return i
		}
	}
	return -1
}
