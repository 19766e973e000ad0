package crossword

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

var positions = flag.Int("positions", 0, "seeded positions for the brute-force and bounded generation tests (0: each test's own count, smaller with -short or -race; `make proof` runs 2000)")

// positionCount returns the number of seeded positions a test goes
// over: -positions when given (make proof), else def, or short with
// -short or under the race detector (which slows these comparisons, each
// on one goroutine, about tenfold and finds nothing in them).
func positionCount(def, short int) int {
	switch {
	case *positions > 0:
		return *positions
	case testing.Short() || raceEnabled:
		return short
	}
	return def
}

func testRules(t testing.TB, name string) *Rules {
	t.Helper()
	layout, err := LayoutByName(name)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := TileSetByName(name + "-en")
	if err != nil {
		t.Fatal(err)
	}
	r := &Rules{Name: name, Layout: layout, TileSet: ts, RackSize: 7, Bingo: 35, ExchangeMinBag: 1, ScorelessLimit: 3, ScorelessLimitAtZero: 6}
	if name == "scrabble" {
		r.Bingo, r.ExchangeMinBag, r.OutDouble, r.ScorelessLimit, r.ScorelessLimitAtZero, r.ScorelessDeduct = 50, 7, true, 6, 0, true
	}
	return r
}

func testLexicon(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	return lx
}

// brutePlays finds every legal play by brute force, independently of the
// GADDAG generator: for every square, direction and length it walks the
// DAWG along the line, taking board letters as they are and trying every
// rack tile (real or blank, each blank as every letter) on empty squares;
// each complete word is then checked and scored by ScorePlay, which reads
// the board directly (no cross-sets, no anchors), and its cross-words are
// checked with Contains.
//
// Two shortcuts keep it cheap, each a consequence of the rules read off
// the board, neither sharing code with the generator: a tile is tried on
// an empty square only when the word it forms across the line there (the
// board's tiles next to it that way, with its letter) is in the lexicon
// or is the letter alone (perpendicularOK, by Contains), and a word is
// followed and scored only while it may touch the board (cover a tile or
// put one next to a tile, or, on the empty board, cover the start square)
// with the tiles left.
func brutePlays(s *State) []string {
	var out []string
	for _, m := range brutePlayMoves(s) {
		out = append(out, s.FormatMove(m)+fmt.Sprintf(" %d", s.MoveScore(m)))
	}
	sort.Strings(out)
	return out
}

// brutePlayMoves is brutePlays as moves.
func brutePlayMoves(s *State) []game.Move {
	b := s.board
	var out []game.Move
	seen := map[game.Move]bool{}
	r := s.racks[s.toMove]
	word := make([]lexicon.Tile, 0, MaxDim)
	empty := b.Empty()
	for d := Across; d <= Down; d++ {
		st := b.step(d)
		ok, beside := perpendicularOK(s, d)
		for lane := range b.lanes(d) {
			first, n := b.lane(d, lane)
			// next[p]: the first square at or after p of the lane that a
			// word touches the board by (a tile, a square beside one, the
			// start square of the empty board), n when none.
			var next [MaxDim + 1]int
			next[n] = n
			for p := n - 1; p >= 0; p-- {
				next[p] = next[p+1]
				if i := first + p*st; b.sq[i] != 0 || beside[i] || empty && i == b.start {
					next[p] = p
				}
			}
			// reach(p): the tiles it takes from p to touch the board (the
			// squares before next[p], and next[p] when it is empty).
			reach := func(p int) int {
				q := next[p]
				if q < n && b.sq[first+q*st] != 0 {
					return q - p
				}
				return q - p + 1
			}
			tiles := 0
			for _, c := range r.counts {
				tiles += int(c)
			}
			for p0 := range n {
				i0 := first + p0*st
				if p0 > 0 && b.sq[i0-st] != 0 {
					continue // a word cannot start right after a tile
				}
				var walk func(p int, node lexicon.Node, rk *rack, left int, touches bool)
				walk = func(p int, node lexicon.Node, rk *rack, left int, touches bool) {
					if p >= n || node == 0 || !touches && reach(p) > left {
						return // the end, or no touching square within reach of the tiles left
					}
					i := first + p*st
					try := func(a lexicon.Arc, t lexicon.Tile, touches bool) {
						word = append(word, t)
						if a.Word() && (p+1 == n || b.sq[i+st] == 0) && len(word) >= 2 && (touches || empty) {
							row, col := lane*boolInt(d == Across)+p0*boolInt(d == Down), p0*boolInt(d == Across)+lane*boolInt(d == Down)
							m, words, err := s.ScorePlay(d, row, col, word)
							if err == nil && allWords(s, words) && !seen[m] {
								seen[m] = true
								out = append(out, m)
							}
						}
						if t != PlayThrough {
							left--
						}
						walk(p+1, a.Child(), rk, left, touches)
						if t != PlayThrough {
							left++
						}
						word = word[:len(word)-1]
					}
					if t := b.sq[i]; t != 0 {
						if a, ok := s.lex.DAWG.Next(node, t.Letter()); ok {
							try(a, PlayThrough, true)
						}
						return
					}
					here := touches || beside[i] || empty && i == b.start
					for a := range s.lex.DAWG.Children(node) {
						l := a.Tile()
						if ok[i]>>l&1 == 0 {
							continue // the word across the line there is not one
						}
						if rk.counts[l] > 0 {
							rk.counts[l]--
							try(a, l, here)
							rk.counts[l]++
						}
						if rk.counts[0] > 0 {
							rk.counts[0]--
							try(a, l|lexicon.BlankFlag, here)
							rk.counts[0]++
						}
					}
				}
				rk := r
				walk(p0, s.lex.DAWG.Root(), &rk, tiles, false)
			}
		}
	}
	return out
}

// perpendicularOK returns, for plays in direction d, the letters that may
// go on each empty square as far as the line across d through it goes
// (bit t of ok[i]: the board's tiles next to square i that way, with
// letter t on i, make a word of the lexicon, or there are none), and
// whether the square has such tiles (beside), read from the board and
// checked with ContainsTiles.
func perpendicularOK(s *State, d Direction) (ok []uint64, beside []bool) {
	b := s.board
	ok, beside = make([]uint64, len(b.sq)), make([]bool, len(b.sq))
	dr, dc := 1, 0 // across the line of an across play: down
	if d == Down {
		dr, dc = 0, 1
	}
	at := func(r, c int) lexicon.Tile {
		if r < 0 || c < 0 || r >= b.rows || c >= b.cols {
			return 0
		}
		return b.sq[r*b.cols+c]
	}
	var w []lexicon.Tile
	for i, t := range b.sq {
		if t != 0 {
			continue
		}
		r0, c0 := i/b.cols, i%b.cols
		lo := 0
		for at(r0-(lo+1)*dr, c0-(lo+1)*dc) != 0 {
			lo++
		}
		hi := 0
		for at(r0+(hi+1)*dr, c0+(hi+1)*dc) != 0 {
			hi++
		}
		if lo+hi == 0 {
			ok[i] = ^uint64(0)
			continue
		}
		beside[i] = true
		for l := lexicon.Tile(1); int(l) <= s.Alphabet().Size(); l++ {
			w = w[:0]
			for k := -lo; k <= hi; k++ {
				if k == 0 {
					w = append(w, l)
				} else {
					w = append(w, at(r0+k*dr, c0+k*dc).Letter())
				}
			}
			if s.lex.ContainsTiles(w) {
				ok[i] |= 1 << l
			}
		}
	}
	return ok, beside
}

// allWords reports whether every word of words is in s's lexicon.
func allWords(s *State, words []string) bool {
	for _, w := range words {
		if !s.lex.Contains(w) {
			return false
		}
	}
	return true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func fastPlays(s *State) []string {
	var out []string
	for _, m := range s.AppendPlays(nil) {
		out = append(out, s.FormatMove(m)+fmt.Sprintf(" %d", s.MoveScore(m)))
	}
	sort.Strings(out)
	return out
}

// randomPosition plays random moves from a new game for a random number
// of turns, then gives the mover blanks when asked (as many as the bag
// still holds).
func randomPosition(t testing.TB, r *Rules, lx *lexicon.Lexicon, seed uint64, blanks int) *State {
	s, err := New(r, lx, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	turns := rng.IntN(24)
	var buf []game.Move
	for range turns {
		if s.Over() {
			break
		}
		buf = s.AppendPlays(buf[:0])
		if len(buf) == 0 {
			s.Play(passMove)
			continue
		}
		s.Play(buf[rng.IntN(len(buf))])
	}
	if s.Over() {
		return s
	}
	if blanks > 0 {
		// Blanks still in the bag or on the opponent's rack go to the mover.
		opp := 1 - s.toMove
		_ = s.SetRack(opp, nil)
		rack := s.Rack(nil, s.toMove)
		have := 0
		for _, t := range rack {
			if t == lexicon.Blank {
				have++
			}
		}
		for i := len(rack) - 1; i >= 0 && have < blanks; i-- {
			if rack[i] != lexicon.Blank && slices.Contains(s.bag.Tiles(), lexicon.Blank) {
				rack[i] = lexicon.Blank
				have++
				if err := s.SetRack(s.toMove, slices.Clone(rack)); err != nil {
					t.Fatal(err)
				}
			}
		}
		s.DrawRack(opp)
	}
	return s
}

// TestMoveGenEqualsBruteForce checks AppendPlays against brutePlays on
// seeded random positions of both games, half of them with one or two
// blanks on the rack: the same plays with the same scores.
//
// Checks INV-1 (MOVEGEN.md).
func TestMoveGenEqualsBruteForce(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	n := positionCount(200, 12)
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		count := n / 2
		checked, plays, withBlanks := 0, 0, 0
		for seed := range uint64(count) {
			blanks := 0
			if seed%2 == 1 {
				blanks = 1 + int(seed/2%2)
			}
			s := randomPosition(t, r, lx, seed, blanks)
			// Half the positions have blanks on the rack: when both blanks
			// are already on the board, deal another game.
			for try := uint64(1); blanks > 0 && !s.Over() && !slices.Contains(s.Rack(nil, s.toMove), lexicon.Blank) && try < 50; try++ {
				s = randomPosition(t, r, lx, seed+try*1_000_003, blanks)
			}
			if s.Over() {
				continue
			}
			got, want := fastPlays(s), brutePlays(s)
			if !slices.Equal(got, want) {
				t.Fatalf("%s seed %d: generator %d plays, brute force %d\n%s\nonly generator: %v\nonly brute force: %v",
					name, seed, len(got), len(want), s, diff(got, want), diff(want, got))
			}
			checked++
			plays += len(got)
			if slices.Contains(s.Rack(nil, s.toMove), lexicon.Blank) {
				withBlanks++
			}
		}
		t.Logf("%s: %d positions (%d with a blank on the rack), %d plays, generator = brute force", name, checked, withBlanks, plays)
		if checked < count*9/10 || withBlanks < checked*9/20 {
			t.Errorf("%s: only %d positions checked, %d with blanks", name, checked, withBlanks)
		}
	}
}

func diff(a, b []string) []string {
	set := map[string]bool{}
	for _, x := range b {
		set[x] = true
	}
	var out []string
	for _, x := range a {
		if !set[x] {
			out = append(out, x)
		}
	}
	if len(out) > 20 {
		out = out[:20]
	}
	return out
}

// TestCrossSetsIncremental plays seeded random games of both games and
// checks after every play and every undo that the cross-sets, their
// flags and cross-scores kept up by Play and Undo (noted by them and
// brought up to date by Board.flush, which recomputes only the squares a
// change can reach) equal a recomputation of every square.
// TestCrossSetsLazy checks them when they are brought up to date only
// now and then.
//
// Checks INV-2 (MOVEGEN.md).
func TestCrossSetsIncremental(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	games := 6
	if testing.Short() || raceEnabled {
		games = 2
	}
	check := func(s *State, what string) {
		t.Helper()
		s.syncCross()
		want := s.board.clone()
		want.recomputeAll()
		for d := range 2 {
			for i := range s.board.sq {
				if s.board.cross[d][i] != want.cross[d][i] || s.board.hasCross[d][i] != want.hasCross[d][i] || s.board.xscore[d][i] != want.xscore[d][i] {
					r, c := i/s.board.cols, i%s.board.cols
					t.Fatalf("%s: square %c%d, direction %d: cross-set %x (cross-word %v, %d points), recomputed %x (%v, %d)\n%s",
						what, 'A'+c, r+1, d, s.board.cross[d][i], s.board.hasCross[d][i], s.board.xscore[d][i],
						want.cross[d][i], want.hasCross[d][i], want.xscore[d][i], s)
				}
			}
		}
	}
	plays, undos := 0, 0
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		for seed := range uint64(games) {
			s, err := New(r, lx, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 31))
			var buf []game.Move
			for !s.Over() {
				buf = s.AppendMoves(buf[:0])
				// Try a few moves and undo them, then play one.
				for range 3 {
					m := buf[rng.IntN(len(buf))]
					s.Play(m)
					check(s, fmt.Sprintf("%s seed %d: after %s", name, seed, s.FormatMove(m)))
					s.Undo()
					check(s, fmt.Sprintf("%s seed %d: after undoing %s", name, seed, s.FormatMove(m)))
					plays++
					undos++
				}
				// Prefer plays, so that the board fills.
				m := buf[rng.IntN(len(buf))]
				for range 10 {
					if MoveKind(m) == Play {
						break
					}
					m = buf[rng.IntN(len(buf))]
				}
				s.Play(m)
				plays++
				check(s, fmt.Sprintf("%s seed %d: after %s", name, seed, s.FormatMove(m)))
			}
		}
	}
	t.Logf("%d plays and %d undos, cross-sets equal to a full recomputation after each", plays, undos)
}
