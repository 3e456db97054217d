package records_test

import (
	"strings"
	"testing"

	"github.com/stackrules/stackrules/internal/gametest"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/records"
)

// Records: a byte-order mark is read past, a comment never closed is an
// error at the line it opens, a record over the size limit is refused.
func TestRecordFormEdges(t *testing.T) {
	g := gametest.Open(t, "liger")
	rec, err := records.Parse(strings.NewReader("\xef\xbb\xbf[Game \"Liger\"]\n\n1. c3-d4 f6-e5 *\n"))
	if err != nil || rec.Tag("Game") != "Liger" || len(rec.Moves) != 2 {
		t.Fatalf("record with a BOM: %v %+v", err, rec)
	}
	if _, err := records.Replay(g, rec); err != nil {
		t.Error(err)
	}
	for _, tc := range []struct{ text, want string }{
		{"[Game \"Liger\"]\n\n1. c3-d4 {good f6-e5\n2. b2-c3 *\n", "line 3: the comment opened by { is never closed"},
		{"[Game \"Liger\"]\n\n1. c3-d4 } f6-e5 *\n", "line 3: a } that closes no {"},
		{"[Game \"Liger\"]\n[Result \"0\"]\n", "line 2: [Result \"0\"] is not a result"},
		{strings.Repeat("1. c3-d4 f6-e5 ", interpreter.MaxRecordSize/15+1), "larger than 4 MiB"},
	} {
		if _, err := records.Parse(strings.NewReader(tc.text)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.60q: %v, want %q", tc.text, err, tc.want)
		}
	}
	// A result glued to a move number is the result (FuzzRecord found "0.*"
	// read as a move "*", written back as a second result).
	rec, err = records.Parse(strings.NewReader("1. c3-d4 2.1-0\n"))
	if err != nil || rec.Result != "1-0" || len(rec.Moves) != 1 {
		t.Errorf("\"2.1-0\": %v %+v", err, rec)
	}
	// Comments span lines and come back where they were.
	text := "[Game \"Liger\"]\n\n{intro} 1. c3-d4 {one\ntwo} 1... {three} f6-e5 * {after}\n"
	rec, err = records.Parse(strings.NewReader(text))
	if err != nil || rec.Intro != "{intro}" || rec.Moves[0].Comment != "{one\ntwo} {three}" || rec.Outro != "{after}" {
		t.Fatalf("comments: %v %+v", err, rec)
	}
	if got := rec.String(); !strings.Contains(got, "{intro} 1. c3-d4 {one\ntwo} {three} f6-e5 * {after}\n") {
		t.Errorf("written back:\n%s", got)
	}
	// A record of 1 MiB of comments reads in linear time
	// (adding comments one by one to a string was quadratic: minutes for
	// 600 kB; seen while looking into a stalled FuzzRecord run).
	for _, filler := range []string{"{}", "{} 1. "} {
		many := "1. c3-d4 " + strings.Repeat(filler, interpreter.MaxRecordSize/4/len(filler)) + "*\n"
		rec, err = records.Parse(strings.NewReader(many))
		if err != nil || len(rec.Moves) != 1 || !strings.HasPrefix(rec.Moves[0].Comment, "{} {} {}") {
			t.Fatalf("a record of comments: %v", err)
		}
	}
}

// A result is one the game can have: 1-1 or 0-0 never, a win on a game the
// moves leave going only with a [Termination] saying how it ended.
func TestCheckResult(t *testing.T) {
	g := gametest.Open(t, "liger")
	head := "[Game \"Liger\"]\n"
	for _, tc := range []struct{ text, want string }{
		{head + "\n1. c3-d4 1-1\n", "not a possible result"},
		{head + "\n1. c3-d4 0-0\n", "not a possible result"},
		{head + "\n1. c3-d4 1/2-1\n", "not a possible result"},
		{head + "\n1. c3-d4 1-0-0\n", "has 3 scores, but Liger has 2 players"},
		{head + "\n1. c3-d4 1-0\n", "its moves do not end the game and no [Termination]"},
		{head + "[Termination \"red resigned\"]\n\n1. c3-d4 1-0\n", "says red resigned"},
		{head + "[Termination \"red resigned\"]\n\n1. c3-d4 0-1\n", ""},
		{head + "[Termination \"draw agreed\"]\n\n1. c3-d4 1/2-1/2\n", ""},
		{head + "\n1. c3-d4 *\n", ""},
	} {
		rec, err := records.Parse(strings.NewReader(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		h, err := records.Replay(g, rec)
		if err != nil {
			t.Fatal(err)
		}
		err = records.CheckResult(g, rec, h.Outcome())
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%q: %v, want %q", tc.text, err, tc.want)
		}
	}
}
