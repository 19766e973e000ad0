package upwords

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// setup builds a 10x10 position (through ParsePosition) with squares
// ("E5" -> "C1"), the mover's rack and variant options for the first line.
func setup(t *testing.T, opts string, squares map[string]string, rack string) *State {
	t.Helper()
	const n = 10
	grid := make([][]string, n)
	for r := range grid {
		grid[r] = make([]string, n)
		for c := range grid[r] {
			grid[r][c] = "."
		}
	}
	for sq, v := range squares {
		c := int(sq[0] - 'A')
		var r int
		fmt.Sscanf(sq[1:], "%d", &r)
		grid[r-1][c] = v
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "upwords %s\n", opts)
	for r := range grid {
		fmt.Fprintf(&sb, "%d %s\n", r+1, strings.Join(grid[r], " "))
	}
	if rack == "" {
		rack = "-"
	}
	fmt.Fprintf(&sb, "rack 1 %s\nrack 2 -\n", rack)
	s, err := ParsePosition(nil, sb.String())
	if err != nil {
		t.Fatalf("setup: %v\n%s", err, sb.String())
	}
	return s
}

// cat is CAT across E5-G5, flat.
var cat = map[string]string{"E5": "C1", "F5": "A1", "G5": "T1"}

func with(base map[string]string, more map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range more {
		out[k] = v
	}
	return out
}

// TestRules checks each rule on a small position: ParseMove (the rules
// checker) accepts or rejects the play, with the expected score or an
// error mentioning the rule, and AppendMoves agrees.
func TestRules(t *testing.T) {
	for _, tc := range []struct {
		name    string
		opts    string
		squares map[string]string
		rack    string
		move    string
		score   int    // when legal
		err     string // substring of the error when illegal
	}{
		{"first play on centre", "", nil, "CATXYZE", "5E CAT", 6, ""},
		{"first play flat word 2 per tile (seed: DOOR 8)", "", nil, "DOORXYZ", "5E DOOR", 8, ""},
		{"first play off centre", "", nil, "CATXYZE", "1A CAT", 0, "centre"},
		{"first play down through centre", "", nil, "CATXYZE", "F4 CAT", 6, ""},
		{"Qu tile flat +2 (QUIT 8)", "", nil, "QUITXYZ", "5E QUIT", 8, ""},
		{"Qu tile spelled Qu", "", nil, "QUITXYZ", "5e quit", 8, ""},
		{"no lone Q", "", nil, "QUIXYZE", "5E QI", 0, "Qu tile"},
		{"bingo +20 (BANTERS 14+20)", "", nil, "BANTERS", "5D BANTERS", 34, ""},
		{"stack one tile (BAT: 2+1+1)", "", cat, "BXYZ", "5E B(AT)", 4, ""},
		{"stack on the same letter", "", cat, "AXYZ", "5E (C)A(T)", 0, "same letter"},
		{"whole-word cover", "", cat, "DOGXYZ", "5E DOG", 0, "covers every tile of CAT"},
		{"whole-word cover while extending", "", cat, "DOGSXYZ", "5E DOGS", 0, "covers every tile of CAT"},
		{"stack on a 5-high stack", "", with(cat, map[string]string{"E5": "C5"}), "BXYZ", "5E B(AT)", 0, "5 high"},
		{"stacked word: 1 point per tile (MOOD 2+1+1+1, seed)", "", map[string]string{"E5": "G1", "F5": "O1", "G5": "O1", "H5": "D1"}, "MXYZ", "5E M(OOD)", 5, ""},
		{"bare plural", "", cat, "SXYZ", "5E (CAT)S", 0, "bare plural"},
		{"bare plural allowed by the variant", "bare-plural=allowed", cat, "SXYZ", "5E (CAT)S", 8, ""},
		{"plural that forms a cross word (CATS 8 + SO 4)", "", with(cat, map[string]string{"H6": "O1"}), "SXYZ", "5E (CAT)S", 12, ""},
		{"plural with two tiles is no bare plural (CATSO)", "", cat, "SOXYZ", "5E (CAT)SO", 0, "not a word"},
		{"S stacked at the end is no bare plural (CATS over CATE... CAST)", "", map[string]string{"E5": "C1", "F5": "A1", "G5": "S1", "H5": "E1"}, "TXYZ", "5E (CAS)T", 5, ""},
		{"not connected", "", cat, "DOGXYZ", "1A DOG", 0, "neither touches nor covers"},
		{"not contiguous", "", cat, "DOGXYZ", "1A D.G", 0, "empty"},
		{"rules ON/NET example: 4 + 6 = 10", "", map[string]string{"D5": "O1", "E5": "R2", "E6": "E2", "E7": "T1"}, "NXYZ", "5D (O)N", 10, ""},
		{"one-tile play written down is the same play", "", map[string]string{"D5": "O1", "E5": "R2", "E6": "E2", "E7": "T1"}, "NXYZ", "E5 N(ET)", 10, ""},
		{"tile not on the rack", "", cat, "XYZ", "5E B(AT)", 0, "no B on the rack"},
		{"two tiles, one on the rack", "", nil, "BOOXY", "5E BOOB", 0, "the play needs 2 B, the rack BOOXY holds 1"},
		{"invalid word", "", cat, "VXY", "F4 V(A)", 0, "not a word"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(t, tc.opts, tc.squares, tc.rack)
			m, err := s.ParseMove(tc.move)
			moves := s.AppendMoves(nil)
			if tc.err != "" {
				if err == nil {
					t.Fatalf("ParseMove(%q) = %s (%d points), want an error about %q", tc.move, s.FormatMove(m), s.MoveScore(m), tc.err)
				}
				if !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseMove(%q) error %q, want it to mention %q", tc.move, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseMove(%q): %v\n%s", tc.move, err, s)
			}
			if got := s.MoveScore(m); got != tc.score {
				t.Errorf("%s scores %d, want %d", s.FormatMove(m), got, tc.score)
			}
			found := false
			for _, g := range moves {
				found = found || g == m
			}
			if !found {
				t.Errorf("AppendMoves does not list %s", s.FormatMove(m))
			}
		})
	}
}

// TestCanonicalOneTile checks that a one-tile play forming words both ways
// is listed once, across.
func TestCanonicalOneTile(t *testing.T) {
	s := setup(t, "", map[string]string{"D5": "O1", "E5": "R2", "E6": "E2", "E7": "T1"}, "NXYZ")
	var got []string
	for _, m := range s.AppendMoves(nil) {
		if MoveKind(m) == Play && MoveTileCount(m) == 1 {
			r, c := MoveStart(m)
			_ = r
			_ = c
			got = append(got, s.FormatMove(m))
		}
	}
	sort.Strings(got)
	if len(got) == 0 || !strings.Contains(strings.Join(got, " "), "5D (O)N") || strings.Contains(strings.Join(got, " "), "E5 N(ET)") {
		t.Errorf("one-tile plays %v: want 5D (O)N and not E5 N(ET)", got)
	}
}

// TestExchangeAndEnd checks one-tile exchanges (none once the pool is
// empty), passes ending the game and the -5 per tile left.
func TestExchangeAndEnd(t *testing.T) {
	s := setup(t, "", cat, "AB")
	var ex []string
	for _, m := range s.AppendMoves(nil) {
		if MoveKind(m) == Exchange {
			ex = append(ex, s.FormatMove(m))
		}
	}
	if strings.Join(ex, " ") != "-A -B" {
		t.Errorf("exchanges %v, want -A -B", ex)
	}
	s.bag.Reset(nil)
	for _, m := range s.AppendMoves(nil) {
		if MoveKind(m) == Exchange {
			t.Errorf("exchange %s offered with an empty pool", s.FormatMove(m))
		}
	}
	if _, err := s.ParseMove("-A"); err == nil || !strings.Contains(err.Error(), "pool is empty") {
		t.Errorf("ParseMove(-A) with an empty pool: %v", err)
	}
	pass, _ := s.ParseMove("pass")
	s.Play(pass)
	if s.Over() {
		t.Fatal("one pass of two players ended the game")
	}
	s.Play(pass)
	if !s.Over() {
		t.Fatal("two passes of two players did not end the game")
	}
	if s.Score(0) != -10 || s.Score(1) != 0 {
		t.Errorf("scores %d, %d after the end: want -10 (two tiles left), 0", s.Score(0), s.Score(1))
	}
	s.Undo()
	if s.Over() || s.Score(0) != 0 {
		t.Errorf("Undo of the last pass: over %v, score %d", s.Over(), s.Score(0))
	}
}

// TestScoringVectors runs the scoring cases of PossibilityZero's
// upwords-toolkit (../shared/data/positions/SOURCES.md) through
// ScoreTiles. The last case (a lone Z on an empty board, 4 points there:
// the toolkit counts a lone tile as a one-letter word across and down)
// scores 0 under our rules, where a word has 2 or more letters; the test
// checks that and says so.
func TestScoringVectors(t *testing.T) {
	const path = "../../../shared/data/positions/PossibilityZero_upwords-toolkit/derived/upwords_scoring_vectors.json"
	cases := loadVectors(t, path)
	if len(cases) != 6 {
		t.Fatalf("%s: %d cases, want 6", path, len(cases))
	}
	for k, c := range cases {
		s, err := NewEmpty(Rules{Size: 10}, nil, 2, 1)
		if err != nil {
			t.Fatal(err)
		}
		for r, row := range c.board {
			for col, cell := range row {
				if cell[0] == '0' {
					continue
				}
				tile := lexicon.Tile(cell[1]-'A') + 1 // Q is the Qu tile
				i := r*10 + col
				s.b.top[i], s.b.h[i] = tile, cell[0]-'0'
				s.b.filled++
			}
		}
		dir := Across
		if c.dir == "Vertical" {
			dir = Down
		}
		var ps []Placement
		r, col := c.start[0], c.start[1]
		for _, ch := range c.letters {
			if ch != ' ' {
				ps = append(ps, Placement{r, col, lexicon.Tile(ch-'A') + 1})
			}
			if dir == Across {
				col++
			} else {
				r++
			}
		}
		got, err := s.ScoreTiles(dir, ps)
		if err != nil {
			t.Fatalf("case %d %q: %v", k+1, c.name, err)
		}
		want := c.points
		if len(ps) == 1 && s.b.filled == 0 {
			t.Logf("case %d %q: the toolkit scores a lone tile on an empty board %d; our rules: no word, 0", k+1, c.name, c.points)
			want = 0
		}
		if got != want {
			t.Errorf("case %d %q (%q at %v %s): %d points, want %d\n%s", k+1, c.name, c.letters, c.start, c.dir, got, want, s.BoardText())
		}
	}
}

var _ = game.Move{}
