package interpreter_test

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stackrules/stackrules/ai"
	"github.com/stackrules/stackrules/board"
	"github.com/stackrules/stackrules/interpreter"
	"github.com/stackrules/stackrules/variants"
)

// TestSearchPositionsPack packs the positions of random games of every
// built-in, as the AI's endgame analysis keeps them, and reads them back:
// the same position, quiet count and all, in fewer bytes.
func TestSearchPositionsPack(t *testing.T) {
	for _, name := range variants.Names() {
		g := open(t, name)
		packer, ok := g.AI().(ai.Packer[interpreter.SearchPosition])
		if !ok {
			t.Fatalf("%s: the AI's game does not pack positions", name)
		}
		rng := rand.New(rand.NewPCG(29, 3))
		var buf []byte
		most := 0
		for game := 0; game < 3; game++ {
			h := g.NewHistory(g.Start())
			for h.Len() < 300 && !h.Outcome().Over {
				sp := h.SearchPosition()
				buf = packer.AppendPacked(buf[:0], &sp)
				var back interpreter.SearchPosition
				if n := packer.Unpack(append(buf, 1, 2, 3), &back); n != len(buf) || back != sp {
					t.Fatalf("%s: %s (quiet %d) packs in %d bytes and reads back as %s (quiet %d) from %d",
						name, g.FormatPosition(&sp.Position), sp.Quiet, len(buf), g.FormatPosition(&back.Position), back.Quiet, n)
				}
				most = max(most, len(buf))
				pos := h.Position()
				var m board.Move
				if g.IsChance(&pos) {
					m = g.RandomRoll(&pos, rng)
				} else {
					moves := g.LegalMoves(&pos, nil)
					m = moves[rng.IntN(len(moves))]
				}
				if err := h.Play(m); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
		}
		if whole := int(unsafe.Sizeof(interpreter.SearchPosition{})); most >= whole/2 {
			t.Errorf("%s: positions pack in up to %d bytes of %d", name, most, whole)
		}
	}
}
