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

// wide is a position of a game that packs it: only its first n values.
type wide struct {
	n    int
	vals [1000]int32
}

type widePacker struct{}

func (widePacker) AppendPacked(dst []byte, p *wide) []byte {
	dst = append(dst, byte(p.n), byte(p.n>>8))
	for _, v := range p.vals[:p.n] {
		dst = append(dst, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return dst
}

func (widePacker) Unpack(src []byte, p *wide) int {
	*p = wide{n: int(src[0]) | int(src[1])<<8}
	for i := range p.n {
		b := src[2+4*i:]
		p.vals[i] = int32(b[0]) | int32(b[1])<<8 | int32(b[2])<<16 | int32(b[3])<<24
	}
	return 2 + 4*p.n
}

// A frontier of packed positions gives back what was pushed, in order, with
// pushes and pops interleaved, across chunks and with records longer than
// one (1000 values are 4 KB; recordChunk is 64 KB), and a front that stays
// put through pushes.
func TestPackedFrontierOrder(t *testing.T) {
	var f frontier[wide]
	f.pack(widePacker{})
	if f.packer == nil {
		t.Fatal("widePacker is not a Packer")
	}
	mk := func(i int) *wide {
		p := &wide{n: i*37%1000 + 1}
		for j := range p.n {
			p.vals[j] = int32(i*1_000_003 + j)
		}
		return p
	}
	next, want := 0, 0
	for round := range 8 {
		for range 40 * (round%3 + 1) {
			f.push(mk(next))
			next++
		}
		for range 30 + 40*(round%2) {
			if f.len() == 0 {
				break
			}
			front := f.front()
			f.push(mk(next)) // a push leaves the front as it was
			next++
			if *front != *mk(want) {
				t.Fatalf("round %d: front is not position %d", round, want)
			}
			f.pop()
			want++
		}
		if f.len() != next-want {
			t.Fatalf("round %d: len %d, want %d", round, f.len(), next-want)
		}
	}
	if len(f.packed.chunks) < 2 {
		t.Fatalf("the test filled %d chunk(s): it never crossed one", len(f.packed.chunks))
	}
}
