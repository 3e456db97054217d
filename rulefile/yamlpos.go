package rulefile

import (
	"go.yaml.in/yaml/v3"
)

// Pos is a 1-based line and character column in a rule file.
type Pos struct{ Line, Col int }

// Source keeps a rule file's lines as runes, so that a character of a decoded
// scalar can be traced back to the character of the file it came from.
type Source struct {
	Name  string
	Lines [][]rune
}

// NewSource splits a rule file into lines of characters.
func NewSource(name string, data []byte) *Source {
	s := &Source{Name: name}
	start := 0
	text := []rune(string(data))
	for i, r := range text {
		if r == '\n' {
			s.Lines = append(s.Lines, text[start:i])
			start = i + 1
		}
	}
	s.Lines = append(s.Lines, text[start:])
	return s
}

// ScalarPositions maps every character of n.Value to its place in the file, for
// every scalar style: plain (also folded over lines), single- and
// double-quoted (escapes), literal | and folded > blocks. The decoded value and
// the source are walked together: equal characters match, and the characters
// that decoding removes (indentation, line breaks, quotes, backslashes) are
// skipped. An escape that decodes to another character maps to its backslash.
// The result has one extra entry, the place just after the value.
func (s *Source) ScalarPositions(n *yaml.Node) []Pos {
	value := []rune(n.Value)
	out := make([]Pos, 0, len(value)+1)
	l, c := n.Line-1, n.Column-1
	switch {
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		l, c = l+1, 0 // content starts on the line after the | or > header
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		c++ // skip the opening quote
	}
	at := func() (rune, bool) {
		if l < 0 || l >= len(s.Lines) {
			return 0, false
		}
		if c >= len(s.Lines[l]) {
			return '\n', true
		}
		return s.Lines[l][c], true
	}
	advance := func() {
		if l >= 0 && l < len(s.Lines) && c >= len(s.Lines[l]) {
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
	last := Pos{n.Line, n.Column}
	for _, v := range value {
		for {
			r, ok := at()
			if !ok {
				out = append(out, last)
				break
			}
			here := Pos{l + 1, c + 1}
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
		end.Col++
	}
	return append(out, end)
}

// NodePos is where a node starts.
func NodePos(n *yaml.Node) Pos { return Pos{n.Line, n.Column} }

// NodeSpan is where a scalar or a flow list is in the file: its first
// character and the place after its last, on its first line.
func (s *Source) NodeSpan(n *yaml.Node) (Pos, Pos) {
	switch n.Kind {
	case yaml.ScalarNode:
		pos := s.ScalarPositions(n)
		from, to := pos[0], pos[len(pos)-1]
		if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			from, to = NodePos(n), Pos{to.Line, to.Col + 1}
		}
		if to.Line != from.Line {
			to = Pos{from.Line, len(s.LineAt(from.Line)) + 1}
		}
		return from, to
	case yaml.SequenceNode:
		if len(n.Content) > 0 && n.Style&yaml.FlowStyle != 0 {
			_, to := s.NodeSpan(n.Content[len(n.Content)-1])
			if to.Line == n.Line {
				line := s.LineAt(n.Line)
				for to.Col-1 < len(line) && line[to.Col-1] != ']' {
					to.Col++
				}
				return NodePos(n), Pos{to.Line, min(to.Col+1, len(line)+1)}
			}
		}
	}
	return NodePos(n), Pos{n.Line, n.Column + 1}
}

// LineAt is line l of the file (1-based), or nil past its ends.
func (s *Source) LineAt(l int) []rune {
	if l < 1 || l > len(s.Lines) {
		return nil
	}
	return s.Lines[l-1]
}

// KeyNode finds the key node at a path of mapping keys from the root of the
// rule file, or nil.
func KeyNode(root *yaml.Node, path ...string) *yaml.Node {
	n := root
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	var key *yaml.Node
	for _, p := range path {
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == p {
				key, next = n.Content[i], n.Content[i+1]
				break
			}
		}
		if next == nil {
			return nil
		}
		n = next
	}
	return key
}
