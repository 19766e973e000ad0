// Package wordflow is WordFlow, a word game of jigsaw pieces that carry
// letters or bigrams, points and arrows, registered as "wordflow": words
// run along the arrows, right, down or zigzag.
//
//	s, _ := wordflow.NewGame(game.Config{Players: 2, Rand: rng})
//	m, _ := s.ParseMove("TH5v c4")    // a piece of the hand and a cell
//	for _, w := range s.Words(nil, m) { ... }  // every word it creates
//	s.Play(m)
//	fmt.Print(s.BoardText())          // the puzzle with arrows and bigrams
//
// # Rules
//
// The binding text is ../shared/rules/wordflow.md (from the English text
// in ../shared/seeds/000_761f8516a1a8be80.txt). Nothing else is public
// about the game; every number below that the rules do not give is our
// decision.
//
// Pieces and the default set. A set has 196 pieces: 4 corners (NW, NE,
// SE, SW; blank, 0 points, no arrows), 48 edges (12 per side N, E, S, W,
// one letter each) and 144 inner pieces (one letter or a bigram). The
// default set is data/pieces.txt, written by generateDefaultSet in
// gen_test.go (TestDefaultSetIsGenerated checks the committed file equals
// the generator's output; -update rewrites it). Its derivation, from a
// PCG seeded (2026, 9):
//
//   - 24 bigram inner pieces, one each of the commonest English letter
//     pairs: TH HE IN ER AN RE ON AT EN ND TI ES OR TE OF ED IS IT AL AR ST
//     TO NT NG (Norvig's counts over the Google books corpus).
//   - 168 single letters (48 edges, 120 inner): every letter A-Z at least
//     once, the other 142 apportioned by English letter frequency (Lewand
//     2000) by largest remainder (E 19, T 14, A 13, O 12, ... J, Q, X, Z 1),
//     shuffled, the first 48 to the edges (12 per side in order N E S W).
//   - Points are the Scrabble letter values; a bigram is worth the sum of
//     its letters (TH 5).
//   - Arrows of inner pieces: none 20 %, right 30 %, down 30 %, both 20 %
//     of 144 = 29, 43, 43, 29, shuffled. N and W edges (whose arrows can
//     point along the edge or inward): 2, 4, 4, 2 per side of 12. An E
//     edge may not point right (off the puzzle): none 6, down 6. An S edge
//     may not point down: none 6, right 6.
//   - Parity: 72 A and 72 B inner pieces; 6 A and 6 B edges per side, so
//     every frame from 4x4 to 14x14 can be built. Corners have no parity
//     ("*", they fit any cell): with fixed parities one NE corner could
//     not close frames of both even and odd width. This is our decision.
//
// ParseSet and LoadSet read other sets (variant pieces=FILE) in the same
// format and check the whole set, with errors "file:line: ...": the
// counts above (one corner of each side, 12 edges per side, 144 inner),
// equal parities, an arrow pointing off the puzzle (an E edge with a
// right arrow, an S edge with a down arrow, a corner with any arrow), a
// letter outside the lexicon's alphabet, a label of more than 2 letters.
//
// Parity. A piece of parity A fits the cells whose row+column is even,
// B the odd ones; pieces are never rotated.
//
// Words. A word is a path of labelled pieces p1..pk, each pi with an
// arrow to p(i+1) (right: the neighbour to the right; down: the one
// below), of at least 3 letters (a bigram counts 2) spelling a word of
// the lexicon. Any such path counts, also one that starts or ends inside
// a longer arrow chain; two paths are two words even when they spell the
// same text. Corners carry no letter: an arrow that points at a corner or
// an empty cell leads nowhere. A placement scores every word whose path
// includes the placed piece; a word's value is the sum of its pieces'
// points. Variants: ends=arrowless (a word must end on a piece without
// arrows: "tiles without arrows are ends of words"); triple-bonus (a
// placement creating 3 or more words scores double; only the placer's
// share is doubled when some words are missed).
//
// Framed layout (default, "constrained"): W x H from 4x4 to 14x14
// (default 10x10), built at setup from the corners and shuffled edges of
// the right side and parity. The pool holds exactly as many inner pieces
// of each parity as the frame has empty cells of that parity (a random
// choice from the set's 144), so the frame can always be completed: only
// inner pieces are placed in play, on empty interior cells touching a
// placed piece. The game ends when the frame is full.
//
// Free-form layout (layout=free): size= belongs to the framed layout and
// start= to the free form; either given with the other layout is an
// error rather than ignored. The NW corner at a1, start=k (3 to 5,
// default 5) shuffled N edges along row 1 and k W edges down column a;
// every other piece (inner, edges, the other 3 corners) is shuffled into
// the pool. A piece fits an empty cell of its parity that touches a
// placed piece when the outline stays legal: row 1 holds only N edges and
// the NE corner (NW at a1), column a only W edges and the SW corner; an
// E edge, or the NE or SE corner, fixes the right border at its column
// (only when no piece lies in that column or beyond it yet), after which
// nothing goes right of it and that column holds only E edges and the NE
// and SE corners; S edges and the SW and SE corners fix the bottom border
// likewise; an inner piece never lies on a border; while a border is not
// fixed, the last column (row) stays free for it, so the puzzle never
// exceeds 14x14. The game ends when no piece left (in any hand or the
// pool) fits anywhere, which includes the pool and all hands being
// empty. Players who place border pieces early close the puzzle small:
// 50 games of greedy against greedy ended on 7 to 12 columns (mostly 7
// to 9) and 7 to 14 rows, with 70 to 140 pieces unused.
//
// Turns (mode=turn, default). Seat 0 starts; hands of 3 (hand=N, 1 to
// 8; the solo game 5). A turn: draw one piece (when the pool has any and
// the hand holds at most its size),
// then place one piece of the hand, or pass when no piece fits (passing
// is allowed only then). Between turns a hand holds 3 again. The engine
// makes the draw at the start of the turn, so the player to move holds 4
// pieces and chooses among them. A player who passes puts the piece just
// drawn back under the pool (so the pool turns over and a stuck game
// moves on; hands stay at 3). When the pool is empty hands shrink.
//
// Simultaneous play (mode=simultaneous) is modelled within the
// turn-based contract as rounds of blind commitments: each round the
// seats commit in a fresh random order, drawn at the start of the round
// (from a key dealt at setup), each choosing on the puzzle as it was at
// the start of the round (the commitments of the round are hidden: they
// change nothing on the puzzle, and Determinize replaces the other seats'
// commitments by random placements of their redealt hands). After the
// last commitment the placements are made in the round's order, each only
// when it still fits (its cell may have been taken, or its contact or
// outline broken, by an earlier one): otherwise it is void and the piece
// stays in the hand. A seat draws at its turn only when it holds at most
// its hand size (3), so after a void it holds 4 and does not draw. Missed
// words go to the next seat in the round's order. MoveScore of a
// commitment is its score on the puzzle as it is; the points are made at
// the round's end (LastRound reports that round's placements, made or
// void, with their words and points; the play command shows the others'
// commitments only then), so the one-ply static player sees the result only for
// the last commitment of a round and otherwise plays by score.
//
// Cooperative play (mode=coop): turn-based; Score(p) is the shared sum
// of all seats' points for every seat, and every seat shares the result.
//
// Solo: Players 1, a 10x10 frame, a hand of 5 (draw to 6 at the start of
// a turn). Medal gives Bronze from 50 points, Silver 100, Gold 150,
// Master 200. With the default set and the embedded lexicon (269,870
// words, many of 3 and 4 letters) these are easy for the engine: over
// seeds 1-100 random placement scores 92 on average, greedy 348 and
// static 428 (every game Master); the thresholds are the rules' and are
// kept.
//
// Announcing, missed words, challenges. The engine lists every word a
// placement creates (Words, in the finder's order), so engine players
// always announce all. A Move may carry missed-word bits (WithMissed):
// those words go, in competitive play, to the next seat in turn order
// (the opponent who "spots them first"; in two-player games the
// opponent), with courtesy (and in solo) to the placer. A Move may be
// zeroed (Zeroed: a challenged word was not valid): the turn scores
// nothing for anyone. The play command builds these from what the human
// announces.
//
// End and result. Highest total wins; a tie goes to the tied seat with
// the highest-scoring single word (a word's value, missed words counting
// for whoever scored them, before any triple bonus); seats equal on both
// share the win (Winners, game.Ranker).
//
// # Moves and notation
//
// A Move packs the piece id and cell (see Placement, Decode) and the
// missed and zeroed bits. FormatMove writes "TH5v c4": the piece token
// (label, points, arrow: '>' right, 'v' down, '+' both, '.' none; edges
// prefixed by their side "N:T1>", corners by their side "NE") and the
// cell (column letter from a, row from 1). Pieces of the hand with equal
// faces, kind, side and parity are one move (the first in the hand).
// ParseMove reads the same, and also a token without points or arrow when
// only one piece of the hand matches.
//
// # Word finder
//
// Words walks the lexicon's GADDAG (Gordon 1994) from the placed piece:
// backwards along the arrows that lead into it, consuming labels
// reversed, so that at every start cell the automaton holds the reversed
// prefix; there it checks the whole word ending on the piece, and takes
// the separator to walk forwards along the piece's own arrows. A branch
// stops when the automaton has no arc for the next letter, so only paths
// that are part of some word are walked; each path is found once, by its
// unique start and route. TestFinderBruteForce compares it, path by path
// with points, with an enumeration of every arrow path through the cell
// checked with ContainsTiles, on random dense puzzles (-positions=N,
// default 100 puzzles, 20 cells each) and after every placement of random
// games (TestFinderInPlay).
//
// # Hidden information
//
// The pool's order and the other seats' hands are hidden. Determinize
// deals the pool and the other hands again from the pieces the observer
// cannot see, keeping every size (the observer's knowledge of pieces it
// put back under the pool is not kept), and draws a new key for the
// orders of future simultaneous rounds.
//
// # Evaluation
//
// State implements game.Evaluator for the static player (search.Static
// plays games without racks one ply deep): 1000 per point of the seat's
// score, plus, for the player to move only, openWeight (0.15) per point
// of the openings: summed over the empty placeable cells that an arrow
// leads into or that have a labelled piece right of or below them, the
// most points a probe piece (E, A, I, O, S, T, R or N with both arrows)
// scores there, found with the word finder. After a move the opponent is
// to move, so the static player weighs the points it scores against the
// openings it leaves; in solo the openings are its own next chances; in
// cooperative play every seat counts them, so static plays by score. The
// form and the weight were chosen by paired games of static against
// greedy (400 to 600 games each): the best opening alone (valued by the
// points of the arrow chains around the cell, or by probes) at weights
// 0.2 to 1.5 gave 46-54 %, the best minus the second 40-47 %; the sum
// (600 games, seed 2) at
// weights 0.05, 0.1, 0.15, 0.2, 0.3, 0.6 gave 59.0, 60.2, 62.9, 59.4,
// 54.8 and 35.5 %. Other probe sets at weight 0.15 did no better within
// the noise (E A S O 58.1 %, 12 letters 60.8 %, the 8 letters and ER ES
// ED IN ST 58.7 %). Over 2,000 paired games (seed 7) static beats greedy
// 58.8 % [56.6, 60.9], spread +8.9 points.
//
// In the free form (layout=free) the one-ply evaluation gains little:
// static against greedy 52.2 % [48.2, 56.1] over 600 paired games (seed
// 3) and 55.1 % [52.3, 57.9] over 1,200 (seed 11). The games are short
// (about 70 points a seat) because both players close the puzzle early
// with border pieces. Tried and not kept (same 600 games, then 1,200 at
// seed 11 for the two best): valuing for the player who just moved the
// empty cells the borders still allow (0.1, 0.3 or 1 per cell: 51.8,
// 50.5, 50.0 %), the openings at weight 0, 0.05 or 0.3 in the free form
// (50.0, 53.7 / 54.7, 50.1 %), a penalty of 1, 3 or 10 points per piece
// that fits nowhere in the hand of the player who just moved (54.5 /
// 53.6, 50.5, 48.1 %).
//
// # Positions
//
// Format and ParsePosition write and read a position as text (the
// variant, players, turn, scores, best words, the hand of the player to
// move, the puzzle row by row in piece tokens); the rest of the set is
// dealt to the other hands and the pool. Package textpos splits the text
// and reads the header's options, package option reads the variant
// (comma-separated, each option at most once, names and values in any
// case). Errors are *PositionError with line and column;
// FuzzParsePosition checks, from the positions of testdata/ and of random
// games, that no input panics and that Format's output reads back to
// itself.
package wordflow
