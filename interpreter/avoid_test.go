package interpreter_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
)

// stackersAvoiding is Stackers with its `search: avoid` replaced by cond.
func stackersAvoiding(t *testing.T, cond string) (*interpreter.Game, error) {
	t.Helper()
	data, err := os.ReadFile("../variants/stackers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "\n  avoid: ")
	if i < 0 {
		t.Fatal("stackers.yaml has no search: avoid")
	}
	j := strings.Index(text[i+1:], "\n") + i + 1
	return interpreter.Load("stackers-avoid.yaml", []byte(text[:i]+"\n  avoid: "+cond+text[j:]))
}

// `search: avoid` is a condition on a candidate move, with the names of
// `playout: prefer` and the plies without progress, `quiet`, taken from the
// searched position. Stackers' keeps the last free checker on the board
// while another is buried, until the 100-ply rule comes near.
func TestSearchAvoidHolds(t *testing.T) {
	g := open(t, "stackers")
	if !g.HasAvoid() {
		t.Fatal("stackers.yaml has no search: avoid")
	}
	avoider, ok := g.AI().(ai.Avoider[interpreter.SearchPosition, board.Move])
	if !ok {
		t.Fatal("the AI adapter is not an ai.Avoider")
	}
	for _, c := range []struct {
		pos   string
		quiet int32
		move  string
		want  bool
	}{
		{"b b8:b,d4:bw,a1:w,c1:w", 0, "b8-off", true},                      // the last free checker, one buried
		{"b b8:b,d4:bw,a1:w,c1:w", 79, "b8-off", true},                     // ...
		{"b b8:b,d4:bw,a1:w,c1:w", 80, "b8-off", false},                    // the 100-ply rule comes near: bear off
		{"b b8:b,d4:bw,a1:w,c1:w", 0, "b8-a7", false},                      // a step is never avoided
		{"b b8:b,d4:bb,a1:w,c1:w", 0, "b8-off", false},                     // nothing buried
		{"b b8:b,d4:bw,a1:w,c1:w,c3:b,e3:b,g3:b,a3:b", 0, "b8-off", false}, // five free checkers
	} {
		p, err := g.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		m, err := g.ParseMove(&p, c.move)
		if err != nil {
			t.Fatal(err)
		}
		sp := interpreter.SearchPosition{Position: p, Quiet: c.quiet}
		if got := avoider.Avoid(&sp, m); got != c.want {
			t.Errorf("%s after %d quiet plies: avoid %s = %v, want %v", c.pos, c.quiet, c.move, got, c.want)
		}
	}
	// the search leaves the avoided bear-off out, and takes it once the
	// quiet plies run short (it is then the best move by far)
	p, _ := g.ParsePosition("b b8:b,d4:bw,a1:w,c1:w")
	for _, c := range []struct {
		quiet int32
		off   bool
	}{{0, false}, {95, true}} {
		s := ai.NewMCTS(g.AI(), ai.Config{Iterations: 1000, Seed: 1, PlayoutCap: g.PlayoutPlies()})
		res := s.Search(context.Background(), &interpreter.SearchPosition{Position: p, Quiet: c.quiet})
		if got := g.MoveString(res.Move) == "b8-off"; got != c.off || res.Legal != 3 {
			t.Errorf("after %d quiet plies: played %s of %d legal, want bear-off %v", c.quiet, g.MoveString(res.Move), res.Legal, c.off)
		}
	}
}

// The names of `search: avoid` are checked where they are written: `quiet`
// is the search's, not the rules'.
func TestSearchAvoidNamesAreChecked(t *testing.T) {
	if _, err := stackersAvoiding(t, "off && quiet < 80 && to_row > row"); err != nil {
		t.Fatalf("a valid avoid: %v", err)
	}
	for _, c := range []struct{ cond, want string }{
		{"quiet < 80 && frobnicate", "frobnicate"},
		{"quiet <", "search: avoid"},
	} {
		_, err := stackersAvoiding(t, c.cond)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("avoid: %s: error %v, want one naming %q", c.cond, err, c.want)
		}
	}
	data, err := os.ReadFile("../variants/stackers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "when: bottom == me", "when: bottom == me && quiet < 10", 1)
	_, err = interpreter.Load("stackers-quiet.yaml", []byte(text))
	if err == nil || !strings.Contains(err.Error(), "quiet") || !strings.Contains(err.Error(), "search: avoid") {
		t.Errorf("quiet in a move condition: %v, want an error saying it is for search: avoid", err)
	}
}
