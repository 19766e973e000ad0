package lexicon

// Lexicon is a word list compiled for play: an alphabet, a minimized DAWG
// of its words and a minimized GADDAG of the same words, sharing one arc
// array. A Lexicon is read-only and safe for concurrent use.
type Lexicon struct {
	// Name identifies the word list, for example "en-letterpress" or "sowpods".
	Name string
	// Alphabet maps the lexicon's tile codes to letters.
	Alphabet *Alphabet
	// DAWG accepts exactly the words (for checks, anagrams, patterns).
	DAWG Graph
	// GADDAG accepts, for every word w of n tiles and k in 1..n,
	// reverse(w[:k]) followed by Separator and w[k:] when k < n (Gordon 1994),
	// for anchored crossword move generation.
	GADDAG Graph

	words          int
	minLen, maxLen int
	checksum       uint32
}

// Words returns the number of distinct words.
func (lx *Lexicon) Words() int { return lx.words }

// Info summarises a lexicon for `wordengine lexicon info`.
type Info struct {
	Name     string `json:"name"`     // the lexicon's name
	Alphabet string `json:"alphabet"` // the alphabet's name
	Letters  int    `json:"letters"`  // letters in the alphabet
	Words    int    `json:"words"`    // distinct words
	MinLen   int    `json:"min_len"`  // shortest word, in tiles
	MaxLen   int    `json:"max_len"`  // longest word, in tiles
	// Arcs is the length of the shared arc array (4 bytes each).
	Arcs int `json:"arcs"`
	// DAWGNodes and DAWGArcs count what is reachable from the DAWG root;
	// GADDAGNodes and GADDAGArcs likewise (the two overlap).
	DAWGNodes   int `json:"dawg_nodes"`
	DAWGArcs    int `json:"dawg_arcs"`
	GADDAGNodes int `json:"gaddag_nodes"`
	GADDAGArcs  int `json:"gaddag_arcs"`
	// Bytes is the size of the encoded file, uncompressed.
	Bytes int `json:"bytes"`
	// Checksum is the CRC-32 (Castagnoli) stored in the file.
	Checksum uint32 `json:"checksum"`
}

// Info returns the lexicon's summary. It walks both automata (a few ms for
// the default lexicon).
func (lx *Lexicon) Info() Info {
	in := Info{
		Name:     lx.Name,
		Alphabet: lx.Alphabet.Name(),
		Letters:  lx.Alphabet.Size(),
		Words:    lx.words,
		MinLen:   lx.minLen,
		MaxLen:   lx.maxLen,
		Arcs:     len(lx.DAWG.arcs),
		Bytes:    lx.encodedSize(),
		Checksum: lx.Checksum(),
	}
	in.DAWGNodes, in.DAWGArcs = lx.DAWG.reachable()
	in.GADDAGNodes, in.GADDAGArcs = lx.GADDAG.reachable()
	return in
}

// Checksum returns the CRC-32 (Castagnoli) of the lexicon's encoding, as
// stored in its file.
func (lx *Lexicon) Checksum() uint32 { return lx.checksum }
