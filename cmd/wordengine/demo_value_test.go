package main

import (
	"testing"

	"wordengine/search"
)

func TestDemoValue(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		eq   int64
		want string
	}{
		{12345, "12.3"}, {-500, "-0.5"}, {search.WinValue + 6000, "win"}, {-search.WinValue, "loss"},
	} {
		if got := demoValue(tc.eq); got != tc.want {
			t.Errorf("demoValue(%d) = %q, want %q", tc.eq, got, tc.want)
		}
	}
}
