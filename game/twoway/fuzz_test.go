package twoway

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
)

// FuzzParsePosition reads arbitrary text as a position: it must not
// panic, its errors are *PositionError values, and a position it accepts
// must write back to text that reads as the same position (the same text
// and hash), whose moves play and undo. Seeds: testdata/*.txt, positions
// and observations of random games.
func FuzzParsePosition(f *testing.F) {
	lx := lex(f)
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for seed := range uint64(4) {
		s := newGame(f, []string{"", "lengths=3,3,4,5,open-hands"}[seed%2], seed)
		playRandom(s, rand.New(rand.NewPCG(seed, 5)), int(seed*20))
		f.Add(s.Position())
		f.Add(s.Observation(int(seed % 2)))
	}
	f.Add("twoway\nturn blue claim\nmissed 1 0\n1 ?/? . . . . . .\n2 . . . . . . .\n3 . . . . . . .\n4 . . . . . . .\n5 . . . . . . .\n6 . . . . . . .\n7 . . . . . . .\nred hand\nblue hand ?/?\nbag 88\n")
	f.Fuzz(func(t *testing.T, text string) {
		if strings.Contains(strings.ToLower(text), "tiles") {
			return // a file name: the fuzzer must not read arbitrary files
		}
		s, err := ParsePosition(text, lx, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			var pe *PositionError
			if !errors.As(err, &pe) || pe.Msg == "" {
				t.Fatalf("error %v is a %T, not a *PositionError", err, err)
			}
			return
		}
		out := s.Position()
		back, err := ParsePosition(out, lx, nil)
		if err != nil {
			t.Fatalf("ParsePosition(Position()) = %v\n%s", err, out)
		}
		if back.Position() != out || back.Hash() != s.Hash() {
			t.Fatalf("round trip differs:\n%s\n%s", out, back.Position())
		}
		for _, m := range s.AppendMoves(nil) {
			s.Play(m)
			s.Undo()
		}
		if s.Position() != out {
			t.Fatalf("play and undo changed the position")
		}
	})
}

// FuzzParseTileSet reads arbitrary text as a tile set: it must not panic;
// a set it accepts has TileCount tiles with two different faces each and
// writes back (FormatTileSet) to text that reads as the same set.
func FuzzParseTileSet(f *testing.F) {
	lx := lex(f)
	f.Add(defaultTiles)
	f.Add("# one tile\nA E\n")
	f.Add("A A\n")
	f.Add(strings.Repeat("a e\r\n", TileCount))
	f.Fuzz(func(t *testing.T, text string) {
		ts, err := ParseTileSet(strings.NewReader(text), "fuzz.txt", lx.Alphabet)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.txt") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if len(ts.Tiles) != TileCount {
			t.Fatalf("%d tiles accepted", len(ts.Tiles))
		}
		for _, x := range ts.Tiles {
			if x[Red] == x[Blue] || x[Red] == 0 || x[Blue] == 0 {
				t.Fatalf("tile %v accepted", x)
			}
		}
		var b strings.Builder
		if err := FormatTileSet(&b, lx.Alphabet, ts, "fuzz"); err != nil {
			t.Fatal(err)
		}
		back, err := ParseTileSet(strings.NewReader(b.String()), "back", lx.Alphabet)
		if err != nil || !slices.Equal(back.Tiles, ts.Tiles) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

// FuzzParseMove reads arbitrary text as a move in positions of random
// games: it must not panic, and a move it accepts plays and undoes
// (a placement or claim accepted is legal: AppendMoves lists it, but for
// a wrong claim, which the generator never makes).
func FuzzParseMove(f *testing.F) {
	lx := lex(f)
	var states []*State
	for seed := range uint64(6) {
		s, err := NewGame(game.Config{Lexicon: lx, Rand: rand.New(rand.NewPCG(seed, 1))})
		if err != nil {
			f.Fatal(err)
		}
		playRandom(s, rand.New(rand.NewPCG(seed, 5)), int(seed*9))
		states = append(states, s)
		for _, m := range s.AppendMoves(nil) {
			f.Add(uint8(seed), s.FormatMove(m))
			break
		}
	}
	for _, x := range []string{"E d4", "CAT a1-c3", "a1-g7", "end", "pass", "Q h9", "a1-a1", "ZZZZZZZ a1-a7", "e d4 x", "-", "a-"} {
		f.Add(uint8(0), x)
	}
	f.Fuzz(func(t *testing.T, k uint8, text string) {
		s := states[int(k)%len(states)]
		before := s.Position()
		m, err := s.ParseMove(text)
		if err != nil {
			return
		}
		if !IsWrongClaim(m) && !slices.Contains(s.AppendMoves(nil), m) {
			t.Fatalf("%q accepted as %s, not a legal move:\n%s", text, s.FormatMove(m), before)
		}
		s.Play(m)
		s.Undo()
		if s.Position() != before {
			t.Fatalf("%q: play and undo changed the position", text)
		}
	})
}
