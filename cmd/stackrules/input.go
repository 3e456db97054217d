package main

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// What a player may type at the prompt: a move in the notation, a square
// alone (to list its moves), an unambiguous shorthand, or a command.

// playCommandHelp is the help text of the commands, in the order shown.
var playCommandHelp = []struct{ name, args, help string }{
	{"moves", "", "list the legal moves"},
	{"hint", "", "ask the AI for a move (a short search)"},
	{"undo", "", "take back your last move (and the AI's reply)"},
	{"redo", "", "play again what undo took back"},
	{"save", "[FILE]", "save now (to FILE from then on; save --force FILE replaces it)"},
	{"resign", "", "give up the game (asks first at a terminal)"},
	{"draw", "", "offer a draw, in a game that has draws (an AI answers at once, a person is asked)"},
	{"board", "", "draw the board again"},
	{"flip", "", "turn the board around"},
	{"position", "", "print the position string (for --position)"},
	{"help", "", "this help"},
	{"quit", "", "save the record and leave"},
}

// commandAliases maps what may be typed to a command's name.
var commandAliases = map[string]string{
	"moves": "moves", "m": "moves", "list": "moves",
	"hint": "hint",
	"undo": "undo", "u": "undo", "takeback": "undo",
	"redo":   "redo",
	"save":   "save",
	"resign": "resign",
	"draw":   "draw", "offer": "draw",
	"board": "board", "b": "board", "show": "board",
	"flip":     "flip",
	"position": "position", "pos": "position", "fen": "position",
	"help": "help", "h": "help", "?": "help",
	"quit": "quit", "q": "quit", "exit": "quit",
}

// splitCommand recognises a command: its name and the rest of the line.
func splitCommand(line string) (name, arg string, ok bool) {
	word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	name, ok = commandAliases[strings.ToLower(word)]
	return name, strings.TrimSpace(rest), ok
}

// helpText is what may be typed at the prompt; with a game, only the
// moves and commands that game has (draw only in a game that has draws).
func helpText(ascii bool, g *interpreter.Game) string {
	if g != nil {
		start := g.Start()
		return helpTextAt(ascii, g, &start)
	}
	var sb strings.Builder
	sb.WriteString("Type a move in the game's notation (help at the prompt shows the game's own):\n")
	sb.WriteString("c3-d4 (one checker), 2c3-d4 (lift two), b8-off (bear off), c3xe5xg7 (a\n")
	sb.WriteString("capture, every landing square), d2 (place a piece), pass. Shorthand is fine\n")
	sb.WriteString("when only one move matches: c3d4, c3-g7 for a capture. A square alone (c3)\n")
	sb.WriteString("lists its moves. In a dice game, type the whole play (24/18 13/11) or a\n")
	sb.WriteString("checker at a time (24/18, then 13/11; undo takes back the last); with --dice\n")
	sb.WriteString("manual, type each roll (65). Commands:\n")
	sb.WriteString(commandsHelp(g))
	return sb.String()
}

// helpTextAt is the help at the prompt at p: how this game's moves are
// written (its own notation, its dice plays, or the shapes of move its
// rules have), with examples legal at p.
func helpTextAt(ascii bool, g *interpreter.Game, p *board.Position) string {
	if g.HasDice() {
		return diceHelp(g, p) + "Commands:\n" + commandsHelp(g)
	}
	info, ok := g.Notation()
	if !ok {
		text := "Type a move: " + strings.Join(moveShapes(g, p, true), "; ") + "."
		if g.NoMoves == "pass" {
			text += " Type pass when there is no move."
		}
		text += " Shorthand is fine when only one move matches (c3d4). A square alone lists its moves."
		return wrapText(text, 78, "") + "\nCommands:\n" + commandsHelp(g)
	}
	return notationHint(g, info, p) + "Commands:\n" + commandsHelp(g)
}

// moveShapes lists the shapes of move g's rules make, each with an example
// (one legal at p where there is one), and with words when said.
func moveShapes(g *interpreter.Game, p *board.Position, words bool) []string {
	// Examples from the moves legal at p, or, for a shape of move not legal
	// there, from a few plies further on (the first move each time): a
	// Morris player sees d2-d3 as a real step, not a checkers move.
	var seen []board.Move
	q := *p
	for ply := 0; ply < 80; ply++ {
		if g.IsChance(&q) {
			break
		}
		legal := g.LegalMoves(&q, nil)
		if len(legal) == 0 {
			break
		}
		for _, m := range legal {
			if ply == 0 || !slices.ContainsFunc(seen, func(s board.Move) bool { return sameShape(g, s, m) }) {
				seen = append(seen, m)
			}
		}
		g.Apply(&q, legal[ply%len(legal)])
	}
	example := func(kind board.MoveKind, lifts, removes bool, fallback string) string {
		for _, m := range seen {
			if m.Kind == kind && (!lifts || m.Lift > 1) && (!removes || strings.Contains(g.MoveString(m), "x")) {
				return g.MoveString(m)
			}
		}
		return fallback
	}
	var out []string
	add := func(ex, what string) {
		if words {
			ex += " " + what
		}
		out = append(out, ex)
	}
	if g.HasHands() {
		add(example(board.Place, false, false, "d2"), "(the square alone) places a piece")
	}
	add(example(board.Step, false, false, "c3-d4"), "moves a piece")
	if g.LiftsPart() {
		add(example(board.Step, true, false, "2c3-d4"), "lifts pieces from the top (the count first)")
	}
	if g.HasCaptures() {
		add(example(board.Capture, false, false, captureExample(g.Board)), "captures (every landing square)")
	}
	if g.HasTriggers() {
		ex := example(board.Step, false, true, "")
		if ex == "" {
			ex = example(board.Place, false, true, "d2-d3xa1")
		}
		add(ex, "removes a piece after a line is made (x and its point)")
	}
	if g.HasBearOff() {
		add(example(board.BearOff, false, false, "b8-off"), "bears a piece off")
	}
	return out
}

// sameShape says whether two moves are examples of the same thing: the
// same kind, lifting one or more, removing or not.
func sameShape(g *interpreter.Game, a, b board.Move) bool {
	return a.Kind == b.Kind && (a.Lift > 1) == (b.Lift > 1) && strings.Contains(g.MoveString(a), "x") == strings.Contains(g.MoveString(b), "x")
}

// diceHelp is the help of a dice game at p: a play in the game's own
// numbering, a piece at a time, with plays legal at p (or after a roll).
func diceHelp(g *interpreter.Game, p *board.Position) string {
	n, _ := g.DiceNotation()
	var sb strings.Builder
	if n.FromStart {
		sb.WriteString("Type the whole play, each piece's move from/to in its steps counted from its start square (0) up: ")
		fmt.Fprintf(&sb, "%s/0 brings a piece out of the %s, off is past the end of its path, ", n.Start, n.Start)
		if n.Dice == 2 {
			sb.WriteString("one piece may take the dice one after the other (10/13/17), ")
		}
		sb.WriteString("or ")
	} else {
		sb.WriteString("Type the whole play, each checker's move from/to in your own point numbers (GNU Backgammon's): ")
		if n.Hits { // only a hit sends a checker to the track's first square
			fmt.Fprintf(&sb, "%s/22 enters from the %s, ", n.Start, n.Start)
		}
		sb.WriteString("6/off bears off, one checker may use both dice (24/13), ")
		sb.WriteString("8/5(2) moves two checkers the same way, or ")
	}
	sb.WriteString("type a piece at a time (undo takes back the last).")
	if n.Hits {
		sb.WriteString(" A * after a point marks a hit; it may be left out.")
	}
	sb.WriteString(" When nothing can be played the turn passes for you.")
	q := *p
	if g.IsChance(&q) {
		if rolls := g.LegalMoves(&q, nil); len(rolls) > 0 {
			g.Apply(&q, rolls[0])
		}
	}
	if q.Rolled() {
		var ex []string
		for i, m := range g.LegalMoves(&q, nil) {
			if i == 3 {
				break
			}
			ex = append(ex, g.MoveString(m))
		}
		roll := strconv.Itoa(int(q.Dice[0]))
		if q.Dice[1] != 0 {
			roll = board.RollString(int(q.Dice[0]), int(q.Dice[1]))
		}
		fmt.Fprintf(&sb, " With %s here, for example: %s.", roll, strings.Join(ex, ", "))
	}
	sb.WriteString(" With --dice manual, type each roll (")
	if n.Dice == 1 {
		sb.WriteString("6).")
	} else {
		sb.WriteString("65).")
	}
	return wrapText(sb.String(), 78, "") + "\n"
}

// notationHint says in a few lines how to type a move in the game's own
// notation, with a move of each shape legal at p.
func notationHint(g *interpreter.Game, info interpreter.NotationInfo, p *board.Position) string {
	var parts []string
	if info.Place != "" {
		w := info.Place + " places a piece"
		var marks []string
		for _, km := range info.Kinds {
			if km.Mark != "" {
				marks = append(marks, km.Mark+" "+g.KindName(km.Kind))
			} else {
				marks = append(marks, "no mark for a "+g.KindName(km.Kind))
			}
		}
		if len(marks) > 0 && strings.Contains(info.Place, "{kind}") {
			w += " (" + strings.Join(marks, ", ") + ")"
		}
		parts = append(parts, w)
	} else if g.HasHands() {
		parts = append(parts, "a square alone places a piece")
	}
	if info.Move != "" {
		w := info.Move + " moves"
		var dirs []string
		for _, d := range info.Directions {
			dirs = append(dirs, d.Mark+" "+directionWords[d.Name])
		}
		if len(dirs) > 0 && strings.Contains(info.Move, "{direction}") {
			w += " (" + strings.Join(dirs, ", ") + ")"
		}
		parts = append(parts, w)
	} else {
		parts = append(parts, "from-to moves (d2-d3)")
	}
	if g.NoMoves == "pass" {
		parts = append(parts, "pass when there is no move")
	}
	text := "Type a move in " + g.Name + "'s notation: " + strings.Join(parts, "; ") + "."
	legal := g.LegalMoves(p, nil)
	if ex := exampleList(g, p, examplesByShape(g, p, legal)); len(ex) > 0 {
		text += " Here, for example: " + strings.Join(ex, ", ") + "."
	}
	text += " A square alone is the move it writes (a placement), or lists the moves from your stack on it."
	for _, m := range legal {
		if n := g.Board.MoveString(m); (m.Kind == board.Step || m.Kind == board.Spread) && n != g.MoveString(m) {
			text += " Moves may be given in the native notation too (" + n + " is " + g.MoveString(m) + ")."
			break
		}
	}
	text += " help rules explains the notation."
	return wrapText(text, 78, "") + "\n"
}

// commandsHelp lists the commands, those g can use.
func commandsHelp(g *interpreter.Game) string {
	var sb strings.Builder
	for _, c := range playCommandHelp {
		help := c.help
		switch {
		case g == nil:
		case c.name == "draw" && (len(g.Players) != 2 || !g.CanDraw()):
			continue
		case c.name == "draw":
			help = "offer a draw (an AI answers at once, a person is asked)"
		case c.name == "resign" && len(g.Players) > 2:
			continue // resigning ends a game of two
		}
		fmt.Fprintf(&sb, "  %-14s %s\n", strings.TrimSpace(c.name+" "+c.args), help)
	}
	sb.WriteString("Ctrl-C while the AI thinks makes it move now; at the prompt it asks to leave.\n")
	return sb.String()
}

// notationExamples are a few moves legal at p, one of each shape, for
// saying what a move looks like: "a1, Sa1, c3+".
func notationExamples(g *interpreter.Game, p *board.Position) string {
	var texts []string
	for _, m := range examplesByShape(g, p, g.LegalMoves(p, nil)) {
		if m.Kind != board.Pass {
			texts = append(texts, g.MoveString(m))
		}
	}
	return orWords(texts)
}

// resolution is what a line typed as a move comes to.
type resolution struct {
	move   board.Move
	ok     bool
	taken  string   // the move as written in the notation, when it was typed otherwise
	listed []string // for a square alone: the moves from it
	square string   // the square alone, for the listing
	msg    string   // why the text is not a move here (one line)
}

// resolveMove matches text against the legal moves at p. legal are p's legal
// moves.
func resolveMove(g *interpreter.Game, p *board.Position, legal []board.Move, text string) (res resolution) {
	raw := strings.TrimSpace(text)
	if m, err := g.ParseMove(p, raw); err == nil {
		return resolution{move: m, ok: true} // as written: Sa1 is not sa1
	}
	t := strings.ToLower(raw)
	if m, err := g.ParseMove(p, t); err == nil {
		return resolution{move: m, ok: true}
	}
	if t == "pass" {
		return resolution{msg: g.Explain(p, t).Short()}
	}
	_, own := g.Notation()
	if own && !isLoneSquare(g.Board, t) {
		if _, err := g.ParseMoveText(raw); err == nil {
			// Good notation, not legal here: let the rules say why.
			return resolution{msg: g.Explain(p, raw).Short()}
		}
	}
	if g.Board.Numbered() && len(t) >= 3 && allDigitsText(t) {
		// Squares run together, as draughts players write them (1115).
		if m, err := records.ParsePDNMove(g, p, t); err == nil {
			return resolution{move: m, ok: true, taken: g.Board.NumericMoveString(m)}
		}
		var cuts []string
		for i := 1; i < len(t); i++ {
			a, _ := strconv.Atoi(t[:i])
			z, _ := strconv.Atoi(t[i:])
			_, okA := g.Board.NumberedSquare(a)
			_, okZ := g.Board.NumberedSquare(z)
			if okA && okZ && t[i] != '0' {
				cuts = append(cuts, t[:i]+"-"+t[i:])
			}
		}
		if len(cuts) == 1 {
			t = cuts[0] // not legal: the rules say why, of 15-19
		}
	}
	if a, ok := numericToAlgebraic(g.Board, t); ok {
		t = a // numeric shorthand (11x25, a square alone: 15) reads as its squares
	}
	count, path, isSquare, err := scanShorthand(g.Board, t)
	if err != "" {
		if _, perr := g.ParseMoveText(t); perr == nil {
			// Good notation that is no shorthand: let the rules say why.
			return resolution{msg: g.Explain(p, t).Short()}
		}
		if own && strings.HasSuffix(err, notMoveTail) {
			err = fmt.Sprintf("%q is not a move or a command: write a move like %s, or type help", raw, notationExamples(g, p))
		} else if strings.HasSuffix(err, genericMoveTail) {
			err = fmt.Sprintf("%q is not a move or a command: write a move like %s, or type help", raw, strings.Join(moveShapes(g, p, false), ", "))
		}
		return resolution{msg: err}
	}
	if isSquare {
		return listFrom(g, p, legal, path[0])
	}
	var matches []board.Move
	for _, l := range legal {
		if shorthandMatches(p, l, count, path) {
			matches = append(matches, l)
		}
	}
	switch len(matches) {
	case 1:
		m := matches[0]
		r := resolution{move: m, ok: true}
		if w := g.MoveString(m); w != t {
			r.taken = w
		}
		return r
	case 0:
		return resolution{msg: whyNot(g, p, t, count, path)}
	}
	texts := make([]string, len(matches))
	for i, m := range matches {
		texts[i] = g.MoveString(m)
	}
	sort.Strings(texts)
	return resolution{msg: fmt.Sprintf("%s is ambiguous: it could be %s; type the one you mean", t, orList(texts))}
}

// pieceWord is what the game's pieces are called in messages: checkers,
// unless the game has pieces of several kinds, in hand by kind or of
// nobody.
func pieceWord(g *interpreter.Game) string {
	if g.Board.OnTop() || g.HandPools() != nil {
		return "piece"
	}
	return "checker"
}

// isLoneSquare reports whether t is a square's name alone.
func isLoneSquare(b *board.Board, t string) bool {
	_, err := b.ParseSquare(t)
	return err == nil
}

// genericMoveTail ends scanShorthand's message for text that is no move,
// before the game's own shapes of move replace its examples.
const genericMoveTail = "write a move like c3-d4, 2c3-d4, b8-off or c3xe5, or type help"

// notMoveTail ends scanShorthand's message for text that is no move.
const notMoveTail = "or type help"

// offSquare stands for "off" in a shorthand path.
const offSquare = board.NoSquare

// scanShorthand reads "[N]SQ[SEP]SQ..." where SEP is -, x, : or nothing and
// the last may be "off". A lone square gives isSquare.
func scanShorthand(b *board.Board, t string) (count int, path []board.Square, isSquare bool, msg string) {
	if t == "" {
		return 0, nil, false, "type a move, a square or a command (help lists them)"
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > 0 {
		n, err := strconv.Atoi(t[:i])
		if err != nil || n < 1 || n > 255 {
			return 0, nil, false, fmt.Sprintf("%q: %q is not a number of checkers to lift", t, t[:i])
		}
		count = n
	}
	notMove := fmt.Sprintf("%q is not a move or a command: "+genericMoveTail, t)
	for i < len(t) {
		if len(path) > 0 {
			if c := t[i]; c == '-' || c == 'x' || c == ':' {
				i++
			}
			if strings.HasPrefix(t[i:], "off") {
				if i+3 != len(t) {
					return 0, nil, false, notMove
				}
				path = append(path, offSquare)
				break
			}
		}
		j := i
		if j >= len(t) || t[j] < 'a' || t[j] > 'z' {
			return 0, nil, false, notMove
		}
		j++
		for j < len(t) && t[j] >= '0' && t[j] <= '9' {
			j++
		}
		if j == i+1 {
			return 0, nil, false, notMove
		}
		sq, err := b.ParseSquare(t[i:j])
		if err != nil {
			return 0, nil, false, t + ": " + err.Error()
		}
		path = append(path, sq)
		i = j
	}
	if len(path) == 1 && count == 0 {
		return 0, path, true, ""
	}
	if len(path) < 2 {
		return 0, nil, false, notMove
	}
	return count, path, false, ""
}

// landings are the squares a move visits after its start: the destination,
// every landing square of a capture, offSquare for a bear-off.
func landings(m board.Move) []board.Square {
	switch m.Kind {
	case board.Step:
		return []board.Square{m.To}
	case board.BearOff:
		return []board.Square{offSquare}
	case board.Capture:
		out := make([]board.Square, m.Jumps)
		for i := range out {
			out[i] = m.Landing(i)
		}
		return out
	}
	return nil
}

// shorthandMatches: the move starts on path[0], ends on the path's last
// square, visits the squares between in order, and lifts count checkers
// (the whole stack for a whole-stack move) when a count was given.
func shorthandMatches(p *board.Position, m board.Move, count int, path []board.Square) bool {
	if m.Kind == board.Pass || m.From != path[0] {
		return false
	}
	ls := landings(m)
	if len(ls) == 0 || ls[len(ls)-1] != path[len(path)-1] {
		return false
	}
	k := 0
	for _, sq := range path[1 : len(path)-1] {
		for k < len(ls)-1 && ls[k] != sq {
			k++
		}
		if k >= len(ls)-1 {
			return false
		}
		k++
	}
	if count > 0 {
		lift := int(m.Lift)
		if m.Kind != board.Step {
			return false
		}
		if lift == 0 {
			lift = p.Cells[m.From].Height()
		}
		return lift == count
	}
	return true
}

// listFrom answers a square typed alone.
func listFrom(g *interpreter.Game, p *board.Position, legal []board.Move, sq board.Square) resolution {
	name := g.Board.SquareName(sq)
	var from []board.Move
	for _, l := range legal {
		if l.Kind != board.Pass && l.From == sq {
			from = append(from, l)
		}
	}
	s := p.Cells[sq]
	me := int(p.ToMove)
	if len(from) == 0 || g.Board.TopOwner(s) != me {
		// An empty point (or one the mover does not top) with placements
		// on it: one plays, several (a placement that removes) are listed.
		var placed []board.Move
		for _, l := range legal {
			if l.Kind == board.Place && l.To == sq {
				placed = append(placed, l)
			}
		}
		if len(placed) == 1 {
			return resolution{move: placed[0], ok: true, taken: g.MoveString(placed[0])}
		}
		if len(placed) > 1 {
			texts := make([]string, len(placed))
			for i, m := range placed {
				texts[i] = g.MoveString(m)
			}
			sort.Strings(texts)
			return resolution{listed: texts, square: "hand to " + name}
		}
	}
	if len(from) > 0 {
		texts := make([]string, len(from))
		for i, m := range from {
			texts[i] = g.MoveString(m)
		}
		sort.Strings(texts)
		return resolution{listed: texts, square: name}
	}
	switch {
	case s.Height() == 0 && g.HasHands() && p.Hand[me] == 0:
		return resolution{msg: fmt.Sprintf("there is no piece on %s, and %s has none in hand to place", name, g.Players[me].Name)}
	case g.HasHands() && p.Hand[me] > 0 && g.Board.TopOwner(s) != me:
		return resolution{msg: g.Explain(p, name).Short()}
	case s.Height() == 0:
		return resolution{msg: fmt.Sprintf("there is no %s on %s", pieceWord(g), name)}
	case g.Board.TopOwner(s) < 0:
		kind := g.KindName(g.Board.Kind(g.Board.Top(s)))
		return resolution{msg: fmt.Sprintf("the top piece on %s is a %s piece, which belongs to nobody: no one moves that stack", name, kind)}
	case g.Board.TopOwner(s) != me:
		return resolution{msg: fmt.Sprintf("the top %s on %s is %s's, and %s is to move", pieceWord(g), name, g.Players[g.Board.TopOwner(s)].Name, g.Players[me].Name)}
	}
	var caps []string
	for _, l := range legal {
		if l.Kind == board.Capture {
			caps = append(caps, g.MoveString(l))
		}
	}
	if len(caps) > 0 {
		sort.Strings(caps)
		return resolution{msg: fmt.Sprintf("no legal move from %s: a capture must be made (%s)", name, orList(caps))}
	}
	return resolution{msg: fmt.Sprintf("no legal move from %s", name)}
}

// whyNot says in one line why text is not a legal move: the rule it breaks
// when the interpreter can tell.
func whyNot(g *interpreter.Game, p *board.Position, t string, count int, path []board.Square) string {
	written := t
	if _, err := g.ParseMoveText(t); err != nil {
		// Shorthand: say it in the notation so the rules can be checked.
		written = notationOf(g.Board, count, path)
	}
	e := g.Explain(p, written)
	if e.Legal {
		return fmt.Sprintf("%s is not a legal move here", t)
	}
	return e.Short()
}

// notationOf writes a shorthand path in the notation.
func notationOf(b *board.Board, count int, path []board.Square) string {
	name := func(sq board.Square) string {
		if sq == offSquare {
			return "off"
		}
		return b.SquareName(sq)
	}
	if len(path) > 2 {
		parts := make([]string, len(path))
		for i, sq := range path {
			parts[i] = name(sq)
		}
		return strings.Join(parts, "x")
	}
	s := name(path[0]) + "-" + name(path[1])
	if count > 1 {
		s = strconv.Itoa(count) + s
	}
	return s
}

// orList writes "a, b or c", eliding after eight.
func orList(items []string) string {
	if len(items) > 8 {
		return strings.Join(items[:8], ", ") + fmt.Sprintf(" or %d more", len(items)-8)
	}
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// allDigitsText reports whether t is digits only.
func allDigitsText(t string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return t != ""
}
