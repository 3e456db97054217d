// Package dice is the move generator of dice games: the rolls at a chance
// node, the whole plays of a roll (each die played by a `dice_moves:` rule
// along its owner's track), applying them, and the names dice conditions
// read (die, step, rearmost(p)...).
//
// A rule file with `dice:` rolls dice; the roll is part of the position, and
// a position without one is a chance node whose legal "moves" are the
// distinct rolls (board.Roll). With a roll, a legal move is a whole turn
// (board.Play): the dice played one at a time, each by a rule that moves one
// piece along its owner's track (the `tracks:` path, first square to last,
// then off its end). Plays that lead to the same position are one play.
//
// The interpreter compiles the rule file and hands this package the result:
// the dice configuration (Config), the tracks, and per rule its conditions as
// Tests over a Ctx. A Test runs the interpreter's compiled expression: the
// interpreter makes it from its own closure, and Ctx.Host is the
// interpreter's evaluation context it runs on. This package knows no YAML
// and no expression; the interpreter reaches it through one interface (the
// Engine's methods) that is nil for games without dice.
package dice
