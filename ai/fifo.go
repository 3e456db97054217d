package ai

import "encoding/binary"

// fifoChunk is the positions one chunk of a fifo holds.
const fifoChunk = 512

// fifo is a first-in first-out queue of values kept in fixed chunks, for
// the endgame analysis's breadth-first frontier of whole positions (over a
// kilobyte each in the interpreter): it holds about the frontier and no
// more, where one slice would double as it grows and keep the expanded
// positions until moved. A pointer from front stays valid through pushes
// until the next pop.
type fifo[P any] struct {
	chunks     [][]P // the values are chunks[0][head:], the chunks between, chunks[last][:tail]
	head, tail int
	n          int
	spare      []P // one emptied chunk, reused by the next push that needs one
}

func (f *fifo[P]) len() int { return f.n }

func (f *fifo[P]) push(v *P) {
	if len(f.chunks) == 0 || f.tail == fifoChunk {
		c := f.spare
		if c == nil {
			c = make([]P, fifoChunk)
		}
		f.spare = nil
		f.chunks = append(f.chunks, c)
		f.tail = 0
	}
	f.chunks[len(f.chunks)-1][f.tail] = *v
	f.tail++
	f.n++
}

// front is the oldest value; the fifo must not be empty.
func (f *fifo[P]) front() *P { return &f.chunks[0][f.head] }

// pop removes the oldest value; the fifo must not be empty.
func (f *fifo[P]) pop() {
	f.head++
	f.n--
	if f.head == fifoChunk { // the first chunk is used up (and so full)
		f.spare = f.chunks[0]
		copy(f.chunks, f.chunks[1:])
		f.chunks[len(f.chunks)-1] = nil
		f.chunks = f.chunks[:len(f.chunks)-1]
		f.head = 0
		if len(f.chunks) == 0 {
			f.tail = 0
		}
	}
}

// free empties the fifo and lets its memory go.
func (f *fifo[P]) free() { *f = fifo[P]{} }

// frontier is the endgame analysis's queue of positions: packed, when the
// game is a Packer, or else whole.
type frontier[P any] struct {
	whole  fifo[P]
	packer Packer[P]
	packed recordQueue
	buf    []byte // the position being pushed, packed
	cur    P      // the front, read back
	read   bool   // cur is the front
}

// pack makes the frontier keep g's positions packed, when g can pack them;
// the frontier must be empty.
func (f *frontier[P]) pack(g any) { f.packer, _ = g.(Packer[P]) }

func (f *frontier[P]) len() int {
	if f.packer == nil {
		return f.whole.len()
	}
	return f.packed.n
}

func (f *frontier[P]) push(p *P) {
	if f.packer == nil {
		f.whole.push(p)
		return
	}
	f.buf = f.packer.AppendPacked(f.buf[:0], p)
	f.packed.push(f.buf)
}

// front is the oldest position; the frontier must not be empty. A pointer
// from front stays valid through pushes until the next pop.
func (f *frontier[P]) front() *P {
	if f.packer == nil {
		return f.whole.front()
	}
	if !f.read {
		f.packer.Unpack(f.packed.front(), &f.cur)
		f.read = true
	}
	return &f.cur
}

// pop removes the oldest position; the frontier must not be empty.
func (f *frontier[P]) pop() {
	if f.packer == nil {
		f.whole.pop()
		return
	}
	f.packed.pop()
	f.read = false
}

// free empties the frontier and lets its memory go.
func (f *frontier[P]) free() {
	f.whole.free()
	f.packed = recordQueue{}
	f.buf, f.read = nil, false
}

// recordChunk is the bytes one chunk of a recordQueue holds (or one record
// longer than that).
const recordChunk = 64 << 10

// recordQueue is a first-in first-out queue of byte strings, each kept as
// its length and its bytes in fixed chunks; a record never spans two.
type recordQueue struct {
	chunks [][]byte // the records are chunks[0][head:], then the other chunks
	head   int
	n      int
	spare  []byte // one emptied chunk, reused by the next push that needs one
}

func (q *recordQueue) push(rec []byte) {
	need := binary.MaxVarintLen64 + len(rec)
	last := len(q.chunks) - 1
	if last < 0 || cap(q.chunks[last])-len(q.chunks[last]) < need {
		c := q.spare
		q.spare = nil
		if cap(c) < need {
			c = make([]byte, 0, max(recordChunk, need))
		}
		q.chunks = append(q.chunks, c[:0])
		last++
	}
	c := binary.AppendUvarint(q.chunks[last], uint64(len(rec)))
	q.chunks[last] = append(c, rec...)
	q.n++
}

// front is the oldest record; the queue must not be empty.
func (q *recordQueue) front() []byte {
	c := q.chunks[0][q.head:]
	n, w := binary.Uvarint(c)
	return c[w : w+int(n)]
}

// pop removes the oldest record; the queue must not be empty.
func (q *recordQueue) pop() {
	n, w := binary.Uvarint(q.chunks[0][q.head:])
	q.head += w + int(n)
	q.n--
	if q.head < len(q.chunks[0]) {
		return
	}
	q.head = 0
	if len(q.chunks) == 1 { // empty: the chunk starts again
		q.chunks[0] = q.chunks[0][:0]
		return
	}
	q.spare = q.chunks[0][:0]
	copy(q.chunks, q.chunks[1:])
	q.chunks[len(q.chunks)-1] = nil
	q.chunks = q.chunks[:len(q.chunks)-1]
}
