package interpreter

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/variants"
	"go.yaml.in/yaml/v3"
)

// Open loads a game by built-in name (see variants) or by path to a rule file.
func Open(nameOrPath string, opts ...Options) (*Game, error) {
	if data, ok := variants.Source(nameOrPath); ok {
		return Load(nameOrPath+".yaml", data, opts...)
	}
	data, err := ReadLimited(nameOrPath, MaxRuleFileSize, "rule file")
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && !strings.ContainsAny(nameOrPath, "/.\\") {
			return nil, fmt.Errorf("no built-in game %q and no such file (built-in games: %s)", nameOrPath, strings.Join(variants.Names(), ", "))
		}
		return nil, err
	}
	return Load(nameOrPath, data, opts...)
}

// Load checks and compiles a rule file. file names it in messages. A broken
// file gives Diagnostics listing every problem found, each at its line and
// column.
func Load(file string, data []byte, opts ...Options) (*Game, error) {
	g, diags := Check(file, data, opts...)
	if diags.HasErrors() {
		return nil, diags
	}
	return g, nil
}

// Check loads a rule file and returns the game (nil when there are errors)
// with every diagnostic found.
func Check(file string, data []byte, opts ...Options) (*Game, Diagnostics) {
	d := &decoder{src: newSource(file, data)}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		at, end, msg, hint := yamlSyntaxError(data, err)
		d.diags = append(d.diags, Diagnostic{File: file, Line: at.Line, Col: at.Col, EndLine: end.Line, EndCol: end.Col,
			Severity: Error, Code: "yaml", Message: "YAML: " + msg, Hint: hint})
		return nil, d.diags
	}
	if root.Kind == 0 {
		d.diagAt(srcPos{Line: 1, Col: 1}, Error, "empty-file", "", "the rule file is empty")
		return nil, d.diags
	}
	rf := d.decodeFile(&root)
	g := &Game{src: d.src, data: data, root: &root, testsNode: rf.Tests, File: file, Name: rf.Name, Description: rf.Description, Source: rf.Source, Authors: rf.Authors,
		Summary: rf.Words.Summary, Sources: rf.Words.Sources, words: rf.Words,
		Draw: DrawRule{Repetition: rf.Draw.Repetition, QuietPlies: rf.Draw.QuietPlies}, NoMoves: rf.NoMoves, playPlies: rf.Playout.Plies, evalScale: rf.EvalScale}
	if len(opts) > 0 {
		g.opts = opts[0]
	}
	if g.NoMoves == "" {
		g.NoMoves = "lose"
	}
	sum := sha256.Sum256(data)
	g.RulesHash = fmt.Sprintf("sha256:%x", sum)
	g.pool.New = func() any { return &Ctx{g: g} }
	if d.diags.HasErrors() && (rf.Board.Width == 0 || len(rf.Players) == 0) {
		return nil, d.diags
	}
	if !g.buildBoard(d, rf) {
		return nil, d.diags
	}
	if g.NoMoves == "lose" && len(g.Players) > 2 {
		at := rf.NoMovesNode
		if at == nil {
			at = rf.root
		}
		d.errorf(at, "players", "write `no_moves: pass` (the player passes) or `no_moves: draw`",
			"no_moves: lose does not say who wins when %d play", len(g.Players))
	}
	for _, p := range g.Players {
		g.words.noMove = append(g.words.noMove, p.Name+" has no legal move")
	}
	g.numberBoard(d, rf)
	g.buildDice(d, rf)
	g.buildSetup(d, rf)
	if g.dice != nil && g.dice.opening {
		g.start.SetDice(0, 0, true)
	}
	g.buildRules(d, rf)
	if !d.diags.HasErrors() && g.opts.Players == 0 {
		g.checkSeats(d, data)
	}
	if d.diags.HasErrors() {
		return nil, d.diags
	}
	return g, d.diags
}

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

func (g *Game) buildBoard(d *decoder, rf *ruleFile) bool {
	bs := rf.Board
	if bs.Width == 0 || bs.Height == 0 {
		return false
	}
	cut := map[[2]int]bool{}
	for _, name := range bs.Without {
		f, r, ok := board.ScanSquare(name)
		if !ok || f >= bs.Width || r >= bs.Height {
			d.errorf(bs.withoutNode, "board", "", "board: without: %q is not a square of the %d×%d grid", name, bs.Width, bs.Height)
			return false
		}
		cut[[2]int{f, r}] = true
	}
	playing := func(f, r int) bool {
		if cut[[2]int{f, r}] {
			return false
		}
		switch bs.Squares {
		case "light":
			return (f+r)%2 == 1
		case "all":
			return true
		}
		return (f+r)%2 == 0 // dark: a1 is a playing square, as in checkers
	}
	var geo *board.Geometry
	var err error
	if bs.Points != nil {
		geo, err = board.NewGraph(bs.Width, bs.Height, bs.Points, bs.Lines, bs.Joins)
	} else {
		geo, err = board.NewGrid(bs.Width, bs.Height, playing)
		if err == nil && bs.Lines != nil {
			err = geo.AddLines(bs.Lines)
		}
	}
	if err != nil {
		at := bs.node
		if bs.pointsNode != nil && strings.HasPrefix(err.Error(), "point") {
			at = bs.pointsNode
		} else if bs.linesNode != nil && strings.HasPrefix(err.Error(), "line") {
			at = bs.linesNode
		} else if bs.joinsNode != nil && strings.HasPrefix(err.Error(), "join") {
			at = bs.joinsNode
		}
		d.errorf(at, "board", "", "board: %v", err)
		return false
	}
	if len(rf.Players) < 2 || len(rf.Players) > board.MaxPlayers {
		d.errorf(rf.root, "players", "", "a game needs 2 to %d players; this one has %d", board.MaxPlayers, len(rf.Players))
		return false
	}
	seated, ok := g.chooseSeats(d, rf)
	if !ok {
		return false
	}
	var letters []byte
	for i, p := range rf.Players {
		if len(p.Code) != 1 || p.Code[0] < 'a' || p.Code[0] > 'z' {
			n := p.codeNode
			if n == nil {
				n = p.node
			}
			d.errorf(n, "bad-value", "", "player %q: code must be one lower-case letter, not %q", p.Name, p.Code)
			ok = false
			continue
		}
		for _, q := range rf.Players[:i] {
			if q.Code == p.Code {
				d.errorf(p.codeNode, "bad-value", "", "player %q has the same code %q as player %q", p.Name, p.Code, q.Name)
				ok = false
			}
		}
		if _, clash := names[p.Name]; clash {
			d.errorf(p.node, "bad-value", "", "player name %q is also a name in expressions; choose another", p.Name)
			ok = false
		}
		g.declared = append(g.declared, p.Name)
		if !seated[i] {
			continue
		}
		letters = append(letters, p.Code[0])
		g.Players = append(g.Players, Player{Name: p.Name, Code: p.Code[0], Home: p.Home})
	}
	if !ok {
		return false
	}
	if len(rf.Kinds) == 2 {
		for i, k := range rf.Kinds {
			if _, clash := names[k.Value]; clash || g.playerIndex(k.Value) >= 0 || k.Value == "" {
				d.errorf(k, "bad-value", "", "kind name %q is already a name in expressions; choose another", k.Value)
				ok = false
			}
			g.Kinds = append(g.Kinds, k.Value)
			_ = i
		}
		for _, p := range g.Players {
			letters = append(letters, p.Code-'a'+'A')
		}
	}
	b, err := board.NewBoard(geo, len(g.Players), letters)
	if err != nil {
		d.errorf(rf.root, "players", "", "%v", err)
		return false
	}
	g.Board = b
	var counts []board.CountField
	if len(rf.Hands) > 0 || len(rf.Place) > 0 {
		g.hands = true
		counts = append(counts, board.HandField)
	}
	if (len(rf.Captures) > 0 || len(rf.Triggers) > 0) && len(rf.BearOff) > 0 {
		// The cells cannot tell pieces borne off from pieces captured.
		counts = append(counts, board.OffField, board.CapturedField)
	}
	if st := rf.Stack; st.Max > 0 {
		g.stackMax = st.Max
		g.overflowMine, g.overflowTheirs = st.Mine == "captured", st.Theirs == "captured"
		if (st.Mine == "hand" || st.Theirs == "hand") && !g.hands {
			g.hands = true
			counts = append(counts, board.HandField)
		}
		if (g.overflowMine || g.overflowTheirs) && !slices.ContainsFunc(counts, func(f board.CountField) bool { return f.Name == board.CapturedField.Name }) {
			// Pieces leave the board to the captured count and to hands,
			// so the cells cannot tell them.
			counts = append(counts, board.CapturedField)
		}
	}
	if rankedEnd(rf) {
		counts = append(counts, board.PlaceField) // who has finished, and in which place
	}
	if counts != nil {
		b.UseCounts(counts...)
	}
	for pi, p := range g.Players {
		g.rows[pi] = make([]int8, geo.NumSquares())
		g.farthest[pi] = geo.Height
		if p.Home == "left" || p.Home == "right" {
			g.farthest[pi] = geo.Width
		}
		for sq := 0; sq < geo.NumSquares(); sq++ {
			f, r := geo.Coord(board.Square(sq))
			switch p.Home {
			case "top":
				g.rows[pi][sq] = int8(geo.Height - r)
			case "left":
				g.rows[pi][sq] = int8(f + 1)
			case "right":
				g.rows[pi][sq] = int8(geo.Width - f)
			default:
				g.rows[pi][sq] = int8(r + 1)
			}
		}
	}
	return true
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

func (g *Game) buildSetup(d *decoder, rf *ruleFile) {
	b := g.Board
	var p board.Position
	if rf.SetupPosition != nil {
		n := rf.SetupPosition
		// Read as if columns may outgrow the word: whether this game's
		// may is known only once its rules are (checkStackRoom).
		tall := *b
		tall.AllowTall()
		var err error
		p, err = tall.ParsePosition(g.withoutAbsent(rf, n.Value))
		if err != nil {
			d.errorf(n, "setup", "", "setup position: %v", err)
			return
		}
	} else {
		where := make(map[board.Square]*yaml.Node)
		clash := newSetupClashes()
		defer clash.report(d, b)
		put := func(player int, sq board.Square, n *yaml.Node) {
			if prev := where[sq]; prev != nil {
				clash.add(n, prev, sq)
				return
			}
			where[sq] = n
			p.Cells[sq] = b.Single(player)
		}
		names := make([]string, len(g.Players))
		for i, pl := range g.Players {
			names[i] = pl.Name
		}
		for _, s := range rf.Setup {
			pi := g.playerIndex(s.Player)
			if pi < 0 && g.absent(s.Player) {
				continue
			}
			if pi < 0 {
				d.errorf(s.node, "unknown-player", suggest(s.Player, names), "setup names %q, which is not a player", s.Player)
				continue
			}
			if s.hasRows {
				if s.RowLo < 1 || s.RowHi > b.Height || s.RowLo > s.RowHi {
					d.errorf(s.rowsNode, "out-of-range", "", "setup for %s: rows %d-%d are not within 1-%d", s.Player, s.RowLo, s.RowHi, b.Height)
					continue
				}
				for r := s.RowLo - 1; r < s.RowHi; r++ {
					for f := 0; f < b.Width; f++ {
						if sq, ok := b.At(f, r); ok {
							put(pi, sq, s.rowsNode)
						}
					}
				}
			}
			for _, n := range s.Squares {
				sq, err := b.ParseSquare(n.Value)
				if err != nil {
					d.errorf(n, "bad-square", "", "setup for %s: %v", s.Player, err)
					continue
				}
				put(pi, sq, n)
			}
		}
	}
	for _, h := range rf.Hands {
		pi := g.playerIndex(h.Player)
		if pi < 0 && g.absent(h.Player) {
			continue
		}
		if pi < 0 {
			d.errorf(h.node, "unknown-player", "", "setup: hand names %q, which is not a player", h.Player)
			continue
		}
		p.Hand[pi] = int16(h.Count)
	}
	p.ToMove = 0
	p.Recount(b)
	g.start = p
	g.initial = p.OnBoard
	for i := range g.Players {
		g.initial[i] += p.Hand[i]
	}
	g.totalPieces = 0
	for i := range g.Players {
		g.totalPieces += int(g.initial[i])
	}
}

// checkStackRoom makes sure every stack the rules can build fits: in a Stack
// word, or, when the game has more pieces than a word holds, with the
// bottom pieces of its one tall column in the Position's Deep store (see
// board/column.go). Only rules that can put pieces on pieces matter: a move
// whose condition requires an empty destination never stacks, nor does a
// capture that removes what it jumps.
func (g *Game) checkStackRoom(d *decoder, rf *ruleFile) {
	b := g.Board
	if !g.needsTall() {
		if g.start.Deep.Below != 0 {
			sq := g.start.Deep.Sq
			d.errorf(rf.SetupPosition, "too-many-pieces", "",
				"setup position: the stack on %s has %d pieces, more than the %d a stack of this game holds (its rules cannot build taller ones)",
				b.SquareName(sq), g.start.Cells[sq].Height(), b.Window())
		}
		return
	}
	if g.dice != nil {
		// The dice moves (diceplay.go) work on words: no Deep store there.
		d.errorf(rf.root, "too-many-pieces", "use fewer pieces",
			"this game has %d pieces, and its rules can stack them, but a game with dice holds at most %d in a stack (one word: %d players × %d kinds of piece need %d bits a piece)",
			g.totalPieces, b.Window(), len(g.Players), b.Codes()/len(g.Players), b.Bits())
		return
	}
	if g.totalPieces <= b.TallLimit() {
		// Columns can outgrow the word: positions keep the bottom of the
		// one tall column apart, and Apply takes the path that does.
		b.AllowTall()
		g.tall = true
		return
	}
	at := rf.root
	if rf.SetupPosition != nil {
		at = rf.SetupPosition
	} else if len(rf.Setup) > 0 {
		at = rf.Setup[0].node
	}
	d.errorf(at, "too-many-pieces", "require `to_height == 0` in move rules that must not stack, or use fewer pieces",
		"this game has %d pieces, and its rules can stack them, but a stack can hold at most %d: %d in one word (%d players × %d kinds of piece need %d bits a piece) and %d more below them, for one column at a time",
		g.totalPieces, b.TallLimit(), b.Window(), len(g.Players), b.Codes()/len(g.Players), b.Bits(), b.TallLimit()-b.Window())
}

// needsTall reports whether this game's rules can build a stack taller than
// a Stack word holds.
func (g *Game) needsTall() bool {
	if g.totalPieces <= g.Board.Window() {
		return false
	}
	if g.stackMax > 0 && 2*g.stackMax <= g.Board.Window() && len(g.captureRules) == 0 {
		// No stack is taller than the cap before a move, and a move adds
		// at most as many as a stack holds before it is cut back.
		return false
	}
	stacks := g.capture.takeTop && len(g.captureRules) > 0
	for _, r := range g.moveRules {
		empty := false
		if r.cond != nil {
			for _, t := range r.cond.terms {
				for _, part := range conjuncts(t.node) {
					if s := part.String(); s == "to_height == 0" || s == "to_top == none" {
						empty = true
					}
				}
			}
		}
		stacks = stacks || !empty
	}
	return stacks
}

// Directions are named from the moving player's side: n is straight ahead
// (toward the opponent's home), s straight back, w and e to the player's left
// and right; the groups name several at once.
var compass = map[string]board.Direction{
	"n": {DF: 0, DR: 1}, "ne": {DF: 1, DR: 1}, "e": {DF: 1, DR: 0}, "se": {DF: 1, DR: -1},
	"s": {DF: 0, DR: -1}, "sw": {DF: -1, DR: -1}, "w": {DF: -1, DR: 0}, "nw": {DF: -1, DR: 1},
}

var directionGroups = map[string][]string{
	"forward":    {"nw", "n", "ne"},
	"backward":   {"sw", "s", "se"},
	"sideways":   {"w", "e"},
	"diagonal":   {"nw", "ne", "sw", "se"},
	"orthogonal": {"n", "e", "s", "w"},
	"any":        {"n", "ne", "e", "se", "s", "sw", "w", "nw"},
	// Along a line to the next point: on a board of points and lines, that
	// is every direction, each following a line; on a grid it is "any".
	"along_line": {"n", "ne", "e", "se", "s", "sw", "w", "nw"},
}

func directionNames() []string {
	var out []string
	for n := range compass {
		out = append(out, n)
	}
	for n := range directionGroups {
		out = append(out, n)
	}
	return append(out, "anywhere")
}

// absolute turns a direction named from a player's side into a board step.
func absolute(d board.Direction, home string) board.Direction {
	switch home {
	case "top":
		return board.Direction{DF: -d.DF, DR: -d.DR}
	case "left": // facing east: ahead is east, the right hand south
		return board.Direction{DF: d.DR, DR: -d.DF}
	case "right": // facing west: ahead is west, the right hand north
		return board.Direction{DF: -d.DR, DR: d.DF}
	}
	return d
}

func (g *Game) buildRules(d *decoder, rf *ruleFile) {
	if len(rf.Moves)+len(rf.BearOff)+len(rf.Captures)+len(rf.Place)+len(rf.DiceMoves) == 0 {
		d.errorf(rf.root, "no-rules", "", "the game has no move, capture, bear-off or placement rules")
	}
	if len(rf.Moves) > 32 || len(rf.BearOff) > 32 {
		d.errorf(rf.root, "too-many-rules", "", "at most 32 move rules and 32 bear-off rules")
		return
	}
	b := g.Board
	for mi := range rf.Moves {
		ms := &rf.Moves[mi]
		r := &moveRule{name: ms.Name, liftMin: ms.LiftMin, liftMax: ms.LiftMax, liftAll: ms.LiftAll, kinds: allKinds}
		var rel []board.Direction
		dirs := ms.Directions
		for i, dn := range dirs {
			if dn.Value == "anywhere" {
				r.anywhere = true
				dirs = append(append([]*yaml.Node(nil), dirs[:i]...), dirs[i+1:]...)
				break
			}
		}
		if r.anywhere && ms.Flying {
			d.errorf(ms.directionsNode, "bad-direction", "leave out `distance: any`", "move rule %q: `anywhere` already reaches every point; `distance: any` slides along lines", ms.Name)
		}
		rel, r.dirNames = g.directions(d, dirs, fmt.Sprintf("move rule %q", ms.Name))
		if r.anywhere {
			r.dirNames = append(r.dirNames, "anywhere")
		}
		r.flying = ms.Flying
		r.leaping = ms.Leaping
		r.farther = r.flying || r.leaping
		if r.leaping && (r.anywhere || b.IsGraph()) {
			d.errorf(ms.distanceNode, "bad-value", "", "move rule %q: `distance: lifted` counts squares on a grid, in compass directions", ms.Name)
		}
		for pi, p := range g.Players {
			for _, step := range rel {
				r.absDirs[pi] = append(r.absDirs[pi], absolute(step, p.Home))
			}
		}
		r.cond = g.compileExpr(d, ms.When, fmt.Sprintf("move rule %q", ms.Name), inMove, true)
		g.folding(d, ms.When, fmt.Sprintf("move rule %q", ms.Name), func() { g.placeMoveTerms(r) })
		g.moveRules = append(g.moveRules, r)
	}
	for bi := range rf.BearOff {
		bs := &rf.BearOff[bi]
		r := &bearOffRule{name: bs.Name}
		r.cond = g.compileExpr(d, bs.When, fmt.Sprintf("bear-off rule %q", bs.Name), inBearOff, true)
		var static boolFn
		if r.cond != nil {
			for _, t := range r.cond.terms {
				switch {
				case t.static:
					static = and(static, t.test)
				case t.level == lvPosition:
					r.pos = and(r.pos, t.test)
				default:
					r.src = and(r.src, t.test)
				}
			}
		}
		g.folding(d, bs.When, fmt.Sprintf("bear-off rule %q", bs.Name), func() {
			for pi := range g.Players {
				r.squares[pi] = make([]bool, b.NumSquares())
				c := g.foldCtx(pi)
				c.to, c.lifted = noSquare, 1
				for sq := 0; sq < b.NumSquares(); sq++ {
					c.from = board.Square(sq)
					r.squares[pi][sq] = static == nil || static(c)
				}
			}
		})
		g.bearRules = append(g.bearRules, r)
	}
	for _, e := range rf.End {
		c := g.compileExpr(d, e.When, "end: "+e.Result, inEnd, true)
		if c == nil {
			continue
		}
		var test boolFn
		for _, t := range c.terms {
			test = and(test, t.test)
		}
		if test == nil {
			test = func(*Ctx) bool { return true }
		}
		if e.Result == "loss" && len(g.Players) > 2 {
			d.errorf(e.node, "players", "write the end as a win for the player who wins, or as a draw",
				"end: a loss does not say who wins when %d play", len(g.Players))
			continue
		}
		er := endRule{result: e.Result, reason: e.Reason, label: e.Result + ": " + c.src.Text, cond: c, test: test}
		if e.Result == "place" {
			g.rankRules = append(g.rankRules, er)
			continue
		}
		g.maxPoints = max(g.maxPoints, 1)
		if e.Points != nil {
			er.points = g.compileExpr(d, e.Points, "end: points", inEnd, false)
			if er.points != nil {
				g.maxPoints = max(g.maxPoints, g.pointsBound(d, e.Points, er.points))
			}
		}
		g.ends = append(g.ends, er)
	}
	g.checkRanked(d, rf)
	g.buildCaptures(d, rf)
	g.buildPlacement(d, rf)
	g.checkStackRoom(d, rf)
	g.buildProgress(d, rf)
	for _, q := range rf.Draw.Quiet {
		if c := g.compileExpr(d, q.When, "draw: quiet", inEnd, true); c != nil {
			g.quietRules = append(g.quietRules, quietRule{plies: q.Plies, cond: c, reason: q.Reason})
		}
	}
	g.evaluate = g.compileExpr(d, rf.Evaluate, "evaluate", inEval, false)
	g.prefer = g.compileExpr(d, rf.Playout.Prefer, "playout: prefer", inPrefer, true)
	g.findOverlaps()
}

// directions resolves direction names (named from the player's side) into
// steps, reporting unknown names and directions that never lead from a
// playing square to another.
func (g *Game) directions(d *decoder, nodes []*yaml.Node, what string) (rel []board.Direction, names []string) {
	seen := map[string]bool{}
	for _, dn := range nodes {
		list := []string{dn.Value}
		group, isGroup := directionGroups[dn.Value]
		if isGroup {
			list = group
		} else if _, ok := compass[dn.Value]; !ok {
			d.errorf(dn, "bad-direction", suggest(dn.Value, directionNames()), "%s: unknown direction %q", what, dn.Value)
			continue
		}
		reaches := false
		for _, n := range list {
			if seen[n] {
				continue
			}
			step := compass[n]
			if !g.stepExists(step) {
				if !isGroup {
					d.errorf(dn, "bad-direction", "on a board of dark or light squares only the diagonals lead from one playing square to another",
						"%s: direction %q never leads to a playing square on this board", what, n)
				}
				continue
			}
			reaches = true
			seen[n] = true
			names = append(names, n)
			rel = append(rel, step)
		}
		if isGroup && !reaches {
			d.errorf(dn, "bad-direction", "", "%s: no direction in %q leads to a playing square on this board", what, dn.Value)
		}
	}
	return rel, names
}

// folding runs the load-time evaluation of a rule's static terms, turning a
// runtime error in them (a division by zero) into a diagnostic at the
// expression instead of a crash.
func (g *Game) folding(d *decoder, e *exprText, what string, fold func()) {
	g.folds = g.folds[:0]
	defer func() {
		if r := recover(); r != nil {
			at := srcPos{Line: 1, Col: 1}
			if e != nil {
				at = e.at(0)
			}
			d.diagAt(at, Error, "runtime-error", "", "%s: evaluating its static terms when loading: %v", what, r)
		}
	}()
	fold()
	for _, c := range g.folds {
		if c.err != nil {
			d.diagAt(srcPos{Line: c.err.Line, Col: c.err.Col}, Error, "runtime-error", "",
				"%s: evaluating its static terms when loading: runtime error: %s in `%s` (for %s)", what, c.err.Msg, c.err.Expr, g.Players[c.me].Name)
			break
		}
	}
	g.folds = g.folds[:0]
}

// foldCtx is a context for evaluating static terms at load time for player
// pi; folding reports the runtime errors met in it.
func (g *Game) foldCtx(pi int) *Ctx {
	c := &Ctx{g: g, me: pi, opp: g.next(pi), from: noSquare, to: noSquare}
	g.folds = append(g.folds, c)
	return c
}

// stepExists reports whether a step leads from some playing square to another
// for some player.
func (g *Game) stepExists(step board.Direction) bool {
	b := g.Board
	for sq := 0; sq < b.NumSquares(); sq++ {
		if _, ok := b.Step(board.Square(sq), step); ok {
			return true
		}
	}
	return false
}

// placeMoveTerms puts each term of a move rule's condition at its level;
// static terms are folded into the per-square target tables.
func (g *Game) placeMoveTerms(r *moveRule) {
	var static boolFn
	if r.cond != nil {
		for _, t := range r.cond.terms {
			if mask, ok := g.kindTerm(t); ok {
				r.kinds &= mask
				continue
			}
			if t.node != nil && !r.flying && !g.opts.reference && t.node.String() == "to_height == 0" {
				r.toEmpty = true
				continue
			}
			switch {
			case t.static:
				static = and(static, t.test)
			case t.level <= lvPosition:
				r.pos = and(r.pos, t.test)
			case t.level == lvSource:
				r.src = and(r.src, t.test)
			case t.level == lvLift:
				r.lift = and(r.lift, t.test)
			default:
				r.dest = and(r.dest, t.test)
			}
		}
	}
	b := g.Board
	for pi := range g.Players {
		r.targets[pi] = make([][]board.Square, b.NumSquares())
		c := g.foldCtx(pi)
		r.rays[pi] = make([][][]rayStep, b.NumSquares())
		for sq := 0; sq < b.NumSquares(); sq++ {
			c.from = board.Square(sq)
			if r.anywhere {
				for to := 0; to < b.NumSquares(); to++ {
					c.to = board.Square(to)
					if to != sq && (static == nil || static(c)) && !slices.Contains(r.targets[pi][sq], c.to) {
						r.targets[pi][sq] = append(r.targets[pi][sq], c.to)
					}
				}
			}
			if r.leaping {
				g.placeLeaps(r, pi, c, static)
				continue
			}
			for _, step := range r.absDirs[pi] {
				var ray []rayStep
				for to, ok := b.Step(board.Square(sq), step); ok; to, ok = b.Step(to, step) {
					c.to = to
					allowed := static == nil || static(c)
					ray = append(ray, rayStep{to: to, ok: allowed})
					if allowed && !slices.Contains(r.targets[pi][sq], to) {
						r.targets[pi][sq] = append(r.targets[pi][sq], to)
					}
					if !r.flying {
						break
					}
				}
				if r.flying && len(ray) > 0 {
					r.rays[pi][sq] = append(r.rays[pi][sq], ray)
				}
			}
		}
	}
}

// placeLeaps fills the targets of a `distance: lifted` rule from one square
// (c.from) for player pi: for each lift k, the squares exactly k steps away
// in each direction, whatever lies between (squares cut from the board too),
// that the static terms allow.
func (g *Game) placeLeaps(r *moveRule, pi int, c *Ctx, static boolFn) {
	b := g.Board
	if r.leaps[pi] == nil {
		r.leaps[pi] = make([][][]board.Square, b.NumSquares())
	}
	far := max(b.Width, b.Height) - 1
	if r.liftMax > 0 {
		far = min(far, r.liftMax)
	}
	leaps := make([][]board.Square, far+1)
	f0, r0 := b.Coord(c.from)
	for k := max(r.liftMin, 1); k <= far; k++ {
		for _, step := range r.absDirs[pi] {
			to, ok := b.At(f0+k*int(step.DF), r0+k*int(step.DR))
			if !ok {
				continue
			}
			c.to = to
			if static != nil && !static(c) {
				continue
			}
			leaps[k] = append(leaps[k], to)
			if !slices.Contains(r.targets[pi][c.from], to) {
				r.targets[pi][c.from] = append(r.targets[pi][c.from], to)
			}
		}
	}
	r.leaps[pi][c.from] = leaps
}

// findOverlaps records, for each move rule, the earlier rules that can make
// a move with the same source, destination and lift, so such a move is listed
// once. Rules with disjoint directions or lifts cost nothing.
func (g *Game) findOverlaps() {
	for i, r := range g.moveRules {
		for j := 0; j < i; j++ {
			e := g.moveRules[j]
			if !kindsOverlap(r, e) || !liftsOverlap(r, e) || !targetsOverlap(r, e, len(g.Players)) {
				continue
			}
			r.earlier = append(r.earlier, j)
		}
	}
}

func kindsOverlap(a, b *moveRule) bool { return a.kinds&b.kinds != 0 }

func liftsOverlap(a, b *moveRule) bool {
	hi := func(r *moveRule) int {
		if r.liftMax == 0 {
			return 1 << 20
		}
		return r.liftMax
	}
	lo := func(r *moveRule) int {
		if r.liftAll {
			return 1
		}
		return r.liftMin
	}
	return lo(a) <= hi(b) && lo(b) <= hi(a)
}

func targetsOverlap(a, b *moveRule, players int) bool {
	for pi := 0; pi < players; pi++ {
		for sq := range a.targets[pi] {
			for _, t := range a.targets[pi][sq] {
				for _, u := range b.targets[pi][sq] {
					if t == u {
						return true
					}
				}
			}
		}
	}
	return false
}

// ParsePosition reads a position string of this game and fills in the pieces
// that left the board (what each player started with, less what is on the
// board): borne off in a game of bear-offs, captured in a game of captures.
// A game with both reads `off:` from the string and counts the rest of the
// missing pieces as captured; a `captured:` count given must add up.
func (g *Game) ParsePosition(text string) (board.Position, error) {
	if g.dice != nil { // GNU Backgammon's and eXtreme Gammon's positions too
		switch t := strings.TrimSpace(text); {
		case strings.HasPrefix(t, "XGID="):
			return g.parseXGID(t)
		case isPositionID(t):
			return g.parsePositionID(t)
		}
	}
	p, err := g.Board.ParsePosition(text)
	if err != nil {
		return p, err
	}
	for i := range g.Players {
		if g.stackMax > 0 && p.OnBoard[i]+p.Hand[i]+p.Captured[i] > g.initial[i] {
			return board.Position{}, &board.PositionError{Text: text, Offset: 0,
				Msg: fmt.Sprintf("%s has %d pieces on the board, %d in hand and %d captured, more than the %d it starts with", g.Players[i].Name, p.OnBoard[i], p.Hand[i], p.Captured[i], g.initial[i])}
		}
		if g.hands && p.OnBoard[i]+p.Hand[i] > g.initial[i] {
			return board.Position{}, &board.PositionError{Text: text, Offset: 0,
				Msg: fmt.Sprintf("%s has %d pieces on the board and %d in hand, more than the %d it starts with", g.Players[i].Name, p.OnBoard[i], p.Hand[i], g.initial[i])}
		}
		if p.OnBoard[i] > g.initial[i] {
			return board.Position{}, &board.PositionError{Text: text, Offset: 0,
				Msg: fmt.Sprintf("%s has %d pieces on the board, more than the %d it starts with", g.Players[i].Name, p.OnBoard[i], g.initial[i])}
		}
		// Pieces leave the board by captures, removals (triggers) and bear-offs.
		// In a dice game pieces leave the board off the ends of their tracks.
		caps, bears := len(g.captureRules) > 0 || len(g.triggers) > 0, len(g.bearRules) > 0 || g.dice != nil
		switch {
		case caps && bears:
			// Missing pieces not counted as borne off were captured,
			// unless the string gives the captured count itself.
			if p.Captured[i] == 0 && p.OnBoard[i]+p.Off[i] <= g.initial[i] {
				p.SetCaptured(i, int(g.initial[i]-p.OnBoard[i]-p.Off[i]))
			}
			if n := p.OnBoard[i] + p.Off[i] + p.Captured[i]; n != g.initial[i] {
				return board.Position{}, &board.PositionError{Text: text, Offset: len(text),
					Msg: fmt.Sprintf("%s has %d pieces on the board, %d borne off and %d captured: %d in all, but starts with %d (give the counts, like off:%s captured:%s)",
						g.Players[i].Name, p.OnBoard[i], p.Off[i], p.Captured[i], n, g.initial[i], g.countExample(), g.countExample())}
			}
		case bears:
			p.Off[i] = g.initial[i] - p.OnBoard[i]
		case caps:
			p.SetCaptured(i, int(g.initial[i]-p.OnBoard[i]-p.Hand[i]))
		}
	}
	if msg := g.checkPlaces(&p); msg != "" {
		return board.Position{}, &board.PositionError{Text: text, Offset: strings.Index(text, "place:"), Msg: msg}
	}
	return p, nil
}

// ParseMoveText reads move text in this game's notation, checking syntax and
// squares only: in a game that places pieces, text without a "-" is a
// placement (d2, d2xa1).
func (g *Game) ParseMoveText(text string) (board.Move, error) {
	if g.dice != nil {
		// A play's squares depend on who moves: only its syntax is checked.
		return board.Move{Kind: board.Play, From: noSquare, To: noSquare}, g.checkDiceMoveText(text)
	}
	if t := strings.TrimSpace(text); len(g.placeRules) > 0 && !strings.Contains(t, "-") && t != "pass" && t != "" && (t[0] < '0' || t[0] > '9') {
		return g.Board.ParsePlacement(text)
	}
	return g.Board.ParseMove(text)
}

// countExample writes a per-player count list with zeros: r0,b0.
func (g *Game) countExample() string {
	var parts []string
	for _, p := range g.Players {
		parts = append(parts, string(p.Code)+"0")
	}
	return strings.Join(parts, ",")
}

// ParseMove reads move text and matches it against the legal moves at p.
// A move written without a count matches a move of the whole stack (a rule
// with `lift: all`), and so does one whose count is the stack's height.
func (g *Game) ParseMove(p *board.Position, text string) (board.Move, error) {
	if g.dice != nil {
		return g.parseDiceMove(p, text)
	}
	m, err := g.ParseMoveText(text)
	if err != nil {
		return board.Move{}, err
	}
	counted := len(strings.TrimSpace(text)) > 0 && strings.TrimSpace(text)[0] >= '0' && strings.TrimSpace(text)[0] <= '9'
	for _, l := range g.LegalMoves(p, nil) {
		if l.SameAs(m) {
			return l, nil
		}
		if l.Kind == board.Step && l.Lift == 0 && m.Kind == board.Step && l.From == m.From && l.To == m.To &&
			(!counted || int(m.Lift) == p.Cells[m.From].Height()) {
			return l, nil
		}
	}
	if o := g.Result(p); o.Over {
		return board.Move{}, fmt.Errorf("move %q: the game is over (%s)", strings.TrimSpace(text), o.Reason)
	}
	return board.Move{}, fmt.Errorf("move %q is not legal here", strings.TrimSpace(text))
}

// What resets the count of quiet plies (draw: progress), as bits of
// Game.progress.
const (
	progressCapture uint8 = 1 << iota
	progressPromotion
	progressBearOff
	progressKind // a move by a piece of kind k: progressKind << k
)

// buildProgress reads draw: progress: the moves that reset the quiet count.
// Without it, a capture, a promotion or a bear-off does.
func (g *Game) buildProgress(d *decoder, rf *ruleFile) {
	g.resets = progressCapture | progressPromotion | progressBearOff
	if rf.Draw.progress == nil {
		return
	}
	g.resets = 0
	choices := append([]string{"capture", "promotion", "bear_off"}, g.Kinds...)
	for _, n := range rf.Draw.Progress {
		v := d.str(n, "draw: progress")
		switch v {
		case "capture":
			g.resets |= progressCapture
		case "promotion":
			g.resets |= progressPromotion
		case "bear_off":
			g.resets |= progressBearOff
		default:
			k := slices.Index(g.Kinds, v)
			if k < 0 {
				d.errorf(n, "bad-value", suggest(v, choices), "draw: progress %q is not capture, promotion, bear_off or a kind from `kinds`", v)
				continue
			}
			g.resets |= progressKind << k
		}
	}
}
