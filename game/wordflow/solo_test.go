package wordflow

import (
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/game"
)

// TestSoloChallenge: the registration offers the solo challenge with its
// medals and the variant check of a solo game, and the report's words of
// every move of seeded solo games are those the move creates, described
// once it is played (on a copy), leaving the state unchanged.
func TestSoloChallenge(t *testing.T) {
	spec, err := game.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	solo := spec.Solo
	if solo == nil || solo.Title == "" || solo.CheckVariant == nil {
		t.Fatalf("Spec.Solo = %+v", solo)
	}
	for _, tc := range []struct {
		score int
		want  string
	}{{49, "none"}, {50, "Bronze"}, {149, "Silver"}, {150, "Gold"}, {260, "Master"}} {
		if got := solo.Medal(tc.score); got != tc.want || Medal(tc.score) != tc.want {
			t.Errorf("Medal(%d) = %s, want %s", tc.score, got, tc.want)
		}
	}
	if err := solo.CheckVariant("size=6x6,triple-bonus"); err != nil {
		t.Errorf("CheckVariant(size=6x6,triple-bonus): %v", err)
	}
	if err := solo.CheckVariant("hand=99"); err == nil {
		t.Error("CheckVariant(hand=99): no error")
	}
	for seed := range uint64(4) {
		s := newTest(t, "size=6x6", 1, seed)
		var rep game.SoloReporter = s
		if o, err := ParseOptions(rep.SoloRules(), 1); err != nil || o != s.opts {
			t.Errorf("SoloRules = %q reads back as %+v, %v: want %+v", rep.SoloRules(), o, err, s.opts)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		for !s.Over() {
			moves := s.AppendMoves(nil)
			m := moves[rng.IntN(len(moves))]
			hash := s.Hash()
			got := rep.SoloWords(m)
			if s.Hash() != hash {
				t.Fatalf("seed %d: SoloWords(%s) changed the state", seed, s.FormatMove(m))
			}
			words := s.Words(nil, m)
			c := s.clone()
			c.Play(m)
			var want []string
			for _, w := range words {
				want = append(want, c.Describe(w))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d: SoloWords(%s) = %q, want %q", seed, s.FormatMove(m), got, want)
			}
			s.Play(m)
		}
	}
}
