package crossword

import (
	"strings"
	"testing"

	"wordengine/game"
)

// BenchmarkMoveGenRandom generates all plays on seeded midgame positions
// from random self-play (a quick check; the committed suite is in
// game/wwf).
func BenchmarkMoveGenRandom(b *testing.B) {
	lx := testLexicon(b)
	r := testRules(b, "wwf")
	var states []*State
	for seed := range uint64(40) {
		s := randomPosition(b, r, lx, seed, int(seed%3))
		if !s.Over() {
			states = append(states, s)
		}
	}
	buf := make([]game.Move, 0, 1<<16)
	moves := 0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		buf = states[i%len(states)].AppendPlays(buf[:0])
		moves += len(buf)
		i++
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "us/position")
}

// setBoard fills an empty state from a CGP board field (digits = empty
// squares, upper case = tile, lower case = blank) and gives the mover rack.
func setBoard(t testing.TB, s *State, board, rack string) {
	t.Helper()
	a := s.Alphabet()
	for r, row := range strings.Split(board, "/") {
		c := 0
		for i := 0; i < len(row); i++ {
			ch := row[i]
			if ch >= '0' && ch <= '9' {
				n := int(ch - '0')
				if i+1 < len(row) && row[i+1] >= '0' && row[i+1] <= '9' {
					n = n*10 + int(row[i+1]-'0')
					i++
				}
				c += n
				continue
			}
			ts, err := a.Parse(nil, string(ch))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.PlaceTile(r, c, ts[0]); err != nil {
				t.Fatal(err)
			}
			c++
		}
	}
	tiles, err := a.Parse(nil, rack)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetRack(s.toMove, tiles); err != nil {
		t.Fatal(err)
	}
}

func benchBoard(b *testing.B, board, rack string) {
	lx := testLexicon(b)
	s, err := NewEmpty(testRules(b, "scrabble"), lx, 1)
	if err != nil {
		b.Fatal(err)
	}
	setBoard(b, s, board, rack)
	buf := make([]game.Move, 0, 1<<16)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		buf = s.AppendPlays(buf[:0])
		n += len(buf)
	}
	b.ReportMetric(float64(len(buf)), "plays")
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkBoard02(b *testing.B) {
	benchBoard(b, "7ZEP1F3/1FLUKY3R1R3/5EX2A1U3/2SCARIEST1I3/9TOT3/6GO1LO4/6OR1ETA3/6JABS1b3/5QI4A3/5I1N3N3/3ReSPOND1D3/1HOE3V3O3/1ENCOMIA3N3/7T7/3VENGED6", "AABDELT")
}

func BenchmarkBoard03(b *testing.B) {
	benchBoard(b, "7N6M/5ZOON4AA/7B5UN/2S4L3LADY/2T4E2QI1I1/2A2PORN3NOR/2BICE2AA1DA1E/6GUVS1OP1F/8ET1LA1U/5J3R1E1UT/4VOTE1I1R1NE/5G1MICKIES1/6FE1T1THEW/6OR3E1XI/6OY6G", "DDESW??")
}
