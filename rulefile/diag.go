package rulefile

import (
	"fmt"
	"strings"
)

// Severity of a diagnostic.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem in a rule file, pointing at the exact character:
// Line and Col are 1-based, Col counted in characters.
type Diagnostic struct {
	File     string
	Line     int
	Col      int
	EndLine  int
	EndCol   int
	Severity Severity
	Code     string // short stable identifier, e.g. "unknown-key"
	Message  string
	Hint     string
	// Exact: Line:Col to EndLine:EndCol is the bad part as it is; lint
	// does not widen a one-character span to the word or value it starts.
	Exact bool
}

func (d Diagnostic) Error() string {
	var sb strings.Builder
	if d.File != "" {
		sb.WriteString(d.File)
		sb.WriteByte(':')
	}
	if d.Line > 0 {
		fmt.Fprintf(&sb, "%d:%d:", d.Line, d.Col)
	}
	if sb.Len() > 0 {
		sb.WriteByte(' ')
	}
	fmt.Fprintf(&sb, "%s: %s", d.Severity, d.Message)
	if d.Hint != "" {
		fmt.Fprintf(&sb, " (%s)", d.Hint)
	}
	return sb.String()
}

// Diagnostics is every problem found in one pass; as an error it lists them
// all, one per line, so a load reports everything at once.
type Diagnostics []Diagnostic

func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.Error()
	}
	return strings.Join(lines, "\n")
}

// HasErrors reports whether any diagnostic is an error rather than a warning.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Strict turns warnings into errors (`lint --strict`).
func (ds Diagnostics) Strict() Diagnostics {
	out := make(Diagnostics, len(ds))
	for i, d := range ds {
		d.Severity = Error
		out[i] = d
	}
	return out
}

// Count counts errors and warnings.
func (ds Diagnostics) Count() (errors, warnings int) {
	for _, d := range ds {
		if d.Severity == Error {
			errors++
		} else {
			warnings++
		}
	}
	return
}

// Span makes a diagnostic over a range of the file, from one character to
// the place after the last (at least one character).
func Span(file string, from, to Pos, sev Severity, code, hint, format string, args ...any) Diagnostic {
	if to.Line < from.Line || (to.Line == from.Line && to.Col <= from.Col) {
		to = Pos{Line: from.Line, Col: from.Col + 1}
	}
	return Diagnostic{File: file, Line: from.Line, Col: from.Col, EndLine: to.Line, EndCol: to.Col,
		Severity: sev, Code: code, Message: fmt.Sprintf(format, args...), Hint: hint}
}
