package gametest

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"wordengine/game"
)

// Position is a named position of a committed suite, for CheckMoveCounts.
type Position struct {
	// Name identifies the position in the golden file: one word (no
	// spaces), unique in the suite.
	Name  string
	State game.State
}

// MoveDigest returns the number of legal moves of s (AppendMoves) and a
// SHA-256, in hexadecimal, of their sorted list, each move written as
// FormatMove, a space and MoveScore, one a line: a perft-style count that
// changes when any move or score does.
func MoveDigest(s game.State) (n int, sum string) {
	moves := s.AppendMoves(nil)
	lines := make([]string, len(moves))
	for i, m := range moves {
		lines[i] = s.FormatMove(m) + " " + strconv.Itoa(s.MoveScore(m))
	}
	slices.Sort(lines)
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l))
		h.Write([]byte{'\n'})
	}
	return len(moves), hex.EncodeToString(h.Sum(nil))
}

// CheckMoveCounts checks the move count and digest (MoveDigest) of each
// position against the golden file at path, one line per position:
// "name count sha256", after comment lines starting with "#". With update
// it first rewrites the file from the positions, with header (one or more
// lines, written as comments: what the positions are and the command that
// refreshes the file). A position missing from the file, a line for no
// position and a differing count or digest are errors that name the
// position and the refresh command.
func CheckMoveCounts(t *testing.T, path, header string, positions []Position, update bool) {
	t.Helper()
	got := make(map[string]string, len(positions))
	var text strings.Builder
	for _, line := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		text.WriteString("# " + line + "\n")
	}
	text.WriteString("# position, legal moves, SHA-256 of the sorted moves with their scores\n")
	for _, p := range positions {
		if _, dup := got[p.Name]; dup || p.Name == "" || strings.ContainsAny(p.Name, " \t\n") {
			t.Fatalf("%s: position name %q is empty, has a space or comes twice", path, p.Name)
		}
		n, sum := MoveDigest(p.State)
		got[p.Name] = fmt.Sprintf("%d %s", n, sum)
		fmt.Fprintf(&text, "%s %d %s\n", p.Name, n, sum)
	}
	if update {
		if err := writeFileAtomic(path, []byte(text.String())); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, want, ok := strings.Cut(line, " ")
		if !ok {
			t.Errorf("%s:%d: want \"name count sha256\", got %q", path, ln, line)
			continue
		}
		seen[name] = true
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s:%d: no position %s in the suite (refresh the file with -update)", path, ln, name)
		case g != want:
			t.Errorf("%s:%d: position %s: %s moves now, %s in the golden file (if the change is meant, refresh it with -update)",
				path, ln, name, strings.Replace(g, " ", ", digest ", 1), strings.Replace(want, " ", ", digest ", 1))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, p := range positions {
		if !seen[p.Name] {
			t.Errorf("%s: no line for position %s (refresh the file with -update)", path, p.Name)
		}
	}
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it over path once complete.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
