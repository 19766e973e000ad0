package analysis_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"wordengine/game"
	_ "wordengine/game/twoway"
	_ "wordengine/game/upwords"
	_ "wordengine/game/wordblock"
	_ "wordengine/game/wordflow"
	_ "wordengine/game/wwf"
	"wordengine/search"
	"wordengine/search/analysis"
	_ "wordengine/search/sim"
)

// selfPlay plays a seeded game of name between the players specs (by
// seat) for at most maxMoves moves and returns it as a record.
func selfPlay(tb testing.TB, name string, seed uint64, specs []string, maxMoves int) *analysis.Record {
	tb.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		tb.Fatal(err)
	}
	start := s.Clone()
	players := make([]search.Player, s.Players())
	names := make([]string, s.Players())
	for p := range players {
		play := specs[p%len(specs)]
		if play == "static" {
			play = "static:endgame=off" // the games need not solve their endgames: the tests are of the analysis
		}
		if players[p], err = search.New(play); err != nil {
			tb.Fatal(err)
		}
		names[p] = fmt.Sprintf("%s %d", specs[p%len(specs)], p+1)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	recName := fmt.Sprintf("%s-%d", name, seed)
	var moves []string
	for !s.Over() && len(moves) < maxMoves {
		// The mover decides on the view the analysis (Options.Seed 1)
		// gives it.
		view := search.View(s, rand.New(rand.NewPCG(analysis.MoveSeed(1, recName, len(moves)+1), 1)))
		m, err := players[s.ToMove()].Choose(context.Background(), view, rng)
		if err != nil {
			tb.Fatal(err)
		}
		moves = append(moves, s.FormatMove(m))
		s.Play(m)
	}
	return analysis.FromMoves(recName, start, names, moves, nil)
}

// TestStaticSelfPlayIsBest: the static player's own games (without the
// endgame solver), analysed by the static player, have every move ranked first and nothing lost, in
// every game; the per-player sums add up.
func TestStaticSelfPlayIsBest(t *testing.T) {
	ctx := context.Background()
	for _, name := range game.Names() {
		t.Run(name, func(t *testing.T) { staticSelfPlayIsBest(t, ctx, name) })
	}
}

func staticSelfPlayIsBest(t *testing.T, ctx context.Context, name string) {
	an, err := analysis.New(analysis.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// endgame=off: with the endgame solver the last moves are the
	// solver's, not the static valuation's best.
	rec := selfPlay(t, name, 7, []string{"static:endgame=off"}, 40)
	rep, err := an.Analyse(ctx, rec)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if rep.Analysed != rec.Moves || len(rep.Moves) != rec.Moves {
		t.Errorf("%s: %d of %d moves analysed (%d reported)", name, rep.Analysed, rec.Moves, len(rep.Moves))
	}
	moves, best := 0, 0
	for _, m := range rep.Moves {
		if m.Rank != 1 || m.Lost != 0 || !m.Legal || m.Played != m.Best {
			t.Errorf("%s %s: %s ranked %d (legal %v), lost %.1f, best %s", name, m.Where, m.Played, m.Rank, m.Legal, m.Lost, m.Best)
		}
		if m.Missed {
			t.Errorf("%s %s: a bingo %s missed by the static player's own move %s", name, m.Where, m.Bingo, m.Played)
		}
	}
	for _, p := range rep.Players {
		moves += p.Moves
		best += p.Best
		if p.Lost != 0 || p.MeanLost != 0 {
			t.Errorf("%s: player %d lost %.1f", name, p.Seat+1, p.Lost)
		}
	}
	if moves != rep.Analysed || best != moves {
		t.Errorf("%s: players' moves %d, best %d; want %d", name, moves, best, rep.Analysed)
	}
}

// TestRandomLosesValue: a random player's moves lose value and miss
// bingos; every report's numbers are consistent.
func TestRandomLosesValue(t *testing.T) {
	an, err := analysis.New(analysis.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	missed, bingos := 0, 0
	for seed := uint64(1); seed <= 2; seed++ {
		rep, err := an.Analyse(context.Background(), selfPlay(t, "scrabble", seed, []string{"static", "random"}, 200))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range rep.Moves {
			if m.Lost < 0 || m.Lost != max(0, m.BestValue-m.PlayedValue) || (m.Rank == 1) != (m.Lost == 0 && m.Played == m.Best) && m.Legal {
				t.Errorf("%s: played %s %.1f rank %d, best %s %.1f, lost %.1f", m.Where, m.Played, m.PlayedValue, m.Rank, m.Best, m.BestValue, m.Lost)
			}
			if m.Bingo != "" && m.BingoValue > m.BestValue {
				t.Errorf("%s: bingo %s worth %.1f above the best %s %.1f", m.Where, m.Bingo, m.BingoValue, m.Best, m.BestValue)
			}
			if m.Missed {
				missed++
			}
			if m.Bingo != "" {
				bingos++
			}
		}
		if r := rep.Players[1]; r.Lost <= 0 || r.Best >= r.Moves {
			t.Errorf("random player: %d of %d moves best, %.1f lost", r.Best, r.Moves, r.Lost)
		}
	}
	if missed == 0 || bingos == 0 {
		t.Errorf("%d bingos available, %d missed: want some of each", bingos, missed)
	}
}

// TestGamesThreads: analysing records on one or three goroutines gives the
// same reports, in the records' order.
func TestGamesThreads(t *testing.T) {
	var recs []*analysis.Record
	for i, name := range []string{"wwf", "upwords", "twoway", "scrabble", "wordflow"} {
		recs = append(recs, selfPlay(t, name, uint64(i+1), []string{"static", "greedy"}, 16))
	}
	opts := analysis.Options{Seed: 1}
	one, err := analysis.Games(context.Background(), opts, 1, recs)
	if err != nil {
		t.Fatal(err)
	}
	three, err := analysis.Games(context.Background(), opts, 3, recs)
	if err != nil {
		t.Fatal(err)
	}
	for i := range one {
		if one[i].Name != recs[i].Name || !reflect.DeepEqual(one[i], three[i]) {
			t.Errorf("record %d (%s): the reports differ with the number of threads", i, recs[i].Name)
		}
	}
}

// TestSimIncludesPlayed: with the simulation player, a move outside its
// candidates (a random player's) is simulated among them: it gets a rank
// and a value of the simulation, and the best is the simulation's.
func TestSimIncludesPlayed(t *testing.T) {
	an, err := analysis.New(analysis.Options{Player: "sim:plies=1,iterations=16,candidates=3,threads=1", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	rec := selfPlay(t, "wwf", 5, []string{"random"}, 6)
	rep, err := an.Analyse(context.Background(), rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rep.Moves {
		if m.Rank < 1 || m.Rank > 4 || m.Lost != max(0, m.BestValue-m.PlayedValue) {
			t.Errorf("%s: %s rank %d value %.1f, best %s %.1f, lost %.1f: want a rank among the 3 candidates and the move played", m.Where, m.Played, m.Rank, m.PlayedValue, m.Best, m.BestValue, m.Lost)
		}
	}
}
