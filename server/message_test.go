package server

import (
	"errors"
	"testing"
)

// TestUserMessage: the names of packages and games leave an error's
// message wherever they stand; words of the message stay.
func TestUserMessage(t *testing.T) {
	tests := []struct{ err, want string }{
		{`illegal move: crossword: bad position "zz9": want a row number`, `illegal move: bad position "zz9": want a row number`},
		{`wordblock: move "zz9 garbage": lexicon: cannot split into tiles: "ZZ9"`, `move "zz9 garbage": cannot split into tiles: "ZZ9"`},
		{`sim: iterations: want 1 or more`, `iterations: want 1 or more`},
		{`upwords: position: line 3: pool: 3 A but only 2 left`, `position: line 3: pool: 3 A but only 2 left`},
		{`game: wwf: cgp rack 2: crossword: rack too long`, `cgp rack 2: rack too long`},
		{`no G on rack AEIMOU?`, `no G on rack AEIMOU?`},
	}
	for _, tt := range tests {
		if got := userMessage(errors.New(tt.err)); got != tt.want {
			t.Errorf("userMessage(%q) = %q, want %q", tt.err, got, tt.want)
		}
	}
}
