package crossword

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// dataSharedDir is ../shared seen from this package's directory.
const dataSharedDir = "../../../shared"

// readSharedData returns a file under ../shared, or skips the test when
// ../shared is absent.
func readSharedData(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dataSharedDir, path))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("../shared/%s not found: cross-check against shared data skipped", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestParseLayoutErrors(t *testing.T) {
	t.Parallel()
	const hdr = "    A B C\n"
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", `crossword: layout "x": no header line`},
		{"comments only", "# nothing\n\n", `crossword: layout "x": no header line`},
		{"no rows", hdr, `crossword: layout "x": no rows`},
		{"header letter", "    A C\n", `crossword: layout "x" line 1 col 7: header: column 2 is "C": want "B"`},
		{"header word", "  AB\n", `crossword: layout "x" line 1 col 3: header: column 1 is "AB": want "A"`},
		{"header too wide", "    " + strings.Repeat("A ", 27) + "\n",
			`crossword: layout "x" line 1 col 57: header has 27 columns: want at most 26`},
		{"row number", hdr + " 2  . . .\n", `crossword: layout "x" line 2 col 2: row number "2": want 1`},
		{"row number text", hdr + " a  . . .\n", `crossword: layout "x" line 2 col 2: row number "a": want 1`},
		{"short row", hdr + " 1  . .\n", `crossword: layout "x" line 2 col 8: row 1 has 2 squares: want 3`},
		{"long row", hdr + " 1  . . . .\n", `crossword: layout "x" line 2 col 11: row 1 has 4 squares: want 3`},
		{"bad code", hdr + " 1  . x .\n", `crossword: layout "x" line 2 col 7: square B1: "x" is not a square code: want one of . * d t q D T Q`},
		{"two chars", hdr + " 1  . . TT\n", `crossword: layout "x" line 2 col 9: square C1: "TT" is not a square code: want one of . * d t q D T Q`},
		{"two starts", hdr + " 1  * . .\n 2  . . *\n 3  . . .\n",
			`crossword: layout "x" line 3 col 9: second start square C2: the first is on line 2 col 5`},
		{"no centre", "    A B\n 1  . .\n 2  . .\n", `crossword: layout "x": no start square '*', and a 2x2 board has no centre square`},
		{"too many rows", " A\n" + layoutRowsOf(27), `crossword: layout "x" line 28 col 1: more than 26 rows`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ParseLayout("x", tt.text)
			if err == nil {
				t.Fatalf("ParseLayout = %+v, want error %q", l, tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %s\nwant %s", err, tt.want)
			}
		})
	}
}

// layoutRowsOf returns n rows of a one-column grid.
func layoutRowsOf(n int) string {
	var b strings.Builder
	for r := range n {
		fmt.Fprintf(&b, "%d .\n", r+1)
	}
	return b.String()
}

func TestParseLayoutStart(t *testing.T) {
	t.Parallel()
	// '*' anywhere, CRLF line ends, tabs, comments and a trailing legend-free
	// layout.
	l, err := ParseLayout("s", "# c\r\n\tA  B\r\n1 . *\r\n  # c\r\n2 d Q\r\n\r\n")
	if err != nil {
		t.Fatal(err)
	}
	want := &Layout{Name: "s", Rows: 2, Cols: 2, Start: 1,
		Premiums: []Premium{{1, 1}, {1, 1}, {2, 1}, {1, 4}}}
	if !reflect.DeepEqual(l, want) {
		t.Errorf("got %+v, want %+v", l, want)
	}
	// Without '*', the centre.
	l, err = ParseLayout("c", "    A B C\n 1  . . .\n 2  . T .\n 3  . . .\n")
	if err != nil {
		t.Fatal(err)
	}
	if l.Start != 4 || l.Premiums[4] != (Premium{1, 3}) {
		t.Errorf("start %d premium %+v, want 4 {1 3}", l.Start, l.Premiums[4])
	}
}

// premiumCounts counts the squares of l by code.
func premiumCounts(l *Layout) map[byte]int {
	n := map[byte]int{}
	for _, p := range l.Premiums {
		n[layoutCode(p)]++
	}
	return n
}

func TestLayoutPremiumCounts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		rows       int
		start      string
		startPrem  Premium
		counts     map[byte]int // by code, '.' excluded
		totalSqrs  int
		wantCentre bool
	}{
		{"wwf", 15, "H8", Premium{1, 1}, map[byte]int{'T': 8, 'D': 12, 't': 16, 'd': 24}, 225, true},
		{"scrabble", 15, "H8", Premium{1, 2}, map[byte]int{'T': 8, 'D': 17, 't': 12, 'd': 24}, 225, true},
		{"super", 21, "K11", Premium{1, 2}, map[byte]int{'Q': 4, 'T': 16, 'D': 41, 'q': 8, 't': 20, 'd': 36}, 441, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := LayoutByName(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if l.Name != tt.name || l.Rows != tt.rows || l.Cols != tt.rows || len(l.Premiums) != tt.totalSqrs {
				t.Fatalf("%s: %dx%d with %d squares", l.Name, l.Rows, l.Cols, len(l.Premiums))
			}
			if got := fmt.Sprintf("%c%d", 'A'+l.Start%l.Cols, l.Start/l.Cols+1); got != tt.start {
				t.Errorf("start %s, want %s", got, tt.start)
			}
			if p := l.Premiums[l.Start]; p != tt.startPrem {
				t.Errorf("start premium %+v, want %+v", p, tt.startPrem)
			}
			got := premiumCounts(l)
			delete(got, '.')
			if !reflect.DeepEqual(got, tt.counts) {
				t.Errorf("premium counts %v, want %v", got, tt.counts)
			}
			// Every board is symmetric under the 8 symmetries of the square.
			n := l.Rows
			for r := range n {
				for c := range n {
					p := l.Premiums[r*n+c]
					for _, q := range [][2]int{{c, r}, {n - 1 - r, c}, {r, n - 1 - c}} {
						if l.Premiums[q[0]*n+q[1]] != p {
							t.Fatalf("not symmetric: %c%d vs %c%d", 'A'+c, r+1, 'A'+q[1], q[0]+1)
						}
					}
				}
			}
		})
	}
}

func TestSuperContainsScrabble(t *testing.T) {
	t.Parallel()
	super, err := LayoutByName("super")
	if err != nil {
		t.Fatal(err)
	}
	classic, err := LayoutByName("scrabble")
	if err != nil {
		t.Fatal(err)
	}
	for r := range 15 {
		for c := range 15 {
			if p, q := super.Premiums[(r+3)*21+c+3], classic.Premiums[r*15+c]; p != q {
				t.Errorf("super %c%d = %c, scrabble %c%d = %c", 'D'+c, r+4, layoutCode(p), 'A'+c, r+1, layoutCode(q))
			}
		}
	}
}

func TestLayoutRoundTrip(t *testing.T) {
	t.Parallel()
	for _, name := range LayoutNames() {
		t.Run(name, func(t *testing.T) {
			l, err := LayoutByName(name)
			if err != nil {
				t.Fatal(err)
			}
			s := l.String()
			back, err := ParseLayout(name, s)
			if err != nil {
				t.Fatalf("%v in\n%s", err, s)
			}
			if !reflect.DeepEqual(back, l) {
				t.Errorf("round trip changed the layout:\n%s", s)
			}
			// The data file is String's output plus comment lines.
			data, err := layoutFS.ReadFile("data/layouts/" + name + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			if got := stripDataComments(string(data)); got != s {
				t.Errorf("data file differs from String():\n%s\nwant\n%s", got, s)
			}
		})
	}
	// A start square with a premium off the centre cannot be written; a
	// square with two bonuses is written '?'.
	l := &Layout{Name: "odd", Rows: 1, Cols: 3, Start: 0, Premiums: []Premium{{1, 2}, {2, 2}, {1, 1}}}
	if got, want := l.String(), "    A B C\n 1  D ? .\n"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}

// stripDataComments drops the lines that start with '#'.
func stripDataComments(s string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		if !strings.HasPrefix(line, "#") {
			b.WriteString(line)
		}
	}
	return b.String()
}

func TestLayoutByNameUnknown(t *testing.T) {
	t.Parallel()
	_, err := LayoutByName("nope")
	if !errors.Is(err, ErrUnknownLayout) {
		t.Fatalf("err = %v, want ErrUnknownLayout", err)
	}
	if want := `crossword: unknown layout "nope": want one of scrabble, super, wwf`; err.Error() != want {
		t.Errorf("err = %q, want %q", err, want)
	}
	if got := LayoutNames(); !reflect.DeepEqual(got, []string{"scrabble", "super", "wwf"}) {
		t.Errorf("LayoutNames = %v", got)
	}
	// The layouts are fresh values.
	a, _ := LayoutByName("wwf")
	a.Premiums[0] = Premium{9, 9}
	if b, _ := LayoutByName("wwf"); b.Premiums[0] != (Premium{1, 1}) {
		t.Error("LayoutByName returned shared premiums")
	}
}

// magpieLayout reads a MAGPIE layout file (first line "row, col" of the
// start square, then one line per row: '~' QW, '=' TW, '-' DW, '^' QL,
// '"' TL, '\” DL, ' ' none) as grid codes.
func magpieLayout(t *testing.T, data []byte) (start [2]int, rows []string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if _, err := fmt.Sscanf(lines[0], "%d, %d", &start[0], &start[1]); err != nil {
		t.Fatalf("start line %q: %v", lines[0], err)
	}
	codes := strings.NewReplacer("~", "Q", "=", "T", "-", "D", "^", "q", `"`, "t", "'", "d", " ", ".")
	for _, l := range lines[1:] {
		rows = append(rows, codes.Replace(l))
	}
	return start, rows
}

// layoutRows returns l's squares as one string of codes per row.
func layoutRows(l *Layout) []string {
	var rows []string
	for r := range l.Rows {
		var b strings.Builder
		for c := range l.Cols {
			b.WriteByte(layoutCode(l.Premiums[r*l.Cols+c]))
		}
		rows = append(rows, b.String())
	}
	return rows
}

// TestLayoutsMatchShared checks the embedded layouts against independent
// public copies in ../shared: MAGPIE's standard 15x15 and 21x21 boards and
// the Words With Friends board of sidoh/wwf_api.
func TestLayoutsMatchShared(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ name, file string }{
		{"scrabble", "data/positions/jvc56_MAGPIE-DATA/data/layouts/standard15.txt"},
		{"super", "data/positions/jvc56_MAGPIE-DATA/data/layouts/standard21.txt"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start, rows := magpieLayout(t, readSharedData(t, tt.file))
			l, err := LayoutByName(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if got := layoutRows(l); !reflect.DeepEqual(got, rows) {
				t.Errorf("layout differs from %s:\n%s\nwant\n%s", tt.file, strings.Join(got, "\n"), strings.Join(rows, "\n"))
			}
			if l.Start != start[0]*l.Cols+start[1] {
				t.Errorf("start %d, want row %d col %d", l.Start, start[0], start[1])
			}
		})
	}
	t.Run("wwf", func(t *testing.T) {
		var cfg struct {
			Rows []string `json:"layout_rows"`
		}
		if err := json.Unmarshal(readSharedData(t, "data/gcg/sidoh_wwf_api/derived/wwf_classic_config.json"), &cfg); err != nil {
			t.Fatal(err)
		}
		l, err := LayoutByName("wwf")
		if err != nil {
			t.Fatal(err)
		}
		got := layoutRows(l)
		for i, r := range cfg.Rows {
			if want := strings.ReplaceAll(r, "N", "."); got[i] != want {
				t.Errorf("row %d: %s, want %s", i+1, got[i], want)
			}
		}
	})
}

func FuzzParseLayout(f *testing.F) {
	for _, name := range LayoutNames() {
		data, err := layoutFS.ReadFile("data/layouts/" + name + ".txt")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("    A B C\n 1  . * .\n 2  d D q\n")
	f.Fuzz(func(t *testing.T, text string) {
		l, err := ParseLayout("f", text)
		if err != nil {
			return
		}
		if len(l.Premiums) != l.Rows*l.Cols || l.Start < 0 || l.Start >= len(l.Premiums) {
			t.Fatalf("inconsistent layout %+v", l)
		}
		back, err := ParseLayout("f", l.String())
		if err != nil {
			t.Fatalf("String output does not parse: %v\n%s", err, l.String())
		}
		if !reflect.DeepEqual(back, l) {
			t.Fatalf("round trip changed the layout:\n%s", l.String())
		}
	})
}

func ExampleLayoutByName() {
	l, err := LayoutByName("wwf")
	if err != nil {
		panic(err)
	}
	fmt.Println(l.Rows, l.Cols, l.Premiums[l.Start])
	fmt.Print(strings.Join(strings.SplitAfter(l.String(), "\n")[:3], ""))
	// Output:
	// 15 15 {1 1}
	//     A B C D E F G H I J K L M N O
	//  1  . . . T . . t . t . . T . . .
	//  2  . . d . . D . . . D . . d . .
}
