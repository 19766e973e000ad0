package lexicon

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Tile is a small integer code for one tile face. Codes 1..Alphabet.Size()
// are the letters of an alphabet in its canonical order; code 0 is
// Separator (the GADDAG's turn-around symbol, never a letter). The high bit
// BlankFlag marks a blank: on a rack an undesignated blank is Blank; on the
// board a blank designated as letter L is L|BlankFlag.
type Tile uint8

const (
	// Separator is the GADDAG separator (Gordon 1994's diamond), tile code 0.
	Separator Tile = 0
	// BlankFlag marks a tile as a blank. Letter() strips it.
	BlankFlag Tile = 0x80
	// Blank is an undesignated blank on a rack, written "?".
	Blank Tile = BlankFlag
	// MaxLetters is the largest alphabet size: letter codes fit in 7 bits
	// with code 0 reserved for Separator.
	MaxLetters = 127
)

// Letter returns the letter code of t without the blank flag (0 for an
// undesignated blank).
func (t Tile) Letter() Tile { return t &^ BlankFlag }

// IsBlank reports whether t is a blank (designated or not).
func (t Tile) IsBlank() bool { return t&BlankFlag != 0 }

// ErrSplit is wrapped by every error from Alphabet.Split and Alphabet.Parse
// for text that cannot be cut into tiles.
var ErrSplit = errors.New("lexicon: cannot split into tiles")

// Alphabet maps letters (one or several characters: "A", "QU", "TH", "Ñ")
// to Tile codes and back. Letters are stored upper-case; splitting a word
// takes the longest letter that matches at each position.
//
// An Alphabet is immutable after construction and safe for concurrent use.
type Alphabet struct {
	name    string
	letters []string // index = tile code; letters[0] = "" (Separator)
	upper   map[string]Tile
	lower   map[string]Tile
	maxLen  int       // longest letter in bytes
	ascii   [128]Tile // fast path: single-byte upper-case letters that start no longer letter
	asciiOK [128]bool
}

// NewAlphabet returns an alphabet named name whose letters, in canonical
// (sort) order, get the codes 1..len(letters). Each letter is a non-empty
// upper-case string without spaces, '?', '.', '[' or ']'; letters must be
// distinct. It returns an error naming the offending letter otherwise.
func NewAlphabet(name string, letters []string) (*Alphabet, error) {
	if len(letters) == 0 || len(letters) > MaxLetters {
		return nil, fmt.Errorf("lexicon: alphabet %q has %d letters: want 1 to %d", name, len(letters), MaxLetters)
	}
	a := &Alphabet{
		name:    name,
		letters: make([]string, len(letters)+1),
		upper:   make(map[string]Tile, len(letters)),
		lower:   make(map[string]Tile, len(letters)),
	}
	for i, l := range letters {
		switch {
		case l == "":
			return nil, fmt.Errorf("lexicon: alphabet %q: letter %d is empty", name, i+1)
		case !utf8.ValidString(l):
			return nil, fmt.Errorf("lexicon: alphabet %q: letter %d %q is not UTF-8", name, i+1, l)
		case strings.ContainsAny(l, " \t\r\n?.[]/;"):
			return nil, fmt.Errorf("lexicon: alphabet %q: letter %q contains a reserved character", name, l)
		case strings.ToUpper(l) != l:
			return nil, fmt.Errorf("lexicon: alphabet %q: letter %q is not upper-case", name, l)
		}
		if _, dup := a.upper[l]; dup {
			return nil, fmt.Errorf("lexicon: alphabet %q: letter %q appears twice", name, l)
		}
		t := Tile(i + 1)
		a.letters[t] = l
		a.upper[l] = t
		low := strings.ToLower(l)
		if low != l {
			a.lower[low] = t
		}
		a.maxLen = max(a.maxLen, len(l), len(low))
	}
	for l, t := range a.upper {
		if len(l) == 1 && l[0] < utf8.RuneSelf {
			a.ascii[l[0]] = t
			a.asciiOK[l[0]] = true
		}
	}
	// A single byte is only a safe fast path when no longer letter starts with it.
	for l := range a.upper {
		if len(l) > 1 && l[0] < utf8.RuneSelf {
			a.asciiOK[l[0]] = false
		}
	}
	return a, nil
}

// Name returns the alphabet's name, for example "en" or "upwords-en".
func (a *Alphabet) Name() string { return a.name }

// Size returns the number of letters; letter codes are 1..Size().
func (a *Alphabet) Size() int { return len(a.letters) - 1 }

// Letters returns the letters in code order (index 0 holds code 1). The
// caller must not modify the slice.
func (a *Alphabet) Letters() []string { return a.letters[1:] }

// Letter returns the upper-case text of tile t's letter (blank flag
// ignored), "?" for an undesignated blank, "^" for Separator, and
// "<bad tile N>" when t is out of range.
func (a *Alphabet) Letter(t Tile) string {
	l := t.Letter()
	switch {
	case t == Blank:
		return "?"
	case l == Separator:
		return "^"
	case int(l) < len(a.letters):
		return a.letters[l]
	}
	return fmt.Sprintf("<bad tile %d>", t)
}

// Valid reports whether t is a letter of a, a designated blank of such a
// letter, or an undesignated blank.
func (a *Alphabet) Valid(t Tile) bool {
	l := t.Letter()
	return t == Blank || (l >= 1 && int(l) < len(a.letters))
}

// Split cuts an upper-case word into tiles, taking the longest matching
// letter at each position, and appends them to dst. It allocates nothing
// when dst has room. It returns an error wrapping ErrSplit that names the
// byte offset and the text that no letter matches.
func (a *Alphabet) Split(dst []Tile, word string) ([]Tile, error) {
	for i := 0; i < len(word); {
		t, n := a.matchUpper(word, i)
		if n == 0 {
			return dst, a.splitError(word, i)
		}
		dst = append(dst, t)
		i += n
	}
	return dst, nil
}

// matchUpper returns the tile of the longest upper-case letter at word[i:]
// and its length in bytes, or n == 0 when none matches.
func (a *Alphabet) matchUpper(word string, i int) (t Tile, n int) {
	c := word[i]
	if c < utf8.RuneSelf && a.asciiOK[c] {
		return a.ascii[c], 1
	}
	for n = min(a.maxLen, len(word)-i); n > 0; n-- {
		if t, ok := a.upper[word[i:i+n]]; ok {
			return t, n
		}
	}
	return 0, 0
}

func (a *Alphabet) splitError(word string, i int) error {
	r, _ := utf8.DecodeRuneInString(word[i:])
	return fmt.Errorf("%w: %q at byte %d: %q is not a letter of alphabet %s", ErrSplit, word, i, string(r), a.name)
}

// Parse reads tiles as written on racks, boards and in GCG/CGP files and
// appends them to dst: an upper-case letter is that letter, a lower-case
// letter is a blank designated as that letter, "?" is an undesignated
// blank, and a multi-character letter may be bracketed ("[QU]", "[qu]").
// Longest match applies outside brackets. Errors wrap ErrSplit and give the
// byte offset.
func (a *Alphabet) Parse(dst []Tile, s string) ([]Tile, error) {
	for i := 0; i < len(s); {
		switch s[i] {
		case '?':
			dst = append(dst, Blank)
			i++
			continue
		case '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return dst, fmt.Errorf("%w: %q at byte %d: '[' without ']'", ErrSplit, s, i)
			}
			inner := s[i+1 : i+j]
			if t, ok := a.upper[inner]; ok {
				dst = append(dst, t)
			} else if t, ok := a.lower[inner]; ok {
				dst = append(dst, t|BlankFlag)
			} else {
				return dst, fmt.Errorf("%w: %q at byte %d: [%s] is not a letter of alphabet %s", ErrSplit, s, i, inner, a.name)
			}
			i += j + 1
			continue
		}
		t, n := a.matchUpper(s, i)
		if n == 0 {
			for n = min(a.maxLen, len(s)-i); n > 0; n-- {
				if lt, ok := a.lower[s[i:i+n]]; ok {
					t = lt | BlankFlag
					break
				}
			}
		}
		if n == 0 {
			return dst, a.splitError(s, i)
		}
		dst = append(dst, t)
		i += n
	}
	return dst, nil
}

// Format writes tiles in the notation Parse reads: letters upper-case,
// designated blanks lower-case, undesignated blanks "?". Multi-character
// letters are written in brackets ("[QU]", "[th]"), as in CGP.
func (a *Alphabet) Format(tiles []Tile) string {
	var b strings.Builder
	a.AppendFormat(&b, tiles)
	return b.String()
}

// AppendFormat writes Format(tiles) to b. A single-character letter is
// bracketed too when, written bare, it would run into the next letters and
// be read back as a longer letter (Q then U in an alphabet that also has
// QU), so that Parse(Format(tiles)) always gives tiles back.
func (a *Alphabet) AppendFormat(b *strings.Builder, tiles []Tile) {
	for i, t := range tiles {
		if t == Blank {
			b.WriteByte('?')
			continue
		}
		l := a.Letter(t)
		if t.IsBlank() {
			l = strings.ToLower(l)
		}
		if utf8.RuneCountInString(l) > 1 || a.runsOn(l, tiles[i+1:]) {
			b.WriteByte('[')
			b.WriteString(l)
			b.WriteByte(']')
			continue
		}
		b.WriteString(l)
	}
}

// runsOn reports whether letter text l, followed by the bare text of the
// next tiles, starts with a longer letter of the alphabet.
func (a *Alphabet) runsOn(l string, next []Tile) bool {
	if a.maxLen <= len(l) || len(next) == 0 {
		return false
	}
	var sb strings.Builder
	sb.WriteString(l)
	for _, t := range next {
		if sb.Len() >= a.maxLen || t == Blank {
			break
		}
		n := a.Letter(t)
		if t.IsBlank() {
			n = strings.ToLower(n)
		}
		sb.WriteString(n)
	}
	text := sb.String()
	for n := min(a.maxLen, len(text)); n > len(l); n-- {
		if _, ok := a.upper[text[:n]]; ok {
			return true
		}
		if _, ok := a.lower[text[:n]]; ok {
			return true
		}
	}
	return false
}

// Word returns the plain upper-case text of tiles (blanks written as the
// letter they stand for), as a word appears in a word list. In an alphabet
// whose letters overlap (Q and QU) the text may split back differently;
// Format is the lossless notation.
func (a *Alphabet) Word(tiles []Tile) string {
	var b strings.Builder
	for _, t := range tiles {
		b.WriteString(a.Letter(t))
	}
	return b.String()
}
