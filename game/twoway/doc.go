// Package twoway implements 2 Way Words (rules: ../shared/rules/twoway.md,
// from the Happy Puzzle Company leaflet, ../shared/seeds/002_*.txt): two
// players, RED (seat 0, moves first) and BLUE (seat 1), place
// double-sided tiles on a 7x7 grid; each reads only its own colour, and
// claims words of 3 to 6 letters in the 8 directions. The game is
// registered as "twoway".
//
// # Tiles
//
// No public list of the 90 tiles exists. The default set, data/tiles.txt,
// is derived by GenerateTileSet(DefaultSeed): face counts from English
// text letter frequencies (Lewand 2000) with the vowels scaled to 40 % of
// the 180 faces and every letter at least once (FaceCounts), each letter's
// faces split evenly between red and blue, and the blue faces shuffled
// and paired with the red ones so that no tile has the same letter twice.
// A test regenerates the file and fails when it differs. Any other set of
// 90 tiles loads with the variant tiles=FILE (ParseTileSet).
//
// # Variants
//
// Config.Variant takes comma-separated options: lengths=3,4,5,6 (the
// default; lengths=3,4,5 and lengths=3,3,4,5 are the leaflet's easy
// games; any 1 to 8 lengths of 3 to 6 letters), open-hands (each player
// also sees its colour's faces of the opponent's hand) and tiles=FILE,
// each at most once, names and values in any case (package option reads
// them). The position format (Position, ParsePosition) is split into
// lines and fields by package textpos; ParsePosition(Position()) gives
// the same position back, which FuzzParsePosition checks from the
// positions of testdata/ and of random games.
//
// # Turns and moves
//
// A turn is a sequence of moves of the same player, so that every move
// stays small and Play/Undo simple: any number of claims, then exactly
// one placement (mandatory while the player has a tile and the grid an
// empty cell), then any number of claims, then "end", which refills the
// hand to 5 from the bag and passes the turn. When the player cannot
// place (empty hand, the bag being empty), the turn is claims then end.
// AppendMoves gives, before the placement, the valid claims and the
// placements (one per distinct letter of the hand in the mover's colour
// and empty cell); after it, the valid claims and end.
//
// Notation: "E d4" places the hand's tile showing E in the mover's colour
// on d4 (columns a-g, rows 1-7 from the top); "CAT a1-c3" claims the run
// from a1 to c3 (read in that direction); "end". A placement names a
// letter, not a physical tile: of two tiles with the same letter in the
// mover's colour (which the mover cannot tell apart) Play takes the first
// in the hand.
//
// # Claims
//
// A claim is a straight contiguous run of 3 to 6 occupied cells in one of
// the 8 directions, read in the claimer's colour, of a length the claimer
// still needs (with lengths=3,3,4,5 two words of 3). A valid claim (a word
// of the lexicon) moves the tiles to the claimer's store and scores its
// letters (Score is the letters of a player's claimed words). A claim
// whose letters are not a word is legal but wrong: the tiles stay, the
// claimer misses its next turn (each wrong claim costs one turn: when the
// opponent ends a turn and the claimer has a turn to miss, the opponent
// moves again), and the claimer's letters of those cells are announced,
// so the opponent learns them. The rules are silent on the turn in
// progress: it goes on (the claimer still places, claims and ends it).
// The move generator never makes a wrong claim; ParseMove accepts one from a person. The same run read backwards
// is a different claim (RAT and TAR).
//
// # End
//
// The first player to hold every required length wins at once, even in
// the middle of a turn. Otherwise the game ends when a turn ends with all
// 49 cells filled, or with both hands empty (the bag is then empty too:
// nobody can place); the player with more claimed letters wins, equal
// counts are a draw (Winners; a player with every length always has more
// letters than the other).
//
// # Hidden information
//
// A player sees its colour's faces of the grid tiles and of its hand
// (with open-hands also of the opponent's hand), both faces of claimed
// tiles (the claimer spells the word; the other saw its face on the grid)
// and the announced faces of wrong claims, and the number of tiles in the
// bag. Observation(p) writes exactly that in the position format; two
// states that differ only in what p cannot see have the same Observation.
// Determinize(p, rng) redeals the rest: each tile whose p-colour face is
// known is drawn uniformly from the unused tiles of the set with that
// face; the other tiles (hidden hands, bag) are the remaining tiles
// shuffled. The result depends only on Observation(p) and rng. Runners
// hand players such a determinized clone (search.View), never the state.
//
// # Evaluation
//
// Evaluate (game.Evaluator) values a seat by its claimed letters and
// lengths and, for each length still needed, the best run of that length
// in its colour (a word now, one or two empty cells from a word, a
// completing letter in the hand): the static player plays one ply deep
// on it, claiming when the claim is worth more than keeping the word, and
// placing to build its words and to spoil the opponent's likely ones (on
// a determinized state the opponent's faces are a sample of their
// distribution).
package twoway
