package main

import (
	"slices"
	"testing"
)

func TestSplitPlayers(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"greedy,static", []string{"greedy", "static"}},
		{" greedy , static,, ", []string{"greedy", "static"}},
		{"om:depth=3,width=6,static,static", []string{"om:depth=3,width=6", "static", "static"}},
		{"alphabeta:nodes=5,static:leaves=a.txt,greedy", []string{"alphabeta:nodes=5", "static:leaves=a.txt", "greedy"}},
		{"maxn:width=4,depth=2,om:owidth=2,nodes=9", []string{"maxn:width=4,depth=2", "om:owidth=2,nodes=9"}},
		{"depth=3,static", []string{"depth=3", "static"}}, // no player before: stays a (bad) player
		{"static,depth=3", []string{"static", "depth=3"}}, // static has no options: not merged
		{"", nil},
	}
	for _, tt := range tests {
		if got := splitPlayers(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("splitPlayers(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
