package eval

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"wordengine/game"
	"wordengine/internal/atomicfile"
	"wordengine/lexicon"
)

// TallyMagic is the first word of a tally file; TallyVersion follows it.
const TallyMagic = "wordengine-tally"

// TallyVersion is the tally file version this package reads and writes.
const TallyVersion = 1

// A Tally is what training gathers before the fit: for every leave kept
// (the empty one included), the number of samples and the sum of their
// targets in integer milli-points, with what the fit needs besides (the
// game, its letters and tile points, the shrinkage k, the note for the
// table's "trained" line) and what tells the shards of one run apart (the
// seed, the run's number of games, the shards it covers, the
// fingerprint of the initial table of a second generation). Sums and
// counts, not means: the tallies of the shards of a run add up exactly to
// the tally of the unsharded run, so MergeTallies then Fit give the very
// table Train gives.
//
// The file format (WriteTo, ReadTally) is UTF-8 text, gzip-compressed
// when the file name ends in .gz:
//
//	wordengine-tally 1
//	game wwf
//	letters A B ... Z
//	points ? 0 A 1 ...            (optional)
//	note TEXT                     (optional: the command, without the shard)
//	seed 1
//	games 1000000                 games of the whole run
//	shards 100                    shards of the whole run
//	covers 0 1 2 ...              the shards this tally holds
//	shrink 20
//	init HEX                      (optional: SHA-256 of the initial table)
//	played 10000                  games played (those of the covered shards)
//	moves 250000
//	seconds 95.2                  wall time of the shards, added up
//	tallies N
//
// then N lines "LEAVE COUNT SUM" in key order (by length, then alphabet
// order with the blank first), "-" for the empty leave.
type Tally struct {
	game    string
	alpha   *lexicon.Alphabet
	points  []int
	note    string
	seed    uint64
	games   int
	shards  int
	covers  []bool // by shard
	shrink  float64
	init    string
	played  int
	moves   int
	seconds float64
	accs    map[uint64]acc
}

// newTally returns an empty tally of the run cfg describes, covering
// shard cfg.Shard of shards, for table l's game, letters and points.
func newTally(l *Leaves, cfg TrainConfig, k float64, shards int) *Tally {
	t := &Tally{
		game: l.game, alpha: l.alpha, points: slices.Clone(l.points), note: cfg.Note,
		seed: cfg.Seed, games: cfg.Games, shards: shards, covers: make([]bool, shards), shrink: k,
		accs: make(map[uint64]acc, 1<<16),
	}
	t.covers[cfg.Shard] = true
	if cfg.Init != nil {
		t.init = cfg.Init.fingerprint()
	}
	return t
}

// fingerprint returns the hex SHA-256 of the table's file text.
func (l *Leaves) fingerprint() string {
	h := sha256.New()
	l.WriteTo(h) // a hash does not fail
	return hex.EncodeToString(h.Sum(nil))
}

// Game returns the name of the game the tally was gathered in.
func (t *Tally) Game() string { return t.game }

// Games returns the number of games of the whole run (every shard).
func (t *Tally) Games() int { return t.games }

// Played returns the number of games the tally holds.
func (t *Tally) Played() int { return t.played }

// Shards returns the number of shards of the run.
func (t *Tally) Shards() int { return t.shards }

// Covers returns the shards the tally holds, ascending.
func (t *Tally) Covers() []int {
	var out []int
	for i, c := range t.covers {
		if c {
			out = append(out, i)
		}
	}
	return out
}

// Missing returns the shards of the run the tally does not hold,
// ascending: none once every shard has been merged.
func (t *Tally) Missing() []int {
	var out []int
	for i, c := range t.covers {
		if !c {
			out = append(out, i)
		}
	}
	return out
}

// Seconds returns the wall time of the tally's shards, added up.
func (t *Tally) Seconds() float64 { return t.seconds }

// Fit makes the leave table of the tally's samples by the method of the
// package documentation, with the tally's shrinkage k; the table's
// "trained" line is the tally's note followed by the statistics. It is
// the same function of the sums whichever way they were gathered. Stats
// count the tally's games (Seconds is the tally's). It fails when the
// tally holds no leave of 1 to MaxLeave tiles.
func (t *Tally) Fit() (*Leaves, TrainStats, error) {
	st := TrainStats{Games: t.played, Moves: t.moves, Seconds: t.seconds}
	for _, a := range t.accs {
		st.Samples += int(a.n)
	}
	if st.Samples == 0 {
		return nil, st, fmt.Errorf("eval: train: %d games gave no samples", st.Games)
	}
	st.Empty = int(t.accs[0].n)
	st.Samples -= st.Empty
	if st.Samples == 0 {
		return nil, st, fmt.Errorf("eval: train: %d games gave no leave of 1 to %d tiles", st.Games, MaxLeave)
	}
	l := newLeaves(t.game, t.alpha)
	l.points = slices.Clone(t.points)
	var err error
	st.Mean, st.EmptyMean, err = l.fit(t.accs, t.shrink)
	if err != nil {
		return nil, st, err
	}
	st.Leaves = len(l.keys)
	games := fmt.Sprintf("%d games", st.Games)
	if t.shards <= 1 && t.played < t.games {
		games = fmt.Sprintf("%d games (interrupted: the first %d of %d)", st.Games, st.Games, t.games)
	}
	l.trained = fmt.Sprintf("%s; %s, %d samples, %d leaves, mean target %.3f points (after an empty leave %.3f), shrink k=%g",
		t.note, games, st.Samples, st.Leaves, st.Mean, st.EmptyMean, t.shrink)
	if t.note == "" {
		l.trained = l.trained[2:]
	}
	l.build()
	return l, st, nil
}

// ErrTallyMismatch is wrapped by MergeTallies's error for tallies that are
// not shards of one run.
var ErrTallyMismatch = errors.New("eval: tallies of different runs")

// MergeTallies adds up the tallies of shards of one run: the same game,
// letters, points, note, seed, number of games and of shards, shrinkage
// and initial table, and no shard twice. The result covers the union of
// their shards (see Missing); with every shard, it is the tally of the
// unsharded run. The error names the first tally that differs (by its
// index in ts, or by name when names is not nil) and what differs.
func MergeTallies(ts []*Tally, names []string) (*Tally, error) {
	if len(ts) == 0 {
		return nil, errors.New("eval: merge: no tallies")
	}
	name := func(i int) string {
		if i < len(names) {
			return names[i]
		}
		return fmt.Sprintf("tally %d", i+1)
	}
	a := ts[0]
	m := &Tally{
		game: a.game, alpha: a.alpha, points: slices.Clone(a.points), note: a.note, seed: a.seed,
		games: a.games, shards: a.shards, covers: make([]bool, a.shards), shrink: a.shrink, init: a.init,
		accs: make(map[uint64]acc, len(a.accs)),
	}
	from := make([]int, a.shards) // shard -> 1 + index of the tally holding it
	for i, t := range ts {
		differ := func(what string, x, y any) error {
			return fmt.Errorf("%w: %s has %s %v, %s has %v", ErrTallyMismatch, name(i), what, y, name(0), x)
		}
		switch {
		case t.game != a.game:
			return nil, differ("game", a.game, t.game)
		case !slices.Equal(t.alpha.Letters(), a.alpha.Letters()):
			return nil, differ("letters", a.alpha.Letters(), t.alpha.Letters())
		case !slices.Equal(t.points, a.points):
			return nil, differ("tile points", a.points, t.points)
		case t.note != a.note:
			return nil, differ("command", fmt.Sprintf("%q", a.note), fmt.Sprintf("%q", t.note))
		case t.seed != a.seed:
			return nil, differ("seed", a.seed, t.seed)
		case t.games != a.games:
			return nil, differ("games", a.games, t.games)
		case t.shards != a.shards:
			return nil, differ("shards", a.shards, t.shards)
		case t.shrink != a.shrink:
			return nil, differ("shrink", a.shrink, t.shrink)
		case t.init != a.init:
			return nil, differ("initial table (SHA-256)", orNone(a.init), orNone(t.init))
		}
		for s, c := range t.covers {
			if !c {
				continue
			}
			if j := from[s]; j > 0 {
				return nil, fmt.Errorf("%w: shard %d of %d is in both %s and %s", ErrTallyMismatch, s, a.shards, name(j-1), name(i))
			}
			from[s] = i + 1
			m.covers[s] = true
		}
		m.played += t.played
		m.moves += t.moves
		m.seconds += t.seconds
		for k, x := range t.accs {
			y := m.accs[k]
			y.n += x.n
			y.sum += x.sum
			m.accs[k] = y
		}
	}
	return m, nil
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// WriteTo writes the tally in its text format (uncompressed; see Tally)
// and returns the number of bytes written.
func (t *Tally) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	bw := bufio.NewWriterSize(cw, 64<<10)
	fmt.Fprintf(bw, "%s %d\n", TallyMagic, TallyVersion)
	fmt.Fprintf(bw, "game %s\n", t.game)
	fmt.Fprintf(bw, "letters %s\n", strings.Join(t.alpha.Letters(), " "))
	if t.points != nil {
		bw.WriteString("points")
		for ty, p := range t.points {
			fmt.Fprintf(bw, " %s %d", typeName(t.alpha, ty), p)
		}
		bw.WriteByte('\n')
	}
	if t.note != "" {
		fmt.Fprintf(bw, "note %s\n", strings.Join(strings.Fields(t.note), " "))
	}
	fmt.Fprintf(bw, "seed %d\ngames %d\nshards %d\ncovers", t.seed, t.games, t.shards)
	for _, s := range t.Covers() {
		fmt.Fprintf(bw, " %d", s)
	}
	fmt.Fprintf(bw, "\nshrink %s\n", strconv.FormatFloat(t.shrink, 'g', -1, 64))
	if t.init != "" {
		fmt.Fprintf(bw, "init %s\n", t.init)
	}
	fmt.Fprintf(bw, "played %d\nmoves %d\nseconds %.3f\n", t.played, t.moves, t.seconds)
	keys := make([]uint64, 0, len(t.accs))
	for k := range t.accs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	bw.WriteString("# LEAVE COUNT SUM: samples and their summed targets in milli-points; - is the empty leave\n")
	fmt.Fprintf(bw, "tallies %d\n", len(keys))
	var buf []lexicon.Tile
	var sb strings.Builder
	for _, k := range keys {
		a := t.accs[k]
		if k == 0 {
			bw.WriteString("-")
		} else {
			buf = keyTiles(buf[:0], k)
			sb.Reset()
			t.alpha.AppendFormat(&sb, buf)
			bw.WriteString(sb.String())
		}
		fmt.Fprintf(bw, " %d %d\n", a.n, a.sum)
	}
	if err := bw.Flush(); err != nil {
		return cw.n, fmt.Errorf("eval: writing tally: %w", err)
	}
	return cw.n, nil
}

// typeName writes tile type ty of alphabet a as the files do: "?" for the
// blank, the letter (bracketed when it has several characters) otherwise.
func typeName(a *lexicon.Alphabet, ty int) string {
	if ty == 0 {
		return "?"
	}
	return a.Format([]lexicon.Tile{lexicon.Tile(ty)})
}

// WriteFile writes the tally to path atomically (a temporary file in the
// same folder, renamed over path once complete, so a reader or an
// interrupted run never sees a partial tally), gzip-compressed when path
// ends in ".gz".
func (t *Tally) WriteFile(path string) error {
	var b bytes.Buffer
	var w io.Writer = &b
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw = gzip.NewWriter(&b)
		w = zw
	}
	if _, err := t.WriteTo(w); err != nil {
		return err
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return fmt.Errorf("eval: %w", err)
		}
	}
	if err := atomicfile.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("eval: writing tally: %w", err)
	}
	return nil
}

// LoadTally reads the tally in file path (see ReadTally). A file that
// cannot be read wraps a *game.FileError naming path.
func LoadTally(path string) (*Tally, error) {
	f, err := game.OpenFile(path)
	if err != nil {
		return nil, fmt.Errorf("eval: %w", err)
	}
	defer f.Close()
	return ReadTally(f, path)
}

// ReadTally reads a tally in the text format of Tally, gzip-compressed or
// not. name is used in error messages, "eval: bad leave file NAME:LINE:
// reason", which wrap ErrFormat.
func ReadTally(r io.Reader, name string) (*Tally, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%w %s: gzip: %v", ErrFormat, name, err)
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, 64<<10)
	}
	p := &parser{name: name, sc: bufio.NewScanner(br)}
	p.sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	return p.parseTally()
}

func (p *parser) parseTally() (*Tally, error) {
	s, ok, err := p.next()
	if err != nil {
		return nil, err
	}
	want := fmt.Sprintf("%s %d", TallyMagic, TallyVersion)
	if !ok {
		return nil, p.errorf("empty file: want %q", want)
	}
	if f := strings.Fields(s); f[0] != TallyMagic {
		return nil, p.errorf("not a tally file: first line %q does not start with %q", clip(s), TallyMagic)
	} else if len(f) != 2 || f[1] != strconv.Itoa(TallyVersion) {
		return nil, p.errorf("first line %q: want %q (this build reads version %d)", clip(s), want, TallyVersion)
	}
	t := &Tally{}
	var (
		l      *Leaves
		count  = -1
		seen   = map[string]int{}
		covers []int
	)
	num := func(kw, s string, lo int64) (int64, error) {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v < lo {
			return 0, p.errorf("%s %q: want an integer, %d or more", kw, s, lo)
		}
		return v, nil
	}
	for count < 0 {
		s, ok, err := p.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, p.errorf("file ends before the %q line", "tallies N")
		}
		kw, rest, _ := strings.Cut(s, " ")
		rest = strings.TrimSpace(rest)
		f := strings.Fields(rest)
		if at, dup := seen[kw]; dup {
			return nil, p.errorf("%q given twice (first at line %d)", kw, at)
		}
		seen[kw] = p.line
		if l == nil && kw != "game" && kw != "letters" {
			return nil, p.errorf("%q before the game and letters lines", kw)
		}
		var v int64
		switch kw {
		case "game":
			if len(f) != 1 {
				return nil, p.errorf("game: want one name, got %q", rest)
			}
			t.game = f[0]
		case "letters":
			if t.game == "" {
				return nil, p.errorf("letters before the game line")
			}
			a, err := lexicon.NewAlphabet(t.game, f)
			if err != nil {
				return nil, p.errorf("letters: %v", err)
			}
			l = newLeaves(t.game, a)
			t.alpha = a
		case "points":
			pts, err := p.pointsLine(l, f)
			if err != nil {
				return nil, err
			}
			t.points = pts
		case "note":
			t.note = rest
		case "seed":
			u, err := strconv.ParseUint(rest, 10, 64)
			if err != nil {
				return nil, p.errorf("seed %q: want an unsigned integer", rest)
			}
			t.seed = u
		case "games", "shards", "played", "moves":
			lo := int64(0)
			if kw == "games" || kw == "shards" {
				lo = 1
			}
			if v, err = num(kw, rest, lo); err != nil {
				return nil, err
			}
			switch kw {
			case "games":
				t.games = int(v)
			case "shards":
				if v > 1<<20 {
					return nil, p.errorf("shards %d: want at most %d", v, 1<<20)
				}
				t.shards = int(v)
			case "played":
				t.played = int(v)
			default:
				t.moves = int(v)
			}
		case "covers":
			for _, x := range f {
				c, err := num("covers: shard", x, 0)
				if err != nil {
					return nil, err
				}
				covers = append(covers, int(c))
			}
		case "shrink":
			k, err := strconv.ParseFloat(rest, 64)
			if err != nil || k < 0 || math.IsInf(k, 0) || math.IsNaN(k) {
				return nil, p.errorf("shrink %q: want a finite number, 0 or more", rest)
			}
			t.shrink = k
		case "init":
			if len(f) != 1 || len(f[0]) != 64 || strings.Trim(f[0], "0123456789abcdef") != "" {
				return nil, p.errorf("init %q: want the 64 hex digits of a SHA-256", rest)
			}
			t.init = f[0]
		case "seconds":
			sec, err := strconv.ParseFloat(rest, 64)
			if err != nil || sec < 0 || math.IsInf(sec, 0) {
				return nil, p.errorf("seconds %q: want a number, 0 or more", rest)
			}
			t.seconds = sec
		case "tallies":
			n, err := num(kw, rest, 0)
			if err != nil {
				return nil, err
			}
			count = int(n)
		default:
			return nil, p.errorf("unknown header line %q (want game, letters, points, note, seed, games, shards, covers, shrink, init, played, moves, seconds or tallies)", kw)
		}
	}
	for _, kw := range []string{"seed", "games", "shards", "covers", "shrink", "played", "moves"} {
		if _, ok := seen[kw]; !ok {
			return nil, p.errorf("no %q line before the tallies", kw)
		}
	}
	t.covers = make([]bool, t.shards)
	for _, c := range covers {
		if c >= t.shards {
			return nil, p.errorf("covers shard %d of %d: shards are numbered from 0", c, t.shards)
		}
		if t.covers[c] {
			return nil, p.errorf("covers shard %d twice", c)
		}
		t.covers[c] = true
	}
	if len(covers) == 0 {
		return nil, p.errorf("covers no shard")
	}
	t.accs = make(map[uint64]acc, min(count, 1<<20))
	var buf []lexicon.Tile
	for {
		s, ok, err := p.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if len(t.accs) == count {
			return nil, p.errorf("more tally lines than the %d announced", count)
		}
		f := strings.Fields(s)
		if len(f) != 3 {
			return nil, p.errorf("%q: want LEAVE COUNT SUM", clip(s))
		}
		var key uint64
		if f[0] != "-" {
			buf, err = t.alpha.Parse(buf[:0], f[0])
			if err != nil {
				return nil, p.errorf("leave %q: %v", f[0], err)
			}
			for _, ty := range buf {
				if ty.IsBlank() && ty != lexicon.Blank {
					return nil, p.errorf("leave %q: lower-case letters are designated blanks, not rack tiles; write ? for a blank", f[0])
				}
			}
			if len(buf) < 1 || len(buf) > MaxLeave {
				return nil, p.errorf("leave %q has %d tiles: want 1 to %d (- for the empty leave)", f[0], len(buf), MaxLeave)
			}
			key, _ = l.leaveKey(buf)
		}
		n, err := num("count of "+f[0], f[1], 1)
		if err != nil {
			return nil, err
		}
		sum, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || sum/n > maxCoef || sum/n < -maxCoef {
			return nil, p.errorf("sum of %s %q: want an integer in milli-points, at most %d a sample", f[0], f[2], maxCoef)
		}
		if _, dup := t.accs[key]; dup {
			return nil, p.errorf("leave %s listed twice", f[0])
		}
		t.accs[key] = acc{n: n, sum: sum}
	}
	if len(t.accs) < count {
		return nil, p.errorf("file ends after %d of the %d announced tallies (truncated?)", len(t.accs), count)
	}
	return t, nil
}
