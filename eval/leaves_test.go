package eval

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/lexicon"
)

const header = "wordengine-leaves 1\ngame wwf\nletters A B C D E F G H I J K L M N O P Q R S T U V W X Y Z\n"

func TestReadLeavesErrors(t *testing.T) {
	tests := []struct {
		name, text string
		want       string // substring of the error, with file:line
	}{
		{"empty", "", "t.leaves:0: empty file"},
		{"comments only", "# nothing\n\n", "t.leaves:2: empty file"},
		{"magic", "wordengine-lexicon 1\n", "t.leaves:1: not a leave file"},
		{"version", "wordengine-leaves 2\n", "t.leaves:1: version 2 not supported: this build reads version 1"},
		{"version missing", "wordengine-leaves\n", "t.leaves:1: first line"},
		{"no leaves line", header, "t.leaves:3: file ends before the \"leaves N\" line"},
		{"letters before game", "wordengine-leaves 1\nletters A B\n", "t.leaves:2: letters before the game line"},
		{"prior before letters", "wordengine-leaves 1\ngame x\nprior intercept 1\n", "t.leaves:3: \"prior\" before the game and letters lines"},
		{"bad letters", "wordengine-leaves 1\ngame x\nletters A a\n", "t.leaves:3: letters: lexicon: alphabet \"x\": letter \"a\" is not upper-case"},
		{"unknown keyword", header + "colour blue\n", "t.leaves:4: unknown header line \"colour\""},
		{"game twice", header + "game wwf\n", "t.leaves:4: \"game\" given twice (first at line 2)"},
		{"points count", header + "points ? 0 A 1\n", "t.leaves:4: points: want 27 pairs"},
		{"points letter", header + "points" + strings.Repeat(" 1 1", 27) + "\n", "t.leaves:4: \"1\" is not a letter of the table"},
		{"prior kind", header + "prior slope A 3\n", "t.leaves:4: prior \"slope\": want intercept, balance, count or dup"},
		{"prior value", header + "prior count A x\n", "t.leaves:4: prior count \"x\": want an integer"},
		{"prior range", header + "prior intercept 9999999999\n", "t.leaves:4: prior intercept \"9999999999\": want an integer in milli-points"},
		{"leaves count", header + "leaves many\n", "t.leaves:4: leaves \"many\": want the number"},
		{"truncated", header + "leaves 2\nA 1\n", "t.leaves:5: file ends after 1 of the 2 announced leaves (truncated?)"},
		{"too many", header + "leaves 1\nA 1\nB 2\n", "t.leaves:6: more leave lines than the 1 announced"},
		{"fields", header + "leaves 1\nA 1 2\n", "t.leaves:5: \"A 1 2\": want LEAVE VALUE"},
		{"bad tile", header + "leaves 1\nA1 1\n", "t.leaves:5: leave \"A1\""},
		{"designated blank", header + "leaves 1\nAb 1\n", "t.leaves:5: leave \"Ab\": lower-case letters are designated blanks"},
		{"too long", header + "leaves 1\nABCDEFG 1\n", "t.leaves:5: leave \"ABCDEFG\" has 7 tiles: want 1 to 6"},
		{"value", header + "leaves 1\nAB 1.5\n", "t.leaves:5: value of AB \"1.5\": want an integer in milli-points"},
		{"duplicate", header + "leaves 3\nAB 1\nC 2\nBA 3\n", "t.leaves:7: leave AB listed twice (also at line 5)"},
		{"gzip", "\x1f\x8bxx", "t.leaves: gzip:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadLeaves(strings.NewReader(tt.text), "t.leaves")
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !errors.Is(err, ErrFormat) {
				t.Errorf("error %v does not wrap ErrFormat", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to contain %q", err, tt.want)
			}
			if !strings.HasPrefix(err.Error(), "eval: ") {
				t.Errorf("error %q does not start with the package name", err)
			}
		})
	}
}

func TestLoadLeavesMissingFile(t *testing.T) {
	_, err := LoadLeaves(filepath.Join(t.TempDir(), "none.leaves"))
	if !errors.Is(err, os.ErrNotExist) || !strings.HasPrefix(err.Error(), "eval: ") {
		t.Errorf("LoadLeaves(missing) = %v, want an eval: error wrapping os.ErrNotExist", err)
	}
}

// TestRoundTrip reads the test table, writes it (plain and gzip) and
// reads it back: the text is the same and every value agrees.
func TestRoundTrip(t *testing.T) {
	l, err := LoadLeaves("testdata/small.leaves")
	if err != nil {
		t.Fatal(err)
	}
	if l.Len() != 6 || l.Game() != "wwf" || l.Trained() != "by hand for the tests" {
		t.Fatalf("read %d leaves of game %q trained %q", l.Len(), l.Game(), l.Trained())
	}
	var b1 bytes.Buffer
	n, err := l.WriteTo(&b1)
	if err != nil || n != int64(b1.Len()) {
		t.Fatalf("WriteTo = %d, %v; wrote %d bytes", n, err, b1.Len())
	}
	for _, name := range []string{"t.leaves", "t.leaves.gz"} {
		path := filepath.Join(t.TempDir(), name)
		if err := l.WriteFile(path); err != nil {
			t.Fatal(err)
		}
		l2, err := LoadLeaves(path)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, b1.String())
		}
		var b2 bytes.Buffer
		if _, err := l2.WriteTo(&b2); err != nil {
			t.Fatal(err)
		}
		if b1.String() != b2.String() {
			t.Errorf("%s: written again differs:\n%s\nthen\n%s", name, b1.String(), b2.String())
		}
		rng := rand.New(rand.NewPCG(1, 1))
		for range 1000 {
			leave := randomLeave(rng, l.types, 1+rng.IntN(7))
			if v1, v2 := l.Value(leave), l2.Value(leave); v1 != v2 {
				t.Fatalf("%s: leave %v: %d then %d", name, leave, v1, v2)
			}
		}
	}
	if !strings.Contains(b1.String(), "\nQU -1000\n") || !strings.Contains(b1.String(), "\n?S 30000\n") {
		t.Errorf("written table lacks QU or ?S:\n%s", b1.String())
	}
	for _, tc := range []struct {
		t    lexicon.Tile
		want int
	}{{lexicon.Blank, 0}, {1, 1}, {17, 10}} {
		if p, ok := l.Points(tc.t); !ok || p != tc.want {
			t.Errorf("Points(%d) = %d, %v; want %d", tc.t, p, ok, tc.want)
		}
	}
}

// randomLeave returns n random tiles of a table with types tile types
// (blanks as lexicon.Blank, sometimes designated).
func randomLeave(rng *rand.Rand, types, n int) []lexicon.Tile {
	out := make([]lexicon.Tile, n)
	for i := range out {
		t := lexicon.Tile(rng.IntN(types))
		switch {
		case t == 0 && rng.IntN(2) == 0:
			t = lexicon.Blank
		case t == 0:
			t = lexicon.Tile(1+rng.IntN(types-1)) | lexicon.BlankFlag
		}
		out[i] = t
	}
	return out
}

// naive is the reference lookup: a map from the sorted leave's text, and
// the prior computed from scratch.
type naive struct {
	l    *Leaves
	vals map[string]int64
	// lo and hi hold the least and greatest listed value by size.
	lo, hi map[int]int64
}

func canon(leave []lexicon.Tile) string {
	ts := make([]int, len(leave))
	for i, t := range leave {
		if !t.IsBlank() {
			ts[i] = int(t)
		}
	}
	for i := range ts {
		for j := i + 1; j < len(ts); j++ {
			if ts[j] < ts[i] {
				ts[i], ts[j] = ts[j], ts[i]
			}
		}
	}
	return fmt.Sprint(ts)
}

func newNaive(l *Leaves) *naive {
	n := &naive{l: l, vals: map[string]int64{}, lo: map[int]int64{}, hi: map[int]int64{}}
	for i, k := range l.keys {
		ts := keyTiles(nil, k)
		v := int64(l.vals[i])
		n.vals[canon(ts)] = v
		if lo, ok := n.lo[len(ts)]; !ok || v < lo {
			n.lo[len(ts)] = v
		}
		if hi, ok := n.hi[len(ts)]; !ok || v > hi {
			n.hi[len(ts)] = v
		}
	}
	return n
}

func (n *naive) value(leave []lexicon.Tile) int64 {
	if len(leave) == 0 {
		return 0
	}
	if v, ok := n.vals[canon(leave)]; ok && len(leave) <= MaxLeave {
		return v
	}
	p := n.l.prior
	counts := map[int]int64{}
	vow, con := int64(0), int64(0)
	for _, t := range leave {
		i := int(t)
		if t.IsBlank() {
			i = 0
		}
		counts[i]++
		if i > 0 && n.l.vowel[i] {
			vow++
		} else if i > 0 {
			con++
		}
	}
	v := p.intercept + p.balance*(vow-con)*(vow-con)
	for i, c := range counts {
		v += p.count[i]*c + p.dup[i]*max(0, c-1)
	}
	// Bounded by the listed leaves of its size (MaxLeave for longer).
	size := min(len(leave), MaxLeave)
	if lo, ok := n.lo[size]; ok {
		v = max(min(v, n.hi[size]), lo)
	}
	return v
}

// randomTable returns a table over letters letters with about n listed
// leaves and a random prior, built through the text format.
func randomTable(t testing.TB, rng *rand.Rand, letters, n int) *Leaves {
	var sb strings.Builder
	sb.WriteString("wordengine-leaves 1\ngame rnd\nletters")
	for i := range letters {
		fmt.Fprintf(&sb, " L%02d", i)
	}
	sb.WriteString("\n")
	l := newLeaves("rnd", mustAlphabet(t, letters))
	fmt.Fprintf(&sb, "prior intercept %d\nprior balance %d\n", rng.IntN(2001)-1000, rng.IntN(2001)-1000)
	for ty := range l.types {
		fmt.Fprintf(&sb, "prior count %s %d\nprior dup %s %d\n", l.typeName(ty), rng.IntN(20001)-10000, l.typeName(ty), rng.IntN(20001)-10000)
	}
	seen := map[string]bool{}
	var lines []string
	for range n {
		leave := randomLeave(rng, l.types, 1+rng.IntN(MaxLeave))
		for i, t := range leave {
			if t.IsBlank() {
				leave[i] = lexicon.Blank
			}
		}
		if c := canon(leave); !seen[c] {
			seen[c] = true
			lines = append(lines, fmt.Sprintf("%s %d", l.alpha.Format(leave), rng.IntN(60001)-30000))
		}
	}
	fmt.Fprintf(&sb, "leaves %d\n%s\n", len(lines), strings.Join(lines, "\n"))
	out, err := ReadLeaves(strings.NewReader(sb.String()), "random")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func mustAlphabet(t testing.TB, letters int) *lexicon.Alphabet {
	ls := make([]string, letters)
	for i := range ls {
		ls[i] = fmt.Sprintf("L%02d", i)
	}
	a, err := lexicon.NewAlphabet("rnd", ls)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestValueMatchesNaive checks both lookup paths (the dense rank index
// and, for a large alphabet, binary search) against a map, on random
// leaves of 0 to 7 tiles in random order.
func TestValueMatchesNaive(t *testing.T) {
	for _, letters := range []int{5, 26, 31, 40} {
		t.Run(fmt.Sprint(letters, "letters"), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(letters), 9))
			l := randomTable(t, rng, letters, 3000)
			if dense := l.dense != nil; dense != (letters+1 <= denseMaxTypes) {
				t.Fatalf("dense index %v for %d letters", dense, letters)
			}
			ref := newNaive(l)
			listed := 0
			for i := range 20000 {
				var leave []lexicon.Tile
				if i%2 == 0 {
					// A listed leave, shuffled.
					j := rng.IntN(len(l.keys))
					leave = keyTiles(nil, l.keys[j])
					rng.Shuffle(len(leave), func(a, b int) { leave[a], leave[b] = leave[b], leave[a] })
					listed++
				} else {
					leave = randomLeave(rng, l.types, rng.IntN(MaxLeave+2))
				}
				if got, want := l.Value(leave), ref.value(leave); got != want {
					t.Fatalf("Value(%v) = %d, naive %d", leave, got, want)
				}
			}
		})
	}
}

// TestRankIsPerfect checks that the dense index gives every multiset of 1
// to MaxLeave tiles its own slot, for a small alphabet.
func TestRankIsPerfect(t *testing.T) {
	l := newLeaves("x", mustAlphabet(t, 4))
	l.build()
	seen := make([]bool, len(l.dense))
	var ts [MaxLeave]uint8
	var walk func(depth, from int)
	count := 0
	walk = func(depth, from int) {
		if depth > 0 {
			r := l.rank(ts[:depth])
			if seen[r] {
				t.Fatalf("rank %d given twice (%v)", r, ts[:depth])
			}
			seen[r] = true
			count++
		}
		if depth == MaxLeave {
			return
		}
		for x := from; x < l.types; x++ {
			ts[depth] = uint8(x)
			walk(depth+1, x)
		}
	}
	walk(0, 0)
	if count != len(l.dense) {
		t.Errorf("%d multisets, dense array of %d", count, len(l.dense))
	}
}

func TestValueAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, letters := range []int{26, 40} {
		l := randomTable(t, rng, letters, 500)
		leaves := make([][]lexicon.Tile, 64)
		for i := range leaves {
			leaves[i] = randomLeave(rng, l.types, 1+i%7)
		}
		i := 0
		if a := testing.AllocsPerRun(1000, func() {
			_ = l.Value(leaves[i%len(leaves)])
			i++
		}); a != 0 {
			t.Errorf("%d letters: Value allocates %.1f times per call", letters, a)
		}
	}
}

func TestValuePanicsOutsideAlphabet(t *testing.T) {
	l := newLeaves("x", mustAlphabet(t, 4))
	l.build()
	defer func() {
		if recover() == nil {
			t.Error("Value with tile 9 of a 4-letter table did not panic")
		}
	}()
	l.Value([]lexicon.Tile{1, 9})
}

func TestDefaultLeaves(t *testing.T) {
	games := DefaultGames()
	if strings.Join(games, ",") != "scrabble,upwords,wwf" {
		t.Errorf("DefaultGames() = %v, want scrabble, upwords, wwf", games)
	}
	for _, g := range games {
		l, err := DefaultLeaves(g)
		if err != nil {
			t.Fatal(err)
		}
		if l.Game() != g || l.Alphabet().Size() != 26 || l.points == nil {
			t.Errorf("default %s: game %q, %d letters, points %v", g, l.Game(), l.Alphabet().Size(), l.points)
		}
		if l2, _ := DefaultLeaves(g); l2 != l {
			t.Errorf("default %s loaded twice", g)
		}
	}
	for _, g := range []string{"wordblock", "../eval/data/wwf", "*"} {
		if _, err := DefaultLeaves(g); !errors.Is(err, ErrNoDefault) {
			t.Errorf("DefaultLeaves(%q) = %v, want ErrNoDefault", g, err)
		}
	}
}

func BenchmarkLeavesValue(b *testing.B) {
	l, err := DefaultLeaves("wwf")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	leaves := make([][]lexicon.Tile, 1024)
	for i := range leaves {
		leaves[i] = randomLeave(rng, l.types, 1+rng.IntN(MaxLeave))
	}
	b.ReportAllocs()
	i := 0
	var sum int64
	for b.Loop() {
		sum += l.Value(leaves[i&1023])
		i++
	}
	benchSink = sum
}

var benchSink int64

// TestSubsetValues checks the fast path of Static.LeaveTerms: for random
// racks of every embedded table (blanks, repeated tiles, racks of 1 to 10
// tiles, so leaves above MaxLeave get the prior), subsetValues gives
// Value of every subset, mask by mask.
func TestSubsetValues(t *testing.T) {
	for _, name := range []string{"wwf", "scrabble", "upwords"} {
		l, err := DefaultLeaves(name)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 5))
		checked := 0
		for range 300 {
			n := 1 + rng.IntN(10)
			rack := make([]lexicon.Tile, n)
			for i := range rack {
				if rng.IntN(8) == 0 {
					rack[i] = lexicon.Blank
				} else {
					rack[i] = lexicon.Tile(1 + rng.IntN(l.types-1))
				}
			}
			// After a prefix that must stay, as LeaveTerms appends.
			prefix := []int64{-7, 11}
			got, ok := l.subsetValues(rack, prefix, nil)
			if !ok {
				t.Fatalf("%s: subsetValues refuses %v", name, rack)
			}
			if len(got) != 2+1<<n || got[0] != -7 || got[1] != 11 {
				t.Fatalf("%s: %d values after the prefix %v for a rack of %d", name, len(got)-2, got[:2], n)
			}
			got = got[2:]
			for mask := range got {
				var sub []lexicon.Tile
				for i, tile := range rack {
					if mask>>i&1 != 0 {
						sub = append(sub, tile)
					}
				}
				if want := l.Value(sub); got[mask] != want {
					t.Fatalf("%s: rack %v mask %b: %d, Value gives %d", name, rack, mask, got[mask], want)
				}
				checked++
			}
		}
		if _, ok := l.subsetValues([]lexicon.Tile{lexicon.Tile(l.types)}, nil, nil); ok {
			t.Errorf("%s: a tile outside the table accepted", name)
		}
		t.Logf("%s: %d subsets equal to Value", name, checked)
	}
}

// TestWriteFileReplaces: WriteFile replaces an existing file whole and
// leaves no temporary file; into a missing folder, or over a folder, it
// fails and leaves the folder's files as they were.
func TestWriteFileReplaces(t *testing.T) {
	l, err := LoadLeaves("testdata/small.leaves")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "t.leaves")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := l.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadLeaves(path); err != nil {
		t.Errorf("the replaced file: %v", err)
	}
	if err := l.WriteFile(filepath.Join(dir, "none", "t.leaves")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("WriteFile into a missing folder: %v, want an error wrapping os.ErrNotExist", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("WriteFile created the missing folder")
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := l.WriteFile(filepath.Join(dir, "sub")); err == nil {
		t.Errorf("WriteFile over a folder succeeded")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "sub t.leaves" {
		t.Errorf("folder holds %q, want the table and the subfolder only (no temporary file)", names)
	}
}
