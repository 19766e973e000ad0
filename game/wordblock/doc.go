// Package wordblock is WordBlock, a Letterpress-like capture game for 2 to
// 4 players, registered as "wordblock": a board of letters, words spelled
// from any cells, and the cells used turning the mover's colour.
//
//	s, _ := wordblock.NewGame(game.Config{Players: 2, Rand: rng})
//	m, _ := s.ParseMove("TIER")       // the word; the cells are chosen
//	s.Play(m)                         // or "TIER a1,b3,c2,d4", or "pass"
//	fmt.Print(s)                      // the board, colours, secured cells
//
// # Rules
//
// The binding text is ../shared/rules/wordblock.md (from the German help
// in ../shared/seeds/001_8d70e1ae1f627bf2.txt). Where it leaves room, this
// package reads it so:
//
//   - Board. Rows and columns each from 4 to 8 (MinSize, MaxSize; the
//     default is 5x5; a board given as text may be rectangular). A random
//     board draws every letter independently with the frequency it has in
//     the words of the lexicon (the word list stands for "the language"),
//     and redraws a row until it holds a vowel: a letter whose first
//     character, without diacritics, is A, E, I, O or U (Y is not a vowel;
//     Ä and É are). The letters never change.
//   - Players and turns. Seat p plays colour Colours[p] (BLUE, ORANGE,
//     VIOLET, YELLOW) and seat 0 moves first. In a match the loser of a
//     game opens the next one: NextOpener names that seat (the fewest
//     cells; on a tie the first in turn order after the game's opener),
//     and the match runner seats the players accordingly (the play
//     command does; selfplay instead plays every deal once per seat
//     rotation, so that each player opens equally often and no result
//     depends on an earlier game).
//   - Words. A word is a sequence of at least 2 letters of the lexicon's
//     alphabet (a multi-character letter such as QU is one letter), in the
//     lexicon, spelled by distinct cells anywhere on the board in word
//     order; a word is as long as the board's cells allow (MaxWordLen, 64,
//     on 8x8). With the embedded lexicon, whose words stop at 15 letters
//     as the crossword games' rules want, the game also plays the list's
//     longer words (lexicon.DefaultLong, 16 to 28 letters: on 5x5,
//     COUNT/ERREV/OLUTI/ONARI/ESSAT spells COUNTERREVOLUTIONARIES); another
//     lexicon plays the words it holds.
//   - Played words. A word may not be played when it was played before or
//     is contained in a played word: under the default rule (variant
//     contain=anywhere) as a contiguous run of letters anywhere in it, so
//     HAUSTIER blocks HAUS, TIER and AUS; under contain=prefix only as its
//     beginning, so HAUSTIER blocks HAUS but not TIER (Letterpress). A
//     longer word containing a played one is always allowed: TIER, then
//     TIERE. Containment compares letters (tiles), not characters.
//   - Colours. Every cell of the word turns the mover's colour unless it is
//     secured by another player, judged on the board before the move; the
//     mover's own cells stay the mover's. After the move, secured status
//     is recomputed for every cell.
//   - Secured cells. A cell is secured when it is coloured and each of its
//     four orthogonal neighbours is off the board or of the same colour. An
//     uncoloured cell is never secured, and surrounding it colours nothing.
//     A secured cell may be used in words (it spells its letter) but does
//     not change colour; it stays secured only as long as its neighbours.
//   - Passing. A player may pass at any turn of a game not over, whether
//     or not a word is playable.
//   - End. The game is over when every cell is coloured, when every player
//     has passed in a row (Players() consecutive passes), or right after
//     the 101st word (MaxWords; passes are not words). It is checked after
//     each move, so the mover of the 101st word or of the word that
//     colours the last cell ends the game.
//   - Score and result. A seat's score is the number of cells in its
//     colour. The seats with the highest score share the win (Winners).
//
// # Variants
//
// Config.Variant holds comma-separated options, each at most once, names
// and values in any case (package option reads them):
//
//	size=N                 a random N x N board, 4 to 8 (default 5)
//	contain=anywhere|prefix the played-word rule (default anywhere)
//	board=ROW/ROW/...      this board instead of a random one (not empty), e.g.
//	                       board=CATS/DOGE/RIPE/TONE (see ParseBoard)
//
// Config.Players is 2 to 4 (0 means 2); Config.Rand draws the board and is
// required without board=.
//
// # Moves
//
// A Move is a word given as the cells that spell it, in word order (the
// letters are the board's): A bits 0-4 hold the number of cells n, bits
// 5+6i the cells 0 to 8, B bits 6(i-9) the cells 9 to 17; a cell is
// row*8+column. n = 1 is Pass. FormatMove writes "TIER a1,b3,c2,d4"
// (columns are letters from a, rows numbers from 1 at the top) and "pass";
// ParseMove also reads a word alone ("TIER"), which takes the cells the
// generator's first choice for that word takes, and cells in any order of
// equal letters. MoveScore is the number of cells the move turns into the
// mover's colour: the mover's gain. An opponent loses each of those that
// was theirs; that loss is not in MoveScore, which is the change of the
// mover's own score as the contract asks, but the evaluator sees it.
//
// # Which cells a generated move uses
//
// AppendMoves lists every playable word once (twice in one case below),
// with one choice of cells, and Pass. Many cell choices spell the same
// word; the generator reduces them so:
//
// The outcome of a move depends only on the set of cells it uses, not on
// which of two equal letters takes which cell, so equal letters get their
// cells in one canonical order: nothing is lost. Each cell falls, for the
// player to move, into a class: an opponent's cell that is not secured
// (taking it gains a cell and costs that opponent one), an uncoloured cell
// (gains one), the mover's own cell, or a cell an opponent has secured
// (neither changes anything). Using a cell of the last two classes changes
// nothing, so which one is used does not matter: nothing is lost there
// either.
//
// For each letter the word uses k times, the generator takes the k best
// cells of that letter, in this order: opponents' unsecured cells, then
// uncoloured cells, then own cells, then opponent-secured cells. Within
// the first two classes cells are ranked by position: two points for each
// neighbour secured by the cell's owner (taking the cell breaks that
// security), one for each neighbour that is off the board or in the
// mover's colour (the cell is, or comes closer to being, secured for the
// mover); on a tie, among opponents' cells, the cell of the seat with the
// most cells; then the lower row, then the lower column. Taking as many
// cells as the word allows, opponents' first, gives the mover the most
// cells and the opponents the fewest; no other choice for the same word
// beats it on the board's count, and taking a cell never makes a cell of
// the mover's less secure or an opponent's more so.
//
// What the reduction gives up, and why that is acceptable:
//
//   - Position within a class. Two cells of one class and letter differ
//     only by where they are, which matters for security later. The rank
//     above is a one-cell heuristic (it does not see that two cells taken
//     together protect each other); the other placements are not listed.
//     A player who wants them can still play them: ParseMove accepts any
//     cells that spell the word.
//   - An uncoloured cell instead of an opponent's. Taking an opponent's
//     cell is worth two points of margin and an uncoloured one one; the
//     generator always prefers the opponent's, even where the uncoloured
//     one would sit better.
//   - Taking fewer cells. Taking a cell never lowers the mover's count nor
//     raises an opponent's; where it most plainly hurts is when it colours
//     the last uncoloured cells and so ends a game the mover is losing
//     (apart from that, leaving a cell only hands it to the next player).
//     When the first choice would colour every remaining
//     uncoloured cell, the generator also lists the same word with the
//     lowest-ranked uncoloured cell it takes swapped for a cell of the same
//     letter that changes nothing (own or opponent-secured), when the
//     letter has one, so the game goes on with one cell left. Choices that
//     leave more than one cell, or that decline an opponent's cell, are not
//     listed.
//
// The brute-force generator of the tests applies the same choice cell by
// cell to every word of the lexicon and must give the same moves.
//
// # Word finder
//
// The board's letters never change, so neither do the words it can spell:
// the first AppendMoves (or ParseMove) of a game finds them all with a
// sub-anagram walk of the lexicon's DAWG over the board's letter counts
// (no blanks), on a copy of the DAWG laid out for the walk and annotated
// with the letters each branch still needs, so that hopeless branches are
// skipped; the list is kept for the game and its clones. Each word is kept
// as letter slots (the k-th cell of letter t), which AppendMoves maps to
// the position's preferred cells, skipping the words that played words
// block (a bit set over the list, brought up to date lazily).
// BenchmarkWordFinder measures the walk, BenchmarkAppendMoves the
// generation of a position's moves.
//
// # Evaluation and positions
//
// State implements game.Evaluator (cells plus a bonus per secured cell)
// for the searches of package search, and game.Ranker. Format and
// ParsePosition write and read a position as text (board, colours, played
// words, whose turn, passes) for hints and saved games; package textpos
// splits the text, errors give the line and column, and
// ParsePosition(Format()) gives the same position back (FuzzParsePosition
// checks it from the positions of testdata/).
package wordblock
