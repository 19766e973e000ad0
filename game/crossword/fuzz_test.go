package crossword_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/game/crossword"
	"wordengine/game/wwf"
)

// fuzzPositions reads the positions of the committed move-generation
// suites (testdata/movegen/*.cgp), each under its game's rules.
func fuzzPositions(f *testing.F) []*crossword.State {
	var out []*crossword.State
	for _, name := range []string{"wwf", "scrabble"} {
		file, err := os.Open(filepath.Join("..", "..", "testdata", "movegen", name+".cgp"))
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(file)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			s, err := wwf.ParsePosition(name, "", line, nil, 1)
			if err != nil {
				f.Fatalf("%s: %v", line, err)
			}
			out = append(out, s)
		}
		file.Close()
	}
	return out
}

// FuzzParseMove checks that ParseMove never panics, that its errors wrap
// ErrIllegal, and that a move it accepts is one of AppendMoves (or a
// resignation), reads back the same from FormatMove, and plays and undoes
// to the same position. Seeds: the moves of the committed suites.
func FuzzParseMove(f *testing.F) {
	positions := fuzzPositions(f)
	for i, s := range positions {
		moves := s.AppendMoves(nil)
		for j := 0; j < len(moves); j += 1 + len(moves)/4 {
			f.Add(uint8(i), s.FormatMove(moves[j]))
		}
	}
	for _, text := range []string{"", "pass", "-", "resign", "-??", "8H QI", "H8 (Q)I", "15O ZZZ", "A1 .a.", "8h [QU]", "-" + strings.Repeat("E", 9)} {
		f.Add(uint8(0), text)
	}
	f.Fuzz(func(t *testing.T, at uint8, text string) {
		s := positions[int(at)%len(positions)].Clone().(*crossword.State)
		m, err := s.ParseMove(text)
		if err != nil {
			if !errors.Is(err, crossword.ErrIllegal) {
				t.Fatalf("ParseMove(%q): %v does not wrap ErrIllegal", text, err)
			}
			return
		}
		legal := crossword.MoveKind(m) == crossword.Resign
		for _, mv := range s.AppendMoves(nil) {
			legal = legal || mv == m
		}
		if !legal {
			t.Fatalf("ParseMove(%q) = %s, not a legal move", text, s.FormatMove(m))
		}
		out := s.FormatMove(m)
		if m2, err := s.ParseMove(out); err != nil || m2 != m {
			t.Fatalf("ParseMove(%q) = %s; reading that back gives %v, %v", text, out, m2, err)
		}
		hash := s.Hash()
		s.Play(m)
		s.Undo()
		if s.Hash() != hash {
			t.Fatalf("%s played and undone changes the position", out)
		}
	})
}
