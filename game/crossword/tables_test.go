package crossword

import (
	"math/rand/v2"
	"testing"
)

// The package's tests check the anchor tables from a generator's first
// bounded generation on (see tablesAfter); TestTablesAfter checks the
// wait itself.
func init() { tablesAfter = 0 }

// TestTablesAfter checks that a generator uses no anchor table (and
// allocates none) in its first tablesAfter bounded generations, and uses
// them after.
//
// Checks INV-8 (MOVEGEN.md).
func TestTablesAfter(t *testing.T) {
	defer func(n int) { tablesAfter = n }(tablesAfter)
	tablesAfter = 6
	lx := testLexicon(t)
	s := randomPosition(t, testRules(t, "wwf"), lx, 71, 0)
	rng := rand.New(rand.NewPCG(71, 71))
	for i := 1; i <= 12; i++ {
		checkOnlyBest(t, "wwf", 71, s, randomLeaves(s, rng))
		switch g := s.gen; {
		case i <= tablesAfter && g.tabs != nil:
			t.Fatalf("anchor tables after %d bounded generations, before %d", i, tablesAfter+1)
		case i > tablesAfter+2 && g.slab == nil:
			t.Fatalf("no anchor table built after %d bounded generations", i)
		}
	}
}
