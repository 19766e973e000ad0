package main

import (
	"slices"
	"testing"
)

func TestSplitPlayersSim(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"greedy,random", []string{"greedy", "random"}},
		{" static , greedy ,", []string{"static", "greedy"}},
		{"sim:plies=2,iterations=100,static", []string{"sim:plies=2,iterations=100", "static"}},
		{"static,sim:plies=1,stop=95", []string{"static", "sim:plies=1,stop=95"}},
		{"alphabeta:nodes=10,depth=2,maxn:nodes=5", []string{"alphabeta:nodes=10,depth=2", "maxn:nodes=5"}},
		{"static:leaves=a.leaves,greedy", []string{"static:leaves=a.leaves", "greedy"}},
		{"x=1,static", []string{"x=1", "static"}}, // nothing to continue: an unknown player later
		{"", nil},
	} {
		if got := splitPlayers(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("splitPlayers(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
