package records

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// PDN (Portable Draughts Notation) is how draughts programs exchange games:
// the seven tags of PGN, [GameType], [SetUp]/[FEN] for a game that did not
// begin at the start, and numeric moves ("11-15", "15x24x31"). It is written
// for games whose rule file numbers the board (`board: numbering`) and gives
// `pdn_game_type`, and read back with the moves checked.
//
// Results are scores in turn order, the first player's first, as stackrules
// records write them: in English checkers "1-0" is a win for black, who moves
// first, as CheckerBoard and the English checkers databases have it.

// WritePDN writes a history as a PDN game. players say who played each side,
// in turn order; date is YYYY.MM.DD or "".
func WritePDN(g *interpreter.Game, w io.Writer, h *interpreter.History, players []string, date string) error {
	return WritePDNGame(g, w, h, PDNInfo{Players: players, Date: date})
}

// PDNInfo is what a PDN game says besides its moves.
type PDNInfo struct {
	Players             []string // who played each side, in turn order
	Date                string   // YYYY.MM.DD or ""
	Event, Site, Round  string   // "" for the defaults
	Result, Termination string   // how a game its moves leave unfinished ended (a resignation, an agreed or adjudicated draw)
	ExtraTags           []Tag    // more tags to keep
}

// WritePDNGame writes a history as a PDN game: the result its moves reach,
// else the one info gives (a resignation, an agreed draw, a draw called at
// a match's --max-plies), else * for a game going on. Boards that number
// their squares write numbers ("11-15"), others square names ("c3-d4",
// "c3xe5", as Russian records do).
func WritePDNGame(g *interpreter.Game, w io.Writer, h *interpreter.History, info PDNInfo) error {
	if g.PDNGameType() == 0 {
		return fmt.Errorf("%s has no PDN game type (the rule file's pdn_game_type), which PDN needs", g.Name)
	}
	r := &Record{Players: len(g.Players)}
	or := func(v, def string) string {
		if v == "" {
			return def
		}
		return v
	}
	r.SetTag("Event", or(info.Event, g.Name))
	r.SetTag("Site", or(info.Site, "stackrules"))
	r.SetTag("Date", or(info.Date, "????.??.??"))
	r.SetTag("Round", or(info.Round, "-"))
	for i := range g.Players {
		who := "?"
		if i < len(info.Players) && info.Players[i] != "" {
			who = info.Players[i]
		}
		r.SetTag(TagKey(g, i), who)
	}
	r.Result = "*"
	if o := PDNOutcome(h); o.Over {
		r.Result = ResultText(g, o)
	} else if info.Result != "" && info.Result != "*" {
		r.Result = info.Result
	} else if o := h.Outcome(); o.Over {
		r.Result = ResultText(g, o)
	}
	r.SetTag("Result", r.Result)
	r.SetTag("GameType", strconv.Itoa(g.PDNGameType()))
	if start := h.Start(); start != g.Start() {
		fen, err := FEN(g, &start)
		if err != nil {
			return err
		}
		r.SetTag("SetUp", "1")
		r.SetTag("FEN", fen)
	}
	if info.Termination != "" && r.Result != "*" {
		r.SetTag("Termination", info.Termination)
	}
	for _, t := range info.ExtraTags {
		if r.Tag(t.Key) == "" {
			r.SetTag(t.Key, t.Value)
		}
	}
	for _, m := range h.Moves() {
		if m.Kind == board.Pass || m.Kind == board.BearOff || m.Kind == board.Place || m.Kind == board.Spread || m.Lift > 1 {
			return fmt.Errorf("PDN has no notation for %s", g.MoveString(m))
		}
		r.Moves = append(r.Moves, RecordMove{Text: pdnMoveString(g, m)})
	}
	_, err := io.WriteString(w, r.String())
	return err
}

// FEN writes a position as a PDN FEN tag: "B:W21,K22:B1,2" — the player to
// move, then each player's squares, K before a king: numbers on a board
// that numbers its squares, else square names ("W:Wa1,c1:Bb8").
func FEN(g *interpreter.Game, p *board.Position) (string, error) {
	b := g.Board
	var sb strings.Builder
	sb.WriteByte(g.Players[p.ToMove].Code - 'a' + 'A')
	for pi, pl := range g.Players {
		sb.WriteString(":")
		sb.WriteByte(pl.Code - 'a' + 'A')
		first := true
		for _, sq := range fenSquares(b) {
			s := p.Cells[sq]
			if s.Height() == 0 || b.TopOwner(s) != pi {
				continue
			}
			if s.Height() > 1 {
				return "", fmt.Errorf("PDN cannot write the stack %s on %s", b.CellString(p, sq), fenSquareName(b, sq))
			}
			if !first {
				sb.WriteByte(',')
			}
			first = false
			if b.TopKind(s) > 0 {
				sb.WriteByte('K')
			}
			sb.WriteString(fenSquareName(b, sq))
		}
	}
	return sb.String(), nil
}

// fenSquares are the squares in the order a FEN lists them: by number, or
// as the board orders them.
func fenSquares(b *board.Board) []board.Square {
	var out []board.Square
	if b.Numbered() {
		for n := 1; ; n++ {
			sq, ok := b.NumberedSquare(n)
			if !ok {
				return out
			}
			out = append(out, sq)
		}
	}
	for sq := 0; sq < b.NumSquares(); sq++ {
		out = append(out, board.Square(sq))
	}
	return out
}

func fenSquareName(b *board.Board, sq board.Square) string {
	if b.Numbered() {
		return strconv.Itoa(b.SquareNumber(sq))
	}
	return b.SquareName(sq)
}

// LooksLikeFEN reports whether text is a PDN FEN ("W:W21,22:B1,2") rather
// than a position in the game's own text ("b c3:b,...").
func LooksLikeFEN(text string) bool {
	t := strings.TrimSpace(text)
	return len(t) >= 2 && t[1] == ':' && (t[0] >= 'A' && t[0] <= 'Z' || t[0] >= 'a' && t[0] <= 'z')
}

// ParsePosition reads a position as the game writes it or, on a draughts
// board (one PDN can write), as a PDN FEN: "W:W21,22:B1,2", "B:WK3:BK29".
func ParsePosition(g *interpreter.Game, text string) (board.Position, error) {
	if LooksLikeFEN(text) && (g.PDNGameType() != 0 || g.Board.Numbered()) {
		return ParseFEN(g, text)
	}
	return g.ParsePosition(text)
}

// ParseFEN reads a PDN FEN ("W:W31-50:B1-20" ranges too) into a position.
func ParseFEN(g *interpreter.Game, fen string) (board.Position, error) {
	b := g.Board
	fields := strings.Split(strings.TrimSuffix(strings.TrimSpace(fen), "."), ":")
	player := func(letter string) (int, bool) {
		for i, p := range g.Players {
			if strings.EqualFold(letter, string(p.Code)) {
				return i, true
			}
		}
		return 0, false
	}
	if len(fields) < 1 || len(fields[0]) != 1 {
		return board.Position{}, fmt.Errorf("FEN %q: want the player to move, like B:W21,22:B1,2", fen)
	}
	turn, ok := player(fields[0])
	if !ok {
		return board.Position{}, fmt.Errorf("FEN %q: %q is not a player's letter", fen, fields[0])
	}
	cells := map[board.Square]string{}
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		pi, ok := player(f[:1])
		if !ok && (f[0] == 'H' || f[0] == 'F') && allDigits(f[1:]) {
			continue // lidraughts' move counters (":H0:F1"), which say nothing of the position
		}
		if !ok {
			return board.Position{}, fmt.Errorf("FEN %q: %q is not a player's letter", fen, f[:1])
		}
		for _, item := range strings.Split(f[1:], ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			king := strings.HasPrefix(item, "K")
			item = strings.TrimPrefix(item, "K")
			letter := string(g.Players[pi].Code)
			if king {
				letter = strings.ToUpper(letter)
			}
			if !b.Numbered() || !allDigits(strings.ReplaceAll(item, "-", "")) {
				sq, err := b.ParseSquare(strings.ToLower(item))
				if err != nil {
					return board.Position{}, fmt.Errorf("FEN %q: %q is not a square of the board", fen, item)
				}
				if _, dup := cells[sq]; dup {
					return board.Position{}, fmt.Errorf("FEN %q: square %s is given twice", fen, item)
				}
				cells[sq] = letter
				continue
			}
			lo, hi, isRange := strings.Cut(item, "-")
			a, err1 := strconv.Atoi(lo)
			z := a
			var err2 error
			if isRange {
				z, err2 = strconv.Atoi(hi)
			}
			if err1 != nil || err2 != nil || a < 1 || z < a {
				return board.Position{}, fmt.Errorf("FEN %q: %q is not a square number", fen, item)
			}
			for n := a; n <= z; n++ {
				sq, ok := b.NumberedSquare(n)
				if !ok {
					return board.Position{}, fmt.Errorf("FEN %q: square %d is not on the board (1 to %d)", fen, n, b.NumSquares())
				}
				if _, dup := cells[sq]; dup {
					return board.Position{}, fmt.Errorf("FEN %q: square %d is given twice", fen, n)
				}
				cells[sq] = letter
			}
		}
	}
	var parts []string
	for _, sq := range fenSquares(b) {
		if l, ok := cells[sq]; ok {
			parts = append(parts, b.SquareName(sq)+":"+l)
		}
	}
	text := string(g.Players[turn].Code) + " -"
	if len(parts) > 0 {
		text = string(g.Players[turn].Code) + " " + strings.Join(parts, ",")
	}
	p, err := g.ParsePosition(text)
	if err != nil {
		return board.Position{}, fmt.Errorf("FEN %q: %v", fen, err)
	}
	return p, nil
}

// ReadPDN reads a PDN game and replays it. Captures may be written with
// every landing square ("1x10x19") or, as many programs write them, from and
// to only ("1x19"), when that names one legal capture.
func ReadPDN(g *interpreter.Game, rd io.Reader) (*Record, *interpreter.History, error) {
	r, err := Parse(rd)
	if err != nil {
		return nil, nil, err
	}
	h, err := ReplayPDN(g, r)
	return r, h, err
}

// IsPDN reports whether a parsed record is PDN rather than a stackrules
// record: it names a GameType or a FEN and no Variant.
func IsPDN(r *Record) bool {
	return r.Tag("Variant") == "" && (r.Tag("GameType") != "" || r.Tag("FEN") != "")
}

// GameType is the game type a PDN game's [GameType] tag names ("25" of
// "25,W,8,8,A0,0"), 0 when it names none. Without the tag it is English
// checkers' 21, as CheckerBoard and the English checkers databases, which
// never write it, have it, unless a square beyond 32 (a FEN's or a move's)
// shows a bigger board: then International draughts' 20, the PDN
// standard's default.
func GameType(r *Record) int {
	if t := strings.TrimSpace(r.Tag("GameType")); t != "" {
		n, _ := strconv.Atoi(strings.TrimSpace(strings.SplitN(t, ",", 2)[0]))
		return n
	}
	// Squares run together ("1115") say nothing of the board's size.
	big := func(text string) bool {
		fields := strings.FieldsFunc(text, func(c rune) bool { return c < '0' || c > '9' })
		if len(fields) < 2 {
			return false
		}
		for _, f := range fields {
			if n, _ := strconv.Atoi(f); n > 32 {
				return true
			}
		}
		return false
	}
	if big(r.Tag("FEN")) {
		return 20
	}
	for _, m := range r.Moves {
		if big(m.Text) {
			return 20
		}
	}
	return 21
}

// ReplayPDN plays a PDN record's moves from its start (its FEN, if any),
// checking each; on an illegal move it returns the history up to it and a
// *ReplayError. It plays on past a draw by repetition or by moves without
// progress, which in a record are claims a player may leave unmade.
func ReplayPDN(g *interpreter.Game, r *Record) (*interpreter.History, error) {
	if t := r.Tag("GameType"); t != "" && g.PDNGameType() != 0 {
		if !g.ReadsPDNGameType(GameType(r)) {
			return nil, fmt.Errorf("[GameType %q] is not %s (game type %d)", t, g.Name, g.PDNGameType())
		}
	}
	start := g.Start()
	if fen := r.Tag("FEN"); fen != "" {
		var err error
		if start, err = ParseFEN(g, fen); err != nil {
			return nil, fmt.Errorf("[FEN]: %v", err)
		}
	}
	h := g.NewHistory(start)
	h.PlayOn()
	for i, rm := range r.Moves {
		pos := h.Position()
		m, err := ParsePDNMove(g, &pos, rm.Text)
		if err == nil {
			err = h.Play(m)
		}
		if err != nil {
			return h, &ReplayError{Ply: i + 1, Line: rm.Line, Move: rm.Text, Err: err, Number: PDNMoveNumber(g, &start, i)}
		}
	}
	return h, nil
}

// PDNMoveNumber is how a record numbers move i (0-based) of a game from
// start: "12." for the first player's, "12..." for another's.
func PDNMoveNumber(g *interpreter.Game, start *board.Position, i int) string {
	n := len(g.Players)
	k := i + int(start.ToMove)
	if k%n == 0 {
		return fmt.Sprintf("%d.", k/n+1)
	}
	return fmt.Sprintf("%d...", k/n+1)
}

// ParsePDNMove matches a move as draughts records write it against the
// legal moves at p. Beyond the game's own notation it reads
//   - - and x alike ("10x14" for a step, "15-24" for a capture), and : too,
//     as Russian records write captures;
//   - squares without a separator ("1115", "c3d4") when one way of cutting
//     them names a legal move;
//   - a capture by its first and last squares, or any of its landing
//     squares in between ("1x19" for 1x10x19), when every capture that fits
//     leaves the same position; routes that end in different positions are
//     ambiguous and listed.
func ParsePDNMove(g *interpreter.Game, p *board.Position, text string) (board.Move, error) {
	text = strings.TrimRight(strings.TrimSpace(text), "!?+#*")
	m, err := g.ParseMove(p, text)
	if err == nil {
		return m, nil
	}
	cuts := pdnSquares(g.Board, text)
	if len(cuts) == 0 {
		return board.Move{}, err
	}
	legal, lerr := g.LegalMovesErr(p, nil)
	if lerr != nil {
		return board.Move{}, lerr
	}
	var found []board.Move
	for _, squares := range cuts {
		for _, l := range legal {
			if fitsSquares(l, squares) {
				found = append(found, l)
			}
		}
	}
	switch len(found) {
	case 0:
		return board.Move{}, err
	case 1:
		return found[0], nil
	}
	after := func(m board.Move) board.Position {
		q := *p
		g.Apply(&q, m)
		return q
	}
	first := after(found[0])
	same := true
	for _, f := range found[1:] {
		if after(f) != first {
			same = false
			break
		}
	}
	if same {
		return found[0], nil
	}
	texts := make([]string, len(found))
	for i, f := range found {
		texts[i] = pdnMoveString(g, f)
	}
	return board.Move{}, fmt.Errorf("move %q is ambiguous: it could be %s", text, strings.Join(texts, " or "))
}

// pdnSquares reads the squares a move text names, each way it can be cut:
// numbers or square names joined by -, x or :, or run together ("1115",
// "c3d4", where each cut that gives squares of the board is one way).
func pdnSquares(b *board.Board, text string) [][]board.Square {
	parts := strings.FieldsFunc(strings.ToLower(text), func(c rune) bool { return c == '-' || c == 'x' || c == ':' || c == '\u00d7' })
	square := func(s string) (board.Square, bool) {
		if b.Numbered() && allDigits(s) {
			if s[0] == '0' {
				return board.NoSquare, false
			}
			n, err := strconv.Atoi(s)
			if err != nil {
				return board.NoSquare, false
			}
			return b.NumberedSquare(n)
		}
		sq, err := b.ParseSquare(s)
		return sq, err == nil
	}
	if len(parts) >= 2 {
		var out []board.Square
		for _, part := range parts {
			sq, ok := square(part)
			if !ok {
				return nil
			}
			out = append(out, sq)
		}
		return [][]board.Square{out}
	}
	if len(parts) != 1 {
		return nil
	}
	// Run together: every cut in two.
	t := parts[0]
	var cuts [][]board.Square
	for i := 1; i < len(t); i++ {
		a, okA := square(t[:i])
		z, okZ := square(t[i:])
		if okA && okZ && (t[i-1] >= '0' && t[i-1] <= '9') && (allDigits(t[i:]) == allDigits(t[:i])) {
			cuts = append(cuts, []board.Square{a, z})
		}
	}
	return cuts
}

// fitsSquares reports whether move l starts on the first square, ends on
// the last, and lands, in order, on those in between.
func fitsSquares(l board.Move, squares []board.Square) bool {
	if len(squares) < 2 || l.From != squares[0] || l.To != squares[len(squares)-1] {
		return false
	}
	switch l.Kind {
	case board.Step:
		return len(squares) == 2
	case board.Capture:
	default:
		return false
	}
	j := 0
	for _, s := range squares[1 : len(squares)-1] {
		for j < int(l.Jumps)-1 && l.Via[j] != s {
			j++
		}
		if j >= int(l.Jumps)-1 {
			return false
		}
		j++
	}
	return true
}

// pdnMoveString writes a move as PDN does: numbers on a numbered board,
// else square names ("c3-d4", "c3xe5"), every landing square of a capture.
func pdnMoveString(g *interpreter.Game, m board.Move) string {
	if g.Board.Numbered() {
		return g.Board.NumericMoveString(m)
	}
	return g.Board.MoveString(m)
}
