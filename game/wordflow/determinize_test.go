package wordflow

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDeterminize checks what a determinization keeps: the puzzle, the
// scores, the observer's hand, every hand's size, the pool's size and the
// multiset of unseen pieces (pool and other hands); the other hands
// change; the game plays on to its end.
func TestDeterminize(t *testing.T) {
	changed := 0
	for _, v := range []string{"", "layout=free", "mode=simultaneous,size=8x8"} {
		for seed := range uint64(5) {
			s := newTest(t, v, 3, seed)
			rng := rand.New(rand.NewPCG(seed, 21))
			for ply := 0; !s.Over(); ply++ {
				me := s.ToMove()
				d := s.clone()
				d.Determinize(me, rng)
				if d.BoardText() != s.BoardText() || d.PoolLen() != s.PoolLen() || !slices.Equal(d.hands[me], s.hands[me]) {
					t.Fatalf("%q seed %d ply %d: the determinization changed what seat %d sees", v, seed, ply, me)
				}
				unseen := func(x *State) []uint8 {
					u := slices.Clone(x.pool)
					for p := range x.opts.Players {
						if len(x.hands[p]) != len(s.hands[p]) {
							t.Fatalf("%q seed %d ply %d: seat %d's hand size changed", v, seed, ply, p)
						}
						if p != me {
							u = append(u, x.hands[p]...)
						}
					}
					slices.Sort(u)
					return u
				}
				if !slices.Equal(unseen(d), unseen(s)) {
					t.Fatalf("%q seed %d ply %d: the unseen pieces changed", v, seed, ply)
				}
				for p := range s.opts.Players {
					if p != me && !slices.Equal(d.hands[p], s.hands[p]) {
						changed++
					}
					if d.Score(p) != s.Score(p) {
						t.Fatalf("%q seed %d ply %d: seat %d's score changed", v, seed, ply, p)
					}
				}
				for i := range s.pos {
					if m := d.pending[i]; !m.IsZero() && m != Pass {
						if id, r, c, ok := Decode(m); ok && d.handIndex(int(d.order[i]), id) >= 0 && !d.Fits(id, r, c) {
							t.Fatalf("%q seed %d ply %d: a redealt commitment does not fit", v, seed, ply)
						}
					}
				}
				if ply%7 == 0 {
					for n := 0; !d.Over(); n++ {
						if n > 3000 {
							t.Fatalf("%q seed %d ply %d: a determinized game does not end", v, seed, ply)
						}
						moves := d.AppendMoves(nil)
						d.Play(moves[rng.IntN(len(moves))])
					}
				}
				moves := s.AppendMoves(nil)
				s.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
	if changed == 0 {
		t.Fatal("no determinization changed another hand")
	}
}
