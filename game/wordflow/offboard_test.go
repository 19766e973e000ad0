package wordflow

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"wordengine/game"
)

// TestOffBoardCells checks that a cell off the board is named with the
// board's range, whether the move is typed (ParseInput) or given in
// notation (ParseMove), and that a line without the shape of a move is
// still no move at all.
func TestOffBoardCells(t *testing.T) {
	for _, tc := range []struct{ variant, line, want string }{
		{"", "A1. z9", "cell z9 is off the board (a1 to n14"},
		{"", "A1. a15", "cell a15 is off the board (a1 to n14"},
		{"layout=frame,size=5x5", "A1. g3", "cell g3 is off the 5x5 frame (a1 to e5)"},
		{"", "save game.json", ""},
	} {
		s, err := NewGame(game.Config{Variant: tc.variant, Rand: rand.New(rand.NewPCG(1, 2))})
		if err != nil {
			t.Fatal(err)
		}
		if tc.want == "" {
			if _, err := s.ParseInput(tc.line); !errors.Is(err, game.ErrUnknownInput) {
				t.Errorf("ParseInput(%q): %v, want no move at all", tc.line, err)
			}
			continue
		}
		for name, parse := range map[string]func(string) (game.Move, error){"ParseInput": s.ParseInput, "ParseMove": s.ParseMove} {
			if _, err := parse(tc.line); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s(%q): %v, want %q", name, tc.line, err, tc.want)
			}
		}
	}
}
