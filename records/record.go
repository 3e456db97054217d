package records

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// A game record is a text file in the spirit of PDN: tag pairs, then the
// numbered moves and the result.
//
//	[Game "Liger"]
//	[Variant "liger"]
//	[Rules "sha256:…"]
//	[Red "human"]
//	[Blue "mcts:medium"]
//	[Date "2026.11.22"]
//	[Result "1-0"]
//
//	1. c3-d4 f6-e5 2. d4xf6 …
//	1-0
//
// [Position "…"] is there when the game did not begin at the start position;
// [Termination "…"] says why a finished game ended.

// Record is a parsed game record.
type Record struct {
	Players int // for numbering the moves; 2 when unknown
	Tags    []Tag
	Moves   []RecordMove
	Result  string // 1-0, 0-1, 1/2-1/2 (one score per player), 2nd-1st-3rd (places), or *

	// Comments in braces are kept as written, braces included, so that a
	// record saved again keeps them: Intro before the first move, Outro
	// after the result, the others after their move (RecordMove.Comment).
	Intro, Outro string

	// Line is the line of its file the game begins on, in a PDN file of
	// many games (ParsePDN); 0 otherwise.
	Line int
}

// Tag is one tag pair.
type Tag struct{ Key, Value string }

// RecordMove is a move as written, with the line it is on.
type RecordMove struct {
	Text    string
	Line    int
	Comment string // the comments after the move, braces included
	// Number is the move number written before the move ("12."), 0 for
	// none: New numbers the moves as MoveNumber says; Parse keeps the
	// numbers as written. A record whose moves have none is numbered a pair
	// of moves at a time.
	Number int
}

// Tag returns the value of a tag, "" when absent.
func (r *Record) Tag(key string) string {
	for _, t := range r.Tags {
		if strings.EqualFold(t.Key, key) {
			return t.Value
		}
	}
	return ""
}

// SetTag sets a tag, keeping its place if it is already there.
func (r *Record) SetTag(key, value string) {
	for i, t := range r.Tags {
		if strings.EqualFold(t.Key, key) {
			r.Tags[i].Value = value
			return
		}
	}
	r.Tags = append(r.Tags, Tag{key, value})
}

// ResultText writes an outcome as a record result: one score per player,
// 1 for the winner, 0 for the others, 1/2 each for a draw; in a game played
// for places by more than two, each player's place (2nd-1st-4th-3rd); *
// while going on.
func ResultText(g *interpreter.Game, o interpreter.Outcome) string {
	if !o.Over {
		return "*"
	}
	parts := make([]string, len(g.Players))
	for i := range parts {
		switch {
		case o.Ranked():
			parts[i] = interpreter.Ordinal(int(o.Places[i]))
		case o.Winner < 0:
			parts[i] = "1/2"
		case o.Winner == i:
			parts[i] = "1"
		default:
			parts[i] = "0"
		}
	}
	return strings.Join(parts, "-")
}

// TagKey is the tag that names who played player i: the player's name with a
// capital letter ("Red").
func TagKey(g *interpreter.Game, i int) string {
	r := []rune(g.Players[i].Name)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// New makes the record of a history. variant is how the game was asked
// for (a built-in name or a path); players says who played each side.
func New(g *interpreter.Game, h *interpreter.History, variant string, players []string, date string) *Record {
	r := &Record{Players: len(g.Players)}
	r.SetTag("Game", g.Name)
	r.SetTag("Variant", variant)
	r.SetTag("Rules", g.RulesHash)
	if len(g.Players) < g.Declared() {
		r.SetTag("Players", strconv.Itoa(len(g.Players)))
	}
	for i := range g.Players {
		who := "?"
		if i < len(players) {
			who = players[i]
		}
		r.SetTag(TagKey(g, i), who)
	}
	if date != "" {
		r.SetTag("Date", date)
	}
	start := h.Start()
	if start != g.Start() {
		r.SetTag("Position", g.FormatPosition(&start))
	}
	o := h.Outcome()
	r.Result = ResultText(g, o)
	r.SetTag("Result", r.Result)
	if g.MaxPoints() > 1 && o.Over && o.Winner >= 0 {
		r.SetTag("Points", fmt.Sprint(o.Points)) // what the win was worth
	}
	if o.Over && o.Reason != "" {
		r.SetTag("Termination", o.Reason)
		if o.Why != "" {
			r.SetTag("Termination", o.Why) // the rule file's words
		}
	}
	at := h.Start()
	for _, m := range h.Moves() {
		text := g.MoveString(m)
		if at.Bonus > 0 {
			// A bonus move follows the play that earned it without a roll
			// between: the word bonus keeps the two plays apart.
			text = bonusWord + " " + text
		}
		r.Moves = append(r.Moves, RecordMove{Text: text})
		if g.HasDice() {
			g.Apply(&at, m)
		}
	}
	start, moves := h.Start(), h.Moves()
	for i := range r.Moves {
		if n, first := MoveNumber(g, &start, moves, i); first {
			r.Moves[i].Number = n
		}
	}
	return r
}

// MoveNumber is the number move i of a game from start is written under,
// and whether it is the first move under it. In a game with dice each turn
// has its number, as the terminal shows it: a number at every roll (and at
// the first move of a game begun with the dice rolled), so a turn's roll and
// play stay together whatever the number of players. Otherwise a number
// covers a round of moves, one per player. (Counting a pair of moves per
// number in dice games of 3 or 4 players put two turns under one number.)
func MoveNumber(g *interpreter.Game, start *board.Position, moves []board.Move, i int) (int, bool) {
	if !g.HasDice() {
		n := len(g.Players)
		return i/n + 1, i%n == 0
	}
	turns := 0
	if start.Rolled() {
		turns = 1
	}
	for _, m := range moves[:min(i+1, len(moves))] {
		if m.Kind == board.Roll {
			turns++
		}
	}
	first := i < len(moves) && moves[i].Kind == board.Roll || i == 0 && start.Rolled()
	return max(turns, 1), first
}

// String writes the record: tags, a blank line, numbered moves wrapped at
// 80 columns with their comments, and the result.
func (r *Record) String() string {
	var sb strings.Builder
	for _, t := range r.Tags {
		fmt.Fprintf(&sb, "[%s %q]\n", t.Key, t.Value)
	}
	sb.WriteByte('\n')
	players := r.Players
	if players < 2 {
		players = 2
	}
	line := 0
	write := func(tok string) {
		if tok == "" {
			return
		}
		if line > 0 && line+1+len(tok) > 80 {
			sb.WriteByte('\n')
			line = 0
		} else if line > 0 {
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(tok)
		line += len(tok)
		if i := strings.LastIndexByte(tok, '\n'); i >= 0 {
			line = len(tok) - i - 1 // a comment of several lines
		}
	}
	write(r.Intro)
	numbered := slices.ContainsFunc(r.Moves, func(m RecordMove) bool { return m.Number > 0 })
	for i, m := range r.Moves {
		switch {
		case numbered && m.Number > 0:
			write(fmt.Sprintf("%d.", m.Number))
		case !numbered && i%players == 0:
			write(fmt.Sprintf("%d.", i/players+1))
		}
		write(m.Text)
		write(m.Comment)
	}
	write(r.Result)
	write(r.Outro)
	sb.WriteByte('\n')
	return sb.String()
}

// A tag's key is a word: letters of any script (a player's name, as
// `[Røde "human"]`), digits and _.
var tagRE = regexp.MustCompile(`^\[(\pL[\pL\pN_]*)\s+"((?:[^"\\]|\\.)*)"\]$`)
var moveNumberRE = regexp.MustCompile(`^\d+\.(\.\.)?$`)
var resultRE = regexp.MustCompile(`^(\*|(1/2|1|0)(-(1/2|1|0))+|\d+(st|nd|rd|th)(-\d+(st|nd|rd|th))+)$`)

// utf8BOM is the byte-order mark some editors put at the start of a file.
const utf8BOM = "\xef\xbb\xbf"

// Parse reads a record. It checks the form only (a tag line that is not
// a tag, a tag after the moves, text after the result, a comment never
// closed); whether the moves are legal is for Replay. Errors name the line.
// Comments in braces may span lines; they are kept in the Record.
func Parse(rd io.Reader) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(rd, interpreter.MaxRecordSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > interpreter.MaxRecordSize {
		return nil, fmt.Errorf("the record is larger than %s, the most a record may be", interpreter.SizeText(interpreter.MaxRecordSize))
	}
	text := strings.TrimPrefix(string(data), utf8BOM)
	r := &Record{}
	inMoves, ended := false, false
	// The move numbers as written, each kept for the move after it when it
	// counts on from the last ("12..." before a second player's move, or a
	// number written again, is no new number).
	number, lastNumber := 0, 0
	keepNumber := func(tok string) {
		if strings.HasSuffix(tok, "...") {
			return
		}
		if k, err := strconv.Atoi(strings.TrimSuffix(tok, ".")); err == nil && k > lastNumber {
			number, lastNumber = k, k
		}
	}
	var (
		comment     strings.Builder // the comment being read, braces included
		depth       int             // braces open
		commentLine int             // where the comment being read began
	)
	// The comments after one move (or before the first, or after the
	// result) are gathered and joined once: adding them one at a time to a
	// string took time quadratic in their number.
	var pending []string
	flushComments := func() {
		if len(pending) == 0 {
			return
		}
		target := &r.Intro
		switch {
		case ended:
			target = &r.Outro
		case len(r.Moves) > 0:
			target = &r.Moves[len(r.Moves)-1].Comment
		}
		*target = strings.Join(pending, " ")
		pending = pending[:0]
	}
	addComment := func(c string) { pending = append(pending, c) }
	token := func(n int, tok string) error {
		if ended {
			return fmt.Errorf("line %d: %q after the result", n, tok)
		}
		if moveNumberRE.MatchString(tok) {
			keepNumber(tok)
			return nil
		}
		// "12.c3-d4" is a number glued to a move (or "12.*" to the result).
		if i := strings.LastIndex(tok, "."); i >= 0 && moveNumberRE.MatchString(tok[:i+1]) {
			keepNumber(tok[:i+1])
			tok = tok[i+1:]
		}
		switch {
		case resultRE.MatchString(tok):
			flushComments()
			r.Result = tok
			ended = true
		case strings.HasPrefix(tok, "["):
			return fmt.Errorf("line %d: %q: tags come before the moves", n, tok)
		default:
			flushComments()
			r.Moves = append(r.Moves, RecordMove{Text: tok, Line: n, Number: number})
			number = 0
		}
		return nil
	}
	lines := strings.Split(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, raw := range lines {
		n := i + 1
		raw = strings.TrimSuffix(raw, "\r")
		if depth == 0 {
			trimmed := strings.TrimSpace(raw)
			if trimmed == "" {
				continue
			}
			if strings.HasPrefix(trimmed, "[") {
				if inMoves {
					return nil, fmt.Errorf("line %d: a tag after the moves", n)
				}
				m := tagRE.FindStringSubmatch(trimmed)
				if m == nil {
					return nil, fmt.Errorf("line %d: %q is not a tag pair like [Game \"Liger\"]", n, trimmed)
				}
				v, err := strconv.Unquote(`"` + m[2] + `"`)
				if err != nil {
					v = m[2]
				}
				if strings.EqualFold(m[1], "Result") && !resultRE.MatchString(v) {
					return nil, fmt.Errorf("line %d: [Result %q] is not a result: want 1-0, 0-1, 1/2-1/2 (a score per player), 2nd-1st-3rd (a place per player) or *", n, v)
				}
				r.Tags = append(r.Tags, Tag{m[1], v})
				continue
			}
		} else {
			comment.WriteByte('\n')
		}
		inMoves = true
		start := -1 // where the token being read began
		flush := func(end int) error {
			if start < 0 {
				return nil
			}
			tok := raw[start:end]
			start = -1
			return token(n, tok)
		}
		for j := 0; j < len(raw); j++ {
			c := raw[j]
			switch {
			case depth > 0:
				comment.WriteByte(c)
				if c == '{' {
					depth++
				} else if c == '}' {
					depth--
					if depth == 0 {
						addComment(comment.String())
						comment.Reset()
					}
				}
			case c == '{':
				if err := flush(j); err != nil {
					return nil, err
				}
				depth, commentLine = 1, n
				comment.WriteByte(c)
			case c == '}':
				return nil, fmt.Errorf("line %d: a } that closes no {", n)
			case c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
				if err := flush(j); err != nil {
					return nil, err
				}
			default:
				if start < 0 {
					start = j
				}
			}
		}
		if err := flush(len(raw)); err != nil {
			return nil, err
		}
	}
	if depth > 0 {
		return nil, fmt.Errorf("line %d: the comment opened by { is never closed (a } is missing)", commentLine)
	}
	flushComments()
	if len(r.Tags) == 0 && len(r.Moves) == 0 {
		return nil, fmt.Errorf("empty record")
	}
	if r.Result == "" {
		r.Result = r.Tag("Result")
	}
	if r.Result == "" {
		r.Result = "*"
	}
	return r, nil
}

// ReplayError is a record move that is not legal.
type ReplayError struct {
	Ply  int // 1-based
	Line int
	Move string
	Err  error
	// Number is the move's number as a draughts record writes it ("12."
	// or "12..."), in a PDN game; "" in a stackrules record.
	Number string
}

func (e *ReplayError) Error() string {
	if e.Number != "" {
		return fmt.Sprintf("line %d: move %s %s (ply %d): %v", e.Line, e.Number, e.Move, e.Ply, e.Err)
	}
	return fmt.Sprintf("line %d: move %d (%s): %v", e.Line, e.Ply, e.Move, e.Err)
}

// CheckRules reports whether the record was made with this rule file; a
// record without a Rules tag passes.
func CheckRules(g *interpreter.Game, r *Record) error {
	if h := r.Tag("Rules"); h != "" && h != g.RulesHash {
		return fmt.Errorf("the record was played under other rules (%s) than %s (%s): the rule file has changed since", short(h), g.File, short(g.RulesHash))
	}
	return nil
}

func short(h string) string {
	if len(h) > 19 {
		return h[:19] + "…"
	}
	return h
}

// Replay plays a record's moves from its start, checking each; on an illegal
// move it returns the history up to it and a *ReplayError. The cube's words
// of a game with a cube are checked too (ReplayCube says what they did).
func Replay(g *interpreter.Game, r *Record) (*interpreter.History, error) {
	h, _, err := ReplayCube(g, r)
	return h, err
}

func replay(g *interpreter.Game, r *Record, c *CubeGame) (*interpreter.History, error) {
	if n := recordPlayers(r, g); n != len(g.Players) {
		return nil, fmt.Errorf("the record is of a game of %d players, not %d (see ForRecord)", n, len(g.Players))
	}
	start := g.Start()
	if pos := r.Tag("Position"); pos != "" {
		p, err := g.ParsePosition(pos)
		if err != nil {
			return nil, fmt.Errorf("[Position]: %v", err)
		}
		start = p
	}
	h := g.NewHistory(start)
	for i, rm := range playWords(g, r.Moves) {
		var err error
		if a, ok := interpreter.CubeWords[rm.Text]; ok && g.HasDice() {
			err = cubeStep(g, h, c, a)
		} else if c.Loser >= 0 || c.Cube.Offered {
			err = fmt.Errorf("the cube is to be taken or dropped first")
			if c.Loser >= 0 {
				err = fmt.Errorf("the game is over: %s", c.dropTermination(g))
			}
		} else {
			pos := h.Position()
			var m board.Move
			m, err = g.ParseMove(&pos, strings.TrimPrefix(rm.Text, bonusWord+" "))
			if err == nil {
				err = h.Play(m)
			}
		}
		if err != nil {
			return h, &ReplayError{Ply: i + 1, Line: rm.Line, Move: rm.Text, Err: err}
		}
	}
	return h, nil
}

// playWords groups a record's words into moves: in a dice game a play is
// written with spaces (`24/18 13/11`), so the words after a roll up to the
// next roll are one play. Other games' moves are the words as they are.
func playWords(g *interpreter.Game, words []RecordMove) []RecordMove {
	if !g.HasDice() {
		return words
	}
	var out []RecordMove
	for _, w := range words {
		last := len(out) - 1
		if last >= 0 && out[last].Text == bonusWord { // the bonus move's play, a pass included
			out[last].Text += " " + w.Text
			out[last].Comment += w.Comment
			continue
		}
		if g.IsRollText(w.Text) || last < 0 || g.IsRollText(out[last].Text) || standalone(out[last].Text) || standalone(w.Text) || w.Text == bonusWord {
			out = append(out, w)
			continue
		}
		out[last].Text += " " + w.Text
		out[last].Comment += w.Comment
	}
	return out
}

// standalone says whether a word of a dice game's record is a move by
// itself: a pass, a penalty or a cube action.
func standalone(w string) bool {
	_, cube := interpreter.CubeWords[w]
	return w == "pass" || w == "penalty" || cube
}

// bonusWord begins a bonus move in a dice game's record (`bonus 4/24`): it
// follows the play that earned it with no roll between.
const bonusWord = "bonus"

// recordPlayers is the number of players of a record's game: its [Players]
// tag, else every player g's rule file declares.
func recordPlayers(r *Record, g *interpreter.Game) int {
	if n, err := strconv.Atoi(strings.TrimSpace(r.Tag("Players"))); err == nil {
		return n
	}
	return g.Declared()
}

// ForRecord is g played by as many players as the record's game was (its
// [Players] tag, written when fewer played than the rule file declares).
func ForRecord(g *interpreter.Game, r *Record) (*interpreter.Game, error) {
	t := strings.TrimSpace(r.Tag("Players"))
	if t == "" {
		return g.WithPlayers(g.Declared())
	}
	n, err := strconv.Atoi(t)
	if err != nil || !slices.Contains(g.PlayerCounts(), n) {
		return nil, fmt.Errorf("[Players %q]: %s is played by %s players", t, g.Name, countsText(g.PlayerCounts()))
	}
	return g.WithPlayers(n)
}

// countsText writes 2, 3 or 4.
func countsText(counts []int) string {
	parts := make([]string, len(counts))
	for i, n := range counts {
		parts[i] = strconv.Itoa(n)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}
