package wordflow

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mutate returns the default set text with line n (1-based, counting
// every line) replaced by repl ("" deletes it).
func mutate(t *testing.T, n int, repl string) string {
	t.Helper()
	lines := strings.Split(defaultSetText, "\n")
	if repl == "" {
		lines = append(lines[:n-1], lines[n:]...)
	} else {
		lines[n-1] = repl
	}
	return strings.Join(lines, "\n")
}

// lineOf returns the 1-based line of the first line of the default set
// starting with prefix.
func lineOf(t *testing.T, prefix string) int {
	t.Helper()
	for i, l := range strings.Split(defaultSetText, "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	t.Fatalf("no line %q", prefix)
	return 0
}

func TestParseSetErrors(t *testing.T) {
	lx := testLexicon(t)
	firstE := lineOf(t, "edge E ")
	firstS := lineOf(t, "edge S ")
	firstInner := lineOf(t, "inner ")
	tests := []struct {
		name, text, want string
	}{
		{"arrow off the east", mutate(t, firstE, "edge E A 1 > A"), "set.txt:" + itoa(firstE) + ": E edge with a right arrow points off the puzzle"},
		{"arrow off the south", mutate(t, firstS, "edge S A 1 v A"), "set.txt:" + itoa(firstS) + ": S edge with a down arrow points off the puzzle"},
		{"corner arrow", mutate(t, 6, "corner NW - 0 > *"), "set.txt:6: corner NW with arrows"},
		{"unknown letter", mutate(t, firstInner, "inner Ö 1 > A"), "set.txt:" + itoa(firstInner) + ": unknown letter in label"},
		{"trigram", mutate(t, firstInner, "inner THE 1 > A"), "label \"THE\" has 3 letters"},
		{"bad parity", mutate(t, firstInner, "inner E 1 > C"), "parity \"C\""},
		{"corner parity", mutate(t, 6, "corner NW - 0 - A"), "set.txt:6: bad parity \"A\" for a corner piece"},
		{"wrong count", mutate(t, firstInner, ""), "inner pieces, want 144"},
		{"missing corner", mutate(t, 6, ""), "0 NW corners, want 1"},
		{"unbalanced parity", flipParity(t), "bad parity: 71 A and 73 B inner pieces, want 72 of each"},
		{"kind", mutate(t, 6, "tile NW - 0 - *"), "set.txt:6: unknown kind \"tile\""},
		{"points", mutate(t, firstInner, "inner E x > A"), "points \"x\""},
		{"fields", mutate(t, firstInner, "inner E 1 >"), "want 5 fields"},
		{"empty", "", "set.txt:1: no pieces (an empty file?): want 196"},
		{"comments only", "# nothing\n\n# here\n", "set.txt:3: no pieces"},
	}
	for _, tc := range tests {
		_, err := ParseSet(strings.NewReader(tc.text), "set.txt", lx.Alphabet)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ParseSet error %v, want %q", tc.name, err, tc.want)
		}
	}
	// The whole file read back equals the default set; LoadSet names the
	// file; a file that does not exist is an error.
	dir := t.TempDir()
	path := filepath.Join(dir, "set.txt")
	if err := os.WriteFile(path, []byte(mutate(t, firstInner, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSet(path, lx.Alphabet); err == nil || !strings.Contains(err.Error(), path+":") {
		t.Errorf("LoadSet: %v, want an error naming %s", err, path)
	}
	if _, err := LoadSet(filepath.Join(dir, "none.txt"), lx.Alphabet); err == nil {
		t.Error("LoadSet of a missing file: no error")
	}
	if _, err := NewGame(gameConfig(t, "pieces="+path)); err == nil {
		t.Error("NewGame with a bad pieces= file: no error")
	}
}

// TestDefaultSetProperties checks the numbers the package doc states.
func TestDefaultSetProperties(t *testing.T) {
	set, err := DefaultSet(testLexicon(t).Alphabet)
	if err != nil {
		t.Fatal(err)
	}
	var arrows [4]int
	letters := map[string]int{}
	nb := 0
	for i := range set.Pieces {
		p := &set.Pieces[i]
		if p.Kind == Inner {
			arrows[p.Arrows]++
			if p.Len == 2 {
				nb++
			}
		}
		if p.Len > 0 {
			letters[set.Alphabet.Word(p.Letters())]++
		}
	}
	if nb != 24 {
		t.Errorf("%d bigrams, want 24", nb)
	}
	if arrows != [4]int{29, 43, 43, 29} {
		t.Errorf("inner arrows none/right/down/both = %v, want 29/43/43/29", arrows)
	}
	for _, l := range []string{"E", "T", "A", "Q", "Z", "TH"} {
		if letters[l] == 0 {
			t.Errorf("no piece %s", l)
		}
	}
	if letters["E"] <= letters["T"] || letters["T"] <= letters["Z"] {
		t.Errorf("letter counts not by frequency: E %d, T %d, Z %d", letters["E"], letters["T"], letters["Z"])
	}
}

// flipParity turns the first inner piece of parity A into parity B.
func flipParity(t *testing.T) string {
	lines := strings.Split(defaultSetText, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "inner ") && strings.HasSuffix(l, " A") {
			return mutate(t, i+1, strings.TrimSuffix(l, "A")+"B")
		}
	}
	t.Fatal("no inner piece of parity A")
	return ""
}
