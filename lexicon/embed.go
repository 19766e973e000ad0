package lexicon

import (
	_ "embed"
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

// DefaultLong returns the embedded lexicon of the words of the default
// list longer than the default lexicon keeps (LongName: 16 letters and
// more), decoded and validated on first use (a few milliseconds) and
// shared afterwards. Together with Default it is the whole list.
func DefaultLong() (*Lexicon, error) { return longLexicon() }

// Default returns the embedded English lexicon (DefaultName), decoded and
// validated on first use (about 20 ms) and shared afterwards. An error
// means the binary was built with a damaged artifact.
func Default() (*Lexicon, error) { return defaultLexicon() }
