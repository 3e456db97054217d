package backgammon

// Rolls lists the 21 distinct rolls, higher die first, in the order the pinned
// per-roll table uses: the 15 non-doubles, then the doubles.
var Rolls = [21][2]int{
	{2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1},
	{3, 2}, {4, 2}, {5, 2}, {6, 2},
	{4, 3}, {5, 3}, {6, 3},
	{5, 4}, {6, 4},
	{6, 5},
	{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6},
}

// Perft counts the leaves of the play tree depth turns deep, as pinned: a position
// with a roll has as many children as distinct legal plays (a pass is one); a
// position without a roll takes each of the 21 distinct rolls once (not weighted),
// and so does every turn after. A finished game has no plays.
func Perft(p *Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	gens := make([]*generator, depth+1)
	for i := range gens {
		gens[i] = newGenerator()
	}
	if p.dice[0] == 0 {
		return perftUnrolled(gens, &p.b, p.turn, depth)
	}
	return perftRolled(gens, &p.b, p.turn, p.dice[0], p.dice[1], depth)
}

func perftUnrolled(gens []*generator, b *board, me, depth int) int64 {
	var n int64
	for _, r := range Rolls {
		n += perftRolled(gens, b, me, r[0], r[1], depth)
	}
	return n
}

func perftRolled(gens []*generator, b *board, me, d1, d2, depth int) int64 {
	if b[0][offIndex] == checkersPerPlayer || b[1][offIndex] == checkersPerPlayer {
		return 0
	}
	g := gens[depth]
	g.run(b, me, d1, d2)
	if len(g.found) == 0 {
		// A pass: one play, leaving the board as it is.
		if depth == 1 {
			return 1
		}
		return perftUnrolled(gens, b, 1-me, depth-1)
	}
	if depth == 1 {
		return int64(len(g.found))
	}
	var n int64
	for i := range g.found {
		n += perftUnrolled(gens, &g.found[i].b, 1-me, depth-1)
	}
	return n
}
