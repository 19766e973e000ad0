package crossword

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"wordengine/lexicon"
)

var updateTileSets = flag.Bool("update-tilesets", false, "rewrite the derived tile sets data/tilesets/wwf-*.txt")

func TestParseTileSetErrors(t *testing.T) {
	t.Parallel()
	const en = "alphabet: en\n"
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", `crossword: tile set "x": no alphabet header`},
		{"own without letters", "alphabet: own\n? 2 0\n", `crossword: tile set "x": no letters`},
		{"tiles before alphabet", "A 1 1\n", `crossword: tile set "x" line 1: tile line before the alphabet header`},
		{"unknown alphabet", "# c\nalphabet: xx\n",
			`crossword: tile set "x" line 2: unknown alphabet "xx": want own or a language code (de, en, es, fr, it, pt)`},
		{"alphabet case", "alphabet: EN\n",
			`crossword: tile set "x" line 1: unknown alphabet "EN": want own or a language code (de, en, es, fr, it, pt)`},
		{"unknown header", "colour: red\n", `crossword: tile set "x" line 1: unknown header "colour": want alphabet, provisional or source`},
		{"repeated header", "source: a\nsource: b\n", `crossword: tile set "x" line 2: header "source" repeats line 1`},
		{"header after tiles", en + "A 1 1\nsource: s\n", `crossword: tile set "x" line 3: header "source" after the tile lines`},
		{"provisional", "provisional: yes\n", `crossword: tile set "x" line 1: provisional "yes": want true or false`},
		{"provisional 1", "provisional: 1\n", `crossword: tile set "x" line 1: provisional "1": want true or false`},
		{"two fields", en + "A 1\n", `crossword: tile set "x" line 2: "A 1": want LETTER COUNT VALUE or a "key: value" header`},
		{"unknown letter", en + "Ñ 1 8\n", `crossword: tile set "x" line 2: unknown letter "Ñ": not in alphabet en`},
		{"lower-case letter", en + "a 1 1\n", `crossword: tile set "x" line 2: unknown letter "a": not in alphabet en`},
		{"two letters", en + "AB 1 1\n", `crossword: tile set "x" line 2: unknown letter "AB": not in alphabet en`},
		{"duplicate", en + "A 1 1\nB 1 1\nA 2 1\n", `crossword: tile set "x" line 4: letter A repeats line 2`},
		{"duplicate blank", en + "? 1 0\n? 1 0\n", `crossword: tile set "x" line 3: letter ? repeats line 2`},
		{"bad count", en + "A x 1\n", `crossword: tile set "x" line 2: letter A: bad count "x": want an integer in [0, 200]`},
		{"negative count", en + "A -1 1\n", `crossword: tile set "x" line 2: letter A: bad count "-1": want an integer in [0, 200]`},
		{"big count", en + "A 201 1\n", `crossword: tile set "x" line 2: letter A: bad count "201": want an integer in [0, 200]`},
		{"bad value", en + "A 1 1.5\n", `crossword: tile set "x" line 2: letter A: bad value "1.5": want an integer in [0, 100]`},
		{"blank value", en + "? 2 1\n", `crossword: tile set "x" line 2: blank value 1: want 0`},
		{"missing letter", en + "A 9 1\n", `crossword: tile set "x": letter B of alphabet en has no line`},
		{"own lower-case", "alphabet: own\nA 1 1\nł 1 1\n",
			`crossword: tile set "x" line 3: lexicon: alphabet "x": letter "ł" is not upper-case`},
		{"own reserved", "alphabet: own\nA. 1 1\n",
			`crossword: tile set "x" line 2: lexicon: alphabet "x": letter "A." contains a reserved character`},
		{"own duplicate", "alphabet: own\nCH 1 1\nC 1 1\nCH 1 1\n", `crossword: tile set "x" line 4: letter CH repeats line 2`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts, err := ParseTileSet("x", tt.text)
			if err == nil {
				t.Fatalf("ParseTileSet = %+v, want error %q", ts, tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

func TestParseTileSetOwn(t *testing.T) {
	t.Parallel()
	ts, err := ParseTileSet("tiny", "# digraphs\n\nalphabet: own\nsource: test\nprovisional: true\nC 2 3\n\tCH 1 5\nA 3 1\n? 1 0\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := ts.Alphabet.Letters(); !reflect.DeepEqual(got, []string{"C", "CH", "A"}) {
		t.Errorf("letters %q: want file order C CH A", got)
	}
	want := &TileSet{Name: "tiny", Alphabet: ts.Alphabet, Counts: []int{0, 2, 1, 3}, Values: []int{0, 3, 5, 1},
		Blanks: 1, Provisional: true, Source: "test"}
	if !reflect.DeepEqual(ts, want) {
		t.Errorf("got %+v, want %+v", ts, want)
	}
	if ts.Alphabet.Name() != "tiny" {
		t.Errorf("alphabet name %q, want tiny", ts.Alphabet.Name())
	}
	if got, want := ts.String(), "alphabet: own\nprovisional: true\nsource: test\nC 2 3\nCH 1 5\nA 3 1\n? 1 0\n"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if got, want := ts.Tiles(), []lexicon.Tile{1, 1, 2, 3, 3, 3, lexicon.Blank}; !slices.Equal(got, want) {
		t.Errorf("Tiles = %v, want %v", got, want)
	}
	if ts.Total() != 7 || ts.Value(2) != 5 || ts.Value(lexicon.Blank) != 0 || ts.Value(2|lexicon.BlankFlag) != 0 {
		t.Errorf("Total %d, Value(CH) %d, Value(?) %d, Value(ch) %d", ts.Total(), ts.Value(2), ts.Value(lexicon.Blank), ts.Value(2|lexicon.BlankFlag))
	}
}

// tileSetTotals gives, for every embedded set: its alphabet (a language
// code, or "own"), its letter tiles, its blanks and whether it is
// provisional.
var tileSetTotals = map[string]struct {
	alphabet        string
	letters, blanks int
	provisional     bool
}{
	"wwf-en":      {"en", 102, 2, false},
	"wwf-es":      {"es", 102, 2, true},
	"wwf-it":      {"it", 102, 2, true},
	"wwf-pt":      {"pt", 102, 2, true},
	"wwf-de":      {"de", 102, 2, true},
	"wwf-fr":      {"fr", 102, 2, true},
	"scrabble-en": {"en", 98, 2, false},
	"scrabble-de": {"de", 100, 2, false},
	"scrabble-fr": {"fr", 100, 2, false},
	"scrabble-es": {"own", 98, 2, false},
	"scrabble-it": {"it", 118, 2, false},
	"scrabble-pt": {"pt", 117, 3, false},
	"scrabble-pl": {"own", 98, 2, false},
	"super-en":    {"en", 196, 4, false},
}

func TestTileSetByName(t *testing.T) {
	t.Parallel()
	names := TileSetNames()
	var want []string
	for n := range tileSetTotals {
		want = append(want, n)
	}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("TileSetNames = %v, want %v", names, want)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			ts, err := TileSetByName(name)
			if err != nil {
				t.Fatal(err)
			}
			w := tileSetTotals[name]
			letters := ts.Total() - ts.Blanks
			if ts.Name != name || letters != w.letters || ts.Blanks != w.blanks || ts.Provisional != w.provisional {
				t.Errorf("%s: %d letters, %d blanks, provisional %v; want %d, %d, %v",
					ts.Name, letters, ts.Blanks, ts.Provisional, w.letters, w.blanks, w.provisional)
			}
			if ts.Source == "" || strings.Contains(ts.Source, "\n") {
				t.Errorf("source %q: want one line", ts.Source)
			}
			// The alphabet is the language's own value (same codes, same
			// order), or a new one named after the set.
			if w.alphabet == "own" {
				if ts.Alphabet.Name() != name {
					t.Errorf("own alphabet named %q", ts.Alphabet.Name())
				}
			} else if lang, err := lexicon.LanguageByCode(w.alphabet); err != nil || ts.Alphabet != lang.Alphabet {
				t.Errorf("alphabet %s, want the %s language's", ts.Alphabet.Name(), w.alphabet)
			}
			n := ts.Alphabet.Size() + 1
			if len(ts.Counts) != n || len(ts.Values) != n || ts.Counts[0] != 0 || ts.Values[0] != 0 {
				t.Fatalf("counts %v values %v: want %d entries with index 0 unused", ts.Counts, ts.Values, n)
			}
			// Every letter has tiles and scores, and the bag holds exactly
			// those tiles, all valid in the alphabet.
			for c := 1; c < n; c++ {
				if ts.Counts[c] < 1 || ts.Values[c] < 1 {
					t.Errorf("letter %s: %d tiles worth %d", ts.Alphabet.Letter(lexicon.Tile(c)), ts.Counts[c], ts.Values[c])
				}
			}
			bag := ts.Tiles()
			if len(bag) != ts.Total() {
				t.Errorf("Tiles has %d tiles, Total %d", len(bag), ts.Total())
			}
			got := make([]int, n)
			blanks := 0
			for _, tile := range bag {
				switch {
				case !ts.Alphabet.Valid(tile):
					t.Fatalf("tile %d not in alphabet %s", tile, ts.Alphabet.Name())
				case tile == lexicon.Blank:
					blanks++
				default:
					got[tile]++
				}
			}
			if !slices.Equal(got, ts.Counts) || blanks != ts.Blanks {
				t.Errorf("Tiles counts %v + %d blanks, want %v + %d", got, blanks, ts.Counts, ts.Blanks)
			}
			// The data file is canonical: comment lines, then String's
			// output; and String round-trips.
			data, err := tileSetFS.ReadFile("data/tilesets/" + name + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			if s := ts.String(); stripDataComments(string(data)) != s {
				t.Errorf("data file is not in canonical form; want\n%s", s)
			}
			back, err := ParseTileSet(name, ts.String())
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, ts) {
				t.Errorf("round trip: %+v, want %+v", back, ts)
			}
		})
	}
}

func TestTileSetValues(t *testing.T) {
	t.Parallel()
	// Spot checks against rules/wwf.md.
	tests := []struct {
		set    string
		counts string // LETTER=COUNT/VALUE ...
	}{
		{"wwf-en", "A=9/1 B=2/4 D=5/2 E=13/1 H=4/3 J=1/10 K=1/5 L=4/2 Q=1/10 S=5/1 T=7/1 U=4/2 V=2/5 X=1/8 Y=2/3 Z=1/10"},
		{"scrabble-en", "A=9/1 B=2/3 D=4/2 E=12/1 H=2/4 I=9/1 J=1/8 K=1/5 N=6/1 Q=1/10 S=4/1 Y=2/4 Z=1/10"},
		{"scrabble-de", "E=15/1 N=9/1 Ä=1/6 Ö=1/8 Ü=1/6 Y=1/10 P=1/4"},
		{"scrabble-es", "CH=1/5 LL=1/8 RR=1/8 Ñ=1/8 Z=1/10"},
		{"scrabble-pl", "Ą=1/5 Ł=2/3 Ń=1/7 Ź=1/9 Ż=1/5"},
	}
	for _, tt := range tests {
		ts, err := TileSetByName(tt.set)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range strings.Fields(tt.counts) {
			letter, cv, _ := strings.Cut(f, "=")
			c, v, _ := strings.Cut(cv, "/")
			tile, ok := tileSetLetter(ts.Alphabet, letter)
			if !ok {
				t.Fatalf("%s: no letter %s", tt.set, letter)
			}
			if got := fmt.Sprintf("%d/%d", ts.Counts[tile], ts.Value(tile)); got != c+"/"+v {
				t.Errorf("%s %s: %s, want %s/%s", tt.set, letter, got, c, v)
			}
		}
	}
}

func TestTileSetByNameUnknown(t *testing.T) {
	t.Parallel()
	_, err := TileSetByName("wwf-xx")
	if !errors.Is(err, ErrUnknownTileSet) {
		t.Fatalf("err = %v, want ErrUnknownTileSet", err)
	}
	if !strings.HasPrefix(err.Error(), `crossword: unknown tile set "wwf-xx": want one of scrabble-de, `) {
		t.Errorf("err = %q", err)
	}
	a, _ := TileSetByName("wwf-en")
	a.Counts[1] = 99
	if b, _ := TileSetByName("wwf-en"); b.Counts[1] != 9 {
		t.Error("TileSetByName returned shared counts")
	}
}

// wwfDerivations lists the provisional Words With Friends sets and the
// Scrabble sets they are derived from (data/DERIVATION.md).
var wwfDerivations = []struct{ lang, from string }{
	{"es", "scrabble-es"},
	{"it", "scrabble-it"},
	{"pt", "scrabble-pt"},
	{"de", "scrabble-de"},
	{"fr", "scrabble-fr"},
}

// Size of a derived set: the 104 tiles of English Words With Friends.
const (
	derivedLetters = 102
	derivedBlanks  = 2
)

// deriveWWF computes the provisional Words With Friends set for lang from
// the Scrabble set src, as data/DERIVATION.md describes:
//
//  1. Map each Scrabble letter to the language's alphabet: a letter of the
//     alphabet keeps its count and value; a letter the alphabet spells with
//     several letters (the Spanish digraphs CH, LL, RR) adds its count to
//     each of them (so LL adds 2 to L); a letter the alphabet lacks is
//     dropped with its count.
//  2. Apportion derivedLetters among the letters in proportion to those
//     counts by largest remainder with a floor of one: letters whose exact
//     share is below 1 get 1 and leave the apportionment, repeatedly; the
//     rest get the integer part of their share, and the seats left go to the
//     largest fractional parts (ties: larger count, then alphabet order).
//  3. Values are the Scrabble values; blanks are derivedBlanks.
//
// notes describes steps 1 and 2 for the log.
func deriveWWF(src *TileSet, lang *lexicon.Language) (ts *TileSet, notes []string, err error) {
	a := lang.Alphabet
	n := a.Size() + 1
	raw, values := make([]int, n), make([]int, n)
	for s := 1; s < len(src.Counts); s++ {
		letter, c := src.Alphabet.Letter(lexicon.Tile(s)), src.Counts[s]
		tiles, err := a.Split(nil, letter)
		switch {
		case err != nil:
			notes = append(notes, fmt.Sprintf("%s (%d) dropped: not in alphabet %s", letter, c, a.Name()))
		case len(tiles) == 1:
			raw[tiles[0]] += c
			values[tiles[0]] = src.Values[s]
		default:
			for _, t := range tiles {
				raw[t] += c
			}
			notes = append(notes, fmt.Sprintf("%s (%d) split into %s", letter, c, strings.Join(strings.Split(a.Word(tiles), ""), "+")))
		}
	}
	for t := 1; t < n; t++ {
		if values[t] == 0 {
			return nil, nil, fmt.Errorf("%s: letter %s of alphabet %s has no tile of its own", src.Name, a.Letter(lexicon.Tile(t)), a.Name())
		}
	}
	counts, fixed := apportion(raw[1:], derivedLetters)
	for i, f := range fixed {
		if f {
			notes = append(notes, fmt.Sprintf("%s raised to 1", a.Letter(lexicon.Tile(i+1))))
		}
	}
	return &TileSet{
		Name:        "wwf-" + lang.Code,
		Alphabet:    a,
		Counts:      append([]int{0}, counts...),
		Values:      values,
		Blanks:      derivedBlanks,
		Provisional: true,
		Source: fmt.Sprintf("derived from %s (data/DERIVATION.md): letters mapped to alphabet %s, scaled to %d by largest remainder (each at least 1) + %d blanks; Scrabble values",
			src.Name, a.Name(), derivedLetters, derivedBlanks),
	}, notes, nil
}

// apportion divides seats among parties in proportion to votes by largest
// remainder, every party with votes getting at least one seat (see
// deriveWWF). fixed marks the parties raised to one seat.
func apportion(votes []int, seats int) (out []int, fixed []bool) {
	out, fixed = make([]int, len(votes)), make([]bool, len(votes))
	for {
		rest, total := seats, 0
		for i, v := range votes {
			if fixed[i] {
				rest--
			} else {
				total += v
			}
		}
		changed := false
		for i, v := range votes {
			if !fixed[i] && v > 0 && v*rest < total {
				fixed[i], changed = true, true
			}
		}
		if changed {
			continue
		}
		var order []int
		left := rest
		for i, v := range votes {
			if fixed[i] {
				out[i] = 1
				continue
			}
			out[i] = v * rest / total
			left -= out[i]
			order = append(order, i)
		}
		rem := func(i int) int { return votes[i] * rest % total }
		slices.SortStableFunc(order, func(i, j int) int {
			return cmp.Or(cmp.Compare(rem(j), rem(i)), cmp.Compare(votes[j], votes[i]))
		})
		for _, i := range order[:left] {
			out[i]++
		}
		return out, fixed
	}
}

func TestApportion(t *testing.T) {
	t.Parallel()
	tests := []struct {
		votes []int
		seats int
		want  []int
	}{
		{[]int{1, 1}, 4, []int{2, 2}},
		{[]int{3, 1}, 2, []int{1, 1}},
		{[]int{5, 3, 2}, 5, []int{3, 1, 1}},    // 2.5 1.5 1.0: ties by larger votes
		{[]int{100, 1, 1}, 10, []int{8, 1, 1}}, // floors of one
		{[]int{50, 30, 20, 0}, 7, []int{4, 2, 1, 0}},
	}
	for _, tt := range tests {
		got, _ := apportion(tt.votes, tt.seats)
		if !slices.Equal(got, tt.want) {
			t.Errorf("apportion(%v, %d) = %v, want %v", tt.votes, tt.seats, got, tt.want)
		}
	}
}

// TestDerivedTileSets recomputes every provisional set from its Scrabble
// source and fails if the committed file differs; with -update-tilesets it
// rewrites the files instead.
func TestDerivedTileSets(t *testing.T) {
	t.Parallel()
	for _, d := range wwfDerivations {
		t.Run(d.lang, func(t *testing.T) {
			src, err := TileSetByName(d.from)
			if err != nil {
				t.Fatal(err)
			}
			lang, err := lexicon.LanguageByCode(d.lang)
			if err != nil {
				t.Fatal(err)
			}
			ts, notes, err := deriveWWF(src, lang)
			if err != nil {
				t.Fatal(err)
			}
			if ts.Total() != derivedLetters+derivedBlanks {
				t.Fatalf("total %d", ts.Total())
			}
			var table []string
			for i, l := range ts.Alphabet.Letters() {
				table = append(table, l+strconv.Itoa(ts.Counts[i+1]))
			}
			t.Logf("%s: %s; %s", ts.Name, strings.Join(table, " "), strings.Join(notes, "; "))
			text := "# Words With Friends, " + lang.Name + ": PROVISIONAL, no public source gives these numbers.\n" +
				"# Generated by TestDerivedTileSets (go test -run TestDerivedTileSets -update-tilesets) from\n" +
				"# " + d.from + ".txt as data/DERIVATION.md explains; do not edit.\n" + ts.String()
			path := "data/tilesets/" + ts.Name + ".txt"
			if *updateTileSets {
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			data, err := tileSetFS.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(data) != text {
				t.Errorf("%s differs from its derivation (run with -update-tilesets after checking); want\n%s", path, text)
			}
		})
	}
}

// TestScrabbleSetsMatchShared checks the embedded Scrabble sets against the
// letter distributions of domino14/macondo in ../shared.
func TestScrabbleSetsMatchShared(t *testing.T) {
	t.Parallel()
	for set, file := range map[string]string{
		"scrabble-en": "english",
		"scrabble-de": "german",
		"scrabble-fr": "french",
		"scrabble-es": "spanish",
		"scrabble-pl": "polish",
		"super-en":    "english_super",
	} {
		t.Run(set, func(t *testing.T) {
			data := readSharedData(t, "data/positions/domino14_macondo/data/letterdistributions/"+file)
			ts, err := TileSetByName(set)
			if err != nil {
				t.Fatal(err)
			}
			// Lines "LETTER,COUNT,VALUE,VOWEL"; multi-letter tiles in brackets.
			want := map[string][2]int{}
			for line := range strings.Lines(string(data)) {
				f := strings.Split(strings.TrimSpace(line), ",")
				if len(f) < 3 {
					continue
				}
				c, _ := strconv.Atoi(f[1])
				v, _ := strconv.Atoi(f[2])
				want[strings.Trim(f[0], "[]")] = [2]int{c, v}
			}
			got := map[string][2]int{"?": {ts.Blanks, 0}}
			for i, l := range ts.Alphabet.Letters() {
				got[l] = [2]int{ts.Counts[i+1], ts.Values[i+1]}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s:\n got %v\nwant %v", set, got, want)
			}
		})
	}
}

func FuzzParseTileSet(f *testing.F) {
	for _, name := range TileSetNames() {
		data, err := tileSetFS.ReadFile("data/tilesets/" + name + ".txt")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("alphabet: own\nQU 1 10\nA 2 1\n? 1 0\n")
	f.Fuzz(func(t *testing.T, text string) {
		ts, err := ParseTileSet("f", text)
		if err != nil {
			return
		}
		if len(ts.Counts) != ts.Alphabet.Size()+1 || len(ts.Values) != len(ts.Counts) {
			t.Fatalf("inconsistent set %+v", ts)
		}
		back, err := ParseTileSet("f", ts.String())
		if err != nil {
			t.Fatalf("String output does not parse: %v\n%s", err, ts.String())
		}
		if !slices.Equal(back.Alphabet.Letters(), ts.Alphabet.Letters()) {
			t.Fatalf("round trip changed the letters: %q, want %q", back.Alphabet.Letters(), ts.Alphabet.Letters())
		}
		back.Alphabet = ts.Alphabet
		if !reflect.DeepEqual(back, ts) {
			t.Fatalf("round trip: %+v, want %+v", back, ts)
		}
	})
}

func ExampleTileSetByName() {
	ts, err := TileSetByName("wwf-en")
	if err != nil {
		panic(err)
	}
	z, _ := ts.Alphabet.Parse(nil, "Z")
	fmt.Println(ts.Total(), ts.Blanks, ts.Value(z[0]), ts.Value(lexicon.Blank))
	fmt.Println(ts.Alphabet.Format(ts.Tiles()[:12]))
	// Output:
	// 104 2 10 0
	// AAAAAAAAABBC
}
