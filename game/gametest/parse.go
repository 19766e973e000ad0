package gametest

import (
	"errors"
	"strings"
	"testing"

	"wordengine/game"
)

// ParseCase is a line a person types, and what its error must say.
type ParseCase struct {
	// Variant is the rule options of the game the line is typed in.
	Variant string
	// Line is the line.
	Line string
	// Want is text the error of both ParseInput and ParseMove must hold;
	// "" means the line is no move at all (ParseInput's error wraps
	// game.ErrUnknownInput, so that a front end tries it as a command).
	Want string
}

// CheckParseErrors checks the cases on the games newGame starts for their
// variants: every error of a line meant as a move says Want (a cell off
// the board named with the board's range, say), whether the line is typed
// (game.InputParser, when the game is one) or given in notation.
func CheckParseErrors(t *testing.T, newGame func(variant string) (game.State, error), cases []ParseCase) {
	t.Helper()
	for _, tc := range cases {
		s, err := newGame(tc.Variant)
		if err != nil {
			t.Fatalf("variant %q: %v", tc.Variant, err)
		}
		parsers := map[string]func(string) (game.Move, error){"ParseMove": s.ParseMove}
		if ip, ok := s.(game.InputParser); ok {
			parsers["ParseInput"] = ip.ParseInput
		}
		if tc.Want == "" {
			if ip, ok := s.(game.InputParser); ok {
				if _, err := ip.ParseInput(tc.Line); !errors.Is(err, game.ErrUnknownInput) {
					t.Errorf("ParseInput(%q): %v, want no move at all", tc.Line, err)
				}
			}
			continue
		}
		for name, parse := range parsers {
			if _, err := parse(tc.Line); err == nil || !strings.Contains(err.Error(), tc.Want) {
				t.Errorf("%s(%q): %v, want %q", name, tc.Line, err, tc.Want)
			}
		}
	}
}
