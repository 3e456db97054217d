package tak

// Feature tags returned by Features.
const (
	FeatureSpreadMultiDrop    = "spread-multi-drop"
	FeatureFlatten            = "flatten"
	FeatureRoadWhite          = "road-white"
	FeatureRoadBlack          = "road-black"
	FeatureDragon             = "dragon"
	FeatureFlatWinFullBoard   = "flat-win-full-board"
	FeatureFlatWinOutOfPieces = "flat-win-out-of-pieces"
	FeaturePlacementWall      = "placement-wall"
	FeaturePlacementCapstone  = "placement-capstone"
	FeatureOpening            = "opening"
)

// Features tags what move m (one of Moves(before)) exercises, in this order:
//
//   - "opening": a placement on the first move (of the opponent's flat);
//   - "placement-wall", "placement-capstone": a wall or capstone placed;
//   - "spread-multi-drop": a spread dropping on two or more squares;
//   - "flatten": a capstone flattening a wall;
//   - "road-white", "road-black": the game ends on a road won by White or Black;
//   - "dragon": both players have a road after the move (the mover wins);
//   - "flat-win-full-board", "flat-win-out-of-pieces": the game ends by counting flats
//     (a win or a draw) because the board is full, or because a player has no pieces left;
//     both tags when both hold.
//
// A move that is not legal in before gets no tags.
func Features(before *Position, m Move) []string {
	mv, err := before.find(m.PTN)
	if err != nil {
		return nil
	}
	var tags []string
	if mv.place {
		if before.moveNo == 1 {
			tags = append(tags, FeatureOpening)
		}
		switch mv.kind {
		case wall:
			tags = append(tags, FeaturePlacementWall)
		case capstone:
			tags = append(tags, FeaturePlacementCapstone)
		}
	} else {
		if mv.nd >= 2 {
			tags = append(tags, FeatureSpreadMultiDrop)
		}
		last := mv.sq
		for i := 0; i < mv.nd; i++ {
			last = before.neighbour(last, mv.dir)
		}
		if before.stacks[last] != "" && before.tops[last] == wall {
			tags = append(tags, FeatureFlatten)
		}
	}
	after := before.apply(&mv)
	r := GetResult(after)
	switch r.Reason {
	case "road":
		if r.Winner == 1 {
			tags = append(tags, FeatureRoadWhite)
		} else {
			tags = append(tags, FeatureRoadBlack)
		}
		if after.hasRoad(1) && after.hasRoad(2) {
			tags = append(tags, FeatureDragon)
		}
	case "flat":
		if after.full() {
			tags = append(tags, FeatureFlatWinFullBoard)
		}
		if after.outOfPieces() {
			tags = append(tags, FeatureFlatWinOutOfPieces)
		}
	}
	return tags
}
