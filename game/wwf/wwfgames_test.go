package wwf

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"wordengine/game/crossword"
	"wordengine/lexicon"
)

// wwfRecord is the part of a decoded Words With Friends game state
// (../shared/data/gcg/sidoh_wwf_api/derived, see its SOURCES.md) that a
// replay needs: x is the column, y the row, both zero-based; a blank is a
// tile of value 0 carrying the letter it stands for.
type wwfRecord struct {
	AllMoves []struct {
		MoveType string             `json:"moveType"`
		Points   int                `json:"points"`
		Words    []string           `json:"words"`
		Start    struct{ X, Y int } `json:"playStartPosition"`
		End      struct{ X, Y int } `json:"playEndPosition"`
		Tiles    []struct {
			Letter string `json:"letter"`
			Value  int    `json:"value"`
		} `json:"tiles"`
	} `json:"allMoves"`
}

// TestReplayWWFGames replays the three real Words With Friends games and
// requires every recorded score and every recorded word.
func TestReplayWWFGames(t *testing.T) {
	dir := filepath.Join(sharedGCG, "sidoh_wwf_api", "derived")
	files, _ := filepath.Glob(filepath.Join(dir, "*.decoded.json"))
	if len(files) == 0 {
		t.Skipf("no Words With Friends records at %s (../shared/data/gcg from the project root)", dir)
	}
	r, _, err := Rules("wwf", "")
	if err != nil {
		t.Fatal(err)
	}
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	a := r.TileSet.Alphabet
	plays := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var rec wwfRecord
		if err := json.Unmarshal(data, &rec); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		s, err := crossword.NewEmpty(r, lx, 1)
		if err != nil {
			t.Fatal(err)
		}
		b := s.Board()
		for k, mv := range rec.AllMoves {
			if mv.MoveType != "PLAY" {
				continue
			}
			plays++
			d := crossword.Across
			if mv.Start.X == mv.End.X && mv.Start.Y != mv.End.Y {
				d = crossword.Down
			}
			dr, dc := 0, 1
			if d == crossword.Down {
				dr, dc = 1, 0
			}
			// The whole run: back over tiles before the start, on past the end.
			r0, c0 := mv.Start.Y, mv.Start.X
			for r0-dr >= 0 && c0-dc >= 0 && b.At(r0-dr, c0-dc) != 0 {
				r0, c0 = r0-dr, c0-dc
			}
			var word []lexicon.Tile
			next := 0
			for rr, cc := r0, c0; rr < b.Rows() && cc < b.Cols(); rr, cc = rr+dr, cc+dc {
				if b.At(rr, cc) != 0 {
					word = append(word, crossword.PlayThrough)
					continue
				}
				if next == len(mv.Tiles) {
					break
				}
				tl := mv.Tiles[next]
				next++
				ts, err := a.Parse(nil, strings.ToUpper(tl.Letter))
				if err != nil || len(ts) != 1 {
					t.Fatalf("%s move %d: tile %q: %v", path, k, tl.Letter, err)
				}
				if tl.Value == 0 {
					ts[0] |= lexicon.BlankFlag
				}
				word = append(word, ts[0])
			}
			m, words, err := s.ScorePlay(d, r0, c0, word)
			if err != nil {
				t.Fatalf("%s move %d: %v", path, k, err)
			}
			if got := s.MoveScore(m); got != mv.Points {
				t.Errorf("%s move %d (%v): computed %d points, recorded %d", filepath.Base(path), k, words, got, mv.Points)
			}
			want := slices.Clone(mv.Words)
			for i := range want {
				want[i] = strings.ToUpper(want[i])
			}
			got := slices.Clone(words)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s move %d: words %v, recorded %v", filepath.Base(path), k, got, want)
			}
			for _, w := range words {
				if !lx.Contains(w) {
					t.Logf("%s move %d: %s is not in the Letterpress list (WWF's own list differs)", filepath.Base(path), k, w)
				}
			}
			for i, sq := range s.PlayedSquares(m) {
				var tiles []lexicon.Tile
				for _, x := range word {
					if x != crossword.PlayThrough {
						tiles = append(tiles, x)
					}
				}
				if err := s.PlaceTile(sq[0], sq[1], tiles[i]); err != nil {
					t.Fatalf("%s move %d: %v", path, k, err)
				}
			}
		}
	}
	if plays != 64 {
		t.Errorf("replayed %d plays, want the 64 of the three games", plays)
	}
	t.Logf("%d Words With Friends plays replayed with their recorded scores", plays)
}
