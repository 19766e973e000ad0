// Package upwords implements Upwords, the stacking crossword game, for
// 2 to 4 players: the contracts of package game (game.State, game.Racker,
// game.Determinizer; registered as "upwords"), a move generator for every
// legal play, a text position format and a GCG-like move notation.
//
// Sources: the rules file ../shared/rules/upwords.md (the binding
// interpretation, following the 10x10 Hasbro edition), the Spanish rules
// text it was derived from (../shared/seeds/003_7cbbf7f5aa3daddd.txt),
// and, for scoring tests only, the cases of PossibilityZero's
// upwords-toolkit (MIT; ../shared/data/positions/SOURCES.md).
//
// # Components
//
// A 10x10 board without premium squares; the centre squares are E5 F5 E6
// F6. 100 tiles, no blanks: E x8; A I O x7; S x6; D L M N R T U x5; C x4;
// B F G H P x3; K W Y x2; J Qu V X Z x1. Racks of 7; stacks at most 5
// high. Variant size=8: an 8x8 board (centre D4 E4 D5 E5) with 64 tiles,
// the counts above scaled by 64/100 by largest-remainder apportionment
// (remainder ties broken alphabetically): A E x5; I O S x4; C D L M N R
// T U x3; B F G H P x2; J K Qu V W X Y Z x1; racks of 7.
//
// # Lexicon and the Qu tile
//
// The tiles use the alphabet lexicon.UpwordsAlphabet ("upwords-en": A..P,
// QU, R..Z), where the Qu tile has the code Q has in English. The game
// works with either of two lexicons:
//   - an A-Z lexicon such as the embedded default (no flags needed): a Qu
//     tile walks the two arcs Q then U of the DAWG, so it matches "QU" in
//     a word, and a word with a Q not followed by U (QI, QAT) can never be
//     played;
//   - a lexicon built with --alphabet upwords (the cache's upwords-en,
//     `make lexicons`), whose words already spell QU as one letter: a Qu
//     tile walks one arc.
//
// Both give the same words; the first is the default because it needs no
// extra file. Any other alphabet is refused by New with an error.
//
// # A play (rule interpretations)
//
//   - The new tiles (1 to 7) go in one row or column; with the tiles on
//     the board they form one contiguous run, the main word; every maximal
//     run of 2+ squares holding a new tile (the main word and the cross
//     words) must be a word, reading the top tile of each stack.
//   - A new tile goes on an empty square or on a stack lower than 5, at
//     most one per square per turn, never on the same letter.
//   - The first play places at least 2 tiles flat and covers a centre
//     square. Every later play covers a tile, reads one in its main word,
//     or forms a cross word (touches a tile).
//   - Whole-word cover: for every old word along the line of play (a run
//     of 2+ tiles before the play, in the play's direction) that the play
//     covers, at least one of its tiles stays uncovered; it is then part
//     of the new main word. Cross words can never be wholly covered (one
//     tile per square per turn). A single old tile along the line (part of
//     a perpendicular word) may be covered.
//   - Bare plural (variant bare-plural=illegal, the default): a play of one
//     S, put on an empty square right after (or below) an old word of 2+
//     tiles as its last letter, is illegal unless the S also forms a cross
//     word of 2+ letters (whatever that word is). An S stacked on a tile
//     is not a bare plural. Variant bare-plural=allowed lifts the rule.
//   - A play is stored in one canonical form (its main word); a one-tile
//     play is across when it forms an across word of 2+ letters, else
//     down, so each placement is one move.
//
// # Scoring
//
// Each word formed (main and cross words of 2+ squares, all of which hold
// a new tile) is scored separately, then summed: a flat word (every
// square 1 high after the play) scores 2 per tile, plus 2 when it holds
// the Qu tile; a stacked word scores the sum of its stacks' heights. A
// stack shared by two words counts in both (the rules' example: ON 1+3
// plus NET 3+2+1 = 10). Playing all 7 rack tiles adds Bingo (20); a play
// of fewer tiles that empties a short rack does not. The toolkit's cases
// agree except that it scores a lone tile on an empty board as a
// one-letter word each way; such a play forms no word here.
//
// # Turns and the end
//
// A turn is a play, an exchange of exactly one tile (only while the pool
// holds a tile; the new tile is drawn before the old one goes back), or a
// pass. The game ends when a player empties the rack with the pool empty,
// when every player has passed in a row (which covers "nobody can play
// and the pool is empty"), or, our safety rule so that games between
// programs end, after 3 turns per player in a row without a play (passes
// and exchanges). Then each player loses 5 points per tile left
// (TilePenalty); nobody gains them, so the static evaluator's end-of-game
// term counts a tile at 1x its penalty, not Scrabble's 2x (EndFactor,
// eval.EndFactorer). Equal final scores are a draw (every
// tied seat wins, game.Winners). Seat 0 moves first; matches alternate
// the starting seat (selfplay's paired deals) instead of the rules' draw
// for the earliest letter.
//
// # Moves and positions
//
// FormatMove and ParseMove use GCG-like notation: "5E C(AT)S" is an
// across main word from row 5, column E; "E5 ..." a down one; tiles read
// through (on the board and not covered) are in parentheses (ParseMove
// also takes '.'), every other letter is a new tile, on an empty square
// or on a stack; the Qu tile is "Qu". "-X" exchanges X; "pass" passes.
// Format and ParsePosition read and write the text position format
// described in position.go (board with letters and heights, racks,
// scores, turn, pass counters, pool optional); ParsePosition(Format(s))
// is s. Package textpos splits the text and reads the header's options,
// package option reads the variant (comma-separated, each option at most
// once, names and values in any case); FuzzParsePosition checks the round
// trip from the positions of testdata/.
//
// # Move generation
//
// AppendMoves uses the GADDAG (Gordon 1994), once per play from the
// leftmost anchor of its main word. An anchor is a square a play can
// connect through: an occupied square (read or covered), an empty square
// with a cross word, or on the first play a centre square. From an anchor
// whose left neighbour is not occupied, the walk takes the anchor's tile
// (reading the top letter, stacking a different rack tile, or placing one
// on the empty square), extends left over empty non-anchor squares with
// rack tiles, and at each stop either ends the word or crosses the
// separator and extends right: at an empty square it places a rack tile
// allowed by the square's cross-set; at an occupied square it follows
// both branches, read the top letter or stack a different rack tile on it
// (height below 5, cross-set allowing it, and not the last uncovered tile
// of an old word). In a letters (A-Z) lexicon a Qu tile walks Q then U
// rightward and U then Q leftward. Cross-sets and cross scores are kept
// between calls and recomputed for the rows and columns a play or an
// undo changed; a cross-set is walked through the DAWG (prefix, letter,
// suffix) or, when the suffix is the longer side, through the GADDAG's
// reversed whole words. The tests check the generator against a brute
// force (every segment, every filling, CheckPlay) on seeded random
// self-play positions with high stacks and the Qu tile
// (`go test ./game/upwords -run BruteForce -args -positions=2000`), and
// the A-Z lexicon against one with a QU letter.
package upwords
