package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/game/twoway"
	"wordengine/lexicon"
	"wordengine/search"
)

// ISMCTS finds a claim that wins at once, is reproducible for a seed, and
// leaves the position as it was.
func TestISMCTS(t *testing.T) {
	lx := twowayPosition(t)
	s, err := twoway.ParsePosition(winNow, lx, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	before := s.Position()
	p, err := search.NewISMCTS("iterations=300")
	if err != nil {
		t.Fatal(err)
	}
	view := search.View(s, rand.New(rand.NewPCG(2, 2)))
	m, err := p.Choose(context.Background(), view, rand.New(rand.NewPCG(3, 3)))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.FormatMove(m); got != "CAT a1-c1" {
		t.Errorf("ismcts plays %s, want the winning CAT a1-c1", got)
	}
	if s.Position() != before {
		t.Error("Choose changed the position")
	}
	m2, _ := p.Choose(context.Background(), view, rand.New(rand.NewPCG(3, 3)))
	if m2 != m {
		t.Error("two searches with one seed differ")
	}
	cands, err := p.Rank(context.Background(), view, nil)
	if err != nil || len(cands) != len(s.AppendMoves(nil)) {
		t.Fatalf("Rank: %v, %d candidates", err, len(cands))
	}
	for _, bad := range []string{"iterations=0", "c=-1", "scale=x", "depth=3"} {
		if _, err := search.NewISMCTS(bad); err == nil {
			t.Errorf("option %q accepted", bad)
		}
	}
}

// winNow: red needs only its 3-letter word, and CAT lies on row 1.
const winNow = `twoway lengths=3,4
turn red place
missed 0 0
1   C/?  A/?  T/?  .    .    .    .
2   .    .    .    .    .    .    .
3   .    .    .    .    .    .    .
4   .    .    .    .    .    .    .
5   .    .    .    .    .    .    .
6   .    .    .    .    .    .    .
7   .    .    .    .    .    .    .
red hand ?/? ?/? ?/? ?/? ?/?
blue hand ?/? ?/? ?/? ?/? ?/?
red words T/A-O/D-E/C-S/A
blue words
bag 73
`

func twowayPosition(t *testing.T) *lexicon.Lexicon {
	t.Helper()
	s, err := twoway.NewGame(game.Config{Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		t.Fatal(err)
	}
	return s.Lexicon()
}
