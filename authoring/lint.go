package authoring

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"

	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/rulefile"
)

// Lint reports every problem of a rule file at once: what Check finds (YAML
// syntax, keys, types, expressions), then meaning checks that need the
// compiled game (conditions that are always true or false, bear-offs no
// piece can reach, an expression cut short by a ` #` comment), the file's own
// tests, and behaviour seen in seeded random games (runtime errors, rules
// that never fire, games that never end, a player without a move at the
// start, mirrored positions with different move counts in a symmetric
// game). See docs/authoring.md for each check.

// LintOptions control the checks that play the game.
type LintOptions struct {
	Playouts  int    // random games to play; 0 plays none
	MaxPlies  int    // cut each game here; 0 means 1000
	Seed      uint64 // the games are the same for the same seed
	SkipTests bool   // do not run the file's tests: section
}

// DefaultLintOptions are the options `stackrules lint` uses.
var DefaultLintOptions = LintOptions{Playouts: 20, MaxPlies: 1000, Seed: 1}

// Lint checks one rule file; the diagnostics come sorted by place.
func Lint(file string, data []byte, opts LintOptions) rulefile.Diagnostics {
	src := rulefile.NewSource(file, data)
	g, ds := checkSafely(file, data)
	var root yaml.Node
	if yaml.Unmarshal(data, &root) == nil && root.Kind != 0 {
		ds = append(ds, commentCuts(src, &root, g)...)
	}
	if g != nil {
		ds = append(ds, g.MeaningChecks()...)
		if !opts.SkipTests {
			_, td := RunTests(g)
			ds = append(ds, td...)
		}
		if opts.Playouts > 0 {
			ds = append(ds, lintBehaviour(g, opts)...)
		}
	}
	for i := range ds {
		widen(&ds[i], src)
	}
	sort.SliceStable(ds, func(i, j int) bool {
		if ds[i].Line != ds[j].Line {
			return ds[i].Line < ds[j].Line
		}
		return ds[i].Col < ds[j].Col
	})
	return dedupeDiagnostics(dropConsequences(ds))
}

// dropConsequences leaves out "never fires" for a rule whose condition was
// already shown to be false everywhere: the cause is reported, not its echo.
func dropConsequences(ds rulefile.Diagnostics) rulefile.Diagnostics {
	cause := map[string]bool{}
	for _, d := range ds {
		if (d.Code == "constant" && strings.Contains(d.Message, "false")) || d.Code == "unreachable-bear-off" {
			if i := strings.Index(d.Message, ": "); i > 0 {
				cause[d.Message[:i]] = true
			}
		}
	}
	out := ds[:0]
	for _, d := range ds {
		if d.Code == "never-fires" {
			if i := strings.Index(d.Message, " made no move"); i > 0 && cause[d.Message[:i]] {
				continue
			}
			if i := strings.Index(d.Message, " bore off no piece"); i > 0 && cause[d.Message[:i]] {
				continue
			}
			if i := strings.Index(d.Message, " made no capture"); i > 0 && cause[d.Message[:i]] {
				continue
			}
		}
		out = append(out, d)
	}
	return out
}

// checkSafely is Check that turns a crash of the loader into a diagnostic.
func checkSafely(file string, data []byte) (g *interpreter.Game, ds rulefile.Diagnostics) {
	defer func() {
		if r := recover(); r != nil {
			g = nil
			hint := ""
			if strings.Contains(fmt.Sprint(r), "divide by zero") {
				hint = "a condition that uses only static names is worked out when the file is loaded: look for `%` by zero"
			}
			ds = append(ds, rulefile.Diagnostic{File: file, Line: 1, Col: 1, EndLine: 1, EndCol: 2, Severity: rulefile.Error, Code: "load-crash",
				Message: fmt.Sprintf("loading the file failed: %v", r), Hint: hint})
		}
	}()
	return interpreter.Check(file, data)
}

func dedupeDiagnostics(ds rulefile.Diagnostics) rulefile.Diagnostics {
	out := ds[:0]
	seen := map[rulefile.Diagnostic]bool{}
	for _, d := range ds {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out
}

// widenCodes are the diagnostics about a YAML value, widened to the whole
// value; exprCodes are about a token of an expression.
var (
	widenCodes = map[string]bool{"unknown-key": true, "duplicate-key": true, "bad-value": true, "wrong-type": true,
		"bad-direction": true, "unknown-player": true, "bad-square": true, "setup-twice": true, "out-of-range": true,
		"yaml-tag": true, "setup": true, "bad-test": true}
	exprCodes = map[string]bool{"expression": true, "name-scope": true}
)

// widen extends a diagnostic that marks one character to the token it
// starts, so the caret line underlines the whole bad name or value.
func widen(d *rulefile.Diagnostic, src *rulefile.Source) {
	if d.Exact || d.EndLine != d.Line || d.EndCol != d.Col+1 || d.Line < 1 || d.Line > len(src.Lines) {
		return
	}
	line := src.Lines[d.Line-1]
	i := d.Col - 1
	if i < 0 || i >= len(line) {
		return
	}
	j := i
	isWord := func(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }
	switch {
	case exprCodes[d.Code]:
		if isWord(line[i]) {
			for j < len(line) && isWord(line[j]) {
				j++
			}
		} else if strings.ContainsRune("=!<>&|+-*/%.", line[i]) {
			for j < len(line) && strings.ContainsRune("=!<>&|+-*/%.", line[j]) {
				j++
			}
		}
	case widenCodes[d.Code]:
		switch line[i] {
		case '"', '\'':
			j = i + 1
			for j < len(line) && line[j] != line[i] {
				j++
			}
			if j < len(line) {
				j++
			}
		case '[', '{':
			return
		default:
			depth := 0
			for _, r := range line[:i] {
				switch r {
				case '[', '{':
					depth++
				case ']', '}':
					depth--
				}
			}
			flow := depth > 0
			for j < len(line) {
				r := line[j]
				if (r == '#' && j > 0 && line[j-1] == ' ') || (flow && (r == ',' || r == ']' || r == '}')) || (r == ':' && (j+1 == len(line) || line[j+1] == ' ')) {
					break
				}
				j++
			}
			for j > i+1 && line[j-1] == ' ' {
				j--
			}
		}
	}
	if j > i+1 {
		d.EndCol = j + 1
	}
}

// maxShownLine is the most characters of a source line WriteText shows.
const maxShownLine = 160

// WriteText writes diagnostics for people: the place and summary, the
// source line, a caret under the bad characters, and the hint. data is the
// file the diagnostics are about.
func WriteText(w io.Writer, ds rulefile.Diagnostics, data []byte) {
	src := rulefile.NewSource("", data)
	for _, d := range ds {
		if d.Line > 0 {
			fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", d.File, d.Line, d.Col, d.Severity, d.Message)
		} else { // about the whole file (it cannot be read): no place in it
			fmt.Fprintf(w, "%s: %s: %s\n", d.File, d.Severity, d.Message)
		}
		if d.Line >= 1 && d.Line <= len(src.Lines) && len(src.Lines) > 0 && !(len(src.Lines) == 1 && len(src.Lines[0]) == 0) {
			line := src.Lines[d.Line-1]
			num := fmt.Sprint(d.Line)
			pad := strings.Repeat(" ", len(num))
			col := d.Col
			n := 1
			if d.EndLine == d.Line && d.EndCol > d.Col {
				n = d.EndCol - d.Col
			} else if d.EndLine > d.Line {
				n = max(1, len(line)-(d.Col-1))
			}
			// A very long line (a generated rule file) is shown as a
			// window around the caret.
			prefix, suffix := "", ""
			if len(line) > maxShownLine {
				start := max(0, min(col-1-maxShownLine/2, len(line)-maxShownLine))
				end := min(len(line), start+maxShownLine)
				if start > 0 {
					prefix = "…"
				}
				if end < len(line) {
					suffix = "…"
				}
				line = line[start:end]
				col -= start
				n = max(1, min(n, len(line)-(col-1)))
				if prefix != "" {
					col++
				}
			}
			fmt.Fprintf(w, " %s | %s%s%s\n", num, prefix, strings.TrimRight(string(line), " \r"), suffix)
			if prefix != "" {
				line = append([]rune{' '}, line...)
			}
			var caret strings.Builder
			for i := 0; i < col-1 && i < len(line); i++ {
				if line[i] == '\t' {
					caret.WriteByte('\t')
				} else {
					caret.WriteByte(' ')
				}
			}
			caret.WriteString(strings.Repeat("^", n))
			fmt.Fprintf(w, " %s | %s\n", pad, caret.String())
			if d.Hint != "" {
				fmt.Fprintf(w, " %s = %s\n", pad, d.Hint)
			}
		} else if d.Hint != "" {
			fmt.Fprintf(w, "    = %s\n", d.Hint)
		}
	}
}

// jsonDiagnostic is the --format json form of a diagnostic.
type jsonDiagnostic struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Severity  string `json:"severity"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	Hint      string `json:"hint,omitempty"`
}

// WriteJSON writes one JSON object per diagnostic, one per line.
func WriteJSON(w io.Writer, ds rulefile.Diagnostics) {
	for _, d := range ds {
		b, _ := json.Marshal(jsonDiagnostic{File: d.File, Line: d.Line, Column: d.Col, EndLine: d.EndLine, EndColumn: d.EndCol,
			Severity: d.Severity.String(), Code: d.Code, Message: d.Message, Hint: d.Hint})
		fmt.Fprintln(w, string(b))
	}
}
