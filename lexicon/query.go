package lexicon

import (
	"fmt"
	"strings"
)

// Contains reports whether word, upper-case text in the lexicon's alphabet
// (for example "QUIZ", "AÑO"), is a word of the lexicon. Letters are
// matched longest first, as Alphabet.Split does. It does not allocate.
func (lx *Lexicon) Contains(word string) bool {
	g := &lx.DAWG
	n := g.root
	var a Arc
	if word == "" {
		return false
	}
	for i := 0; i < len(word); {
		t, size := lx.Alphabet.matchUpper(word, i)
		if size == 0 {
			return false
		}
		var ok bool
		if a, ok = g.Next(n, t); !ok {
			return false
		}
		n = a.Child()
		i += size
	}
	return a.Word()
}

// ContainsTiles reports whether the tiles (blank flags ignored) spell a
// word of the lexicon. It does not allocate.
func (lx *Lexicon) ContainsTiles(word []Tile) bool {
	if len(word) == 0 {
		return false
	}
	a, ok := lx.DAWG.Walk(word)
	return ok && a.Word()
}

// EachWord calls fn with every word in tile order until fn returns false.
// The slice is reused between calls; copy it to keep it.
func (lx *Lexicon) EachWord(fn func(word []Tile) bool) { lx.DAWG.Each(fn) }

// Anagrams calls fn with every word that the rack can spell, until fn
// returns false: with sub false, words that use every tile of the rack;
// with sub true, words of any length that use some of them. The rack holds
// letter codes and Blank; in the words passed to fn a blank appears as the
// letter it stands for with BlankFlag set. Each word is reported once:
// a blank is used only where the rack has no more of that letter, which
// loses no word (a word is spellable exactly when its letters missing from
// the rack number at most the blanks). The slice passed to fn is reused.
// Tiles that are not letters of the alphabet are ignored.
func (lx *Lexicon) Anagrams(rack []Tile, sub bool, fn func(word []Tile) bool) {
	var s anagramState
	for _, t := range rack {
		switch {
		case t == Blank:
			s.blanks++
		case t.IsBlank():
			s.blanks++ // a designated blank on a rack is still a blank
		case lx.Alphabet.Valid(t):
			s.counts[t]++
		default:
			continue
		}
		s.left++
	}
	s.g = &lx.DAWG
	s.sub = sub
	s.fn = fn
	s.word = make([]Tile, 0, len(rack))
	s.walk(lx.DAWG.root)
}

type anagramState struct {
	g      *Graph
	counts [MaxLetters + 1]uint8
	blanks int
	left   int
	sub    bool
	word   []Tile
	fn     func([]Tile) bool
	stop   bool
}

func (s *anagramState) walk(n Node) {
	if n == 0 || s.left == 0 {
		return
	}
	arcs := s.g.arcs
	for i := int(n); !s.stop; i++ {
		a := arcs[i]
		t := a.Tile()
		played := Tile(0)
		switch {
		case s.counts[t] > 0:
			s.counts[t]--
			played = t
		case s.blanks > 0 && t != Separator:
			s.blanks--
			played = t | BlankFlag
		}
		if played != 0 {
			s.left--
			s.word = append(s.word, played)
			if a.Word() && (s.sub || s.left == 0) && !s.fn(s.word) {
				s.stop = true
			}
			s.walk(a.Child())
			s.word = s.word[:len(s.word)-1]
			s.left++
			if played.IsBlank() {
				s.blanks++
			} else {
				s.counts[t]++
			}
		}
		if a.Last() {
			return
		}
	}
}

// ParsePattern reads a word pattern: letters of the alphabet (either case)
// and '.' for any one tile. In the result, any-tile positions are
// Separator (code 0). Errors wrap ErrSplit and give the byte offset.
func (lx *Lexicon) ParsePattern(pattern string) ([]Tile, error) {
	var out []Tile
	up := strings.ToUpper(pattern)
	for i := 0; i < len(up); {
		if up[i] == '.' {
			out = append(out, Separator)
			i++
			continue
		}
		t, n := lx.Alphabet.matchUpper(up, i)
		if n == 0 {
			return nil, lx.Alphabet.splitError(up, i)
		}
		out = append(out, t)
		i += n
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: empty pattern", ErrSplit)
	}
	return out, nil
}

// Match calls fn with every word that fits pattern (see ParsePattern: '.'
// is any one tile), in tile order, until fn returns false. It returns the
// pattern's parse error, if any. The slice passed to fn is reused.
func (lx *Lexicon) Match(pattern string, fn func(word []Tile) bool) error {
	p, err := lx.ParsePattern(pattern)
	if err != nil {
		return err
	}
	word := make([]Tile, len(p))
	lx.match(lx.DAWG.root, p, word, 0, fn)
	return nil
}

func (lx *Lexicon) match(n Node, p, word []Tile, d int, fn func([]Tile) bool) bool {
	if n == 0 {
		return true
	}
	arcs := lx.DAWG.arcs
	for i := int(n); ; i++ {
		a := arcs[i]
		if t := a.Tile(); p[d] == Separator || p[d] == t {
			word[d] = t
			if d == len(p)-1 {
				if a.Word() && !fn(word) {
					return false
				}
			} else if !lx.match(a.Child(), p, word, d+1, fn) {
				return false
			}
		}
		if a.Last() {
			return true
		}
	}
}
