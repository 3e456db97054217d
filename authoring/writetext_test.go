package authoring

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stackrules/stackrules/rulefile"
)

// A source line longer than the screen is shown as a window around the
// caret, which still points at the right character.
func TestWriteTextLongLine(t *testing.T) {
	line := strings.Repeat("a", 1000) + "X" + strings.Repeat("b", 1000)
	var out strings.Builder
	WriteText(&out, rulefile.Diagnostics{{File: "f.yaml", Line: 1, Col: 1001, EndLine: 1, EndCol: 1002, Severity: rulefile.Error, Message: "here"}}, []byte(line+"\n"))
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 3 || utf8.RuneCountInString(lines[1]) > maxShownLine+10 {
		t.Fatalf("output:\n%s", out.String())
	}
	src, caret := []rune(lines[1]), []rune(lines[2])
	at := strings.IndexRune(string(caret), '^')
	if at < 0 || utf8.RuneCountInString(string(caret[:at])) >= len(src) || src[utf8.RuneCountInString(string(caret[:at]))] != 'X' {
		t.Errorf("the caret is not under X:\n%s", out.String())
	}
}
