package interpreter_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stackrules/stackrules/internal/gametest"
	"github.com/stackrules/stackrules/interpreter"
	"go.yaml.in/yaml/v3"
)

const modeline = "# yaml-language-server: $schema=../docs/stackrules.schema.json"

func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(interpreter.Schema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("stackrules.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("stackrules.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// yamlToJSON reads a rule file as the JSON value editors validate.
func yamlToJSON(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

// Every built-in game and example is valid by the schema.
func TestSchemaAcceptsRuleFiles(t *testing.T) {
	s := compileSchema(t)
	for _, f := range gametest.RuleFiles(t) {
		if err := s.Validate(yamlToJSON(t, f.Data)); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
}

// The schema rejects the common mistakes as an editor would flag them.
func TestSchemaRejectsBrokenFiles(t *testing.T) {
	s := compileSchema(t)
	base, err := os.ReadFile("../authoring/testdata/lint/clean.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ old, new string }{
		{"board:", "bord:"},
		{"  height: 6\n", ""},
		{"home: top", "home: up"},
		{"lift: 1-2", "lift: two"},
		{"directions: backward", "directions: [backwards]"},
		{"width: 6", "width: six"},
		{"code: r", "code: R"},
		{"  red: rows 1-2", "  red: [a1, c11x]"},
		{"  - win: checkers(me) == 0", "  - won: checkers(me) == 0"},
		{"    when: row == farthest", "    when: row == farthest\n    lift: 1"},
		{"end:", "tests:\n  - legall: c3-d4\nend:"},
		{"end:", "no_moves: loose\nend:"},
	} {
		src := strings.Replace(string(base), c.old, c.new, 1)
		if src == string(base) {
			t.Fatalf("clean.yaml does not contain %q", c.old)
		}
		if err := s.Validate(yamlToJSON(t, []byte(src))); err == nil {
			t.Errorf("the schema accepts %q for %q", c.new, c.old)
		}
	}
	if err := s.Validate(yamlToJSON(t, base)); err != nil {
		t.Errorf("clean.yaml: %v", err)
	}
}

var update = flag.Bool("update", false, "rewrite the docs copy of the schema")

// docs/stackrules.schema.json, which rule files name for editors, is the
// schema the code embeds (go test -run TestSchemaCopy -update rewrites it).
func TestSchemaCopy(t *testing.T) {
	const docs = "../docs/stackrules.schema.json"
	if *update {
		if err := os.WriteFile(docs, interpreter.Schema(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(docs)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, interpreter.Schema()) {
		t.Errorf("%s differs from interpreter/stackrules.schema.json; run go test ./interpreter -run TestSchemaCopy -update", docs)
	}
	examples, _ := filepath.Glob("../examples/*.yaml")
	builtins, _ := filepath.Glob("../variants/*.yaml")
	for _, f := range append(examples, builtins...) {
		data, _ := os.ReadFile(f)
		if !strings.HasPrefix(string(data), modeline+"\n") {
			t.Errorf("%s does not start with %q", f, modeline)
		}
	}
}

// Every key the decoder knows is in the schema, and every key of the
// schema is one the decoder knows: the two cannot drift apart.
func TestSchemaKnowsEveryKey(t *testing.T) {
	decoded := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range []string{"decode.go", "decode_dice.go", "pieces_decode.go", "regions.go", "notation.go", "testcases.go", "words.go"} {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok || len(cl.Elts) != 3 {
				return true
			}
			lit, ok1 := cl.Elts[0].(*ast.BasicLit)
			req, ok2 := cl.Elts[1].(*ast.Ident)
			if ok1 && ok2 && lit.Kind == token.STRING && (req.Name == "true" || req.Name == "false") {
				name, _ := strconv.Unquote(lit.Value)
				decoded[name] = true
			}
			return true
		})
	}
	if len(decoded) < 20 {
		t.Fatalf("found only %d keys in decode.go: has the field table changed shape?", len(decoded))
	}
	var doc any
	if err := json.Unmarshal(interpreter.Schema(), &doc); err != nil {
		t.Fatal(err)
	}
	inSchema := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if props, ok := v["properties"].(map[string]any); ok {
				for k := range props {
					inSchema[k] = true
				}
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc)
	for k := range decoded {
		if !inSchema[k] {
			t.Errorf("the decoder knows the key %q; the schema does not", k)
		}
	}
	// Keys the decoder reads outside its field tables.
	// capture: precedence criteria are read in capture_precedence.go.
	for _, k := range []string{"position", "win", "loss", "draw", "hand", "start", "past_end", "numbers", "most", "by", "earliest", "most_value"} {
		decoded[k] = true
	}
	for k := range inSchema {
		if !decoded[k] {
			t.Errorf("the schema has the key %q; the decoder does not know it", k)
		}
	}
}
