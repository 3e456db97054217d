package board_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stackrules/stackrules/board"
)

// OwnerMask must say what Owner(Piece(s, i)) says, piece by piece, on every
// kind of board: owner bits, kinds, three players, neutral pieces, kinds
// kept on top.
func TestOwnerMask(t *testing.T) {
	g, err := board.NewGrid(8, 8, func(f, r int) bool { return (f+r)%2 == 0 })
	if err != nil {
		t.Fatal(err)
	}
	boards := map[string]func() (*board.Board, error){
		"two plain":    func() (*board.Board, error) { return board.NewBoard(g, 2, []byte("rb")) },
		"kings":        func() (*board.Board, error) { return board.NewBoard(g, 2, []byte("rbRB")) },
		"three":        func() (*board.Board, error) { return board.NewBoard(g, 3, []byte("rbg")) },
		"neutral":      func() (*board.Board, error) { return board.NewBoardNeutral(g, 2, []byte("wb"), []byte("R")) },
		"kinds on top": func() (*board.Board, error) { return board.NewBoardOnTop(g, 2, []byte("wbWBcC")) },
	}
	rng := rand.New(rand.NewPCG(1, 29))
	for name, mk := range boards {
		b, err := mk()
		if err != nil {
			t.Fatal(name, err)
		}
		for i := 0; i < 2000; i++ {
			var s board.Stack
			for h := rng.IntN(min(b.Window(), 20)) + 1; h > 0; h-- {
				code := rng.IntN(b.Codes())
				if b.OnTop() && h > 1 {
					code %= b.Players // only the top keeps its kind
				}
				s = b.Push(s, b.Single(code))
			}
			n := rng.IntN(25)
			for p := -1; p <= b.Players; p++ {
				var want uint64
				for i := 1; i <= min(n, 63); i++ {
					if code := b.Piece(s, i); code >= 0 && b.Owner(code) == p {
						want |= 1 << uint(i-1)
					}
				}
				if got := b.OwnerMask(s, p, n); got != want {
					t.Fatalf("%s: OwnerMask(%s, %d, %d) = %b, want %b", name, b.StackString(s), p, n, got, want)
				}
			}
		}
	}
}
