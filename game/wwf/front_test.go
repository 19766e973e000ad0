package wwf_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/wwf"
)

// TestGCGRecordReopens: a Scrabble game saved as GCG reads back as
// Scrabble with its seed, players and variant, and replays to the same
// position (a scrabble record is not read as WWF).
func TestGCGRecordReopens(t *testing.T) {
	spec, err := game.Lookup("scrabble")
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.Deal(spec, game.Config{Variant: "end=none"}, 9, "")
	if err != nil {
		t.Fatal(err)
	}
	rec := &game.Record{Game: "scrabble", Variant: "end=none", Seed: 9, Dealt: true, Lexicon: "en-letterpress",
		Players: []game.RecordPlayer{{Name: "Ann Lee"}, {Name: "computer", Player: "static"}}}
	for range 6 {
		m := s.AppendMoves(nil)[0]
		rec.Moves = append(rec.Moves, game.RecordMove{Seat: s.ToMove(), Move: s.FormatMove(m), Score: s.MoveScore(m)})
		s.Play(m)
	}
	var b bytes.Buffer
	if err := game.WriteRecord(&b, rec); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{"#variant scrabble end=none\n", "#seed 9\n", "#computer2 static\n", "#player1 Ann_Lee Ann Lee\n", "#incomplete"} {
		if !strings.Contains(text, want) {
			t.Errorf("the GCG lacks %q:\n%s", want, text)
		}
	}
	back, err := game.ReadRecord(strings.NewReader(text), "game.gcg")
	if err != nil {
		t.Fatal(err)
	}
	if back.Game != "scrabble" || back.Variant != "end=none" || back.Seed != 9 || !back.Dealt || back.Players[1].Player != "static" || back.Players[1].Name != "computer" || back.Result != nil {
		t.Errorf("read back %+v", back)
	}
	got, err := game.Replay(back, game.ReplayOptions{Moves: -1})
	if err != nil {
		t.Fatal(err)
	}
	if got.Hash() != s.Hash() {
		t.Errorf("the record replays to another position")
	}
	pos, err := game.ReplayTo(back, game.Config{}, 3, nil)
	if err != nil || pos.State.Score(0)+pos.State.Score(1) > s.Score(0)+s.Score(1) {
		t.Errorf("ReplayTo(3): %v", err)
	}
}

// FuzzGCGRecord: every GCG file ReadGCG accepts converts to a record and
// back to GCG without a panic.
func FuzzGCGRecord(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.gcg")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("#player1 a A\n#player2 b B\n#variant scrabble\n#seed 3\n>a: AB 8H AB +8 8\n#resigned b\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := wwf.ReadGCG(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		r, err := wwf.GCGRecord(g)
		if err != nil {
			return
		}
		if len(r.Players) == 2 {
			_, _ = wwf.RecordGCG(r)
		}
	})
}
