package interpreter

import (
	"go.yaml.in/yaml/v3"

	"github.com/stackrules/stackrules/rulefile"
)

// The rule file's text and diagnostics are package rulefile's; these names
// let the loader and compiler say them briefly, and keep Check's and Load's
// results nameable from this package (as os.FileMode is io/fs's FileMode).
type (
	// Diagnostic is rulefile.Diagnostic: one problem at file:line:col.
	Diagnostic = rulefile.Diagnostic
	// Diagnostics is rulefile.Diagnostics: every problem of one pass.
	Diagnostics = rulefile.Diagnostics
	// Severity is rulefile.Severity.
	Severity = rulefile.Severity

	srcPos = rulefile.Pos
	source = rulefile.Source
)

// The severities of a Diagnostic.
const (
	Error   = rulefile.Error
	Warning = rulefile.Warning
)

func newSource(name string, data []byte) *source { return rulefile.NewSource(name, data) }

func nodePos(n *yaml.Node) srcPos { return rulefile.NodePos(n) }

func yamlSyntaxError(data []byte, err error) (at, end srcPos, msg, hint string) {
	return rulefile.SyntaxError(data, err)
}

func diagSpan(file string, from, to srcPos, sev Severity, code, hint, format string, args ...any) Diagnostic {
	return rulefile.Span(file, from, to, sev, code, hint, format, args...)
}

func keyNode(root *yaml.Node, path ...string) *yaml.Node { return rulefile.KeyNode(root, path...) }
