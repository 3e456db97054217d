package ai

import "testing"

// The fifo gives back what was pushed, in order, across chunk boundaries and
// with pushes and pops interleaved, and holds no more chunks than its
// values need (plus one spare).
func TestFifoOrder(t *testing.T) {
	var f fifo[int]
	next, want := 0, 0
	for round := range 6 {
		for range 700 * (round%3 + 1) {
			v := next
			f.push(&v)
			next++
		}
		for range 500 + 300*(round%2) {
			if f.len() == 0 {
				break
			}
			if got := *f.front(); got != want {
				t.Fatalf("round %d: front %d, want %d", round, got, want)
			}
			f.pop()
			want++
		}
		if f.len() != next-want {
			t.Fatalf("round %d: len %d, want %d", round, f.len(), next-want)
		}
		if most := (f.len()+fifoChunk-1)/fifoChunk + 1; len(f.chunks) > most {
			t.Fatalf("round %d: %d chunks for %d values", round, len(f.chunks), f.len())
		}
	}
	for f.len() > 0 {
		if got := *f.front(); got != want {
			t.Fatalf("draining: front %d, want %d", got, want)
		}
		f.pop()
		want++
	}
	if want != next {
		t.Fatalf("popped %d values of %d", want, next)
	}
	v := -1
	f.push(&v)
	if *f.front() != -1 || f.len() != 1 {
		t.Fatalf("push after emptying: front %d, len %d", *f.front(), f.len())
	}
	f.free()
	if f.len() != 0 || f.chunks != nil || f.spare != nil {
		t.Fatal("free kept memory")
	}
}
