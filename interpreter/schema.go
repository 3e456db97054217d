package interpreter

import _ "embed"

// The JSON Schema (draft 2020-12) of rule files, for editors: completion,
// hover documentation and mistakes flagged as you type. It is kept here, in
// one place; docs/stackrules.schema.json is a copy that rule files point at
// with `# yaml-language-server: $schema=...`, and a test keeps the two equal.

//go:embed stackrules.schema.json
var schema []byte

// Schema is the JSON Schema of rule files.
func Schema() []byte { return append([]byte(nil), schema...) }
