package game

import "testing"

// TestPlural: one takes the singular, any other count the plural, by the
// regular English rules.
func TestPlural(t *testing.T) {
	t.Parallel()
	tests := []struct {
		n     int
		noun  string
		want  string
		total int // for PluralOfTotal when not 0
	}{
		{1, "iteration", "1 iteration", 0},
		{2, "iteration", "2 iterations", 0},
		{0, "game", "0 games", 0},
		{-1, "point", "-1 point", 0},
		{1, "ply", "1 ply", 0},
		{4, "ply", "4 plies", 0},
		{3, "play", "3 plays", 0},
		{1, "search", "1 search", 0},
		{2, "search", "2 searches", 0},
		{2, "tally file", "2 tally files", 0},
		{2, "legal move", "2 legal moves", 0},
		{5, "box", "5 boxes", 0},
		{0, "game", "0 of 1 game", 1},
		{1, "record", "1 of 3 records", 3},
	}
	for _, tt := range tests {
		got := Plural(tt.n, tt.noun)
		if tt.total != 0 {
			got = PluralOfTotal(tt.n, tt.total, tt.noun)
		}
		if got != tt.want {
			t.Errorf("%d %q (of %d): %q, want %q", tt.n, tt.noun, tt.total, got, tt.want)
		}
	}
}
