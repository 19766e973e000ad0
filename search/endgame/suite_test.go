package endgame

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"wordengine/game/crossword"
	"wordengine/game/wwf"
	"wordengine/lexicon"
)

var updateSuite = flag.Bool("update-suite", false, "rewrite testdata/endgame/scrabble.cgp from the records of ../shared/data/gcg")

// suitePath is the committed endgame suite: the first position with the
// bag empty of real Scrabble games.
var suitePath = filepath.Join("..", "..", "testdata", "endgame", "scrabble.cgp")

// sharedGCG holds the recorded games collected outside the project.
var sharedGCG = filepath.Join("..", "..", "..", "shared", "data", "gcg")

// makeSuite replays every English record of ../shared/data/gcg (in path
// order) to its first position with the bag empty and the game going on,
// and returns those positions as CGP lines, once each, with the record
// and turn as the note.
func makeSuite(t *testing.T) []string {
	var files []string
	err := filepath.WalkDir(sharedGCG, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".gcg") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil || len(files) == 0 {
		t.Skipf("no records in %s (%v)", sharedGCG, err)
	}
	slices.Sort(files)
	r, _, err := wwf.Rules("scrabble", "")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	seen := map[string]bool{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := wwf.ReadGCG(bytes.NewReader(data), filepath.Base(path))
		if err != nil {
			continue
		}
		for turn := 1; turn <= len(rec.Events); turn++ {
			pos, err := wwf.ReplayPosition(rec, r, nil, wwf.ReplayOptions{Turn: turn, Seed: 1})
			if err != nil {
				break
			}
			s := pos.State
			if s.Over() || s.BagLen() > 0 {
				continue
			}
			// A record that shows only the tiles played gives a partial
			// rack (unknown tiles beside it) until the next turn shows the
			// rest: no endgame to solve yet.
			if s.Unknown(0) > 0 || s.Unknown(1) > 0 {
				continue
			}
			if !pos.RackKnown[s.ToMove()] || len(s.Rack(nil, 0)) == 0 || len(s.Rack(nil, 1)) == 0 {
				break
			}
			c := wwf.ToCGP(s)
			key := c.String()
			if !seen[key] {
				seen[key] = true
				c.Options = append(c.Options, wwf.CGPOption{Key: "note", Value: fmt.Sprintf("%s@%d", filepath.Base(path), turn)})
				lines = append(lines, c.String())
			}
			break
		}
	}
	return lines
}

// TestSuite keeps the committed endgame suite in step with its
// generator (-update-suite rewrites it).
func TestSuite(t *testing.T) {
	want := makeSuite(t)
	if *updateSuite {
		if err := os.MkdirAll(filepath.Dir(suitePath), 0o755); err != nil {
			t.Fatal(err)
		}
		text := "# Scrabble endgames: the first position with the bag empty of the English records\n" +
			"# of ../shared/data/gcg (note: record@turn), made by\n" +
			"# go test ./search/endgame -run TestSuite -update-suite\n" + strings.Join(want, "\n") + "\n"
		if err := os.WriteFile(suitePath, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := readSuite(t)
	if !slices.Equal(got, want) {
		t.Errorf("%s differs from its generator; run go test ./search/endgame -run TestSuite -update-suite", suitePath)
	}
	if len(got) < 11 {
		t.Errorf("%s: %d positions, want at least 11", suitePath, len(got))
	}
}

// readSuite returns the CGP lines of the committed suite.
func readSuite(t testing.TB) []string {
	f, err := os.Open(suitePath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// suiteStates returns the suite's positions judged by lx, with their
// notes.
func suiteStates(t testing.TB, lx *lexicon.Lexicon) (notes []string, states []*crossword.State) {
	for i, line := range readSuite(t) {
		c, err := wwf.ParseCGP(line)
		if err != nil {
			t.Fatalf("%s line %d: %v", suitePath, i+1, err)
		}
		r, _, err := wwf.Rules("scrabble", "")
		if err != nil {
			t.Fatal(err)
		}
		s, err := wwf.FromCGP(c, r, lx, 1)
		if err != nil {
			t.Fatalf("%s line %d: %v", suitePath, i+1, err)
		}
		note := fmt.Sprint(i + 1)
		for _, o := range c.Options {
			if o.Key == "note" {
				note = o.Value
			}
		}
		notes, states = append(notes, note), append(states, s)
	}
	return notes, states
}
