package sim

import (
	"context"
	"math"
	"math/rand/v2"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"wordengine/eval"
	"wordengine/game"
	_ "wordengine/game/wordblock"
	"wordengine/search"
)

func TestParseOptions(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    Options
		wantErr string
	}{
		{in: "", want: Options{}},
		{in: "plies=3,iterations=400,time=2s,stop=95,candidates=5,threads=2,seed=9",
			want: Options{Plies: 3, Iterations: 400, Time: 2 * time.Second, Stop: 95, Candidates: 5, Threads: 2, Seed: 9}},
		{in: " plies = 0 , stop=0", want: Options{Plies: -1, Stop: -1}},
		{in: "stop=99", want: Options{Stop: 99}},
		{in: "Stop=OFF,Iterations=100", want: Options{Stop: -1, Iterations: 100}},
		{in: "plies=21", wantErr: "sim: plies=21: want a whole number from 0 to 20"},
		{in: "plies=-1", wantErr: "sim: plies=-1: want a whole number from 0 to 20"},
		{in: "iterations=0", wantErr: "sim: iterations=0: want a whole number, at least 1"},
		{in: "iterations=ten", wantErr: "sim: iterations=ten: want a whole number, at least 1"},
		{in: "time=2", wantErr: "sim: time=2: want a duration such as 500ms, 2s or 1m30s"},
		{in: "time=-1s", wantErr: "sim: time=-1s: want a duration"},
		{in: "stop=90", wantErr: "sim: stop=90: want 95, 99 or 0"},
		{in: "candidates=0", wantErr: "sim: candidates=0: want a whole number, at least 1"},
		{in: "threads=0", want: Options{}}, // every core, as the default
		{in: "iterations=8,iterations=9", wantErr: `sim: option "iterations" given twice`},
		{in: "threads=1025", wantErr: "sim: threads=1025: want a whole number from 0 to 1024"},
		{in: "seed=-3", wantErr: "sim: seed=-3: want a whole number from 0 to 18446744073709551615"},
		{in: "depth=3", wantErr: `sim: unknown option "depth" (options: plies, iterations, time, stop, candidates, threads, seed, endgame, endgame-nodes, endgame-time)`},
		{in: "plies", wantErr: `sim: option "plies" has no value: want a whole number from 0 to 20`},
	} {
		got, err := ParseOptions(tc.in)
		switch {
		case tc.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseOptions(%q) error %v, want one containing %q", tc.in, err, tc.wantErr)
			}
		case err != nil:
			t.Errorf("ParseOptions(%q): %v", tc.in, err)
		case got != tc.want:
			t.Errorf("ParseOptions(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
	// Defaults, and String reads back.
	d := Options{}.withDefaults()
	if d.Candidates != DefaultCandidates || d.Plies != DefaultPlies || d.Iterations != DefaultIterations || d.Stop != DefaultStop || d.Threads < 1 {
		t.Errorf("defaults %+v", d)
	}
	o := Options{Plies: 3, Time: time.Second, Stop: -1, Candidates: 4, Threads: 2}
	back, err := ParseOptions(o.String())
	if err != nil || back.withDefaults() != o.withDefaults() {
		t.Errorf("ParseOptions(%q) = %+v, %v; want %+v", o.String(), back, err, o.withDefaults())
	}
}

func TestRegisteredPlayer(t *testing.T) {
	t.Parallel()
	p, err := search.New("sim:plies=1,iterations=8,candidates=3,threads=2")
	if err != nil {
		t.Fatal(err)
	}
	if p.Name() != "sim" {
		t.Errorf("Name() = %q", p.Name())
	}
	if got := p.(*Player).Options(); got.Plies != 1 || got.Iterations != 8 || got.Candidates != 3 || got.Threads != 2 {
		t.Errorf("options %+v", got)
	}
	if _, err := search.New("sim:plies=x"); err == nil || !strings.Contains(err.Error(), "plies") {
		t.Errorf("bad option: error %v", err)
	}
	// A few moves of a WWF game: every choice is legal, and Rank lists the
	// candidates with the choice of the same seed first.
	spec, err := game.Lookup("wwf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(3, 1))})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 2))
	for ply := 0; ply < 6 && !s.Over(); ply++ {
		m, err := p.Choose(context.Background(), s, rng)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ParseMove(s.FormatMove(m)); err != nil {
			t.Fatalf("ply %d: illegal choice %s: %v", ply, s.FormatMove(m), err)
		}
		s.Play(m)
	}
	cands, err := p.(search.Ranker).Rank(context.Background(), s, nil)
	if err != nil || len(cands) == 0 || len(cands) > 3 {
		t.Fatalf("Rank: %d candidates, %v", len(cands), err)
	}
	res, err := p.(*Player).Simulate(context.Background(), s, p.(*Player).Options().Seed)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cands {
		if st := res.Stats[i]; c.Move != st.Move || c.Equity != int64(math.Round(st.Mean*1000)) {
			t.Errorf("Rank[%d] = %s %d, Simulate gives %s %.3f", i, s.FormatMove(c.Move), c.Equity, s.FormatMove(st.Move), st.Mean)
		}
	}
}

// stripTiming clears what depends on the machine: the elapsed time and the
// number of threads.
func stripTiming(r *Result) *Result {
	c := *r
	c.Elapsed = 0
	c.Options.Threads = 0
	return &c
}

// TestThreadsGiveSameResult checks that a seed gives the same statistics,
// eliminations and choice whatever the number of threads.
func TestThreadsGiveSameResult(t *testing.T) {
	t.Parallel()
	s := midgame(t)
	iters := 80
	if testing.Short() {
		iters = 48
	}
	for _, stop := range []int{95, -1} {
		var first *Result
		for _, threads := range []int{1, 2, 3} {
			p := New(Options{Iterations: iters, Stop: stop, Threads: threads, Candidates: 6})
			res, err := p.Simulate(context.Background(), s, 42)
			if err != nil {
				t.Fatal(err)
			}
			if res.Iterations != iters && res.Stopped != "confidence" {
				t.Fatalf("threads %d: %d iterations, stopped %q", threads, res.Iterations, res.Stopped)
			}
			if first == nil {
				first = stripTiming(res)
				continue
			}
			if got := stripTiming(res); !reflect.DeepEqual(got, first) {
				t.Errorf("stop %d: threads %d gives\n%+v\nthreads 1 gave\n%+v", stop, threads, got, first)
			}
		}
	}
}

// reference is the slow truth of one rollout: a fresh clone of s,
// determinized from the iteration's seed, the candidate played, then
// plies moves of a fresh static player, valued as the package doc says.
func reference(t *testing.T, s game.State, seed uint64, c search.Candidate, plies int) sample {
	t.Helper()
	me := s.ToMove()
	cl := s.Clone()
	cl.(game.Determinizer).Determinize(me, rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)))
	st, _ := search.NewStatic("endgame=off")
	l, err := eval.DefaultLeaves(s.Game())
	if err != nil {
		t.Fatal(err)
	}
	ev := eval.NewStatic(l)
	leave := float64(ev.Equity(cl, c.Move)-1000*int64(c.Score)) / 1000
	sp0 := s.Score(me) - s.Score(1-me)
	cl.Play(c.Move)
	for range plies {
		if cl.Over() {
			break
		}
		m, err := st.Choose(context.Background(), cl, nil)
		if err != nil {
			t.Fatal(err)
		}
		if cl.ToMove() == me {
			leave = float64(ev.Equity(cl, m)-1000*int64(cl.MoveScore(m))) / 1000
		}
		cl.Play(m)
	}
	sp := cl.Score(me) - cl.Score(1-me)
	if cl.Over() {
		w := 0.5
		if sp > 0 {
			w = 1
		} else if sp < 0 {
			w = 0
		}
		return sample{eq: float64(sp - sp0), win: w}
	}
	r := cl.(game.Racker)
	u := r.BagLen() + len(r.Rack(nil, 1-me))
	final := float64(sp) + leave
	return sample{eq: final - float64(sp0), win: 1 / (1 + math.Exp(-final/(7*math.Sqrt(float64(u+1)))))}
}

// TestMatchesReference checks Simulate, which plays and undoes every
// candidate on one clone per thread, against fresh clones rollout by
// rollout: equal means prove that every candidate of an iteration sees
// the determinization and draws of that iteration's seed (common random
// numbers) and that Undo leaves nothing behind. It also runs a position
// near the end of the game, where rollouts end games.
func TestMatchesReference(t *testing.T) {
	t.Parallel()
	late := "15/15/15/ISLETeD8/1L2ISOTONE4/1O13/NO13/OM1UNHIP7/V2TEA1A7/AT3JAVAS5/1R1C2PET5W/DEBUsSED6I/1Z1LI6TOFF/2CERGE2ERHU1I/3XI1DOOLEE2E EGHNRUY/AAHINSY 384/292 0"
	for name, s := range map[string]game.State{"midgame": midgame(t), "late": fromCGP(t, late)} {
		t.Run(name, func(t *testing.T) {
			const iters, plies = 10, 2
			p := New(Options{Iterations: iters, Stop: -1, Threads: 2, Candidates: 5, Plies: plies})
			res, err := p.Simulate(context.Background(), s, 7)
			if err != nil {
				t.Fatal(err)
			}
			st, _ := search.NewStatic("endgame=off")
			cands, _ := st.Rank(context.Background(), s, nil)
			winW := 0.0
			if s.(game.Racker).BagLen() <= EndBag {
				winW = WinWeight
			}
			for _, c := range cands[:5] {
				var sumEq, sumWin float64
				for i := range iters {
					v := reference(t, s, IterationSeed(7, i), c, plies)
					sumEq += v.eq
					sumWin += v.win
				}
				var got *Stat
				for i := range res.Stats {
					if res.Stats[i].Move == c.Move {
						got = &res.Stats[i]
					}
				}
				if got == nil {
					t.Fatalf("%s missing from the result", s.FormatMove(c.Move))
				}
				eq, win := sumEq/iters, sumWin/iters
				if math.Abs(got.Equity-eq) > 1e-9 || math.Abs(got.Win-win) > 1e-9 || math.Abs(got.Mean-(eq+winW*win)) > 1e-6 {
					t.Errorf("%s: equity %.4f win %.4f mean %.4f, reference %.4f %.4f %.4f", s.FormatMove(c.Move), got.Equity, got.Win, got.Mean, eq, win, eq+winW*win)
				}
			}
		})
	}
}

// TestCancel checks that a cancelled context returns the best move so
// far: the static best before any iteration, and a valid result when
// cancelled during the run.
func TestCancel(t *testing.T) {
	s := midgame(t)
	st, _ := search.NewStatic("endgame=off")
	top, _ := st.Choose(context.Background(), s, nil)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := New(Options{Iterations: 1000, Threads: 2})
	res, err := p.Simulate(ctx, s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stopped != "cancelled" || res.Iterations != 0 || res.Best().Move != top {
		t.Errorf("cancelled before: stopped %q after %d iterations, best %s (static best %s)", res.Stopped, res.Iterations, s.FormatMove(res.Best().Move), s.FormatMove(top))
	}
	m, err := p.Choose(ctx, s, rand.New(rand.NewPCG(1, 1)))
	if err != nil || m != top {
		t.Errorf("Choose cancelled: %s, %v; want %s", s.FormatMove(m), err, s.FormatMove(top))
	}

	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	p = New(Options{Iterations: 1 << 30, Stop: -1, Threads: 2})
	start := time.Now()
	res, err = p.Simulate(ctx, s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stopped != "cancelled" || res.Iterations >= 1<<30 {
		t.Errorf("cancelled during: stopped %q after %d iterations", res.Stopped, res.Iterations)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("cancel took %v to stop", el)
	}
	for _, st := range res.Stats {
		if st.Iterations != res.Iterations {
			t.Errorf("%s: %d iterations of %d (no elimination asked)", s.FormatMove(st.Move), st.Iterations, res.Iterations)
		}
	}
	if _, err := s.ParseMove(s.FormatMove(res.Best().Move)); err != nil {
		t.Errorf("best so far %s is illegal: %v", s.FormatMove(res.Best().Move), err)
	}

	// A time budget ends the run the same way.
	p = New(Options{Time: 50 * time.Millisecond, Stop: -1, Threads: 2})
	res, err = p.Simulate(context.Background(), s, 1)
	if err != nil || res.Stopped != "time" {
		t.Errorf("time budget: stopped %q, %v", res.Stopped, err)
	}
}

// TestEliminate checks the paired z-test on samples with a known answer.
func TestEliminate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		conf, others int
		want         float64
	}{{95, 1, 1.6449}, {99, 1, 2.3263}, {95, 9, 2.5392}} {
		if got := ZCritical(tc.conf, tc.others); math.Abs(got-tc.want) > 1e-3 {
			t.Errorf("ZCritical(%d, %d) = %.4f, want %.4f", tc.conf, tc.others, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	// Candidate 0 is better than 1 by 1 point on a shared noise of sd 30
	// (common random numbers: the pairing removes it) and than 2 by 0.05,
	// with its own noise of sd 1; 3 equals 0 exactly.
	a := newAccum(4)
	alive := []int{0, 1, 2, 3}
	for range 64 {
		shared := rng.NormFloat64() * 30
		own := rng.NormFloat64()
		a.add(alive, []sample{{eq: shared + 1}, {eq: shared}, {eq: shared + 0.95 + own}, {eq: shared + 1}}, 0)
	}
	got := a.eliminate(alive, 95)
	if !reflect.DeepEqual(got, []int{0, 2, 3}) {
		t.Errorf("eliminate = %v, want [0 2 3] (1 beaten, 2 too close, 3 equal)", got)
	}
	// Without the pairing, the shared noise would hide the 1-point gap:
	// the unpaired standard error is about 30·√2/8 ≈ 5.3 points.
	m0, se0 := meanSE(a.x[0], a.xx[0], a.n)
	m1, se1 := meanSE(a.x[1], a.xx[1], a.n)
	if z := (m0 - m1) / math.Hypot(se0, se1); z > 1 {
		t.Errorf("unpaired z = %.2f: the test data lost its shared noise", z)
	}
}

func TestWinEstimate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		spread float64
		unseen int
		lo, hi float64
	}{
		{0, 50, 0.5, 0.5},
		{0, 0, 0.5, 0.5},
		{50, 14, 0.86, 0.87},   // logistic(50/(7·√15) = 1.84)
		{-50, 14, 0.13, 0.14},  // symmetric
		{50, 100, 0.66, 0.68},  // logistic(0.71)
		{200, 0, 0.999, 1},     // a sure thing
		{10, -1, 0.545, 0.555}, // no racks: unseen 50
	} {
		if got := WinEstimate(tc.spread, tc.unseen); got < tc.lo || got > tc.hi {
			t.Errorf("WinEstimate(%v, %d) = %.4f, want in [%v, %v]", tc.spread, tc.unseen, got, tc.lo, tc.hi)
		}
	}
}

// TestRolloutAllocs checks that an iteration (determinize, then every
// candidate played, valued and undone) allocates nothing once the worker
// is warm. The plies after the candidate are the static player's
// (search.Static.Choose), which allocates only to break an exact tie
// between its best moves by notation: with 2 plies the test logs the
// count instead.
func TestRolloutAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	s := midgame(t)
	st, _ := search.NewStatic("endgame=off")
	cands, _ := st.Rank(context.Background(), s, nil)
	for _, plies := range []int{0, 1, 2} {
		p := New(Options{Threads: 1})
		r := &run{seed: 1, me: s.ToMove(), cands: cands[:10], plies: plies, spread: spread(s, s.ToMove())}
		p.prepare(s, 1)
		w := p.workers[0]
		alive := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
		out := make([]sample, 10)
		for i := range 20 {
			w.iteration(r, i, alive, out)
		}
		i := 100
		n := testing.AllocsPerRun(20, func() { w.iteration(r, i, alive, out); i++ })
		switch {
		case plies == 0 && n != 0:
			t.Errorf("plies 0: an iteration allocates %v times", n)
		default:
			t.Logf("plies %d: %v allocations per iteration", plies, n)
		}
	}
}

// TestNoHiddenInformation runs the player on WordBlock, which has no
// hidden information: one iteration suffices, and the choice is legal.
func TestNoHiddenInformation(t *testing.T) {
	t.Parallel()
	spec, err := game.Lookup("wordblock")
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(5, 1))})
	if err != nil {
		t.Fatal(err)
	}
	p := New(Options{Iterations: 50, Candidates: 4, Plies: 1})
	res, err := p.Simulate(context.Background(), s, 1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != 1 {
		t.Errorf("%d iterations, want 1", res.Iterations)
	}
	if _, err := s.ParseMove(s.FormatMove(res.Best().Move)); err != nil {
		t.Errorf("illegal choice: %v", err)
	}
}

// TestImportDirection guards ../shared/DESIGN.md's layout: search/sim
// uses only package game, never a game package (the option reader under
// game/ belongs to no game).
func TestImportDirection(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command("go", "list", "-deps", "wordengine/search/sim").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "wordengine/game/") && dep != "wordengine/game/option" {
			t.Errorf("search/sim imports %s", dep)
		}
	}
}

// scores is a game.State of which spread reads only Players and Score.
type scores struct {
	game.State
	pts []int
}

func (s scores) Players() int    { return len(s.pts) }
func (s scores) Score(p int) int { return s.pts[p] }

func TestSpread(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pts  []int
		me   int
		want int
	}{
		{[]int{412}, 0, 412}, // a solo game: the score itself, no overflow
		{[]int{30, 42}, 0, -12},
		{[]int{30, 42}, 1, 12},
		{[]int{50, 42, 61}, 0, -11},
		{[]int{50, 42, 61}, 2, 11},
	} {
		if got := spread(scores{pts: tc.pts}, tc.me); got != tc.want {
			t.Errorf("spread(%v, %d) = %d, want %d", tc.pts, tc.me, got, tc.want)
		}
	}
}

// TestRankSpeaksInPoints checks that Rank and RankWith, near the end of
// the game where the objective adds WinWeight times the win estimate,
// keep the objective's order but give each candidate its mean equity in
// points (hints and analyses show it as points), with its win estimate.
func TestRankSpeaksInPoints(t *testing.T) {
	t.Parallel()
	// A WWF game played by static until the bag holds EndBag tiles or
	// fewer.
	spec, err := game.Lookup("wwf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Rand: rand.New(rand.NewPCG(5, 1))})
	if err != nil {
		t.Fatal(err)
	}
	static, _ := search.NewStatic("")
	for s.(game.Racker).BagLen() > EndBag && !s.Over() {
		m, err := static.Choose(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(m)
	}
	if s.Over() {
		t.Fatal("the game ended before the bag ran low")
	}
	opts := Options{Iterations: 10, Stop: -1, Threads: 1, Candidates: 5, Plies: 2, Seed: 3}
	res, err := New(opts).Simulate(context.Background(), s, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !res.WinWeighted {
		t.Fatal("the late position is not near the end: the test needs one where the objective weighs wins")
	}
	for _, rank := range []func() ([]search.Candidate, error){
		func() ([]search.Candidate, error) { return New(opts).Rank(context.Background(), s, nil) },
		func() ([]search.Candidate, error) { return New(opts).RankWith(context.Background(), s, nil, nil) },
	} {
		cands, err := rank()
		if err != nil {
			t.Fatal(err)
		}
		if len(cands) != len(res.Stats) {
			t.Fatalf("%d candidates, the simulation has %d", len(cands), len(res.Stats))
		}
		for i, c := range cands {
			st := res.Stats[i]
			if c.Move != st.Move || c.Equity != int64(math.Round(st.Equity*1000)) || c.Win != st.Win || c.WinKnown != (st.Iterations > 0) {
				t.Errorf("candidate %d %s: equity %d win %.3f, want the simulation's %s equity %.3f win %.3f (mean %.3f)",
					i, s.FormatMove(c.Move), c.Equity, c.Win, s.FormatMove(st.Move), st.Equity, st.Win, st.Mean)
			}
			if math.Abs(float64(c.Equity)/1000) > 500 {
				t.Errorf("candidate %s: equity %.1f points is not a spread", s.FormatMove(c.Move), float64(c.Equity)/1000)
			}
		}
	}
}
