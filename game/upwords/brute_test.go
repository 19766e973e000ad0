package upwords

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

var positions = flag.Int("positions", 300, "random self-play positions for the brute-force comparison")

// bruteForce lists the legal moves of s the slow way: every segment of
// every row and column that could be a main word (the squares just
// before and after it empty), every way to fill it (an empty square takes
// a rack tile; an occupied one is read or covered by a different rack
// tile), pruned only by "the letters so far begin some word" (a DAWG walk
// from the root), each candidate checked and scored by CheckPlay; then
// the exchanges and the pass, straight from the rules.
func bruteForce(s *State) []game.Move {
	set := map[game.Move]bool{}
	n := s.b.n
	lx := s.lex
	quArc := s.w.quArc
	prefixOK := func(ts []lexicon.Tile) bool {
		var path []lexicon.Tile
		for _, t := range ts {
			path = append(path, t)
			if t == tileQu && !quArc {
				path = append(path, tileU)
			}
		}
		a, ok := lx.DAWG.Walk(path)
		return ok && (a.Word() || a.Child() != 0)
	}
	if !s.over {
		for dir := range 2 {
			for lane := range n {
				sqAt := func(k int) (int, int) {
					if dir == Across {
						return lane, k
					}
					return k, lane
				}
				occ := func(k int) bool {
					if k < 0 || k >= n {
						return false
					}
					r, c := sqAt(k)
					return s.b.h[r*n+c] > 0
				}
				for c0 := range n {
					for c1 := c0 + 1; c1 < n; c1++ {
						if occ(c0-1) || occ(c1+1) {
							continue
						}
						r := s.racks[s.toMove]
						var word []lexicon.Tile
						var ps []Placement
						var fill func(k int)
						fill = func(k int) {
							if k > c1 {
								if len(ps) == 0 {
									return
								}
								if m, err := s.CheckPlay(dir, ps); err == nil {
									set[m] = true
								}
								return
							}
							row, col := sqAt(k)
							i := row*n + col
							if s.b.h[i] > 0 {
								word = append(word, s.b.top[i])
								if prefixOK(word) {
									fill(k + 1)
								}
								word = word[:len(word)-1]
							}
							if s.b.h[i] >= MaxHeight {
								return
							}
							for t := lexicon.Tile(1); t <= numLetters; t++ {
								if r.counts[t] == 0 || (s.b.h[i] > 0 && s.b.top[i] == t) {
									continue
								}
								word = append(word, t)
								if prefixOK(word) {
									r.remove(t)
									ps = append(ps, Placement{row, col, t})
									fill(k + 1)
									ps = ps[:len(ps)-1]
									r.add(t)
								}
								word = word[:len(word)-1]
							}
						}
						fill(c0)
					}
				}
			}
		}
		if s.bag.Len() > 0 {
			for t := lexicon.Tile(1); t <= numLetters; t++ {
				if s.racks[s.toMove].counts[t] > 0 {
					set[packExchange(t)] = true
				}
			}
		}
		set[passMove] = true
	}
	out := make([]game.Move, 0, len(set))
	for m := range set {
		out = append(out, m)
	}
	return out
}

func describe(s *State, ms []game.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = fmt.Sprintf("%s %d", s.FormatMove(m), s.MoveScore(m))
	}
	sort.Strings(out)
	return out
}

// randomPositions plays seeded random games (scoring plays nine times in
// ten, stacking plays preferred half the time so that stacks grow) and
// calls fn at every ply until count positions were seen.
func randomPositions(t testing.TB, count int, variant string, lx *lexicon.Lexicon, fn func(s *State, seed uint64, ply int)) {
	seen := 0
	buf := make([]game.Move, 0, 1<<14)
	for seed := uint64(1); seen < count; seed++ {
		s, err := NewGame(game.Config{Lexicon: lx, Players: 2 + int(seed%3), Variant: variant, Rand: rand.New(rand.NewPCG(seed, 7))})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 8))
		for ply := 0; !s.Over() && seen < count; ply++ {
			fn(s, seed, ply)
			seen++
			buf = s.AppendMoves(buf[:0])
			s.Play(pickRandom(s, buf, rng))
		}
	}
}

// pickRandom prefers plays, and among them half the time plays that cover
// a tile, so random games build high stacks.
func pickRandom(s *State, moves []game.Move, rng *rand.Rand) game.Move {
	var plays, stacks []game.Move
	for _, m := range moves {
		if MoveKind(m) == Play {
			plays = append(plays, m)
			if s.covers(m) {
				stacks = append(stacks, m)
			}
		}
	}
	switch {
	case len(stacks) > 0 && rng.IntN(2) == 0:
		return stacks[rng.IntN(len(stacks))]
	case len(plays) > 0 && rng.IntN(10) > 0:
		return plays[rng.IntN(len(plays))]
	}
	return moves[rng.IntN(len(moves))]
}

// covers reports whether play m puts a tile on a stack.
func (s *State) covers(m game.Move) bool {
	row, col := MoveStart(m)
	st := s.step(MoveDir(m))
	i := row*s.b.n + col
	for j := range MoveLen(m) {
		if MoveMask(m)&(1<<j) != 0 && s.b.h[i] > 0 {
			return true
		}
		i += st
	}
	return false
}

func TestBruteForce(t *testing.T) {
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	count := *positions
	switch {
	case raceEnabled:
		count = min(count, 16)
	case testing.Short():
		count = min(count, 60)
	}
	var moves, maxH, quPos, tall int
	for _, variant := range []string{"", "size=8,bare-plural=allowed"} {
		buf := make([]game.Move, 0, 1<<14)
		randomPositions(t, count/2, variant, lx, func(s *State, seed uint64, ply int) {
			buf = s.AppendMoves(buf[:0])
			got, want := describe(s, buf), describe(s, bruteForce(s))
			if !slices.Equal(got, want) {
				t.Fatalf("variant %q seed %d ply %d: AppendMoves %d moves, brute force %d\n%s\nonly AppendMoves: %v\nonly brute force: %v",
					variant, seed, ply, len(got), len(want), s, diff(got, want), diff(want, got))
			}
			moves += len(got)
			h, qu := 0, false
			for i := range s.b.n * s.b.n {
				h = max(h, int(s.b.h[i]))
				qu = qu || (s.b.h[i] > 0 && s.b.top[i] == tileQu)
			}
			qu = qu || s.racks[s.toMove].counts[tileQu] > 0
			maxH = max(maxH, h)
			if h >= 3 {
				tall++
			}
			if qu {
				quPos++
			}
		})
	}
	t.Logf("%d positions, %d moves, all equal; %d with a stack 3+ high (highest %d), %d with the Qu tile on the board or the mover's rack", count, moves, tall, maxH, quPos)
	if count >= 100 && (maxH < 4 || quPos == 0) {
		t.Errorf("the positions are too easy: highest stack %d, %d positions with the Qu tile", maxH, quPos)
	}
}

func diff(a, b []string) []string {
	set := map[string]bool{}
	for _, x := range b {
		set[x] = true
	}
	var out []string
	for _, x := range a {
		if !set[x] && len(out) < 20 {
			out = append(out, x)
		}
	}
	return out
}
