package crossword

import (
	"embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wordengine/lexicon"
)

// TileSet is the bag of a game: which tiles, how many of each and their
// points. Tile codes are the codes of Alphabet; Counts and Values are
// indexed by them (index 0, the separator, is unused and 0).
//
// A TileSet read by ParseTileSet or TileSetByName is a fresh value the
// caller may modify; its Alphabet is shared and immutable.
type TileSet struct {
	// Name identifies the set: "wwf-en", "scrabble-en", "wwf-de", ...
	Name string
	// Alphabet gives the letters and their tile codes.
	Alphabet *lexicon.Alphabet
	// Counts[t] is the number of tiles of letter code t; len
	// Alphabet.Size()+1.
	Counts []int
	// Values[t] is the points of a tile of letter code t; len
	// Alphabet.Size()+1.
	Values []int
	// Blanks is the number of blank tiles; a blank scores 0.
	Blanks int
	// Provisional marks a set derived by the project rather than taken
	// from a published source (see data/DERIVATION.md).
	Provisional bool
	// Source says in one line where the numbers come from.
	Source string
}

// ErrUnknownTileSet is wrapped by the error TileSetByName returns for a
// name it does not know.
var ErrUnknownTileSet = errors.New("crossword: unknown tile set")

// Limits of the tile-set format.
const (
	tileSetMaxCount = 200 // tiles of one letter, or blanks
	tileSetMaxValue = 100 // points of one tile
)

//go:embed data/tilesets/*.txt
var tileSetFS embed.FS

// ParseTileSet reads a tile set named name from text in this format:
//
//	# Words With Friends, English.
//	alphabet: en
//	source: rules/wwf.md
//	A 9 1
//	B 2 4
//	...
//	Z 1 10
//	? 2 0
//
// Lines starting with '#' are comments. "key: value" lines are headers.
// The other lines are tiles: LETTER COUNT VALUE, where "?" stands for the
// blanks. Blank lines are ignored; fields are separated by spaces or tabs.
// The headers come before the tile lines, each at most once:
//
//   - alphabet (required): a language code of lexicon.LanguageByCode
//     ("en", "es", "it", "pt", "de", "fr"), whose alphabet the set uses;
//     every letter of that alphabet needs exactly one line, in any order.
//     Or "own": the set's letters, in file order, make up a new alphabet
//     named name (for languages the project has no Language for, such as
//     Polish, or Spanish Scrabble's CH LL RR tiles).
//   - provisional: "true" or "false" (default false).
//   - source: free text, one line (default empty).
//
// Letters are written upper-case as in the alphabet (multi-character
// letters plainly: "CH"). A COUNT is an integer from 0 to 200 and a VALUE
// from 0 to 100; the "?" line is optional (no blanks), and its value must
// be 0.
//
// An error about one line starts with "crossword: tile set NAME line L:"
// (L from 1) and names what is wrong: an unknown, repeated or late header,
// an unknown alphabet, an unknown or repeated letter, a bad count or
// value. An error about the whole text (no alphabet header, no letters, a
// letter of the alphabet without a line) starts with "crossword: tile set
// NAME:".
func ParseTileSet(name, text string) (*TileSet, error) {
	ts := &TileSet{Name: name}
	errAt := func(line int, format string, args ...any) error {
		return fmt.Errorf("crossword: tile set %q line %d: %s", name, line, fmt.Sprintf(format, args...))
	}
	var (
		own        bool
		ownLetters []string
		ownCounts  []int
		ownValues  []int
		seen       = map[string]int{} // letter or header key -> line
		tiles      bool               // a tile line was read
	)
	lineNo := 0
	for raw := range strings.SplitSeq(text, "\n") {
		lineNo++
		line := strings.TrimSpace(raw)
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		if key, ok := strings.CutSuffix(fields[0], ":"); ok {
			value := strings.TrimSpace(line[len(fields[0]):])
			if tiles {
				return nil, errAt(lineNo, "header %q after the tile lines", key)
			}
			if prev, dup := seen[key+":"]; dup {
				return nil, errAt(lineNo, "header %q repeats line %d", key, prev)
			}
			seen[key+":"] = lineNo
			switch key {
			case "alphabet":
				if value == "own" {
					own = true
					break
				}
				lang, err := lexicon.LanguageByCode(value)
				if err != nil || lang.Code != value {
					return nil, errAt(lineNo, "unknown alphabet %q: want own or a language code (%s)", value, strings.Join(lexicon.LanguageCodes(), ", "))
				}
				ts.Alphabet = lang.Alphabet
				n := ts.Alphabet.Size() + 1
				ts.Counts, ts.Values = make([]int, n), make([]int, n)
			case "provisional":
				b, err := strconv.ParseBool(value)
				if err != nil || (value != "true" && value != "false") {
					return nil, errAt(lineNo, "provisional %q: want true or false", value)
				}
				ts.Provisional = b
			case "source":
				ts.Source = value
			default:
				return nil, errAt(lineNo, "unknown header %q: want alphabet, provisional or source", key)
			}
			continue
		}
		if len(fields) != 3 {
			return nil, errAt(lineNo, "%q: want LETTER COUNT VALUE or a \"key: value\" header", line)
		}
		if !own && ts.Alphabet == nil {
			return nil, errAt(lineNo, "tile line before the alphabet header")
		}
		tiles = true
		letter := fields[0]
		count, err := strconv.Atoi(fields[1])
		if err != nil || count < 0 || count > tileSetMaxCount {
			return nil, errAt(lineNo, "letter %s: bad count %q: want an integer in [0, %d]", letter, fields[1], tileSetMaxCount)
		}
		value, err := strconv.Atoi(fields[2])
		if err != nil || value < 0 || value > tileSetMaxValue {
			return nil, errAt(lineNo, "letter %s: bad value %q: want an integer in [0, %d]", letter, fields[2], tileSetMaxValue)
		}
		if prev, dup := seen[letter]; dup {
			return nil, errAt(lineNo, "letter %s repeats line %d", letter, prev)
		}
		seen[letter] = lineNo
		switch {
		case letter == "?":
			if value != 0 {
				return nil, errAt(lineNo, "blank value %d: want 0", value)
			}
			ts.Blanks = count
		case own:
			// NewAlphabet checks the letter's spelling and names it in
			// its error.
			if _, err := lexicon.NewAlphabet(name, []string{letter}); err != nil {
				return nil, errAt(lineNo, "%v", err)
			}
			ownLetters = append(ownLetters, letter)
			ownCounts = append(ownCounts, count)
			ownValues = append(ownValues, value)
		default:
			t, ok := tileSetLetter(ts.Alphabet, letter)
			if !ok {
				return nil, errAt(lineNo, "unknown letter %q: not in alphabet %s", letter, ts.Alphabet.Name())
			}
			ts.Counts[t], ts.Values[t] = count, value
		}
	}
	switch {
	case !own && ts.Alphabet == nil:
		return nil, fmt.Errorf("crossword: tile set %q: no alphabet header", name)
	case own:
		if len(ownLetters) == 0 {
			return nil, fmt.Errorf("crossword: tile set %q: no letters", name)
		}
		a, err := lexicon.NewAlphabet(name, ownLetters)
		if err != nil {
			return nil, fmt.Errorf("crossword: tile set %q: %w", name, err)
		}
		ts.Alphabet = a
		ts.Counts = append([]int{0}, ownCounts...)
		ts.Values = append([]int{0}, ownValues...)
	default:
		for _, l := range ts.Alphabet.Letters() {
			if _, ok := seen[l]; !ok {
				return nil, fmt.Errorf("crossword: tile set %q: letter %s of alphabet %s has no line", name, l, ts.Alphabet.Name())
			}
		}
	}
	return ts, nil
}

// tileSetLetter returns the code of the one letter spelled exactly text in
// a.
func tileSetLetter(a *lexicon.Alphabet, text string) (lexicon.Tile, bool) {
	var buf [4]lexicon.Tile
	t, err := a.Split(buf[:0], text)
	if err != nil || len(t) != 1 {
		return 0, false
	}
	return t[0], true
}

// String returns the set in the format ParseTileSet reads: the headers
// (alphabet, then provisional and source when set), one line per letter in
// code order, and a "?" line when there are blanks. The alphabet is
// written as its language code when it is that language's alphabet, else
// as "own". Comments are not kept.
func (ts *TileSet) String() string {
	var b strings.Builder
	alpha := "own"
	if lang, err := lexicon.LanguageByCode(ts.Alphabet.Name()); err == nil && lang.Alphabet == ts.Alphabet {
		alpha = lang.Code
	}
	fmt.Fprintf(&b, "alphabet: %s\n", alpha)
	if ts.Provisional {
		b.WriteString("provisional: true\n")
	}
	if ts.Source != "" {
		fmt.Fprintf(&b, "source: %s\n", ts.Source)
	}
	for i, l := range ts.Alphabet.Letters() {
		fmt.Fprintf(&b, "%s %d %d\n", l, ts.Counts[i+1], ts.Values[i+1])
	}
	if ts.Blanks > 0 {
		fmt.Fprintf(&b, "? %d 0\n", ts.Blanks)
	}
	return b.String()
}

// Total returns the number of tiles in the full bag, blanks included.
func (ts *TileSet) Total() int {
	n := ts.Blanks
	for _, c := range ts.Counts {
		n += c
	}
	return n
}

// Value returns the points of tile t: 0 for any blank (designated or
// not), else Values[t]. t must be a letter code of ts.Alphabet (or a
// blank); other codes panic.
func (ts *TileSet) Value(t lexicon.Tile) int {
	if t.IsBlank() {
		return 0
	}
	return ts.Values[t]
}

// Tiles returns a new slice holding the full bag: Counts[t] copies of each
// letter code t in code order, then Blanks copies of lexicon.Blank.
func (ts *TileSet) Tiles() []lexicon.Tile {
	out := make([]lexicon.Tile, 0, ts.Total())
	for t, c := range ts.Counts {
		for range c {
			out = append(out, lexicon.Tile(t))
		}
	}
	for range ts.Blanks {
		out = append(out, lexicon.Blank)
	}
	return out
}

// TileSetByName returns an embedded tile set; TileSetNames lists them.
// They are:
//
//	wwf-en                 Words With Friends English, 104 tiles (rules/wwf.md)
//	wwf-es wwf-it wwf-pt   Words With Friends, other languages: 104 tiles
//	wwf-de wwf-fr          derived from Scrabble (Provisional; data/DERIVATION.md)
//	scrabble-en            classic Scrabble English, 100 tiles
//	scrabble-de            German Scrabble, 102 tiles (alphabet de)
//	scrabble-fr            French Scrabble, 102 tiles (alphabet fr)
//	scrabble-es            Spanish Scrabble, 100 tiles with CH LL RR (own alphabet)
//	scrabble-it            Italian Scrabble, 120 tiles (alphabet it)
//	scrabble-pt            Portuguese Scrabble, 120 tiles (alphabet pt)
//	scrabble-pl            Polish Scrabble, 100 tiles (own alphabet)
//	super-en               Super Scrabble English, 200 tiles
//
// Each call returns a new value. The error for another name wraps
// ErrUnknownTileSet and lists the known names.
func TileSetByName(name string) (*TileSet, error) {
	if !slices.Contains(TileSetNames(), name) {
		return nil, fmt.Errorf("%w %q: want one of %s", ErrUnknownTileSet, name, strings.Join(TileSetNames(), ", "))
	}
	data, err := tileSetFS.ReadFile("data/tilesets/" + name + ".txt")
	if err != nil {
		return nil, fmt.Errorf("crossword: tile set %q: %w", name, err)
	}
	return ParseTileSet(name, string(data))
}

// TileSetNames returns the names TileSetByName knows, sorted.
func TileSetNames() []string { return embeddedDataNames(tileSetFS, "data/tilesets") }
