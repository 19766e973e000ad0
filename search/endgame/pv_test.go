package endgame

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"wordengine/game"
	"wordengine/game/upwords"
)

// tieAtTheHorizon is an Upwords endgame (seed 878 of
// TestSolverEqualsBruteForce) whose value to the end, -5, is proved at 5
// plies, where C3 B(AT) ties with C3 W(AT); but B(AT) loses 12 once the
// game goes on (the reply C3 W(AT) covers it and pays off only beyond the
// horizon), so the best move is W(AT) alone.
const tieAtTheHorizon = `upwords size=10 bare-plural=illegal players=2
 1    .   .   .   .   .   .   .   .   .   .
 2    .   .   .   .   .  E2   .   .   .   .
 3    .   .   .   .  U1  T5   .   .   .   .
 4    .   .  A1  H4   .  H4  U1  B1   .   .
 5   I1  N4  T3  I5  M5  E5   .   .   .   .
 6    .   .   .  L4  E5  N5  O5   .   .   .
 7    .   .  C1  A1  N1  E2  R1   .   .   .
 8    .   .   .   .  D3   .  F2   .   .   .
 9    .   .   .  M1  E2  Z1  E1   .   .   .
10    .   .  B5  U5  D5  O1  S1   .   .   .
rack 1 BWX
rack 2 KQuW
score 1 471
score 2 483
turn 1
pool -
`

// TestSolvedBestMoveIsBestToTheEnd solves to the end a position whose
// value is proved at a depth where a move ties with the best and loses
// later: the best move and the whole principal variation must be best
// to the end of the game (the brute force's), with one thread and two,
// through the game's interfaces and the State contract alone.
func TestSolvedBestMoveIsBestToTheEnd(t *testing.T) {
	s, err := upwords.ParsePosition(nil, tieAtTheHorizon)
	if err != nil {
		t.Fatal(err)
	}
	want, bests, ok := bruteRoot(s, -1, 100_000)
	if !ok || want != -5 || len(bests) != 1 || s.FormatMove(bests[0]) != "C3 W(AT)" {
		t.Fatalf("brute force: %d %v (%v), want -5 with C3 W(AT) alone", want, bests, ok)
	}
	for _, st := range []game.State{s, plain{s}} {
		for _, threads := range []int{1, 2} {
			label := fmt.Sprintf("%T, %d threads", st, threads)
			r, err := New(Options{Threads: threads, TableMB: 1}).Solve(context.Background(), st)
			if err != nil {
				t.Fatal(err)
			}
			// One thread proves the value at 5 plies, where C3 B(AT)
			// ties; threads sharing the table may prove it a ply
			// later, as the first to finish the iteration tells.
			if r.Value != -5 || !r.Solved || r.Depth < 5 || threads == 1 && r.Depth != 5 {
				t.Fatalf("%s: value %d solved %v at %d plies, want -5 solved at 5 (one thread) or later", label, r.Value, r.Solved, r.Depth)
			}
			if !slices.Contains(bests, r.Best()) {
				t.Fatalf("%s: best move %s, the brute force's is C3 W(AT)", label, s.FormatMove(r.Best()))
			}
			checkPV(t, label, s, r)
			checkPVBest(t, label, s, r, -1, 100_000)
		}
	}
}
