// Package gametest is the conformance suite that every game runs, in the
// manner of testing/fstest: one call checks that an implementation of
// game.State keeps the contracts of package game.
//
// Run plays seeded random games and checks, at every ply:
//   - Play followed by Undo restores the position exactly (String and Hash),
//     for every legal move or a sample of them;
//   - Clone is independent of the original;
//   - for a game.Copier, CopyFrom into a state of an earlier ply gives a
//     state equal to the original, with the same moves in the same order,
//     independent of it, that draws the same tiles after the same move;
//   - FormatMove and ParseMove round-trip every sampled move, score included;
//   - AppendMoves allocates nothing when the buffer has room, and returns no
//     move once the game is over;
//   - the fast generator equals the game's brute-force generator, when the
//     test supplies one, as sets of formatted moves with identical scores;
//   - for a game.Determinizer, determinizing for a seat changes nothing that
//     seat can see (its rack, the sizes of the bag and racks, the scores,
//     and its Observation when the game offers one, see Observer), and two
//     equal positions, one of them after a Play and Undo, are still equal
//     after Determinize with equal random sources, and after one more move
//     (common random numbers for simulation);
//   - for the front-end contracts (game.SeatViewer, game.Drawer,
//     game.Describer, game.InputParser): the view and the drawing of the
//     player to move are the same after Determinize for that player (no
//     hidden information leaks into them), the view encodes as JSON, the
//     drawing fits 80 columns, and describing or typing a move changes
//     nothing of the state, not even its future draws;
//   - for a game.Placer, Placement allocates nothing, changes nothing,
//     gives no negative count, never both placed and exchanged tiles nor
//     a bingo that places none, and agrees with game.Describer: a play
//     places as many tiles as its description has cells, and is a bingo
//     when the description says so; a move that places none is described
//     as no play, and an exchange as an exchange;
//
// and at the end that undoing the whole game returns the start position.
//
// CheckMoveCounts checks a game's committed positions against a golden
// file of perft-style move counts (MoveDigest: the number of legal moves
// and a hash of their sorted list with scores), so that a change of the
// move generator shows in seconds.
package gametest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"wordengine/game"
)

// Config configures Run.
type Config struct {
	// New returns a fresh game dealt from seed.
	New func(seed uint64) (game.State, error)
	// Games is the number of seeded games to play (default 20).
	Games int
	// MaxPlies stops a game that has not ended (default 400); reaching it
	// is an error: games must end.
	MaxPlies int
	// Sample bounds how many moves per ply get the Play/Undo and Parse
	// checks (default 30; all moves when fewer).
	Sample int
	// BruteForce, when set, lists the legal moves of s by a slow method
	// independent of AppendMoves; the two must be equal as sets.
	BruteForce func(s game.State) []game.Move
	// BruteForceEvery checks BruteForce on every n-th ply (default 1).
	BruteForceEvery int
}

// Run runs the suite; see the package doc.
func Run(t *testing.T, cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 20
	}
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = 400
	}
	if cfg.Sample == 0 {
		cfg.Sample = 30
	}
	if cfg.BruteForceEvery == 0 {
		cfg.BruteForceEvery = 1
	}
	for seed := range uint64(cfg.Games) {
		s, err := cfg.New(seed)
		if err != nil {
			t.Fatalf("seed %d: New: %v", seed, err)
		}
		playGame(t, cfg, s, seed)
	}
}

func scores(s game.State) []int {
	out := make([]int, s.Players())
	for p := range out {
		out[p] = s.Score(p)
	}
	return out
}

type snapshot struct {
	text string
	hash uint64
}

func snap(s game.State) snapshot { return snapshot{s.String(), s.Hash()} }

func playGame(t *testing.T, cfg Config, s game.State, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	start := snap(s)
	buf := make([]game.Move, 0, 1<<15)
	plies := 0
	scratch := s.Clone() // the CopyFrom target, of an ever earlier ply
	for ; !s.Over() && plies < cfg.MaxPlies; plies++ {
		buf = s.AppendMoves(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("seed %d ply %d: game not over but no legal move\n%s", seed, plies, s)
		}
		if n := testing.AllocsPerRun(2, func() { buf = s.AppendMoves(buf[:0]) }); n != 0 {
			t.Errorf("seed %d ply %d: AppendMoves allocates %v times with room in the buffer", seed, plies, n)
		}
		checkUnique(t, s, buf, seed, plies)
		if cfg.BruteForce != nil && plies%cfg.BruteForceEvery == 0 {
			checkBruteForce(t, s, buf, cfg.BruteForce(s), seed, plies)
		}
		before := snap(s)
		for _, m := range sample(buf, cfg.Sample, rng) {
			checkParse(t, s, m, seed, plies)
			s.Play(m)
			s.Undo()
			if after := snap(s); after != before {
				t.Fatalf("seed %d ply %d: Play(%s) then Undo changed the position:\nbefore\n%s\nafter\n%s", seed, plies, s.FormatMove(m), before.text, after.text)
			}
		}
		checkClone(t, s, buf, rng, seed, plies)
		checkCopy(t, s, scratch, buf, rng, seed, plies)
		checkDeterminize(t, s, rng, seed, plies)
		checkFront(t, s, buf, rng, seed, plies)
		checkPlacer(t, s, buf, rng, seed, plies)
		s.Play(choose(s, buf, rng))
	}
	if !s.Over() {
		t.Fatalf("seed %d: no end after %d plies\n%s", seed, cfg.MaxPlies, s)
	}
	t.Logf("seed %d: game over after %d plies, scores %v", seed, plies, scores(s))
	if buf = s.AppendMoves(buf[:0]); len(buf) != 0 {
		t.Errorf("seed %d: the game is over but AppendMoves gives %d moves", seed, len(buf))
	}
	for range plies {
		s.Undo()
	}
	if got := snap(s); got != start {
		t.Fatalf("seed %d: undoing all %d plies does not give the start position:\nwant\n%s\ngot\n%s", seed, plies, start.text, got.text)
	}
}

// choose picks a random move, a scoring one nine times in ten when there
// is one, so that random games last long enough to reach late positions.
func choose(s game.State, moves []game.Move, rng *rand.Rand) game.Move {
	if rng.IntN(10) > 0 {
		var scoring []int
		for i, m := range moves {
			if s.MoveScore(m) > 0 {
				scoring = append(scoring, i)
			}
		}
		if len(scoring) > 0 {
			return moves[scoring[rng.IntN(len(scoring))]]
		}
	}
	return moves[rng.IntN(len(moves))]
}

func sample(moves []game.Move, n int, rng *rand.Rand) []game.Move {
	if len(moves) <= n {
		return moves
	}
	out := make([]game.Move, n)
	for i := range out {
		out[i] = moves[rng.IntN(len(moves))]
	}
	return out
}

func checkUnique(t *testing.T, s game.State, moves []game.Move, seed uint64, ply int) {
	t.Helper()
	seen := make(map[game.Move]bool, len(moves))
	for _, m := range moves {
		if m.IsZero() {
			t.Fatalf("seed %d ply %d: AppendMoves gives the zero Move", seed, ply)
		}
		if seen[m] {
			t.Fatalf("seed %d ply %d: move %s generated twice", seed, ply, s.FormatMove(m))
		}
		seen[m] = true
	}
}

func describe(s game.State, moves []game.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = fmt.Sprintf("%s %d", s.FormatMove(m), s.MoveScore(m))
	}
	sort.Strings(out)
	return out
}

func checkBruteForce(t *testing.T, s game.State, fast, slow []game.Move, seed uint64, ply int) {
	t.Helper()
	got, want := describe(s, fast), describe(s, slow)
	if !slices.Equal(got, want) {
		t.Fatalf("seed %d ply %d: AppendMoves gives %d moves, brute force %d\n%s\nonly AppendMoves: %v\nonly brute force: %v",
			seed, ply, len(got), len(want), s, missing(got, want), missing(want, got))
	}
}

func missing(a, b []string) []string {
	set := make(map[string]bool, len(b))
	for _, x := range b {
		set[x] = true
	}
	var out []string
	for _, x := range a {
		if !set[x] && len(out) < 20 {
			out = append(out, x)
		}
	}
	return out
}

func checkParse(t *testing.T, s game.State, m game.Move, seed uint64, ply int) {
	t.Helper()
	text := s.FormatMove(m)
	back, err := s.ParseMove(text)
	if err != nil {
		t.Fatalf("seed %d ply %d: ParseMove(%q) of a generated move: %v\n%s", seed, ply, text, err, s)
	}
	if back != m || s.MoveScore(back) != s.MoveScore(m) {
		t.Fatalf("seed %d ply %d: ParseMove(FormatMove(m)) = %s (%d points), want %s (%d points)",
			seed, ply, s.FormatMove(back), s.MoveScore(back), text, s.MoveScore(m))
	}
}

func checkClone(t *testing.T, s game.State, moves []game.Move, rng *rand.Rand, seed uint64, ply int) {
	t.Helper()
	before := snap(s)
	c := s.Clone()
	if got := snap(c); got != before {
		t.Fatalf("seed %d ply %d: Clone differs from the original", seed, ply)
	}
	c.Play(moves[rng.IntN(len(moves))])
	if got := snap(s); got != before {
		t.Fatalf("seed %d ply %d: playing on a clone changed the original", seed, ply)
	}
}

// checkCopy checks game.Copier: scratch, a state of an earlier ply,
// becomes equal to s; playing a move on it leaves s as it was and gives
// the position the same move gives on a clone of s (the same draws).
func checkCopy(t *testing.T, s, scratch game.State, moves []game.Move, rng *rand.Rand, seed uint64, ply int) {
	t.Helper()
	c, ok := scratch.(game.Copier)
	if !ok {
		return
	}
	before := snap(s)
	if !c.CopyFrom(s) {
		t.Fatalf("seed %d ply %d: CopyFrom of a state of the same game reports false", seed, ply)
	}
	if got := snap(scratch); got != before {
		t.Fatalf("seed %d ply %d: CopyFrom gives a state that differs from the original:\nwant\n%s\ngot\n%s", seed, ply, before.text, got.text)
	}
	// The copy keeps its move generator's scratch memory from the earlier
	// position: its moves must be the original's, in the same order.
	got := scratch.AppendMoves(make([]game.Move, 0, len(moves)))
	if !slices.Equal(got, moves) {
		t.Fatalf("seed %d ply %d: a copy made by CopyFrom gives %d moves, the original %d (or in another order)\n%s", seed, ply, len(got), len(moves), before.text)
	}
	m := moves[rng.IntN(len(moves))]
	clone := s.Clone()
	scratch.Play(m)
	clone.Play(m)
	if got := snap(s); got != before {
		t.Fatalf("seed %d ply %d: playing on a copy changed the original", seed, ply)
	}
	if a, b := snap(scratch), snap(clone); a != b {
		t.Fatalf("seed %d ply %d: after %s a copy and a clone differ:\ncopy\n%s\nclone\n%s", seed, ply, s.FormatMove(m), a.text, b.text)
	}
	scratch.Undo()
	if got := snap(scratch); got != before {
		t.Fatalf("seed %d ply %d: Undo on a copy does not restore it", seed, ply)
	}
}

// Observer is implemented by games whose players see only part of the
// position: Observation returns, as text, exactly what seat p sees.
type Observer interface {
	Observation(p int) string
}

// checkDeterminize checks that determinizing a clone for the player to
// move leaves everything that player sees as it was.
func checkDeterminize(t *testing.T, s game.State, rng *rand.Rand, seed uint64, ply int) {
	t.Helper()
	d, ok := s.Clone().(game.Determinizer)
	if !ok {
		return
	}
	c := d.(game.State)
	p := s.ToMove()
	// A second clone that has played and undone a move (which may leave
	// a bag in another order) must determinize to the same position from
	// the same seed, and draw the same tiles after the same move.
	c2 := s.Clone()
	var moves []game.Move
	if moves = c2.AppendMoves(moves); len(moves) > 0 {
		c2.Play(moves[rng.IntN(len(moves))])
		c2.Undo()
	}
	dseed := rng.Uint64()
	d.Determinize(p, rand.New(rand.NewPCG(dseed, 7)))
	if o, ok := s.(Observer); ok {
		if got, want := c.(Observer).Observation(p), o.Observation(p); got != want {
			t.Fatalf("seed %d ply %d: Determinize(%d) changed what that seat sees:\nbefore\n%s\nafter\n%s", seed, ply, p, want, got)
		}
	}
	c2.(game.Determinizer).Determinize(p, rand.New(rand.NewPCG(dseed, 7)))
	if c.Hash() != c2.Hash() {
		t.Fatalf("seed %d ply %d: Determinize with one seed gave two positions after a Play and Undo", seed, ply)
	}
	if len(moves) > 0 {
		m := moves[rng.IntN(len(moves))]
		c.Play(m)
		c2.Play(m)
		if c.Hash() != c2.Hash() {
			t.Fatalf("seed %d ply %d: after Determinize with one seed, %s drew different tiles", seed, ply, c.FormatMove(m))
		}
		c.Undo()
	}
	for q := range s.Players() {
		if c.Score(q) != s.Score(q) {
			t.Fatalf("seed %d ply %d: Determinize changed the score of seat %d", seed, ply, q)
		}
	}
	if r, ok := s.(game.Racker); ok {
		rc := c.(game.Racker)
		if !slices.Equal(r.Rack(nil, p), rc.Rack(nil, p)) {
			t.Fatalf("seed %d ply %d: Determinize(%d) changed that seat's own rack", seed, ply, p)
		}
		if r.BagLen() != rc.BagLen() {
			t.Fatalf("seed %d ply %d: Determinize changed the bag size", seed, ply)
		}
		for q := range s.Players() {
			if len(r.Rack(nil, q)) != len(rc.Rack(nil, q)) {
				t.Fatalf("seed %d ply %d: Determinize changed the size of seat %d's rack", seed, ply, q)
			}
		}
	}
}

// checkFront checks the front-end contracts of s: SeatView and Draw for
// the player to move are the same after Determinize for that player
// (nothing hidden from it leaks into them), the view encodes as JSON,
// HandText (game.HandTexter) writes every seat's hand as its view does, and
// describing or typing a move changes nothing of the state, its future
// draws included.
func checkFront(t *testing.T, s game.State, moves []game.Move, rng *rand.Rand, seed uint64, ply int) {
	t.Helper()
	p := s.ToMove()
	if _, ok := s.(game.Determinizer); ok {
		d := s.Clone()
		d.(game.Determinizer).Determinize(p, rand.New(rand.NewPCG(rng.Uint64(), 9)))
		if v, ok := s.(game.SeatViewer); ok {
			a, err1 := json.Marshal(v.SeatView(p))
			b, err2 := json.Marshal(d.(game.SeatViewer).SeatView(p))
			if err1 != nil || err2 != nil {
				t.Fatalf("seed %d ply %d: SeatView(%d) does not encode as JSON: %v %v", seed, ply, p, err1, err2)
			}
			if string(a) != string(b) {
				t.Fatalf("seed %d ply %d: SeatView(%d) shows what that seat cannot see: it changes with Determinize(%d):\nbefore %s\nafter  %s", seed, ply, p, p, a, b)
			}
		}
		if dr, ok := s.(game.Drawer); ok {
			o := game.DrawOptions{Seat: p}
			if a, b := dr.Draw(o), d.(game.Drawer).Draw(o); a != b {
				t.Fatalf("seed %d ply %d: Draw for seat %d shows what that seat cannot see:\nbefore\n%s\nafter\n%s", seed, ply, p, a, b)
			}
		}
	}
	if h, ok := s.(game.HandTexter); ok {
		v, isViewer := s.(game.SeatViewer)
		for q := range s.Players() {
			if !isViewer {
				break
			}
			if a, b := h.HandText(q), v.SeatView(q).HandText; a != b {
				t.Fatalf("seed %d ply %d: HandText(%d) is %q, SeatView(%d).HandText %q", seed, ply, q, a, q, b)
			}
		}
	}
	if dr, ok := s.(game.Drawer); ok {
		for i, line := range strings.Split(dr.Draw(game.DrawOptions{Seat: p}), "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("seed %d ply %d: line %d of Draw is %d columns wide: %q", seed, ply, i+1, n, line)
			}
		}
	}
	if len(moves) == 0 {
		return
	}
	m := moves[rng.IntN(len(moves))]
	before := snap(s)
	ref := s.Clone()
	if d, ok := s.(game.Describer); ok {
		for v := -1; v < s.Players(); v++ {
			info := d.DescribeMove(m, v)
			if info.Move == "" || info.Text == "" {
				t.Fatalf("seed %d ply %d: DescribeMove(%s, %d) gives no move or text: %+v", seed, ply, s.FormatMove(m), v, info)
			}
		}
	}
	if ip, ok := s.(game.InputParser); ok {
		_, _ = ip.ParseInput(s.FormatMove(m))
	}
	if got := snap(s); got != before {
		t.Fatalf("seed %d ply %d: describing or typing %s changed the position", seed, ply, s.FormatMove(m))
	}
	// The same move on the state and on a clone made before: the same
	// position (the draws were not touched).
	s.Play(m)
	ref.Play(m)
	if a, b := snap(s), snap(ref); a != b {
		t.Fatalf("seed %d ply %d: after describing %s, playing it draws other tiles than without", seed, ply, s.FormatMove(m))
	}
	s.Undo()
}

// checkPlacer checks a game.Placer's Placement (see the package doc) on a
// sample of moves and on the last two moves of AppendMoves, where games
// put their exchanges and pass; against the description, when the game
// describes its moves.
func checkPlacer(t *testing.T, s game.State, moves []game.Move, rng *rand.Rand, seed uint64, ply int) {
	t.Helper()
	pl, ok := s.(game.Placer)
	if !ok || len(moves) == 0 {
		return
	}
	check := append(slices.Clone(sample(moves, 6, rng)), moves[max(0, len(moves)-2):]...)
	before := snap(s)
	d, describes := s.(game.Describer)
	for _, m := range check {
		var p game.Placement
		if n := testing.AllocsPerRun(2, func() { p = pl.Placement(m) }); n != 0 {
			t.Errorf("seed %d ply %d: Placement(%s) allocates %v times", seed, ply, s.FormatMove(m), n)
		}
		if p.Placed < 0 || p.Exchanged < 0 || p.Placed > 0 && p.Exchanged > 0 || p.Bingo && p.Placed == 0 {
			t.Fatalf("seed %d ply %d: Placement(%s) = %+v: a negative count, tiles placed and exchanged, or a bingo of no tile", seed, ply, s.FormatMove(m), p)
		}
		if !describes {
			continue
		}
		info := d.DescribeMove(m, -1)
		switch {
		case p.Placed > 0 && (info.Kind != "play" || len(info.Cells) != p.Placed || info.Bingo != p.Bingo):
			t.Fatalf("seed %d ply %d: Placement(%s) = %+v, but it is described as kind %q of %d cells, bingo %v", seed, ply, s.FormatMove(m), p, info.Kind, len(info.Cells), info.Bingo)
		case p.Placed == 0 && (info.Kind == "play" || info.Bingo):
			t.Fatalf("seed %d ply %d: Placement(%s) places no tile, but it is described as a play", seed, ply, s.FormatMove(m))
		case p.Exchanged > 0 != (info.Kind == "exchange"):
			t.Fatalf("seed %d ply %d: Placement(%s) = %+v, but it is described as kind %q", seed, ply, s.FormatMove(m), p, info.Kind)
		}
	}
	if after := snap(s); after != before {
		t.Fatalf("seed %d ply %d: Placement changed the position", seed, ply)
	}
}
