package ai

import "context"

// A game adapter may search with a smaller move type in its tree than the
// one its callers know (a 4-byte move instead of a 24-byte one: a tree node
// of 32 bytes instead of 56) and hand out the callers' moves: MapResult,
// MapProgress and MapMoves convert what a search reports.

// MapResult is r with its moves converted by f.
func MapResult[M, N comparable](r Result[N], f func(N) M) Result[M] {
	out := Result[M]{
		Move: f(r.Move), Legal: r.Legal, Player: r.Player, Value: r.Value, Proof: r.Proof, Plies: r.Plies,
		Iterations: r.Iterations, Visits: r.Visits, Nodes: r.Nodes, Elapsed: r.Elapsed, Err: r.Err,
	}
	if r.Moves != nil {
		out.Moves = make([]MoveStats[M], len(r.Moves))
		for i, ms := range r.Moves {
			out.Moves[i] = MoveStats[M]{Move: f(ms.Move), Visits: ms.Visits, Value: ms.Value, Proof: ms.Proof, Plies: ms.Plies}
		}
	}
	if r.PV != nil {
		out.PV = make([]M, len(r.PV))
		for i, m := range r.PV {
			out.PV[i] = f(m)
		}
	}
	return out
}

// MapProgress is pr with its move converted by f.
func MapProgress[M, N comparable](pr Progress[N], f func(N) M) Progress[M] {
	return Progress[M]{Iterations: pr.Iterations, Elapsed: pr.Elapsed, Best: f(pr.Best), Visits: pr.Visits, Value: pr.Value, Proof: pr.Proof}
}

// MapMoves is the MCTS player mp as a Player of moves M, f converting its
// moves; it passes on the game's history (HistoryUser), the progress
// callback and the last Result as MCTSPlayer does.
func MapMoves[P any, M, N comparable](mp Player[P, N], f func(N) M) Player[P, M] {
	return &mappedPlayer[P, M, N]{p: mp, f: f}
}

type mappedPlayer[P any, M, N comparable] struct {
	p Player[P, N]
	f func(N) M
}

func (mp *mappedPlayer[P, M, N]) Choose(ctx context.Context, p *P) (M, Info) {
	m, info := mp.p.Choose(ctx, p)
	return mp.f(m), info
}

// SetHistory passes the game's history on (HistoryUser).
func (mp *mappedPlayer[P, M, N]) SetHistory(keys []uint64) {
	if hu, ok := mp.p.(HistoryUser); ok {
		hu.SetHistory(keys)
	}
}

// SetProgress installs a progress callback (nil: none), as
// MCTSPlayer.SetProgress.
func (mp *mappedPlayer[P, M, N]) SetProgress(f func(Progress[M])) {
	ps, ok := mp.p.(interface{ SetProgress(func(Progress[N])) })
	if !ok {
		return
	}
	if f == nil {
		ps.SetProgress(nil)
		return
	}
	ps.SetProgress(func(pr Progress[N]) { f(MapProgress(pr, mp.f)) })
}

// Last is the full result of the latest Choose, as MCTSPlayer.Last.
func (mp *mappedPlayer[P, M, N]) Last() Result[M] {
	if l, ok := mp.p.(interface{ Last() Result[N] }); ok {
		return MapResult(l.Last(), mp.f)
	}
	return Result[M]{}
}
