package dvonn

// The board: 49 spaces in five rows of 9, 10, 11, 10 and 9, in axial coordinates
// (column c 0..10, row r 0..4). A cell exists when max(0, r-2) <= c <= min(10, 8+r).
// Cells are indexed 0..48 in board order: row by row from the bottom, left to right.

const numCells = 49

type coord struct{ c, r int }

// dirs are the six directions: right, left, up-left, up-right, down-right, down-left.
var dirs = [6]coord{{1, 0}, {-1, 0}, {0, 1}, {1, 1}, {0, -1}, {-1, -1}}

var (
	cellAt      [11][5]int // cell index of (c, r), or -1
	cellCoord   [numCells]coord
	squareNames [numCells]string
	squareIndex = map[string]int{}
	neighbours  [numCells][]int // the neighbouring cells that exist
)

func exists(c, r int) bool {
	return r >= 0 && r < 5 && c >= max(0, r-2) && c <= min(10, 8+r)
}

// at is the cell index of (c, r), or -1 when the cell is off the board.
func at(c, r int) int {
	if !exists(c, r) {
		return -1
	}
	return cellAt[c][r]
}

func init() {
	i := 0
	for r := 0; r < 5; r++ {
		for c := 0; c < 11; c++ {
			cellAt[c][r] = -1
			if !exists(c, r) {
				continue
			}
			cellAt[c][r] = i
			cellCoord[i] = coord{c, r}
			name := string(rune('a'+c)) + string(rune('1'+r))
			squareNames[i] = name
			squareIndex[name] = i
			i++
		}
	}
	if i != numCells {
		panic("dvonn: board does not have 49 cells")
	}
	for i := range numCells {
		p := cellCoord[i]
		for _, d := range dirs {
			if n := at(p.c+d.c, p.r+d.r); n >= 0 {
				neighbours[i] = append(neighbours[i], n)
			}
		}
	}
}

// Squares returns the 49 square names in board order: a1..i1, a2..j2, a3..k3, b4..k4,
// c5..k5.
func Squares() []string {
	return append([]string(nil), squareNames[:]...)
}
