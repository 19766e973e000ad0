package wordblock

import (
	"math/rand/v2"
	"testing"

	"wordengine/game"
)

// benchSink keeps benchmark results alive.
var benchSink int

// benchStates returns n games on random 5x5 boards of the embedded
// lexicon, each after plies random moves.
func benchStates(b *testing.B, n, plies int) []*State {
	b.Helper()
	lx := defaultLexicon(b)
	rng := rand.New(rand.NewPCG(1, 7))
	states := make([]*State, n)
	for i := range states {
		s, err := NewGame(game.Config{Lexicon: lx, Rand: rng})
		if err != nil {
			b.Fatal(err)
		}
		var moves []game.Move
		for range plies {
			if moves = s.AppendMoves(moves[:0]); len(moves) > 1 {
				s.Play(moves[rng.IntN(len(moves)-1)])
			}
		}
		states[i] = s
	}
	return states
}

// BenchmarkWordFinder finds every word of random 5x5 boards on the
// embedded lexicon (the walk of the DAWG over the board's letters): the
// WordBlock target of ../shared/DESIGN.md. It runs once per board.
func BenchmarkWordFinder(b *testing.B) {
	states := benchStates(b, 64, 0)
	words := 0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := states[i%len(states)]
		words += len(findWords(s.dawg, &s.board).keys)
		i++
	}
	benchSink = words
	b.ReportMetric(float64(words)/b.Elapsed().Seconds(), "words/s")
	b.ReportMetric(float64(words)/float64(i), "words/board")
}

// BenchmarkAppendMoves lists the moves of positions after 4 plies on
// random 5x5 boards: the words of the board (found once per game), less
// the blocked ones, each with its cells for the position.
func BenchmarkAppendMoves(b *testing.B) {
	states := benchStates(b, 64, 4)
	buf := make([]game.Move, 0, 1<<16)
	moves := 0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i%len(states)].AppendMoves(buf[:0])
		moves += len(buf)
		i++
	}
	benchSink = moves
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkPlayUndo plays and undoes every move of mid-game positions,
// as a search's one-ply look does.
func BenchmarkPlayUndo(b *testing.B) {
	states := benchStates(b, 16, 4)
	lists := make([][]game.Move, len(states))
	for i, s := range states {
		lists[i] = s.AppendMoves(nil)
	}
	n := 0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := states[i%len(states)]
		for _, m := range lists[i%len(states)] {
			s.Play(m)
			n += s.Evaluate(0)
			s.Undo()
		}
		i++
	}
	benchSink = n
	total := 0
	for j := range i {
		total += len(lists[j%len(lists)])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(total), "ns/move")
}
