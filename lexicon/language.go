package lexicon

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Language is the alphabet and word-list normalisation of one language
// (see the "Languages" table of the Words With Friends rules).
//
// Normalisation turns a word as written in a word list into the upper-case
// text of its tiles:
//   - letters are upper-cased; ß and ẞ become SS, Œ becomes OE, Æ becomes
//     AE, and the stroked letters Ø, Ł, Đ become O, L, D (in every language);
//   - diacritics are dropped (É -> E), except on the letters the language
//     keeps: Ñ in Spanish, Ç in Portuguese, Ä Ö Ü in German (where Ä stays
//     Ä and is never spelled AE). Decomposed input ("N" + U+0303) is
//     composed first, so it is treated like the precomposed letter;
//   - a word is dropped, for the reason its DropReason names, when it holds
//     an apostrophe, a hyphen, a digit, any other non-letter, a letter
//     outside the alphabet, too few or too many tiles, or when its case
//     marks it as an acronym or a proper noun (German keeps capitalised
//     words, since its nouns are written so).
//
// The values returned by LanguageByCode are shared and must not be
// modified; they are safe for concurrent use.
type Language struct {
	// Code is the ISO 639-1 code: "en", "es", "it", "pt", "de" or "fr".
	Code string
	// Name is the language's English name, for example "Spanish".
	Name string
	// Alphabet is the language's default alphabet, named Code, whose
	// letters are single upper-case characters in their usual order.
	Alphabet *Alphabet

	// keep lists the upper-case letters with diacritics that the
	// language keeps as letters of their own (Ñ, Ç, Ä Ö Ü).
	keep []rune
	// capitalisedNouns: a capitalised word ("Ärger") is a common noun, not
	// a proper noun (German).
	capitalisedNouns bool
}

// Default word lengths, in tiles, when ReadOptions leaves them zero.
const (
	DefaultMinLen = 2
	DefaultMaxLen = 15
)

var (
	languages = []*Language{
		newLanguage("de", "German", "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z Ä Ö Ü", "ÄÖÜ", true),
		newLanguage("en", "English", "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z", "", false),
		newLanguage("es", "Spanish", "A B C D E F G H I J L M N Ñ O P Q R S T U V X Y Z", "Ñ", false),
		newLanguage("fr", "French", "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z", "", false),
		newLanguage("it", "Italian", "A B C D E F G H I L M N O P Q R S T U V Z", "", false),
		newLanguage("pt", "Portuguese", "A B C Ç D E F G H I J L M N O P Q R S T U V X Z", "Ç", false),
	}
	upwordsAlphabet = mustAlphabet("upwords-en", "A B C D E F G H I J K L M N O P QU R S T U V W X Y Z")
)

func newLanguage(code, name, letters, keep string, capitalisedNouns bool) *Language {
	return &Language{
		Code:             code,
		Name:             name,
		Alphabet:         mustAlphabet(code, letters),
		keep:             []rune(keep),
		capitalisedNouns: capitalisedNouns,
	}
}

// mustAlphabet builds one of the package's fixed alphabets; an error is a
// programming error in this file.
func mustAlphabet(name, letters string) *Alphabet {
	a, err := NewAlphabet(name, strings.Fields(letters))
	if err != nil {
		panic(err)
	}
	return a
}

// LanguageByCode returns the language with the given ISO 639-1 code
// ("en", "es", "it", "pt", "de", "fr"; case-insensitive). The error lists
// the known codes.
func LanguageByCode(code string) (*Language, error) {
	for _, l := range languages {
		if strings.EqualFold(l.Code, code) {
			return l, nil
		}
	}
	return nil, fmt.Errorf("lexicon: unknown language %q: want one of %s", code, strings.Join(LanguageCodes(), ", "))
}

// LanguageCodes returns the codes of the known languages, sorted.
func LanguageCodes() []string {
	codes := make([]string, len(languages))
	for i, l := range languages {
		codes[i] = l.Code
	}
	slices.Sort(codes)
	return codes
}

// UpwordsAlphabet returns the English Upwords alphabet, named "upwords-en":
// the letters A to Z with one QU tile in place of Q (so a lone Q is not a
// letter), QU sorting where Q would. Use it with the English language in
// ReadOptions.Alphabet. The result is shared and immutable.
func UpwordsAlphabet() *Alphabet { return upwordsAlphabet }

// String returns the language's code.
func (l *Language) String() string { return l.Code }

// Normalize normalises one word as ReadWordList does for a list that holds
// lower-case letters (so the acronym and proper-noun rules apply), with the
// language's alphabet and the default lengths DefaultMinLen to
// DefaultMaxLen tiles. Surrounding white space is trimmed first.
//
// r is Kept when the word is kept. word is the normalised upper-case word,
// as split by the alphabet, for r == Kept and for the reasons found after
// normalising (DropOutsideAlphabet, DropTooShort, DropTooLong,
// DropAcronym, DropProperNoun); it is "" for the others.
func (l *Language) Normalize(raw string) (word string, r DropReason) {
	n := normalizer{lang: l, alpha: l.Alphabet, minLen: DefaultMinLen, maxLen: DefaultMaxLen, caseRules: true}
	var buf [32]Tile
	_, r = n.word(buf[:0], strings.TrimSpace(raw))
	if r != Kept && r < DropOutsideAlphabet {
		return "", r
	}
	return string(n.text), r
}

// DropReason tells why a word of a word list was not kept. When a word has
// several faults, the first in declaration order is reported: an
// apostrophe before a hyphen, any character fault before the alphabet,
// lengths before case, and a duplicate only for words otherwise kept.
type DropReason uint8

// The reasons, in the order they are tested.
const (
	// Kept means the word was not dropped.
	Kept DropReason = iota
	// DropInvalidUTF8: the line is not valid UTF-8.
	DropInvalidUTF8
	// DropApostrophe: the word holds an apostrophe (' ’ ‘ or ʼ), as in
	// "don't" or "dell'".
	DropApostrophe
	// DropHyphen: the word holds a hyphen (-, U+2010 or U+2011).
	DropHyphen
	// DropDigit: the word holds a digit or other number character.
	DropDigit
	// DropOtherChar: the word holds a character that is not a letter, a
	// diacritic after a letter, an apostrophe, a hyphen or a digit: inner
	// spaces, punctuation, symbols, control characters.
	DropOtherChar
	// DropOutsideAlphabet: after normalisation the word does not split into
	// the alphabet's letters (K or W in Spanish, a lone Q in Upwords, Greek).
	DropOutsideAlphabet
	// DropTooShort: fewer tiles than the minimum length.
	DropTooShort
	// DropTooLong: more tiles than the maximum length.
	DropTooLong
	// DropAcronym: the word starts with two upper-case letters ("NASA",
	// "CDs"). Only in lists that have lower-case letters.
	DropAcronym
	// DropProperNoun: the word starts with an upper-case letter ("Paris"),
	// or has an upper-case letter after a lower-case one ("iPhone"). German
	// keeps words whose only capital is the first letter. Only in lists
	// that have lower-case letters.
	DropProperNoun
	// DropDuplicate: the word normalises to a word already kept
	// ("résumé" after "resume").
	DropDuplicate
)

// NumDropReasons is the number of DropReason values, Kept included; it
// sizes the arrays of ReadStats.
const NumDropReasons = int(DropDuplicate) + 1

var dropReasonNames = [NumDropReasons]string{
	Kept:                "kept",
	DropInvalidUTF8:     "invalid UTF-8",
	DropApostrophe:      "apostrophe",
	DropHyphen:          "hyphen",
	DropDigit:           "digit",
	DropOtherChar:       "other character",
	DropOutsideAlphabet: "outside alphabet",
	DropTooShort:        "too short",
	DropTooLong:         "too long",
	DropAcronym:         "acronym",
	DropProperNoun:      "proper noun",
	DropDuplicate:       "duplicate",
}

// String returns a short lower-case description: "kept", "apostrophe",
// "outside alphabet", ...; "DropReason(N)" for an unknown value.
func (r DropReason) String() string {
	if int(r) < NumDropReasons {
		return dropReasonNames[r]
	}
	return fmt.Sprintf("DropReason(%d)", uint8(r))
}

// normalizer turns raw words into tiles; its buffers are reused from word
// to word.
type normalizer struct {
	lang           *Language
	alpha          *Alphabet
	minLen, maxLen int
	caseRules      bool   // apply DropAcronym and DropProperNoun
	text           []byte // normalised upper-case text of the last word
	nfc            []byte // scratch: the NFC form of a decomposed word
}

// word normalises raw (already trimmed) and appends its tiles to dst. When
// the word is dropped, dst is returned with its original length.
func (n *normalizer) word(dst []Tile, raw string) ([]Tile, DropReason) {
	n.text = n.text[:0]
	sc := scanWord(raw)
	if sc.reason != Kept {
		return dst, sc.reason
	}
	n.text = n.lang.appendUpper(n.text, raw, &sc, &n.nfc)
	start := len(dst)
	dst, ok := splitText(n.alpha, dst, n.text)
	switch k := len(dst) - start; {
	case !ok:
		return dst[:start], DropOutsideAlphabet
	case k < n.minLen:
		return dst[:start], DropTooShort
	case k > n.maxLen:
		return dst[:start], DropTooLong
	}
	if n.caseRules {
		switch {
		case sc.letters >= 2 && sc.firstUpper && sc.secondUpper:
			return dst[:start], DropAcronym
		case sc.laterUpper || (sc.firstUpper && !n.lang.capitalisedNouns):
			return dst[:start], DropProperNoun
		}
	}
	return dst, Kept
}

// wordScan is what one pass over a raw word finds.
type wordScan struct {
	reason      DropReason // first character fault, or Kept
	ascii       bool       // all bytes are ASCII
	letters     int        // letters, not counting combining marks
	firstUpper  bool       // the first letter is upper- or title-case
	secondUpper bool       // the second letter is upper- or title-case
	laterUpper  bool       // a letter after the first is upper- or title-case
	marks       bool       // holds combining marks (decomposed text)
}

// Character-fault bits of scanWord, one per DropReason.
const (
	faultApostrophe = 1 << DropApostrophe
	faultHyphen     = 1 << DropHyphen
	faultDigit      = 1 << DropDigit
	faultOther      = 1 << DropOtherChar
)

// scanWord classifies the characters of raw and records the case pattern
// of its letters.
func scanWord(raw string) wordScan {
	sc := wordScan{ascii: true}
	faults := 0
	for i := 0; i < len(raw); {
		c := raw[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z':
				sc.letters++
			case 'A' <= c && c <= 'Z':
				sc.upper()
			case c == '\'':
				faults |= faultApostrophe
			case c == '-':
				faults |= faultHyphen
			case '0' <= c && c <= '9':
				faults |= faultDigit
			default:
				faults |= faultOther
			}
			continue
		}
		sc.ascii = false
		r, size := utf8.DecodeRuneInString(raw[i:])
		if r == utf8.RuneError && size == 1 {
			return wordScan{reason: DropInvalidUTF8}
		}
		i += size
		switch {
		case r == '’' || r == '‘' || r == 'ʼ':
			faults |= faultApostrophe
		case r == '\u2010' || r == '\u2011':
			faults |= faultHyphen
		case unicode.IsUpper(r) || unicode.IsTitle(r):
			sc.upper()
		case unicode.IsLetter(r):
			sc.letters++
		case unicode.IsMark(r) && sc.letters > 0:
			// A diacritic on the previous letter (decomposed text).
			sc.marks = true
		case unicode.IsNumber(r):
			faults |= faultDigit
		default:
			faults |= faultOther
		}
	}
	if faults != 0 {
		sc.reason = DropApostrophe
		for faults&(1<<sc.reason) == 0 {
			sc.reason++
		}
	}
	return sc
}

// upper records an upper- or title-case letter.
func (sc *wordScan) upper() {
	switch sc.letters {
	case 0:
		sc.firstUpper = true
	case 1:
		sc.secondUpper = true
		sc.laterUpper = true
	default:
		sc.laterUpper = true
	}
	sc.letters++
}

// appendUpper appends the normalised upper-case text of raw, which holds
// only letters and combining marks as sc found, to dst. nfc is scratch
// space for decomposed words.
func (l *Language) appendUpper(dst []byte, raw string, sc *wordScan, nfc *[]byte) []byte {
	if sc.ascii {
		for i := 0; i < len(raw); i++ {
			c := raw[i]
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			dst = append(dst, c)
		}
		return dst
	}
	s := raw
	if sc.marks {
		// Compose first, so that "N" + U+0303 is Ñ like the precomposed
		// letter. Text without marks composes to itself except for
		// singletons (U+212A KELVIN SIGN), which the decomposition
		// below maps as well.
		*nfc = norm.NFC.AppendString((*nfc)[:0], raw)
		s = string(*nfc)
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r < utf8.RuneSelf {
			if 'a' <= r && r <= 'z' {
				r -= 'a' - 'A'
			}
			dst = append(dst, byte(r))
			continue
		}
		u := unicode.ToUpper(r)
		if slices.Contains(l.keep, u) {
			dst = utf8.AppendRune(dst, u)
			continue
		}
		if int(r) < len(latinFold) {
			dst = append(dst, latinFold[r]...)
			continue
		}
		if f := foldLetter(r); f != "" {
			dst = append(dst, f...)
			continue
		}
		var b [utf8.UTFMax]byte
		start := len(dst)
		dst = norm.NFD.Append(dst, b[:utf8.EncodeRune(b[:], u)]...)
		dst = dropMarks(dst, start)
	}
	return dst
}

// latinFold holds, for each rune below U+0250 (Latin-1 Supplement and
// Latin Extended-A and -B), foldUpper of the rune.
var latinFold = func() (t [0x250]string) {
	for r := range rune(len(t)) {
		t[r] = foldUpper(r)
	}
	return t
}()

// foldUpper returns the upper-case text of r with its diacritics dropped.
func foldUpper(r rune) string {
	if f := foldLetter(r); f != "" {
		return f
	}
	var b [utf8.UTFMax]byte
	d := norm.NFD.Append(nil, b[:utf8.EncodeRune(b[:], unicode.ToUpper(r))]...)
	return string(dropMarks(d, 0))
}

// foldLetter returns the upper-case spelling of letters that Unicode does
// not decompose into a base letter and a diacritic, or "".
func foldLetter(r rune) string {
	switch r {
	case 'ß', 'ẞ':
		return "SS"
	case 'œ', 'Œ':
		return "OE"
	case 'æ', 'Æ':
		return "AE"
	case 'ø', 'Ø':
		return "O"
	case 'ł', 'Ł':
		return "L"
	case 'đ', 'Đ':
		return "D"
	}
	return ""
}

// dropMarks removes the combining marks from b[start:] in place.
func dropMarks(b []byte, start int) []byte {
	w := start
	for i := start; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if !unicode.IsMark(r) {
			w += copy(b[w:], b[i:i+size])
		}
		i += size
	}
	return b[:w]
}
