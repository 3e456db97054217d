package rulefile

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

var yamlLineRE = regexp.MustCompile(`line (\d+)`)

// errorPos finds the line a yaml.v3 error names, if any.
func errorPos(err error) Pos {
	if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
		l, _ := strconv.Atoi(m[1])
		return Pos{l, 1}
	}
	return Pos{1, 1}
}

// yaml.v3 names the line of a syntax error loosely: often the line where the
// enclosing construct began, counted from 0 (so one too few), sometimes no
// line at all. SyntaxError finds the character itself: the error is on
// the first line after the longest run of whole lines that parses, at the
// first character of that line whose addition makes the text stop parsing.
// An unclosed `[` is found at the `[`, an unclosed quote at the quote, a
// stray `: ` at its colon, an unknown alias at its `*`.

// maxSyntaxSearch bounds the parses spent looking for the character.
const maxSyntaxSearch = 600

// SyntaxError returns the place of a YAML syntax error, the message
// without yaml's line, and a hint.
func SyntaxError(data []byte, err error) (at Pos, end Pos, msg, hint string) {
	msg = strings.TrimPrefix(err.Error(), "yaml: ")
	msg = yamlLineRE.ReplaceAllString(msg, "")
	msg = strings.TrimPrefix(msg, ": ")
	at = errorPos(err)
	end = Pos{at.Line, at.Col + 1}
	lines := bytes.SplitAfter(data, []byte("\n"))
	parses := func(b []byte) bool {
		var n yaml.Node
		return yaml.Unmarshal(b, &n) == nil
	}
	// Each parse reads up to the whole file: bound the bytes read in all.
	budget := min(maxSyntaxSearch, 8<<20/max(len(data), 1))
	// The longest prefix of whole lines that parses, searched from the end.
	good := -1
	offsets := make([]int, len(lines)+1)
	for i, l := range lines {
		offsets[i+1] = offsets[i] + len(l)
	}
	for k := len(lines) - 1; k >= 0 && budget > 0; k-- {
		budget--
		if parses(data[:offsets[k]]) {
			good = k
			break
		}
	}
	if good < 0 || good >= len(lines) {
		return at, end, msg, yamlHint(msg, nil, 0)
	}
	line := lines[good]
	prefix := data[:offsets[good]]
	// The first character of the line after which no longer prefix parses.
	col := -1
	for j := len(bytes.TrimRight(line, "\r\n")); j >= 0 && budget > 0; j-- {
		budget--
		if parses(append(append([]byte{}, prefix...), line[:j]...)) {
			col = j
			break
		}
	}
	if col < 0 {
		return at, end, msg, yamlHint(msg, nil, 0)
	}
	text := bytes.TrimRight(line, "\r\n")
	// A tab in the indentation is the problem wherever the parse gave up.
	if i := bytes.IndexByte(text, '\t'); i >= 0 && len(bytes.TrimLeft(text[:i], " ")) == 0 {
		col = i
	}
	// Step over spaces: the error is at the next character that is there.
	for col < len(text) && text[col] == ' ' {
		col++
	}
	if col >= len(text) && good+1 < len(lines) {
		// The line parses whole; the trouble starts on the next one.
		next := bytes.TrimRight(lines[good+1], "\r\n")
		if len(bytes.TrimSpace(next)) > 0 && !bytes.HasPrefix(bytes.TrimSpace(text), []byte("#")) {
			good++
			text = next
			col = len(text) - len(bytes.TrimLeft(text, " "))
		}
	}
	// Some mistakes are better shown at another character of the line.
	switch {
	case strings.Contains(msg, "unknown escape"):
		for i := col; i+1 < len(text); i++ {
			if text[i] == '\\' {
				if !strings.ContainsRune("0abtnvfre \"/\\N_LPxuU\t", rune(text[i+1])) {
					col = i
					break
				}
				i++
			}
		}
	case bytes.Contains(text, []byte(": !")) && col > bytes.Index(text, []byte(": !")):
		col = bytes.Index(text, []byte(": !")) + 2
		msg = "`!` starts a YAML tag: " + msg
	}
	at = Pos{good + 1, utf8.RuneCount(text[:min(col, len(text))]) + 1}
	end = Pos{at.Line, at.Col + 1}
	return at, end, msg, yamlHint(msg, text, col)
}

// yamlHint says how to fix the common YAML mistakes.
func yamlHint(msg string, line []byte, col int) string {
	var c byte
	if col < len(line) {
		c = line[col]
	}
	switch {
	case strings.Contains(msg, "did not find expected ',' or ']'") || (c == '[' && strings.Contains(msg, "node content")):
		return "this `[` is not closed: end the list with `]`"
	case strings.Contains(msg, "did not find expected ',' or '}'") || (c == '{' && strings.Contains(msg, "node content")):
		return "this `{` is not closed: end the mapping with `}`"
	case c == '\t' || strings.Contains(msg, "tab character"):
		return "indent with spaces: YAML does not allow tabs"
	case c == '!':
		return "a value that starts with `!` is a YAML tag: quote the expression, or write `not` for `!`"
	case c == ']' || c == '}':
		return "this `" + string(c) + "` closes nothing"
	case c == '@' || c == '`':
		return "`" + string(c) + "` cannot start a plain YAML value: quote the value"
	case strings.Contains(msg, "mapping values are not allowed"):
		return "`: ` inside a value starts a mapping: quote the value, or check the indentation"
	case strings.Contains(msg, "could not find expected ':'"):
		return "a key needs a `:` after it"
	case strings.Contains(msg, "unexpected end of stream") && (c == '"' || c == '\''):
		return "this quote is not closed"
	case strings.Contains(msg, "unknown anchor"):
		return "`*` starts a YAML alias: quote the value"
	case strings.Contains(msg, "unknown escape"):
		return "in double quotes `\\` starts an escape: use single quotes, or write `\\\\`"
	case strings.Contains(msg, "block sequence entries are not allowed"):
		return "start a `- ` list on the line after its key, indented"
	case strings.Contains(msg, "did not find expected key"), strings.Contains(msg, "expected '-' indicator"):
		return "check the indentation of this line"
	}
	return ""
}
