package crossword

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Premium is the bonus of one square. Letter multiplies the value of a tile
// newly placed on the square; Word multiplies the whole of every word that
// runs through the square when its tile is new. 1 means no bonus (the zero
// value is not a valid premium). Layouts read by ParseLayout hold
// multipliers 1 to 4, and never both a letter and a word bonus on one
// square.
type Premium struct {
	Letter uint8 // multiplier of a new tile's points on this square: 1 (none), 2, 3 or 4
	Word   uint8 // multiplier of the points of a word with a new tile here: 1 (none), 2, 3 or 4
}

// Layout is a board: its size, its start square and the premium of every
// square. A Layout read by ParseLayout or LayoutByName is a fresh value the
// caller may modify.
type Layout struct {
	// Name identifies the layout, for example "wwf" or "scrabble".
	Name string
	// Rows and Cols are the board's height and width in squares (1 to 26:
	// columns are lettered A to Z).
	Rows, Cols int
	// Start is the index r*Cols+c (row r, column c, both from 0) of the
	// square the first play must cover.
	Start int
	// Premiums holds the Rows*Cols squares row by row.
	Premiums []Premium
}

// ErrUnknownLayout is wrapped by the error LayoutByName returns for a name
// it does not know.
var ErrUnknownLayout = errors.New("crossword: unknown layout")

// layoutMaxDim is the largest number of rows or columns ParseLayout
// accepts: columns are lettered A to Z.
const layoutMaxDim = 26

// layoutCodes lists the square codes of the grid format, for error
// messages.
const layoutCodes = ". * d t q D T Q"

//go:embed data/layouts/*.txt
var layoutFS embed.FS

// ParseLayout reads a board in the grid format of the rules
// (rules/wwf.md), named name:
//
//	   A B C D E ...
//	1  . . . T . ...
//	2  . . d . . ...
//
// The first line is the header: the column letters from A, one per column
// (at most 26). Each following line is a row (at most 26): its number
// (from 1, in order), then one code per square. Fields are separated by
// spaces or tabs. The codes are:
//
//	.  no premium            *  the start square, no premium
//	d  double letter         D  double word
//	t  triple letter         T  triple word
//	q  quadruple letter      Q  quadruple word
//
// Blank lines and lines whose first non-space character is '#' are
// ignored; leading spaces and trailing spaces are not significant. A board
// without '*' starts on its centre square, which must then exist (odd
// numbers of rows and columns); at most one '*' is allowed.
//
// An error about one line starts with "crossword: layout NAME line L col
// C:", L and C counting from 1 (C in characters), and says what is wrong
// there: a header letter, a row number, a square code, the number of
// squares in a row, a second '*'. An error about the whole text (no
// header, no rows, no start square) starts with "crossword: layout NAME:".
func ParseLayout(name, text string) (*Layout, error) {
	l := &Layout{Name: name, Start: -1}
	errAt := func(line, col int, format string, args ...any) error {
		return fmt.Errorf("crossword: layout %q line %d col %d: %s", name, line, col, fmt.Sprintf(format, args...))
	}
	header := false
	lineNo := 0
	startLine, startCol := 0, 0
	for raw := range strings.SplitSeq(text, "\n") {
		lineNo++
		line := strings.TrimSuffix(raw, "\r")
		fields := layoutFields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0].text, "#") {
			continue
		}
		if !header {
			header = true
			if len(fields) > layoutMaxDim {
				return nil, errAt(lineNo, fields[layoutMaxDim].col, "header has %d columns: want at most %d", len(fields), layoutMaxDim)
			}
			for c, f := range fields {
				if want := string(rune('A' + c)); f.text != want {
					return nil, errAt(lineNo, f.col, "header: column %d is %q: want %q", c+1, f.text, want)
				}
			}
			l.Cols = len(fields)
			continue
		}
		r := l.Rows
		if r == layoutMaxDim {
			return nil, errAt(lineNo, fields[0].col, "more than %d rows", layoutMaxDim)
		}
		if n, err := strconv.Atoi(fields[0].text); err != nil || n != r+1 {
			return nil, errAt(lineNo, fields[0].col, "row number %q: want %d", fields[0].text, r+1)
		}
		squares := fields[1:]
		if len(squares) > l.Cols {
			return nil, errAt(lineNo, squares[l.Cols].col, "row %d has %d squares: want %d", r+1, len(squares), l.Cols)
		}
		if len(squares) < l.Cols {
			return nil, errAt(lineNo, utf8.RuneCountInString(line)+1, "row %d has %d squares: want %d", r+1, len(squares), l.Cols)
		}
		for c, f := range squares {
			p, ok := layoutPremium(f.text)
			if !ok {
				return nil, errAt(lineNo, f.col, "square %c%d: %q is not a square code: want one of %s", 'A'+c, r+1, f.text, layoutCodes)
			}
			if f.text == "*" {
				if l.Start >= 0 {
					return nil, errAt(lineNo, f.col, "second start square %c%d: the first is on line %d col %d",
						'A'+c, r+1, startLine, startCol)
				}
				l.Start = r*l.Cols + c
				startLine, startCol = lineNo, f.col
			}
			l.Premiums = append(l.Premiums, p)
		}
		l.Rows++
	}
	switch {
	case !header:
		return nil, fmt.Errorf("crossword: layout %q: no header line", name)
	case l.Rows == 0:
		return nil, fmt.Errorf("crossword: layout %q: no rows", name)
	case l.Start < 0 && (l.Rows%2 == 0 || l.Cols%2 == 0):
		return nil, fmt.Errorf("crossword: layout %q: no start square '*', and a %dx%d board has no centre square", name, l.Rows, l.Cols)
	case l.Start < 0:
		l.Start = l.Rows/2*l.Cols + l.Cols/2
	}
	return l, nil
}

// layoutField is one space-separated word of a grid line and the column
// (in characters, from 1) where it starts.
type layoutField struct {
	text string
	col  int
}

// layoutFields splits line at spaces and tabs.
func layoutFields(line string) []layoutField {
	var out []layoutField
	col, start, startCol := 0, -1, 0
	for i, r := range line {
		col++
		if r == ' ' || r == '\t' {
			if start >= 0 {
				out = append(out, layoutField{line[start:i], startCol})
				start = -1
			}
			continue
		}
		if start < 0 {
			start, startCol = i, col
		}
	}
	if start >= 0 {
		out = append(out, layoutField{line[start:], startCol})
	}
	return out
}

// layoutPremium returns the premium of a square code.
func layoutPremium(code string) (Premium, bool) {
	switch code {
	case ".", "*":
		return Premium{1, 1}, true
	case "d":
		return Premium{2, 1}, true
	case "t":
		return Premium{3, 1}, true
	case "q":
		return Premium{4, 1}, true
	case "D":
		return Premium{1, 2}, true
	case "T":
		return Premium{1, 3}, true
	case "Q":
		return Premium{1, 4}, true
	}
	return Premium{}, false
}

// layoutCode returns the square code of p, '?' when the grid format has
// none (both a letter and a word bonus, or a multiplier outside 1 to 4).
func layoutCode(p Premium) byte {
	switch p {
	case Premium{1, 1}:
		return '.'
	case Premium{2, 1}:
		return 'd'
	case Premium{3, 1}:
		return 't'
	case Premium{4, 1}:
		return 'q'
	case Premium{1, 2}:
		return 'D'
	case Premium{1, 3}:
		return 'T'
	case Premium{1, 4}:
		return 'Q'
	}
	return '?'
}

// String returns the layout in the grid format ParseLayout reads, a line
// per row, each ending in a newline. The start square is written '*' when
// it has no premium; a start square with a premium is written as its
// premium, which ParseLayout reads back as the start only on the centre
// square. Squares the format cannot express (see Premium) are written '?'.
// So ParseLayout(l.Name, l.String()) equals l for every layout ParseLayout
// returns.
func (l *Layout) String() string {
	var b strings.Builder
	b.WriteString("   ")
	for c := range l.Cols {
		b.WriteByte(' ')
		b.WriteByte(byte('A' + c))
	}
	b.WriteByte('\n')
	for r := range l.Rows {
		fmt.Fprintf(&b, "%2d ", r+1)
		for c := range l.Cols {
			i := r*l.Cols + c
			b.WriteByte(' ')
			if p := l.Premiums[i]; i == l.Start && p == (Premium{1, 1}) {
				b.WriteByte('*')
			} else {
				b.WriteByte(layoutCode(p))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// LayoutByName returns an embedded layout:
//
//	"wwf"       Words With Friends, 15x15, start H8 without premium
//	"scrabble"  classic Scrabble, 15x15, start H8 on a double word
//	"super"     Super Scrabble, 21x21, start K11 on a double word, with
//	            quadruple letter and quadruple word squares
//
// Each call returns a new value. The error for another name wraps
// ErrUnknownLayout and lists the known names.
func LayoutByName(name string) (*Layout, error) {
	if !slices.Contains(LayoutNames(), name) {
		return nil, fmt.Errorf("%w %q: want one of %s", ErrUnknownLayout, name, strings.Join(LayoutNames(), ", "))
	}
	data, err := layoutFS.ReadFile("data/layouts/" + name + ".txt")
	if err != nil {
		return nil, fmt.Errorf("crossword: layout %q: %w", name, err)
	}
	return ParseLayout(name, string(data))
}

// LayoutNames returns the names LayoutByName knows, sorted.
func LayoutNames() []string { return embeddedDataNames(layoutFS, "data/layouts") }

// embeddedDataNames returns the base names of the .txt files of dir in fsys,
// sorted.
func embeddedDataNames(fsys embed.FS, dir string) []string {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		panic(err) // the directory is embedded: it exists
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".txt"); ok && !e.IsDir() {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}
