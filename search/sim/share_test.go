package sim

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/lexicon"
	"wordengine/search"
)

var sharePositions = flag.Int("share-positions", 0, "positions per game for TestSharedReplyEqualsChoose (0: 60, 8 with -short or -race) and per tile set for TestSharedReplyOtherLexicons (0: 12, 4 with -short or -race)")

// sharePositionsOf returns n positions of seeded static self-play of
// game name, spread over the whole game: the empty board, midgames, and
// every position with at most 9 tiles in the bag (where a candidate may
// empty it), preferring positions where both blanks are unseen by the
// player to move (the opponent's determinized rack may hold both).
func sharePositionsOf(tb testing.TB, name string, n int) []game.State {
	tb.Helper()
	return sharePositionsCfg(tb, name, game.Config{}, n)
}

// sharePositionsCfg is sharePositionsOf for games made with cfg (its
// Rand set for each game).
func sharePositionsCfg(tb testing.TB, name string, cfg game.Config, n int) []game.State {
	tb.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		tb.Fatal(err)
	}
	p, _ := search.NewStatic("endgame=off")
	var out []game.State
	for seed := uint64(1); len(out) < n; seed++ {
		cfg.Rand = rand.New(rand.NewPCG(seed, 11))
		s, err := spec.New(cfg)
		if err != nil {
			tb.Fatal(err)
		}
		for ply := 0; !s.Over() && len(out) < n; ply++ {
			bag := s.(game.Racker).BagLen()
			if ply == 0 && seed%4 == 1 || ply%7 == int(seed%7) || bag > 0 && bag <= 9 {
				out = append(out, s.Clone())
			}
			m, err := p.Choose(context.Background(), s, nil)
			if err != nil {
				tb.Fatal(err)
			}
			s.Play(m)
		}
	}
	return out
}

// unseenBlanks returns the number of blanks the player to move cannot
// see: not on the board, not on its rack.
func unseenBlanks(s game.State) int {
	cs := s.(*crossword.State)
	n := 2 // every tile set of the tests has 2 blanks
	for _, t := range cs.Rack(nil, cs.ToMove()) {
		if t == lexicon.Blank {
			n--
		}
	}
	b := cs.Board()
	for r := range b.Rows() {
		for c := range b.Cols() {
			if b.At(r, c)&lexicon.BlankFlag != 0 {
				n--
			}
		}
	}
	return n
}

// TestSharedReplyEqualsChoose checks the shared opponent reply
// (replyBefore and search.Static.ChooseAfter) against rollouts whose
// every reply is search.Static.Choose, sample by sample: on seeded
// self-play positions of both games (the empty board, midgames, a bag of
// 1 to 9 tiles, two unseen blanks), with 1 to 3 plies, for candidates
// that are the best static moves, random plays, an exchange and the
// pass, every rollout of every iteration must give exactly the same
// sample.
func TestSharedReplyEqualsChoose(t *testing.T) {
	t.Parallel()
	n := *sharePositions
	if n == 0 {
		n = 60
		if testing.Short() || raceEnabled {
			n = 8 // make proof runs 300 without the race detector
		}
	}
	for _, name := range []string{"wwf", "scrabble"} {
		checkShared(t, name, sharePositionsOf(t, name, n), true)
	}
}

// TestSharedReplyOtherLexicons is TestSharedReplyEqualsChoose on the
// other languages' tile sets and on SOWPODS, with the lexicons of the
// cache ('make lexicons': $WORDENGINE_LEXICONS, else the user cache
// directory's wordengine/lexicons); it skips those not built.
func TestSharedReplyOtherLexicons(t *testing.T) {
	t.Parallel()
	dir := os.Getenv("WORDENGINE_LEXICONS") // as wordengine --lexicon NAME
	if dir == "" {
		d, err := os.UserCacheDir()
		if err != nil {
			t.Skip("no cache directory")
		}
		dir = filepath.Join(d, "wordengine", "lexicons")
	}
	n := 12
	if testing.Short() || raceEnabled {
		n = 4
	}
	if *sharePositions > 0 {
		n = *sharePositions
	}
	for _, tc := range []struct{ game, variant, lex string }{
		{"wwf", "lang=es", "es"}, {"scrabble", "lang=it", "it"}, {"wwf", "lang=de", "de"},
		{"scrabble", "lang=fr", "fr"}, {"wwf", "lang=it", "it"}, {"scrabble", "lang=pt", "pt"},
		{"scrabble", "", "sowpods"},
	} {
		lx, err := lexicon.LoadFile(filepath.Join(dir, tc.lex+".lex"))
		if err != nil {
			t.Logf("%s %s: %v: skipped", tc.game, tc.lex, err)
			continue
		}
		name := tc.game + " " + tc.variant + " " + tc.lex
		checkShared(t, name, sharePositionsCfg(t, tc.game, game.Config{Lexicon: lx, Variant: tc.variant}, n), false)
	}
}

// checkShared compares, on positions ps, every rollout with the shared
// reply against the same rollout with Choose for every reply; with
// counts, it also asks that the positions cover two unseen blanks, a
// low bag and an exchange.
func checkShared(t *testing.T, name string, ps []game.State, counts bool) {
	t.Helper()
	st, _ := search.NewStatic("endgame=off")
	{
		shared, plain := New(Options{Threads: 1}), New(Options{Threads: 1})
		plain.noShare = true
		rollouts, withReply, twoBlanks, lowBag, exchanges := 0, 0, 0, 0, 0
		for i, s := range ps {
			cands, err := st.Rank(context.Background(), s, nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(i), 3))
			var pick []search.Candidate
			exch, pass := false, false
			for j, c := range cands {
				switch k := crossword.MoveKind(c.Move); {
				case j < 5, k == crossword.Play && rng.IntN(len(cands)) < 3:
				case k == crossword.Exchange && !exch:
					exch = true
				case k == crossword.Pass && !pass:
					pass = true
				default:
					continue
				}
				pick = append(pick, c)
			}
			if exch {
				exchanges++
			}
			if unseenBlanks(s) == 2 {
				twoBlanks++
			}
			if s.(game.Racker).BagLen() <= 9 {
				lowBag++
			}
			for _, plies := range []int{1, 2, 3} {
				r := &run{seed: uint64(i) + 100, me: s.ToMove(), cands: pick, plies: plies, spread: spread(s, s.ToMove())}
				rp := *r
				rp.noShare = true
				shared.prepare(s, 1)
				plain.prepare(s, 1)
				alive := make([]int, len(pick))
				for j := range alive {
					alive[j] = j
				}
				got, want := make([]sample, len(pick)), make([]sample, len(pick))
				for it := range 6 {
					shared.workers[0].iteration(r, it, alive, got)
					plain.workers[0].iteration(&rp, it, alive, want)
					if shared.workers[0].reply != nil {
						withReply += len(pick)
					}
					rollouts += len(pick)
					for j := range got {
						if got[j] != want[j] {
							t.Fatalf("%s position %d, plies %d, iteration %d, candidate %s: shared reply gives %+v, Choose %+v\n%s",
								name, i, plies, it, s.FormatMove(pick[j].Move), got[j], want[j], s)
						}
					}
				}
			}
		}
		t.Logf("%s: %d rollouts equal, %d of them with a shared reply list; %d positions with 2 unseen blanks, %d with at most 9 tiles in the bag, %d with an exchange candidate",
			name, rollouts, withReply, twoBlanks, lowBag, exchanges)
		if withReply == 0 || counts && (twoBlanks == 0 || lowBag == 0 || exchanges == 0) {
			t.Errorf("%s: too few cases", name)
		}
	}
}

// TestSimulateSharedEqualsPlain checks whole simulations: with and without
// the shared reply, Simulate gives the same statistics, eliminations and
// choice, on the committed midgame position and on self-play positions,
// for several seeds and thread counts.
func TestSimulateSharedEqualsPlain(t *testing.T) {
	t.Parallel()
	positions := []game.State{midgame(t)}
	for _, name := range []string{"wwf", "scrabble"} {
		ps := sharePositionsOf(t, name, 40)
		positions = append(positions, ps[5], ps[17], ps[len(ps)-1])
	}
	iters := 60
	if testing.Short() || raceEnabled {
		iters = 24
	}
	for i, s := range positions {
		for _, seed := range []uint64{1, 99} {
			a := New(Options{Iterations: iters, Threads: 2, Candidates: 8, Stop: 95})
			b := New(Options{Iterations: iters, Threads: 3, Candidates: 8, Stop: 95})
			b.noShare = true
			ra, err := a.Simulate(context.Background(), s, seed)
			if err != nil {
				t.Fatal(err)
			}
			rb, err := b.Simulate(context.Background(), s, seed)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := stripTiming(ra), stripTiming(rb); !reflect.DeepEqual(got, want) {
				t.Errorf("position %d seed %d: shared\n%+v\nplain\n%+v\n%s", i, seed, got, want, s)
			}
		}
	}
}
