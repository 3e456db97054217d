package interpreter

import "testing"

// Backgammon's checker rule is specialised per die (the comparison with
// expr's VM in TestClosuresAgreeWithVM then checks the specialised tests):
// its terms `step == 0 || rearmost(me) > 0` and `to_step < finish ||
// rearmost(me) >= 19 && ...` each have one fact, and with the fact false the
// first is `step == 0`, with it true nothing to test.
func TestDiceTermsSpecialised(t *testing.T) {
	g, err := Open("backgammon")
	if err != nil {
		t.Fatal(err)
	}
	r := g.dice.rules[0]
	if len(r.spec) != 3 {
		t.Fatalf("checker: %d specialised terms, want 3", len(r.spec))
	}
	first, last := r.spec[0], r.spec[2]
	if len(first.facts) != 1 || first.variants[0] == nil || first.variants[1] != nil || first.never != 0 {
		t.Errorf("step == 0 || rearmost(me) > 0: facts %d, variants %v, never %b", len(first.facts), first.variants, first.never)
	}
	if len(last.facts) != 1 || last.variants[0] == nil || last.variants[1] == nil {
		t.Errorf("to_step < finish || rearmost(me) >= 19 && ...: facts %d, variants %v", len(last.facts), last.variants)
	}
	if len(r.spec[1].facts) != 0 {
		t.Errorf("to_top != opponent || to_height < 2 has %d facts, want none", len(r.spec[1].facts))
	}
	slow, err := Open("backgammon", Options{VMOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if slow.dice.rules[0].spec != nil {
		t.Error("the VM's terms were specialised")
	}
}
