// Package textpos splits the text position formats of the board games
// (Upwords, WordBlock, 2 Way Words, WordFlow) into what they share, so
// that each game reads only its own lines and every error names the line
// and the column.
//
// # What the formats share
//
//	# a comment                         '#' starts a comment, to the end of the line
//	upwords size=8 players=3            the header: the game's name, then options
//	 1     .   .  C1  A3   .   ...      board rows and keyword lines: fields
//	rack 1 AEIMRST                      separated by white space
//
// Blank lines (and lines holding only a comment) are skipped. A carriage
// return is white space, so CRLF files read as LF ones. The first line
// left is the header: the game's name and its options, separated by
// spaces or commas (package option reads them). The other lines are the
// game's: board rows, and lines whose first field is a keyword ("rack",
// "turn") and whose other fields are its values.
//
// # Errors
//
// Errors are *Error values, "line 3, column 8: message", with the line
// from 1 and the column from 1 in characters (runes), or column 0 when the
// whole line is at fault.
//
//	doc := textpos.Split(text)
//	head, err := doc.Header("upwords")
//	...
//	for _, l := range doc.Lines[1:] {
//		switch l.Key() { ... default: return l.Unknown("rack", "score") }
//	}
package textpos

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"wordengine/game"
	"wordengine/game/option"
)

// Error is an error at a line and column of a position text.
type Error struct {
	// Line counts from 1; 0 when no one line is at fault (a position
	// whose parts do not agree).
	Line int
	// Col counts characters from 1; 0 when the whole line is at fault.
	Col int
	// Msg says what is wrong.
	Msg string
}

// Error returns "line L, column C: message" ("line L: message" for
// column 0, the message alone for line 0).
func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	if e.Col > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// Errorf returns an *Error at line and col.
func Errorf(line, col int, format string, args ...any) error {
	return &Error{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// Field is a run of characters other than white space, with its place.
type Field struct {
	Text      string
	Line, Col int
}

// Errorf returns an *Error at the field.
func (f Field) Errorf(format string, args ...any) error {
	return Errorf(f.Line, f.Col, format, args...)
}

// Int reads the field as a whole number from min to max (math.MinInt,
// math.MaxInt: no bound); what names it in the error:
// `score "x": want a whole number`.
func (f Field) Int(what string, min, max int) (int, error) {
	n, ok := option.Whole(f.Text, min, max)
	if !ok {
		return 0, f.Errorf("%s %q: want %s", what, f.Text, option.DescribeWhole(min, max))
	}
	return n, nil
}

// Line is a line of a position: its number, its text (the comment cut
// off) and its fields.
type Line struct {
	No     int
	Text   string
	Fields []Field
}

// Key returns the line's first field, its keyword.
func (l Line) Key() string { return l.Fields[0].Text }

// Args returns the fields after the first.
func (l Line) Args() []Field { return l.Fields[1:] }

// Errorf returns an *Error at column col of the line (0: the whole line).
func (l Line) Errorf(col int, format string, args ...any) error {
	return Errorf(l.No, col, format, args...)
}

// Col returns the column of byte offset i of the line's text.
func (l Line) Col(i int) int { return utf8.RuneCountInString(l.Text[:min(i, len(l.Text))]) + 1 }

// Want returns the line's values when there are n of them, else an error
// that shows usage, the line as it should be: `want "turn SEAT", found 2
// values`.
func (l Line) Want(n int, usage string) ([]Field, error) {
	if len(l.Fields)-1 != n {
		return nil, l.Errorf(0, "want %q, found %d values", usage, len(l.Fields)-1)
	}
	return l.Fields[1:], nil
}

// Unknown returns the error of a line whose keyword is none of keys.
func (l Line) Unknown(keys ...string) error {
	list := strings.Join(keys[:len(keys)-1], ", ") + " or " + keys[len(keys)-1]
	return l.Errorf(l.Fields[0].Col, "unknown line %q (want %s)", l.Key(), list)
}

// optionText joins the fields of l after the first with commas, and
// returns the byte offset of each field in the joined text.
func (l Line) optionText() (string, []int) {
	var b strings.Builder
	starts := make([]int, 0, len(l.Fields))
	for i, f := range l.Fields[1:] {
		if i > 0 {
			b.WriteByte(',')
		}
		starts = append(starts, b.Len())
		b.WriteString(f.Text)
	}
	return b.String(), starts
}

// Options reads the fields of the line after the first (the header's
// options, separated by spaces or commas) into set. Its errors and those
// of OptionError give the column of the option at fault.
func (l Line) Options(set *option.Set) error {
	text, _ := l.optionText()
	return l.OptionError(set.Parse(text))
}

// OptionError turns an *option.Error of Options (or of the set's Errorf
// after it) into an *Error at the option's column; an *Error stays as it
// is, nil too, and another error becomes an *Error of the whole line.
func (l Line) OptionError(err error) error {
	var oe *option.Error
	var te *Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &te):
		return te
	case !errors.As(err, &oe):
		return l.Errorf(0, "%v", err)
	}
	_, starts := l.optionText()
	col := 0
	for i := len(starts) - 1; i >= 0; i-- {
		if oe.Offset >= starts[i] {
			f := l.Fields[i+1]
			col = f.Col + utf8.RuneCountInString(f.Text[:min(oe.Offset-starts[i], len(f.Text))])
			break
		}
	}
	return l.Errorf(col, "%s", oe.Error())
}

// Doc is a position text split into lines.
type Doc struct {
	// Lines are the lines that hold fields, in order.
	Lines []Line
	// End is the number of the text's last line, where an error about
	// something missing is reported.
	End int
}

// Split splits text into lines and fields (see the package doc).
func Split(text string) *Doc {
	d := &Doc{End: strings.Count(text, "\n") + 1}
	no := 0
	for raw := range strings.SplitSeq(text, "\n") {
		no++
		if i := strings.IndexByte(raw, '#'); i >= 0 {
			raw = raw[:i]
		}
		if fs := fields(raw, no); len(fs) > 0 {
			d.Lines = append(d.Lines, Line{No: no, Text: raw, Fields: fs})
		}
	}
	return d
}

// fields splits a line into fields at white space.
func fields(text string, line int) []Field {
	var out []Field
	col, start, startCol := 1, -1, 0
	for i, r := range text {
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, Field{text[start:i], line, startCol})
				start = -1
			}
		} else if start < 0 {
			start, startCol = i, col
		}
		col++
	}
	if start >= 0 {
		out = append(out, Field{text[start:], line, startCol})
	}
	return out
}

// Errorf returns an *Error at the end of the text (column 0), for
// something missing.
func (d *Doc) Errorf(format string, args ...any) error {
	return Errorf(d.End, 0, format, args...)
}

// Header returns the first line, which must start with the game's name;
// usage is the header as the error of an empty text shows it
// ("upwords [size=10] [players=2]").
func (d *Doc) Header(name, usage string) (Line, error) {
	if len(d.Lines) == 0 {
		return Line{}, d.Errorf("empty position: want a first line %q", usage)
	}
	h := d.Lines[0]
	if !strings.EqualFold(h.Key(), name) {
		return Line{}, h.Errorf(h.Fields[0].Col, "want %q to start the position, not %q", name, h.Key())
	}
	return h, nil
}

// Seen records the lines whose keyword may appear once.
type Seen map[string]int

// Once records that l holds key (a keyword, or a keyword and a seat, "score
// 2"); the error names a second such line and the first.
func (s Seen) Once(l Line, key string) error {
	if first, ok := s[key]; ok {
		return l.Errorf(l.Fields[0].Col, "second %q line (the first is line %d)", key, first)
	}
	s[key] = l.No
	return nil
}

// Detector returns a game.Spec.DetectPosition for the text format of game
// name: a text whose header (its first line left) starts with name
// detects that game (its header's options, which mix rules with the
// position's own state, are left to the game's reader: Variant is ""); the
// error of any other text says what its first line should be.
func Detector(name string) func(text string) (game.Detection, error) {
	return func(text string) (game.Detection, error) {
		h, err := Split(text).Header(name, name+" [OPTIONS]")
		if err != nil {
			return game.Detection{}, err
		}
		return game.Detection{Game: name, Why: fmt.Sprintf("line %d names %s", h.No, name)}, nil
	}
}
