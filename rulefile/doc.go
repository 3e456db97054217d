// Package rulefile is the first stage of the pipeline: a rule file as text,
// before anything is compiled. diag.go holds Diagnostic (one problem at
// file:line:col, with a stable code and a hint; Span makes one over a range),
// Diagnostics (every problem of one pass, also an error) and Severity.
// yamlpos.go traces each character of a decoded YAML scalar back to its line
// and column in the file (Pos, Source, NodePos, NodeSpan), so an error in an
// expression points at the character, and finds where a key is written
// (KeyNode). yamlerr.go turns yaml.v3's loose syntax errors into the exact
// character and a hint (SyntaxError). Decoding the YAML into rule
// declarations stays in package interpreter (decode.go): the declarations
// are the compiler's own types. This package imports nothing of stackrules;
// interpreter, authoring and records build on it.
package rulefile
