package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Script tests: each file under testdata/scripts is a session in a pipe.
//
//	# what the script shows (comments)
//	stackrules ARGS...          ($TMP is a fresh folder)
//	--- input
//	lines typed
//	--- output
//	what play prints            (rewritten by -update)
//	--- record FILE
//	the record in $TMP/FILE     (rewritten by -update; $DATE and $RULES stand
//	                            for the date and the rules hash)
//
// The exit status must be 0 unless an "--- exit N" section says otherwise.

type script struct {
	header   []string
	sections []scriptSection
}

type scriptSection struct {
	name, arg string
	body      string
}

func parseScript(t *testing.T, text string) script {
	t.Helper()
	var sc script
	cur := -1
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "--- ") {
			f := strings.Fields(strings.TrimPrefix(line, "--- "))
			s := scriptSection{name: f[0]}
			if len(f) > 1 {
				s.arg = f[1]
			}
			sc.sections = append(sc.sections, s)
			cur = len(sc.sections) - 1
			continue
		}
		if cur < 0 {
			if l := strings.TrimSpace(line); l != "" {
				sc.header = append(sc.header, l)
			}
			continue
		}
		sc.sections[cur].body += line
	}
	return sc
}

func (sc *script) section(name string) *scriptSection {
	for i := range sc.sections {
		if sc.sections[i].name == name {
			return &sc.sections[i]
		}
	}
	return nil
}

func (sc *script) String() string {
	var b strings.Builder
	for _, h := range sc.header {
		b.WriteString(h + "\n")
	}
	for _, s := range sc.sections {
		b.WriteString(strings.TrimSpace("--- "+s.name+" "+s.arg) + "\n" + s.body)
	}
	return b.String()
}

var (
	dateTag  = regexp.MustCompile(`\[Date "[0-9.]+"\]`)
	rulesTag = regexp.MustCompile(`\[Rules "sha256:[0-9a-f]+"\]`)
)

func TestScripts(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "scripts", "*.txt"))
	if len(files) == 0 {
		t.Fatal("no scripts in testdata/scripts")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sc := parseScript(t, string(data))
			var cmd string
			for _, h := range sc.header {
				if !strings.HasPrefix(h, "#") {
					cmd = h
				}
			}
			args := splitArgs(cmd)
			if len(args) == 0 || args[0] != "stackrules" {
				t.Fatalf("%s: no command line (stackrules ARGS...)", file)
			}
			tmp := t.TempDir()
			for i := range args {
				args[i] = strings.ReplaceAll(args[i], "$TMP", tmp)
			}
			input := ""
			if s := sc.section("input"); s != nil {
				input = s.body
			}
			var out, errw bytes.Buffer
			code := run(args, strings.NewReader(input), &out, &errw)
			wantCode := "0"
			if s := sc.section("exit"); s != nil {
				wantCode = strings.TrimSpace(s.body)
			}
			if got := strconv.Itoa(code); got != wantCode {
				t.Errorf("exit %s, want %s; stderr:\n%s", got, wantCode, errw.String())
			}
			norm := func(s string) string { return strings.ReplaceAll(s, tmp, "$TMP") }
			changed := false
			check := func(s *scriptSection, got string) {
				if s == nil {
					return
				}
				if s.body != got {
					if *update {
						s.body, changed = got, true
						return
					}
					t.Errorf("%s: section %q differs (run with -update if the change is right)\ngot:\n%s\nwant:\n%s", file, s.name, got, s.body)
				}
			}
			check(sc.section("output"), norm(out.String()))
			check(sc.section("stderr"), norm(errw.String()))
			if s := sc.section("record"); s != nil {
				rec, err := os.ReadFile(filepath.Join(tmp, s.arg))
				if err != nil {
					t.Fatalf("the record: %v", err)
				}
				// The date changes daily and the hash with every edit of a rule file.
				text := dateTag.ReplaceAllLiteralString(norm(string(rec)), `[Date "$DATE"]`)
				check(s, rulesTag.ReplaceAllLiteralString(text, `[Rules "$RULES"]`))
			}
			if changed {
				if err := os.WriteFile(file, []byte(sc.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// splitArgs splits a command line at spaces, keeping "quoted text" whole.
func splitArgs(s string) []string {
	var args []string
	var cur strings.Builder
	quoted, have := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, have = !quoted, true
		case r == ' ' && !quoted:
			if have {
				args = append(args, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if have {
		args = append(args, cur.String())
	}
	return args
}
