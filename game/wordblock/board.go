package wordblock

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"wordengine/game/textpos"
	"wordengine/lexicon"
)

// Board sizes: rows and columns each range from MinSize to MaxSize.
const (
	MinSize     = 4
	MaxSize     = 8
	DefaultSize = 5
)

// stride is the distance between vertically adjacent cells: cell (r, c)
// has index r*stride + c whatever the board's width, so a board fits a
// uint64 bit set and a cell index fits 6 bits.
const stride = 8

// Board is the grid of letters. The letters never change during a game.
// The zero Board is empty (not playable).
type Board struct {
	rows, cols int
	tiles      [stride * MaxSize]lexicon.Tile // by cell index; 0 off the board
}

// NewBoard returns a board of the given rows of tiles (letter codes,
// blank flags ignored). Every row must have the same length; rows and
// columns must be in MinSize..MaxSize.
func NewBoard(rows [][]lexicon.Tile) (Board, error) {
	var b Board
	if len(rows) < MinSize || len(rows) > MaxSize {
		return b, fmt.Errorf("wordblock: board of %d rows: want %d to %d", len(rows), MinSize, MaxSize)
	}
	b.rows, b.cols = len(rows), len(rows[0])
	for r, row := range rows {
		if len(row) != b.cols {
			return b, fmt.Errorf("wordblock: board row %d has %d letters, row 1 has %d", r+1, len(row), b.cols)
		}
		for c, t := range row {
			if t.Letter() == 0 {
				return b, fmt.Errorf("wordblock: board row %d column %d: no letter", r+1, c+1)
			}
			b.tiles[r*stride+c] = t.Letter()
		}
	}
	if b.cols < MinSize || b.cols > MaxSize {
		return b, fmt.Errorf("wordblock: board of %d columns: want %d to %d", b.cols, MinSize, MaxSize)
	}
	return b, nil
}

// Rows returns the number of rows.
func (b *Board) Rows() int { return b.rows }

// Cols returns the number of columns.
func (b *Board) Cols() int { return b.cols }

// Tile returns the letter at row r, column c (0-based).
func (b *Board) Tile(r, c int) lexicon.Tile { return b.tiles[r*stride+c] }

// Format writes the board as ParseBoard reads it: rows of letters
// separated by '/', multi-character letters bracketed.
func (b *Board) Format(a *lexicon.Alphabet) string {
	var sb strings.Builder
	row := make([]lexicon.Tile, b.cols)
	for r := range b.rows {
		if r > 0 {
			sb.WriteByte('/')
		}
		copy(row, b.tiles[r*stride:r*stride+b.cols])
		a.AppendFormat(&sb, row)
	}
	return sb.String()
}

// ParseBoard reads a board as text: one row per line, or rows separated
// by '/', letters of alphabet a in either case ("[QU]" brackets a
// multi-character letter), spaces ignored. The error is a *SyntaxError
// giving the line and column (a '/'-separated board is line 1).
func ParseBoard(a *lexicon.Alphabet, text string) (Board, error) {
	var rows [][]lexicon.Tile
	line, col := 1, 1
	last := 1 // the line of the last row read
	sep := "\n"
	if !strings.Contains(text, "\n") {
		sep = "/"
	}
	for _, raw := range strings.Split(text, sep) {
		raw = strings.TrimRight(raw, "\r")
		if strings.TrimSpace(raw) != "" {
			row, err := parseLetters(a, raw, line, col)
			if err != nil {
				return Board{}, err
			}
			if len(rows) > 0 && len(row) != len(rows[0]) {
				return Board{}, &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf("row %d has %d letters, row 1 has %d", len(rows)+1, len(row), len(rows[0]))}
			}
			rows = append(rows, row)
			last = line
		}
		if sep == "\n" {
			line++
		} else {
			col += utf8.RuneCountInString(raw) + 1
		}
	}
	if len(rows) < MinSize || len(rows) > MaxSize {
		return Board{}, &SyntaxError{Line: last, Col: 1, Msg: fmt.Sprintf("%d rows: want %d to %d", len(rows), MinSize, MaxSize)}
	}
	if n := len(rows[0]); n < MinSize || n > MaxSize {
		return Board{}, &SyntaxError{Line: 1, Col: 1, Msg: fmt.Sprintf("%d columns: want %d to %d", n, MinSize, MaxSize)}
	}
	return NewBoard(rows)
}

// parseLetters reads one row of letters (either case, spaces ignored).
// col is the column of text[0] in its line.
func parseLetters(a *lexicon.Alphabet, text string, line, col int) ([]lexicon.Tile, error) {
	var row []lexicon.Tile
	for i, field := range fieldsWithOffsets(text) {
		upper := strings.ToUpper(field)
		tiles, off, err := splitRun(a, upper)
		if err != nil {
			// off is a byte offset in upper, whose length can differ
			// from field's (invalid UTF-8 becomes U+FFFD, some letters
			// change length); ToUpper maps rune for rune, so count runes.
			c := col + utf8.RuneCountInString(text[:i]) + utf8.RuneCountInString(upper[:off])
			return nil, &SyntaxError{Line: line, Col: c, Msg: err.Error()}
		}
		for _, t := range tiles {
			row = append(row, t.Letter())
		}
	}
	return row, nil
}

// splitRun reads a run of upper-case letters ("[QU]" brackets a
// multi-character letter). On failure it returns the byte offset of the
// first character that does not read as a letter.
func splitRun(a *lexicon.Alphabet, text string) ([]lexicon.Tile, int, error) {
	if i := strings.IndexByte(text, '?'); i >= 0 {
		return nil, i, errors.New("'?' is not a letter")
	}
	tiles, err := a.Parse(nil, text)
	if err == nil {
		return tiles, 0, nil
	}
	off := 0
	for j := range text {
		if _, e := a.Parse(nil, text[:j]); e == nil {
			off = j
		}
	}
	return nil, off, err
}

// SyntaxError reports a problem in a board or position text: Line and
// Col count from 1, Col in characters (runes); it writes "line L, column
// C: message".
type SyntaxError = textpos.Error

// frequencies holds, per lexicon, the letter counts over all its words.
var frequencies sync.Map // *lexicon.Lexicon -> *letterStats

type letterStats struct {
	cum    []int // cumulative counts by letter code (index 0 unused)
	vowels []int // cumulative counts of the vowels only
	vowel  []bool
}

// stats returns the letter statistics of lx, computed once per lexicon:
// how often each letter occurs in its words (the "letter frequency of the
// language" as the word list has it) and which letters are vowels.
func stats(lx *lexicon.Lexicon) *letterStats {
	if v, ok := frequencies.Load(lx); ok {
		return v.(*letterStats)
	}
	n := lx.Alphabet.Size()
	counts := make([]int, n+1)
	lx.EachWord(func(w []lexicon.Tile) bool {
		for _, t := range w {
			counts[t.Letter()]++
		}
		return true
	})
	st := &letterStats{cum: make([]int, n+1), vowels: make([]int, n+1), vowel: make([]bool, n+1)}
	for t := 1; t <= n; t++ {
		c := max(counts[t], 1) // every letter can appear
		st.vowel[t] = isVowel(lx.Alphabet.Letter(lexicon.Tile(t)))
		st.cum[t] = st.cum[t-1] + c
		st.vowels[t] = st.vowels[t-1]
		if st.vowel[t] {
			st.vowels[t] += c
		}
	}
	v, _ := frequencies.LoadOrStore(lx, st)
	return v.(*letterStats)
}

// isVowel reports whether a letter is a vowel: its first character,
// without diacritics, is A, E, I, O or U (so Ä, É are vowels; Y is not).
func isVowel(letter string) bool {
	d := norm.NFD.String(letter)
	r, _ := utf8.DecodeRuneInString(d)
	return strings.ContainsRune("AEIOU", unicode.ToUpper(r))
}

// draw picks a letter code from cumulative counts cum.
func draw(cum []int, rng *rand.Rand) lexicon.Tile {
	x := rng.IntN(cum[len(cum)-1])
	lo, hi := 1, len(cum)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if cum[mid] > x {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lexicon.Tile(lo)
}

// RandomBoard draws a rows x cols board: each letter independently by its
// frequency in the words of lx, each row redrawn until it holds at least
// one vowel (when the alphabet has vowels). The same rng state gives the
// same board.
func RandomBoard(lx *lexicon.Lexicon, rows, cols int, rng *rand.Rand) (Board, error) {
	if rows < MinSize || rows > MaxSize || cols < MinSize || cols > MaxSize {
		return Board{}, fmt.Errorf("wordblock: board %dx%d: want rows and columns from %d to %d", rows, cols, MinSize, MaxSize)
	}
	st := stats(lx)
	hasVowels := st.vowels[len(st.vowels)-1] > 0
	grid := make([][]lexicon.Tile, rows)
	for r := range grid {
		row := make([]lexicon.Tile, cols)
		for try := 0; ; try++ {
			vowel := false
			for c := range row {
				row[c] = draw(st.cum, rng)
				vowel = vowel || st.vowel[row[c]]
			}
			if vowel || !hasVowels {
				break
			}
			if try == 1000 { // practically unreachable: force one vowel
				row[rng.IntN(cols)] = draw(st.vowels, rng)
				break
			}
		}
		grid[r] = row
	}
	return NewBoard(grid)
}

// fieldsWithOffsets iterates over the space-separated fields of text with
// their byte offsets.
func fieldsWithOffsets(text string) func(yield func(int, string) bool) {
	return func(yield func(int, string) bool) {
		for i := 0; i < len(text); {
			r, size := utf8.DecodeRuneInString(text[i:])
			if unicode.IsSpace(r) {
				i += size
				continue
			}
			j := i
			for j < len(text) {
				r, size := utf8.DecodeRuneInString(text[j:])
				if unicode.IsSpace(r) {
					break
				}
				j += size
			}
			if !yield(i, text[i:j]) {
				return
			}
			i = j
		}
	}
}
