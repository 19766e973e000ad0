package crossword

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// TestNearCoversChanges checks StartBoundedNear and Untouched against the
// full generator (itself checked against brute force) on seeded
// positions of both games, with and without blanks on the rack: seat X's
// plays on the board before a move of the other seat (after a pass) and
// after it, with the same rack. After the move,
//   - every play Untouched calls untouched is a play with the same score;
//   - every play that is not such an untouched play of the board before
//     is in the groups of StartBoundedNear, and the groups hold only
//     plays, each below its group's bound;
//   - after an exchange or a pass the groups are empty and every play of
//     before is untouched.
//
// Checks INV-9 (MOVEGEN.md).
func TestNearCoversChanges(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	n := *positions
	if n == 0 {
		n = 200
		if testing.Short() || raceEnabled {
			n = 12
		}
	}
	less := func(a, b game.Move) int { return cmp.Or(cmp.Compare(a.A, b.A), cmp.Compare(a.B, b.B)) }
	for _, name := range []string{"wwf", "scrabble", "super"} {
		r := testRules(t, name)
		checked, moves, untouched, near, full, withBlanks := 0, 0, 0, 0, 0, 0
		for seed := range uint64(n / 4) {
			blanks := int(seed % 3) // X gets 0, 1 or 2 blanks
			s := randomPosition(t, r, lx, seed, blanks)
			if s.Over() || s.bag.Len() == 0 {
				continue
			}
			x := s.toMove
			if slices.Contains(s.Rack(nil, x), lexicon.Blank) {
				withBlanks++
			}
			s.SetToMove(1 - x) // Y moves first
			s.Play(passMove)
			before := s.AppendPlays(nil)
			slices.SortFunc(before, less)
			s.Undo()
			rng := rand.New(rand.NewPCG(seed, 7))
			ys := s.AppendMoves(nil)
			// A few of Y's plays, an exchange when there is one, the pass.
			var tries []game.Move
			for range 5 {
				if m := ys[rng.IntN(len(ys))]; MoveKind(m) == Play {
					tries = append(tries, m)
				}
			}
			for _, m := range ys {
				if MoveKind(m) == Exchange {
					tries = append(tries, m)
					break
				}
			}
			tries = append(tries, passMove)
			checked++
			for _, c := range tries {
				s.Play(c)
				if s.Over() || s.toMove != x {
					s.Undo()
					continue
				}
				moves++
				after := s.AppendPlays(nil)
				slices.SortFunc(after, less)
				has := func(list []game.Move, m game.Move) bool {
					_, ok := slices.BinarySearchFunc(list, m, less)
					return ok
				}
				kept := map[game.Move]bool{} // untouched plays of before
				for _, m := range before {
					if !s.Untouched(m) {
						if MoveKind(c) != Play {
							t.Fatalf("%s seed %d: after %s, %s is touched\n%s", name, seed, s.FormatMove(c), s.FormatMove(m), s)
						}
						continue
					}
					if !has(after, m) {
						t.Fatalf("%s seed %d: after %s, %s is untouched but not a play with that score\n%s", name, seed, s.FormatMove(c), s.FormatMove(m), s)
					}
					kept[m] = true
					untouched++
					if untouched%50 == 1 {
						// The same play with a tile the rack lacks, or
						// one tile fewer, is not a play of this rack.
						rack := s.racks[s.toMove]
						for y := lexicon.Tile(1); int(y) <= s.Alphabet().Size(); y++ {
							if rack.counts[y] == 0 && rack.counts[0] == 0 {
								bad := m
								bad.B = bad.B&^0xff | uint64(y)
								if s.Untouched(bad) {
									t.Fatalf("%s seed %d: Untouched of %s with a %s the rack lacks", name, seed, s.FormatMove(m), s.Alphabet().Format([]lexicon.Tile{y}))
								}
								break
							}
						}
						short := m
						short.A = short.A&^(15<<19) | uint64(MoveTileCount(m)-1)<<19
						if s.Untouched(short) {
							t.Fatalf("%s seed %d: Untouched of %s with a tile left out", name, seed, s.FormatMove(m))
						}
					}
				}
				leave := randomLeaves(s, rng)
				s.StartBoundedNear(leave, false)
				var got []game.Move
				for {
					var more bool
					k := len(got)
					got, more = s.NextBounded(got, math.MinInt64)
					if !more {
						break
					}
					bound := s.gen.bounded.lastBound
					for _, m := range got[k:] {
						if eq := 1000*int64(s.MoveScore(m)) + leave[keptMask(s, m)]; eq > bound {
							t.Fatalf("%s seed %d: near group play %s: equity %d above its bound %d\n%s", name, seed, s.FormatMove(m), eq, bound, s)
						}
					}
				}
				if MoveKind(c) != Play && len(got) > 0 {
					t.Fatalf("%s seed %d: after %s the near groups hold %d plays", name, seed, s.FormatMove(c), len(got))
				}
				slices.SortFunc(got, less)
				for _, m := range got {
					if !has(after, m) {
						t.Fatalf("%s seed %d: near group holds %s, not a play\n%s", name, seed, s.FormatMove(m), s)
					}
				}
				for _, m := range after {
					if !kept[m] && !has(got, m) {
						t.Fatalf("%s seed %d: after %s, %s (%d points) is neither an untouched play of before nor in the near groups\n%s",
							name, seed, s.FormatMove(c), s.FormatMove(m), s.MoveScore(m), s)
					}
				}
				near += len(got)
				full += len(after)
				s.Undo()
			}
		}
		t.Logf("%s: %d positions (%d with a blank for X), %d moves of Y; %d untouched plays kept, near groups %d plays of %d",
			name, checked, withBlanks, moves, untouched, near, full)
		if checked < n/8 || withBlanks == 0 || untouched == 0 || near == 0 {
			t.Errorf("%s: too few cases", name)
		}
	}
}

// TestNearUnknown checks that StartBoundedNear is StartBounded, and that
// Untouched is false, when the last move's changes are unknown: no move
// played, or a tile placed since.
//
// Checks INV-9 (MOVEGEN.md).
func TestNearUnknown(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	r := testRules(t, "wwf")
	s, err := New(r, lx, 3)
	if err != nil {
		t.Fatal(err)
	}
	count := func() int {
		s.StartBoundedNear(nil, false)
		var got []game.Move
		for more := true; more; {
			got, more = s.NextBounded(got, math.MinInt64)
		}
		return len(got)
	}
	all := len(s.AppendPlays(nil))
	if got := count(); got != all {
		t.Fatalf("no move played: near groups hold %d plays, want all %d", got, all)
	}
	first := s.AppendPlays(nil)[0]
	s.Play(first)
	s.Play(passMove)
	second := s.AppendPlays(nil)[0]
	s.Play(passMove)
	if !s.Untouched(second) {
		t.Fatalf("%s after a pass: Untouched false, want true (the pass changed nothing)", s.FormatMove(second))
	}
	if err := s.PlaceTile(0, 0, 1); err != nil {
		t.Fatal(err)
	}
	if s.Untouched(second) {
		t.Fatal("Untouched after a set-up: want false")
	}
	if got, all := count(), len(s.AppendPlays(nil)); got != all {
		t.Fatalf("after a set-up: near groups hold %d plays, want all %d", got, all)
	}
}

// TestUntouchedGameOver checks that no play is untouched once the game is
// over: after a resignation, and after a pass that reaches the
// scoreless-turn limit, though neither changed the board.
//
// Checks INV-9 (MOVEGEN.md).
func TestUntouchedGameOver(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	r := testRules(t, "wwf")
	s, err := New(r, lx, 5)
	if err != nil {
		t.Fatal(err)
	}
	s.Play(s.AppendPlays(nil)[0])
	s.Play(passMove)
	plays := s.AppendPlays(nil)
	s.Undo()
	for _, end := range []game.Move{resignMove, passMove} {
		s.SetScoreless(r.ScorelessLimit - 1)
		s.Play(end)
		if !s.Over() {
			t.Fatalf("%s did not end the game", s.FormatMove(end))
		}
		for _, m := range plays {
			if s.Untouched(m) {
				t.Fatalf("game over by %s: %s untouched", s.FormatMove(end), s.FormatMove(m))
			}
		}
		s.Undo()
		s.SetScoreless(0)
	}
}
