package upwords

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"testing"
)

type vector struct {
	name    string
	board   [][]string
	letters string
	start   [2]int
	dir     string
	points  int
}

// loadVectors reads the toolkit's scoring cases; it skips the test when
// ../shared/data is absent.
func loadVectors(t *testing.T, path string) []vector {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("%s is absent (the shared data folder is not checked out): skipping the toolkit's scoring cases", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Cases []struct {
			Test     string          `json:"test"`
			Initial  json.RawMessage `json:"initial_ubf"`
			Letters  string          `json:"play_letters"`
			Start    [2]int          `json:"start"`
			Dir      string          `json:"direction"`
			Expected int             `json:"expected_points"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []vector
	for _, c := range raw.Cases {
		v := vector{name: c.Test, letters: c.Letters, start: c.Start, dir: c.Dir, points: c.Expected}
		if err := json.Unmarshal(c.Initial, &v.board); err != nil {
			var s string
			if json.Unmarshal(c.Initial, &s) != nil {
				t.Fatalf("%s: case %q: initial_ubf is neither a board nor a note", path, c.Test)
			}
			v.board = nil // "empty 10x10 board"
		}
		out = append(out, v)
	}
	return out
}
