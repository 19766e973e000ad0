package twoway

import (
	"math/rand/v2"
	"testing"

	"wordengine/game"
)

// benchPositions are mid-game positions of random games.
func benchPositions(b *testing.B) []*State {
	var out []*State
	for seed := range uint64(16) {
		out = append(out, randomPosition(b, seed))
	}
	return out
}

func BenchmarkAppendMoves(b *testing.B) {
	ps := benchPositions(b)
	buf := make([]game.Move, 0, 4096)
	moves := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		buf = ps[i%len(ps)].AppendMoves(buf[:0])
		moves += len(buf)
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkEvaluate(b *testing.B) {
	ps := benchPositions(b)
	for _, s := range ps { // warm the pattern cache
		s.Evaluate(0)
		s.Evaluate(1)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ps[i%len(ps)].Evaluate(i & 1)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	ps := benchPositions(b)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c := ps[i%len(ps)].clone()
		c.Determinize(i&1, rng)
	}
}

// BenchmarkRandomGame plays whole games choosing moves at random (claims
// first when there are some): Play, Undo-free, with generation.
func BenchmarkRandomGame(b *testing.B) {
	lx := lex(b)
	games, plies := 0, 0
	buf := make([]game.Move, 0, 4096)
	for i := 0; b.Loop(); i++ {
		s, err := NewGame(game.Config{Lexicon: lx, Rand: rand.New(rand.NewPCG(uint64(i), 1))})
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 2))
		for !s.Over() {
			buf = s.AppendMoves(buf[:0])
			m := buf[rng.IntN(len(buf))]
			if IsClaim(buf[0]) {
				m = buf[0]
			}
			s.Play(m)
			plies++
		}
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(games), "plies/game")
}
