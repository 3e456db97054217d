// Package records reads, writes and checks game records, over a compiled
// interpreter.Game. record.go holds the record format of stackrules (Record:
// PGN-like tags, numbered moves in the game's notation, {comments} kept where
// they were, a result), Parse and String, New (a record of a History) and
// Replay (every move checked against the legal moves, with the line of the
// first that is not); recordcheck.go says whether a record's result is one
// its game can have (CheckResult); pdn.go writes and reads PDN, with FEN
// positions, for the draughts games whose rule file gives pdn_game_type.
package records
