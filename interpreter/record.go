package interpreter

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"

	"github.com/stackrules/stackrules/board"
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
	Result  string // 1-0, 0-1, 1/2-1/2 (one score per player), or *
}

// Tag is one tag pair.
type Tag struct{ Key, Value string }

// RecordMove is a move as written, with the line it is on.
type RecordMove struct {
	Text string
	Line int
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
// 1 for the winner, 0 for the others, 1/2 each for a draw; * while going on.
func (g *Game) ResultText(o Outcome) string {
	if !o.Over {
		return "*"
	}
	parts := make([]string, len(g.Players))
	for i := range parts {
		switch {
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
func (g *Game) TagKey(i int) string {
	r := []rune(g.Players[i].Name)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// NewRecord makes the record of a history. variant is how the game was asked
// for (a built-in name or a path); players says who played each side.
func (g *Game) NewRecord(h *History, variant string, players []string, date string) *Record {
	r := &Record{Players: len(g.Players)}
	r.SetTag("Game", g.Name)
	r.SetTag("Variant", variant)
	r.SetTag("Rules", g.RulesHash)
	for i := range g.Players {
		who := "?"
		if i < len(players) {
			who = players[i]
		}
		r.SetTag(g.TagKey(i), who)
	}
	if date != "" {
		r.SetTag("Date", date)
	}
	start := h.Start()
	if start != g.Start() {
		r.SetTag("Position", g.FormatPosition(&start))
	}
	o := h.Outcome()
	r.Result = g.ResultText(o)
	r.SetTag("Result", r.Result)
	if o.Over && o.Reason != "" {
		r.SetTag("Termination", o.Reason)
		if o.Why != "" {
			r.SetTag("Termination", o.Why) // the rule file's words
		}
	}
	for _, m := range h.Moves() {
		r.Moves = append(r.Moves, RecordMove{Text: g.MoveString(m)})
	}
	return r
}

// String writes the record: tags, a blank line, numbered moves wrapped at
// 80 columns, and the result.
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
		if line > 0 && line+1+len(tok) > 80 {
			sb.WriteByte('\n')
			line = 0
		} else if line > 0 {
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(tok)
		line += len(tok)
	}
	for i, m := range r.Moves {
		if i%players == 0 {
			write(fmt.Sprintf("%d.", i/players+1))
		}
		write(m.Text)
	}
	write(r.Result)
	sb.WriteByte('\n')
	return sb.String()
}

var tagRE = regexp.MustCompile(`^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$`)
var moveNumberRE = regexp.MustCompile(`^\d+\.(\.\.)?$`)
var resultRE = regexp.MustCompile(`^(\*|(1/2|1|0)(-(1/2|1|0))+)$`)

// ParseRecord reads a record. It checks the form only (a tag line that is not
// a tag, a tag after the moves, text after the result); whether the moves are
// legal is for Replay. Errors name the line.
func ParseRecord(rd io.Reader) (*Record, error) {
	r := &Record{}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	n := 0
	inMoves, ended := false, false
	for sc.Scan() {
		n++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if strings.HasPrefix(text, "[") {
			if inMoves {
				return nil, fmt.Errorf("line %d: a tag after the moves", n)
			}
			m := tagRE.FindStringSubmatch(text)
			if m == nil {
				return nil, fmt.Errorf("line %d: %q is not a tag pair like [Game \"Liger\"]", n, text)
			}
			var v string
			if _, err := fmt.Sscanf(`"`+m[2]+`"`, "%q", &v); err != nil {
				v = m[2]
			}
			r.Tags = append(r.Tags, Tag{m[1], v})
			continue
		}
		inMoves = true
		for _, tok := range strings.Fields(stripComments(text)) {
			switch {
			case ended:
				return nil, fmt.Errorf("line %d: %q after the result", n, tok)
			case moveNumberRE.MatchString(tok):
			case resultRE.MatchString(tok):
				r.Result = tok
				ended = true
			default:
				// "12.c3-d4" is a number glued to a move.
				if i := strings.LastIndex(tok, "."); i >= 0 && moveNumberRE.MatchString(tok[:i+1]) {
					tok = tok[i+1:]
				}
				r.Moves = append(r.Moves, RecordMove{Text: tok, Line: n})
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", n+1, err)
	}
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

func stripComments(s string) string {
	var sb strings.Builder
	depth := 0
	for _, c := range s {
		switch {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		case depth == 0:
			sb.WriteRune(c)
		}
	}
	return sb.String()
}

// ReplayError is a record move that is not legal.
type ReplayError struct {
	Ply  int // 1-based
	Line int
	Move string
	Err  error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("line %d: move %d (%s): %v", e.Line, e.Ply, e.Move, e.Err)
}

// CheckRules reports whether the record was made with this rule file; a
// record without a Rules tag passes.
func (g *Game) CheckRules(r *Record) error {
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
// move it returns the history up to it and a *ReplayError.
func (g *Game) Replay(r *Record) (*History, error) {
	start := g.Start()
	if pos := r.Tag("Position"); pos != "" {
		p, err := g.ParsePosition(pos)
		if err != nil {
			return nil, fmt.Errorf("[Position]: %v", err)
		}
		start = p
	}
	h := g.NewHistory(start)
	for i, rm := range r.Moves {
		pos := h.Position()
		m, err := g.ParseMove(&pos, rm.Text)
		if err == nil {
			err = h.Play(m)
		}
		if err != nil {
			return h, &ReplayError{Ply: i + 1, Line: rm.Line, Move: rm.Text, Err: err}
		}
	}
	return h, nil
}

// WriteFileAtomic writes data to path through a temporary file in the same
// folder and a rename, so a crash never leaves half a record.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// Positions lists the position before every move of h and after the last.
func (h *History) Positions() []board.Position {
	out := make([]board.Position, len(h.states))
	for i, s := range h.states {
		out[i] = s.pos
	}
	return out
}
