package endgame

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// preEndgame plays a seeded game of name (greedy, a random move now and
// then) until the bag holds one tile; ok is false when it never does.
func preEndgame(t testing.TB, name string, seed uint64) (game.State, bool) {
	t.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e))
	s, err := spec.New(game.Config{Players: 2, Rand: rng})
	if err != nil {
		t.Fatal(err)
	}
	rk := s.(game.Racker)
	var moves []game.Move
	for !s.Over() && rk.BagLen() > 1 {
		moves = s.AppendMoves(moves[:0])
		best := moves[0]
		for _, m := range moves {
			if s.MoveScore(m) > s.MoveScore(best) {
				best = m
			}
		}
		if rng.IntN(6) == 0 {
			best = moves[rng.IntN(len(moves))]
		}
		s.Play(best)
	}
	return s, !s.Over() && rk.BagLen() == 1
}

// world is one world of a pre-endgame candidate: the tile in the bag,
// its weight (its count among the unseen tiles) and the mover's final
// spread there.
type world struct {
	tile   lexicon.Tile
	weight int
	final  float64
}

// worlds works out every world of candidate m of the pre-endgame s here,
// in the order of their tiles: the opponent given the unseen tiles but
// one, m played and the rest solved plies deep by a fresh solver.
func worlds(t *testing.T, s game.State, m game.Move, plies int) []world {
	me := s.ToMove()
	unseen := s.(game.RackDealer).Unseen(nil, me)
	slices.Sort(unseen)
	var out []world
	for i, tile := range unseen {
		if i > 0 && unseen[i-1] == tile {
			out[len(out)-1].weight++
			continue
		}
		rest := append(slices.Clone(unseen[:i]), unseen[i+1:]...)
		w := s.Clone()
		if err := w.(game.RackDealer).SetRack(1-me, rest); err != nil {
			t.Fatal(err)
		}
		if bag := w.(game.Racker).BagLen(); bag != 1 {
			t.Fatalf("the world has %d tiles in the bag", bag)
		}
		w.Play(m)
		final := float64(w.Score(me) - w.Score(1-me))
		if !w.Over() {
			r, err := New(Options{Plies: plies, TableMB: 8}).solve(context.Background(), w, Options{Plies: plies, Threads: 1, TableMB: 8})
			if err != nil {
				t.Fatal(err)
			}
			final -= float64(r.Value)
		}
		out = append(out, world{tile: tile, weight: 1, final: final})
	}
	return out
}

// TestPreEndgameIsTheMeanOfItsWorlds solves seeded pre-endgames (one tile
// in the bag) a few plies deep and derives the whole result again from
// every world of every candidate, worked out here (see worlds): in the
// order the candidates are given, each candidate's worlds in the order of
// their tiles, a candidate is given up (Pruned) before the first world
// at which winning every world left could not reach the win probability
// of the best candidate solved in full before it; each candidate's cases,
// weights, win probability and mean spread must be those of the worlds
// it solved, the pruned candidates' cases the only ones missing from the
// total, and the candidates ranked. A pruned candidate's mean over all
// its worlds must really be below the best's win probability: the
// pruning is sound.
func TestPreEndgameIsTheMeanOfItsWorlds(t *testing.T) {
	n, k := 2, 6
	if testing.Short() || raceEnabled {
		n, k = 1, 3
	}
	first, only := testSeed()
	if *positions > 0 {
		n = 10
	}
	pruned := 0
	for _, name := range testGames() {
		done := 0
		for seed := first; done < n; seed++ {
			if only && seed > first {
				break
			}
			s, ok := preEndgame(t, name, seed)
			if !ok {
				if only {
					t.Logf("%s seed %d: no pre-endgame", name, seed)
				}
				continue
			}
			done++
			plies := 1 + int(seed%2)
			if raceEnabled {
				plies = 1
			}
			pruned += checkPreEndgame(t, name, seed, s, k, plies)
		}
	}
	t.Logf("%d candidates given up, each below the best over all its worlds", pruned)
}

// checkPreEndgame solves the pre-endgame s of game name, seed seed (see
// TestPreEndgameIsTheMeanOfItsWorlds), for its first k legal moves, each
// world plies deep, and returns how many candidates were given up.
func checkPreEndgame(t *testing.T, name string, seed uint64, s game.State, k, plies int) (pruned int) {
	t.Helper()
	sv := New(Options{Plies: plies, TableMB: 8})
	all := s.AppendMoves(nil)
	cands := all[:min(len(all), k)]
	res, err := sv.PreEndgame(context.Background(), s, cands)
	if err != nil {
		t.Fatalf("%s seed %d: %v", name, seed, err)
	}
	if res.Stopped != "done" || len(res.Candidates) != len(cands) {
		t.Fatalf("%s seed %d: %d candidates of %d, stopped %s", name, seed, len(res.Candidates), len(cands), res.Stopped)
	}
	unseen := len(s.(game.RackDealer).Unseen(nil, s.ToMove()))
	got := map[game.Move]PreCandidate{}
	for _, c := range res.Candidates {
		got[c.Move] = c
	}
	bestWin := -1.0 // of the candidates solved in full so far
	cases, total, missing := 0, 0, 0
	for _, m := range cands {
		label := fmt.Sprintf("%s seed %d %s", name, seed, s.FormatMove(m))
		ws := worlds(t, s, m, plies)
		c := got[m]
		want := PreCandidate{Move: m, Score: s.MoveScore(m), Total: len(ws), TotalWeight: unseen}
		var wins, sum, fullWins float64
		for _, w := range ws {
			if !want.Pruned && bestWin >= 0 && (wins+float64(unseen-want.Weight))/float64(unseen) < bestWin {
				want.Pruned = true
			}
			win := 0.0
			switch {
			case w.final > 0:
				win = float64(w.weight)
			case w.final == 0:
				win = float64(w.weight) / 2
			}
			fullWins += win
			if want.Pruned {
				continue
			}
			wins += win
			sum += float64(w.weight) * w.final
			want.Cases++
			want.Weight += w.weight
			want.Win, want.Spread = wins/float64(want.Weight), sum/float64(want.Weight)
		}
		if c.Move != m || c.Score != want.Score || c.Cases != want.Cases || c.Total != want.Total ||
			c.Weight != want.Weight || c.TotalWeight != want.TotalWeight || c.Pruned != want.Pruned ||
			math.Abs(c.Win-want.Win) > 1e-9 || math.Abs(c.Spread-want.Spread) > 1e-9 {
			t.Fatalf("%s: %+v, the worlds say %+v", label, c, want)
		}
		if c.Pruned {
			// Sound: over all its worlds it is below the best
			// solved before it, which the best of all beats too.
			if full := fullWins / float64(unseen); full >= bestWin || full >= res.Candidates[0].Win {
				t.Fatalf("%s: given up, but wins %.4f over all its worlds, the best %.4f", label, full, bestWin)
			}
			missing += c.Total - c.Cases
			pruned++
		} else if !c.Done() {
			t.Fatalf("%s: %d of %d cases, neither solved nor given up", label, c.Cases, c.Total)
		} else {
			bestWin = max(bestWin, c.Win)
		}
		cases += c.Cases
		total += c.Total
	}
	if res.Cases != cases || res.Total != total || res.Cases+missing != res.Total {
		t.Fatalf("%s seed %d: %d of %d cases, the candidates' %d of %d (%d given up)", name, seed, res.Cases, res.Total, cases, total, missing)
	}
	for i := 1; i < len(res.Candidates); i++ {
		a, b := res.Candidates[i-1], res.Candidates[i]
		if a.Done() != b.Done() && b.Done() || b.Done() && (a.Win < b.Win || a.Win == b.Win && a.Spread < b.Spread) {
			t.Fatalf("%s seed %d: candidates out of order at %d", name, seed, i)
		}
	}
	return pruned
}

// TestPreEndgameGivesUpSoundly checks a pre-endgame in which a candidate
// is given up (Scrabble, seed 39, 2 plies: 1I AS loses its first world
// while five candidates before it win all theirs) as
// TestPreEndgameIsTheMeanOfItsWorlds does.
func TestPreEndgameGivesUpSoundly(t *testing.T) {
	s, ok := preEndgame(t, "scrabble", 39)
	if !ok {
		t.Fatal("scrabble seed 39: no pre-endgame")
	}
	if n := checkPreEndgame(t, "scrabble", 39, s, 6, 2); n == 0 {
		t.Fatal("scrabble seed 39: no candidate given up; the seed no longer makes the case (pick another)")
	}
}
