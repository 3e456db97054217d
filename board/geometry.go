// Package board holds the plain values every stacking game is made of: the
// geometry of a board (squares, coordinates, directions), the position (stacks,
// side to move, counts, hash) and the notation for squares, positions and moves.
// It knows nothing about rule files.
package board

import (
	"fmt"
	"strconv"
)

// Square is the dense index of a playing square: 0..NumSquares()-1 in the
// order a1, b1, ..., then the next rank. Only playing squares have an index, so
// a checkers board has 32 squares, not 64.
type Square uint8

// NoSquare marks "no square": off the board, or the destination of a bear-off.
const NoSquare Square = 255

// MaxSquares bounds the playing squares of any board, so a Position is a flat
// array that copies without pointers. 144 covers a 12×12 board with every
// square in play.
const MaxSquares = 144

// Direction is a step on the grid: a file delta and a rank delta.
type Direction struct{ DF, DR int8 }

// Compass lists the eight grid directions; a direction's index in it is what
// Neighbor takes. The first four are the diagonals.
var Compass = [8]Direction{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// DirectionIndex is the index of d in Compass, or -1.
func DirectionIndex(d Direction) int {
	for i, c := range Compass {
		if c == d {
			return i
		}
	}
	return -1
}

// Opposite is the index in Compass of the direction opposite to Compass[d].
func Opposite(d int) int {
	if d < 4 {
		return 3 - d // the diagonals are listed as two opposite pairs, mirrored
	}
	return 4 + (d-2)%4
}

// Geometry is a rectangular grid of Width files and Height ranks, of which
// some squares are playing squares.
type Geometry struct {
	Width, Height int
	coords        []coord // dense index -> coordinate
	index         []int16 // file + rank*Width -> dense index, or -1
	neighbor      [8][]Square
	graph         bool       // the squares are points joined by lines, not a grid
	hex           bool       // hexagonal cells in axial coordinates (NewHex)
	lines         [][]Square // declared lines, each in order along it
	joins         [][]Square // segments that join points without being lines
	linesAt       [][]int32  // square -> indices of the lines through it
	numberOf      []int16    // square -> its number in numeric notation (1..N); nil when not numbered
	byNumber      []Square   // number-1 -> square
}

type coord struct{ file, rank int8 }

// NewGrid builds a Width×Height grid whose playing squares are those for which
// playing(file, rank) is true (file and rank count from 0; a1 is (0,0)).
func NewGrid(width, height int, playing func(file, rank int) bool) (*Geometry, error) {
	if width < 1 || width > 26 {
		return nil, fmt.Errorf("board width %d is out of range 1..26 (files are letters a..z)", width)
	}
	if height < 1 || height > 99 {
		return nil, fmt.Errorf("board height %d is out of range 1..99", height)
	}
	g := &Geometry{Width: width, Height: height, index: make([]int16, width*height)}
	for r := 0; r < height; r++ {
		for f := 0; f < width; f++ {
			g.index[f+r*width] = -1
			if playing(f, r) {
				if len(g.coords) >= MaxSquares {
					return nil, fmt.Errorf("board has more than %d playing squares", MaxSquares)
				}
				g.index[f+r*width] = int16(len(g.coords))
				g.coords = append(g.coords, coord{int8(f), int8(r)})
			}
		}
	}
	if len(g.coords) == 0 {
		return nil, fmt.Errorf("board has no playing squares")
	}
	for d, dir := range Compass {
		g.neighbor[d] = make([]Square, len(g.coords))
		for sq := range g.coords {
			n, ok := g.Step(Square(sq), dir)
			if !ok {
				n = NoSquare
			}
			g.neighbor[d][sq] = n
		}
	}
	return g, nil
}

// HexDirections are the six steps between neighbouring cells of a hex board
// (NewHex), in axial coordinates: east and west along a row, and two each
// to the row above (north-east, north-west) and below (south-east,
// south-west). The steps {-1,1} and {1,-1} of a square grid are not
// neighbours on it.
var HexDirections = [6]Direction{{1, 0}, {1, 1}, {0, 1}, {-1, 0}, {-1, -1}, {0, -1}}

// NewHex builds a board of hexagonal cells in rows, bottom to top, rows[r]
// cells in row r. Cells are named like squares, a file letter and a row
// number, in axial coordinates: the rows up to the first widest one start at
// file a, the rows above it end at the widest row's last file, and each row
// is drawn half a cell to the right of the row below (a cell's x is
// file - row/2). So a cell's neighbours are one file along its row, the same
// file or the next one in the row above, and the same file or the one
// before in the row below (HexDirections). DVONN's board is rows 9, 10, 11,
// 10, 9: a1..i1, a2..j2, a3..k3, b4..k4, c5..k5.
func NewHex(rows []int) (*Geometry, error) {
	if len(rows) < 1 || len(rows) > 99 {
		return nil, fmt.Errorf("a hex board has 1 to 99 rows, not %d", len(rows))
	}
	widest, at := 0, 0
	for r, n := range rows {
		if n < 1 {
			return nil, fmt.Errorf("hex row %d has %d cells; a row has at least one", r+1, n)
		}
		if n > widest {
			widest, at = n, r
		}
	}
	if widest > 26 {
		return nil, fmt.Errorf("hex row %d has %d cells; at most 26 (files are letters a..z)", at+1, widest)
	}
	start := func(r int) int {
		if r <= at {
			return 0
		}
		return widest - rows[r]
	}
	g, err := NewGrid(widest, len(rows), func(f, r int) bool { return f >= start(r) && f < start(r)+rows[r] })
	if err != nil {
		return nil, err
	}
	g.hex = true
	for d, dir := range Compass {
		for sq := range g.coords {
			n, ok := g.Step(Square(sq), dir)
			if !ok {
				n = NoSquare
			}
			g.neighbor[d][sq] = n
		}
	}
	return g, nil
}

// IsHex reports whether the board is hexagonal cells (NewHex).
func (g *Geometry) IsHex() bool { return g.hex }

// NewGraph builds a board of named points on a Width×Height grid (the names
// give the coordinates, a1 = (0,0)), joined by lines: each line lists its
// points in order along it, and two points next to each other on a line are
// neighbours, one step apart in the compass direction from one to the other.
// So move generation walks a graph board with the same tables as a grid.
// joins are segments that only join points for moving along them, without
// being lines (rules that count lines of three do not see them: the
// spokes of Six Men's Morris).
func NewGraph(width, height int, points []string, lines, joins [][]string) (*Geometry, error) {
	if width < 1 || width > 26 || height < 1 || height > 99 {
		return nil, fmt.Errorf("board %d×%d is out of range (width 1..26, height 1..99)", width, height)
	}
	at := map[[2]int]bool{}
	for _, name := range points {
		f, r, n := scanSquare(name)
		if n == 0 || n != len(name) {
			return nil, fmt.Errorf("point %q is not a name like d2 (a file letter and a rank number)", name)
		}
		if f >= width || r < 0 || r >= height {
			return nil, fmt.Errorf("point %s is off the %d×%d grid", name, width, height)
		}
		if at[[2]int{f, r}] {
			return nil, fmt.Errorf("point %s is given twice", name)
		}
		at[[2]int{f, r}] = true
	}
	g, err := NewGrid(width, height, func(f, r int) bool { return at[[2]int{f, r}] })
	if err != nil {
		return nil, err
	}
	g.graph = true
	for d := range g.neighbor {
		for sq := range g.neighbor[d] {
			g.neighbor[d][sq] = NoSquare
		}
	}
	if err := g.AddLines(lines); err != nil {
		return nil, err
	}
	var joinSquares [][]Square
	for ji, names := range joins {
		var seg []Square
		for _, name := range names {
			sq, err := g.ParseSquare(name)
			if err != nil {
				return nil, fmt.Errorf("join %d: %v", ji+1, err)
			}
			seg = append(seg, sq)
		}
		if len(seg) < 2 {
			return nil, fmt.Errorf("join %d has %d point(s); a join joins at least two", ji+1, len(seg))
		}
		joinSquares = append(joinSquares, seg)
	}
	g.joins = joinSquares
	for li, line := range append(append([][]Square(nil), g.lines...), joinSquares...) {
		for i := 0; i+1 < len(line); i++ {
			a, b := line[i], line[i+1]
			for _, pair := range [2][2]Square{{a, b}, {b, a}} {
				d := g.compassIndex(pair[0], pair[1])
				if d < 0 {
					return nil, fmt.Errorf("line %d: %s and %s are not on one row, column or diagonal", li+1, g.SquareName(a), g.SquareName(b))
				}
				if n := g.neighbor[d][pair[0]]; n != NoSquare && n != pair[1] {
					return nil, fmt.Errorf("line %d: %s already has the neighbour %s in that direction, not %s too", li+1, g.SquareName(pair[0]), g.SquareName(n), g.SquareName(pair[1]))
				}
				g.neighbor[d][pair[0]] = pair[1]
			}
		}
	}
	return g, nil
}

// compassIndex is the index in Compass of the direction from a to b, or -1
// when they are not on one row, column or diagonal.
func (g *Geometry) compassIndex(a, b Square) int {
	fa, ra := g.Coord(a)
	fb, rb := g.Coord(b)
	df, dr := fb-fa, rb-ra
	if df != 0 && dr != 0 && df != dr && df != -dr {
		return -1
	}
	sign := func(x int) int8 {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return 0
	}
	return DirectionIndex(Direction{sign(df), sign(dr)})
}

// AddLines declares lines of a board, each a list of point names in order
// along it. On a graph board they are also what joins the points; on a grid
// they only name the lines rules can test (three in a row).
func (g *Geometry) AddLines(lines [][]string) error {
	if g.linesAt == nil {
		g.linesAt = make([][]int32, len(g.coords))
	}
	for li, names := range lines {
		if len(names) < 2 {
			return fmt.Errorf("line %d has %d point(s); a line joins at least two", li+1, len(names))
		}
		var line []Square
		seen := map[Square]bool{}
		for _, name := range names {
			sq, err := g.ParseSquare(name)
			if err != nil {
				return fmt.Errorf("line %d: %v", li+1, err)
			}
			if seen[sq] {
				return fmt.Errorf("line %d passes %s twice", li+1, name)
			}
			seen[sq] = true
			line = append(line, sq)
		}
		for _, sq := range line {
			g.linesAt[sq] = append(g.linesAt[sq], int32(len(g.lines)))
		}
		g.lines = append(g.lines, line)
	}
	return nil
}

// IsGraph reports whether the board is points joined by lines (NewGraph)
// rather than a grid of squares.
func (g *Geometry) IsGraph() bool { return g.graph }

// Joins are the segments that join points for moving without being lines.
func (g *Geometry) Joins() [][]Square { return g.joins }

// Lines are the declared lines, each in order along it.
func (g *Geometry) Lines() [][]Square { return g.lines }

// LinesThrough are the indices in Lines of the lines through s.
func (g *Geometry) LinesThrough(s Square) []int32 {
	if g.linesAt == nil {
		return nil
	}
	return g.linesAt[s]
}

// NumSquares is the number of playing squares.
func (g *Geometry) NumSquares() int { return len(g.coords) }

// Coord gives the file and rank (from 0) of a playing square.
func (g *Geometry) Coord(s Square) (file, rank int) {
	c := g.coords[s]
	return int(c.file), int(c.rank)
}

// At gives the playing square at file and rank (from 0), if there is one.
func (g *Geometry) At(file, rank int) (Square, bool) {
	if file < 0 || file >= g.Width || rank < 0 || rank >= g.Height {
		return NoSquare, false
	}
	i := g.index[file+rank*g.Width]
	if i < 0 {
		return NoSquare, false
	}
	return Square(i), true
}

// Step gives the playing square one step in direction d from s, if there is one.
// On a graph board a step follows a line to the next point along it.
func (g *Geometry) Step(s Square, d Direction) (Square, bool) {
	if g.graph {
		i := DirectionIndex(d)
		if i < 0 || g.neighbor[i][s] == NoSquare {
			return NoSquare, false
		}
		return g.neighbor[i][s], true
	}
	if g.hex && d.DF == -d.DR && d.DF != 0 {
		return NoSquare, false // not a neighbour across a hexagon's side
	}
	f, r := g.Coord(s)
	return g.At(f+int(d.DF), r+int(d.DR))
}

// Neighbor is the playing square one step from s in direction Compass[d],
// or NoSquare: a table lookup, for move generation.
func (g *Geometry) Neighbor(s Square, d int) Square { return g.neighbor[d][s] }

// SquareName writes a square in algebraic notation: file letter, rank number.
func (g *Geometry) SquareName(s Square) string {
	if int(s) >= len(g.coords) {
		return "?"
	}
	f, r := g.Coord(s)
	return string(rune('a'+f)) + strconv.Itoa(r+1)
}

// ParseSquare reads a square name such as "c3". It rejects names off the board
// and squares that are not playing squares, saying which.
func (g *Geometry) ParseSquare(name string) (Square, error) {
	f, r, n := scanSquare(name)
	if n == 0 || n != len(name) {
		return NoSquare, fmt.Errorf("%q is not a square (want a file letter and a rank number, like c3)", name)
	}
	if f >= g.Width || r >= g.Height || r < 0 {
		return NoSquare, fmt.Errorf("square %s is off the %d×%d board", name, g.Width, g.Height)
	}
	s, ok := g.At(f, r)
	if !ok && g.graph {
		return NoSquare, fmt.Errorf("%s is not a point of this board", name)
	}
	if !ok {
		return NoSquare, fmt.Errorf("square %s is not a playing square", name)
	}
	return s, nil
}

// scanSquare reads a file letter and a rank number at the start of s and
// returns them (from 0) with the number of bytes read, 0 when s does not start
// with a square.
func scanSquare(s string) (file, rank, n int) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' || s[1] < '1' || s[1] > '9' {
		return 0, 0, 0
	}
	n = 1
	rank = 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' && n < 4 {
		rank = rank*10 + int(s[n]-'0')
		n++
	}
	return int(s[0] - 'a'), rank - 1, n
}

// ScanSquare reads a whole text as a square name, like c3, giving its file
// and rank (from 0) on any grid, whether or not the square plays.
func ScanSquare(name string) (file, rank int, ok bool) {
	f, r, n := scanSquare(name)
	return f, r, n > 0 && n == len(name)
}
