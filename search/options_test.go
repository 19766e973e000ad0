package search_test

import (
	"strings"
	"testing"
	"time"

	"wordengine/search"
)

// TestPlayerOptions reads every player's options through New: the values
// accepted, and errors that name the player, the option and the values it
// takes.
func TestPlayerOptions(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"alphabeta:nodes=abc", "alphabeta: nodes=abc: want a whole number, at least 1"},
		{"alphabeta:depth=65", "alphabeta: depth=65: want a whole number from 1 to 64"},
		{"alphabeta:width=0", "alphabeta: width=0: want a whole number, at least 1, or -1 for every child"},
		{"alphabeta:time=5", "alphabeta: time=5: want a duration such as 500ms, 2s or 1m30s"},
		{"alphabeta:depth", `alphabeta: option "depth" has no value: want a whole number from 1 to 64`},
		{"maxn:nodes=5,nodes=6", `maxn: option "nodes" given twice`},
		{"maxn:owidth=2", `maxn: unknown option "owidth" (options: nodes, time, depth, width)`},
		{"om:owidth=0", "om: owidth=0: want a whole number, at least 1"},
		{"om:x=1", `om: unknown option "x" (options: nodes, time, depth, width, owidth)`},
		{"pimc:samples=10001", "pimc: samples=10001: want a whole number from 1 to 10000"},
		{"ismcts:c=0", "ismcts: c=0: want a number above 0"},
		{"ismcts:widen=1001", "ismcts: widen=1001: want a number from 0 to 1000"},
		{"ismcts:iterations=abc", "ismcts: iterations=abc: want a whole number from 1 to 10000000"},
		{"static:leaves=", `static: option "leaves" has no value: want a leave file`},
		{"static:leaves=/nonexistent/x.leaves", "static: leaves=/nonexistent/x.leaves: "},
		{"static:bogus=1", `static: unknown option "bogus" (options: leaves, endgame, endgame-nodes, endgame-time)`},
	} {
		_, err := search.New(tc.spec)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("New(%q) = %v, want an error starting %q", tc.spec, err, tc.want)
		}
	}
	p, err := search.New("alphabeta:Nodes=1000, time=2s,depth=3,width=-1")
	if err != nil {
		t.Fatal(err)
	}
	if l := p.(*search.AlphaBeta).Limits; l != (search.Limits{Nodes: 1000, Time: 2 * time.Second, Depth: 3, Width: -1}) {
		t.Errorf("alphabeta limits %+v", l)
	}
	om, err := search.NewOM("depth=3,owidth=2")
	if err != nil || om.Limits.Depth != 3 || om.OppWidth != 2 {
		t.Errorf("NewOM = %+v, %v", om, err)
	}
	is, err := search.NewISMCTS("iterations=50,c=0.5,scale=1e3,expand=2,widen=0")
	if err != nil || is.Iterations != 50 || is.C != 0.5 || is.Scale != 1000 || is.Expand != 2 || is.Widen != 0 {
		t.Errorf("NewISMCTS = %+v, %v", is, err)
	}
}
