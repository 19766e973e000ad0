package wwf

import (
	"strings"
	"testing"

	"wordengine/lexicon"
)

// TestShortRackMessages checks that a play or an exchange the rack
// cannot supply names the whole rack the player holds and what it lacks.
func TestShortRackMessages(t *testing.T) {
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"wwf", "scrabble"} {
		r := mustRules(t, name)
		c, err := ParseCGP("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABDDUV?/ 0/0 0")
		if err != nil {
			t.Fatal(err)
		}
		s, err := FromCGP(c, r, lx, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct{ move, want string }{
			{"-ABC", "no C on the rack ABDDUV?"},
			{"-AAB", "the exchange needs 2 A, the rack ABDDUV? holds 1"},
			{"-A??", "the exchange needs 2 blanks, the rack ABDDUV? holds 1"},
			{"8H DUDDY", "the play needs 3 D, the rack ABDDUV? holds 2"},
			{"8H DUDDs", "the play needs 3 D, the rack ABDDUV? holds 2"},
			{"8H BuzZ", "the play needs 2 blanks, the rack ABDDUV? holds 1"},
			{"8H DABS", "no S on the rack ABDDUV?"},
		} {
			_, err := s.ParseMove(tc.move)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s %s: %v, want %q", name, tc.move, err, tc.want)
			}
		}
	}
}
