package crossword

import (
	"testing"

	"wordengine/game"
	"wordengine/game/gametest"
	"wordengine/lexicon"
)

// Checks INV-1 (MOVEGEN.md).
func TestConformance(t *testing.T) {
	// Not parallel: gametest measures allocations (testing.AllocsPerRun).
	lx := testLexicon(t)
	for _, name := range []string{"wwf", "scrabble"} {
		t.Run(name, func(t *testing.T) {
			r := testRules(t, name)
			games := 6
			if testing.Short() || raceEnabled {
				games = 2
			}
			gametest.Run(t, gametest.Config{
				New:             func(seed uint64) (game.State, error) { return New(r, lx, seed) },
				Games:           games,
				BruteForce:      func(s game.State) []game.Move { return bruteMoves(s.(*State)) },
				BruteForceEvery: 5,
			})
		})
	}
}

// bruteMoves lists every legal move by brute force: the plays of
// brutePlays, every exchange the bag allows (each sub-multiset of the rack,
// enumerated directly) and the pass.
func bruteMoves(s *State) []game.Move {
	moves := brutePlayMoves(s)
	rack := s.Rack(nil, s.toMove)
	if s.bag.Len() >= max(1, s.rules.ExchangeMinBag) {
		seen := map[game.Move]bool{}
		for mask := 1; mask < 1<<len(rack); mask++ {
			var sub []lexicon.Tile
			for i, t := range rack {
				if mask>>i&1 != 0 {
					sub = append(sub, t)
				}
			}
			if len(sub) > s.bag.Len() {
				continue
			}
			m, err := s.CheckExchange(sub)
			if err == nil && !seen[m] {
				seen[m] = true
				moves = append(moves, m)
			}
		}
	}
	return append(moves, passMove)
}
