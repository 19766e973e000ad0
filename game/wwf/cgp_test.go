package wwf

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// sharedPositionsDir holds positions collected outside the project; tests
// that need it skip when it is absent.
const sharedPositionsDir = "../../../shared/data/positions"

// emptyRows returns n empty rows of width w.
func emptyRows(n, w int) [][]string {
	b := make([][]string, n)
	for i := range b {
		b[i] = make([]string, w)
	}
	return b
}

func TestParseCGP(t *testing.T) {
	board3 := emptyRows(3, 3)
	board3[1][0], board3[1][1], board3[1][2] = "A", "b", "QU"
	tests := []struct {
		in   string
		want CGP
	}{
		{"3/3/3 AB/ 0/0 0", CGP{Board: emptyRows(3, 3), Racks: []string{"AB", ""}, Scores: []int{0, 0}}},
		{"3/Ab[QU]/3 /? 12/-7 4", CGP{Board: board3, Racks: []string{"", "?"}, Scores: []int{12, -7}, ZeroTurns: 4}},
		{"  3/Ab[QU]/3\t/?   12/-7  4  ", CGP{Board: board3, Racks: []string{"", "?"}, Scores: []int{12, -7}, ZeroTurns: 4}},
		{"3/3/3 A/B/C 1/2/3 0 lex CSW21;", CGP{Board: emptyRows(3, 3), Racks: []string{"A", "B", "C"}, Scores: []int{1, 2, 3},
			Options: []CGPOption{{"lex", "CSW21"}}}},
		{"3/3/3 / 0/0 0 -lex CSW21;", CGP{Board: emptyRows(3, 3), Racks: []string{"", ""}, Scores: []int{0, 0},
			Options: []CGPOption{{"lex", "CSW21"}}}},
		{"3/3/3 / 0/0 0 lex CSW21", CGP{Board: emptyRows(3, 3), Racks: []string{"", ""}, Scores: []int{0, 0},
			Options: []CGPOption{{"lex", "CSW21"}}}},
		{"3/3/3 / 0/0 0 -lex CSW24 -ld english -s1 equity", CGP{Board: emptyRows(3, 3), Racks: []string{"", ""}, Scores: []int{0, 0},
			Options: []CGPOption{{"lex", "CSW24"}, {"ld", "english"}, {"s1", "equity"}}}},
		{"3/3/3 / 0/0 0 lex NWL20; lm -2;", CGP{Board: emptyRows(3, 3), Racks: []string{"", ""}, Scores: []int{0, 0},
			Options: []CGPOption{{"lex", "NWL20"}, {"lm", "-2"}}}},
		{"3/3/3 / 0/0 0 lex  NWL18 ;lm exchange   2;;  tmr 1000/-2500;cr;", CGP{Board: emptyRows(3, 3), Racks: []string{"", ""}, Scores: []int{0, 0},
			Options: []CGPOption{{"lex", "NWL18"}, {"lm", "exchange 2"}, {"tmr", "1000/-2500"}, {"cr", ""}}}},
		{"3/3/3 / 0/0 0 -lm -2 -lex X", CGP{Board: emptyRows(3, 3), Racks: []string{"", ""}, Scores: []int{0, 0},
			Options: []CGPOption{{"lm", "-2"}, {"lex", "X"}}}},
		{"1/1 / +5/-0 007", CGP{Board: emptyRows(2, 1), Racks: []string{"", ""}, Scores: []int{5, 0}, ZeroTurns: 7}},
		{"A[L·L]A/3 [NY]?/ 0/0 0", CGP{Board: [][]string{{"A", "L·L", "A"}, {"", "", ""}}, Racks: []string{"[NY]?", ""}, Scores: []int{0, 0}}},
		{"É\u0301ñ1/3 É/ 0/0 0", CGP{Board: [][]string{{"É\u0301", "ñ", ""}, {"", "", ""}}, Racks: []string{"É", ""}, Scores: []int{0, 0}}},
	}
	for _, tt := range tests {
		c, err := ParseCGP(tt.in)
		if err != nil {
			t.Errorf("ParseCGP(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(*c, tt.want) {
			t.Errorf("ParseCGP(%q) =\n%+v\nwant\n%+v", tt.in, *c, tt.want)
		}
		checkCGPRoundTrip(t, c)
	}
}

func checkCGPRoundTrip(t *testing.T, c *CGP) {
	t.Helper()
	s := c.String()
	d, err := ParseCGP(s)
	if err != nil {
		t.Errorf("ParseCGP(String()) of %q: %v", s, err)
		return
	}
	if !reflect.DeepEqual(c, d) {
		t.Errorf("round trip of %q:\n got %+v\nwant %+v", s, d, c)
	}
	if d.String() != s {
		t.Errorf("String not stable: %q then %q", s, d.String())
	}
}

func TestCGPString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18; lm exchange 2;",
			"15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELNOQT/ 0/0 0 lex NWL18; lm exchange 2;"},
		{"3/A2/3   ?ABC/     12/-7    4   -lex CSW24 -ld english",
			"3/A2/3 ?ABC/ 12/-7 4 lex CSW24; ld english;"},
		{"2[qu]/3 / 0/0 0", "2[qu]/3 / 0/0 0"},
		{"[A]2/[L·L]2 / 0/0 0", "A2/[L·L]2 / 0/0 0"},
		{"1/1 / +5/-0 007", "1/1 / 5/0 7"},
	}
	for _, tt := range tests {
		c, err := ParseCGP(tt.in)
		if err != nil {
			t.Errorf("ParseCGP(%q): %v", tt.in, err)
			continue
		}
		if got := c.String(); got != tt.want {
			t.Errorf("String of %q =\n%q\nwant\n%q", tt.in, got, tt.want)
		}
	}
}

func TestCGPOption(t *testing.T) {
	c, err := ParseCGP("3/3/3 / 0/0 0 -lex CSW24; lm 8H CAT; lm pass; cr;")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		key, want string
		ok        bool
	}{{"lex", "CSW24", true}, {"-lex", "CSW24", true}, {"lm", "8H CAT", true}, {"cr", "", true}, {"ld", "", false}, {"LEX", "", false}} {
		if v, ok := c.Option(tt.key); v != tt.want || ok != tt.ok {
			t.Errorf("Option(%q) = %q, %v; want %q, %v", tt.key, v, ok, tt.want, tt.ok)
		}
	}
}

func TestParseCGPErrors(t *testing.T) {
	const e3 = "3/3/3"
	tests := []struct{ in, want string }{
		{"", "wwf: cgp: byte 0: missing board field: want BOARD RACKS SCORES ZERO-TURNS [OPTIONS]"},
		{"3/3/3", "wwf: cgp: byte 5: missing racks field: want BOARD RACKS SCORES ZERO-TURNS [OPTIONS]"},
		{"3/3/3 / ", "wwf: cgp: byte 8: missing scores field: want BOARD RACKS SCORES ZERO-TURNS [OPTIONS]"},
		{"3/3/3 / 0/0", "wwf: cgp: byte 11: missing zero-turn count field: want BOARD RACKS SCORES ZERO-TURNS [OPTIONS]"},
		{"15/15/16/15 / 0/0 0", "wwf: cgp: byte 6: row 3: 16 squares, want 15"},
		{"15/15/7A8/15 / 0/0 0", "wwf: cgp: byte 6: row 3: 16 squares, want 15"},
		{"3/3//3 / 0/0 0", "wwf: cgp: byte 4: row 3 is empty"},
		{"3/0A2/3 / 0/0 0", `wwf: cgp: byte 2: row 2: run of empty squares "0": want 1 to 26`},
		{"3/03/3 / 0/0 0", `wwf: cgp: byte 2: row 2: run of empty squares "03": want 1 to 26`},
		{"27 / 0/0 0", `wwf: cgp: byte 0: row 1: run of empty squares "27": want 1 to 26`},
		{"20A6 / 0/0 0", "wwf: cgp: byte 3: row 1: more than 26 squares"},
		{strings.Repeat("1/", 26) + "1 / 0/0 0", "wwf: cgp: byte 0: board has 27 rows, want 1 to 26"},
		{"3/A?B/3 / 0/0 0", `wwf: cgp: byte 3: row 2: '?' is neither a tile nor a number of empty squares`},
		{"3/A.B/3 / 0/0 0", `wwf: cgp: byte 3: row 2: '.' is neither a tile nor a number of empty squares`},
		{"3/AL·L/3 / 0/0 0", `wwf: cgp: byte 4: row 2: '·' is neither a tile nor a number of empty squares`},
		{"3/A[QU/3 / 0/0 0", `wwf: cgp: byte 3: row 2: '[' without ']'`},
		{"3/A[]B/3 / 0/0 0", `wwf: cgp: byte 3: row 2: tile "[]": want letters inside []`},
		{"3/A[Q1]/3 / 0/0 0", `wwf: cgp: byte 3: row 2: tile "[Q1]": want letters inside []`},
		{e3 + " ABC 0 0", `wwf: cgp: byte 6: racks "ABC": want at least two racks separated by '/'`},
		{e3 + " AB/C3 0/0 0", `wwf: cgp: byte 9: rack "C3": '3' at byte 1 is not a tile`},
		{e3 + " AB/ 0 0", "wwf: cgp: byte 10: 1 scores for 2 racks"},
		{e3 + " AB/ 0/0/0 0", "wwf: cgp: byte 10: 3 scores for 2 racks"},
		{e3 + " AB/ 0/x 0", `wwf: cgp: byte 12: score "x" is not a number`},
		{e3 + " AB/ 0/0 -1", `wwf: cgp: byte 14: zero-turn count "-1": want a number from 0`},
		{e3 + " AB/ 0/0 one", `wwf: cgp: byte 14: zero-turn count "one": want a number from 0`},
		{e3 + " AB/ 0/0 0 lex X; 9x;", `wwf: cgp: byte 23: option "9x": want a name of letters and digits`},
		{e3 + " AB/ 0/0 0 - X;", `wwf: cgp: byte 16: option "-": want a name of letters and digits`},
		{"3/\xffAB/3 / 0/0 0", "wwf: cgp: byte 2: not UTF-8"},
	}
	for _, tt := range tests {
		c, err := ParseCGP(tt.in)
		if err == nil {
			t.Errorf("ParseCGP(%q) = %+v, want error %s", tt.in, c, tt.want)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("ParseCGP(%q) error\n got %s\nwant %s", tt.in, err, tt.want)
		}
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Errorf("ParseCGP(%q) error %T is not a *FormatError", tt.in, err)
		}
	}
}

// cgpLines returns the non-empty lines of path that are not '#' comments.
func cgpLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestParseCGPTestdata(t *testing.T) {
	lines := cgpLines(t, "testdata/positions.cgp")
	sizes := map[string]bool{}
	for _, l := range lines {
		c, err := ParseCGP(l)
		if err != nil {
			t.Errorf("%v\n%s", err, l)
			continue
		}
		sizes[fmt.Sprintf("%dx%d", len(c.Board), len(c.Board[0]))] = true
		checkCGPRoundTrip(t, c)
	}
	for _, s := range []string{"15x15", "21x21", "3x3", "5x5"} {
		if !sizes[s] {
			t.Errorf("testdata/positions.cgp has no %s board (has %v)", s, sizes)
		}
	}
}

// sharedCGPs returns the CGP records found in the shared positions
// (source label -> records); it skips the test when they are absent.
func sharedCGPs(t *testing.T) map[string][]string {
	if _, err := os.Stat(sharedPositionsDir); err != nil {
		t.Skipf("shared positions not available at %s: %v", sharedPositionsDir, err)
	}
	out := map[string][]string{}
	add := func(label string, recs ...string) { out[label] = append(out[label], recs...) }
	// Files with one CGP record a line.
	paths, _ := filepath.Glob(filepath.Join(sharedPositionsDir, "jvc56_MAGPIE/notes/peg_positions/*.txt"))
	paths = append(paths, filepath.Join(sharedPositionsDir, "domino14_macondo/scripts/lua/cgps.txt"))
	_ = filepath.WalkDir(sharedPositionsDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".cgp") {
			paths = append(paths, p)
		}
		return err
	})
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		add(strings.TrimPrefix(p, sharedPositionsDir+"/"), cgpLines(t, p)...)
	}
	// Board strings of macondo's sample boards, with the racks and scores of their headers.
	if data, err := os.ReadFile(filepath.Join(sharedPositionsDir, "domino14_macondo/derived/sample_testing_boards_as_cgp.json")); err == nil {
		type headerPlayer struct {
			OnTurn bool   `json:"on_turn"`
			Rack   string `json:"rack"`
			Score  int    `json:"score"`
		}
		var boards []struct {
			Board   string         `json:"board"`
			Players []headerPlayer `json:"header_players"`
		}
		if err := json.Unmarshal(data, &boards); err != nil {
			t.Fatal(err)
		}
		for _, b := range boards {
			ps := slices.Clone(b.Players)
			// The player on turn first.
			slices.SortStableFunc(ps, func(x, y headerPlayer) int {
				switch {
				case x.OnTurn == y.OnTurn:
					return 0
				case x.OnTurn:
					return -1
				}
				return 1
			})
			var racks, scores []string
			for _, p := range ps {
				racks = append(racks, p.Rack)
				scores = append(scores, fmt.Sprint(p.Score))
			}
			add("sample_testing_boards_as_cgp.json", fmt.Sprintf("%s %s %s 0", b.Board, strings.Join(racks, "/"), strings.Join(scores, "/")))
		}
	}
	// wolges movegen baseline: "=== Case N: rack=R fen=BOARD ===".
	if data, err := os.ReadFile(filepath.Join(sharedPositionsDir, "andy-k_wolges/src/movegen-test-baseline.txt")); err == nil {
		re := regexp.MustCompile(`rack=(\S*) fen=(\S+)`)
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			add("wolges movegen-test-baseline.txt", fmt.Sprintf("%s %s/ 0/0 0", m[2], m[1]))
		}
	}
	// curated_vectors.tsv: the cgp column.
	if data, err := os.ReadFile(filepath.Join(sharedPositionsDir, "curated_vectors.tsv")); err == nil {
		rows := strings.Split(strings.TrimSpace(string(data)), "\n")
		col := slices.Index(strings.Split(rows[0], "\t"), "cgp")
		for _, r := range rows[1:] {
			if f := strings.Split(r, "\t"); col >= 0 && col < len(f) && f[col] != "" {
				add("curated_vectors.tsv", f[col])
			}
		}
	} else {
		t.Logf("curated_vectors.tsv absent (%v): its cgp column is not tested", err)
	}
	return out
}

func TestParseCGPSharedData(t *testing.T) {
	sources := sharedCGPs(t)
	total, bad := 0, 0
	labels := slices.Sorted(func(yield func(string) bool) {
		for k := range sources {
			if !yield(k) {
				return
			}
		}
	})
	for _, label := range labels {
		recs := sources[label]
		n := 0
		for _, rec := range recs {
			total++
			c, err := ParseCGP(rec)
			if err != nil {
				bad++
				t.Errorf("%s: %v\n%s", label, err, rec)
				continue
			}
			n++
			if len(c.Board) != 15 && len(c.Board) != 21 {
				t.Errorf("%s: %d rows in %s", label, len(c.Board), rec)
			}
			checkCGPRoundTrip(t, c)
		}
		t.Logf("%s: %d of %d CGP records parsed", label, n, len(recs))
	}
	t.Logf("%d CGP records from %d sources, %d errors", total, len(sources), bad)
}

func ExampleParseCGP() {
	c, err := ParseCGP("5/5/1[QU]At1/5/5 ABE?/RST 18/0 1 -lex CSW21")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", c.Board[2])
	fmt.Println(c.Racks, c.Scores, c.ZeroTurns)
	lex, _ := c.Option("lex")
	fmt.Println(lex)
	fmt.Println(c)
	// Output:
	// ["" "QU" "A" "t" ""]
	// [ABE? RST] [18 0] 1
	// CSW21
	// 5/5/1[QU]At1/5/5 ABE?/RST 18/0 1 lex CSW21;
}
