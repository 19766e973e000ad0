package wordblock

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/gametest"
	"wordengine/lexicon"
)

func defaultLexicon(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	return lx
}

var conformanceGames = flag.Int("games", 0, "TestConformance: play this many games, on boards of 4x4 to 6x6 (default 8 on 4x4 and 5x5; 3 under -short or -race)")

// TestConformance runs the gametest suite on 2 to 4 players, both rules
// and boards of 4x4 and 5x5, with the brute-force generator.
func TestConformance(t *testing.T) {
	lx := defaultLexicon(t)
	games, every, sizes := 8, 3, uint64(2)
	switch {
	case *conformanceGames > 0:
		games, every, sizes = *conformanceGames, 1, 3
	case testing.Short() || raceEnabled:
		games, every = 3, 5
	}
	gametest.Run(t, gametest.Config{
		New: func(seed uint64) (game.State, error) {
			variant := fmt.Sprintf("size=%d", 4+seed%sizes)
			if seed%4 >= 2 {
				variant += ",contain=prefix"
			}
			return NewGame(game.Config{Lexicon: lx, Players: 2 + int(seed%3), Variant: variant, Rand: rand.New(rand.NewPCG(seed, 1))})
		},
		Games:           games,
		BruteForce:      bruteForce,
		BruteForceEvery: every,
	})
}

// TestWordFinder checks the words of fresh boards against a scan of the
// whole lexicon: every word of 2 or more letters the board can spell, once.
func TestWordFinder(t *testing.T) {
	lx := defaultLexicon(t)
	for seed := range uint64(8) {
		s, err := NewGame(game.Config{Lexicon: lx, Variant: fmt.Sprintf("size=%d", 4+seed%5), Rand: rand.New(rand.NewPCG(seed, 2))})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range s.AppendMoves(nil) {
			if m != Pass {
				got = append(got, strings.Fields(s.FormatMove(m))[0])
			}
		}
		var count [lexicon.MaxLetters + 1]int
		for r := range s.board.rows {
			for c := range s.board.cols {
				count[s.board.Tile(r, c)]++
			}
		}
		var want []string
		eachWord(s, func(w []lexicon.Tile) bool {
			var used [lexicon.MaxLetters + 1]int
			for _, t := range w {
				if used[t]++; used[t] > count[t] {
					return true
				}
			}
			if len(w) >= 2 {
				want = append(want, lx.Alphabet.Word(w))
			}
			return true
		})
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: finder gives %d words, lexicon scan %d\n%s", seed, len(got), len(want), s)
		}
		t.Logf("seed %d: %dx%d board, %d words", seed, s.board.rows, s.board.cols, len(got))
	}
}

// pos parses a hand-made position or fails the test.
func pos(t *testing.T, text string) *State {
	t.Helper()
	s, err := ParsePosition(defaultLexicon(t), text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func play(t *testing.T, s *State, move string) {
	t.Helper()
	m, err := s.ParseMove(move)
	if err != nil {
		t.Fatalf("%s: %v\n%s", move, err, s)
	}
	s.Play(m)
}

// owners draws the colours of the board as rows of marks.
func owners(s *State) string {
	var b strings.Builder
	for r := range s.board.rows {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := range s.board.cols {
			o := s.Owner(r, c)
			switch {
			case o < 0:
				b.WriteByte('.')
			case s.IsSecured(r, c):
				b.WriteByte(colourMark[o] - 'a' + 'A')
			default:
				b.WriteByte(colourMark[o])
			}
		}
	}
	return b.String()
}

const board4 = "wordblock\nCATS\nDOGE\nRIPE\nTONE\n"

func TestSecuredCells(t *testing.T) {
	tests := []struct {
		name  string
		start string
		moves []string
		want  string // colours after the moves: mark, upper case when secured
	}{
		{"corner needs its two neighbours", board4, []string{"CAT a1,b1,c1"}, "bbb./..../..../...."},
		{"corner secured", board4, []string{"CAD a1,b1,a2"}, "Bb../b.../..../...."},
		{"edge cell secured by three neighbours",
			board4, []string{"CATS a1,b1,c1,d1", "pass", "DOGE a2,b2,c2,d2"}, "BBBB/bbbb/..../...."},
		{"an uncoloured cell is never secured by surrounding",
			"wordblock\nC. Ab T. S.\nDb O. Gb E.\nR. Ib P. E.\nT. O. N. E.\n", nil, ".b../b.b./.b../...."},
		{"secured cell is judged before the move: it keeps its colour",
			"wordblock turn=ORANGE\nCb Ab T. S.\nDb Ob G. E.\nR. I. P. E.\nT. O. N. E.\n",
			[]string{"COD a1,b2,a2"}, "bb../oo../..../...."},
		{"taking a neighbour unsecures a cell; it can then be taken",
			"wordblock turn=ORANGE\nCb Ab T. S.\nDb Ob G. E.\nR. I. P. E.\nT. O. N. E.\n",
			[]string{"AD b1,a2", "pass", "COD a1,b2,a2"}, "Oo../oo../..../...."},
		{"recomputed after the move for every cell",
			"wordblock\nCo Ao To So\nDo Oo Go Eo\nR. I. P. E.\nT. O. N. E.\n",
			nil, "OOOO/oooo/..../...."},
		{"own cells stay own; secured by the mover stays",
			"wordblock\nCb Ab T. S.\nDb Ob G. E.\nR. I. P. E.\nT. O. N. E.\n",
			[]string{"CAT a1,b1,c1"}, "BBb./bb../..../...."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := pos(t, tc.start)
			for _, m := range tc.moves {
				play(t, s, m)
			}
			if got := owners(s); got != tc.want {
				t.Errorf("colours %s, want %s\n%s", got, tc.want, s)
			}
			// Undo restores every cell.
			for range tc.moves {
				s.Undo()
			}
			if got, want := s.Format(), pos(t, tc.start).Format(); got != want {
				t.Errorf("after undo:\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestSecuredMatchesDefinition(t *testing.T) {
	lx := defaultLexicon(t)
	rng := rand.New(rand.NewPCG(5, 5))
	for range 200 {
		s, err := NewGame(game.Config{Lexicon: lx, Players: 2 + rng.IntN(3), Variant: fmt.Sprintf("size=%d", 4+rng.IntN(5)), Rand: rng})
		if err != nil {
			t.Fatal(err)
		}
		for r := range s.board.rows {
			for c := range s.board.cols {
				if o := rng.IntN(s.players + 1); o < s.players {
					s.own[o] |= 1 << (r*stride + c)
				}
			}
		}
		for q := range s.players {
			s.sec[q] = s.securedOf(s.own[q])
		}
		for r := range s.board.rows {
			for c := range s.board.cols {
				if got, want := s.IsSecured(r, c), naiveSecured(s, r, c); got != want {
					t.Fatalf("cell %s secured %v, want %v\n%s", CellName(r, c), got, want, s)
				}
			}
		}
	}
}

func TestEndRules(t *testing.T) {
	t.Run("every cell coloured", func(t *testing.T) {
		s := pos(t, "wordblock\nCb Ab Tb Sb\nDb Ob Gb Eb\nRb Ib Pb Eb\nTb Ob N. E.\n")
		if s.Over() {
			t.Fatal("over with two cells left")
		}
		play(t, s, "ONE b4,c4,d4")
		if !s.Over() {
			t.Fatalf("not over with every cell coloured\n%s", s)
		}
		if n := len(s.AppendMoves(nil)); n != 0 {
			t.Errorf("%d moves after the end", n)
		}
		if w := s.Winners(); !slices.Equal(w, []int{0}) {
			t.Errorf("winners %v", w)
		}
		s.Undo()
		if s.Over() {
			t.Error("still over after Undo")
		}
	})
	t.Run("every player passed in a row", func(t *testing.T) {
		for players := 2; players <= 4; players++ {
			s := pos(t, fmt.Sprintf("wordblock players=%d\nCATS\nDOGE\nRIPE\nTONE\n", players))
			play(t, s, "CAT")
			for i := range players {
				if s.Over() {
					t.Fatalf("%d players: over after %d passes", players, i)
				}
				play(t, s, "pass")
			}
			if !s.Over() {
				t.Fatalf("%d players: not over after %d passes", players, players)
			}
			if s.Score(0) != 3 || !slices.Equal(s.Winners(), []int{0}) {
				t.Errorf("%d players: score %d winners %v", players, s.Score(0), s.Winners())
			}
		}
		// A word between passes starts the count again.
		s := pos(t, board4)
		play(t, s, "pass")
		play(t, s, "CAT")
		play(t, s, "pass")
		if s.Over() {
			t.Fatal("over after pass, word, pass")
		}
	})
	t.Run("right after the 101st word", func(t *testing.T) {
		// 100 words played, made with a hand-fed word list: play the
		// hundredth and the hundred-and-first on a big board.
		lx := defaultLexicon(t)
		s, err := NewGame(game.Config{Lexicon: lx, Variant: "size=6", Rand: rand.New(rand.NewPCG(3, 3))})
		if err != nil {
			t.Fatal(err)
		}
		var moves []game.Move
		plies := 0
		for len(s.words) < MaxWords-1 {
			moves = s.AppendMoves(moves[:0])
			// The move that gains least (prefer the first word), so the
			// board does not fill up.
			best := moves[0]
			for _, m := range moves {
				if m != Pass && (best == Pass || s.MoveScore(m) < s.MoveScore(best)) {
					best = m
				}
			}
			if best == Pass {
				t.Skip("board ran out of words")
			}
			s.Play(best)
			plies++
			if s.Over() {
				t.Skipf("game ended after %d words (board full)", len(s.words))
			}
		}
		moves = s.AppendMoves(moves[:0])
		s.Play(moves[0])
		if !s.Over() || len(s.words) != MaxWords {
			t.Fatalf("not over after %d words", len(s.words))
		}
		if n := len(s.AppendMoves(nil)); n != 0 {
			t.Errorf("%d moves after the end", n)
		}
		text := s.Format()
		back, err := ParsePosition(lx, text)
		if err != nil || !back.Over() {
			t.Fatalf("parsed back: over=%v err=%v", back != nil && back.Over(), err)
		}
	})
	t.Run("equal highest share the win", func(t *testing.T) {
		s := pos(t, "wordblock players=3 passes=3\nCb Ab To Sv\nDb Oo Go E.\nR. I. P. E.\nT. O. N. E.\n")
		if !s.Over() || !slices.Equal(s.Winners(), []int{0, 1}) {
			t.Errorf("over %v winners %v", s.Over(), s.Winners())
		}
	})
}

func TestPlayedWordRule(t *testing.T) {
	tests := []struct {
		contain string
		played  string
		word    string
		ok      bool
	}{
		{"anywhere", "STEAMER", "TEAM", false},
		{"anywhere", "STEAMER", "STEAM", false},
		{"anywhere", "STEAMER", "STEAMER", false},
		{"anywhere", "STEAMER", "MERE", true},
		{"anywhere", "STEAMER", "STEAMERS", true},
		{"anywhere", "STEAM", "STEAMER", true},
		{"prefix", "STEAMER", "TEAM", true},
		{"prefix", "STEAMER", "STEAM", false},
		{"prefix", "STEAMER", "STEAMER", false},
		{"prefix", "STEAMER", "STEAMERS", true},
		{"prefix", "STEAM", "STEAMER", true},
	}
	for _, tc := range tests {
		t.Run(tc.contain+" "+tc.played+" "+tc.word, func(t *testing.T) {
			s := pos(t, "wordblock contain="+tc.contain+"\nSTEA\nMERS\nHIPO\nLUCK\nwords "+tc.played+"\n")
			_, err := s.ParseMove(tc.word)
			if tc.ok && err != nil {
				t.Errorf("ParseMove(%s) after %s: %v", tc.word, tc.played, err)
			}
			if !tc.ok && !errors.Is(err, ErrIllegal) {
				t.Errorf("ParseMove(%s) after %s: %v, want ErrIllegal", tc.word, tc.played, err)
			}
			found := false
			for _, m := range s.AppendMoves(nil) {
				found = found || strings.HasPrefix(s.FormatMove(m), tc.word+" ")
			}
			if found != tc.ok {
				t.Errorf("AppendMoves has %s: %v, want %v", tc.word, found, tc.ok)
			}
		})
	}
}

func TestCellChoice(t *testing.T) {
	// ORANGE to move. E cells: a1 blue secured? no: a1 blue unsecured,
	// c2 uncoloured, d4 orange's own. TEE takes the blue E first, then the
	// uncoloured one.
	s := pos(t, "wordblock turn=ORANGE\nEb A. T. S.\nD. O. E. R.\nR. I. P. E.\nT. O. N. Eo\n")
	m, err := s.ParseMove("TEE")
	if err != nil {
		t.Fatal(err)
	}
	// T: a4 (two edges) before c1 (one). E: blue a1 (taken) first, then
	// d3 (an edge and an orange neighbour) before c2 (none).
	if got := s.FormatMove(m); got != "TEE a4,a1,d3" {
		t.Errorf("TEE takes %s, want TEE a4,a1,d3", got)
	}
	if s.MoveScore(m) != 3 {
		t.Errorf("score %d, want 3", s.MoveScore(m))
	}
	// Any order of the equal letters parses to the same move.
	m2, err := s.ParseMove("tee a4 d3 a1")
	if err != nil || m2 != m {
		t.Errorf("ParseMove(tee a4 d3 a1) = %s, %v; want %s", s.FormatMove(m2), err, s.FormatMove(m))
	}
	// A choice the generator does not make is still legal.
	m3, err := s.ParseMove("TEE c1,d4,c2")
	if err != nil || s.MoveScore(m3) != 2 {
		t.Errorf("ParseMove(TEE c1,d4,c2) = %v, score %d", err, s.MoveScore(m3))
	}
	for _, bad := range []string{"TEE c1,a1", "TEE c1,a1,a1", "TEE a1,c1,c2", "TEE c1,a1,z9", "XQZ", "T", "TEE c1,a1,c2 d4"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q): no error", bad)
		}
	}
}

func TestDecliningChoice(t *testing.T) {
	// Two uncoloured cells left, c3 (E) and d3 (E... no: R). BLUE playing
	// a word through both would end the game; the second choice keeps one.
	s := pos(t, "wordblock\nCo Ao To So\nDo Oo Go Eb\nRo Io P. E.\nTo Oo No Eo\n")
	var forms []string
	for _, m := range s.AppendMoves(nil) {
		if f := s.FormatMove(m); strings.HasPrefix(f, "PEE ") || strings.HasPrefix(f, "PE ") {
			forms = append(forms, fmt.Sprintf("%s:%d", f, s.MoveScore(m)))
		}
	}
	slices.Sort(forms)
	// PE takes p3 and an E: the orange E d4 first (taking ranks above
	// uncoloured)... so PE leaves d3 uncoloured and does not end the game.
	want := []string{"PE c3,d4:2", "PEE c3,d4,d2:2", "PEE c3,d4,d3:3"}
	if !slices.Equal(forms, want) {
		t.Errorf("moves %v, want %v\n%s", forms, want, s)
	}
}

func TestPositionRoundTrip(t *testing.T) {
	lx := defaultLexicon(t)
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range 24 {
		s, err := NewGame(game.Config{Lexicon: lx, Players: 2 + i%3, Variant: fmt.Sprintf("size=%d,contain=%s", 4+i%3, []string{"anywhere", "prefix"}[i%2]), Rand: rng})
		if err != nil {
			t.Fatal(err)
		}
		var moves []game.Move
		for range rng.IntN(12) {
			if s.Over() {
				break
			}
			moves = s.AppendMoves(moves[:0])
			s.Play(moves[rng.IntN(len(moves))])
		}
		text := s.Format()
		back, err := ParsePosition(lx, text)
		if err != nil {
			t.Fatalf("ParsePosition(Format()): %v\n%s", err, text)
		}
		if back.Format() != text || back.Hash() != s.Hash() || back.String() != s.String() || back.Over() != s.Over() {
			t.Fatalf("round trip differs:\n%s\n%s", text, back.Format())
		}
		if !s.Over() {
			a, b := describeMoves(s), describeMoves(back)
			if !slices.Equal(a, b) {
				t.Fatalf("moves differ after round trip")
			}
		}
	}
}

func describeMoves(s *State) []string {
	var out []string
	for _, m := range s.AppendMoves(nil) {
		out = append(out, s.FormatMove(m))
	}
	return out
}

func TestParsePositionErrors(t *testing.T) {
	tests := []struct {
		text      string
		line, col int
		msg       string
	}{
		{"", 1, 0, "empty position"},
		{"wordblock players=3,turn=YELLOW\n", 1, 21, "turn=YELLOW: only 3 players"},
		{"wordblock players=2 passes=3\nCATS\n", 1, 21, "passes=3: only 2 players"},
		{"wordblock contain=middle\n", 1, 11, "contain=middle: want anywhere or prefix"},
		{"wordblock # 2 players\nCATS # a comment\nDOGE\nRIPE\nTONE\nwords CAT # played\nx", 7, 1, "text after the words line"},
		{"wordblok\nCATS\n", 1, 1, "want"},
		{"wordblock players=5\nCATS\n", 1, 11, "players=5"},
		{"wordblock turn=RED\n", 1, 11, "turn=RED"},
		{"wordblock players=2 turn=VIOLET\n", 1, 21, "only 2 players"},
		{"wordblock\nCATS\nDOGE\nRI1E\nTONE\n", 4, 3, "not a letter"},
		{"wordblock\nCATS\nDOGEr\nRIPE\nTONE\n", 3, 5, "letters are upper-case"},
		{"wordblock\nCATS\nDv O G E\nRIPE\nTONE\n", 3, 2, "VIOLET in a game of 2"},
		{"wordblock\nCATS\nDOG\nRIPE\nTONE\n", 3, 1, "row of 3 cells"},
		{"wordblock\nCATS\nDOGE\nRIPE\n", 1, 10, "3 board rows"},
		{"wordblock\nCATS\nDOGE\nRIPE\nTONE\nwords CAT XYZZY\n", 6, 11, "not in lexicon"},
		{"wordblock\nCATS\nDOGE\nRIPE\nTONE\nwords CATS CAT\n", 6, 12, "contained in the played word CATS"},
		{"wordblock\nCATS\nDOGE\nRIPE\nTONE\nwords ZOO\n", 6, 7, "cannot spell"},
		{"wordblock\nbC ATS\n", 2, 1, "colour mark before"},
	}
	lx := defaultLexicon(t)
	for _, tc := range tests {
		_, err := ParsePosition(lx, tc.text)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a *SyntaxError", tc.text, err)
			continue
		}
		if se.Line != tc.line || se.Col != tc.col || !strings.Contains(se.Msg, tc.msg) {
			t.Errorf("%q: %v, want line %d column %d %q", tc.text, err, tc.line, tc.col, tc.msg)
		}
	}
}

func TestVariants(t *testing.T) {
	lx := defaultLexicon(t)
	s, err := NewGame(game.Config{Lexicon: lx, Players: 3, Variant: "board=CATS/DOGE/RIPE/TONE, contain=prefix"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Board().Format(lx.Alphabet) != "CATS/DOGE/RIPE/TONE" || s.Contain() != Prefix || s.Players() != 3 {
		t.Errorf("got %s %s %d", s.Board().Format(lx.Alphabet), s.Contain(), s.Players())
	}
	for _, v := range []string{"size=3", "size=9", "contain=middle", "board=CAT/DOG/RIP", "board=CATS/DOGE/RIPE/TONE,size=5", "colour=red", "size"} {
		if _, err := NewGame(game.Config{Lexicon: lx, Variant: v, Rand: rand.New(rand.NewPCG(1, 1))}); err == nil {
			t.Errorf("variant %q: no error", v)
		}
	}
	if _, err := NewGame(game.Config{Lexicon: lx, Players: 5, Rand: rand.New(rand.NewPCG(1, 1))}); err == nil {
		t.Error("5 players: no error")
	}
	if _, err := NewGame(game.Config{Lexicon: lx}); err == nil {
		t.Error("no Rand and no board: no error")
	}
	spec, err := game.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(1, 1))}); err != nil {
		t.Fatal(err)
	}
}

func TestRandomBoard(t *testing.T) {
	lx := defaultLexicon(t)
	st := stats(lx)
	rng := rand.New(rand.NewPCG(1, 1))
	var counts [lexicon.MaxLetters + 1]int
	for range 400 {
		b, err := RandomBoard(lx, 5, 5, rng)
		if err != nil {
			t.Fatal(err)
		}
		for r := range 5 {
			vowel := false
			for c := range 5 {
				vowel = vowel || st.vowel[b.Tile(r, c)]
				counts[b.Tile(r, c)]++
			}
			if !vowel {
				t.Fatalf("row %d without a vowel: %s", r+1, b.Format(lx.Alphabet))
			}
		}
	}
	// E is the most common letter of English words, Q among the rarest.
	e, _ := lx.Alphabet.Split(nil, "E")
	qt, _ := lx.Alphabet.Split(nil, "Q")
	if counts[e[0]] < 10*counts[qt[0]] || counts[e[0]] < 800 {
		t.Errorf("E drawn %d times, Q %d times in 10,000 letters", counts[e[0]], counts[qt[0]])
	}
	b1, _ := RandomBoard(lx, 6, 6, rand.New(rand.NewPCG(4, 4)))
	b2, _ := RandomBoard(lx, 6, 6, rand.New(rand.NewPCG(4, 4)))
	if b1 != b2 {
		t.Error("same seed, different boards")
	}
	for _, v := range []string{"A", "Ä", "É", "U"} {
		if !isVowel(v) {
			t.Errorf("%s is not a vowel", v)
		}
	}
	for _, v := range []string{"Y", "B", "QU", "Ñ"} {
		if isVowel(v) {
			t.Errorf("%s is a vowel", v)
		}
	}
}

func TestParseBoard(t *testing.T) {
	lx := defaultLexicon(t)
	b, err := ParseBoard(lx.Alphabet, "cats\nDOGE\nr i p e\nTONE\n")
	if err != nil || b.Format(lx.Alphabet) != "CATS/DOGE/RIPE/TONE" {
		t.Fatalf("%v %s", err, b.Format(lx.Alphabet))
	}
	_, err = ParseBoard(lx.Alphabet, "CATS/DOGE/RI?E/TONE")
	var se *SyntaxError
	if !errors.As(err, &se) || se.Line != 1 || se.Col != 13 {
		t.Errorf("error %v, want line 1 column 13", err)
	}
	_, err = ParseBoard(lx.Alphabet, "CATS\nDOGE\nRIPES\nTONE")
	if !errors.As(err, &se) || se.Line != 3 {
		t.Errorf("error %v, want line 3", err)
	}
}

// TestParseBoardErrorLines: every error names a line from 1 (a
// '/'-separated board is line 1, not line 0) and a column from 1.
func TestParseBoardErrorLines(t *testing.T) {
	lx := defaultLexicon(t)
	tests := []struct {
		text      string
		line, col int
		msg       string
	}{
		{"CAT/DOG/RIP", 1, 1, "3 rows: want 4 to 8"},
		{"/", 1, 1, "0 rows"},
		{"", 1, 1, "0 rows"},
		{"ABCDEFGHI/ABCDEFGHI/ABCDEFGHI/ABCDEFGHI/ABCDEFGHI/ABCDEFGHI/ABCDEFGHI/ABCDEFGHI/ABCDEFGHI", 1, 1, "9 rows"},
		{"CATS/DOG/RIPE/TONE", 1, 6, "row 2 has 3 letters"},
		{"CATS\nDOGE\nRIPE\n", 3, 1, "3 rows"},
		{"CAT\nDOG\nRIP\nTON\n", 1, 1, "3 columns"},
		// Upper-casing changes the byte length: invalid UTF-8 (it
		// panicked: slice bounds out of range) and U+023F.
		{"\xac?", 1, 2, "not a letter"},
		{"\xacA", 1, 1, "not a letter"},
		{"CATS/DO\xacE/RIPE/TONE", 1, 8, "not a letter"},
		{"CATS/DOGE/RI\u023fE/TONE", 1, 13, "not a letter"},
	}
	for _, tc := range tests {
		_, err := ParseBoard(lx.Alphabet, tc.text)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != tc.line || se.Col != tc.col || !strings.Contains(se.Msg, tc.msg) {
			t.Errorf("ParseBoard(%q): %v, want line %d column %d %q", tc.text, err, tc.line, tc.col, tc.msg)
		}
	}
}

// TestVariantBoardErrors: a bad variant board= names the board and the
// place once ("wordblock: board ...: line L, column C"), and an empty
// board= is an error, not a silent random board.
func TestVariantBoardErrors(t *testing.T) {
	lx := defaultLexicon(t)
	tests := []struct{ variant, want string }{
		{"board=CAT/DOG/RIP", `wordblock: board "CAT/DOG/RIP" (variant board=): line 1, column 1: 3 rows: want 4 to 8`},
		{"board=CA1S/DOGE/RIPE/TONE", `wordblock: board "CA1S/DOGE/RIPE/TONE" (variant board=): line 1, column 3: `},
		{"board=", `wordblock: variant option "board" has no value: want rows of letters`},
		{"size=5,board= ", `variant option "board" has no value`},
		{"size=5,board=CATS/DOGE/RIPE/TONE", "wordblock: variant size=5: the board= given is 4x4"},
	}
	for _, tc := range tests {
		_, err := NewGame(game.Config{Lexicon: lx, Variant: tc.variant, Rand: rand.New(rand.NewPCG(1, 1))})
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Count(err.Error(), "wordblock:") != 1 {
			t.Errorf("variant %q: error %v, want %q", tc.variant, err, tc.want)
		}
	}
}

// TestParseMoveCellErrors: a malformed cell is named before the count of
// cells is compared with the word.
func TestParseMoveCellErrors(t *testing.T) {
	tests := []struct{ move, want string }{
		{"TOE a4;b4;d4", `cell "a4;b4;d4": want a column letter and a row number`},
		{"TOE a4,b4", "2 cells for a word of 3 letters"},
		{"TOE a4,b4,x", `cell "x": want a column letter and a row number`},
		{"TOE e5,b4,d4", "cell e5 is off the 4x4 board (a1 to d4)"},
		{"TOE e5", "cell e5 is off the 4x4 board (a1 to d4)"},
	}
	s := pos(t, board4)
	for _, tc := range tests {
		if _, err := s.ParseMove(tc.move); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseMove(%q): %v, want %q", tc.move, err, tc.want)
		}
	}
}

func TestAllocs(t *testing.T) {
	s := pos(t, board4)
	buf := make([]game.Move, 0, 4096)
	moves := s.AppendMoves(nil)
	if n := testing.AllocsPerRun(5, func() {
		for _, m := range moves[:min(len(moves), 20)] {
			s.Play(m)
			buf = s.AppendMoves(buf[:0])
			s.Undo()
		}
	}); n != 0 {
		t.Errorf("Play, AppendMoves, Undo allocate %v times", n)
	}
}

func TestNextOpener(t *testing.T) {
	// marks holds the colour marks of the 16 cells of CATS/DOGE/RIPE/TONE,
	// row by row.
	tests := []struct {
		name    string
		players int
		marks   string
		want    int
	}{
		{"two players, blue lost", 2, "bo.. o... .... ....", 0},
		{"two players, orange lost", 2, "bbo. .... .... ....", 1},
		{"two players, a draw: orange opens", 2, "bo.. .... .... ....", 1},
		{"two players, no cell coloured: orange opens", 2, "....  .... .... ....", 1},
		{"three players, violet lost", 3, "bbbo oov. .... ....", 2},
		{"three players, blue and violet tied last: violet", 3, "bvoo .... .... ....", 2},
		{"three players, orange and violet tied last: orange", 3, "bbov .... .... ....", 1},
		{"four players, every seat tied: orange", 4, "bovy .... .... ....", 1},
		{"four players, blue and yellow tied last: yellow", 4, "boov vy.. .... ....", 3},
		{"four players, blue lost", 4, "booy vyv. .... ....", 0},
	}
	letters := []string{"CATS", "DOGE", "RIPE", "TONE"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			marks := strings.ReplaceAll(tt.marks, " ", "")
			var b strings.Builder
			fmt.Fprintf(&b, "wordblock players=%d\n", tt.players)
			for r, row := range letters {
				for c := range row {
					fmt.Fprintf(&b, "%c%c ", row[c], marks[r*4+c])
				}
				b.WriteByte('\n')
			}
			s, err := ParsePosition(nil, b.String())
			if err != nil {
				t.Fatal(err)
			}
			if got := NextOpener(s); got != tt.want {
				t.Errorf("NextOpener = %d (%s), want %d (%s)\n%s", got, Colours[got], tt.want, Colours[tt.want], s)
			}
		})
	}
}
