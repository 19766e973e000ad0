package crossword

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// bagEndPosition plays a seeded game (the highest-scoring play, a random
// one now and then) until the bag holds bag tiles or fewer; ok is false
// when it does not hold exactly bag, or the game is over.
func bagEndPosition(t testing.TB, r *Rules, lx *lexicon.Lexicon, seed uint64, bag int) (*State, bool) {
	s, err := New(r, lx, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 17))
	var buf []game.Move
	for !s.Over() && s.BagLen() > bag {
		buf = s.AppendPlays(buf[:0])
		if len(buf) == 0 {
			s.Play(passMove)
			continue
		}
		best := slices.MaxFunc(buf, func(x, y game.Move) int { return moveScore(x) - moveScore(y) })
		if rng.IntN(5) == 0 {
			best = buf[rng.IntN(len(buf))]
		}
		s.Play(best)
	}
	return s, !s.Over() && s.BagLen() == bag
}

// positionText writes what PositionKey must cover.
func positionText(s *State) string {
	var sb strings.Builder
	for i, t := range s.board.sq {
		if t != 0 {
			fmt.Fprintf(&sb, "%d:%d ", i, t)
		}
	}
	bag := slices.Clone(s.bag.Tiles())
	slices.Sort(bag)
	fmt.Fprintf(&sb, "|%v|%v|%v|%d|%d|%v|%v", s.racks[0].counts, s.racks[1].counts, bag, s.toMove, s.scoreless, s.over, s.scores[0] == 0 && s.scores[1] == 0)
	return sb.String()
}

// checkEndgameMoves compares AppendEndgameMoves with AppendMoves on s:
// the same moves, and each move's spread change, tile count and end as
// playing it shows; and BestEndgameMove with the largest spread change.
func checkEndgameMoves(t *testing.T, label string, s *State) {
	t.Helper()
	got := s.AppendEndgameMoves(nil)
	want := s.AppendMoves(nil)
	if len(got) != len(want) {
		t.Fatalf("%s: %d endgame moves, %d moves\n%s", label, len(got), len(want), s)
	}
	best := got[0]
	for _, em := range got {
		if em.Delta > best.Delta {
			best = em
		}
	}
	if b := s.BestEndgameMove(math.MaxInt32); b.Delta != best.Delta || !slices.Contains(got, b) {
		t.Fatalf("%s: BestEndgameMove %s %+d, the best of AppendEndgameMoves %s %+d", label, s.FormatMove(b.Move), b.Delta, s.FormatMove(best.Move), best.Delta)
	}
	// With enough: a move that reaches it when one does, else the best.
	enough := best.Delta - int32(len(got)%7)
	if b := s.BestEndgameMove(enough); b.Delta < enough || !slices.Contains(got, b) {
		t.Fatalf("%s: BestEndgameMove(%d) %s %+d", label, enough, s.FormatMove(b.Move), b.Delta)
	}
	seen := map[game.Move]bool{}
	for _, m := range want {
		seen[m] = true
	}
	p := s.toMove
	for _, em := range got {
		if !seen[em.Move] {
			t.Fatalf("%s: endgame move %s is not a legal move (or twice)", label, s.FormatMove(em.Move))
		}
		delete(seen, em.Move)
		before := s.scores[p] - s.scores[1-p]
		rack := s.racks[p].n
		s.Play(em.Move)
		d, over := s.scores[p]-s.scores[1-p]-before, s.over
		s.Undo()
		tiles := 0
		if k := MoveKind(em.Move); k == Play || k == Exchange {
			tiles = MoveTileCount(em.Move)
		}
		if int(em.Delta) != d || em.Ends != over || int(em.Tiles) != tiles {
			t.Fatalf("%s: %s: delta %d ends %v tiles %d, playing it: %d %v %d (rack %d)", label, s.FormatMove(em.Move), em.Delta, em.Ends, em.Tiles, d, over, tiles, rack)
		}
	}
}

// TestEndgameMovesEqualMoves walks seeded endgames (bag empty, or one tile
// left) depth first, as a search does, and checks at every position that
// AppendEndgameMoves lists exactly AppendMoves with the right spread
// changes, and that PositionKey tells positions apart as their content
// does, whatever the moves that led to them. -positions sets how many
// endgames (make proof: 2000).
func TestEndgameMovesEqualMoves(t *testing.T) {
	lx := testLexicon(t)
	n := 30
	if testing.Short() || raceEnabled {
		n = 6
	}
	if *positions > 0 {
		n = *positions
	}
	checked := 0
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		keys := map[uint64]string{}
		done := 0
		for seed := uint64(1); done < n/2; seed++ {
			s, ok := bagEndPosition(t, r, lx, seed, int(seed%3)/2)
			if !ok {
				continue
			}
			done++
			rng := rand.New(rand.NewPCG(seed, 3))
			var walk func(depth int)
			walk = func(depth int) {
				label := fmt.Sprintf("%s seed %d depth %d", name, seed, depth)
				k, text := s.PositionKey(), positionText(s)
				if old, ok := keys[k]; ok && old != text {
					t.Fatalf("%s: positions %s and %s share key %x", label, old, text, k)
				}
				keys[k] = text
				if s.over || depth == 0 {
					return
				}
				checkEndgameMoves(t, label, s)
				checked++
				moves := s.AppendMoves(nil)
				for range 1 + rng.IntN(3) {
					m := moves[rng.IntN(len(moves))]
					s.Play(m)
					walk(depth - 1)
					s.Undo()
					if s.PositionKey() != k {
						t.Fatalf("%s: %s and its undo change the key", label, s.FormatMove(m))
					}
				}
			}
			walk(4)
		}
	}
	// Equal positions have equal keys: two orders of two plays that do
	// not touch.
	s, _ := bagEndPosition(t, testRules(t, "scrabble"), lx, 1, 0)
	moves := s.AppendPlays(nil)
	for _, a := range moves {
		s.Play(a)
		for _, b := range s.AppendPlays(nil) {
			c := s.Clone().(*State)
			c.Play(b)
			key := c.PositionKey()
			// b first: legal when a and b do not touch, with the same racks.
			d := s.clone()
			d.Undo()
			if !slices.Contains(d.AppendPlays(nil), b) {
				continue
			}
			d.Play(b)
			if !slices.Contains(d.AppendPlays(nil), a) {
				continue
			}
			d.Play(a)
			if d.toMove != c.toMove || d.scoreless != c.scoreless {
				continue
			}
			if d.PositionKey() != key {
				t.Fatalf("%s then %s and the other order: keys differ", s.FormatMove(a), c.FormatMove(b))
			}
			s.Undo()
			t.Logf("%d positions checked; transposition %s / %s", checked, s.FormatMove(a), s.FormatMove(b))
			return
		}
		s.Undo()
	}
	t.Fatal("no transposition found")
}
