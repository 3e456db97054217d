package interpreter

import (
	"go.yaml.in/yaml/v3"
)

// srcPos is a 1-based line and character column in a rule file.
type srcPos struct{ line, col int }

// source keeps a rule file's lines as runes, so that a character of a decoded
// scalar can be traced back to the character of the file it came from.
type source struct {
	name  string
	lines [][]rune
}

func newSource(name string, data []byte) *source {
	s := &source{name: name}
	start := 0
	text := []rune(string(data))
	for i, r := range text {
		if r == '\n' {
			s.lines = append(s.lines, text[start:i])
			start = i + 1
		}
	}
	s.lines = append(s.lines, text[start:])
	return s
}

// scalarPositions maps every character of n.Value to its place in the file, for
// every scalar style: plain (also folded over lines), single- and
// double-quoted (escapes), literal | and folded > blocks. The decoded value and
// the source are walked together: equal characters match, and the characters
// that decoding removes (indentation, line breaks, quotes, backslashes) are
// skipped. An escape that decodes to another character maps to its backslash.
// The result has one extra entry, the place just after the value.
func (s *source) scalarPositions(n *yaml.Node) []srcPos {
	value := []rune(n.Value)
	out := make([]srcPos, 0, len(value)+1)
	l, c := n.Line-1, n.Column-1
	switch {
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		l, c = l+1, 0 // content starts on the line after the | or > header
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		c++ // skip the opening quote
	}
	at := func() (rune, bool) {
		if l < 0 || l >= len(s.lines) {
			return 0, false
		}
		if c >= len(s.lines[l]) {
			return '\n', true
		}
		return s.lines[l][c], true
	}
	advance := func() {
		if l >= 0 && l < len(s.lines) && c >= len(s.lines[l]) {
			l, c = l+1, 0
		} else {
			c++
		}
	}
	skippable := func(r rune) bool {
		switch r {
		case ' ', '\t', '\n':
			return true
		case '\\':
			return n.Style&yaml.DoubleQuotedStyle != 0
		case '\'':
			return n.Style&yaml.SingleQuotedStyle != 0
		}
		return false
	}
	last := srcPos{n.Line, n.Column}
	for _, v := range value {
		for {
			r, ok := at()
			if !ok {
				out = append(out, last)
				break
			}
			here := srcPos{l + 1, c + 1}
			isSpace := v == ' ' || v == '\n' || v == '\t'
			if r == v || (isSpace && r == '\n') {
				out = append(out, here)
				last = here
				advance()
				break
			}
			if skippable(r) {
				advance()
				continue
			}
			out = append(out, here) // an escape decoded to something else
			last = here
			advance()
			break
		}
	}
	end := last
	if len(value) > 0 {
		end.col++
	}
	return append(out, end)
}

// pos is where a node starts.
func nodePos(n *yaml.Node) srcPos { return srcPos{n.Line, n.Column} }
