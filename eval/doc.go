// Package eval values moves: equity in integer milli-points (1000 = 1
// point, so that orders are exact and the same on every machine), leave
// tables for games with racks, and the evaluators built on them. It knows
// games only through the contracts of package game.
//
//	l, err := eval.DefaultLeaves("wwf")     // embedded, trained by self-play
//	e := eval.NewStatic(l)                  // one per goroutine
//	eq := e.Equity(s, m)                    // 1000·score + leave value
//
// # Equity
//
// Static's equity of a move is 1000·score, plus the position terms a game
// may add (the optional interface Positional), plus, in a game.Racker,
// the value of the tiles the mover keeps: the leave table's value while
// the bag holds tiles, and the end-of-game term once it is empty (−2 per
// point kept, +2 per point on the other racks for going out, or the
// game's own factor instead of 2, EndFactorer; see Static).
// A game that is not a Racker is valued by its score alone.
//
// # Leave tables
//
// A Leaves holds a value for every leave of 1 to MaxLeave (6) tiles: the
// leaves seen in training are listed; any other leave gets the table's
// prior, a linear model (see below). A lookup sorts the tiles in a
// fixed-size array and, for alphabets of up to 31 letters, reads one
// dense array indexed by the rank of the multiset in the combinatorial
// number system (a minimal perfect hash of all multisets: 1,107,567
// entries, 4.4 MB, for English); larger alphabets binary-search the
// listed leaves. Neither allocates.
//
// # Training: mean future score difference per leave
//
// Train (the command `wordengine leaves train`) plays self-play games and
// records, for every move made while the bag still holds tiles, the
// mover's leave and a target: the points the mover scores on its next
// turn. A leave's raw value is the mean target of its samples minus the
// mean target of all samples, that is, how many more points than average
// a player scores next turn after keeping it. This is the statistical
// method by which the first tile and leave values were computed (a
// highest-scoring player over millions of racks, average score by tile
// kept; see "No Tile Left Behind: Single Tile Values",
// http://www.breakingthegame.net/leaves1), applied to whole leaves as
// Quackle's and Macondo's "superleaves" list every leave of up to 6
// tiles.
//
// The empty leave is worth 0 by definition, while the mean is taken over
// leaves of 1 to 6 tiles, so the scale of the table is not anchored at the
// empty leave. Two anchorings were tried and dropped: measuring leaves
// against the mean next-turn score after an empty leave (about 7 points
// above the mean in self-play, mostly after bingos, which open the board;
// 1,000 WWF games against the plain table: 49.9 %), and subtracting the
// prior's intercept, its estimate for no tiles (4,000 games: WWF 49.4 %
// [47.9, 51.0], Scrabble 50.0 %). Train reports the first
// (TrainStats.EmptyMean).
//
// Rare leaves have few samples and noisy means, so each mean is shrunk
// toward a prior (empirical-Bayes / credibility weighting):
//
//	value = (n·mean + k·prior) / (n + k)
//
// where n is the leave's number of samples and k the shrinkage constant
// (DefaultShrink = 20; a leave's own mean weighs as much as the prior
// once it has k samples). The prior is a linear model fitted by weighted
// least squares (gonum's Cholesky solver) to the per-leave means, weight
// n (the same fit as least squares on every sample), with features: an
// intercept; the count n_t of each tile type t (blank included);
// max(0, n_t − 1), the duplicates of each type; and (v − c)², the square
// of vowels minus consonants, for rack balance. Leaves never seen get the
// prior, which therefore also values impossible leaves (a second Z) and
// the 7-tile leave of a pass.
//
// The prior is linear, so it extrapolates without limit to compositions
// that training never saw: with a tile set of ten blanks, about 11 points
// a blank, so that seven blanks kept by a pass (77 points) beat a
// 50-point bingo. Its value is therefore clamped to the range of the
// listed leaves of the same size (of MaxLeave tiles for a longer leave):
// training saw the best and worst leaves that occur in play, and a
// composition it never saw is taken to be no better than the best of
// them nor worse than the worst. The clamp touches only leaves outside
// play with the standard tile sets: 1,000 static self-play games each of
// WWF and Scrabble are the same with and without it.
//
// A second generation may start from a first table (TrainConfig.Init):
// the target then adds the first table's value of the leave the mover
// keeps on its next turn, a one-step temporal-difference target (Sutton
// 1988) that credits tiles kept beyond one turn, such as a blank.
//
// Samples are summed per leave in integers, and the fit runs in key
// order, so a seed gives the same table whatever the number of threads.
//
// # Shards and tallies
//
// A run splits into shards (TrainConfig.Shard of Shards: the games i with
// i mod Shards == Shard), each played anywhere by TrainShard, which
// returns a Tally: per leave, the number of samples and the sum of their
// targets, not their mean, with what the fit needs besides (the game, its
// letters and points, the shrinkage k, the note of the "trained" line) and
// what identifies the run (seed, games, shards, the SHA-256 of the Init
// table, whose values the targets already hold). Integer sums add up
// exactly in any order, so MergeTallies of every shard, then Tally.Fit,
// give the table Train gives, to the byte. Tallies are written atomically
// (a temporary file renamed over the target), so a finished shard is a
// checkpoint of a long run.
//
// # File format (version 1)
//
// A leave file is UTF-8 text, optionally gzip-compressed (ReadLeaves
// detects it). Blank lines and lines starting with # are ignored. The
// first line is "wordengine-leaves 1"; header lines follow, each a
// keyword and its fields, until the "leaves" line:
//
//	game wwf                          the game the table was trained for (required, before letters)
//	letters A B C ... Z               the alphabet in tile-code order (required)
//	points ? 0 A 1 B 4 ...            each tile type's points (optional; for the end-of-game term)
//	trained TEXT                      how the table was made (optional, free text)
//	prior intercept V                 the prior's coefficients in milli-points
//	prior balance V                   (optional; missing ones are 0)
//	prior count L V                   per tile of type L (? is the blank)
//	prior dup L V                     per duplicate of type L
//	leaves N                          the number of leave lines that follow
//
// then N lines "LEAVE VALUE": the leave's tiles as an alphabet writes a
// rack ("?" a blank, a multi-letter tile in brackets), in any order, and
// its value, an integer in milli-points. WriteTo writes leaves by length,
// then in alphabet order with the blank first. Values and coefficients
// must lie in the int32 range. Errors name the file and line and wrap
// ErrFormat.
package eval
