// Package tak is an independent Tak move generator written from the pinned rules
// (/work/shared/rules/tak-and-dvonn.md, section Tak) and the community's PTN and TPS
// notations, and nothing else, so that the rule-file interpreter can be checked against it.
// It favours plain code over speed and shares no code with the interpreter.
//
// # Model
//
// A Position holds a square board of side 3 to 8, the player to move (1 is White, 2 is
// Black), the TPS move number and a komi. Each square holds a stack written bottom to top
// as colour digits, and the kind of its top piece (flat, wall or capstone); every piece
// below a top is a flat, so a wall or capstone is always a top. Reserves are derived:
// pieces never leave the board, so a player's stones in reserve are the set's stones less
// that colour's flats and walls on the board, and likewise for capstones. The sets are
//
//	size      3   4   5   6   7   8
//	stones   10  15  21  30  40  50
//	capstones 0   0   1   1   2   2
//
// On move number 1 (plies 1 and 2) the player to move places a flat of the opponent's
// colour, taken from the opponent's reserve, on an empty square; nothing else is legal then.
// Afterwards a turn is a placement from the mover's reserve (flat, wall or capstone on an
// empty square) or a spread: 1 to N pieces (N the board side, and at most the stack's
// height) taken from the top of a stack the mover tops, carried in a straight line and
// dropped, at least one on each square passed, from the square next to the origin on,
// bottom pieces of the carried part first. Nothing lands on a wall or capstone, except a
// capstone alone as the last drop, which flattens a wall into a flat of its own colour.
//
// The game ends on a road (an orthogonally connected chain of squares topped by a player's
// flat or capstone, touching two opposite edges) or, failing that, when the board is full or
// a player has no stone and no capstone left; then the flats on top are counted, player 2
// adding the komi, and equal counts draw. When both players have a road the player who made
// the last move wins: the one not to move in the position.
//
// # Notation
//
// Moves are PTN: "a1", "Sa1", "Ca1" place a flat, wall or capstone; "3c3>21" carries 3
// from c3 rightwards, dropping 2 on d3 then 1 on e3. Directions are + (towards higher
// ranks), - (lower ranks), < (towards file a) and > (towards higher files). Files are
// a to h from White's left, ranks 1 to 8 from White's side. Canonical PTN, as Moves
// prints it, omits a carry count of 1 and omits the drops when all pieces land on one
// square: "c3>", "2c3>", "2c3>11". Play also accepts an explicit F for a flat ("Fa1"),
// explicit counts ("1c3>1", "2c3>2") and trailing annotation characters ' " ! ? *.
//
// Positions are TPS: "x5/x5/x5/x5/x5 1 1" lists the rows from rank N down to rank 1,
// cells separated by commas, each cell a stack (digits 1 and 2 bottom to top, then S or C
// for a wall or capstone top) or xK for K empty squares; then the player to move and the
// move number, which starts at 1 and grows after player 2 moves. TPS prints each run of
// adjacent empty squares in a row as one xK, a single one as x, as the TPS specification
// on ustak.org does ("x3,12,2S/x,22S,22C,11,21/..."); ParseTPS also accepts unmerged runs
// ("x,x,x").
//
// # Choices where the pinned page leaves room
//
//   - The move number alone decides the opening: in a position of move number 1 the only
//     moves are placements of the opponent's flat, whatever the board holds. The opponent
//     must have a stone in reserve for them.
//   - A capstone may carry other pieces onto a wall as long as the capstone drops alone
//     last ("3a1>21" onto a wall on c1 is legal with a capstone on top of a1); a wall may
//     move like any top piece, onto flats only.
//   - A flat-count draw is reported as Over, Winner 0, Reason "flat". Komi is in half
//     points added to player 2's count; a negative komi favours player 1; it is not part
//     of TPS and is carried from a position to those Play makes from it.
//   - Roads are checked before the flat count, so a move that fills the board or empties
//     a reserve while completing a road wins by road. A road for the player who did not
//     move (a move that only uncovers the opponent's road) wins for that opponent.
//   - ParseTPS checks the form and that neither player has more stones or capstones on the
//     board than the set holds; it does not check that the move number fits the board.
//   - PTN parsing is strict past the allowed variants: lowercase files only, an omitted
//     carry count means 1, so drops given must add up to the count given (or to 1), and no
//     surrounding spaces. A square off the board is an error.
//   - Start panics on a size outside 3..8; Perft of depth 0 or less is 1.
//   - Perft counts the moves of a position of depth 1 without playing them (a finished
//     position has none), as Tiltak does.
//
// Features tags what a move exercises (spreads on several squares, flattening, roads,
// dragons, flat endings, wall and capstone placements, the opening) for coverage counts
// in other tests. The perft figures of testdata/perft.txt come from Tiltak's tests, as
// that file records.
package tak
