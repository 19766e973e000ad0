package gametest

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"wordengine/game"
)

// Records checks the records of the registered game name: games of
// random moves dealt from seeds 0 to games-1 are recorded as the game's
// front ends record them (game.Record: the deal, every move in notation
// with its seat, score and rack, the racks at the end and the result),
// written in the game's format (game.WriteRecord), read back
// (game.ReadRecord) and replayed (game.Replay): the replay must pass
// through the same positions (Hash) to the same end and scores, and
// ReplayTo a turn in the middle must give that turn's position.
func Records(t *testing.T, name string, games int) {
	t.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(games) {
		s, err := game.Deal(spec, game.Config{Players: spec.Seats()}, seed, "")
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		rec := &game.Record{Game: name, Seed: seed, Dealt: true, Lexicon: "embedded"}
		for range s.Players() {
			rec.Players = append(rec.Players, game.RecordPlayer{Name: "player", Player: "random"})
		}
		rng := rand.New(rand.NewPCG(seed, 0x2ec))
		hashes := []uint64{s.Hash()}
		var buf []game.Move
		for ply := 0; !s.Over() && ply < 400; ply++ {
			buf = s.AppendMoves(buf[:0])
			m := choose(s, buf, rng)
			rm := game.RecordMove{Seat: s.ToMove(), Move: s.FormatMove(m), Score: s.MoveScore(m)}
			if v, ok := s.(game.SeatViewer); ok {
				rm.Rack = v.SeatView(s.ToMove()).HandText
			}
			rec.Moves = append(rec.Moves, rm)
			s.Play(m)
			hashes = append(hashes, s.Hash())
		}
		if v, ok := s.(game.SeatViewer); ok {
			for p := range s.Players() {
				rec.Racks = append(rec.Racks, v.SeatView(p).HandText)
			}
		}
		if s.Over() {
			res := &game.RecordResult{Winners: game.Winners(s)}
			for p := range s.Players() {
				res.Scores = append(res.Scores, s.Score(p))
			}
			rec.Result = res
		}
		var file bytes.Buffer
		if err := game.WriteRecord(&file, rec); err != nil {
			t.Fatalf("seed %d: WriteRecord: %v", seed, err)
		}
		ext := ".json"
		if spec.Records != nil {
			ext = spec.Records.Ext
		}
		back, err := game.ReadRecord(bytes.NewReader(file.Bytes()), "record"+ext)
		if err != nil {
			t.Fatalf("seed %d: ReadRecord of what WriteRecord wrote: %v\n%s", seed, err, file.String())
		}
		if back.Game == "" {
			back.Game = name // a format that does not name the game (GCG without #variant)
		}
		got, err := game.Replay(back, game.ReplayOptions{Moves: -1, Step: func(i int, st game.State, _ game.Move) error {
			if st.Hash() != hashes[i] {
				t.Fatalf("seed %d: the replayed record differs from the game before move %d (%s)", seed, i+1, back.Moves[i].Move)
			}
			return nil
		}})
		if err != nil {
			t.Fatalf("seed %d: Replay: %v\n%s", seed, err, file.String())
		}
		if got.Hash() != hashes[len(hashes)-1] || got.Over() != s.Over() {
			t.Fatalf("seed %d: the replayed record ends elsewhere than the game (over %v, want %v)", seed, got.Over(), s.Over())
		}
		for p := range s.Players() {
			if got.Score(p) != s.Score(p) {
				t.Errorf("seed %d: seat %d scores %d on replay, %d in the game", seed, p, got.Score(p), s.Score(p))
			}
		}
		if s.Over() {
			if back.Result == nil {
				t.Errorf("seed %d: the record of a finished game has no result", seed)
			} else if !slices.Equal(back.Result.Winners, game.Winners(s)) || !slices.Equal(back.Result.Scores, rec.Result.Scores) {
				t.Errorf("seed %d: result %+v read back, want %+v", seed, back.Result, rec.Result)
			}
		}
		if len(back.Moves) > 2 && spec.Records == nil {
			mid := len(back.Moves) / 2
			pos, err := game.ReplayTo(back, game.Config{}, mid, nil)
			if err != nil {
				t.Fatalf("seed %d: ReplayTo(%d): %v", seed, mid, err)
			}
			if pos.State.Hash() != hashes[mid] {
				t.Errorf("seed %d: ReplayTo(%d) gives another position than the game's before move %d", seed, mid, mid+1)
			}
		}
	}
}
