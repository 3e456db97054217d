package main

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// The words `rules` and `help` say about a game whose rule file declares
// its own notation (`notation:`) or pieces beyond one plain kind: what each
// field of its templates means, its kind and direction marks, its position
// format, and examples of every shape of move, taken from the legal moves
// at the start and at later positions of a fixed sequence of random plies.
// All of it is read from the rule file; none of it names a game.

// moveShape groups the moves written alike: a placement of each kind and
// owner, a step of one piece or of several, a spread, a pass.
type moveShape struct {
	kind    board.MoveKind
	placed  int  // the kind placed, -1 for no placement
	owner   int  // the placed piece's owner relative to the mover: 0 its own, -1 nobody's
	counted bool // several pieces lifted
}

func shapeOf(g *interpreter.Game, p *board.Position, m board.Move) moveShape {
	s := moveShape{kind: m.Kind, placed: -1}
	b := g.Board
	switch m.Kind {
	case board.Place:
		code := int(p.ToMove)
		if m.Piece > 0 {
			code = int(m.Piece) - 1
		}
		s.placed = b.Kind(code)
		if o := b.Owner(code); o < 0 {
			s.owner = -1
		} else {
			s.owner = (o - int(p.ToMove) + len(g.Players)) % len(g.Players)
		}
	case board.Step:
		s.counted = m.Lift > 1
	}
	return s
}

// shapeOrder sorts shapes as people meet them: placements by kind, then
// steps, spreads, captures, bear-offs, passes.
func shapeOrder(s moveShape) int {
	rank := map[board.MoveKind]int{board.Place: 0, board.Step: 1, board.Spread: 2, board.Capture: 3, board.BearOff: 4, board.Pass: 5}[s.kind]
	n := rank*1000 + (s.placed+1)*10 + s.owner + 1
	if s.counted {
		n += 500
	}
	return n
}

// examplesByShape picks from legal one move of each shape (the first in
// the order of their text), the shapes in shapeOrder.
func examplesByShape(g *interpreter.Game, p *board.Position, legal []board.Move) []board.Move {
	best := map[moveShape]board.Move{}
	for _, m := range legal {
		s := shapeOf(g, p, m)
		if old, ok := best[s]; !ok || moveLess(g, m, old) {
			best[s] = m
		}
	}
	shapes := make([]moveShape, 0, len(best))
	for s := range best {
		shapes = append(shapes, s)
	}
	sort.Slice(shapes, func(i, j int) bool { return shapeOrder(shapes[i]) < shapeOrder(shapes[j]) })
	out := make([]board.Move, len(shapes))
	for i, s := range shapes {
		out[i] = best[s]
	}
	return out
}

// moveLess orders moves by their text, shorter first: a1 before a10.
func moveLess(g *interpreter.Game, a, b board.Move) bool {
	ta, tb := g.MoveString(a), g.MoveString(b)
	if len(ta) != len(tb) {
		return len(ta) < len(tb)
	}
	return ta < tb
}

// exampleStop is a position of the examples' game where moves of shapes
// not seen before are legal.
type exampleStop struct {
	plies []board.Move // from the start
	pos   board.Position
	moves []board.Move // one of each new shape
}

// laterExamples plays fixed sequences of random plies from the start and
// keeps the one that meets the most shapes of move not legal at the start,
// soonest: where each new shape is first legal, with one move of it.
func laterExamples(g *interpreter.Game, start board.Position) []exampleStop {
	const seeds, maxPlies = 24, 160
	startShapes := map[moveShape]bool{}
	for _, m := range g.LegalMoves(&start, nil) {
		startShapes[shapeOf(g, &start, m)] = true
	}
	var best []exampleStop
	bestShapes, bestPlies := 0, 0
	for seed := uint64(1); seed <= seeds; seed++ {
		rng := rand.New(rand.NewPCG(seed, 0x5eed))
		seen := map[moveShape]bool{}
		for s := range startShapes {
			seen[s] = true
		}
		var stops []exampleStop
		var plies []board.Move
		shapes, at := 0, 0
		p := start
		for ply := 0; ply < maxPlies; ply++ {
			if o, err := g.ResultErr(&p); err != nil || o.Over {
				break
			}
			legal, err := g.LegalMovesErr(&p, nil)
			if err != nil || len(legal) == 0 {
				break
			}
			var fresh []board.Move
			for _, m := range examplesByShape(g, &p, legal) {
				if s := shapeOf(g, &p, m); !seen[s] {
					seen[s] = true
					fresh = append(fresh, m)
				}
			}
			if len(fresh) > 0 && ply > 0 {
				stops = append(stops, exampleStop{plies: append([]board.Move(nil), plies...), pos: p, moves: fresh})
				shapes += len(fresh)
				at += ply
			}
			m := legal[rng.IntN(len(legal))]
			if g.ApplyErr(&p, m) != nil {
				break
			}
			plies = append(plies, m)
		}
		if shapes > bestShapes || shapes == bestShapes && shapes > 0 && at < bestPlies {
			best, bestShapes, bestPlies = stops, shapes, at
		}
	}
	return best
}

// describeMove says in a few words what m does at p: "a wall", "3 pieces
// from c3 east: 2 on d3, 1 on e3".
func describeMove(g *interpreter.Game, p *board.Position, m board.Move) string {
	b := g.Board
	switch m.Kind {
	case board.Place:
		code := int(p.ToMove)
		if m.Piece > 0 {
			code = int(m.Piece) - 1
		}
		kind := g.KindName(b.Kind(code))
		if kind == "piece" || len(g.Kinds) < 2 && b.Kind(code) == 0 {
			kind = "piece"
		}
		switch o := b.Owner(code); {
		case o < 0:
			return fmt.Sprintf("a %s piece on %s", kind, b.SquareName(m.To))
		case o != int(p.ToMove):
			return fmt.Sprintf("%s %s on %s", possessive(g.Players[o].Name), kind, b.SquareName(m.To))
		}
		return fmt.Sprintf("a %s on %s", kind, b.SquareName(m.To))
	case board.Step:
		what := "the top piece"
		switch {
		case m.Lift == 0:
			what = "the whole stack"
		case m.Lift > 1:
			what = fmt.Sprintf("the top %d", m.Lift)
		}
		return fmt.Sprintf("%s of %s to %s", what, b.SquareName(m.From), b.SquareName(m.To))
	case board.Spread:
		f0, r0 := b.Coord(m.From)
		f1, r1 := b.Coord(m.To)
		df, dr := sign(f1-f0), sign(r1-r0)
		var drops []string
		for i := 0; i < int(m.Jumps); i++ {
			sq, _ := b.At(f0+(i+1)*df, r0+(i+1)*dr)
			drops = append(drops, fmt.Sprintf("%d on %s", m.Drops(i), b.SquareName(sq)))
		}
		return fmt.Sprintf("the top %d of %s, dropping %s", m.Lift, b.SquareName(m.From), strings.Join(drops, ", "))
	case board.Pass:
		return "no move: a pass"
	}
	return ""
}

func possessive(name string) string { return name + "'s" }

// exampleList writes moves with what they do: "Sb2 (a wall on b2), b1> (...)".
func exampleList(g *interpreter.Game, p *board.Position, moves []board.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = g.MoveString(m)
		if d := describeMove(g, p, m); d != "" {
			out[i] += " (" + d + ")"
		}
	}
	return out
}

// movesFromStart writes the plies from the start as a record numbers them:
// "1. a1 e5 2. c3".
func movesFromStart(g *interpreter.Game, plies []board.Move) string {
	var parts []string
	n := len(g.Players)
	for i, m := range plies {
		if i%n == 0 {
			parts = append(parts, strconv.Itoa(i/n+1)+".")
		}
		parts = append(parts, g.MoveString(m))
	}
	return strings.Join(parts, " ")
}

// directionWords says where a notation's direction points, as the first
// player sees the board.
var directionWords = map[string]string{
	"north": "up", "south": "down", "east": "right", "west": "left",
	"north_east": "up right", "north_west": "up left", "south_east": "down right", "south_west": "down left",
}

// fieldWords says what each field of a template stands for.
func fieldWords(g *interpreter.Game, info interpreter.NotationInfo, field string, placing bool) string {
	switch field {
	case "{kind}":
		var marks []string
		for _, km := range info.Kinds {
			name := g.KindName(km.Kind)
			if km.Mark == "" {
				marks = append(marks, "no mark for a "+name)
			} else {
				marks = append(marks, km.Mark+" for a "+name)
			}
		}
		for _, km := range info.ReadKinds {
			marks = append(marks, km.Mark+" read as a "+g.KindName(km.Kind)+" too")
		}
		return "the kind placed (" + strings.Join(marks, ", ") + ")"
	case "{to}":
		if placing {
			return "the square"
		}
		return "the square moved to"
	case "{from}":
		return "the square moved from"
	case "{count}":
		return "the number of pieces lifted (left out when 1)"
	case "{direction}":
		var dirs []string
		for _, d := range info.Directions {
			dirs = append(dirs, d.Mark+" "+directionWords[d.Name])
		}
		return "the direction as the first player sees the board (" + strings.Join(dirs, ", ") + ")"
	case "{drops}":
		return "the pieces dropped on each square in turn (left out when all land on the next square)"
	}
	return ""
}

// templateWords explains a template field by field: `{kind}{to}: the kind
// placed (...), then the square`.
func templateWords(g *interpreter.Game, info interpreter.NotationInfo, tmpl string, placing bool) string {
	var parts []string
	for _, f := range templateFields(tmpl) {
		if w := fieldWords(g, info, f, placing); w != "" {
			parts = append(parts, w)
		} else if !strings.HasPrefix(f, "{") {
			parts = append(parts, fmt.Sprintf("%q", f))
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + ", then " + parts[len(parts)-1]
}

// templateFields cuts a template into its {fields} and literal text.
func templateFields(t string) []string {
	var out []string
	for t != "" {
		i := strings.IndexByte(t, '{')
		switch {
		case i < 0:
			return append(out, t)
		case i > 0:
			out = append(out, t[:i])
			t = t[i:]
			continue
		}
		j := strings.IndexByte(t, '}')
		if j < 0 {
			return append(out, t)
		}
		out = append(out, t[:j+1])
		t = t[j+1:]
	}
	return out
}

// squareNamesText says how squares (or a hex board's cells) are named.
func squareNamesText(g *interpreter.Game) string {
	b := g.Board
	if !b.IsHex() {
		return "Squares are named by file letter and rank number (a1 is the lower left as the first player sees the board)."
	}
	first := func(r int) string {
		for f := 0; f < b.Width; f++ {
			if sq, ok := b.At(f, r); ok {
				return b.SquareName(sq)
			}
		}
		return ""
	}
	last := func(r int) string {
		for f := b.Width - 1; f >= 0; f-- {
			if sq, ok := b.At(f, r); ok {
				return b.SquareName(sq)
			}
		}
		return ""
	}
	var rows []string
	for r := 0; r < b.Height; r++ {
		rows = append(rows, first(r)+"-"+last(r))
	}
	return fmt.Sprintf("The board is hexagons in %d rows; a cell is named by a file letter and a row number (row 1 at the bottom as the first player sees the board: %s). A file runs up and to the left, as the letters above and below the board show.",
		b.Height, strings.Join(rows, ", "))
}

// piecesText says what pieces the game has besides one plain kind: the
// kinds and which stay on top, the pieces of nobody, the pieces in hand at
// the start by kind, how each is placed, and how stacks spread. "" for a
// game of plain pieces.
func piecesText(g *interpreter.Game, start *board.Position) string {
	b := g.Board
	pools := g.HandPools()
	if !b.OnTop() && len(g.NeutralNames()) == 0 && pools == nil && len(g.Spreads()) == 0 {
		return ""
	}
	var sents []string
	if len(g.Kinds) > 1 {
		s := fmt.Sprintf("A player's pieces are of %s kinds: %s.", numberWord(len(g.Kinds)), andList(pluralAll(g.Kinds)))
		if b.OnTop() {
			s += fmt.Sprintf(" %s stay on top of their stacks: nothing is placed on them, and a piece that covers one makes it a %s.",
				capitalize(andList(pluralAll(g.Kinds[1:]))), g.Kinds[0])
		}
		sents = append(sents, s)
	}
	for _, n := range g.NeutralNames() {
		sents = append(sents, fmt.Sprintf("The %s pieces belong to nobody; a stack with one on top is nobody's.", n))
	}
	if pools != nil {
		var who []string
		for pl, player := range g.Players {
			var items []string
			for i, hp := range pools {
				if hp.Owner != pl || start.Pools[i] == 0 {
					continue
				}
				var names []string
				for _, k := range hp.Placed {
					names = append(names, g.KindName(k))
				}
				label := strings.Join(names, " or ")
				if n := int(start.Pools[i]); n != 1 {
					label = strings.Join(pluralAll(names), " or ")
				}
				if len(g.Kinds) < 2 {
					label = plural(int(start.Pools[i]), "piece")
				}
				items = append(items, fmt.Sprintf("%d %s", start.Pools[i], label))
			}
			if len(items) > 0 {
				who = append(who, player.Name+" "+andList(items))
			}
		}
		for i, hp := range pools {
			if hp.Owner < 0 && start.Pools[i] > 0 {
				who = append(who, fmt.Sprintf("%d %s %s to place", start.Pools[i], g.KindName(hp.Kind), plural(int(start.Pools[i]), "piece")))
			}
		}
		if len(who) > 0 {
			sents = append(sents, "In hand at the start: "+strings.Join(who, "; ")+".")
		}
	}
	if pl := g.Placements(); len(pl) > 1 || len(pl) == 1 && (pl[0].Opponent || pl[0].Neutral || pl[0].From >= 0) {
		var items []string
		for _, r := range pl {
			what := "a " + g.KindName(r.Kind)
			switch {
			case r.Neutral:
				what = "a " + g.KindName(r.Kind) + " piece"
			case r.Opponent:
				what = "the opponent's " + g.KindName(r.Kind)
			case len(g.Kinds) < 2:
				what = "one's own piece"
			}
			if r.From >= 0 {
				what += " (taken from the " + plural(2, g.KindName(r.From)) + " in hand)"
			}
			items = append(items, fmt.Sprintf("%s places %s", r.Name, what))
		}
		sents = append(sents, "The placement rules, when their conditions allow: "+strings.Join(items, "; ")+".")
	}
	for _, sp := range g.Spreads() {
		lift := "any number of pieces"
		switch {
		case sp.LiftMax > 0 && sp.LiftMin == sp.LiftMax:
			lift = plural(sp.LiftMax, strconv.Itoa(sp.LiftMax)+" piece")
		case sp.LiftMax > 0:
			lift = fmt.Sprintf("%d to %d pieces", max(sp.LiftMin, 1), sp.LiftMax)
		}
		var dirs []string
		for _, d := range sp.Directions {
			if w, ok := compassWords[d]; ok {
				d = w
			}
			dirs = append(dirs, d)
		}
		sents = append(sents, fmt.Sprintf("A stack spreads (the rule %s): its owner lifts %s from the top and moves them in a straight line (%s), dropping at least one on each square passed, the bottom ones first, so that the last square gets the top ones.",
			sp.Rule, lift, orWords(dirs)))
	}
	if len(sents) == 0 {
		return ""
	}
	return wrapText("Pieces. "+strings.Join(sents, " "), 78, "") + "\n"
}

// compassWords say a rule's compass directions as the first player sees
// the board.
var compassWords = map[string]string{
	"n": "up", "s": "down", "e": "right", "w": "left",
	"ne": "up right", "nw": "up left", "se": "down right", "sw": "down left",
}

// orWords writes "a, b or c".
func orWords(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// numberWords are the small counts written out.
var numberWords = []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

func numberWord(n int) string {
	if n >= 0 && n < len(numberWords) {
		return numberWords[n]
	}
	return strconv.Itoa(n)
}

// playerNumbers are "1", "2"... for n players.
func playerNumbers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

func pluralAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = plural(2, w)
	}
	return out
}

// andList writes "a, b and c".
func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// ownNotationText is the "Writing moves" part for a game with its own
// notation: each template in words, examples of each shape of move at the
// start and where new shapes first come up, the position format.
func ownNotationText(g *interpreter.Game, info interpreter.NotationInfo, p *board.Position) string {
	var sb strings.Builder
	item := func(head, text string) {
		lines := strings.Split(wrapText(text, 78-16, ""), "\n")
		for i, l := range lines {
			if i == 0 {
				fmt.Fprintf(&sb, "  %-14s%s\n", head, l)
			} else {
				fmt.Fprintf(&sb, "  %-14s%s\n", "", l)
			}
		}
	}
	sb.WriteString(wrapText("Writing moves. "+squareNamesText(g)+" "+g.Name+" has its own notation:", 78, "") + "\n")
	if info.Place != "" {
		item("a placement:", info.Place+": "+templateWords(g, info, info.Place, true))
	} else if g.HasHands() {
		item("a placement:", "the square alone: d2")
	}
	if info.Move != "" {
		item("a move:", info.Move+": "+templateWords(g, info, info.Move, false))
	} else {
		what := "from-to: d2-d3"
		if g.LiftsPart() {
			what += "; with the number of pieces lifted first: 2d2-d3"
		}
		item("a move:", what)
	}
	if g.NoMoves == "pass" {
		item("a pass:", "pass (only when there is no other move)")
	}
	sb.WriteString("For example:\n")
	var native []string // moves written otherwise in the native notation
	legal := g.LegalMoves(p, nil)
	start := examplesByShape(g, p, legal)
	if len(start) == 1 {
		// One shape at the start: a few of it.
		var same []board.Move
		for _, m := range legal {
			if shapeOf(g, p, m) == shapeOf(g, p, start[0]) {
				same = append(same, m)
			}
		}
		sort.Slice(same, func(i, j int) bool { return moveLess(g, same[i], same[j]) })
		start = same[:min(3, len(same))]
	}
	item("at the start:", strings.Join(exampleList(g, p, start), ", "))
	for _, st := range laterExamples(g, *p) {
		head := fmt.Sprintf("after %s:", movesFromStart(g, st.plies))
		if len(st.plies) > 8 {
			head = fmt.Sprintf("after %d plies, at %s:", len(st.plies), g.FormatPosition(&st.pos))
			if len(head) > 76 {
				head = fmt.Sprintf("after %d plies:", len(st.plies))
			}
		}
		if len(head) > 14 {
			fmt.Fprintf(&sb, "  %s\n", head)
			head = ""
		}
		item(head, strings.Join(exampleList(g, &st.pos, st.moves), ", "))
		for _, m := range st.moves {
			if n := g.Board.MoveString(m); (m.Kind == board.Step || m.Kind == board.Spread) && n != g.MoveString(m) {
				native = append(native, n)
			}
		}
	}
	if ps := info.Position; ps != nil {
		sb.WriteString(positionNotationText(g, ps, p))
	}
	tail := "In the terminal player a square alone is the move it writes when there is one (a placement), or lists the moves from the stack on it."
	if len(native) > 0 {
		tail += " Moves are read in the native notation too (" + strings.Join(native, ", ") + ")."
	}
	sb.WriteString(wrapText(tail, 78, "") + "\n")
	return sb.String()
}

// positionNotationText describes the notation's position format, with the
// start written in it.
func positionNotationText(g *interpreter.Game, ps *interpreter.PositionNotationInfo, p *board.Position) string {
	var parts []string
	parts = append(parts, fmt.Sprintf("the rows from the top, joined by %q", ps.Rows))
	parts = append(parts, fmt.Sprintf("the squares of a row joined by %q", ps.Cells))
	parts = append(parts, fmt.Sprintf("%s for an empty square (%s3 for three)", ps.Empty, ps.Empty))
	if ps.Pieces == "number" {
		var nums []string
		for i, pl := range g.Players {
			nums = append(nums, fmt.Sprintf("%d %s", i+1, pl.Name))
		}
		s := "a stack bottom to top as its pieces' player numbers (" + strings.Join(nums, ", ") + ")"
		if len(g.Kinds) > 1 {
			s += ", the top piece's kind mark after it"
		}
		parts = append(parts, s)
	} else {
		parts = append(parts, "a stack bottom to top as its piece letters")
	}
	if ps.After != "" {
		var after []string
		for _, f := range templateFields(ps.After) {
			switch f {
			case "{to_move}":
				after = append(after, "the player to move ("+orWords(playerNumbers(len(g.Players)))+")")
			case "{turn}":
				after = append(after, "the turn number (a turn is a move of each player)")
			case "{ply}":
				after = append(after, "the plies played")
			default:
				if t := strings.TrimSpace(f); t != "" {
					after = append(after, fmt.Sprintf("%q", t))
				}
			}
		}
		parts = append(parts, "then, after a space, "+andList(after))
	}
	text := fmt.Sprintf("Positions are written in %s (--position reads it, --format %s writes it): %s.",
		strings.ToUpper(ps.Name), ps.Name, strings.Join(parts, "; "))
	if s, err := g.FormatPositionAs(p, ps.Name); err == nil {
		text += " At the start: " + s
	}
	return wrapText(text, 78, "") + "\n"
}
