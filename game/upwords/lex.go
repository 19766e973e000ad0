package upwords

import (
	"fmt"
	"slices"

	"wordengine/lexicon"
)

// words judges words of Upwords tiles against a lexicon, in one of two
// modes (see the package doc, "Lexicon"):
//   - letters: the lexicon's alphabet is A..Z (the embedded English one);
//     the Qu tile walks the two arcs Q then U, so a Q not followed by U
//     is never playable;
//   - qu: the lexicon's alphabet is lexicon.UpwordsAlphabet (built with
//     --alphabet upwords); every tile walks one arc.
type words struct {
	lex   *lexicon.Lexicon
	arcs  []lexicon.Arc
	root  lexicon.Node // DAWG root
	groot lexicon.Node // GADDAG root (the GADDAG shares the DAWG's arc array)
	quArc bool         // the lexicon has a QU letter with the Qu tile's code
}

var plainLetters = []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z"}

func newWords(lx *lexicon.Lexicon) (*words, error) {
	w := &words{lex: lx, arcs: lx.DAWG.Arcs(), root: lx.DAWG.Root(), groot: lx.GADDAG.Root()}
	if g := lx.GADDAG.Arcs(); len(g) != len(w.arcs) || (len(g) > 0 && &g[0] != &w.arcs[0]) {
		return nil, fmt.Errorf("upwords: lexicon %s: the GADDAG does not share the DAWG's arcs", lx.Name)
	}
	switch l := lx.Alphabet.Letters(); {
	case slices.Equal(l, plainLetters):
	case slices.Equal(l, Alphabet().Letters()):
		w.quArc = true
	default:
		return nil, fmt.Errorf("upwords: lexicon %s (alphabet %s, letters %v) is neither A-Z nor the Upwords alphabet with QU", lx.Name, lx.Alphabet.Name(), l)
	}
	return w, nil
}

// step follows tile t (a game tile code) from node n and returns the arc
// reached (its Child and Word), or false.
func (w *words) step(n lexicon.Node, t lexicon.Tile) (lexicon.Arc, bool) {
	a, ok := w.next(n, t)
	if !ok || w.quArc || t != tileQu {
		return a, ok
	}
	return w.next(a.Child(), tileU)
}

func (w *words) next(n lexicon.Node, t lexicon.Tile) (lexicon.Arc, bool) {
	if n == 0 {
		return 0, false
	}
	arcs := w.arcs
	for i := int(n); i < len(arcs); i++ {
		a := arcs[i]
		at := a.Tile()
		if at == t {
			return a, true
		}
		if at > t || a.Last() {
			break
		}
	}
	return 0, false
}

// stepLeft follows tile t from GADDAG node n in the reversed (leftward)
// part of an entry: the Qu tile walks U then Q.
func (w *words) stepLeft(n lexicon.Node, t lexicon.Tile) (lexicon.Arc, bool) {
	if w.quArc || t != tileQu {
		return w.next(n, t)
	}
	a, ok := w.next(n, tileU)
	if !ok {
		return 0, false
	}
	return w.next(a.Child(), tileQu)
}

// contains reports whether the game tiles spell a word.
func (w *words) contains(tiles []lexicon.Tile) bool {
	if len(tiles) == 0 {
		return false
	}
	a := lexicon.Arc(w.root)
	for _, t := range tiles {
		var ok bool
		if a, ok = w.step(a.Child(), t); !ok {
			return false
		}
	}
	return a.Word()
}
