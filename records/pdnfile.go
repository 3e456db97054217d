package records

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/stackrules/stackrules/interpreter"
)

// A PDN file as draughts programs and databases write it holds any number
// of games, one after another, each its tags and its moves. ParsePDN reads
// it the way CheckerBoard and the PDN standard (Millett's proposal, PDN 3.0)
// allow, leniently:
//
//   - a game begins at a tag after the moves (or after a result) of the one
//     before, or at moves after a result; a tag and moves may share a line;
//   - {comments} and ; comments to the end of the line are kept only as
//     comments; variations ( … ), nested too, are skipped, with what is in
//     them; $1-style annotations (NAGs) are dropped, and so are ! and ?
//     after a move; a line beginning with % is an escape line, skipped;
//   - a move number may be glued to its move ("12.11-15"), and "12..." is
//     the number of the second player's move;
//   - a result is 1-0, 0-1 or 1/2-1/2, and, in the two-points-a-game
//     scoring some clubs write, 2-0, 0-2 or 1-1 (read as 1-0, 0-1 and
//     1/2-1/2), or * for a game going on.
//
// Whether the moves are legal, and what move a lenient text names, is for
// ReplayPDN.

// ParsePDN reads every game of a PDN file. Errors are of the file's form
// only (a comment or a tag never closed, a file of nothing) and say the line.
func ParsePDN(rd io.Reader) ([]*Record, error) {
	data, err := io.ReadAll(io.LimitReader(rd, interpreter.MaxRecordSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > interpreter.MaxRecordSize {
		return nil, fmt.Errorf("the file is larger than %s, the most a record file may be", interpreter.SizeText(interpreter.MaxRecordSize))
	}
	p := &pdnParser{text: strings.TrimPrefix(string(data), utf8BOM), line: 1}
	if err := p.parse(); err != nil {
		return nil, err
	}
	if len(p.games) == 0 {
		return nil, fmt.Errorf("no game in the file (no tags, no moves)")
	}
	return p.games, nil
}

type pdnParser struct {
	text  string
	i     int
	line  int
	games []*Record
	cur   *Record
	moved bool // the current game has moves or a result
	ended bool // the current game's result has been read
	// number is the move number written last, for the move after it.
	number int
}

// game is the game being read, begun when needed: a tag after moves, or
// moves after a result, begin the next.
func (p *pdnParser) game(tag bool) *Record {
	if p.cur == nil || (tag && p.moved) || (!tag && p.ended) {
		p.finish()
		p.cur = &Record{Players: 2, Line: p.line}
		p.moved, p.ended, p.number = false, false, 0
		p.games = append(p.games, p.cur)
	}
	return p.cur
}

// finish settles the result of the game read: the one after the moves, else
// its [Result] tag, else *.
func (p *pdnParser) finish() {
	r := p.cur
	if r == nil {
		return
	}
	if r.Result == "" {
		r.Result = pdnResult(r.Tag("Result"))
	}
	if r.Result == "" {
		r.Result = "*"
	}
}

func (p *pdnParser) parse() error {
	t := p.text
	for p.i < len(t) {
		c := t[p.i]
		switch {
		case c == '\n':
			p.line++
			p.i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
			p.i++
		case c == '%' && (p.i == 0 || t[p.i-1] == '\n'):
			p.skipLine()
		case c == ';':
			start := p.i
			p.skipLine()
			p.comment("{" + strings.TrimSpace(t[start+1:p.i]) + "}")
		case c == '{':
			start, line := p.i, p.line
			end := strings.IndexByte(t[p.i:], '}')
			if end < 0 {
				return fmt.Errorf("line %d: the comment opened by { is never closed (a } is missing)", line)
			}
			p.advance(p.i + end + 1)
			p.comment(t[start:p.i])
		case c == '(':
			if err := p.skipVariation(); err != nil {
				return err
			}
		case c == '[':
			if err := p.tag(); err != nil {
				return err
			}
		case c == '}' || c == ')' || c == ']':
			return fmt.Errorf("line %d: a %c that closes nothing", p.line, c)
		default:
			start := p.i
			for p.i < len(t) && !strings.ContainsRune(" \t\r\n\v\f{};([])", rune(t[p.i])) {
				p.i++
			}
			p.token(t[start:p.i])
		}
	}
	p.finish()
	return nil
}

func (p *pdnParser) skipLine() {
	for p.i < len(p.text) && p.text[p.i] != '\n' {
		p.i++
	}
}

// advance moves to j, counting the lines passed.
func (p *pdnParser) advance(j int) {
	p.line += strings.Count(p.text[p.i:j], "\n")
	p.i = j
}

// comment keeps a comment with the move before it (or the game's start).
func (p *pdnParser) comment(c string) {
	r := p.game(false)
	switch {
	case p.ended:
		r.Outro = strings.TrimSpace(r.Outro + " " + c)
	case len(r.Moves) > 0:
		m := &r.Moves[len(r.Moves)-1]
		m.Comment = strings.TrimSpace(m.Comment + " " + c)
	default:
		r.Intro = strings.TrimSpace(r.Intro + " " + c)
	}
}

// skipVariation skips ( … ), nested variations and comments in it included.
func (p *pdnParser) skipVariation() error {
	t, line, depth := p.text, p.line, 0
	for p.i < len(t) {
		switch t[p.i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				p.i++
				return nil
			}
		case '{':
			end := strings.IndexByte(t[p.i:], '}')
			if end < 0 {
				return fmt.Errorf("line %d: the comment opened by { is never closed (a } is missing)", p.line)
			}
			p.advance(p.i + end)
		case '\n':
			p.line++
		}
		p.i++
	}
	return fmt.Errorf("line %d: the variation opened by ( is never closed (a ) is missing)", line)
}

// tag reads [Key "Value"], or [Key Value] as some programs write it.
func (p *pdnParser) tag() error {
	t, line := p.text, p.line
	j := p.i + 1
	for j < len(t) && (t[j] == ' ' || t[j] == '\t') {
		j++
	}
	k := j
	for k < len(t) && !strings.ContainsRune(" \t\r\n\"]", rune(t[k])) {
		k++
	}
	key := t[j:k]
	for k < len(t) && (t[k] == ' ' || t[k] == '\t') {
		k++
	}
	var value string
	if k < len(t) && t[k] == '"' {
		var sb strings.Builder
		k++
		for ; k < len(t) && t[k] != '"'; k++ {
			if t[k] == '\\' && k+1 < len(t) {
				k++
			}
			if t[k] == '\n' {
				return fmt.Errorf("line %d: the tag [%s is never closed (a \" is missing)", line, key)
			}
			sb.WriteByte(t[k])
		}
		if k >= len(t) {
			return fmt.Errorf("line %d: the tag [%s is never closed (a \" is missing)", line, key)
		}
		value = sb.String()
		k++
		for k < len(t) && (t[k] == ' ' || t[k] == '\t') {
			k++
		}
		if k >= len(t) || t[k] != ']' {
			return fmt.Errorf("line %d: the tag [%s %q is never closed (a ] is missing)", line, key, value)
		}
	} else {
		end := strings.IndexAny(t[k:], "]\n")
		if end < 0 || t[k+end] != ']' {
			return fmt.Errorf("line %d: the tag [%s is never closed (a ] is missing)", line, key)
		}
		value = strings.TrimSpace(t[k : k+end])
		k += end
	}
	if key == "" {
		return fmt.Errorf("line %d: a tag without a name", line)
	}
	p.i = k + 1
	r := p.game(true)
	r.SetTag(key, value)
	return nil
}

// token reads a move number, a result or a move.
func (p *pdnParser) token(tok string) {
	// A move number, alone or glued to its move ("12.", "12...", "12.11-15").
	if i := strings.IndexByte(tok, '.'); i > 0 && allDigits(tok[:i]) {
		dots := strings.TrimLeft(tok[i:], ".")
		num := tok[:i]
		p.game(false) // a number after a result begins the next game
		if n, err := strconv.Atoi(num); err == nil && len(tok)-len(dots)-i == 1 {
			p.number = n
		}
		tok = dots
		if tok == "" {
			return
		}
	}
	if res := pdnResult(tok); res != "" {
		r := p.game(false)
		r.Result = res
		p.moved, p.ended = true, true
		return
	}
	if strings.HasPrefix(tok, "$") { // a numeric annotation glyph
		return
	}
	tok = strings.TrimRight(tok, "!?")
	if tok == "" {
		return
	}
	// Words glued to a numeric move ("8-11Redoversteppedthetimecontrol."
	// in a CheckerBoard database) are a comment that lost its braces.
	var glued string
	if m := gluedRE.FindStringSubmatch(tok); m != nil {
		tok, glued = m[1], m[2]
	}
	r := p.game(false)
	r.Moves = append(r.Moves, RecordMove{Text: tok, Line: p.line, Number: p.number})
	p.number = 0
	p.moved = true
	if glued != "" {
		p.comment("{" + glued + "}")
	}
}

// gluedRE is a numeric move ("8-11", "11x18x25") with words after it.
var gluedRE = regexp.MustCompile(`^(\d+(?:[-x:]\d+)+)([A-Za-wyz][A-Za-z].*)$`)

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// pdnResult is a PDN result token as a record result (one score per player,
// the first player's first), or "" when tok is none: 2-0, 0-2 and 1-1 are
// the two-points scoring of 1-0, 0-1 and 1/2-1/2; 0-0 is a game both lost
// (a double forfeit) and is kept as written.
func pdnResult(tok string) string {
	switch tok {
	case "1-0", "0-1", "1/2-1/2", "*", "0-0":
		return tok
	case "2-0":
		return "1-0"
	case "0-2":
		return "0-1"
	case "1-1", "½-½":
		return "1/2-1/2"
	}
	return ""
}
