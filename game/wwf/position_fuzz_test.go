package wwf

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"wordengine/game/crossword"
	"wordengine/lexicon"
)

// cgpRoundTrip checks that s, written as CGP and set up again, writes
// the same CGP: the position survives the round trip (its unknown tiles
// aside, which are drawn anew). With over, the end of the game must
// survive too (a CGP says only a scoreless end, not a rack gone out).
func cgpRoundTrip(t *testing.T, s *crossword.State, r *crossword.Rules, lx *lexicon.Lexicon, from string, over bool) {
	t.Helper()
	text := ToCGP(s).String()
	c, err := ParseCGP(text)
	if err != nil {
		t.Fatalf("ParseCGP(ToCGP) = %v for %q (from %q)", err, text, from)
	}
	s2, err := FromCGP(c, r, lx, 1)
	if err != nil {
		t.Fatalf("FromCGP(ToCGP) = %v for %q (from %q)", err, text, from)
	}
	if again := ToCGP(s2).String(); again != text || s2.BagLen() != s.BagLen() || (over && s2.Over() != s.Over()) {
		t.Fatalf("round trip of %q gives %q (bag %d, was %d; over %v, was %v)", text, again, s2.BagLen(), s.BagLen(), s2.Over(), s.Over())
	}
}

// FuzzFromCGP checks that setting up a CGP record as a position never
// panics and that the position survives ToCGP and FromCGP. Seeds: the
// committed suites and positions.
func FuzzFromCGP(f *testing.F) {
	for _, p := range []string{"testdata/positions.cgp", "../../testdata/movegen/wwf.cgp", "../../testdata/movegen/scrabble.cgp"} {
		for _, l := range cgpLinesF(f, p) {
			f.Add(false, l)
			f.Add(true, l)
		}
	}
	f.Add(true, partialCGP)
	lx, err := lexicon.Default()
	if err != nil {
		f.Fatal(err)
	}
	rules := map[bool]*crossword.Rules{}
	for scrabble, name := range map[bool]string{false: "wwf", true: "scrabble"} {
		if rules[scrabble], _, err = Rules(name, ""); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, scrabble bool, text string) {
		c, err := ParseCGP(text)
		if err != nil {
			return
		}
		s, err := FromCGP(c, rules[scrabble], lx, 1)
		if err != nil {
			return
		}
		_ = CGPWarnings(c, rules[scrabble], lx)
		_ = PartialRack(s, 0)
		cgpRoundTrip(t, s, rules[scrabble], lx, text, true)
	})
}

// FuzzReplayGCG checks that replaying a GCG record that ReadGCG accepts
// never panics, with its checks as warnings, and that the position it
// gives survives ToCGP and FromCGP. Seeds: testdata/*.gcg.
func FuzzReplayGCG(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.gcg")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(0))
		f.Add(data, uint8(3))
	}
	r, _, err := Rules("scrabble", "")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, turn uint8) {
		g, err := ReadGCG(bytes.NewReader(data), "fuzz.gcg")
		if err != nil {
			return
		}
		n := len(g.Events)
		if turn != 0 {
			n = int(turn) % (len(g.Events) + 1)
		}
		pos, err := ReplayPosition(g, r, nil, ReplayOptions{Turn: n, Seed: 1, Warn: func(error) {}})
		if err != nil {
			return
		}
		cgpRoundTrip(t, pos.State, r, nil, string(data), false)
	})
}
