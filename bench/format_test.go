package bench

import (
	"math"
	"testing"
)

func TestSignedNoNegativeZero(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		prec int
		want string
	}{
		{-0.3, 0, "+0"}, {-0.04, 1, "+0.0"}, {-0.06, 1, "-0.1"}, {0.4, 0, "+0"}, {-1.6, 0, "-2"}, {math.Inf(1), 0, "+inf"},
	} {
		if got := signed(tc.x, tc.prec); got != tc.want {
			t.Errorf("signed(%v, %d) = %q, want %q", tc.x, tc.prec, got, tc.want)
		}
	}
}
