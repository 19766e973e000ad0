package textpos

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"wordengine/game/option"
)

func TestSplit(t *testing.T) {
	text := "# a position\r\n\ngame  a=1 b=2  # the header\r\n\t1 . É1 .\n#\n   \nrack 1 ABC#no space before\n"
	d := Split(text)
	want := []Line{
		{No: 3, Text: "game  a=1 b=2  ", Fields: []Field{{"game", 3, 1}, {"a=1", 3, 7}, {"b=2", 3, 11}}},
		{No: 4, Text: "\t1 . É1 .", Fields: []Field{{"1", 4, 2}, {".", 4, 4}, {"É1", 4, 6}, {".", 4, 9}}},
		{No: 7, Text: "rack 1 ABC", Fields: []Field{{"rack", 7, 1}, {"1", 7, 6}, {"ABC", 7, 8}}},
	}
	if !reflect.DeepEqual(d.Lines, want) || d.End != 8 {
		t.Errorf("Split = %+v, end %d\nwant %+v, end 8", d.Lines, d.End, want)
	}
	if d := Split(""); len(d.Lines) != 0 || d.End != 1 {
		t.Errorf("Split(\"\") = %+v", d)
	}
}

func TestErrors(t *testing.T) {
	d := Split("game x\nturn 1 2\nbag\nscore é\n")
	l := d.Lines[1]
	for _, tc := range []struct {
		err  error
		want string
	}{
		{Errorf(3, 4, "bad %s", "tile"), "line 3, column 4: bad tile"},
		{Errorf(3, 0, "bad"), "line 3: bad"},
		{Errorf(0, 0, "the set has no such tile"), "the set has no such tile"},
		{d.Errorf("no rack"), "line 5: no rack"},
		{func() error { _, err := l.Want(1, "turn SEAT"); return err }(), `line 2: want "turn SEAT", found 2 values`},
		{l.Unknown("rack", "score", "turn"), `line 2, column 1: unknown line "turn" (want rack, score or turn)`},
		{func() error { _, err := d.Lines[3].Args()[0].Int("score", 0, 10); return err }(), `line 4, column 7: score "é": want a whole number from 0 to 10`},
		{func() error { _, err := d.Lines[3].Args()[0].Int("score", math.MinInt, math.MaxInt); return err }(), `line 4, column 7: score "é": want a whole number`},
		{func() error { _, err := Split("\n# nothing\n").Header("game", "game [x=1]"); return err }(), `line 3: empty position: want a first line "game [x=1]"`},
		{func() error { _, err := Split("\n\nchess\n").Header("game", "game"); return err }(), `line 3, column 1: want "game" to start the position, not "chess"`},
	} {
		var e *Error
		if !errors.As(tc.err, &e) || tc.err.Error() != tc.want {
			t.Errorf("error %v (%T), want %q", tc.err, tc.err, tc.want)
		}
	}
	if h, err := Split("GAME x\n").Header("game", ""); err != nil || h.No != 1 {
		t.Errorf("Header of an upper-case name: %v", err)
	}
	seen := Seen{}
	if err := seen.Once(d.Lines[1], "turn"); err != nil {
		t.Fatal(err)
	}
	if err := seen.Once(d.Lines[2], "turn"); err == nil || err.Error() != `line 3, column 1: second "turn" line (the first is line 2)` {
		t.Errorf("Once = %v", err)
	}
}

func TestOptions(t *testing.T) {
	parse := func(header string) (int, bool, error) {
		n, flag, name := 2, false, ""
		s := option.NewSet("", "")
		s.Int(&n, "players", 2, 4)
		s.Bool(&flag, "open")
		s.Text(&name, "name", "a name")
		head, err := Split(header).Header("game", "")
		if err != nil {
			return 0, false, err
		}
		if err := head.Options(s); err != nil {
			return 0, false, err
		}
		if flag && n == 4 {
			return 0, false, head.OptionError(s.Errorf("open", "not with 4 players"))
		}
		return n, flag, nil
	}
	for _, tc := range []struct {
		header, want string
		n            int
		flag         bool
	}{
		{"game", "", 2, false},
		{"game players=3 open", "", 3, true},
		{"game players=3,open", "", 3, true},
		{"game\tplayers=3 ,open=off", "", 3, false},
		{"game players=5", "line 1, column 6: players=5: want a whole number from 2 to 4", 0, false},
		{"game open,players=5", "line 1, column 11: players=5: want", 0, false},
		{"game  é=1 players=x", `line 1, column 7: unknown option "é" (options: players, open, name)`, 0, false},
		{"game name=é,players=x", "line 1, column 13: players=x: want", 0, false},
		{"game name=é players=x", "line 1, column 13: players=x: want", 0, false},
		{"game players=4 open", "line 1, column 16: open: not with 4 players", 0, false},
		{"game players=3 players=2", `line 1, column 16: option "players" given twice`, 0, false},
	} {
		n, flag, err := parse(tc.header)
		switch {
		case tc.want == "" && (err != nil || n != tc.n || flag != tc.flag):
			t.Errorf("%q: %d %v %v, want %d %v", tc.header, n, flag, err, tc.n, tc.flag)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%q: error %v, want %q", tc.header, err, tc.want)
		}
	}
	l := Split("game x").Lines[0]
	if err := l.OptionError(errors.New("no tile set")); err.Error() != "line 1: no tile set" {
		t.Errorf("OptionError of another error: %v", err)
	}
	if err := l.OptionError(Errorf(0, 0, "whole")); err.Error() != "whole" {
		t.Errorf("OptionError of an *Error: %v", err)
	}
	if l.OptionError(nil) != nil {
		t.Error("OptionError(nil) is not nil")
	}
}

// FuzzSplit splits arbitrary text: it must not panic; every field is a
// run of non-space characters at its column of its line; writing the
// fields back at their columns gives text that splits the same.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"", "game a=1\n1 . A1 .\r\n# c\nrack 1 AB#x", "\xff #\n\t é \t", "#\n#\n", "a\n\nb c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		d := Split(text)
		if d.End != strings.Count(text, "\n")+1 {
			t.Fatalf("End %d", d.End)
		}
		var b strings.Builder
		no := 1
		for _, l := range d.Lines {
			if l.No < no || l.No > d.End || len(l.Fields) == 0 || strings.Contains(l.Text, "#") {
				t.Fatalf("line %+v", l)
			}
			for ; no < l.No; no++ {
				b.WriteByte('\n')
			}
			col := 1
			for _, fl := range l.Fields {
				if fl.Line != l.No || fl.Col < col || fl.Text == "" || strings.ContainsAny(fl.Text, " \t\r\n#") {
					t.Fatalf("field %+v of line %+v", fl, l)
				}
				b.WriteString(strings.Repeat(" ", fl.Col-col))
				b.WriteString(fl.Text)
				col = fl.Col + utf8.RuneCountInString(fl.Text)
			}
		}
		for ; no < d.End; no++ {
			b.WriteByte('\n')
		}
		back := Split(b.String())
		if !reflect.DeepEqual(fieldsOf(back), fieldsOf(d)) || back.End != d.End {
			t.Fatalf("fields written back split differently:\n%q\n%q", text, b.String())
		}
	})
}

func fieldsOf(d *Doc) [][]Field {
	var out [][]Field
	for _, l := range d.Lines {
		out = append(out, l.Fields)
	}
	return out
}
