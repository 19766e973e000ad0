package upwords

import (
	"wordengine/game"
	"wordengine/lexicon"
)

// Kind is the kind of a move.
type Kind uint8

// The kinds of move.
const (
	// Play puts 1 to 7 tiles on the board.
	Play Kind = 1
	// Exchange returns one tile to the pool for a new one.
	Exchange Kind = 2
	// Pass does nothing.
	Pass Kind = 3
)

// Direction of a play.
const (
	Across = 0
	Down   = 1
)

// Move packing (game.Move A and B):
//
//	A bits  0-1  kind
//	A bit     2  direction (0 across, 1 down)
//	A bits  3-6  row of the main word's first square (0-based)
//	A bits 7-10  column of the main word's first square
//	A bits 11-14 length of the main word (squares)
//	A bits 15-24 new-tile mask: bit i set when the word's square i gets a tile
//	A bits 25-27 number of tiles placed
//	A bits 28-39 score
//	B            the placed tiles, 8 bits each, in word order (an exchange: the tile)
//
// A play is stored in one canonical form: its main word (the maximal
// run along its direction holding every new tile), and a one-tile play is
// across when it forms an across word of 2+ letters, else down.
func packPlay(dir, row, col, length int, mask uint16, n int, score int, tiles uint64) game.Move {
	a := uint64(Play) | uint64(dir)<<2 | uint64(row)<<3 | uint64(col)<<7 | uint64(length)<<11 |
		uint64(mask)<<15 | uint64(n)<<25 | uint64(score)<<28
	return game.Move{A: a, B: tiles}
}

func packExchange(t lexicon.Tile) game.Move {
	return game.Move{A: uint64(Exchange) | 1<<25, B: uint64(t)}
}

var passMove = game.Move{A: uint64(Pass)}

// MoveKind returns the kind of m.
func MoveKind(m game.Move) Kind { return Kind(m.A & 3) }

// MoveDir returns the direction of play m (Across or Down).
func MoveDir(m game.Move) int { return int(m.A>>2) & 1 }

// MoveStart returns the row and column (0-based) of the first square of
// play m's main word.
func MoveStart(m game.Move) (row, col int) { return int(m.A>>3) & 15, int(m.A>>7) & 15 }

// MoveLen returns the length in squares of play m's main word.
func MoveLen(m game.Move) int { return int(m.A>>11) & 15 }

// MoveMask returns the new-tile mask of play m: bit i is set when square i
// of the main word gets a tile.
func MoveMask(m game.Move) uint16 { return uint16(m.A>>15) & 0x3ff }

// MoveTileCount returns the number of tiles m places or exchanges.
func MoveTileCount(m game.Move) int { return int(m.A>>25) & 7 }

// moveScore returns the points of m (State.MoveScore).
func moveScore(m game.Move) int { return int(m.A>>28) & 0xfff }

// MoveTiles appends the tiles m places (or exchanges) to dst, in word order.
func MoveTiles(dst []lexicon.Tile, m game.Move) []lexicon.Tile {
	for i := range MoveTileCount(m) {
		dst = append(dst, lexicon.Tile(m.B>>(8*i)))
	}
	return dst
}
