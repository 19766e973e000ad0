// Package sim is the Monte Carlo simulation player ("sim"): it chooses
// among the best moves by static equity by playing each of them out in
// many sampled worlds, the method of Brian Sheppard's Maven ("World-
// championship-caliber Scrabble", Artificial Intelligence 134, 2002),
// which Quackle's championship player and Macondo's simulator also use.
// It works on every game with hidden information through the contracts of
// package game (State, Determinizer, Racker) and the static player of
// package search; it never imports a game package.
//
//	p, _ := search.New("sim:plies=2,iterations=400,stop=99")
//	m, _ := p.Choose(ctx, s, rng)
//	res, _ := sim.New(sim.Options{Time: 2 * time.Second}).Simulate(ctx, s, seed)
//
// # Algorithm
//
// Candidates are the top K moves (option candidates, default 10) of
// search.Static's Rank: highest static equity first. One iteration i
// draws a world and rolls every surviving candidate out in it:
//
//  1. The iteration's seed is IterationSeed(seed, i), a SplitMix64 hash of
//     the simulation's seed and i.
//  2. For each candidate, the worker's clone of the position is
//     determinized for the mover from a random source seeded with the
//     iteration's seed (game.Determinizer: in crossword games the
//     opponent's rack is redealt from the unseen tiles, the bag and that
//     rack, and the future draws are reseeded). The contract of
//     Determinizer makes the result depend only on the position and the
//     seed, so every candidate of an iteration faces the same opponent
//     rack and the same bag order: common random numbers, which cancel
//     part of the luck between candidates.
//  3. The candidate is played, then P more plies (option plies, default 2:
//     the opponent's reply and the mover's next move) by the static player
//     for every side, stopping early if the game ends.
//  4. The outcome is valued (below) and every move is undone: a worker
//     clones the position once per simulation and then only plays and
//     undoes, so an iteration allocates nothing of its own (the static
//     player allocates only to break an exact tie by notation).
//
// The opponent's reply is shared between the candidates of an iteration
// when the game is a game.NearMover (the crossword games) and plies
// follow the candidates: before them, the worker lets the mover pass in
// the determinized world and lists the opponent's Replies (6) best moves
// there (search.Static.RankTop), on the board of the position simulated.
// Every candidate's rollout then faces the same opponent rack, and a play
// the candidate did not touch is worth what it was worth before it, so
// search.Static.ChooseAfter finds the reply that Choose would find by
// generating only the plays near the candidate, whenever the candidate
// leaves one of the listed replies untouched (98 % of the rollouts on the
// committed midgame position). The replies, and so the results, are
// exactly those of the static player: TestChooseAfterEqualsChoose checks
// ChooseAfter against Choose on self-play positions (-positions=N for
// more), and TestSharedReplyEqualsChoose, TestSharedReplyOtherLexicons and
// TestSimulateSharedEqualsPlain check rollouts and whole simulations
// against ones whose every reply is Choose's (-share-positions=N).
//
// A game without a Determinizer has nothing hidden: one iteration is
// enough, and Simulate runs one.
//
// # Value of a rollout
//
// The equity of a rollout, in points, is the change of the mover's spread
// (its score minus the best other score) from the position simulated to
// the end of the rollout, plus the leave term of the mover's last move in
// the rollout (eval.Static: the leave table's value while the bag holds
// tiles; once it is empty, minus twice the points kept, or plus twice the
// opponent's rack for going out), or no leave term when the game ended
// within the rollout (the final scores say everything). With P = 2 the
// mover's last move is its second; with P = 1 it is the candidate itself.
//
// The win estimate of a rollout is the result when the game ended in it
// (1 win, 0.5 tie, 0 loss; game.Winners), otherwise WinEstimate of the
// final spread (leave term included) and the tiles the mover cannot see
// (bag plus other racks): a logistic 1/(1+exp(−spread/(WinScale·√(u+1)))).
// WinScale = 7 was fitted by maximum likelihood on every position of 1,500
// WWF games of static self-play (33,743 positions; 7.5 for Scrabble); fitted
// per range of unseen tiles it stays between 6.25 and 9.75, so the
// square-root law is a fair first model. TestCalibrateWinScale (with
// -args -calibrate) repeats the fit.
//
// The objective a candidate is ranked and tested by is its mean equity;
// near the end of the game, when the bag holds at most EndBag (7) tiles,
// it is the mean of equity + WinWeight (1000) × win estimate: one
// percent of winning chances is worth 10 points, so winning chances
// dominate and spread decides between moves that win (or lose) alike.
//
// # Stopping
//
// A simulation ends when its budget is spent: Options.Iterations
// iterations (default 400), or Options.Time, or the context is cancelled
// (Simulate then returns the statistics of the iterations completed; with
// none, the static order decides). It can end earlier by successive
// elimination (Even-Dar, Mannor and Mansour, "Action elimination and
// stopping conditions for the multi-armed bandit and reinforcement
// learning problems", JMLR 7, 2006), with a z-test as the confidence
// bound: at every checkpoint (every Checkpoint = 16 iterations, from
// MinIterations = 32 on) the leader is the surviving candidate of highest
// mean objective, and each other survivor c is eliminated when
//
//	mean(x_leader − x_c) / SE(x_leader − x_c) > Φ⁻¹(1 − α/(m−1))
//
// over the iterations so far, where α is 0.05 (option stop=95) or 0.01
// (stop=99, the default), m the number of survivors, and the differences
// are paired by iteration (with common random numbers the paired standard
// error is smaller than the unpaired one: on the committed midgame, 200
// iterations, by 17 to 51 % between the top static move and the nine
// others). The simulation stops when one
// candidate survives. The Bonferroni factor 1/(m−1) covers the
// comparisons of one look, not the repeated looks, so the real error rate
// is somewhat above α; Macondo offers a similar early stop. stop=0 turns
// elimination off.
//
// # Threads and determinism
//
// Iterations run on Options.Threads goroutines (default GOMAXPROCS), each
// with its own clone and static player. Iteration i always uses seed
// IterationSeed(seed, i); the samples of each checkpoint's iterations are
// added in iteration order and eliminations are decided only at
// checkpoints, so for a seed and an iteration budget the result is the
// same whatever the number of threads. A time budget or a cancellation
// makes the number of iterations depend on the machine.
//
// # Options
//
// The player spec "sim:plies=P,iterations=N,time=D,stop=95|99|0,
// candidates=K,threads=T,seed=S" (ParseOptions) sets Options. Choose seeds
// each simulation from the random source it is given; Rank, which has
// none, uses the seed option (default 1).
package sim
