// Package rulefile is the first stage of the pipeline: what a rule file is as
// text, before anything is compiled. diag.go holds Diagnostic (one problem at
// file:line:col, with a stable code and a hint), Diagnostics (every problem of
// one pass, also an error) and Severity; yamlpos.go maps each character of a
// decoded YAML scalar back to its line and column in the file (Pos, Source,
// NodePos), so an expression's error points at the character; yamlerr.go turns
// yaml.v3's loose syntax errors into the exact character and a hint
// (SyntaxError). Decoding the YAML tree into rule declarations stays in
// package interpreter (decode.go), because its declarations are the
// compiler's own unexported types and move together with it. It imports
// nothing of stackrules; interpreter, authoring and records import it.
package rulefile
