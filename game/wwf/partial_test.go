package wwf

import (
	"os"
	"strings"
	"testing"

	"wordengine/game/crossword"
)

// partialCGP is a late Scrabble position whose rack on turn is given in
// part: AD of seven tiles, with 16 tiles off the board.
const partialCGP = "7D3V3/4EN1A2QUOTH/4NONVIRILE2/3ADO1Y3G3/3WOK4ZO3/3AW5I4/4E5T4/3CRAAlED5/4S1XI7/5YEP1GOR3/2JIBE1EUOI4/1SAFE10/2IF2ACErBER2/GUL1TUM8/2STERILE6 AD/ 411/446 0"

// TestPartialRack: the bag of a position whose rack is given in part is
// what is unseen less two full racks, exchanges are judged against it,
// and PartialRack says so; a whole rack gives no warning.
func TestPartialRack(t *testing.T) {
	for _, tt := range []struct {
		game, cgp string
		bag       int
		unknown   int
		warn      string
	}{
		{"scrabble", partialCGP, 2, 5, "the rack of player 1 is given in part (AD: 2 of 7 tiles): its other 5 tiles are taken as unseen, so the bag holds 2"},
		{"scrabble", strings.Replace(partialCGP, " AD/ ", " ADHILMN/ ", 1), 2, 0, ""},
		// Fewer tiles off the board than two full racks: the short rack
		// is the real one (the bag is empty), so no tile is unknown.
		{"scrabble", strings.Replace(partialCGP, "GUL1TUM8", "GUL1TUMHILNNNO1", 1), 0, 0, ""},
	} {
		s, err := ParsePosition(tt.game, "", tt.cgp, nil, 1)
		if err != nil {
			t.Fatalf("%s: %v", tt.cgp, err)
		}
		if s.BagLen() != tt.bag || s.Unknown(0) != tt.unknown {
			t.Errorf("%s: bag %d, %d unknown tiles; want %d and %d", tt.cgp, s.BagLen(), s.Unknown(0), tt.bag, tt.unknown)
		}
		if got := PartialRack(s, 0); !strings.HasPrefix(got, tt.warn) || (tt.warn == "") != (got == "") {
			t.Errorf("%s: PartialRack = %q, want %q", tt.cgp, got, tt.warn)
		}
		for _, m := range s.AppendMoves(nil) {
			if crossword.MoveKind(m) == crossword.Exchange {
				t.Errorf("%s: exchange %s offered with %d tiles in the bag (Scrabble needs 7)", tt.cgp, s.FormatMove(m), s.BagLen())
			}
		}
	}
}

// TestReplayPartialRack: a rack recorded in part is completed with
// unknown tiles; the same rack recorded whole is not.
func TestReplayPartialRack(t *testing.T) {
	data, err := os.ReadFile("testdata/sample.gcg")
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := Rules("scrabble", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		from, to string
		unknown  int
	}{
		{">bob: DEGOOPR e5", ">bob: DEGOOPR e5", 0},
		{">bob: DEGOOPR e5", ">bob: DEGOP e5", 2},
	} {
		text := strings.Replace(string(data), tt.from, tt.to, 1)
		g, err := ReadGCG(strings.NewReader(text), "sample.gcg")
		if err != nil {
			t.Fatal(err)
		}
		pos, err := ReplayPosition(g, r, nil, ReplayOptions{Turn: 1, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		s := pos.State
		if s.Unknown(1) != tt.unknown || s.BagLen() != 100-7-7-7 {
			t.Errorf("rack %q: %d unknown tiles, bag %d; want %d and %d", tt.to, s.Unknown(1), s.BagLen(), tt.unknown, 100-21)
		}
	}
}
