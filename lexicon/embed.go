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

// Default returns the embedded English lexicon (DefaultName), decoded and
// validated on first use (about 20 ms) and shared afterwards. An error
// means the binary was built with a damaged artifact.
func Default() (*Lexicon, error) { return defaultLexicon() }
