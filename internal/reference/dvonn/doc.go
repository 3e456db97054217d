// Package dvonn is an independent DVONN move generator written from the pinned rules
// (/work/shared/rules/tak-and-dvonn.md, section DVONN) and nothing else, so that the
// rule-file interpreter can be checked against it. It favours plain code over speed and
// shares no code with the interpreter.
//
// # Model
//
// The board has 49 spaces in five rows of 9, 10, 11, 10 and 9, held in axial coordinates:
// column c 0..10, row r 0..4, a cell existing when max(0, r-2) <= c <= min(10, 8+r). The
// six neighbours of (c, r) are (c+1, r), (c-1, r), (c, r+1), (c+1, r+1), (c, r-1) and
// (c-1, r-1); drawn with row r shifted so that a cell sits at x = c - r/2, (c, r+1) is
// up-left and (c+1, r+1) up-right. A space is a stack of pieces, bottom to top, each
// white (w), black (b) or a red DVONN piece (d); an empty space is an empty stack.
//
// A Position is the 49 stacks, the player to move and the hand: the pieces still to be
// placed (white's own, black's own, DVONN). While the hand is not empty the game is in the
// placement phase: the mover places a DVONN piece while any is in hand, otherwise one of
// its own pieces, on any empty space. Otherwise it is in the movement phase.
//
// # Notation
//
// Squares are named by column letter a..k and row number 1..5 from the bottom: row 1 holds
// a1..i1, row 2 a2..j2, row 3 a3..k3, row 4 b4..k4, row 5 c5..k5. Board order is row by row
// from the bottom, left to right (Squares).
//
// A move is written as the square alone for a placement ("e3"), from-to for a stack move
// ("e3-g3"), or "pass".
//
// A position is written "TURN CELLS[ hand:wN,bN,dN]": TURN is w or b; CELLS is "-" for an
// empty board or square:stack for every non-empty space, comma-separated in board order,
// each stack bottom to top ("e3:wdb"); the hand part is omitted when all three counts are
// 0. The start is
//
//	w - hand:w23,b23,d3
//
// Parse also accepts cells in any order, runs of spaces between the fields, counts with
// leading zeros and an explicit "hand:w0,b0,d0"; String writes the canonical form. Parse rejects, naming what and where: a wrong number of fields, a
// turn other than w or b, an entry without ':', an unknown square, an empty stack, a
// stack letter other than w, b or d, a square given twice, a malformed hand, more than
// 23 white, 23 black or 3 DVONN pieces on the board and in hand together, a stack higher
// than 1 while the hand is not empty, and a placement-phase position whose mover has
// nothing to place (no DVONN piece and none of its own pieces in hand).
//
// # Choices where the pinned text leaves room
//
//   - Placement order: white places the first and third DVONN pieces, black the second,
//     then black places the first own piece and the players alternate, so white places
//     the 49th piece. The player who places the last piece also makes the first stack move
//     (published rules: "the first player drops the last stone and starts moving"): after
//     the placement that empties the hand the turn does not change. Every other move,
//     pass included, hands the turn to the other player.
//   - The turn in a position text is taken as given; it is not checked against the number
//     of pieces placed. Fewer pieces than 23/23/3 on the board and in hand are accepted in
//     either phase (pieces leave the board by cut-offs), and a DVONN piece still in hand
//     while own pieces are already on the board is accepted too.
//   - A stack belongs to the player whose piece is on top; a lone DVONN piece or a stack
//     topped by one belongs to nobody and never moves. A stack holding a DVONN piece lower
//     down moves like any other.
//   - Surrounded means six neighbouring spaces that exist and are all occupied; a space on
//     the edge is never surrounded, even when all its neighbours are occupied.
//   - A stack of height h moves exactly h spaces in one of the six directions, over empty
//     spaces and stacks alike, and must land on an occupied space inside the board (any
//     stack, any colours), where it goes on top. A stack topped by the mover whose every
//     line lands off the board or on an empty space simply has no move.
//   - Cut-off: after each stack move, every stack not connected through chains of adjacent
//     occupied spaces to a space holding a DVONN piece (anywhere in its stack) leaves the
//     board, whoever owns it (the mover's own stacks included). A space holding a DVONN
//     piece is always connected, so DVONN pieces never leave the board. Nothing is removed
//     during placement, and a pass changes nothing (so a parsed position with stacks
//     already cut off keeps them until the next stack move). With no DVONN piece on the
//     board at all, a stack move removes every stack.
//   - Pass: in the movement phase a player with no stack move passes when the other player
//     has one; "pass" is then the only move. When neither player can move the position has
//     no moves and the game is over. Passing never happens in the placement phase.
//   - Result: each player counts all pieces (any colour) in the stacks topped by its piece;
//     stacks topped by a DVONN piece count for nobody. When the game is over the larger
//     count wins and equal counts draw. GetResult reports the counts in any position.
//   - Perft counts every legal move path of the given depth, pass included; a finished game
//     has no moves and so contributes nothing deeper.
//   - Features: "placement-dvonn" and "placement" are exclusive (a DVONN placement is
//     tagged only "placement-dvonn"); "surrounded" is only given in the movement phase,
//     before a stack move or a pass, and only for a surrounded stack of the mover that
//     would have at least one landing if it were not surrounded (a surrounded stack whose
//     lines all leave the board or end on empty spaces is not tagged). Features replays
//     m.Text from before; m.After is not consulted.
package dvonn
