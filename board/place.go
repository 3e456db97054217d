package board

// Places. In a game played for places (a rule file's `end: - place:`), a
// player who reaches the condition takes the next place and drops out of the
// turn order. Position.Place keeps each player's place, 1 for first, 0 while
// it still plays, so that the position alone says who is still in and the
// order they finished in; position strings write it as a count field,
// `place:r1,g0,y2,b0`.

// PlaceField is each player's place (1 = first; 0: still playing).
var PlaceField = CountField{Name: "place", Counts: func(p *Position) *[MaxPlayers]int16 { return &p.Place }}

// SetPlace gives player place n (0: none), keeping Hash up to date.
func (p *Position) SetPlace(player, n int) {
	p.Hash ^= placeKey(player, int(p.Place[player])) ^ placeKey(player, n)
	p.Place[player] = int16(n)
}

// Placed is how many players have a place.
func (p *Position) Placed() int {
	n := 0
	for _, k := range p.Place {
		if k != 0 {
			n++
		}
	}
	return n
}

// placeKey is the hash contribution of player's place n: 0 for none, so
// games without places hash as before.
func placeKey(player, n int) uint64 {
	if n == 0 {
		return 0
	}
	return mix(uint64(player)<<32 ^ uint64(n) ^ 0x7a3c_91e5_2d4b_8f61)
}
