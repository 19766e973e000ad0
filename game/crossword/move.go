package crossword

import (
	"wordengine/game"
	"wordengine/lexicon"
)

// Kind of a crossword move.
type Kind uint8

const (
	// Play places tiles on the board.
	Play Kind = 1
	// Exchange returns tiles to the bag and draws as many.
	Exchange Kind = 2
	// Pass does nothing.
	Pass Kind = 3
	// Resign ends the game as a loss for the mover.
	Resign Kind = 4
)

// A crossword game.Move is packed as follows.
//
//	A bits  0-2   kind (Play, Exchange, Pass, Resign)
//	A bit     3   direction (0 Across, 1 Down)
//	A bits  4-8   row of the word's first square (0-based)
//	A bits  9-13  column of the word's first square
//	A bits 14-18  length of the main word in squares (new and play-through)
//	A bits 19-22  number of tiles placed or exchanged (at most MaxRack)
//	A bits 32-47  score in points (a play's score; 0 otherwise)
//	B             the tiles placed, in word order skipping play-through
//	              squares, or the tiles exchanged: 8 bits each, first in
//	              the low byte; a blank placed is letter|BlankFlag, a blank
//	              exchanged is lexicon.Blank
//
// The score is part of the move so that ranking needs no second pass; two
// moves are equal exactly when they place the same tiles on the same
// squares.
const (
	// MaxRack is the largest rack a move can record (8 tiles in 64 bits).
	MaxRack = 8
)

func packPlay(d Direction, row, col, length int, tiles []lexicon.Tile, score int) game.Move {
	var b uint64
	for i, t := range tiles {
		b |= uint64(t) << (8 * i)
	}
	return game.Move{A: playA(d, row, col, length, len(tiles), score), B: b}
}

// playA packs the first word of a play: direction, first square, length
// (squares covered), tiles placed and score.
func playA(d Direction, row, col, length, placed, score int) uint64 {
	return uint64(Play) | uint64(d)<<3 | uint64(row)<<4 | uint64(col)<<9 |
		uint64(length)<<14 | uint64(placed)<<19 | uint64(uint16(score))<<32
}

func packExchange(tiles []lexicon.Tile) game.Move {
	var b uint64
	for i, t := range tiles {
		b |= uint64(t) << (8 * i)
	}
	return game.Move{A: uint64(Exchange) | uint64(len(tiles))<<19, B: b}
}

var (
	passMove   = game.Move{A: uint64(Pass)}
	resignMove = game.Move{A: uint64(Resign)}
)

// MoveKind returns the kind of m.
func MoveKind(m game.Move) Kind { return Kind(m.A & 7) }

// MoveDir returns the direction of a play.
func MoveDir(m game.Move) Direction { return Direction(m.A >> 3 & 1) }

// MoveStart returns the row and column of a play's first square.
func MoveStart(m game.Move) (row, col int) { return int(m.A >> 4 & 31), int(m.A >> 9 & 31) }

// MoveLen returns the length in squares of a play's main word.
func MoveLen(m game.Move) int { return int(m.A >> 14 & 31) }

// MoveTileCount returns how many tiles m places or exchanges.
func MoveTileCount(m game.Move) int { return int(m.A >> 19 & 15) }

// MoveScore returns the points recorded in m.
func moveScore(m game.Move) int { return int(uint16(m.A >> 32)) }

// MoveTiles appends the tiles that m places (in word order) or exchanges.
func MoveTiles(dst []lexicon.Tile, m game.Move) []lexicon.Tile {
	n := MoveTileCount(m)
	for i := range n {
		dst = append(dst, lexicon.Tile(m.B>>(8*i)))
	}
	return dst
}
