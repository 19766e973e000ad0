package lexicon

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// CommonWords ranks words by how common they are, in tiers: tier 1 holds
// the most common words, each further tier the words that a larger
// dictionary adds. It is the vocabulary of the computer opponents of
// lower levels (a beginner plays the words everybody knows). Looking a
// word up allocates nothing; a CommonWords is read-only and safe for
// concurrent use.
//
// The embedded English one (CommonEnglish) is made from the word lists of
// SCOWL (Spell Checker Oriented Word Lists, Kevin Atkinson), whose sizes
// rank words by how often they occur in print, as Debian packages four of
// them (package version 2020.12.07-2): tier 1 is SCOWL size 35
// (wamerican-small), tier 2 size 50 (wamerican), tier 3 size 70
// (wamerican-large) and tier 4 size 80 (wamerican-huge). Each size holds
// the ones below it. Only the lower-case entries of 2 to 15 letters a to z
// are kept (no proper nouns, abbreviations in capitals, possessives or
// accented words), upper-cased.
type CommonWords struct {
	// keys are the words' hashes (commonHash) with the low bits set to
	// their tier, sorted.
	keys  []uint64
	tiers int
	count []int // words by tier, count[t-1] for tier t
}

// The text format of common words (WriteCommonWords, ReadCommonWords):
// one word a line, upper case, in sections that each start with a line
// "=T" for tier T (1, 2, ...; in order); lines starting with "#" are
// comments. A word is listed once, in the lowest tier that holds it.

// MaxCommonTiers is the most tiers a CommonWords holds.
const MaxCommonTiers = 7

const tierBits = 3 // the low bits of a key: the tier (1..MaxCommonTiers)

// commonHash returns the FNV-1a hash of word upper-cased, with its low
// tierBits bits cleared, and false when word holds anything but the
// letters a to z in either case (no such word is common).
func commonHash[S string | []byte](word S) (uint64, bool) {
	h := uint64(14695981039346656037)
	for i := 0; i < len(word); i++ {
		c := word[i]
		switch {
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		case c >= 'A' && c <= 'Z':
		default:
			return 0, false
		}
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h &^ (1<<tierBits - 1), true
}

// Tier returns the tier of word (any case): 1 for the most common words,
// up to Tiers; 0 for a word in no tier (a word with other characters than
// a to z is in none).
func (c *CommonWords) Tier(word string) int {
	h, ok := commonHash(word)
	if !ok || len(word) == 0 {
		return 0
	}
	i, _ := slices.BinarySearch(c.keys, h)
	if i < len(c.keys) && c.keys[i]&^(1<<tierBits-1) == h {
		return int(c.keys[i] & (1<<tierBits - 1))
	}
	return 0
}

// Tiers returns the number of tiers.
func (c *CommonWords) Tiers() int { return c.tiers }

// Words returns the number of words of tier t (1 to Tiers); 0 for any
// other t.
func (c *CommonWords) Words(t int) int {
	if t < 1 || t > c.tiers {
		return 0
	}
	return c.count[t-1]
}

// ReadCommonWords reads common words in the text format (see
// WriteCommonWords), zstd-compressed or not. The error names the line at
// fault: a word before the first tier, a tier out of order or above
// MaxCommonTiers, a word with other characters than A to Z, a word
// listed twice.
func ReadCommonWords(r io.Reader) (*CommonWords, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileSize))
	if err != nil {
		return nil, fmt.Errorf("lexicon: common words: %w", err)
	}
	if len(data) >= 4 && string(data[:4]) == zstdMagic {
		dec, err := zstdDecoder()
		if err != nil {
			return nil, fmt.Errorf("lexicon: common words: %w", err)
		}
		if data, err = dec.DecodeAll(data, nil); err != nil {
			return nil, fmt.Errorf("lexicon: common words: zstd: %w", err)
		}
	}
	c := &CommonWords{keys: make([]uint64, 0, bytes.Count(data, []byte{'\n'})+1)}
	for line := 1; len(data) > 0; line++ {
		text := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		text = bytes.TrimSpace(text)
		switch {
		case len(text) == 0 || text[0] == '#':
			continue
		case text[0] == '=':
			t, err := strconv.Atoi(string(text[1:]))
			if err != nil || t != c.tiers+1 || t > MaxCommonTiers {
				return nil, fmt.Errorf("lexicon: common words: line %d: tier %q: want =%d (tiers in order, at most %d)", line, text, c.tiers+1, MaxCommonTiers)
			}
			c.tiers = t
			c.count = append(c.count, 0)
			continue
		case c.tiers == 0:
			return nil, fmt.Errorf("lexicon: common words: line %d: word %q before the first tier (=1)", line, text)
		}
		h, ok := commonHash(text)
		if !ok {
			return nil, fmt.Errorf("lexicon: common words: line %d: %q: want letters A to Z only", line, text)
		}
		c.keys = append(c.keys, h|uint64(c.tiers))
		c.count[c.tiers-1]++
	}
	slices.Sort(c.keys)
	for i := 1; i < len(c.keys); i++ {
		if c.keys[i]&^(1<<tierBits-1) == c.keys[i-1]&^(1<<tierBits-1) {
			return nil, fmt.Errorf("lexicon: common words: a word is listed twice (or two words share a hash)")
		}
	}
	c.keys = slices.Clip(c.keys)
	return c, nil
}

// WriteCommonWords writes tiers (tiers[0] the most common words, each
// further list a larger vocabulary, which may repeat the words of the
// lists before it) in the text format, zstd-compressed as the embedded
// lexicons are: each word once, in the first tier that holds it, sorted
// within its tier, after the comment lines of header. The output depends
// only on the words and header. Words must be upper-case A to Z.
func WriteCommonWords(w io.Writer, header string, tiers [][]string) error {
	if len(tiers) == 0 || len(tiers) > MaxCommonTiers {
		return fmt.Errorf("lexicon: common words: %d tiers: want 1 to %d", len(tiers), MaxCommonTiers)
	}
	var b bytes.Buffer
	for l := range strings.SplitSeq(strings.TrimSpace(header), "\n") {
		fmt.Fprintf(&b, "# %s\n", strings.TrimSpace(l))
	}
	seen := map[string]bool{}
	for t, words := range tiers {
		fmt.Fprintf(&b, "=%d\n", t+1)
		words = slices.Clone(words)
		slices.Sort(words)
		for _, word := range slices.Compact(words) {
			if _, ok := commonHash(word); !ok || word == "" || strings.ToUpper(word) != word {
				return fmt.Errorf("lexicon: common words: tier %d: %q: want upper-case letters A to Z only", t+1, word)
			}
			if !seen[word] {
				seen[word] = true
				b.WriteString(word)
				b.WriteByte('\n')
			}
		}
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return fmt.Errorf("lexicon: common words: %w", err)
	}
	_, err = w.Write(enc.EncodeAll(b.Bytes(), nil))
	return err
}

// commonData is the embedded English common words (CommonEnglish),
// zstd-compressed; `make lexicons LEXICONS=common` rebuilds it byte for
// byte from the Debian packages.
//
//go:embed embed/en-common.txt.zst
var commonData []byte

var commonEnglish = sync.OnceValues(func() (*CommonWords, error) {
	return ReadCommonWords(bytes.NewReader(commonData))
})

// CommonEnglish returns the embedded English common words (four tiers,
// see CommonWords), decoded on first use (a few tens of milliseconds,
// 1.9 MB) and shared afterwards. An error means the binary was built with
// a damaged artifact.
func CommonEnglish() (*CommonWords, error) { return commonEnglish() }
