// Package morris is an independent Nine Men's Morris generator for differential tests;
// written from shared/rules/morris-and-dice.md only.
//
// It shares no code with the project's board, interpreter or variants packages, so a
// bug there cannot hide by being copied here. It uses only the standard library.
//
//	geometry.go  the 24 points, 16 lines and adjacency as bit masks
//	position.go  Position, Start, Parse and String (the pinned position string)
//	moves.go     Move, Moves, Result and Perft
package morris
