package upwords

import (
	"strings"
	"testing"
)

// TestParseMoveErrors checks that ParseMove's errors say what is wrong
// and where: the character count is in the move text as typed (after
// surrounding spaces are trimmed), the square in board coordinates.
func TestParseMoveErrors(t *testing.T) {
	s := setup(t, "", cat, "SQUTXYZ")
	for _, tc := range []struct{ move, err string }{
		{"E5 QI", `move "E5 QI", character 4: Q is only on the Qu tile`},
		{"  5E   (CAT)Q  ", `move "5E   (CAT)Q", character 11: Q is only on the Qu tile`},
		{"5E )", `move "5E )", character 4: ")" is not a letter`},
		{"5D X(C?", `move "5D X(C?", character 7: "?" is not a letter`},
		{"5E C(AT", "unclosed parenthesis"},
		{"5E (CAT)", "at least one tile"},
		{"5E (CAX)", "square G5 does not show X"},
		{"5H .S", "square H5 is empty"},
		{"5K SX", `coordinate "5K" is off the 10x10 board`},
		{"5E", "want COORD WORD"},
		{"5E CAT S", "want COORD WORD"},
		{"-ST", "exactly one tile"},
		{"-A", "no A on the rack"},
		{"5E (CAT)SX", "SX"},
		{"5J TS", "runs off the board"},
	} {
		_, err := s.ParseMove(tc.move)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseMove(%q) error %v, want one containing %q", tc.move, err, tc.err)
		}
	}
}
