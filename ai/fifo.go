package ai

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
