package interpreter

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/stackrules/stackrules/board"
)

// A rule file's own notation: how its moves and positions are written when
// the game's players write them otherwise than `c3-d4` and `r a1:r,c3:br`.
// It is data, templates of fields, so that no Go code names a game:
//
//	notation:
//	  kinds: {flat: "", wall: S, capstone: C}  # a kind's mark
//	  read_kinds: {flat: F}                    # other marks read for a kind
//	  directions: {north: "+", south: "-", east: ">", west: "<"}
//	  place: "{kind}{to}"                      # a placement
//	  move: "{count}{from}{direction}{drops}"  # a step or a spread
//	  position:
//	    name: tps                              # --format tps
//	    rows: "/"                              # rows from the top, joined by this
//	    cells: ","                             # squares of a row, joined by this
//	    empty: x                               # empty squares: x, x2, x3...
//	    pieces: number                         # each piece as its player's number
//	    after: "{to_move} {turn}"              # then the player to move and the turn
//
// {count} is left out when it is 1, {drops} when all the pieces land on one
// square; a direction is written as the first player sees the board (north
// is the last rank). A position's pieces are bottom to top, the top one's
// kind mark after it. Moves in the game's notation are read in it, and in
// the native notation too; they are printed in it. Positions are printed
// in it when its name is asked for (--format) or it is the game's; pieces
// in hand, which such positions do not say, are what the setup gives less
// those on the board.

// notationSpec is the notation as written.
type notationSpec struct {
	node       *yaml.Node
	Kinds      map[string]string
	ReadKinds  map[string]string
	Directions map[string]string
	Place      string
	Move       string
	Position   *positionSpec
	kindsNode  *yaml.Node
}

type positionSpec struct {
	node               *yaml.Node
	Name               string
	Rows, Cells, Empty string
	Pieces             string // number (1, 2...) or letter (the piece letters)
	After              string
	Default            bool // the game's positions are written so by default
}

func (d *decoder) decodeNotation(n *yaml.Node, rf *ruleFile) {
	ns := &notationSpec{node: n}
	strMap := func(v *yaml.Node, what string) map[string]string {
		out := map[string]string{}
		d.namedMapping(v, what, func(k, v *yaml.Node) {
			if v.Kind != yaml.ScalarNode {
				d.errorf(v, "wrong-type", "", "%s: %s must be text", what, k.Value)
				return
			}
			out[k.Value] = v.Value
		})
		return out
	}
	d.mapping(n, "notation", []field{
		{"kinds", false, func(_, v *yaml.Node) { ns.Kinds, ns.kindsNode = strMap(v, "notation: kinds"), v }},
		{"read_kinds", false, func(_, v *yaml.Node) { ns.ReadKinds = strMap(v, "notation: read_kinds") }},
		{"directions", false, func(_, v *yaml.Node) { ns.Directions = strMap(v, "notation: directions") }},
		{"place", false, func(_, v *yaml.Node) { ns.Place = d.str(v, "notation: place") }},
		{"move", false, func(_, v *yaml.Node) { ns.Move = d.str(v, "notation: move") }},
		{"position", false, func(_, v *yaml.Node) {
			ps := &positionSpec{node: v, Pieces: "letter", Default: true}
			d.mapping(v, "notation: position", []field{
				{"name", true, func(_, v *yaml.Node) { ps.Name = d.str(v, "notation: position: name") }},
				{"rows", false, func(_, v *yaml.Node) { ps.Rows = d.str(v, "notation: position: rows") }},
				{"cells", false, func(_, v *yaml.Node) { ps.Cells = d.str(v, "notation: position: cells") }},
				{"empty", false, func(_, v *yaml.Node) { ps.Empty = d.str(v, "notation: position: empty") }},
				{"pieces", false, func(_, v *yaml.Node) { ps.Pieces = d.oneOf(v, "notation: position: pieces", "number", "letter") }},
				{"after", false, func(_, v *yaml.Node) { ps.After = d.str(v, "notation: position: after") }},
				{"default", false, func(_, v *yaml.Node) { ps.Default = d.boolean(v, "notation: position: default") }},
			})
			ns.Position = ps
		}},
	})
	rf.Notation = ns
}

// notation is a compiled notation.
type notation struct {
	kindMark  []string       // by kind
	readKinds map[string]int // mark -> kind, every mark read
	dirMark   map[board.Direction]string
	dirOf     map[string]board.Direction
	place     []string // the template's parts: literals and {fields}
	move      []string
	placeRE   *regexp.Regexp
	moveRE    *regexp.Regexp
	placeKeys []string // the fields of placeRE's groups, in order
	moveKeys  []string
	pos       *positionSpec
}

var templateField = regexp.MustCompile(`\{[a-z_]+\}`)

// splitTemplate cuts a template into literal parts and {fields}.
func splitTemplate(t string) []string {
	var out []string
	last := 0
	for _, loc := range templateField.FindAllStringIndex(t, -1) {
		if loc[0] > last {
			out = append(out, t[last:loc[0]])
		}
		out = append(out, t[loc[0]:loc[1]])
		last = loc[1]
	}
	if last < len(t) {
		out = append(out, t[last:])
	}
	return out
}

// buildNotation compiles the rule file's notation.
func (g *Game) buildNotation(d *decoder, rf *ruleFile) {
	ns := rf.Notation
	if ns == nil {
		return
	}
	b := g.Board
	nt := &notation{readKinds: map[string]int{}, dirMark: map[board.Direction]string{}, dirOf: map[string]board.Direction{}, pos: ns.Position}
	nt.kindMark = make([]string, g.pieceSet.kinds+len(g.pieceSet.neutral))
	for k := range nt.kindMark {
		nt.kindMark[k] = string(rune(0)) // unset: every kind needs a mark when {kind} is used
	}
	for name, mark := range ns.Kinds {
		k := g.kindIndex(name)
		if k < 0 {
			d.errorf(ns.kindsNode, "bad-value", "", "notation: kinds: %q is not a kind of this game's pieces (%s)", name, g.kindsText())
			continue
		}
		nt.kindMark[k] = mark
		nt.readKinds[mark] = k
	}
	for name, mark := range ns.ReadKinds {
		if k := g.kindIndex(name); k >= 0 {
			nt.readKinds[mark] = k
		} else {
			d.errorf(ns.node, "bad-value", "", "notation: read_kinds: %q is not a kind of this game's pieces", name)
		}
	}
	absolute := map[string]board.Direction{"north": {DF: 0, DR: 1}, "south": {DF: 0, DR: -1}, "east": {DF: 1, DR: 0}, "west": {DF: -1, DR: 0},
		"north_east": {DF: 1, DR: 1}, "north_west": {DF: -1, DR: 1}, "south_east": {DF: 1, DR: -1}, "south_west": {DF: -1, DR: -1}}
	if b.IsHex() {
		absolute = map[string]board.Direction{"east": {DF: 1, DR: 0}, "west": {DF: -1, DR: 0}, "north_east": {DF: 1, DR: 1},
			"north_west": {DF: 0, DR: 1}, "south_east": {DF: 0, DR: -1}, "south_west": {DF: -1, DR: -1}}
	}
	for name, mark := range ns.Directions {
		dir, ok := absolute[name]
		if !ok {
			var names []string
			for n := range absolute {
				names = append(names, n)
			}
			sort.Strings(names)
			d.errorf(ns.node, "bad-value", "", "notation: directions: %q is not a direction (%s)", name, strings.Join(names, ", "))
			continue
		}
		nt.dirMark[dir] = mark
		nt.dirOf[mark] = dir
	}
	var err error
	if ns.Place != "" {
		nt.place = splitTemplate(ns.Place)
		nt.placeRE, nt.placeKeys, err = nt.templateRE(nt.place)
		if err != nil {
			d.errorf(ns.node, "bad-value", "", "notation: place: %v", err)
		}
	}
	if ns.Move != "" {
		nt.move = splitTemplate(ns.Move)
		nt.moveRE, nt.moveKeys, err = nt.templateRE(nt.move)
		if err != nil {
			d.errorf(ns.node, "bad-value", "", "notation: move: %v", err)
		}
	}
	if ps := ns.Position; ps != nil {
		if b.IsGraph() {
			d.errorf(ps.node, "bad-value", "", "notation: position: rows of squares need a grid or hex board")
		}
		if ps.Empty == "" || ps.Rows == "" || ps.Cells == "" {
			d.errorf(ps.node, "missing-key", "for example {name: tps, rows: /, cells: \",\", empty: x}", "notation: position needs rows, cells and empty")
		}
	}
	g.notation = nt
}

// annotations are what a move may carry after it and is read without.
const annotations = `['"!?*]*`

// templateRE makes the regular expression that reads a template.
func (nt *notation) templateRE(parts []string) (*regexp.Regexp, []string, error) {
	var sb strings.Builder
	var keys []string
	sb.WriteString("^")
	alt := func(m map[string]int) string {
		var marks []string
		for mark := range m {
			marks = append(marks, regexp.QuoteMeta(mark))
		}
		sort.Slice(marks, func(i, j int) bool { return len(marks[i]) > len(marks[j]) })
		return "(" + strings.Join(marks, "|") + ")"
	}
	for _, part := range parts {
		switch part {
		case "{kind}":
			sb.WriteString(alt(nt.readKinds))
		case "{to}", "{from}":
			sb.WriteString(`([a-z][0-9]+)`)
		case "{count}":
			sb.WriteString(`([0-9]*)`)
		case "{drops}":
			sb.WriteString(`([0-9]*)`)
		case "{direction}":
			m := map[string]int{}
			for mark := range nt.dirOf {
				m[mark] = 0
			}
			sb.WriteString(alt(m))
		default:
			if strings.HasPrefix(part, "{") {
				return nil, nil, fmt.Errorf("unknown field %s (want {kind}, {to}, {from}, {count}, {direction}, {drops})", part)
			}
			sb.WriteString(regexp.QuoteMeta(part))
			continue
		}
		keys = append(keys, part)
	}
	sb.WriteString(annotations + "$")
	re, err := regexp.Compile(sb.String())
	return re, keys, err
}

// moveText writes a move in the game's notation; ok is false for a move
// the notation has no template for.
func (g *Game) notationMoveString(m board.Move) (string, bool) {
	nt := g.notation
	b := g.Board
	var parts []string
	switch m.Kind {
	case board.Place:
		parts = nt.place
	case board.Step, board.Spread:
		parts = nt.move
	}
	if parts == nil {
		return "", false
	}
	var sb strings.Builder
	for _, part := range parts {
		switch part {
		case "{kind}":
			code := 0
			if m.Piece > 0 {
				code = int(m.Piece) - 1
			}
			mark := nt.kindMark[b.Kind(code)]
			if mark == string(rune(0)) {
				return "", false
			}
			sb.WriteString(mark)
		case "{to}":
			sb.WriteString(b.SquareName(m.To))
		case "{from}":
			sb.WriteString(b.SquareName(m.From))
		case "{count}":
			if m.Lift > 1 {
				sb.WriteString(strconv.Itoa(int(m.Lift)))
			}
		case "{direction}":
			f0, r0 := b.Coord(m.From)
			f1, r1 := b.Coord(m.To)
			mark, ok := nt.dirMark[board.Direction{DF: int8(sign(f1 - f0)), DR: int8(sign(r1 - r0))}]
			if !ok {
				return "", false
			}
			sb.WriteString(mark)
		case "{drops}":
			if m.Kind == board.Spread {
				for i := 0; i < int(m.Jumps); i++ {
					sb.WriteString(strconv.Itoa(m.Drops(i)))
				}
			}
		default:
			sb.WriteString(part)
		}
	}
	return sb.String(), true
}

// PositionNotation is the name of the rule file's own position notation
// (FormatPositionAs takes it), "" for none.
func (g *Game) PositionNotation() string {
	if g.notation == nil || g.notation.pos == nil {
		return ""
	}
	return g.notation.pos.Name
}

// parseNotation matches text against the game's notation forms (placement
// first, then moves) and reads what it says; ok is false when no form
// matches.
func (g *Game) parseNotation(text string) (w notationMove, ok bool, err error) {
	nt := g.notation
	t := strings.TrimSpace(text)
	for _, form := range []struct {
		re   *regexp.Regexp
		keys []string
		kind board.MoveKind
	}{{nt.placeRE, nt.placeKeys, board.Place}, {nt.moveRE, nt.moveKeys, board.Step}} {
		if form.re == nil {
			continue
		}
		if sm := form.re.FindStringSubmatch(t); sm != nil {
			w, err = g.notationFields(form.keys, sm[1:], form.kind, text)
			return w, true, err
		}
	}
	return notationMove{}, false, nil
}

// notationSyntax reads text in the game's notation without a position, to
// check its form: the move has the squares the text names.
func (g *Game) notationSyntax(text string) (board.Move, bool, error) {
	w, ok, err := g.parseNotation(text)
	if !ok || err != nil {
		return board.Move{}, ok, err
	}
	m := board.Move{Kind: w.kind, From: w.from, To: w.to, Lift: uint8(min(w.count, 255))}
	if w.kind == board.Step && w.from != noSquare {
		m.To = w.from
		for range w.drops {
			f, r := g.Board.Coord(m.To)
			next, ok := g.Board.At(f+int(w.dir.DF), r+int(w.dir.DR))
			if !ok {
				return board.Move{}, true, fmt.Errorf("move %q leaves the board", strings.TrimSpace(text))
			}
			m.To = next
		}
	}
	return m, true, nil
}

// readNotationMove reads text in the game's notation and finds the legal
// move at p it writes; ok is false when the text is not in the notation.
func (g *Game) readNotationMove(p *board.Position, text string) (board.Move, bool, error) {
	want, ok, err := g.parseNotation(text)
	if !ok || err != nil {
		return board.Move{}, ok, err
	}
	t := strings.TrimSpace(text)
	legal, lerr := g.LegalMovesErr(p, nil)
	if lerr != nil {
		return board.Move{}, true, lerr
	}
	for _, l := range legal {
		if g.sameNotationMove(p, l, want) {
			return l, true, nil
		}
	}
	if o, err := g.ResultErr(p); err == nil && o.Over {
		return board.Move{}, true, fmt.Errorf("move %q: the game is over (%s)", t, o.Reason)
	}
	return board.Move{}, true, fmt.Errorf("move %q is not legal here", t)
}

// notationMove is what a move in the game's notation says.
type notationMove struct {
	kind     board.MoveKind
	placed   int // kind placed, -1: the plain one, -2: not said
	from, to board.Square
	count    int
	dir      board.Direction
	drops    []int
}

func (g *Game) notationFields(keys, vals []string, kind board.MoveKind, text string) (notationMove, error) {
	nt := g.notation
	b := g.Board
	w := notationMove{kind: kind, placed: -2, from: noSquare, to: noSquare, count: 1}
	if slices.Contains(keys, "{kind}") {
		w.placed = -1
	}
	for i, k := range keys {
		v := vals[i]
		switch k {
		case "{kind}":
			w.placed = nt.readKinds[v]
		case "{to}", "{from}":
			sq, err := b.ParseSquare(v)
			if err != nil {
				return w, fmt.Errorf("move %q: %v", strings.TrimSpace(text), err)
			}
			if k == "{to}" {
				w.to = sq
			} else {
				w.from = sq
			}
		case "{count}":
			if v != "" {
				n, err := strconv.Atoi(v)
				if err != nil || n < 1 {
					return w, fmt.Errorf("move %q: %q is not a number of pieces", strings.TrimSpace(text), v)
				}
				w.count = n
			}
		case "{direction}":
			w.dir = nt.dirOf[v]
		case "{drops}":
			total := 0
			for _, r := range v {
				w.drops = append(w.drops, int(r-'0'))
				total += int(r - '0')
			}
			if len(w.drops) > 0 && total != w.count {
				return w, fmt.Errorf("move %q: the drops add up to %d, not the %d pieces carried", strings.TrimSpace(text), total, w.count)
			}
		}
	}
	if w.drops == nil {
		w.drops = []int{w.count}
	}
	return w, nil
}

// sameNotationMove reports whether legal move l is the move w describes.
func (g *Game) sameNotationMove(p *board.Position, l board.Move, w notationMove) bool {
	b := g.Board
	switch w.kind {
	case board.Place:
		if l.Kind != board.Place || l.To != w.to {
			return false
		}
		code := int(p.ToMove)
		if l.Piece > 0 {
			code = int(l.Piece) - 1
		}
		// placed -2: the notation does not say what is placed, the square
		// alone names the placement (one kind at a time may be placed)
		return w.placed == -2 || w.placed == -1 && b.Kind(code) == 0 || w.placed == b.Kind(code)
	default:
		if l.Kind != board.Step && l.Kind != board.Spread || l.From != w.from {
			return false
		}
		lift := int(l.Lift)
		if lift == 0 {
			lift = p.Cells[l.From].Height()
		}
		if lift != w.count {
			return false
		}
		f0, r0 := b.Coord(l.From)
		f1, r1 := b.Coord(l.To)
		if (board.Direction{DF: int8(sign(f1 - f0)), DR: int8(sign(r1 - r0))}) != w.dir {
			return false
		}
		n := 1
		if l.Kind == board.Spread {
			n = int(l.Jumps)
		}
		if n != len(w.drops) || max(abs(f1-f0), abs(r1-r0)) != n {
			return false
		}
		if l.Kind == board.Spread {
			for i, x := range w.drops {
				if l.Drops(i) != x {
					return false
				}
			}
		}
		return true
	}
}

// formatNotationPosition writes p in the game's position notation.
func (g *Game) formatNotationPosition(p *board.Position) string {
	nt := g.notation
	ps := nt.pos
	b := g.Board
	var rows []string
	for r := b.Height - 1; r >= 0; r-- {
		var cells []string
		empty := 0
		flush := func() {
			if empty > 0 {
				s := ps.Empty
				if empty > 1 {
					s += strconv.Itoa(empty)
				}
				cells = append(cells, s)
				empty = 0
			}
		}
		for f := 0; f < b.Width; f++ {
			sq, ok := b.At(f, r)
			if !ok {
				continue
			}
			if p.Cells[sq] == 0 {
				empty++
				continue
			}
			flush()
			cells = append(cells, g.notationStack(p, sq))
		}
		flush()
		rows = append(rows, strings.Join(cells, ps.Cells))
	}
	s := strings.Join(rows, ps.Rows)
	if ps.After != "" {
		after := strings.NewReplacer("{to_move}", strconv.Itoa(int(p.ToMove)+1),
			"{turn}", strconv.Itoa(int(p.Ply)/len(g.Players)+1), "{ply}", strconv.Itoa(int(p.Ply))).Replace(ps.After)
		s += " " + after
	}
	return s
}

// notationStack writes the stack on sq, bottom to top: each piece as its
// player's number or its letter, the top's kind mark after it.
func (g *Game) notationStack(p *board.Position, sq board.Square) string {
	b := g.Board
	nt := g.notation
	if nt.pos.Pieces == "letter" {
		return b.CellString(p, sq)
	}
	h := p.Cells[sq].Height()
	var sb strings.Builder
	for i := h; i >= 1; i-- {
		code := b.PieceAt(p, sq, i)
		o := b.Owner(code)
		if o < 0 {
			sb.WriteByte(b.Letter(code))
		} else {
			sb.WriteString(strconv.Itoa(o + 1))
		}
		if i == 1 {
			if mark := nt.kindMark[b.Kind(code)]; mark != string(rune(0)) {
				sb.WriteString(mark)
			}
		}
	}
	return sb.String()
}

// parseNotationPosition reads a position in the game's position notation;
// ok is false when text is not written so (it may be native).
func (g *Game) parseNotationPosition(text string) (board.Position, bool, error) {
	nt := g.notation
	ps := nt.pos
	b := g.Board
	t := strings.TrimSpace(text)
	lead := strings.Index(text, t)
	fail := func(off int, format string, args ...any) (board.Position, bool, error) {
		return board.Position{}, true, &board.PositionError{Text: text, Offset: lead + off, Msg: fmt.Sprintf(format, args...)}
	}
	cells, after, _ := strings.Cut(t, " ")
	if !strings.Contains(cells, ps.Rows) && b.Height > 1 {
		return board.Position{}, false, nil // not written so: perhaps the native notation
	}
	var p board.Position
	rows := strings.Split(cells, ps.Rows)
	if len(rows) != b.Height {
		return fail(0, "%d rows, but the board has %d (rows from the top, separated by %q)", len(rows), b.Height, ps.Rows)
	}
	off := 0
	for ri, row := range rows {
		r := b.Height - 1 - ri
		var squares []board.Square
		for f := 0; f < b.Width; f++ {
			if sq, ok := b.At(f, r); ok {
				squares = append(squares, sq)
			}
		}
		at := 0
		coff := off
		for _, cell := range strings.Split(row, ps.Cells) {
			switch {
			case cell == "":
				return fail(coff, "an empty cell in row %d", r+1)
			case strings.HasPrefix(cell, ps.Empty):
				n := 1
				if rest := cell[len(ps.Empty):]; rest != "" {
					k, err := strconv.Atoi(rest)
					if err != nil || k < 1 {
						return fail(coff, "%q is not a run of empty squares (%s, %s2, %s3...)", cell, ps.Empty, ps.Empty, ps.Empty)
					}
					n = k
				}
				at += n
			default:
				if at >= len(squares) {
					return fail(coff, "row %d has more than its %d squares", r+1, len(squares))
				}
				s, msg := g.readNotationStack(cell)
				if msg != "" {
					return fail(coff, "%s: %s", b.SquareName(squares[at]), msg)
				}
				p.Cells[squares[at]] = s
				at++
			}
			coff += len(cell) + len(ps.Cells)
		}
		if at != len(squares) {
			return fail(off, "row %d has %d squares, not %d", r+1, len(squares), at)
		}
		off += len(row) + len(ps.Rows)
	}
	if ps.After != "" {
		pattern := "^" + regexp.QuoteMeta(ps.After) + "$"
		for _, f := range []string{"{to_move}", "{turn}", "{ply}"} {
			pattern = strings.Replace(pattern, regexp.QuoteMeta(f), "(?P<"+strings.Trim(f, "{}")+">[0-9]+)", 1)
		}
		re := regexp.MustCompile(pattern)
		m := re.FindStringSubmatch(strings.TrimSpace(after))
		if m == nil {
			return fail(len(cells)+1, "after the board, want %q (like %s)", ps.After, strings.NewReplacer("{to_move}", "1", "{turn}", "1", "{ply}", "0").Replace(ps.After))
		}
		toMove, turn, ply := 1, 0, -1
		for i, name := range re.SubexpNames() {
			if i == 0 || name == "" {
				continue
			}
			n, _ := strconv.Atoi(m[i])
			switch name {
			case "to_move":
				toMove = n
			case "turn":
				turn = n
			case "ply":
				ply = n
			}
		}
		if toMove < 1 || toMove > len(g.Players) {
			return fail(len(cells)+1, "player to move %d: want 1 to %d", toMove, len(g.Players))
		}
		p.ToMove = uint8(toMove - 1)
		if ply < 0 && turn > 0 {
			ply = (turn-1)*len(g.Players) + toMove - 1
		}
		if ply > 65535 {
			return fail(len(cells)+1, "the game is at most 65535 plies long")
		}
		p.Ply = uint16(max(ply, 0))
	}
	if msg := g.deriveHands(&p); msg != "" {
		return fail(0, "%s", msg)
	}
	p.Recount(b)
	return p, true, nil
}

// readNotationStack reads one stack of the position notation.
func (g *Game) readNotationStack(cell string) (board.Stack, string) {
	b := g.Board
	nt := g.notation
	if nt.pos.Pieces == "letter" {
		s, err := b.ParseStack(cell)
		if err != nil {
			return 0, err.Error()
		}
		return s, ""
	}
	i := 0
	for i < len(cell) && cell[i] >= '0' && cell[i] <= '9' {
		i++
	}
	digits, mark := cell[:i], cell[i:]
	if digits == "" {
		return 0, fmt.Sprintf("%q: a stack is its pieces' player numbers, bottom to top", cell)
	}
	kind := 0
	if mark != "" {
		k, ok := nt.readKinds[mark]
		if !ok {
			return 0, fmt.Sprintf("%q is not a kind's mark", mark)
		}
		kind = k
	}
	if len(digits) > b.MaxHeight() {
		return 0, fmt.Sprintf("a stack of %d pieces is taller than this game holds", len(digits))
	}
	var s board.Stack
	for j := 0; j < len(digits); j++ {
		o := int(digits[j] - '1')
		if o < 0 || o >= len(g.Players) {
			return 0, fmt.Sprintf("%q is not a player's number (1 to %d)", digits[j:j+1], len(g.Players))
		}
		k := 0
		if j == len(digits)-1 {
			k = kind
		}
		code := b.CodeOf(o, k)
		if code < 0 {
			return 0, fmt.Sprintf("no piece of kind %d for player %d", k, o+1)
		}
		s = b.Push(s, b.Single(code))
	}
	return s, ""
}

// deriveHands fills in the pieces in hand of a position read from a
// notation that does not say them: what the setup gives less what is on
// the board, each piece counted against the pieces in hand it is placed
// from (a wall against the stones).
func (g *Game) deriveHands(p *board.Position) string {
	b := g.Board
	var used [64]int
	for sq := 0; sq < b.NumSquares(); sq++ {
		for i := 1; i <= p.Cells[sq].Height(); i++ {
			used[b.PieceAt(p, board.Square(sq), i)&63]++
		}
	}
	if !g.pieceSet.pools {
		for pi := range g.Players {
			on := 0
			for code := range b.Codes() {
				if b.Owner(code) == pi {
					on += used[code]
				}
			}
			n := int(g.start.OnBoard[pi]) + int(g.start.Hand[pi]) - on
			if n < 0 {
				return fmt.Sprintf("%s has %d pieces on the board, more than the %d it starts with", g.Players[pi].Name, on, on+n)
			}
			p.Hand[pi] = int16(min(n, int(g.start.Hand[pi])))
		}
		return ""
	}
	for code := range b.Codes() + b.Neutral() {
		if used[code] == 0 {
			continue
		}
		pool := g.poolOfPiece(code)
		if pool < 0 {
			continue
		}
		p.Pools[pool] -= int16(used[code])
	}
	for i, code := range b.Pools() {
		p.Pools[i] += g.start.Pools[i]
		if p.Pools[i] < 0 {
			return fmt.Sprintf("%d more %q on the board than the set has", -p.Pools[i], b.Letter(code))
		}
		if o := b.Owner(code); o >= 0 {
			p.Hand[o] += p.Pools[i]
		}
	}
	return ""
}

// poolOfPiece is the pool a piece of code on the board was placed from: the
// pool of the placement rule that puts it down, else its own.
func (g *Game) poolOfPiece(code int) int {
	b := g.Board
	for _, r := range g.placeRules {
		for pi := range g.Players {
			if r.piece[pi] == code {
				return b.PoolOf(r.pool[pi])
			}
		}
	}
	return b.PoolOf(code)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
