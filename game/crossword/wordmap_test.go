package crossword

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// TestWordSetCodesSeparateSplits proves that the word map never hands out
// a play twice, whatever the lexicon. A play is recorded from the split
// of the rack it places (playWords, playBlankWords); a run of the word map
// may also hold a word of another multiset with the same sum (a
// collision), and playWord then checks that word against the board and
// the rack, so it records only legal plays. The same play could come out
// a second time only from a second split x2 of the same span, of as many
// tiles as its own split x and with the same sum (the play-through sum
// being the same). Taking out the tiles common to x and x2 leaves two
// disjoint multisets of equal size whose tiles are all on the rack, so of
// at most MaxRack/2 letters each, with the same sum. This test checks
// that with the fixed codes of wordSetFor no two distinct multisets of 1
// to MaxRack/2 letters (of the 63 letter codes crossword.Rules allows)
// have the same sum.
//
// Checks INV-11 (MOVEGEN.md).
func TestWordSetCodesSeparateSplits(t *testing.T) {
	t.Parallel()
	ws := wordSetFor(testLexicon(t))
	const letters = 63
	var sums []uint64
	var gen func(k, from int, h uint64)
	gen = func(k, from int, h uint64) {
		if k == 0 {
			sums = append(sums, h)
			return
		}
		for c := from; c <= letters; c++ {
			gen(k-1, c, h+ws.code[c])
		}
	}
	for k := 1; k <= MaxRack/2; k++ {
		sums = sums[:0]
		gen(k, 1, 0)
		slices.Sort(sums)
		for i := 1; i < len(sums); i++ {
			if sums[i] == sums[i-1] {
				t.Fatalf("two multisets of %d letters have the sum %#x", k, sums[i])
			}
		}
		t.Logf("%d letters: %d multisets, all sums distinct", k, len(sums))
	}
}

// multisetKey returns the letters of w sorted, as a string.
func multisetKey(w []lexicon.Tile) string {
	s := slices.Clone(w)
	slices.Sort(s)
	return string(s)
}

// TestWordMapIndex checks the word map and the word sets of the embedded
// lexicon against its word list: every word of 2 to MaxDim letters is in
// the run of its sum exactly once, and hasSum knows its sum; every run
// holds only words of one multiset (no collision in this lexicon); every
// word less one of its letters is in blank1; sums of no word find
// nothing.
//
// Checks INV-11 (MOVEGEN.md).
func TestWordMapIndex(t *testing.T) {
	t.Parallel()
	checkWordMapIndex(t, testLexicon(t), true)
	// 63 letters, words of up to 30 letters.
	_, big := largeAlphabetLexicon(t)
	checkWordMapIndex(t, big, false)
}

// checkWordMapIndex is TestWordMapIndex for lexicon lx; runs of several
// multisets are an error when noCollision.
func checkWordMapIndex(t *testing.T, lx *lexicon.Lexicon, noCollision bool) {
	ws := wordSetFor(lx)
	// Under the race detector, which finds nothing in this one goroutine's
	// reads, every seventh word (all of them in the default run).
	every := 1
	if raceEnabled {
		every = 7
	}
	words, long, collisions := 0, 0, 0
	lx.EachWord(func(w []lexicon.Tile) bool {
		if len(w) > MaxDim {
			long++
		}
		if len(w) < 2 || len(w) > MaxDim {
			return true
		}
		if words++; words%every != 0 {
			return true
		}
		var h uint64
		for _, c := range w {
			h += ws.code[c]
		}
		if !ws.hasSum(h) {
			t.Fatalf("%s: hasSum false", lx.Alphabet.Word(w))
		}
		for _, c := range w {
			if !ws.hasBlank1(h - ws.code[c]) {
				t.Fatalf("%s less %s: not in blank1", lx.Alphabet.Word(w), lx.Alphabet.Word([]lexicon.Tile{c}))
			}
		}
		run := ws.words.lookup(h)
		found := 0
		key := multisetKey(w)
		for i := range run {
			rw := run[i][:run[i].len()]
			if multisetKey(rw) != key {
				if noCollision {
					t.Fatalf("%s: the run of its sum holds %s", lx.Alphabet.Word(w), lx.Alphabet.Word(rw))
				}
				collisions++
			}
			if slices.Equal(rw, w) {
				found++
			}
		}
		if found != 1 {
			t.Fatalf("%s: %d times in the run of its sum", lx.Alphabet.Word(w), found)
		}
		return true
	})
	if words != len(ws.words.words) {
		t.Errorf("word map holds %d words, the lexicon %d of 2 to %d letters", len(ws.words.words), words, MaxDim)
	}
	// Multisets of no word: no run.
	for _, w := range []string{"QQQQ", "XZXZ", "JJJ", "AEIOUAEIOU"} {
		tiles, err := lx.Alphabet.Parse(nil, w)
		if err != nil {
			t.Fatal(err)
		}
		var h uint64
		for _, c := range tiles {
			h += ws.code[c]
		}
		if run := ws.words.lookup(h); len(run) != 0 {
			t.Errorf("%s: lookup finds %d words", w, len(run))
		}
	}
	t.Logf("%s: %d words of 2 to %d letters, each found once in its run; %d longer words left out; %d words in a run of another multiset",
		lx.Name, words, MaxDim, long, collisions)
}

// checkOnlyBest runs the static player's protocol on s (StartBounded with
// onlyBest, each NextBounded with the best value found so far as its
// threshold) and checks it against AppendPlays (checkTop with k = 1). It
// returns the number of plays of the highest value.
func checkOnlyBest(t *testing.T, name string, seed uint64, s *State, leave []int64) int {
	t.Helper()
	return checkTop(t, name, seed, s, leave, 1)
}

// checkTop runs the protocol of a caller that wants the k best plays on s
// (k = 1: StartBounded with onlyBest; otherwise StartBoundedTop), each
// NextBounded with the k-th best value handed out so far as its
// threshold, and checks it against AppendPlays: every play handed out is
// a legal play, handed out once, and every play whose value
// 1000·score + leave[kept] reaches the true k-th best is handed out. It
// returns the number of plays of the highest value.
func checkTop(t *testing.T, name string, seed uint64, s *State, leave []int64, k int) int {
	t.Helper()
	plays := s.AppendPlays(nil)
	if len(plays) == 0 {
		return 0
	}
	legal := map[game.Move]bool{}
	for _, m := range plays {
		legal[m] = true
	}
	eq := func(m game.Move) int64 { return 1000*int64(s.MoveScore(m)) + leave[keptMask(s, m)] }
	eqs := make([]int64, len(plays))
	for i, m := range plays {
		eqs[i] = eq(m)
	}
	slices.Sort(eqs)
	slices.Reverse(eqs)
	best, kth := eqs[0], eqs[min(k, len(eqs))-1]
	if k == 1 {
		s.StartBounded(leave, true)
	} else {
		s.StartBoundedTop(leave, k)
	}
	threshold := int64(math.MinInt64)
	var seen []int64
	have := map[game.Move]bool{}
	var got []game.Move
	for more := true; more; {
		got, more = s.NextBounded(got[:0], threshold)
		for _, m := range got {
			if !legal[m] || have[m] {
				t.Fatalf("%s seed %d: %s handed out twice or not a legal play\n%s", name, seed, s.FormatMove(m), s)
			}
			have[m] = true
			seen = append(seen, eq(m))
		}
		if len(seen) >= k {
			slices.Sort(seen)
			slices.Reverse(seen)
			threshold = seen[k-1]
		}
	}
	nbest := 0
	for _, m := range plays {
		if eq(m) == best {
			nbest++
		}
		if eq(m) >= kth && !have[m] {
			t.Fatalf("%s seed %d, k %d: %s (value %d, the k-th best %d) left out\n%s", name, seed, k, s.FormatMove(m), eq(m), kth, s)
		}
	}
	return nbest
}

// boundedVersusFull checks bounded generation on n seeded positions of
// rules r and lexicon lx (random midgames with 0, 1 or 2 blanks on the
// rack, every fifth with the bag empty): checkBounded (the groups against
// AppendMoves, the bounds) and checkOnlyBest, with random leave terms. It
// returns the number of positions checked, of moves, of positions with a
// blank on the rack and with a blank on the board.
func boundedVersusFull(t *testing.T, name string, r *Rules, lx *lexicon.Lexicon, seeds []uint64) (checked, moves, rackBlanks, boardBlanks int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seeds[0], 11))
	for _, seed := range seeds {
		var s *State
		if seed%5 == 0 {
			s = endgamePosition(t, r, lx, seed)
		} else {
			s = randomPosition(t, r, lx, seed, int(seed%3))
		}
		if s.Over() {
			continue
		}
		p, _ := checkBounded(t, name, seed, s, randomLeaves(s, rng))
		checkOnlyBest(t, name, seed, s, coarseLeaves(s, rng))
		checked++
		moves += p
		if s.racks[s.toMove].counts[0] > 0 {
			rackBlanks++
		}
		if slices.ContainsFunc(s.board.sq, lexicon.Tile.IsBlank) {
			boardBlanks++
		}
	}
	return checked, moves, rackBlanks, boardBlanks
}

// largeAlphabetLexicon builds a lexicon over an alphabet of 63 letters,
// the most Rules allows (A-Z, then Greek and Cyrillic capitals), and a
// tile set for it. Its words are the embedded lexicon's with letter c
// (1..26) written as letter c+37, so the plays use the top codes up to
// 63, with the English counts and values; the words of up to 5 letters
// are also there with letters 1..26, one tile of each in the bag. Words of
// 14 to 30 letters (two words joined) are added, longer than a 15x15
// board and, some, than MaxDim.
func largeAlphabetLexicon(t testing.TB) (*TileSet, *lexicon.Lexicon) {
	t.Helper()
	largeOnce.Do(func() { largeTS, largeLex, largeErr = buildLargeAlphabetLexicon() })
	if largeErr != nil {
		t.Fatal(largeErr)
	}
	return largeTS, largeLex
}

// The lexicon of largeAlphabetLexicon, built once for the tests that use
// it.
var (
	largeOnce sync.Once
	largeTS   *TileSet
	largeLex  *lexicon.Lexicon
	largeErr  error
)

func buildLargeAlphabetLexicon() (*TileSet, *lexicon.Lexicon, error) {
	en, err := lexicon.Default()
	if err != nil {
		return nil, nil, err
	}
	var letters []string
	for c := 'A'; c <= 'Z'; c++ {
		letters = append(letters, string(c))
	}
	for c := 'Α'; c <= 'Ω' && len(letters) < 63; c++ {
		if c != 0x3a2 { // no capital final sigma
			letters = append(letters, string(c))
		}
	}
	for c := 'Б'; len(letters) < 63; c++ {
		letters = append(letters, string(c))
	}
	enSet, err := TileSetByName("scrabble-en")
	if err != nil {
		return nil, nil, err
	}
	const hi = 37 // letter c of English is letter c+hi
	counts, values := make([]int, 64), make([]int, 64)
	for c := 1; c <= 26; c++ {
		counts[c], values[c] = 1, enSet.Values[c]
		counts[c+hi], values[c+hi] = enSet.Counts[c], enSet.Values[c]
	}
	var text strings.Builder
	text.WriteString("alphabet: own\n")
	for i, l := range letters {
		fmt.Fprintf(&text, "%s %d %d\n", l, counts[i+1], values[i+1])
	}
	text.WriteString("? 2 0\n")
	ts, err := ParseTileSet("big63", text.String())
	if err != nil {
		return nil, nil, err
	}
	if ts.Alphabet.Size() != 63 {
		return nil, nil, fmt.Errorf("alphabet of %d letters", ts.Alphabet.Size())
	}
	var words [][]lexicon.Tile
	var long []lexicon.Tile
	i := 0
	// Under the race detector, building the lexicon of every word takes
	// most of the tests' time: there it has every fourth English word.
	every := 1
	if raceEnabled {
		every = 4
	}
	en.EachWord(func(w []lexicon.Tile) bool {
		if i%every != 0 && !(len(w) >= 7 && i%97 == 0) {
			i++
			return true
		}
		d := make([]lexicon.Tile, len(w))
		for j, c := range w {
			d[j] = c + hi
		}
		words = append(words, d)
		if len(w) <= 5 {
			words = append(words, slices.Clone(w))
		}
		if len(w) >= 7 && i%97 == 0 {
			if long != nil {
				words = append(words, append(long, d...)) // 14 to 30 letters
				long = nil
			} else {
				long = slices.Clone(d)
			}
		}
		i++
		return true
	})
	lx, err := lexicon.Build("big63", ts.Alphabet, words)
	return ts, lx, err
}

// TestBoundedLargeAlphabet checks bounded generation against the full one
// (checkBounded, checkOnlyBest) with an alphabet of 63 letters, the most
// Rules allows, on the WWF (15x15) and Super Scrabble (21x21) boards,
// with words longer than the board in the lexicon. The positions are
// checked by parallel subtests on one new lexicon, so its word set is
// built, and its memo of run extensions filled, by several goroutines at
// once (run with -race).
//
// Checks INV-5, INV-7, INV-11 (MOVEGEN.md).
func TestBoundedLargeAlphabet(t *testing.T) {
	t.Parallel()
	ts, lx := largeAlphabetLexicon(t)
	n := positionCount(60, 20)
	for _, layout := range []string{"wwf", "super"} {
		for half := range uint64(2) {
			t.Run(fmt.Sprintf("%s-%d", layout, half), func(t *testing.T) {
				t.Parallel()
				l, err := LayoutByName(layout)
				if err != nil {
					t.Fatal(err)
				}
				r := &Rules{Name: layout, Layout: l, TileSet: ts, RackSize: 7, Bingo: 35, ExchangeMinBag: 1, ScorelessLimit: 3, ScorelessLimitAtZero: 6}
				var seeds []uint64
				for seed := half; seed < uint64(n/2); seed += 2 {
					seeds = append(seeds, seed+1)
				}
				checked, moves, rackBlanks, boardBlanks := boundedVersusFull(t, layout, r, lx, seeds)
				t.Logf("%s: %d positions (%d with a blank on the rack, %d with blanks on the board), %d moves, bounded = full", layout, checked, rackBlanks, boardBlanks, moves)
				if checked < len(seeds)*3/4 || moves < checked*50 || rackBlanks == 0 || boardBlanks == 0 {
					t.Errorf("%s: too few positions or moves of some kind", layout)
				}
			})
		}
	}
}

// TestBoundedOtherLanguages checks bounded generation against the full
// one on WWF positions with the tile sets and lexicons of the other
// languages (10 positions each, or a fifth of -positions), those built by
// `make lexicons` into the lexicon cache ($WORDENGINE_LEXICONS, else the
// user cache directory's wordengine/lexicons); it skips the languages
// whose lexicon is absent.
//
// Checks INV-5, INV-7 (MOVEGEN.md).
func TestBoundedOtherLanguages(t *testing.T) {
	t.Parallel()
	dir := os.Getenv("WORDENGINE_LEXICONS")
	if dir == "" {
		if d, err := os.UserCacheDir(); err == nil {
			dir = filepath.Join(d, "wordengine", "lexicons")
		}
	}
	n := *positions / 5 // -positions in all
	if n == 0 {
		n = 10
	}
	found := 0
	for _, lang := range []string{"de", "es", "fr", "it", "pt"} {
		path := filepath.Join(dir, lang+".lex")
		if _, err := os.Stat(path); err != nil {
			continue
		}
		found++
		lx, err := lexicon.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		r := testRules(t, "wwf")
		if r.TileSet, err = TileSetByName("wwf-" + lang); err != nil {
			t.Fatal(err)
		}
		var seeds []uint64
		for seed := range uint64(n) {
			seeds = append(seeds, seed+1)
		}
		checked, moves, rackBlanks, _ := boundedVersusFull(t, "wwf-"+lang, r, lx, seeds)
		t.Logf("wwf-%s: %d positions (%d with a blank on the rack), %d moves, bounded = full", lang, checked, rackBlanks, moves)
	}
	if found == 0 {
		t.Skipf("no lexicon of another language in %s (make lexicons)", dir)
	}
}

// TestBoundedLongWordThroughBlank checks bounded generation on a play of
// the whole lane: a 15-letter word whose even letters are on the board,
// one of them a blank, and whose odd letters are the rack, so the play
// spans squares 0 to 14, plays through a blank, and is a bingo.
//
// Checks INV-5 (MOVEGEN.md).
func TestBoundedLongWordThroughBlank(t *testing.T) {
	t.Parallel()
	lx := testLexicon(t)
	for _, name := range []string{"wwf", "scrabble"} {
		r := testRules(t, name)
		var s *State
		var word []lexicon.Tile
		lx.EachWord(func(w []lexicon.Tile) bool {
			if len(w) != 15 {
				return true
			}
			st, err := NewEmpty(r, lx, 1)
			if err != nil {
				t.Fatal(err)
			}
			for c := 0; c < 15; c += 2 {
				tile := w[c]
				if c == 6 {
					tile |= lexicon.BlankFlag
				}
				if st.PlaceTile(3, c, tile) != nil {
					return true // the bag lacks a tile: try another word
				}
			}
			var rack []lexicon.Tile
			for c := 1; c < 15; c += 2 {
				rack = append(rack, w[c])
			}
			if st.SetRack(0, rack) != nil {
				return true
			}
			st.DrawRack(1)
			s, word = st, w
			return false
		})
		if s == nil {
			t.Fatalf("%s: no 15-letter word fits the tile set", name)
		}
		var long game.Move
		for _, m := range s.AppendPlays(nil) {
			if row, col := MoveStart(m); MoveLen(m) == 15 && row == 3 && col == 0 && MoveDir(m) == Across {
				long = m
			}
		}
		if long == (game.Move{}) {
			t.Fatalf("%s: %s is not among the plays\n%s", name, lx.Alphabet.Word(word), s)
		}
		leave := make([]int64, 1<<7)
		checkBounded(t, name, 0, s, leave)
		checkOnlyBest(t, name, 0, s, leave)
		// Its own value as the threshold: it must come out.
		s.StartBounded(leave, false)
		var got []game.Move
		for more := true; more; {
			got, more = s.NextBounded(got, 1000*int64(s.MoveScore(long)))
		}
		if !slices.Contains(got, long) {
			t.Errorf("%s: %s (%d points) left out at its own value", name, s.FormatMove(long), s.MoveScore(long))
		}
		t.Logf("%s: %s %d points", name, s.FormatMove(long), s.MoveScore(long))
	}
}

// TestWordSetConcurrentFirstUse builds the word set of a new lexicon from
// several goroutines at once: they must all get the same one.
//
// Checks INV-11 (MOVEGEN.md).
func TestWordSetConcurrentFirstUse(t *testing.T) {
	t.Parallel()
	en := testLexicon(t)
	var words [][]lexicon.Tile
	en.EachWord(func(w []lexicon.Tile) bool {
		if len(w) <= 5 {
			words = append(words, slices.Clone(w))
		}
		return true
	})
	lx, err := lexicon.Build("short", en.Alphabet, words)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]*wordSet, 4)
	for i := range got {
		wg.Go(func() { got[i] = wordSetFor(lx) })
	}
	wg.Wait()
	for _, ws := range got {
		if ws != got[0] || ws == nil {
			t.Fatal("different word sets for one lexicon")
		}
	}
}
