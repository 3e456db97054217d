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
	if !g.Board.Numbered() {
		return fmt.Errorf("%s has no numeric notation (the rule file's board: numbering), which PDN needs", g.Name)
	}
	if g.PDNGameType() == 0 {
		return fmt.Errorf("%s has no PDN game type (the rule file's pdn_game_type)", g.Name)
	}
	r := &Record{Players: len(g.Players)}
	if date == "" {
		date = "????.??.??"
	}
	r.SetTag("Event", g.Name)
	r.SetTag("Site", "stackrules")
	r.SetTag("Date", date)
	r.SetTag("Round", "-")
	for i := range g.Players {
		who := "?"
		if i < len(players) && players[i] != "" {
			who = players[i]
		}
		r.SetTag(TagKey(g, i), who)
	}
	o := h.Outcome()
	r.Result = ResultText(g, o)
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
	for _, m := range h.Moves() {
		if m.Kind == board.Pass || m.Kind == board.BearOff {
			return fmt.Errorf("PDN has no notation for %s", g.MoveString(m))
		}
		r.Moves = append(r.Moves, RecordMove{Text: g.Board.NumericMoveString(m)})
	}
	_, err := io.WriteString(w, r.String())
	return err
}

// FEN writes a position as a PDN FEN tag: "B:W21,K22:B1,2" — the player to
// move, then each player's squares, K before a king.
func FEN(g *interpreter.Game, p *board.Position) (string, error) {
	b := g.Board
	var sb strings.Builder
	sb.WriteByte(g.Players[p.ToMove].Code - 'a' + 'A')
	for pi, pl := range g.Players {
		sb.WriteString(":")
		sb.WriteByte(pl.Code - 'a' + 'A')
		first := true
		for n := 1; ; n++ {
			sq, ok := b.NumberedSquare(n)
			if !ok {
				break
			}
			s := p.Cells[sq]
			if s.Height() == 0 || b.TopOwner(s) != pi {
				continue
			}
			if s.Height() > 1 {
				return "", fmt.Errorf("PDN cannot write the stack %s on %d", b.CellString(p, sq), n)
			}
			if !first {
				sb.WriteByte(',')
			}
			first = false
			if b.TopKind(s) > 0 {
				sb.WriteByte('K')
			}
			sb.WriteString(strconv.Itoa(n))
		}
	}
	return sb.String(), nil
}

// ParseFEN reads a PDN FEN ("W:W31-50:B1-20" ranges too) into a position.
func ParseFEN(g *interpreter.Game, fen string) (board.Position, error) {
	b := g.Board
	if !b.Numbered() {
		return board.Position{}, fmt.Errorf("FEN %q: %s has no numeric notation", fen, g.Name)
	}
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
	cells := map[int]string{}
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		pi, ok := player(f[:1])
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
				if _, ok := b.NumberedSquare(n); !ok {
					return board.Position{}, fmt.Errorf("FEN %q: square %d is not on the board (1 to %d)", fen, n, b.NumSquares())
				}
				if _, dup := cells[n]; dup {
					return board.Position{}, fmt.Errorf("FEN %q: square %d is given twice", fen, n)
				}
				letter := string(g.Players[pi].Code)
				if king {
					letter = strings.ToUpper(letter)
				}
				cells[n] = letter
			}
		}
	}
	var parts []string
	for n := 1; n <= b.NumSquares(); n++ {
		if l, ok := cells[n]; ok {
			sq, _ := b.NumberedSquare(n)
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

// ReplayPDN plays a PDN record's moves from its start (its FEN, if any),
// checking each; on an illegal move it returns the history up to it and a
// *ReplayError.
func ReplayPDN(g *interpreter.Game, r *Record) (*interpreter.History, error) {
	if t := r.Tag("GameType"); t != "" && g.PDNGameType() != 0 {
		if n, _, _ := strings.Cut(t, ","); n != strconv.Itoa(g.PDNGameType()) {
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
	for i, rm := range r.Moves {
		pos := h.Position()
		m, err := parsePDNMove(g, &pos, rm.Text)
		if err == nil {
			err = h.Play(m)
		}
		if err != nil {
			return h, &ReplayError{Ply: i + 1, Line: rm.Line, Move: rm.Text, Err: err}
		}
	}
	return h, nil
}

// parsePDNMove matches a PDN move against the legal moves at p.
func parsePDNMove(g *interpreter.Game, p *board.Position, text string) (board.Move, error) {
	m, err := g.ParseMove(p, text)
	if err == nil {
		return m, nil
	}
	want, perr := g.Board.ParseMove(text)
	if perr != nil || want.Kind != board.Capture {
		return board.Move{}, err
	}
	legal, lerr := g.LegalMovesErr(p, nil)
	if lerr != nil {
		return board.Move{}, lerr
	}
	var found []board.Move
	for _, l := range legal {
		if l.Kind == board.Capture && l.From == want.From && l.To == want.To && passesThrough(l, want) {
			found = append(found, l)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return board.Move{}, err
	}
	texts := make([]string, len(found))
	for i, f := range found {
		texts[i] = g.Board.NumericMoveString(f)
	}
	return board.Move{}, fmt.Errorf("move %q is ambiguous: it could be %s", text, strings.Join(texts, " or "))
}

// passesThrough reports whether capture l lands, in order, on every landing
// square written in short (the last is To, checked by the caller).
func passesThrough(l, short board.Move) bool {
	j := 0
	for i := 0; i < int(short.Jumps)-1; i++ {
		for j < int(l.Jumps)-1 && l.Via[j] != short.Via[i] {
			j++
		}
		if j >= int(l.Jumps)-1 {
			return false
		}
		j++
	}
	return true
}
