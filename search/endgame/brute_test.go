package endgame

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/game"
	_ "wordengine/game/upwords"
	_ "wordengine/game/wwf"
)

var positions = flag.Int("positions", 0, "seeded small endgames of TestSolverEqualsBruteForce (0: a few per game; make proof: 2100)")

// One seed of one game, to look again at a case of make proof's runs
// without running the others:
//
//	go test -run SolverEqualsBruteForce ./search/endgame -args -endgame-game upwords -endgame-seed 878
var (
	onlyGame = flag.String("endgame-game", "", "run TestSolverEqualsBruteForce and TestPreEndgameIsTheMeanOfItsWorlds on this game alone (wwf, scrabble or upwords)")
	onlySeed = flag.Uint64("endgame-seed", 0, "run those tests on this seed alone (0: their usual seeds), with make proof's budgets")
)

// testGames returns the games the seeded tests run: all three, or the
// one -endgame-game names.
func testGames() []string {
	if *onlyGame != "" {
		return []string{*onlyGame}
	}
	return []string{"wwf", "scrabble", "upwords"}
}

// testSeed returns the first seed of a seeded test and whether it is the
// only one (-endgame-seed).
func testSeed() (uint64, bool) {
	if *onlySeed != 0 {
		return *onlySeed, true
	}
	return 1, false
}

// plain hides a state's optional interfaces, so that the solver works
// with the State contract alone.
type plain struct{ game.State }

func (p plain) Clone() game.State { return plain{p.State.Clone()} }

// smallEndgame plays a seeded game of name (greedy, with a random move now
// and then) until the bag is empty and both racks hold at most maxRack
// tiles, then a few more plies at random; ok is false when the game ended
// first.
func smallEndgame(t testing.TB, name string, seed uint64, maxRack int) (game.State, bool) {
	t.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0xe9))
	s, err := spec.New(game.Config{Players: 2, Rand: rng})
	if err != nil {
		t.Fatal(err)
	}
	rk := s.(game.Racker)
	extra := rng.IntN(3)
	var moves []game.Move
	for !s.Over() {
		if rk.BagLen() == 0 && len(rk.Rack(nil, 0)) <= maxRack && len(rk.Rack(nil, 1)) <= maxRack {
			if extra == 0 {
				return s, true
			}
			extra--
		}
		moves = s.AppendMoves(moves[:0])
		best := moves[0]
		for _, m := range moves {
			if s.MoveScore(m) > s.MoveScore(best) {
				best = m
			}
		}
		if rng.IntN(8) == 0 {
			best = moves[rng.IntN(len(moves))]
		}
		s.Play(best)
	}
	return nil, false
}

// bruteForce is negamax with no pruning and no table: the value of s for
// the player to move, depth plies deep (-1: to the end of the game),
// positions left unfinished valued at their spread; ok is false when it
// would search more than *budget positions (it counts them down).
func bruteForce(s game.State, depth int, budget *int) (v int32, ok bool) {
	if s.Over() || depth == 0 {
		return 0, true
	}
	if *budget--; *budget < 0 {
		return 0, false
	}
	best := -inf
	for _, m := range s.AppendMoves(nil) {
		before := spread(s)
		s.Play(m)
		d := -spread(s) - before
		cv, ok := bruteForce(s, depth-1, budget)
		s.Undo()
		if !ok {
			return 0, false
		}
		best = max(best, d-cv)
	}
	return best, true
}

// bruteRoot returns the value of s and its best moves by bruteForce.
func bruteRoot(s game.State, depth int, budget int) (int32, []game.Move, bool) {
	best := -inf
	var bests []game.Move
	for _, m := range s.AppendMoves(nil) {
		before := spread(s)
		s.Play(m)
		d := -spread(s) - before
		cv, ok := bruteForce(s, depth-1, &budget)
		s.Undo()
		if !ok {
			return 0, nil, false
		}
		switch v := d - cv; {
		case v > best:
			best, bests = v, append(bests[:0], m)
		case v == best:
			bests = append(bests, m)
		}
	}
	return best, bests, true
}

// checkPV plays the principal variation of r on a clone of s and checks
// that every move is legal and that, when the variation reaches the end of
// the game or r.Depth plies, the spread changes by r.Value.
func checkPV(t *testing.T, name string, s game.State, r *Result) {
	t.Helper()
	c := s.Clone()
	me := c.ToMove()
	before := c.Score(me) - c.Score(1-me)
	for i, m := range r.PV {
		if !slices.Contains(c.AppendMoves(nil), m) {
			t.Fatalf("%s: PV move %d (%s) is not legal", name, i+1, c.FormatMove(m))
		}
		c.Play(m)
	}
	if c.Over() || len(r.PV) == r.Depth {
		if got := c.Score(me) - c.Score(1-me) - before; got != r.Value {
			t.Fatalf("%s: the PV changes the spread by %d, the value is %d", name, got, r.Value)
		}
	} else {
		t.Fatalf("%s: PV of %d moves at depth %d, and the game goes on", name, len(r.PV), r.Depth)
	}
}

// checkPVBest checks by bruteForce that every move of the principal
// variation of r, searched depth plies deep (-1: to the end of the game),
// is among the best of its position: the k-th move (from 0) at depth-k
// plies, or to the end. Each position's tree is part of the root's, which
// fit in budget.
func checkPVBest(t *testing.T, label string, s game.State, r *Result, depth, budget int) {
	t.Helper()
	c := s.Clone()
	for k, m := range r.PV {
		d := depth
		if depth > 0 {
			d = depth - k
		}
		_, bests, ok := bruteRoot(c, d, budget)
		if !ok {
			t.Fatalf("%s: move %d of the PV: the brute force is out of budget", label, k+1)
		}
		if !slices.Contains(bests, m) {
			t.Fatalf("%s: move %d of the PV, %s, is not among the brute force's best", label, k+1, c.FormatMove(m))
		}
		c.Play(m)
	}
}

// TestSolverEqualsBruteForce compares the solver with bruteForce on
// seeded small endgames (racks of 1 to 4 tiles) of Words With Friends,
// Scrabble and Upwords, through the games' own interfaces and through the
// State contract alone: the same value, and the solver's move among the
// brute force's best, and so each move of its principal variation. The depth is drawn from 1 to 6 plies, lowered until
// the brute force fits its budget, or the whole game for the smallest.
// make proof runs 2,100 of them (-positions).
func TestSolverEqualsBruteForce(t *testing.T) {
	per := 12
	if testing.Short() || raceEnabled {
		per = 1
	}
	if *positions > 0 {
		per = (*positions + 2) / 3
	}
	budget := 40_000
	if raceEnabled {
		budget = 3_000
	}
	first, only := testSeed()
	if *positions > 0 || only {
		budget = 400_000
	}
	sv := New(Options{TableMB: 8})
	counts := map[string]int{}
	for _, name := range testGames() {
		done, full := 0, 0
		for seed := first; done < per; seed++ {
			if only && seed > first {
				break
			}
			s, ok := smallEndgame(t, name, seed, 1+int(seed%4))
			if !ok {
				if only {
					t.Logf("%s seed %d: the game ends before a small endgame", name, seed)
				}
				continue
			}
			rng := rand.New(rand.NewPCG(seed, 5))
			depth := 1 + rng.IntN(6)
			if rng.IntN(4) == 0 {
				depth = -1
			}
			var want int32
			var bests []game.Move
			for {
				if want, bests, ok = bruteRoot(s, depth, budget); ok {
					break
				}
				if depth == -1 {
					depth = 6
				}
				depth--
			}
			if depth == 0 {
				continue
			}
			plies := depth
			if depth == -1 {
				plies, full = 0, full+1
			}
			for _, st := range []game.State{s, plain{s}} {
				label := fmt.Sprintf("%s seed %d depth %d (%T)", name, seed, depth, st)
				sv.opts = Options{Plies: plies, TableMB: 8}
				r, err := sv.Solve(context.Background(), st)
				if err != nil {
					t.Fatalf("%s: %v", label, err)
				}
				if int32(r.Value) != want {
					t.Fatalf("%s: value %d, brute force %d\n%s", label, r.Value, want, s)
				}
				if !slices.Contains(bests, r.Best()) {
					t.Fatalf("%s: move %s is not among the brute force's best", label, s.FormatMove(r.Best()))
				}
				if depth == -1 && !r.Solved {
					t.Fatalf("%s: solved to the end but not Solved (depth %d)", label, r.Depth)
				}
				checkPV(t, label, s, r)
				checkPVBest(t, label, s, r, depth, budget)
			}
			done++
		}
		counts[name] = done
		t.Logf("%s: %d endgames, %d of them to the end of the game", name, done, full)
	}
}
