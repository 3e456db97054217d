// Package dice is everything about dice games that does not need the rule
// file's expressions: the move generator (the rolls at a chance node, the
// whole plays of a roll, applying them), the notation of plays, the
// positions of GNU Backgammon and eXtreme Gammon, the doubling cube, and
// the names dice conditions read (die, step, rearmost(p)...).
//
// A rule file with `dice:` rolls dice; the roll is part of the position, and
// a position without one is a chance node whose legal "moves" are the
// distinct rolls (board.Roll). With a roll, a legal move is a whole turn
// (board.Play): the dice played one at a time, each by a rule that moves one
// piece along its owner's track (the `tracks:` path, first square to last,
// then off its end). Plays that lead to the same position are one play.
//
// What lives where:
//   - engine.go: the Engine (configuration, tracks, rules) and the track's
//     point numbers; ctx.go: the part of the interpreter's evaluation
//     context dice conditions read, and the names they read.
//   - rolls.go, play.go, table.go, step.go: the generator of rolls and
//     plays (the play search by the rules' Tests, or through a step table
//     when the conditions read only steps and dice) and applying them.
//   - notation.go: writing rolls and plays (`65`, `24/18* 13/11`,
//     `8/5(2)`), reading a play's text, playing it as written, the routes of
//     a play through the dice, the die moves of a play, matching a roll or
//     a pass, and which rule on using the roll a play breaks.
//   - explain.go: a typed play played hop by hop by the rules whose All
//     test allows each hop (PlayByRules), and what refused a hop (Refusal).
//   - positions.go: the XGID, GNU Backgammon's Position ID and Match ID
//     (the GNUbg ID), read and written with the cube and score they carry.
//   - cube.go: the doubling cube's rules and state (CubeRules, CubeState)
//     and its arithmetic between the games of a match.
//   - safe.go: the squares where no rule's hit holds (what a drawing marks
//     safe).
//
// The interpreter compiles the rule file and hands this package the result:
// the dice configuration (Config), the tracks, and per rule its conditions as
// Tests over a Ctx. A Test runs the interpreter's compiled expression: the
// interpreter makes it from its own closure, and Ctx.Host is the
// interpreter's evaluation context it runs on. This package knows no YAML
// and no expression; the interpreter reaches it through one interface
// (diceEngine in interpreter/dice.go, the Engine's methods) that is nil for
// games without dice, and its exported Game API keeps its own names for
// what lives here (interpreter.CubeState is CubeState, DieMove DieMove,
// DiceNotation Notation).
//
// What stays in the interpreter reads the rule file's expressions or needs
// its whole move cycle: compiling the dice sections (dice.go,
// decode_dice.go), specialising a rule's terms per die (dicespec.go) and
// deciding whether a step table is possible (dicetable.go) from the
// expressions' syntax trees, matching a typed play against the legal plays
// by the positions they reach and saying a refused hop in the rule file's
// words from the rules' terms (dicenotation.go), and the cube decisions the
// AI takes from playouts (cube.go).
package dice
