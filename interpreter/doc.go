// Package interpreter is the second stage of the pipeline: it compiles a
// rule file into a Game and plays it; every game goes through it, and no Go
// code here knows any particular game. load.go is the front door (Load,
// Check, Open): it builds the Game from what decode.go (decode_dice.go for the
// dice games' sections) decodes of the YAML
// (the rule file's text, positions and diagnostics are package rulefile's,
// named here in rulefile.go; decoding stays here because it fills the
// compiler's own declarations). compile.go compiles each expression once
// into closures (closures.go) over env.go's table of names, language.go says what an
// expression may contain, evalerror.go places a runtime error at its
// expression. game.go is the Game (LegalMoves, Apply, Result, positions and
// moves as text), with captures, kinds and promotion in capture.go and
// pieces in hand and lines that trigger in place.go; history.go is a game in
// progress with its draw rules, perft.go counts move sequences, playout.go
// plays random games, ai.go adapts a Game to package ai (ai_compact.go and
// ai_short.go with smaller moves for the search's tree, prefertable.go
// folds `playout: prefer` into sets for its playouts). words.go holds the
// rules in words, schema.go the JSON Schema of rule files, testcases.go the
// decoded tests: section, files.go the size limits and safe writes of
// files. explain.go says why a move is or is not legal (players' "not
// legal" messages use it); meaning.go finds conditions that cannot mean
// what their author meant, and inspect.go evaluates conditions term by term
// for package authoring (lint, rule-file tests). Dice games' move
// generator (the rolls, the search of plays, applying them, the names of
// dice conditions) is package internal/dice, reached through one interface,
// diceEngine in dice.go, that is nil for games without dice; the dice
// notation, GNU Backgammon's positions and the cube (dicenotation.go,
// diceids.go, matchid.go, cube.go) are still here. Packages authoring and
// records build on this one.
package interpreter
