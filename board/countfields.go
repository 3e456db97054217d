package board

// The counts of pieces that left the board, as count fields of a position
// string (see counts.go), for games where the cells alone cannot tell them:
// a game with both captures and bear-offs writes `off:r2,b0 captured:r1,b3`.

// OffField is the pieces each player has borne off.
var OffField = CountField{Name: "off", Counts: func(p *Position) *[MaxPlayers]int16 { return &p.Off }}

// CapturedField is each player's pieces taken off the board by captures.
var CapturedField = CountField{Name: "captured", Counts: func(p *Position) *[MaxPlayers]int16 { return &p.Captured }}

// AddCaptured counts n more of player's pieces as captured, keeping Hash up
// to date.
func (p *Position) AddCaptured(player, n int) {
	old := int(p.Captured[player])
	p.Hash ^= capturedKey(player, old) ^ capturedKey(player, old+n)
	p.Captured[player] = int16(old + n)
}

// SetCaptured sets player's count of captured pieces, keeping Hash up to date.
func (p *Position) SetCaptured(player, n int) {
	p.Hash ^= capturedKey(player, int(p.Captured[player])) ^ capturedKey(player, n)
	p.Captured[player] = int16(n)
}

// capturedKey is the hash contribution of player's n captured pieces: 0 for
// none, so positions without captures hash as before.
func capturedKey(player, n int) uint64 {
	if n == 0 {
		return 0
	}
	return mix(uint64(player)<<32 ^ uint64(n) ^ 0x7f4a_7c15_9e37_79b9)
}
