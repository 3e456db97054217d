package morris

// pointNames lists the 24 points by rank, then file; a point's index in this list is its
// bit in a player's mask, so walking the bits in order also gives the printed order.
var pointNames = [numPoints]string{
	"a1", "d1", "g1",
	"b2", "d2", "f2",
	"c3", "d3", "e3",
	"a4", "b4", "c4", "e4", "f4", "g4",
	"c5", "d5", "e5",
	"b6", "d6", "f6",
	"a7", "d7", "g7",
}

const (
	numPoints = 24
	allPoints = uint32(1)<<numPoints - 1
	maxPieces = 9 // pieces each player starts with, all in hand
)

// lineNames are the 16 lines of three exactly as the pinned rules list them.
var lineNames = [16][3]string{
	{"a1", "d1", "g1"}, {"b2", "d2", "f2"}, {"c3", "d3", "e3"}, {"a4", "b4", "c4"},
	{"e4", "f4", "g4"}, {"c5", "d5", "e5"}, {"b6", "d6", "f6"}, {"a7", "d7", "g7"},
	{"a1", "a4", "a7"}, {"b2", "b4", "b6"}, {"c3", "c4", "c5"}, {"d1", "d2", "d3"},
	{"d5", "d6", "d7"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"},
}

var (
	pointIndex    = map[string]int{}
	lineMasks     [16]uint32
	linesThrough  [numPoints][2]uint32 // every point lies on exactly two lines
	adjacentMasks [numPoints]uint32    // points next to each other on a line
)

func init() {
	for i, name := range pointNames {
		pointIndex[name] = i
	}
	var lineCount [numPoints]int
	for l, names := range lineNames {
		var pts [3]int
		for k, name := range names {
			pts[k] = pointIndex[name]
			lineMasks[l] |= 1 << pts[k]
		}
		for _, pt := range pts {
			linesThrough[pt][lineCount[pt]] = lineMasks[l]
			lineCount[pt]++
		}
		for k := 0; k < 2; k++ {
			adjacentMasks[pts[k]] |= 1 << pts[k+1]
			adjacentMasks[pts[k+1]] |= 1 << pts[k]
		}
	}
}

// inMills is the set of pieces in `pieces` that stand on a full line of three.
func inMills(pieces uint32) uint32 {
	var m uint32
	for _, line := range lineMasks {
		if pieces&line == line {
			m |= line
		}
	}
	return m
}

// makesMill reports whether the piece that has just arrived on pt (already included in
// pieces) ends on a line of three of its owner's pieces.
func makesMill(pieces uint32, pt int) bool {
	l := &linesThrough[pt]
	return pieces&l[0] == l[0] || pieces&l[1] == l[1]
}

// removable is the set of opposing pieces a mill may remove: those not in a line of
// three, or all of them if every one is.
func removable(opp uint32) uint32 {
	if free := opp &^ inMills(opp); free != 0 {
		return free
	}
	return opp
}
