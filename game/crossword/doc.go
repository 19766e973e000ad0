// Package crossword is the shared engine of the crossword games (Words
// With Friends, classic Scrabble, and any layout given as data): board
// layouts and tile sets, cross-sets, GADDAG move generation, scoring,
// play and undo.
//
// # Rules implemented
//
// The binding text is ../shared/rules/wwf.md. Interpretations:
//   - A play puts 1 or more tiles in one row or column; with the tiles
//     already there they form one contiguous run, the main word, of 2 or
//     more squares. Every run of 2+ tiles perpendicular to the play through
//     a new tile is a cross-word. All must be in the lexicon.
//   - The first play places 2 or more tiles and covers the start square;
//     later plays touch a tile already on the board.
//   - Scores: each word sums its tile values, a new tile on a letter
//     premium counting 2x/3x; the word is multiplied by the word premiums
//     under its new tiles. Premiums under earlier tiles count for nothing.
//     Playing Rules.RackSize tiles adds Rules.Bingo.
//   - A single tile that forms words in both directions is one move,
//     written and generated as the across play; a single tile with no
//     across neighbour is a down play.
//   - Exchanges: any non-empty sub-multiset of the rack, when the bag holds
//     at least as many tiles and at least Rules.ExchangeMinBag. The tiles are
//     drawn first, then the exchanged ones go back.
//   - The game ends when a player empties the rack with the bag empty (the
//     rack adjustment follows Rules.OutDouble), after Rules.ScorelessLimit
//     consecutive scoreless turns (Rules.ScorelessLimitAtZero while the
//     score is 0-0), or on a resignation, which loses whatever the score.
//
// # Bounded generation
//
// State is a game.BoundedMover: for a player that wants only the move of
// highest equity (search's static player), StartBounded bounds the
// equity of the plays of every anchor from the board alone ("shadow
// playing" after MAGPIE and wolges, see shadow.go), and NextBounded takes
// the anchors best bound first, each only for the spans and splits of the
// rack (tiles played, tiles kept) whose own bound reaches the caller's
// best equity so far, so the caller stops as soon as nothing left can
// beat it. With at most one blank on the rack, the plays of a span and a
// split are read from a word map (wordmap.go: the words of each multiset
// of letters, keyed by a sum of random letter codes, the idea of MAGPIE's
// word maps), not walked in the GADDAG; with two blanks the GADDAG walk is
// restricted to the spans kept. The full AppendMoves is unchanged (the
// GADDAG walk of movegen.go). MOVEGEN.md, beside this file, explains the
// design of both generators and their caches, with the numbered
// invariants that the tests check.
//
// State is also a game.NearMover (near.go): after a move, Untouched
// tells whether a play of the board before it is still a play with the
// same score (no square of its word, nor the square just before or after
// it, was changed by the move), and StartBoundedNear bounds only the spans
// that meet the squares the move covered or whose cross-sets it changed;
// a simulation uses them to share the opponent's reply between its
// candidates. Both report nothing known (Untouched false,
// StartBoundedNear the whole of StartBounded) when no move was played or
// a set-up came after it, and Untouched is false once the game is over.
// The cross-sets are brought up to date lazily (board.go): Play, Undo
// and the set-ups note the squares they change, and the generator
// updates them all before it reads them.
//
// # Moves
//
// A game.Move packs a play's direction, first square, length, the tiles
// placed and the score (see move.go), so ranking needs no second pass and
// equal moves compare equal.
package crossword
