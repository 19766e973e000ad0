package eval_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"wordengine/eval"
	"wordengine/game"
	_ "wordengine/game/wwf"
	"wordengine/lexicon"
	"wordengine/search"
)

func train(t *testing.T, cfg eval.TrainConfig) (*eval.Leaves, eval.TrainStats, string) {
	t.Helper()
	l, st, err := eval.Train(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := l.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return l, st, b.String()
}

func player(name string) func() (eval.Chooser, error) {
	return func() (eval.Chooser, error) { return search.New(name) }
}

// TestTrainDeterministic trains on 20 games with 1 and 2 threads (and a
// second generation from the first table): the files are identical.
func TestTrainDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("self-play")
	}
	cfg := eval.TrainConfig{Game: "wwf", Games: 20, Seed: 7, NewPlayer: player("greedy"), Note: "test",
		Points: func(t lexicon.Tile) int { return 1 }}
	cfg.Threads = 1
	l1, st1, f1 := train(t, cfg)
	cfg.Threads = 2
	_, st2, f2 := train(t, cfg)
	if f1 != f2 {
		t.Fatalf("threads 1 and 2 give different tables")
	}
	if st1.Games != 20 || st1.Samples < 20*10 || st1.Leaves < 100 || st1.Samples != st2.Samples || st1.Moves != st2.Moves {
		t.Errorf("stats %+v and %+v", st1, st2)
	}
	if !strings.HasPrefix(l1.Trained(), "test; 20 games, ") {
		t.Errorf("trained note %q", l1.Trained())
	}
	if p, ok := l1.Points(lexicon.Blank); !ok || p != 1 {
		t.Errorf("points not recorded: %d, %v", p, ok)
	}
	// The listed leaves hold the shrunk means; every one is a real leave.
	n := 0
	for leave, v := range l1.All() {
		n++
		if len(leave) < 1 || len(leave) > eval.MaxLeave || v < -100000 || v > 100000 {
			t.Errorf("leave %q value %d", leave, v)
		}
	}
	if n != l1.Len() {
		t.Errorf("All yields %d leaves, Len %d", n, l1.Len())
	}

	// A second generation with the static player on the first table.
	cfg2 := eval.TrainConfig{Game: "wwf", Games: 10, Seed: 8, Init: l1, Shrink: 5}
	var f3, f4 string
	for threads, f := range map[int]*string{1: &f3, 2: &f4} {
		cfg2.Threads = threads
		cfg2.NewPlayer = func() (eval.Chooser, error) { return staticOn(l1), nil }
		_, _, *f = train(t, cfg2)
	}
	if f3 != f4 {
		t.Fatalf("second generation: threads 1 and 2 give different tables")
	}
	// The game's own tile points (crossword states are TilePointers) win
	// over the first table's all-ones points.
	if !strings.Contains(f3, "\npoints ? 0 A 1 B 4 ") {
		t.Errorf("second generation did not record the game's tile points")
	}
}

// staticOn is a minimal static player on table l, for tests of package
// eval that do not go through search's file options.
type staticPlayer struct {
	e     *eval.Static
	moves []game.Move
}

func staticOn(l *eval.Leaves) *staticPlayer { return &staticPlayer{e: eval.NewStatic(l)} }

func (p *staticPlayer) Choose(_ context.Context, s game.State, _ *rand.Rand) (game.Move, error) {
	p.moves = s.AppendMoves(p.moves[:0])
	best, bestEq := p.moves[0], p.e.Equity(s, p.moves[0])
	for _, m := range p.moves[1:] {
		if eq := p.e.Equity(s, m); eq > bestEq {
			best, bestEq = m, eq
		}
	}
	return best, nil
}

func TestTrainErrors(t *testing.T) {
	ok := eval.TrainConfig{Game: "wwf", Games: 1, NewPlayer: player("greedy")}
	tests := []struct {
		name string
		edit func(*eval.TrainConfig)
		want string
	}{
		{"games", func(c *eval.TrainConfig) { c.Games = 0 }, "0 games: want at least 1"},
		{"player", func(c *eval.TrainConfig) { c.NewPlayer = nil }, "no player"},
		{"game", func(c *eval.TrainConfig) { c.Game = "chess" }, "unknown game"},
		{"shrink", func(c *eval.TrainConfig) { c.Shrink = -1 }, "shrink -1: want k >= 0"},
		{"new player", func(c *eval.TrainConfig) {
			c.NewPlayer = func() (eval.Chooser, error) { return nil, errors.New("no such player") }
		}, "no such player"},
		{"init alphabet", func(c *eval.TrainConfig) {
			l, err := eval.ReadLeaves(strings.NewReader("wordengine-leaves 1\ngame x\nletters A B\nleaves 0\n"), "x")
			if err != nil {
				t.Fatal(err)
			}
			c.Init = l
		}, "does not fit game wwf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := ok
			tt.edit(&cfg)
			_, _, err := eval.Train(context.Background(), cfg)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "eval: ") {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg := ok
	cfg.Games = 50
	if _, _, err := eval.Train(ctx, cfg); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestTrainInterrupted: a run cancelled mid-way returns the table of the
// games played, which are the first ones: the table of a run of that many
// games (its "trained" line aside).
func TestTrainInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := eval.TrainConfig{Game: "wwf", Games: 40, Seed: 3, Threads: 2, NewPlayer: player("greedy"), Note: "test",
		Progress: func(done int) {
			if done == 1 {
				cancel()
			}
		}}
	l, st, err := eval.Train(ctx, cfg)
	if !errors.Is(err, context.Canceled) || l == nil {
		t.Fatalf("Train cancelled after 1 game: table %v, error %v; want a table and context.Canceled", l != nil, err)
	}
	if st.Games < 1 || st.Games >= cfg.Games {
		t.Fatalf("%d games played after cancelling at 1 of %d", st.Games, cfg.Games)
	}
	if !strings.Contains(l.Trained(), "interrupted: the first") {
		t.Errorf("trained note %q does not say the run was interrupted", l.Trained())
	}
	cfg.Games, cfg.Threads, cfg.Progress = st.Games, 1, nil
	_, _, want := train(t, cfg)
	var b bytes.Buffer
	if _, err := l.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	untrained := func(s string) string {
		lines := strings.Split(s, "\n")
		return strings.Join(slices.DeleteFunc(lines, func(l string) bool { return strings.HasPrefix(l, "trained ") }), "\n")
	}
	if got := b.String(); untrained(got) != untrained(want) {
		t.Errorf("the interrupted run's table differs from a run of its %d games:\n%s\nwant\n%s", st.Games, got, want)
	}
}

// TestTrainSecondPlayerFails: a player that cannot be made for the
// second thread fails the run, with the first thread's games stopped.
func TestTrainSecondPlayerFails(t *testing.T) {
	made := 0
	cfg := eval.TrainConfig{Game: "wwf", Games: 50, Seed: 3, Threads: 2, NewPlayer: func() (eval.Chooser, error) {
		if made++; made == 2 {
			return nil, errors.New("no second player")
		}
		return search.New("greedy")
	}}
	if _, _, err := eval.Train(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "no second player") {
		t.Errorf("Train = %v, want the second player's error", err)
	}
}
