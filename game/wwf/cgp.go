package wwf

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

const cgpName = "cgp"

// CGPOption is one operation of a CGP record, such as "lex CSW21;".
type CGPOption struct {
	Key   string // the opcode without a leading '-': "lex", "ld", "lm", "bdn"
	Value string // the operands, separated by single spaces; may be empty
}

// CGP is a crossword game position in the CGP format:
//
//	BOARD RACKS SCORES ZERO-TURNS [OPTIONS]
//	15/15/.../7DOG5/... ABC?/DEF 120/98 0 lex CSW21;
//
// The board is rows separated by '/', each row runs of empty squares
// (decimal numbers), letters (upper case a tile, lower case a blank
// standing for that letter) and bracketed multi-letter tiles ("[QU]",
// "[l·l]"). Racks are given for the player on turn first and separated by
// '/'; '?' is a blank and a rack may be empty. Scores follow in the order
// of the racks. Tile text stays as written, for lexicon.Alphabet.Parse.
type CGP struct {
	// Board holds rows of cells: "" an empty square, "A" a tile, "a" a
	// blank standing for A, "QU" or "qu" a multi-letter tile (written
	// "[QU]"). Rows all have the same length, from 1 to 26.
	Board     [][]string
	Racks     []string    // the rack on turn first; "" when unknown; at least two
	Scores    []int       // one per rack, same order
	ZeroTurns int         // consecutive scoreless turns before this position
	Options   []CGPOption // the options in order ("lex CSW21;" gives Key "lex", Value "CSW21")
}

// ParseCGP reads one CGP record. Fields are separated by any amount of
// white space. Options are accepted as "lex CSW21;" (the CGP
// specification) and as "-lex CSW21;" (MAGPIE), with or without the final
// ';'; without semicolons, dash-style options are split at each operand
// that starts with '-' and a letter ("-lex CSW21 -ld english").
//
// Errors are *FormatError values naming the field and the byte offset:
// "wwf: cgp: byte 34: row 3: 16 squares, want 15".
func ParseCGP(s string) (*CGP, error) {
	if !utf8.ValidString(s) {
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				return nil, cgpErr(i, "not UTF-8")
			}
			i += n
		}
	}
	fields, rest, restOff := cgpFields(s, 4)
	names := [...]string{"board", "racks", "scores", "zero-turn count"}
	if len(fields) < 4 {
		return nil, cgpErr(len(s), fmt.Sprintf("missing %s field: want BOARD RACKS SCORES ZERO-TURNS [OPTIONS]", names[len(fields)]))
	}
	c := &CGP{}
	var err error
	if c.Board, err = parseCGPBoard(fields[0].text, fields[0].off); err != nil {
		return nil, err
	}
	racks := cgpSplit(fields[1], '/')
	if len(racks) < 2 {
		return nil, cgpErr(fields[1].off, fmt.Sprintf("racks %q: want at least two racks separated by '/'", fields[1].text))
	}
	for _, r := range racks {
		if r.text != "" {
			if msg := tileTextError(r.text, "?"); msg != "" {
				return nil, cgpErr(r.off, fmt.Sprintf("rack %q: %s", r.text, msg))
			}
		}
		c.Racks = append(c.Racks, r.text)
	}
	scores := cgpSplit(fields[2], '/')
	if len(scores) != len(racks) {
		return nil, cgpErr(fields[2].off, fmt.Sprintf("%d scores for %d racks", len(scores), len(racks)))
	}
	for _, f := range scores {
		var v int
		if _, err := gcgNumber(f.text, &v); err != nil {
			return nil, cgpErr(f.off, fmt.Sprintf("score %q is not a number", f.text))
		}
		c.Scores = append(c.Scores, v)
	}
	z := fields[3]
	if _, err := gcgNumber(z.text, &c.ZeroTurns); err != nil || z.text[0] == '-' || z.text[0] == '+' {
		return nil, cgpErr(z.off, fmt.Sprintf("zero-turn count %q: want a number from 0", z.text))
	}
	if c.Options, err = parseCGPOptions(rest, restOff); err != nil {
		return nil, err
	}
	return c, nil
}

func cgpErr(off int, msg string) error {
	return &FormatError{Name: cgpName, Offset: off, Msg: msg}
}

type cgpField struct {
	text string
	off  int
}

// cgpFields returns the first n whitespace-separated fields of s and the
// text after them (leading space removed) with its offset.
func cgpFields(s string, n int) (fields []cgpField, rest string, restOff int) {
	i := 0
	for len(fields) < n {
		for i < len(s) {
			r, w := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsSpace(r) {
				break
			}
			i += w
		}
		if i == len(s) {
			return fields, "", i
		}
		j := i
		for j < len(s) {
			r, w := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += w
		}
		fields = append(fields, cgpField{s[i:j], i})
		i = j
	}
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			break
		}
		i += w
	}
	return fields, s[i:], i
}

// cgpSplit splits a field at sep, keeping offsets.
func cgpSplit(f cgpField, sep byte) []cgpField {
	var out []cgpField
	start := 0
	for i := 0; i <= len(f.text); i++ {
		if i == len(f.text) || f.text[i] == sep {
			out = append(out, cgpField{f.text[start:i], f.off + start})
			start = i + 1
		}
	}
	return out
}

func parseCGPBoard(s string, off int) ([][]string, error) {
	rows := cgpSplit(cgpField{s, off}, '/')
	if len(rows) > maxBoardSide {
		return nil, cgpErr(off, fmt.Sprintf("board has %d rows, want 1 to %d", len(rows), maxBoardSide))
	}
	board := make([][]string, 0, len(rows))
	for ri, row := range rows {
		var cells []string
		t := row.text
		for i := 0; i < len(t); {
			at := row.off + i
			r, n := utf8.DecodeRuneInString(t[i:])
			switch {
			case r >= '0' && r <= '9':
				j := i
				for j < len(t) && t[j] >= '0' && t[j] <= '9' {
					j++
				}
				k, err := strconv.Atoi(t[i:j])
				if err != nil || k < 1 || k > maxBoardSide || t[i] == '0' {
					return nil, cgpErr(at, fmt.Sprintf("row %d: run of empty squares %q: want 1 to %d", ri+1, t[i:j], maxBoardSide))
				}
				for ; k > 0; k-- {
					cells = append(cells, "")
				}
				n = j - i
			case r == '[':
				j := strings.IndexByte(t[i:], ']')
				if j < 0 {
					return nil, cgpErr(at, fmt.Sprintf("row %d: '[' without ']'", ri+1))
				}
				inner := t[i+1 : i+j]
				if inner == "" || strings.IndexFunc(inner, func(r rune) bool {
					return !unicode.IsLetter(r) && !unicode.IsMark(r) && r != '·'
				}) >= 0 {
					return nil, cgpErr(at, fmt.Sprintf("row %d: tile %q: want letters inside []", ri+1, t[i:i+j+1]))
				}
				cells = append(cells, inner)
				n = j + 1
			case unicode.IsLetter(r):
				for i+n < len(t) {
					m, w := utf8.DecodeRuneInString(t[i+n:])
					if !unicode.IsMark(m) {
						break
					}
					n += w
				}
				cells = append(cells, t[i:i+n])
			default:
				return nil, cgpErr(at, fmt.Sprintf("row %d: %q is neither a tile nor a number of empty squares", ri+1, r))
			}
			i += n
			if len(cells) > maxBoardSide {
				return nil, cgpErr(at, fmt.Sprintf("row %d: more than %d squares", ri+1, maxBoardSide))
			}
		}
		if len(cells) == 0 {
			return nil, cgpErr(row.off, fmt.Sprintf("row %d is empty", ri+1))
		}
		if ri > 0 && len(cells) != len(board[0]) {
			return nil, cgpErr(row.off, fmt.Sprintf("row %d: %d squares, want %d", ri+1, len(cells), len(board[0])))
		}
		board = append(board, cells)
	}
	return board, nil
}

// parseCGPOptions reads "op operands; op operands;" (see ParseCGP).
func parseCGPOptions(s string, off int) ([]CGPOption, error) {
	var opts []CGPOption
	for _, seg := range cgpSplit(cgpField{s, off}, ';') {
		words, _, _ := cgpFields(seg.text, len(seg.text))
		for k := 0; k < len(words); {
			w := words[k]
			key, dash := strings.CutPrefix(w.text, "-")
			if !cgpKeyOK(key) {
				return nil, cgpErr(seg.off+w.off, fmt.Sprintf("option %q: want a name of letters and digits", w.text))
			}
			k++
			var vals []string
			for ; k < len(words); k++ {
				v := words[k].text
				if dash && len(v) > 1 && v[0] == '-' && cgpIsLetterStart(v[1:]) {
					break
				}
				vals = append(vals, v)
			}
			opts = append(opts, CGPOption{Key: key, Value: strings.Join(vals, " ")})
		}
	}
	return opts, nil
}

func cgpIsLetterStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r)
}

func cgpKeyOK(key string) bool {
	if !cgpIsLetterStart(key) {
		return false
	}
	for _, r := range key {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' && r != '.' {
			return false
		}
	}
	return true
}

// String writes c as a CGP record in the form of the CGP specification:
// runs of empty squares as numbers, multi-letter tiles in brackets, single
// spaces between fields, and options as "key value;" (no dash) separated by
// single spaces. ParseCGP(c.String()) equals c for every c that ParseCGP
// returns.
func (c *CGP) String() string {
	var b strings.Builder
	for r, row := range c.Board {
		if r > 0 {
			b.WriteByte('/')
		}
		run := 0
		for _, cell := range row {
			if cell == "" {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			if first, _ := utf8.DecodeRuneInString(cell); len(tileUnits(cell)) == 1 && unicode.IsLetter(first) {
				b.WriteString(cell)
			} else {
				b.WriteString("[" + cell + "]")
			}
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
	}
	b.WriteByte(' ')
	b.WriteString(strings.Join(c.Racks, "/"))
	b.WriteByte(' ')
	for i, s := range c.Scores {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(strconv.Itoa(s))
	}
	fmt.Fprintf(&b, " %d", c.ZeroTurns)
	for _, o := range c.Options {
		b.WriteString(" " + o.Key)
		if o.Value != "" {
			b.WriteString(" " + o.Value)
		}
		b.WriteByte(';')
	}
	return b.String()
}

// Option returns the value of the first option named key (a leading '-'
// in key is ignored) and whether there is one.
func (c *CGP) Option(key string) (string, bool) {
	key = strings.TrimPrefix(key, "-")
	for _, o := range c.Options {
		if o.Key == key {
			return o.Value, true
		}
	}
	return "", false
}
