package endgame

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
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

// TestPreEndgameIsTheMeanOfItsWorlds solves seeded pre-endgames (one tile
// in the bag) a few plies deep and checks every candidate against the
// worlds worked out here: for each tile the bag may hold, weighted by
// its count among the unseen tiles, the opponent given the rest, the
// candidate played and the position solved to the same depth. The win
// probability and the mean spread must be theirs, and the candidates
// ranked by them.
func TestPreEndgameIsTheMeanOfItsWorlds(t *testing.T) {
	n, k := 2, 6
	if testing.Short() || raceEnabled {
		n, k = 1, 3
	}
	if *positions > 0 {
		n = 10
	}
	for _, name := range []string{"wwf", "scrabble", "upwords"} {
		done := 0
		for seed := uint64(1); done < n; seed++ {
			s, ok := preEndgame(t, name, seed)
			if !ok {
				continue
			}
			done++
			plies := 1 + int(seed%2)
			if raceEnabled {
				plies = 1
			}
			sv := New(Options{Plies: plies, TableMB: 8})
			all := s.AppendMoves(nil)
			cands := all[:min(len(all), k)]
			res, err := sv.PreEndgame(context.Background(), s, cands)
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			if res.Cases != res.Total || res.Stopped != "done" {
				t.Fatalf("%s seed %d: %d of %d cases, stopped %s", name, seed, res.Cases, res.Total, res.Stopped)
			}
			me := s.ToMove()
			unseen := s.(game.RackDealer).Unseen(nil, me)
			for _, c := range res.Candidates {
				label := fmt.Sprintf("%s seed %d %s", name, seed, s.FormatMove(c.Move))
				if c.Pruned {
					continue
				}
				wins, sum, weight := 0.0, 0.0, 0
				counted := map[lexicon.Tile]bool{}
				for _, tile := range unseen {
					if counted[tile] {
						continue
					}
					counted[tile] = true
					w, rest := 0, []lexicon.Tile{}
					skipped := false
					for _, u := range unseen {
						if u == tile && !skipped {
							skipped = true
						} else {
							rest = append(rest, u)
						}
						if u == tile {
							w++
						}
					}
					world := s.Clone()
					if err := world.(game.RackDealer).SetRack(1-me, rest); err != nil {
						t.Fatal(err)
					}
					if bag := world.(game.Racker).BagLen(); bag != 1 {
						t.Fatalf("%s: the world has %d tiles in the bag", label, bag)
					}
					world.Play(c.Move)
					final := float64(world.Score(me) - world.Score(1-me))
					if !world.Over() {
						r, err := New(Options{Plies: plies, TableMB: 8}).solve(context.Background(), world, Options{Plies: plies, Threads: 1, TableMB: 8})
						if err != nil {
							t.Fatal(err)
						}
						final -= float64(r.Value)
					}
					weight += w
					sum += float64(w) * final
					switch {
					case final > 0:
						wins += float64(w)
					case final == 0:
						wins += float64(w) / 2
					}
				}
				if weight != len(unseen) || c.TotalWeight != weight || c.Weight != weight {
					t.Fatalf("%s: weights %d/%d, want %d", label, c.Weight, c.TotalWeight, len(unseen))
				}
				if math.Abs(c.Win-wins/float64(weight)) > 1e-9 || math.Abs(c.Spread-sum/float64(weight)) > 1e-9 {
					t.Fatalf("%s: win %.4f spread %.4f, the worlds say %.4f %.4f", label, c.Win, c.Spread, wins/float64(weight), sum/float64(weight))
				}
			}
			for i := 1; i < len(res.Candidates); i++ {
				a, b := res.Candidates[i-1], res.Candidates[i]
				if b.Done() && (a.Win < b.Win || a.Win == b.Win && a.Spread < b.Spread) {
					t.Fatalf("%s seed %d: candidates out of order at %d", name, seed, i)
				}
			}
		}
	}
}
