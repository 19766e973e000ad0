package wordflow

import (
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/game"
)

// playRandom plays the same random placements (by index) on every state,
// calling check before each move.
func playRandom(t *testing.T, seed uint64, states []*State, check func(ss []*State, moves [][]game.Move, i int)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 77))
	for !states[0].Over() {
		moves := make([][]game.Move, len(states))
		for k, s := range states {
			moves[k] = s.AppendMoves(nil)
		}
		i := rng.IntN(len(moves[0]))
		check(states, moves, i)
		for k, s := range states {
			s.Play(moves[k][i])
		}
	}
}

func TestTripleBonus(t *testing.T) {
	seen := 0
	for seed := range uint64(6) {
		plain, bonus := newTest(t, "", 2, seed), newTest(t, "triple-bonus", 2, seed)
		playRandom(t, seed, []*State{plain, bonus}, func(ss []*State, moves [][]game.Move, i int) {
			m := moves[0][i]
			n := len(ss[0].Words(nil, m))
			want := ss[0].MoveScore(m)
			if n >= 3 {
				want *= 2
				seen++
			}
			if got := ss[1].MoveScore(moves[1][i]); got != want {
				t.Fatalf("seed %d: %s makes %d words: %d points with triple-bonus, want %d", seed, ss[0].FormatMove(m), n, got, want)
			}
		})
	}
	if seen == 0 {
		t.Fatal("no placement made 3 words")
	}
}

// TestMissedAndZeroed checks who scores a placement's words when some
// are missed (the next seat claims them; with courtesy the placer keeps
// them) and when the turn is zeroed.
func TestMissedAndZeroed(t *testing.T) {
	checked := 0
	for i := range 8 {
		courtesy := i%2 == 1
		variant := ""
		if courtesy {
			variant = "courtesy"
		}
		seed := uint64(i / 2)
		s := newTest(t, variant, 3, seed)
		rng := rand.New(rand.NewPCG(seed, 5))
		for !s.Over() {
			moves := s.AppendMoves(nil)
			m := moves[rng.IntN(len(moves))]
			words := s.Words(nil, m)
			if len(words) >= 2 {
				p, next := s.ToMove(), s.nextSeat()
				total := 0
				for _, w := range words {
					total += w.Points
				}
				before := [MaxPlayers]int{s.Score(0), s.Score(1), s.Score(2)}
				missed := WithMissed(m, []int{1})
				s.Play(missed)
				gotP, gotN := s.Score(p)-before[p], s.Score(next)-before[next]
				wantP, wantN := total-words[1].Points, words[1].Points
				if courtesy {
					wantP, wantN = total, 0
				}
				if gotP != wantP || gotN != wantN {
					t.Fatalf("courtesy %v: missed word %d: placer +%d, next seat +%d; want +%d, +%d", courtesy, 1, gotP, gotN, wantP, wantN)
				}
				if courtesy == false && s.BestWord(next) < words[1].Points {
					t.Fatalf("the claimed word does not count for the claimant's best word")
				}
				s.Undo()
				s.Play(Zeroed(m))
				for q := range 3 {
					if s.Score(q) != before[q] {
						t.Fatalf("a zeroed turn changed seat %d's score", q)
					}
				}
				s.Undo()
				checked++
			}
			s.Play(m)
		}
	}
	if checked < 5 {
		t.Fatalf("only %d placements with 2 words checked", checked)
	}
}

func TestWinnersTieBreak(t *testing.T) {
	s := newTest(t, "", 3, 1)
	for _, tc := range []struct {
		scores, best [3]int
		want         []int
	}{
		{[3]int{10, 20, 15}, [3]int{9, 1, 9}, []int{1}},
		{[3]int{20, 20, 15}, [3]int{5, 7, 9}, []int{1}},
		{[3]int{20, 20, 20}, [3]int{9, 7, 9}, []int{0, 2}},
		{[3]int{20, 20, 20}, [3]int{7, 7, 7}, []int{0, 1, 2}},
	} {
		copy(s.scores[:], tc.scores[:])
		copy(s.best[:], tc.best[:])
		if got := s.Winners(); !slices.Equal(got, tc.want) {
			t.Errorf("scores %v best %v: winners %v, want %v", tc.scores, tc.best, got, tc.want)
		}
	}
	c := newTest(t, "mode=coop", 2, 1)
	c.scores[0], c.scores[1] = 7, 5
	if c.Score(0) != 12 || c.Score(1) != 12 || !slices.Equal(c.Winners(), []int{0, 1}) {
		t.Errorf("coop: scores %d %d, winners %v; want 12 12 [0 1]", c.Score(0), c.Score(1), c.Winners())
	}
}

// TestSetup checks the deal: frame pieces on their sides, a pool of as
// many inner pieces of each parity as empty cells, the hands, the first
// player's draw; free form: the corner and the starting edges.
func TestSetup(t *testing.T) {
	for _, tc := range []struct {
		variant       string
		players, hand int
	}{{"", 2, 3}, {"size=14x14", 4, 3}, {"size=5x12", 3, 3}, {"", 1, 5}, {"hand=2", 2, 2}} {
		s := newTest(t, tc.variant, tc.players, 3)
		o := s.opts
		var need [2]int
		for r := range o.H {
			for c := range o.W {
				p, ok := s.At(r, c)
				border := r == 0 || c == 0 || r == o.H-1 || c == o.W-1
				if border != ok {
					t.Fatalf("%q: cell %s border %v holds a piece %v", tc.variant, CellName(r, c), border, ok)
				}
				if !ok {
					need[(r+c)%2]++
					continue
				}
				if !p.Parity.Fits(r, c) || wantTop(p) != (r == 0) || wantLeft(p) != (c == 0) || wantRight(p) != (c == o.W-1) || wantBottom(p) != (r == o.H-1) {
					t.Fatalf("%q: %s on %s", tc.variant, s.set.PieceText(p), CellName(r, c))
				}
			}
		}
		var have [2]int
		for _, id := range s.pool {
			have[s.set.Pieces[id].Parity]++
		}
		for p := range tc.players {
			want := tc.hand
			if p == 0 {
				want++ // the first player drew
			}
			if len(s.hands[p]) != want {
				t.Fatalf("%q: seat %d holds %d pieces, want %d", tc.variant, p, len(s.hands[p]), want)
			}
			for _, id := range s.hands[p] {
				have[s.set.Pieces[id].Parity]++
			}
		}
		if have != need {
			t.Fatalf("%q: pieces of parity A/B %v, empty cells %v", tc.variant, have, need)
		}
	}
	s := newTest(t, "layout=free,start=4", 2, 3)
	if p, _ := s.At(0, 0); p == nil || p.Side != NW {
		t.Fatal("free form: no NW corner at a1")
	}
	for i := 1; i <= 4; i++ {
		if p, _ := s.At(0, i); p == nil || p.Side != N {
			t.Fatalf("free form: no N edge at %s", CellName(0, i))
		}
		if p, _ := s.At(i, 0); p == nil || p.Side != W {
			t.Fatalf("free form: no W edge at %s", CellName(i, 0))
		}
	}
	if got := len(s.pool) + len(s.hands[0]) + len(s.hands[1]); got != SetSize-9 {
		t.Fatalf("free form: %d pieces in the pool and hands, want %d", got, SetSize-9)
	}
}

// TestFreeFormOutline checks the border rules on hand-made positions.
func TestFreeFormOutline(t *testing.T) {
	lx := testLexicon(t)
	// Row 1: NW, N edges b1-d1; column a: W edges a2-a4; inner pieces on
	// b2, c2, d2, b3, b4.
	s, err := ParsePosition(lx, "wordflow layout=free,start=3\nrow NW N:N1. N:A1> N:S1+\nrow W:K5> E E E\nrow W:E1+ E\nrow W:O1> E\n", nil)
	if err != nil {
		t.Fatal(err)
	}
	find := func(kind Kind, side Side, r, c int) uint8 {
		for id := range s.set.Pieces {
			p := &s.set.Pieces[id]
			if p.Kind == kind && p.Side == side && p.Parity.Fits(r, c) && s.cell[r*stride+c] == empty && !s.placed(uint8(id)) {
				return uint8(id)
			}
		}
		t.Fatalf("no free %s %s piece for %s", side, kind, CellName(r, c))
		return 0
	}
	fits := func(kind Kind, side Side, r, c int) bool { return s.Fits(find(kind, side, r, c), r, c) }
	for _, tc := range []struct {
		name       string
		kind       Kind
		side       Side
		r, c       int
		want       bool
		afterRight bool // with an E edge placed on e2 first
	}{
		{"inner inside", Inner, NoSide, 2, 2, true, false},
		{"inner on row 1", Inner, NoSide, 0, 4, false, false},
		{"N edge on row 1", Edge, N, 0, 4, true, false},
		{"N edge below row 1", Edge, N, 2, 2, false, false},
		{"W edge not in column a", Edge, W, 2, 2, false, false},
		{"E edge beside the pieces", Edge, E, 1, 4, true, false},
		{"E edge on a column with pieces", Edge, E, 2, 3, false, false},
		{"NE corner at the end of row 1", Corner, NE, 0, 4, true, false},
		{"SE corner with no border", Corner, SE, 4, 1, false, false},
		{"S edge below the pieces", Edge, S, 4, 1, true, false},
		{"inner right of the border", Inner, NoSide, 2, 5, false, true},
		{"inner on the border column", Inner, NoSide, 2, 4, false, true},
		{"E edge on the border column", Edge, E, 2, 4, true, true},
		{"N edge beyond the border", Edge, N, 0, 5, false, true},
		{"NE corner on the border", Corner, NE, 0, 4, true, true},
		{"inner not touching", Inner, NoSide, 3, 3, false, false},
	} {
		if tc.afterRight {
			id := find(Edge, E, 1, 4)
			if !s.Fits(id, 1, 4) {
				t.Fatalf("%s: the E edge does not fit e2", tc.name)
			}
			s.put(id, 1*stride+4)
		}
		if got := fits(tc.kind, tc.side, tc.r, tc.c); got != tc.want {
			t.Errorf("%s: %s %s on %s fits %v, want %v\n%s", tc.name, tc.side, tc.kind, CellName(tc.r, tc.c), got, tc.want, s.BoardText())
		}
		if tc.afterRight {
			s.cell[1*stride+4] = empty
			s.right = -1
			s.maxC = 3
		}
	}
}

// placed reports whether piece id is on the board.
func (s *State) placed(id uint8) bool {
	return slices.Contains(s.cell[:], id)
}
