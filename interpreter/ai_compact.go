package interpreter

import "github.com/stackrules/stackrules/ai"

// compactSearch is the AI's view of a compact game (compact.go) with
// CompactMoves: the moves listed and kept in the search's tree take 4
// bytes, not a board.Move's 24, so a tree node takes 32 bytes, not 56.
// Everything but the moves is SearchGame's.
type compactSearch struct{ *SearchGame }

// compactPolicy adds `playout: prefer` (ai.PlayoutPolicy), as policyGame.
type compactPolicy struct{ compactSearch }

// CompactAI adapts g for the AI with CompactMoves, in a compact game
// without dice; ok is false in any other. Its moves are the moves AI()
// gives, in the same order (CompactMove.Move converts them), and it rates
// and plays them as AI() does.
func (g *Game) CompactAI() (ai.Game[SearchPosition, CompactMove], bool) {
	if !g.compact || g.dice != nil {
		return nil, false
	}
	return compactSearch{g.newSearchGame(&searchFailure{})}.withPolicy(), true
}

func (a compactSearch) withPolicy() ai.Game[SearchPosition, CompactMove] {
	if a.g.prefer != nil {
		return compactPolicy{a}
	}
	return a
}

// Fork gives a search thread its own context; the failure is shared.
func (a compactSearch) Fork() ai.Game[SearchPosition, CompactMove] {
	return compactSearch{a.g.newSearchGame(a.failure)}.withPolicy()
}

// Fork gives a search thread its own context.
func (a compactPolicy) Fork() ai.Game[SearchPosition, CompactMove] { return a.compactSearch.Fork() }

// LegalMoves is SearchGame.LegalMoves as CompactMoves.
func (a compactSearch) LegalMoves(sp *SearchPosition, buf []CompactMove) []CompactMove {
	if a.failure.err.Load() != nil || a.quietDraw(sp) {
		return buf[:0]
	}
	c := a.reset(&sp.Position, 0)
	buf = buf[:0]
	if !a.g.ended(c) {
		buf = a.g.generateCompact(c, buf, false)
	}
	if a.failed(&sp.Position) {
		return buf[:0]
	}
	return buf
}

// Apply is SearchGame.Apply.
func (a compactSearch) Apply(sp *SearchPosition, m CompactMove) { a.SearchGame.Apply(sp, m.move()) }

// Avoid is SearchGame.Avoid.
func (a compactSearch) Avoid(sp *SearchPosition, m CompactMove) bool {
	return a.SearchGame.Avoid(sp, m.move())
}

// Prefer is policyGame.Prefer, from the prefer table where there is one.
func (a compactPolicy) Prefer(sp *SearchPosition, m CompactMove) bool {
	return a.prefersCompact(&sp.Position, m)
}

var (
	_ ai.Avoider[SearchPosition, CompactMove]       = compactSearch{}
	_ ai.PlayoutPolicy[SearchPosition, CompactMove] = compactPolicy{}
	_ ai.Playouter[SearchPosition]                  = compactSearch{}
	_ ai.Forker[SearchPosition, CompactMove]        = compactSearch{}
)
