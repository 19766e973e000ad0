package wordflow

import (
	"context"
	"math/rand/v2"
	"testing"

	"wordengine/game"
	"wordengine/search"
)

// midgame returns a 10x10 game after n random placements.
func midgame(b *testing.B, variant string, n int) *State {
	s := newTest(b, variant, 2, 11)
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < n && !s.Over(); i++ {
		moves := s.AppendMoves(nil)
		s.Play(moves[rng.IntN(len(moves))])
	}
	return s
}

// BenchmarkWordFinder finds the words through every placed piece of a
// half-filled 14x14 frame.
func BenchmarkWordFinder(b *testing.B) {
	s := midgame(b, "size=14x14", 70)
	var xs []int
	for x := range cells {
		if s.cell[x] != empty {
			xs = append(xs, x)
		}
	}
	buf := make([]Word, 0, 256)
	words := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = s.fs.find(s, xs[i%len(xs)], buf[:0])
		words += len(buf)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cells/s")
	b.ReportMetric(float64(words)/float64(b.N), "words/cell")
}

// BenchmarkAppendMoves generates the moves of a 10x10 middle game.
func BenchmarkAppendMoves(b *testing.B) {
	s := midgame(b, "", 30)
	buf := make([]game.Move, 0, 1024)
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = s.AppendMoves(buf[:0])
		n += len(buf)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkMoveScore scores every move of a 10x10 middle game.
func BenchmarkMoveScore(b *testing.B) {
	s := midgame(b, "", 30)
	moves := s.AppendMoves(nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.MoveScore(moves[i%len(moves)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkEvaluate evaluates a 10x10 middle game for the player to move.
func BenchmarkEvaluate(b *testing.B) {
	s := midgame(b, "", 30)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Evaluate(s.ToMove())
	}
}

// BenchmarkSelfPlay plays whole 10x10 games, greedy against greedy, or
// static against static.
func BenchmarkSelfPlay(b *testing.B) {
	for _, name := range []string{"greedy", "static"} {
		b.Run(name, func(b *testing.B) {
			p, err := search.New(name)
			if err != nil {
				b.Fatal(err)
			}
			lx := testLexicon(b)
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s, err := NewGame(game.Config{Lexicon: lx, Rand: rand.New(rand.NewPCG(uint64(i), 3))})
				if err != nil {
					b.Fatal(err)
				}
				for !s.Over() {
					m, err := p.Choose(context.Background(), s, rng)
					if err != nil {
						b.Fatal(err)
					}
					s.Play(m)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkPlayUndo plays and undoes every move of a 10x10 middle game.
func BenchmarkPlayUndo(b *testing.B) {
	s := midgame(b, "", 30)
	moves := s.AppendMoves(nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Play(moves[i%len(moves)])
		s.Undo()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkRandomGame plays whole random games (the rollouts of a
// simulation player), framed 10x10 and free form.
func BenchmarkRandomGame(b *testing.B) {
	for _, v := range []string{"", "layout=free"} {
		b.Run("variant="+v, func(b *testing.B) {
			lx := testLexicon(b)
			start, err := NewGame(game.Config{Lexicon: lx, Variant: v, Rand: rand.New(rand.NewPCG(5, 5))})
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			buf := make([]game.Move, 0, 1024)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s := start.clone()
				s.Determinize(0, rng)
				for !s.Over() {
					buf = s.AppendMoves(buf[:0])
					s.Play(buf[rng.IntN(len(buf))])
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
