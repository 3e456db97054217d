package interpreter

import (
	"testing"

	"github.com/stackrules/stackrules/interpreter/internal/dice"
)

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
	spec := g.dice.(*dice.Engine[*Ctx]).SpecTerms(0)
	if len(spec) != 3 {
		t.Fatalf("checker: %d specialised terms, want 3", len(spec))
	}
	first, last := spec[0], spec[2]
	if len(first.Facts) != 1 || first.Variants[0] == nil || first.Variants[1] != nil || first.Never != 0 {
		t.Errorf("step == 0 || rearmost(me) > 0: facts %d, variants %v, never %b", len(first.Facts), first.Variants, first.Never)
	}
	if len(last.Facts) != 1 || last.Variants[0] == nil || last.Variants[1] == nil {
		t.Errorf("to_step < finish || rearmost(me) >= 19 && ...: facts %d, variants %v", len(last.Facts), last.Variants)
	}
	if len(spec[1].Facts) != 0 {
		t.Errorf("to_top != opponent || to_height < 2 has %d facts, want none", len(spec[1].Facts))
	}
	slow, err := Open("backgammon", Options{VMOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if slow.dice.(*dice.Engine[*Ctx]).SpecTerms(0) != nil {
		t.Error("the VM's terms were specialised")
	}
}
