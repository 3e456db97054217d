package web

import (
	"slices"
	"strconv"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
	"github.com/stackrules/stackrules/session"
)

// What the page of a dice game reads besides the board: the tracks the
// rule file declares (from which the page draws a backgammon board, or the
// board's squares joined along the tracks, as for Ludo's cross), the roll,
// the pip counts, and each play as the moves of one piece by one die, so
// that a person plays a roll one piece at a time. Nothing here names a game:
// the shapes are read from the tracks.

// tracksJSON is the tracks of a dice game.
type tracksJSON struct {
	// Layout is "backgammon" when two players' tracks run the same points
	// in opposite directions, each from a square of its own off them (a
	// bar), and "track" otherwise: the board's squares where the grid puts
	// them, joined along the tracks.
	Layout string `json:"layout"`
	// Paths are each player's track, square names from its first (step 0:
	// a bar, a base) to its last; one step past the last is off.
	Paths [][]string `json:"paths"`
	// Safe are the squares nobody is hit on (interpreter.SafeSquares).
	Safe []string `json:"safe"`
	// Start is how moves write a track's first square (bar, base);
	// FromStart, that they number steps from the start square up (Ludo),
	// not as the points left to go (backgammon).
	Start     string `json:"start"`
	FromStart bool   `json:"from_start"`
}

// hopJSON is one piece moved by one die (or by the rule's count) in a play.
type hopJSON struct {
	From     string `json:"from"`
	To       string `json:"to,omitempty"` // "" off the track's end
	FromStep int    `json:"from_step"`    // steps along the mover's track
	ToStep   int    `json:"to_step"`      // the track's length when off
	Hit      bool   `json:"hit,omitempty"`
}

// turnJSON is one turn of the move list: the roll and what was played.
type turnJSON struct {
	Player int    `json:"player"`
	Roll   string `json:"roll,omitempty"`
	Play   string `json:"play,omitempty"`
}

// diceJSON is the state of the dice.
type diceJSON struct {
	Roll    []int `json:"roll"`    // the dice to play, empty when they are to be rolled
	Opening bool  `json:"opening"` // the opening roll (each player one die) is next
	// Bonus: Roll is a bonus move's count, earned by the play before it
	// (a rule's bonus:), played by one piece.
	Bonus bool `json:"bonus,omitempty"`
	// Faces are the dice the roll is played as (a double's tops and
	// bottoms: 2 2 5 5), when the page cannot tell from Roll.
	Faces  []int  `json:"faces,omitempty"`
	Sides  int    `json:"sides"`
	ToRoll bool   `json:"to_roll"` // the viewer is to press Roll
	Pips   []int  `json:"pips"`    // each player's pips: the steps its pieces have left to go
	Notice string `json:"notice,omitempty"`
	// Cube is the doubling cube, when the game is played with it (cube.go).
	Cube *cubeJSON `json:"cube,omitempty"`
	// Turns is the move list by turn: each roll with its play.
	Turns []turnJSON `json:"turns"`
	// Orders and AnyOrder say in which orders the viewer to move may make
	// the moves of the legal plays (ordersOf).
	Orders   []string `json:"orders,omitempty"`
	AnyOrder []int    `json:"any_order,omitempty"`
}

// tracksOf describes g's tracks; nil without dice.
func tracksOf(g *interpreter.Game) *tracksJSON {
	if !g.HasDice() {
		return nil
	}
	b := g.Board
	tj := &tracksJSON{Layout: "track", Safe: []string{}}
	for pl := range g.Players {
		var names []string
		for _, sq := range g.Track(pl) {
			names = append(names, b.SquareName(sq))
		}
		tj.Paths = append(tj.Paths, names)
	}
	if nt, ok := g.DiceNotation(); ok {
		tj.Start, tj.FromStart = nt.Start, nt.FromStart
	}
	if backgammonShaped(g) {
		tj.Layout = "backgammon"
	}
	for _, sq := range g.SafeSquares() {
		tj.Safe = append(tj.Safe, b.SquareName(sq))
	}
	return tj
}

// backgammonShaped reports whether g's two tracks run over the same points
// (in opposite directions as in Backgammon, or the same way round as in
// Fevga), each from a first square of its own: a backgammon board, its
// points laid out along the viewer's track. The terminal draws the
// opposite-direction shape so too (cmd/stackrules, trackBoardOf).
func backgammonShaped(g *interpreter.Game) bool {
	if len(g.Players) != 2 {
		return false
	}
	a, b := g.Track(0), g.Track(1)
	n := len(a)
	if n != len(b) || n < 5 || (n-1)%2 != 0 || a[0] == b[0] {
		return false
	}
	points := map[board.Square]bool{}
	for _, sq := range a[1:] {
		points[sq] = true
	}
	for _, sq := range b[1:] {
		if !points[sq] {
			return false
		}
	}
	return len(points) == n-1 && !points[a[0]] && !points[b[0]]
}

// hopsOf is a play's moves of one piece by one die, in the order the rules
// played them.
func hopsOf(g *interpreter.Game, m board.Move) []hopJSON {
	b := g.Board
	me := int(m.Lift)
	track := g.Track(me)
	step := func(sq board.Square) int {
		if sq == board.NoSquare {
			return len(track)
		}
		return slices.Index(track, sq)
	}
	var out []hopJSON
	for i := 0; i < int(m.Jumps); i++ {
		from, to := m.Via[2*i], m.Via[2*i+1]
		h := hopJSON{FromStep: step(from), ToStep: step(to), Hit: i < 7 && m.Removed&(1<<i) != 0}
		if from != board.NoSquare {
			h.From = b.SquareName(from)
		}
		if to != board.NoSquare {
			h.To = b.SquareName(to)
		}
		out = append(out, h)
	}
	return out
}

// pipsOf is how far each player's pieces have to go: each piece the steps
// left along its track to its end.
func pipsOf(g *interpreter.Game, p *board.Position) []int {
	out := make([]int, len(g.Players))
	for pl := range g.Players {
		t := g.Track(pl)
		for i, sq := range t {
			var counts [board.MaxPlayers]int16 // (CountAt adds to it)
			g.Board.CountAt(p, sq, &counts)
			out[pl] += int(counts[pl]) * (len(t) - i)
		}
	}
	return out
}

// turnsOf groups a dice game's history by turn: a roll and the play after it.
func turnsOf(s *session.Session) []turnJSON {
	g := s.Game
	h := s.History()
	out := []turnJSON{}
	var events []records.CubeEvent // the cube's actions, each before the move of its ply
	if cg := s.CubeGame(); cg != nil {
		events = cg.Events
	}
	cube := func(upTo int) {
		for len(events) > 0 && events[0].Ply <= upTo {
			out = append(out, turnJSON{Player: events[0].Player, Play: cubeWord(events[0].Action)})
			events = events[1:]
		}
	}
	for i, m := range h.Moves() {
		cube(i)
		who := h.ToMoveAt(i)
		text := g.MoveString(m)
		if m.Kind == board.Roll {
			out = append(out, turnJSON{Player: who, Roll: text})
			continue
		}
		// The play of the turn rolled (the opening roll's play is the
		// starter's, whoever the roll was counted to).
		if n := len(out); n > 0 && out[n-1].Play == "" {
			out[n-1].Player, out[n-1].Play = who, text
			continue
		}
		out = append(out, turnJSON{Player: who, Play: text})
	}
	cube(h.Len())
	return out
}

// cubeWord is a cube action in the move list.
func cubeWord(a interpreter.CubeAction) string {
	switch a {
	case interpreter.Double:
		return "doubles"
	case interpreter.Take:
		return "takes"
	case interpreter.Beaver:
		return "beavers"
	case interpreter.Drop:
		return "drops"
	}
	return ""
}

// diceOf is the dice's state for a viewer holding seats.
func (lg *liveGame) diceOf(p *board.Position, seats []int) *diceJSON {
	g := lg.sess.Game
	if !g.HasDice() {
		return nil
	}
	dj := &diceJSON{Roll: []int{}, Opening: p.Opening, Bonus: p.Bonus > 0, Sides: g.Board.DiceSides(), Pips: pipsOf(g, p),
		Notice: lg.notice, Turns: turnsOf(lg.sess)}
	if p.Rolled() {
		d1, d2 := int(p.Dice[0]), int(p.Dice[1])
		dj.Roll = append(dj.Roll, d1)
		if d2 != 0 {
			dj.Roll = append(dj.Roll, d2)
		}
		if f := g.RollFaces(p); len(f) > 2 && f[len(f)-1] != d1 {
			dj.Faces = f
		}
	}
	if lg.awaitsRoll() {
		dj.ToRoll = slices.Contains(seats, lg.sess.ToMove())
	}
	dj.Cube = lg.cubeOf(seats)
	return dj
}

// awaitsRoll reports whether the game waits for a person to press Roll: the
// dice are to be rolled, in a game whose people roll by a button, by a
// person's seat.
func (lg *liveGame) awaitsRoll() bool {
	return lg.rollButton && lg.sess.AtChance() && lg.sess.Seats[lg.sess.ToMove()].Human
}

// ordersOf says in which orders the person may make the piece moves of the
// legal plays at p: the keys of every prefix of an order the rules allow
// move by move (interpreter.PlayedSoFar: a checker on the bar enters
// before another moves, a checker bears off once all are home), a key
// being the moves' from>to joined by |. A play whose moves cannot be
// checked one by one so (a piece walking back past its track's end, a sum
// of dice the rules move as one) is marked in anyOrder by its index: its
// moves may be made in any order, since the play as a whole is legal.
func ordersOf(g *interpreter.Game, p *board.Position, legal []moveJSON) (valid []string, anyOrder []int) {
	nt, ok := g.DiceNotation()
	if !ok || !p.Rolled() {
		return nil, nil
	}
	finish := len(g.Track(int(p.ToMove)))
	point := func(s int) string {
		switch {
		case s == 0:
			return nt.Start
		case s >= finish:
			return "off"
		case nt.FromStart:
			return strconv.Itoa(s - 1)
		}
		return strconv.Itoa(finish - s)
	}
	known := map[string]bool{} // prefix key -> allowed
	const budget = 4000        // PlayedSoFar calls at most, for a roll with very many plays
	calls := 0
	allowed := func(key, text string) bool {
		if v, ok := known[key]; ok {
			return v
		}
		calls++
		_, _, err := g.PlayedSoFar(p, text)
		known[key] = err == nil
		return err == nil
	}
	hopKey := func(h hopJSON) string {
		to := h.To
		if to == "" {
			to = "off"
		}
		return h.From + ">" + to
	}
	for i, m := range legal {
		if m.Kind != "play" {
			continue
		}
		// Every order of the play's moves, depth first; a prefix the rules
		// refuse is not continued.
		complete := false
		var walk func(left []hopJSON, key, text string)
		walk = func(left []hopJSON, key, text string) {
			if len(left) == 0 {
				complete = true
				return
			}
			tried := map[string]bool{}
			for j, h := range left {
				k := hopKey(h)
				if tried[k] || calls > budget {
					continue
				}
				tried[k] = true
				nk := k
				nt := point(h.FromStep) + "/" + point(h.ToStep)
				if key != "" {
					nk, nt = key+"|"+k, text+" "+nt
				}
				if allowed(nk, nt) {
					rest := append(append([]hopJSON{}, left[:j]...), left[j+1:]...)
					walk(rest, nk, nt)
				}
			}
		}
		walk(m.Hops, "", "")
		if !complete {
			anyOrder = append(anyOrder, i)
		}
	}
	for k, v := range known {
		if v {
			valid = append(valid, k)
		}
	}
	slices.Sort(valid)
	return valid, anyOrder
}

// ordersCached is ordersOf, worked out once per version of the game (every
// page of the game asks for it again at each change).
func (lg *liveGame) ordersCached(p *board.Position, legal []moveJSON) ([]string, []int) {
	if lg.orders.version != lg.version || !lg.orders.set {
		v, a := ordersOf(lg.sess.Game, p, legal)
		lg.orders = ordersCache{version: lg.version, set: true, valid: v, anyOrder: a}
	}
	return lg.orders.valid, lg.orders.anyOrder
}

type ordersCache struct {
	version  int64
	set      bool
	valid    []string
	anyOrder []int
}
