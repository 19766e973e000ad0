package endgame

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/game/wwf"
	"wordengine/lexicon"
)

// sowpods returns the embedded SOWPODS.
func sowpods(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	lx, err := lexicon.SOWPODS() // embedded
	if err != nil {
		t.Fatal(err)
	}
	return lx
}

// macondoBoard returns board name of Macondo's sample boards in
// ../shared/data/positions (skipping when they are absent) as a Scrabble
// position judged by lx.
func macondoBoard(t testing.TB, name string, lx *lexicon.Lexicon) *crossword.State {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "data", "positions", "domino14_macondo", "derived", "sample_testing_boards_as_cgp.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("Macondo's sample boards not found (%v): they live in ../shared/data/positions", err)
	}
	var boards []struct {
		Name    string `json:"name"`
		Board   string `json:"board"`
		Players []struct {
			OnTurn bool   `json:"on_turn"`
			Rack   string `json:"rack"`
			Score  int    `json:"score"`
		} `json:"header_players"`
	}
	if err := json.Unmarshal(data, &boards); err != nil {
		t.Fatal(err)
	}
	for _, b := range boards {
		if b.Name != name {
			continue
		}
		on, off := b.Players[0], b.Players[1]
		if !on.OnTurn {
			on, off = off, on
		}
		cgp := b.Board + " " + on.Rack + "/" + off.Rack + " " + itoa(on.Score) + "/" + itoa(off.Score) + " 0"
		s, err := wwf.ParsePosition("scrabble", "", cgp, lx, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return s
	}
	t.Fatalf("no board %s in %s", name, path)
	return nil
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestBoard06 solves board06 of Macondo's sample boards (EFHIKOQ against
// WZ, bag empty, Scrabble rules, SOWPODS) 8 plies deep: +59, as MAGPIE
// and Macondo find.
func TestBoard06(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("board06 takes seconds with -short or the race detector (make proof runs it)")
	}
	lx := sowpods(t)
	s := macondoBoard(t, "board06", lx)
	r, err := New(Options{Plies: 8}).Solve(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("value %+d at %d plies, %d nodes, %v (%.0f nodes/s), PV %s", r.Value, r.Depth, r.Nodes, r.Elapsed,
		float64(r.Nodes)/r.Elapsed.Seconds(), pvText(s, r.PV))
	for _, it := range r.Iterations {
		t.Logf("  depth %d: %+d solved %v, %d nodes, %v", it.Depth, it.Value, it.Solved, it.Nodes, it.Elapsed)
	}
	if r.Value != 59 || r.Depth != 8 {
		t.Fatalf("board06: %+d at %d plies, want +59 at 8", r.Value, r.Depth)
	}
}

// pvText writes a principal variation in the game's notation.
func pvText(s game.State, pv []game.Move) string {
	c := s.Clone()
	out := ""
	for i, m := range pv {
		if i > 0 {
			out += "; "
		}
		out += c.FormatMove(m)
		c.Play(m)
	}
	return out
}
