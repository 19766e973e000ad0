package lexicon

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ReadOptions configures ReadWordList.
type ReadOptions struct {
	// Language gives the normalisation rules. Required.
	Language *Language
	// Alphabet splits normalised words into tiles; nil means
	// Language.Alphabet. Use UpwordsAlphabet() with English for Upwords.
	Alphabet *Alphabet
	// MinLen and MaxLen bound a kept word's length in tiles (QU counts
	// one); zero means DefaultMinLen (2) and DefaultMaxLen (15).
	MinLen, MaxLen int
}

// ReadStats counts what ReadWordList read. Every line is either blank or
// one word, and every word is either kept or dropped for one reason:
//
//	Lines == Blank + Kept + Σ Dropped
type ReadStats struct {
	// Lines is the number of lines read, blank ones included.
	Lines int
	// Blank is the number of lines that were empty after trimming white
	// space; they are skipped and are not words.
	Blank int
	// Kept is the number of words returned.
	Kept int
	// Dropped counts the dropped words by reason; Dropped[Kept] is 0.
	Dropped [NumDropReasons]int
	// Example holds the first dropped word for each reason, as
	// "name:line: word" (the word quoted when it is not printable UTF-8),
	// or "" when none was dropped for that reason.
	Example [NumDropReasons]string
	// CaseRules reports whether the acronym and proper-noun rules were
	// applied, that is whether the list has lower-case letters.
	CaseRules bool
}

// DroppedTotal returns the number of dropped words, all reasons together.
func (s ReadStats) DroppedTotal() int {
	n := 0
	for _, d := range s.Dropped {
		n += d
	}
	return n
}

// String summarises the counts on one line, for example
// "274136 lines: 269870 kept, 4266 dropped (too long 4266)".
func (s ReadStats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d lines: %d kept, %d dropped", s.Lines, s.Kept, s.DroppedTotal())
	sep := " ("
	for r, d := range s.Dropped {
		if d > 0 {
			fmt.Fprintf(&b, "%s%s %d", sep, DropReason(r), d)
			sep = ", "
		}
	}
	if sep == ", " {
		b.WriteByte(')')
	}
	if s.Blank > 0 {
		fmt.Fprintf(&b, ", %d blank", s.Blank)
	}
	return b.String()
}

// ReadWordList reads a word list: UTF-8 text, one word per line, optionally
// gzip-compressed (recognised by its magic bytes 1f 8b). A leading byte
// order mark, a trailing "\r" and surrounding white space are removed;
// blank lines are skipped. Each word is normalised by opt.Language (see
// Language), split into tiles of the alphabet, and kept or dropped for a
// DropReason; stats counts both, with an example per reason.
//
// Case rules are decided per list: the acronym and proper-noun rules apply
// only when the list has at least one lower-case letter somewhere. A list
// written entirely in capitals, as tournament lists such as SOWPODS are
// ("AA", "AAH"), keeps its words.
//
// The words are returned in input order without duplicates, each a slice
// of tiles carved from one shared backing array (with its capacity capped
// at its length, so appending to one word cannot overwrite the next). name
// (a file name) is used in stats examples and errors. Errors (bad options,
// I/O, gzip) start with "lexicon: "; nothing in the text itself is an error.
func ReadWordList(r io.Reader, name string, opt ReadOptions) ([][]Tile, ReadStats, error) {
	return readWordList(r, name, opt, 0)
}

// ReadWordListFile is ReadWordList on the file at path; path names the
// list in examples and errors.
func ReadWordListFile(path string, opt ReadOptions) ([][]Tile, ReadStats, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, ReadStats{}, fmt.Errorf("lexicon: %w", err)
	}
	defer f.Close()
	var hint int64
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		hint = fi.Size()
	}
	return readWordList(f, path, opt, hint)
}

// readWordList is ReadWordList with the expected size of the input (0 when
// unknown) to size its buffer.
func readWordList(r io.Reader, name string, opt ReadOptions, hint int64) ([][]Tile, ReadStats, error) {
	n, err := newListNormalizer(opt)
	if err != nil {
		return nil, ReadStats{}, err
	}
	if name == "" {
		name = "input"
	}
	text, err := readAllText(r, name, hint)
	if err != nil {
		return nil, ReadStats{}, err
	}
	text = strings.TrimPrefix(text, "\uFEFF")
	n.caseRules = hasLower(text)

	stats := ReadStats{CaseRules: n.caseRules}
	estimate := strings.Count(text, "\n") + 1
	tiles := make([]Tile, 0, len(text))
	spans := make([]wordSpan, 0, estimate)
	set := newWordSet(estimate)
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		stats.Lines++
		line = strings.TrimSpace(line)
		if line == "" {
			stats.Blank++
			continue
		}
		start := len(tiles)
		var why DropReason
		tiles, why = n.word(tiles, line)
		if why == Kept && !set.add(tiles, spans, start) {
			tiles, why = tiles[:start], DropDuplicate
		}
		if why != Kept {
			stats.Dropped[why]++
			if stats.Example[why] == "" {
				stats.Example[why] = fmt.Sprintf("%s:%d: %s", name, stats.Lines, printable(clip(line, 60)))
			}
			continue
		}
		spans = append(spans, wordSpan{start, len(tiles)})
	}
	stats.Kept = len(spans)

	if cap(tiles) > 2*len(tiles)+1024 {
		tiles = slices.Clone(tiles) // most of the text was dropped
	}
	words := make([][]Tile, len(spans))
	for i, s := range spans {
		words[i] = tiles[s.start:s.end:s.end]
	}
	return words, stats, nil
}

// newListNormalizer checks opt and returns the normalizer it describes.
func newListNormalizer(opt ReadOptions) (*normalizer, error) {
	if opt.Language == nil {
		return nil, fmt.Errorf("lexicon: ReadOptions.Language is nil: want a language from LanguageByCode")
	}
	n := &normalizer{lang: opt.Language, alpha: opt.Alphabet, minLen: opt.MinLen, maxLen: opt.MaxLen}
	if n.alpha == nil {
		n.alpha = opt.Language.Alphabet
	}
	if n.minLen == 0 {
		n.minLen = DefaultMinLen
	}
	if n.maxLen == 0 {
		n.maxLen = DefaultMaxLen
	}
	if n.minLen < 1 || n.maxLen < n.minLen || n.maxLen > MaxWordLen {
		return nil, fmt.Errorf("lexicon: word lengths %d to %d tiles: want 1 <= MinLen <= MaxLen <= %d", n.minLen, n.maxLen, MaxWordLen)
	}
	return n, nil
}

// readAllText reads all of r, decompressing gzip, into one string. hint is
// the expected size in bytes, or 0.
func readAllText(r io.Reader, name string, hint int64) (string, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var src io.Reader = br
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return "", fmt.Errorf("lexicon: %s: %w", name, err)
		}
		defer zr.Close()
		src = zr
		hint *= 4 // a word list compresses about 3 to 4 times
	}
	var b strings.Builder
	if hint > 0 && hint < 1<<30 {
		b.Grow(int(hint) + 1)
	}
	if _, err := io.Copy(&b, src); err != nil {
		return "", fmt.Errorf("lexicon: reading %s: %w", name, err)
	}
	return b.String(), nil
}

// hasLower reports whether s holds a lower-case letter.
func hasLower(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsLower(r) {
			return true
		}
		i += size
	}
	return false
}

// clip shortens s to at most n bytes (at a rune boundary), marking the
// cut with "...", so that an example of a dropped line stays readable.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("... (%d bytes)", len(s))
}

// printable returns s, or s quoted when it is not valid, printable UTF-8.
func printable(s string) string {
	if !utf8.ValidString(s) || strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
		return strconv.Quote(s)
	}
	return s
}

// splitText is Alphabet.Split on upper-case text held in a byte slice,
// without converting it to a string. It reports false when some text
// matches no letter; dst then holds the tiles matched so far.
func splitText(a *Alphabet, dst []Tile, word []byte) ([]Tile, bool) {
	for i := 0; i < len(word); {
		c := word[i]
		if c < utf8.RuneSelf && a.asciiOK[c] {
			dst = append(dst, a.ascii[c])
			i++
			continue
		}
		n := min(a.maxLen, len(word)-i)
		for ; n > 0; n-- {
			if t, ok := a.upper[string(word[i:i+n])]; ok {
				dst = append(dst, t)
				break
			}
		}
		if n == 0 {
			return dst, false
		}
		i += n
	}
	return dst, true
}

// wordSpan locates a kept word in the shared tile array.
type wordSpan struct{ start, end int }

// wordSet is an open-addressing hash set of the kept words, which live in
// the tile array at the spans given to add; it finds duplicates without
// allocating a key per word.
type wordSet struct {
	slots  []uint32 // index of a word in spans, plus one; 0 = empty
	hashes []uint32 // hash of each word, by index in spans
}

func newWordSet(hint int) *wordSet {
	size := 64
	for size < 2*hint {
		size *= 2
	}
	return &wordSet{slots: make([]uint32, size), hashes: make([]uint32, 0, hint)}
}

// add records the word tiles[start:], which is about to be appended to
// spans, unless an equal word is in spans already; it reports whether the
// word was new.
func (s *wordSet) add(tiles []Tile, spans []wordSpan, start int) bool {
	w := tiles[start:]
	h := uint32(2166136261) // FNV-1a
	for _, t := range w {
		h = (h ^ uint32(t)) * 16777619
	}
	mask := uint32(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		k := s.slots[i]
		if k == 0 {
			s.slots[i] = uint32(len(spans)) + 1
			s.hashes = append(s.hashes, h)
			if 2*len(s.hashes) > len(s.slots) {
				s.grow()
			}
			return true
		}
		if s.hashes[k-1] == h {
			sp := spans[k-1]
			if slices.Equal(tiles[sp.start:sp.end], w) {
				return false
			}
		}
	}
}

// grow doubles the table.
func (s *wordSet) grow() {
	s.slots = make([]uint32, 2*len(s.slots))
	mask := uint32(len(s.slots) - 1)
	for k, h := range s.hashes {
		i := h & mask
		for s.slots[i] != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = uint32(k) + 1
	}
}
