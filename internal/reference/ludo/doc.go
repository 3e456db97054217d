// Package ludo is an independent Ludo move generator written from the pinned rules
// (/work/shared/rules/morris-and-dice.md, section Ludo) and nothing else, so that the
// rule-file interpreter can be checked against it. It favours plain code over speed and
// shares no code with the interpreter.
//
// # Model
//
// Players in play are indexed 0..n-1 in turn order: with 2 players red and yellow, with 3
// red, green and yellow, with 4 red, green, yellow and blue. Their colour letters are
// r, g, y, b and their start squares are 13 loop squares apart (red 0, green 13, yellow 26,
// blue 39 on the 52-square loop). A piece is a step on its owner's path: -1 in base, 0 the
// start square, 1..50 further loop squares, 51..55 the home column, 56 the winning square.
// Loop step s of a player at start square S is loop square (S+s) mod 52. Pieces of one
// player are interchangeable, so a position keeps each player's steps sorted.
//
// A Position either has a roll (the player to move chooses a play) or has none (a chance
// node: WithRoll supplies the dice). At the beginner level a position may also have an
// extra roll pending: the player to move has just brought a piece out and now rolls again.
//
// # Notation of plays
//
// A play is the mover's letter followed by its piece moves, each written from/to in the
// mover's own steps, "base" for a piece coming out of the base and 56 for the winning
// square; "*" after the to-step marks a landing that sent opposing pieces back to base.
// Moves within a play are written highest from-step first, base last, as GNU Backgammon
// does. A piece that bounced back out of the winning
// square is written with its final step. Examples, red to play:
//
//	r base/0 base/0   double 6: two pieces out
//	r base/3          6 and 3: a piece comes out and moves 3
//	r 10/13 base/0    6 and 3: a piece comes out, the piece on step 10 moves 3
//	r 10/19           one piece moves by the sum
//	r 30/35 12/14*    two pieces move one die each; the landing on step 14 captured
//	r 53/56           an exact finish with one die, the other die lost
//	r 54/51           5 and 2 by the sum: to 56, then 5 back
//	pass              no die can be used
//
// At the beginner level "r base/0" brings a piece out (an extra roll is then pending), and
// the extra roll's play is one move; when pieces on the start square are settled as
// captured after the extra roll, the text ends with " 0*", as in "r 10/14 0*".
//
// When several plays reach the same position only one is listed: the one whose text is
// smallest.
//
// # Choices where the pinned page leaves room
//
//   - One piece uses both dice only by the sum, as one count (so bouncing is computed on the
//     sum), except that a piece brought out by a 6 may then move by the other die.
//   - Since any piece on the loop or in the home column can always move by the sum, the
//     clause "if only one die can be used, the larger" never applies with two dice; it is
//     implemented all the same.
//   - A piece brought out onto its start square and left there ended its move there, so it
//     captures opposing pieces on that square (the beginner level says so explicitly).
//   - At the beginner level, the start square is settled after the extra roll when any of
//     the mover's pieces is still on it.
package ludo
