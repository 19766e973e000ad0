package wwf

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzReadGCG checks that ReadGCG never panics, that its errors are
// *FormatError values with a line number, and that whatever it reads
// survives WriteTo and ReadGCG unchanged (line numbers aside).
func FuzzReadGCG(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.gcg")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"",
		"#player1 a A\n#player2 b B\n>a: ?A 8H Ab +4 4 X, Y\n>a: ?A -- -4 0\n#note x\ny\n>b: (challenge) +5 5\n",
		"#character-encoding ISO-8859-1\n#player1 a \xc5\n#player2 b B\n>b: \xc4 - +0 0\n>a: (\xc4) -1 -1\n",
		"\xef\xbb\xbf#player1 a A\r#player2 b B\r>a: AB -2 0 0\r>b: (time) -10 -10 \r#rack1 AB\r",
		"#note first\nmore\n#player3 c C\n#player1 a A\n#player2 b B\n>c: [QU]? U21 [qu]. +1 1\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadGCG(bytes.NewReader(data), "fuzz.gcg")
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || (fe.Line < 1 && len(data) <= MaxGCGSize) {
				t.Fatalf("error %v is not a *FormatError with a line", err)
			}
			return
		}
		_ = g.CheckTotals()
		var buf bytes.Buffer
		if _, err := g.WriteTo(&buf); err != nil {
			t.Fatalf("WriteTo of what ReadGCG read: %v", err)
		}
		h, err := ReadGCG(bytes.NewReader(buf.Bytes()), "fuzz.gcg")
		if err != nil {
			t.Fatalf("reading back: %v\n%q", err, buf.Bytes())
		}
		if a, b := withoutLines(g), withoutLines(h); !reflect.DeepEqual(a, b) {
			t.Fatalf("read back differs:\n got %+v\nwant %+v\ntext %q", b, a, buf.Bytes())
		}
	})
}

// FuzzParseCGP checks that ParseCGP never panics, that its errors are
// *FormatError values, and that ParseCGP(c.String()) equals c.
func FuzzParseCGP(f *testing.F) {
	for _, l := range cgpLinesF(f, "testdata/positions.cgp") {
		f.Add(l)
	}
	for _, s := range []string{
		"",
		"3/3/3 / 0/0 0",
		"2[qu]/3 A?/B/C 1/-2/3 0 -lex X -lm -2 ; cr;",
		"É\u0301ñ1/3 É/ 0/0 0 lm 8H [L·L]A;",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCGP(s)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *FormatError", err)
			}
			return
		}
		out := c.String()
		d, err := ParseCGP(out)
		if err != nil {
			t.Fatalf("ParseCGP(%q) (from %q): %v", out, s, err)
		}
		if !reflect.DeepEqual(c, d) {
			t.Fatalf("round trip of %q via %q:\n got %+v\nwant %+v", s, out, d, c)
		}
	})
}

func cgpLinesF(f *testing.F, path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	var out []string
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(l) > 0 && l[0] != '#' {
			out = append(out, string(l))
		}
	}
	return out
}
