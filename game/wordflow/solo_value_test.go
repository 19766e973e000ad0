package wordflow

import (
	"context"
	"testing"

	"wordengine/search"
)

// TestSoloStaticValue checks the static player's values in the solo game
// (one seat): a move's value is the evaluation after it (1000 per point
// plus the openings), with no opponent's value subtracted, so hint shows
// sane numbers.
func TestSoloStaticValue(t *testing.T) {
	s := newTest(t, "", 1, 7)
	for range 5 {
		cands, err := (&search.Static{}).Rank(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, cd := range cands[:min(5, len(cands))] {
			s.Play(cd.Move)
			want := int64(s.Evaluate(0))
			s.Undo()
			if cd.Equity != want {
				t.Fatalf("%s: value %d, want the evaluation after it, %d", s.FormatMove(cd.Move), cd.Equity, want)
			}
		}
		s.Play(cands[0].Move)
	}
}
