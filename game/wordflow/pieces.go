package wordflow

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"wordengine/game"
	"wordengine/lexicon"
)

// Kind is what a piece is: a corner, an edge or an inner piece.
type Kind uint8

// The kinds of pieces.
const (
	Corner Kind = iota
	Edge
	Inner
)

// String returns "corner", "edge" or "inner".
func (k Kind) String() string {
	switch k {
	case Corner:
		return "corner"
	case Edge:
		return "edge"
	}
	return "inner"
}

// Side is the straight side (or sides) of a border piece. Edges have one
// of N, E, S, W; corners one of NW, NE, SE, SW; inner pieces NoSide.
type Side uint8

// The sides. An edge on side N lies in the top row with its straight side
// up; the NE corner is the top-right corner, and so on.
const (
	NoSide Side = iota
	N
	E
	S
	W
	NW
	NE
	SE
	SW
)

var sideNames = [...]string{"-", "N", "E", "S", "W", "NW", "NE", "SE", "SW"}

// String returns the side's name ("N", "NE", ...; "-" for NoSide).
func (s Side) String() string {
	if int(s) < len(sideNames) {
		return sideNames[s]
	}
	return "?"
}

// Arrows of a piece: bit set of Right and Down.
const (
	Right uint8 = 1 // the piece points at its right neighbour
	Down  uint8 = 2 // the piece points at the neighbour below it
)

// Parity is the jigsaw parity of a piece: A (tabs out) fits the cells
// whose row+column is even, B (slots) the odd ones; AnyParity (corners
// only) fits both (see the package doc).
type Parity uint8

// The parities.
const (
	A Parity = iota
	B
	AnyParity
)

// String returns "A", "B" or "*".
func (p Parity) String() string {
	switch p {
	case A:
		return "A"
	case B:
		return "B"
	}
	return "*"
}

// Fits reports whether a piece of parity p fits cell (r, c).
func (p Parity) Fits(r, c int) bool {
	return p == AnyParity || (p == A) == ((r+c)%2 == 0)
}

// Piece is one wooden piece. Label holds 0 (corner), 1 or 2 (bigram)
// letters as tile codes of the set's alphabet; Points is its value in
// points; Arrows is a bit set of Right and Down.
type Piece struct {
	Kind   Kind
	Side   Side
	Label  [2]lexicon.Tile
	Len    uint8 // letters in Label: 0, 1 or 2
	Points uint8
	Arrows uint8
	Parity Parity
}

// Letters returns the piece's label as tiles.
func (p *Piece) Letters() []lexicon.Tile { return p.Label[:p.Len] }

// arrowText is how arrows are written: "-" none, ">" right, "v" down,
// "+" both.
var arrowText = [4]string{"-", ">", "v", "+"}

func parseArrows(s string) (uint8, bool) {
	for i, t := range arrowText {
		if s == t {
			return uint8(i), true
		}
	}
	return 0, false
}

// Default set sizes (rules: 4 + 48 + 144 = 196 = 14x14).
const (
	SetSize      = 196 // pieces in a set
	EdgesPerSide = 12  // edge pieces of each side
	InnerPieces  = 144 // inner pieces
	MaxSide      = 14  // the largest puzzle is 14x14
	MinSide      = 4   // the smallest framed puzzle is 4x4
)

// Set is a complete set of pieces, indexed by piece id 0..SetSize-1, over
// an alphabet.
type Set struct {
	Name     string
	Alphabet *lexicon.Alphabet
	Pieces   []Piece

	facesOnce sync.Once
	faces     []Piece // Pieces and the evaluation's probe pieces
}

//go:embed data/pieces.txt
var defaultSetText string

// DefaultSetFile is the path of the default set in the repository, as
// error messages name it.
const DefaultSetFile = "game/wordflow/data/pieces.txt"

var (
	defaultMu   sync.Mutex
	defaultSets = map[*lexicon.Alphabet]*Set{}
)

// DefaultSet returns the canonical default set (data/pieces.txt, derived
// by the generator in gen_test.go; see the package doc) over alphabet a,
// which must hold the letters A to Z. The set is read once per alphabet
// and shared: callers must not modify it.
func DefaultSet(a *lexicon.Alphabet) (*Set, error) {
	defaultMu.Lock()
	defer defaultMu.Unlock()
	if set, ok := defaultSets[a]; ok {
		return set, nil
	}
	set, err := ParseSet(strings.NewReader(defaultSetText), DefaultSetFile, a)
	if err != nil {
		return nil, err
	}
	defaultSets[a] = set
	return set, nil
}

// LoadSet reads a piece set file (format in FormatSet) over alphabet a.
// A file that cannot be read wraps a *game.FileError naming path.
func LoadSet(path string, a *lexicon.Alphabet) (*Set, error) {
	f, err := game.OpenFile(path)
	if err != nil {
		return nil, fmt.Errorf("wordflow: %w", err)
	}
	defer f.Close()
	return ParseSet(f, path, a)
}

// ParseSet reads a piece set: one piece a line, fields separated by
// spaces, '#' starts a comment:
//
//	kind side label points arrows parity
//	corner NW - 0 - *
//	edge N T 1 > A
//	inner TH 5 v B      (inner pieces have no side field)
//
// arrows are "-" none, ">" right, "v" down, "+" both; parity A, B or "*"
// (corners only). It checks the whole set: exactly one corner of each of
// NW, NE, SE, SW, without label, points or arrows; EdgesPerSide edges per
// side with one letter, half of each parity; InnerPieces inner pieces of
// one or two letters, half of each parity; no arrow pointing off the
// puzzle (an E edge has no right arrow, an S edge no down arrow); letters
// of alphabet a. Errors read "name:line: what is wrong"; set-wide counts
// name the line of the last piece concerned, or the end of the file.
func ParseSet(r io.Reader, name string, a *lexicon.Alphabet) (*Set, error) {
	set := &Set{Name: name, Alphabet: a}
	sc := bufio.NewScanner(r)
	line := 0
	var lastLine [3][9]int // kind, side -> line of the last such piece
	var count [3][9]int
	var parity [3][9][2]int
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
		}
		var p Piece
		switch f[0] {
		case "corner":
			p.Kind = Corner
		case "edge":
			p.Kind = Edge
		case "inner":
			p.Kind = Inner
			f = append([]string{f[0], "-"}, f[1:]...)
		default:
			return nil, errf("unknown kind %q (want corner, edge or inner)", f[0])
		}
		if len(f) != 6 {
			return nil, errf("%s piece: want %d fields (kind side label points arrows parity), got %d", f[0], 6-boolInt(p.Kind == Inner), len(f)-boolInt(p.Kind == Inner))
		}
		side := NoSide
		for i, n := range sideNames {
			if f[1] == n {
				side = Side(i)
			}
		}
		switch {
		case p.Kind == Corner && (side < NW):
			return nil, errf("corner side %q: want NW, NE, SE or SW", f[1])
		case p.Kind == Edge && (side < N || side > W):
			return nil, errf("edge side %q: want N, E, S or W", f[1])
		}
		p.Side = side
		if f[2] != "-" {
			tiles, err := a.Split(nil, strings.ToUpper(f[2]))
			if err != nil {
				return nil, errf("unknown letter in label %q: not in alphabet %s (%v)", f[2], a.Name(), err)
			}
			if len(tiles) > 2 {
				return nil, errf("label %q has %d letters; at most 2 (a bigram)", f[2], len(tiles))
			}
			p.Len = uint8(len(tiles))
			copy(p.Label[:], tiles)
		}
		switch {
		case p.Kind == Corner && p.Len != 0:
			return nil, errf("corner with label %q; corners are blank (write -)", f[2])
		case p.Kind == Edge && p.Len != 1:
			return nil, errf("edge label %q: want one letter", f[2])
		case p.Kind == Inner && p.Len == 0:
			return nil, errf("inner piece without a label")
		}
		pts, err := strconv.Atoi(f[3])
		if err != nil || pts < 0 || pts > 99 {
			return nil, errf("points %q: want 0 to 99", f[3])
		}
		if p.Kind == Corner && pts != 0 {
			return nil, errf("corner with %d points; corners score 0", pts)
		}
		p.Points = uint8(pts)
		arr, ok := parseArrows(f[4])
		if !ok {
			return nil, errf("arrows %q: want - (none), > (right), v (down) or + (both)", f[4])
		}
		switch {
		case p.Kind == Corner && arr != 0:
			return nil, errf("corner %s with arrows %q: an arrow would point off the puzzle or at no letter", side, f[4])
		case p.Kind == Edge && side == E && arr&Right != 0:
			return nil, errf("E edge with a right arrow points off the puzzle")
		case p.Kind == Edge && side == S && arr&Down != 0:
			return nil, errf("S edge with a down arrow points off the puzzle")
		}
		p.Arrows = arr
		switch f[5] {
		case "A":
			p.Parity = A
		case "B":
			p.Parity = B
		case "*":
			p.Parity = AnyParity
		default:
			return nil, errf("parity %q: want A, B or * (corners)", f[5])
		}
		if (p.Kind == Corner) != (p.Parity == AnyParity) {
			return nil, errf("bad parity %q for a %s piece: corners are *, other pieces A or B", f[5], p.Kind)
		}
		if len(set.Pieces) >= SetSize {
			return nil, errf("more than %d pieces", SetSize)
		}
		set.Pieces = append(set.Pieces, p)
		count[p.Kind][p.Side]++
		lastLine[p.Kind][p.Side] = line
		if p.Parity != AnyParity {
			parity[p.Kind][p.Side][p.Parity]++
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line, err)
	}
	if len(set.Pieces) == 0 {
		return nil, fmt.Errorf("%s:%d: no pieces (an empty file?): want %d (4 corners, %d edges, %d inner)", name, max(line, 1), SetSize, 4*EdgesPerSide, InnerPieces)
	}
	at := func(k Kind, s Side) int {
		if l := lastLine[k][s]; l > 0 {
			return l
		}
		return line
	}
	for _, s := range []Side{NW, NE, SE, SW} {
		if n := count[Corner][s]; n != 1 {
			return nil, fmt.Errorf("%s:%d: %d %s corners, want 1", name, at(Corner, s), n, s)
		}
	}
	for _, s := range []Side{N, E, S, W} {
		if n := count[Edge][s]; n != EdgesPerSide {
			return nil, fmt.Errorf("%s:%d: %d edge pieces on side %s, want %d", name, at(Edge, s), n, s, EdgesPerSide)
		}
		if pa := parity[Edge][s]; pa[A] != pa[B] {
			return nil, fmt.Errorf("%s:%d: bad parity: side %s has %d A and %d B edges, want %d of each", name, at(Edge, s), s, pa[A], pa[B], EdgesPerSide/2)
		}
	}
	if n := count[Inner][NoSide]; n != InnerPieces {
		return nil, fmt.Errorf("%s:%d: %d inner pieces, want %d", name, at(Inner, NoSide), n, InnerPieces)
	}
	if pa := parity[Inner][NoSide]; pa[A] != pa[B] {
		return nil, fmt.Errorf("%s:%d: bad parity: %d A and %d B inner pieces, want %d of each", name, at(Inner, NoSide), pa[A], pa[B], InnerPieces/2)
	}
	return set, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FormatPiece writes p as a line of a set file (see ParseSet).
func (set *Set) FormatPiece(p *Piece) string {
	label := "-"
	if p.Len > 0 {
		label = set.Alphabet.Word(p.Letters())
	}
	if p.Kind == Inner {
		return fmt.Sprintf("inner %s %d %s %s", label, p.Points, arrowText[p.Arrows], p.Parity)
	}
	return fmt.Sprintf("%s %s %s %d %s %s", p.Kind, p.Side, label, p.Points, arrowText[p.Arrows], p.Parity)
}

// WriteSet writes the set in the format ParseSet reads, after the given
// comment lines (each prefixed "# ").
func (set *Set) WriteSet(w io.Writer, comments ...string) error {
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		fmt.Fprintf(bw, "# %s\n", c)
	}
	for i := range set.Pieces {
		fmt.Fprintln(bw, set.FormatPiece(&set.Pieces[i]))
	}
	return bw.Flush()
}
