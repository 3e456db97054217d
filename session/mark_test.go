package session

import (
	"testing"
)

// Rewind takes back what was played since the mark, plays again what Undo
// took back, and restores a resignation: the session is as it was.
func TestRewindPutsTheSessionBack(t *testing.T) {
	g := open(t, "liger")
	s, err := New(g, "liger", seats(t, "human", "random"), g.Start())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"c3-d4", "f6-e5", "d4-c5"} {
		if _, err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	want := s.Record().String()

	m := s.Mark()
	if _, err := s.Play("b6-a5"); err != nil {
		t.Fatal(err)
	}
	s.Rewind(m)
	if got := s.Record().String(); got != want {
		t.Fatalf("after a move and Rewind:\n%s\nwant\n%s", got, want)
	}

	m = s.Mark()
	if n := s.Undo(); n == 0 {
		t.Fatal("nothing undone")
	}
	s.Rewind(m)
	if got := s.Record().String(); got != want || s.CanRedo() {
		t.Fatalf("after Undo and Rewind (redo %v):\n%s\nwant\n%s", s.CanRedo(), got, want)
	}

	m = s.Mark()
	if err := s.Resign(1); err != nil {
		t.Fatal(err)
	}
	s.Rewind(m)
	if s.Outcome().Over || s.Record().String() != want {
		t.Fatalf("a resignation survived Rewind: %+v", s.Outcome())
	}
}
