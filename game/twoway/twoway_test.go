package twoway

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/gametest"
	"wordengine/lexicon"
)

var positions = flag.Int("positions", 300, "number of seeded positions for the brute-force claim check")

func lex(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	return lx
}

func newGame(t testing.TB, variant string, seed uint64) *State {
	t.Helper()
	s, err := NewGame(game.Config{Lexicon: lex(t), Variant: variant, Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// bruteMoves lists the legal moves of s by scanning every pair of cells
// for a straight run and checking its word with Contains.
func bruteMoves(gs game.State) []game.Move {
	s := gs.(*State)
	if s.over {
		return nil
	}
	p := s.toMove
	var out []game.Move
	for a := range Cells {
		for b := range Cells {
			dr, dc := b/Size-a/Size, b%Size-a%Size
			if a == b || (dr != 0 && dc != 0 && abs(dr) != abs(dc)) {
				continue
			}
			n := max(abs(dr), abs(dc)) + 1
			if n < MinWord || n > MaxWord || !s.Open(p, n) {
				continue
			}
			var sb strings.Builder
			ok := true
			var letters uint64
			for i := range n {
				c := (a/Size+i*sign(dr))*Size + a%Size + i*sign(dc)
				if s.occ>>c&1 == 0 {
					ok = false
					break
				}
				sb.WriteString(s.lx.Alphabet.Letter(s.grid[c][p]))
				letters |= uint64(s.grid[c][p]) << (8 * i)
			}
			if ok && s.lx.Contains(sb.String()) {
				d := slices.Index(dirs[:], [2]int{sign(dr), sign(dc)})
				out = append(out, claimMove(a, d, n, letters, false))
			}
		}
	}
	if s.phase == 0 && len(s.hands[p]) > 0 && s.occ != fullGrid {
		letters := map[lexicon.Tile]bool{}
		for _, t := range s.hands[p] {
			letters[t[p]] = true
		}
		for l := range letters {
			for c := range Cells {
				if s.occ>>c&1 == 0 {
					out = append(out, placeMove(l, c))
				}
			}
		}
	} else {
		out = append(out, endMove)
	}
	return out
}

func TestConformance(t *testing.T) {
	games := 8
	if raceEnabled {
		games = 2
	}
	for _, v := range []string{"", "lengths=3,4,5", "lengths=3,3,4,5,open-hands"} {
		t.Run(v, func(t *testing.T) {
			gametest.Run(t, gametest.Config{
				New: func(seed uint64) (game.State, error) {
					return NewGame(game.Config{Lexicon: lex(t), Variant: v, Rand: rand.New(rand.NewPCG(seed, 7))})
				},
				Games:      games,
				MaxPlies:   2000,
				BruteForce: bruteMoves,
			})
		})
	}
}

// randomPosition deals a position of a game seeded seed with a random
// number of tiles on random cells and some lengths already claimed.
func randomPosition(t testing.TB, seed uint64) *State {
	s := newGame(t, "", seed)
	rng := rand.New(rand.NewPCG(seed, 11))
	k := 10 + rng.IntN(Cells-9)
	for range k {
		c := rng.IntN(Cells)
		if s.occ>>c&1 == 0 && len(s.bag) > 0 {
			s.grid[c] = s.bag[len(s.bag)-1]
			s.bag = s.bag[:len(s.bag)-1]
			s.occ |= 1 << c
		}
	}
	for p := range 2 {
		for l := MinWord; l <= MaxWord; l++ {
			if rng.IntN(4) == 0 {
				s.claimed[p][l] = 1
			}
		}
	}
	s.toMove = rng.IntN(2)
	s.phase = int8(rng.IntN(2))
	return s
}

// TestClaimsBruteForce compares AppendMoves with bruteMoves on seeded
// random positions (-positions N; default 300).
func TestClaimsBruteForce(t *testing.T) {
	claims := 0
	for seed := range uint64(*positions) {
		s := randomPosition(t, seed)
		moves := s.AppendMoves(nil)
		if got, want := describeMoves(s, moves), describeMoves(s, bruteMoves(s)); !slices.Equal(got, want) {
			t.Fatalf("seed %d: AppendMoves %d moves, brute force %d\n%s", seed, len(got), len(want), s)
		}
		for _, m := range moves {
			if IsClaim(m) {
				claims++
			}
		}
	}
	t.Logf("%d positions, %d claims checked", *positions, claims)
	if claims < *positions {
		t.Fatalf("only %d claims in %d positions", claims, *positions)
	}
}

func describeMoves(s *State, ms []game.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = fmt.Sprintf("%s %d", s.FormatMove(m), s.MoveScore(m))
	}
	slices.Sort(out)
	return out
}

// play random moves (claims preferred) for n plies.
func playRandom(s *State, rng *rand.Rand, n int) {
	for range n {
		if s.Over() {
			return
		}
		moves := s.AppendMoves(nil)
		m := moves[rng.IntN(len(moves))]
		for _, x := range moves {
			if IsClaim(x) && rng.IntN(2) == 0 {
				m = x
			}
		}
		s.Play(m)
	}
}

func TestPositionRoundTrip(t *testing.T) {
	for seed := range uint64(30) {
		v := []string{"", "lengths=3,3,4,5,open-hands"}[seed%2]
		s := newGame(t, v, seed)
		playRandom(s, rand.New(rand.NewPCG(seed, 5)), int(seed*5))
		text := s.Position()
		back, err := ParsePosition(text, s.lx, nil)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if back.Position() != text || back.Hash() != s.Hash() {
			t.Fatalf("seed %d: round trip differs:\n%s\n%s", seed, text, back.Position())
		}
		for p := range 2 {
			obs := s.Observation(p)
			o, err := ParsePosition(obs, s.lx, rand.New(rand.NewPCG(seed, 9)))
			if err != nil {
				t.Fatalf("seed %d: observation %d: %v\n%s", seed, p, err, obs)
			}
			if o.Observation(p) != obs {
				t.Fatalf("seed %d: observation of the parsed observation differs:\n%s\n%s", seed, obs, o.Observation(p))
			}
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	lx := lex(t)
	s := newGame(t, "", 1)
	good := s.Position()
	replace := func(old, new string) string { return strings.Replace(good, old, new, 1) }
	tests := []struct{ name, text, want string }{
		{"empty", "", "line 1: empty position"},
		{"first", "wordblock\n", `line 1, column 1: want "twoway" to start the position, not "wordblock"`},
		{"variant", "twoway lengths=9\n", "line 1, column 8: lengths=9: want whole numbers from 3 to 6"},
		{"row", replace("\n4  ", "\n5  "), "line 8, column 1: row 5 where row 4 is due"},
		{"width", replace("\n4  ", "\n4   . "), "line 8, column 1: row 4 has 8 cells"},
		{"tile", replace("\n4   .", "\n4   E/E"), "line 8, column 5: cell a4: tile \"E/E\": the same letter on both faces"},
		{"letter", replace("\n4   .", "\n4   1/E"), "line 8, column 5: cell a4: tile \"1/E\": unknown letter"},
		{"turn", replace("turn red place", "turn green place"), "line 2, column 6: colour \"green\""},
		{"keyword", good + "foo 1\n", "unknown line \"foo\""},
		{"bag", replace("\nbag ", "\nbag X/Q "), "is not in the tile set"},
		{"nohand", strings.Replace(good, "blue hand", "# blue hand", 1), "no \"blue hand\" line"},
		{"revealed", replace("\nred hand", "\nred revealed d4\nred hand"), "line 12, column 14: revealed cell d4 is empty"},
		{"crlf turn", replace("turn red place", "turn red place\r\r"), ""},
		{"comment", replace("turn red place", "turn red place # red to place"), ""},
		{"header options by spaces", replace("lengths=3,4,5,6", "lengths=3,4 open-hands"), ""},
		{"second turn", replace("missed 0 0", "turn blue place"), `line 3, column 1: second "turn" line (the first is line 2)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePosition(tc.text, lx, rand.New(rand.NewPCG(1, 1)))
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v\nwant containing %q", err, tc.want)
			}
		})
	}
}

// TestHiddenInformation: states that differ only in what seat p cannot
// see give p the same observation, the same determinizations and so the
// same decisions of every player that decides on a determinized clone.
func TestHiddenInformation(t *testing.T) {
	for seed := range uint64(40) {
		v := []string{"", "open-hands"}[seed%2]
		s := newGame(t, v, seed)
		playRandom(s, rand.New(rand.NewPCG(seed, 5)), 4+int(seed*3))
		if s.Over() {
			continue
		}
		p := s.ToMove()
		other := s.clone()
		other.Determinize(p, rand.New(rand.NewPCG(seed, 77)))
		if other.Position() == s.Position() {
			t.Fatalf("seed %d: a redeal changed nothing", seed)
		}
		if s.Observation(p) != other.Observation(p) {
			t.Fatalf("seed %d: observations of seat %d differ:\n%s\n%s", seed, p, s.Observation(p), other.Observation(p))
		}
		a, b := s.clone(), other.clone()
		a.Determinize(p, rand.New(rand.NewPCG(seed, 99)))
		b.Determinize(p, rand.New(rand.NewPCG(seed, 99)))
		if a.Position() != b.Position() {
			t.Fatalf("seed %d: determinizations for seat %d with one seed differ", seed, p)
		}
		// Nothing p sees changes.
		if a.Observation(p) != s.Observation(p) {
			t.Fatalf("seed %d: Determinize(%d) changed what the seat sees", seed, p)
		}
		// The determinization is consistent with the tile set.
		if _, err := ParsePosition(a.Position(), s.lx, nil); err != nil {
			t.Fatalf("seed %d: determinized position: %v", seed, err)
		}
	}
}

func TestWrongClaim(t *testing.T) {
	lx := lex(t)
	text := `twoway lengths=3,4,5,6
turn red place
missed 0 0
1   N/?  N/?  N/?  .    .    .    .
2   C/?  .    .    .    .    .    .
3   A/?  .    .    .    .    .    .
4   T/?  .    .    .    .    .    .
5   .    .    .    .    .    .    .
6   .    .    .    .    .    .    .
7   .    .    .    .    .    .    .
red hand ?/? ?/? ?/? ?/? ?/?
blue hand ?/? ?/? ?/? ?/? ?/?
red words
blue words
bag 74
`
	s, err := ParsePosition(text, lx, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.ParseMove("NNN a1-c1")
	if err != nil || !IsWrongClaim(m) || s.MoveScore(m) != 0 {
		t.Fatalf("NNN: %v %v", err, s.FormatMove(m))
	}
	if _, err := s.ParseMove("CAB a2-a4"); err == nil || !strings.Contains(err.Error(), "reads CAT") {
		t.Fatalf("a mismatched word: %v", err)
	}
	if _, err := s.ParseMove("a1-b2"); err == nil {
		t.Fatal("a two-cell claim accepted")
	}
	if _, err := s.ParseMove("a1-b3"); err == nil || !strings.Contains(err.Error(), "straight") {
		t.Fatalf("a bent claim: %v", err)
	}
	if _, err := s.ParseMove("a1-d1"); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Fatalf("a claim over an empty cell: %v", err)
	}
	if _, err := s.ParseMove("end"); err == nil {
		t.Fatal("end before the placement accepted")
	}
	before := s.Position()
	s.Play(m)
	if s.Missed(Red) != 1 || s.Occupied() != 6 {
		t.Fatalf("after the wrong claim: missed %d, %d tiles", s.Missed(Red), s.Occupied())
	}
	// Blue now sees the announced red faces of a1-c1.
	if obs := s.Observation(Blue); !strings.Contains(obs, "red revealed a1 b1 c1") {
		t.Fatalf("blue's observation after red's wrong claim:\n%s", obs)
	}
	cat, err := s.ParseMove("CAT a2-a4")
	if err != nil || IsWrongClaim(cat) || s.MoveScore(cat) != 3 {
		t.Fatalf("CAT: %v", err)
	}
	s.Play(cat)
	if _, err := s.ParseMove("TAC a4-a2"); err == nil {
		t.Fatal("a claim of removed cells accepted")
	}
	moves := s.AppendMoves(nil)
	s.Play(moves[0]) // a placement
	s.Play(endMove)
	if s.ToMove() != Blue {
		t.Fatal("blue does not move after red's turn")
	}
	moves = s.AppendMoves(nil)
	s.Play(moves[len(moves)-1])
	s.Play(endMove)
	if s.ToMove() != Blue || s.Missed(Red) != 0 {
		t.Fatalf("red's missed turn: to move %d, missed %d", s.ToMove(), s.Missed(Red))
	}
	for range 6 {
		s.Undo()
	}
	if s.Position() != before {
		t.Fatalf("undo:\n%s\nwant\n%s", s.Position(), before)
	}
}

func TestWinAndEnd(t *testing.T) {
	lx := lex(t)
	text := `twoway lengths=3,4
turn red claim
missed 0 0
1   C/?  A/?  T/?  .    .    .    .
2   .    .    .    .    .    .    .
3   .    .    .    .    .    .    .
4   .    .    .    .    .    .    .
5   .    .    .    .    .    .    .
6   .    .    .    .    .    .    .
7   .    .    .    .    .    .    .
red hand ?/? ?/? ?/? ?/? ?/?
blue hand ?/? ?/? ?/? ?/? ?/?
red words T/A-O/D-E/C-S/A
blue words
bag 73
`
	s, err := ParsePosition(text, lx, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.ParseMove("CAT a1-c1")
	if err != nil {
		t.Fatal(err)
	}
	s.Play(m)
	if !s.Over() || !slices.Equal(s.Winners(), []int{Red}) || s.Score(Red) != 7 {
		t.Fatalf("red claimed every length: over %v winners %v score %d", s.Over(), s.Winners(), s.Score(Red))
	}
	if len(s.AppendMoves(nil)) != 0 {
		t.Fatal("moves after the end")
	}
	s.Undo()
	// lengths=3,4: a 5-letter run is no claim of this game.
	if _, err := s.ParseMove("a1-a5"); err == nil || !strings.Contains(err.Error(), "this game's words have 3,4 letters") {
		t.Fatalf("a 5-letter claim in lengths=3,4: %v", err)
	}
}

// TestParsePositionFilled: Filled tells which seat's visible faces a
// position left hidden, and a CRLF file reads as its LF original.
func TestParsePositionFilled(t *testing.T) {
	lx := lex(t)
	for seed := range uint64(10) {
		s := newGame(t, "", seed)
		playRandom(s, rand.New(rand.NewPCG(seed, 5)), 6+int(seed))
		if s.Over() {
			continue
		}
		full, err := ParsePosition(s.Position(), lx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if full.Filled(Red) || full.Filled(Blue) {
			t.Fatalf("seed %d: a full position reports filled faces", seed)
		}
		for p := range 2 {
			obs := s.Observation(p)
			o, err := ParsePosition(obs, lx, rand.New(rand.NewPCG(seed, 3)))
			if err != nil {
				t.Fatal(err)
			}
			if o.Filled(p) || !o.Filled(1-p) {
				t.Fatalf("seed %d: observation of %s: Filled = %v, %v\n%s", seed, ColourNames[p], o.Filled(Red), o.Filled(Blue), obs)
			}
			c, err := ParsePosition(strings.ReplaceAll(obs, "\n", "\r\n"), lx, rand.New(rand.NewPCG(seed, 3)))
			if err != nil {
				t.Fatalf("seed %d: CRLF: %v", seed, err)
			}
			if c.Position() != o.Position() {
				t.Fatalf("seed %d: the CRLF file reads differently", seed)
			}
		}
	}
}

// TestParsePositionMixedFaces: a position whose tiles show one face or
// the other at random (hand-made; observations show one colour) always
// completes, since the true tiles are a completion, and keeps every face
// shown; a position no tile set can complete names the tile.
func TestParsePositionMixedFaces(t *testing.T) {
	lx := lex(t)
	for seed := range uint64(60) {
		s := newGame(t, "", seed)
		playRandom(s, rand.New(rand.NewPCG(seed, 5)), 20+int(seed%40))
		if s.Over() {
			continue
		}
		rng := rand.New(rand.NewPCG(seed, 8))
		h := s.clone()
		for c := range Cells {
			if h.occ>>c&1 != 0 {
				h.grid[c][rng.IntN(2)] = 0
			}
		}
		for p := range 2 {
			for i := range h.hands[p] {
				h.hands[p][i][rng.IntN(2)] = 0
			}
		}
		text := h.Position()
		got, err := ParsePosition(text, lx, rand.New(rand.NewPCG(seed, 9)))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		for c := range Cells {
			for k := range 2 {
				if f := h.grid[c][k]; f != 0 && got.grid[c][k] != f {
					t.Fatalf("seed %d: cell %s face %d changed", seed, CellName(c), k)
				}
			}
		}
	}
	winNow, err := os.ReadFile("testdata/win-now.txt")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(winNow), "1   C/?  A/?  T/?", "1   T/?  ?/Z  ?/Z", 1)
	if _, err := ParsePosition(text, lx, rand.New(rand.NewPCG(1, 1))); err == nil || !strings.Contains(err.Error(), "cell c1: no tile with blue face Z") {
		t.Fatalf("two ?/Z from a set with one: %v", err)
	}
}

func TestParseVariant(t *testing.T) {
	a := lex(t).Alphabet
	good := []struct{ in, out string }{
		{"", "lengths=3,4,5,6"},
		{"lengths=3,4,5", "lengths=3,4,5"},
		{"lengths=5,3,3,4", "lengths=3,3,4,5"},
		{"open-hands,lengths=3,4,5", "lengths=3,4,5,open-hands"},
		{"lengths=3,4,5,open-hands", "lengths=3,4,5,open-hands"},
		{"lengths=3+4+5, open-hands=false", "lengths=3,4,5"},
	}
	for _, tc := range good {
		r, err := ParseVariant(tc.in, a)
		if err != nil || r.String() != tc.out {
			t.Errorf("ParseVariant(%q) = %q, %v; want %q", tc.in, r.String(), err, tc.out)
		}
	}
	bad := []struct{ in, want string }{
		{"lenghts=3", `twoway: unknown variant option "lenghts" (options: lengths, open-hands, tiles)`},
		{"lengths=", `twoway: variant option "lengths" has no value: want whole numbers from 3 to 6`},
		{"lengths=2,3", "twoway: variant lengths=2: want whole numbers from 3 to 6"},
		{"lengths=3,7", "twoway: variant lengths=3,7: want whole numbers from 3 to 6"},
		{"lengths=x", "variant lengths=x: want whole numbers"},
		{"lengths=3,lengths=4", `variant option "lengths" given twice`},
		{"lengths=3,3,3,3,3,3,3,3,3", "9 lengths, at most 8"},
		{"open-hands=maybe", "twoway: variant open-hands=maybe: want on or off"},
		{"tiles=/nonexistent/tiles.txt", "tiles=/nonexistent/tiles.txt"},
		{"3,4", `unknown variant option "3"`},
	}
	for _, tc := range bad {
		if _, err := ParseVariant(tc.in, a); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseVariant(%q) = %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
}
