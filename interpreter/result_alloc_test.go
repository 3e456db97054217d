package interpreter_test

import "testing"

// A finished game's Result allocates nothing: its Reason is made at load,
// not per call (a playout that ends by an end: rule used to allocate it).
func TestResultAllocatesNothing(t *testing.T) {
	g := open(t, "backgammon")
	p, err := g.ParsePosition("b h2:bbbbbbbbbbbbbbb")
	if err != nil {
		t.Fatal(err)
	}
	if o := g.Result(&p); !o.Over || o.Winner != 0 {
		t.Fatalf("white has borne off all fifteen: %+v, want a win for white", o)
	}
	if n := testing.AllocsPerRun(100, func() { g.Result(&p) }); n != 0 {
		t.Errorf("Result allocates %.1f times per call, want 0", n)
	}
}
