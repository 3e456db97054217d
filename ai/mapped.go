package ai

import "context"

// A game adapter may search with a smaller move type in its tree than the
// one its callers know (a 4-byte move instead of a 24-byte one: a tree node
// of 32 bytes instead of 56) and hand out the callers' moves: MapResult,
// MapProgress and MapMoves convert what a search reports.

// Decode gives the move M that a move N played at p stands for.
type Decode[P any, M, N comparable] func(p *P, m N) M

// MapResult is r, the result of a search of p, with its moves decoded by
// f; g plays the expected line's moves to decode each at its position.
func MapResult[P any, M, N comparable](r Result[N], p *P, g Game[P, N], f Decode[P, M, N]) Result[M] {
	out := Result[M]{
		Legal: r.Legal, Player: r.Player, Value: r.Value, Proof: r.Proof, Plies: r.Plies,
		Iterations: r.Iterations, Visits: r.Visits, Nodes: r.Nodes, Elapsed: r.Elapsed, Err: r.Err,
	}
	if r.Legal > 0 && r.Err == nil {
		out.Move = f(p, r.Move)
	}
	if r.Moves != nil {
		out.Moves = make([]MoveStats[M], len(r.Moves))
		for i, ms := range r.Moves {
			out.Moves[i] = MoveStats[M]{Move: f(p, ms.Move), Visits: ms.Visits, Value: ms.Value, Proof: ms.Proof, Plies: ms.Plies}
		}
	}
	if r.PV != nil && r.Err == nil {
		out.PV = make([]M, 0, len(r.PV))
		q := *p
		chance, _ := g.(Chance[P])
		for _, m := range r.PV {
			if chance != nil && chance.IsChance(&q) {
				break // the line goes on after a roll, which it does not say
			}
			out.PV = append(out.PV, f(&q, m))
			g.Apply(&q, m)
		}
	}
	return out
}

// MapMoves is the MCTS player mp as a Player of moves M, f decoding its
// moves (g, a Game of mp's own, plays its expected lines to decode them);
// it passes on the game's history (HistoryUser), the progress callback
// and the last Result as MCTSPlayer does.
func MapMoves[P any, M, N comparable](mp Player[P, N], g Game[P, N], f Decode[P, M, N]) Player[P, M] {
	return &mappedPlayer[P, M, N]{p: mp, g: g, f: f}
}

type mappedPlayer[P any, M, N comparable] struct {
	p    Player[P, N]
	g    Game[P, N]
	f    Decode[P, M, N]
	root P // the position of the latest Choose
}

func (mp *mappedPlayer[P, M, N]) Choose(ctx context.Context, p *P) (M, Info) {
	mp.root = *p
	m, info := mp.p.Choose(ctx, p)
	if info.Err != nil || info.Legal == 0 {
		var zero M
		return zero, info
	}
	return mp.f(&mp.root, m), info
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
	ps.SetProgress(func(pr Progress[N]) {
		f(Progress[M]{Iterations: pr.Iterations, Elapsed: pr.Elapsed, Best: mp.f(&mp.root, pr.Best), Visits: pr.Visits, Value: pr.Value, Proof: pr.Proof})
	})
}

// Last is the full result of the latest Choose, as MCTSPlayer.Last.
func (mp *mappedPlayer[P, M, N]) Last() Result[M] {
	if l, ok := mp.p.(interface{ Last() Result[N] }); ok {
		return MapResult(l.Last(), &mp.root, mp.g, mp.f)
	}
	return Result[M]{}
}
