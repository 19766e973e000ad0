package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/search"
)

// writeJSONRecord plays a seeded game of name (static against greedy,
// at most maxMoves moves) and writes it as a JSON record in dir.
func writeJSONRecord(t *testing.T, dir, name string, seed uint64, maxMoves int) string {
	t.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := game.Deal(spec, game.Config{}, seed, "")
	if err != nil {
		t.Fatal(err)
	}
	rec := &game.Record{Game: name, Seed: seed, Dealt: true}
	players := []string{"static", "greedy"}
	ps := make([]search.Player, s.Players())
	for p := range ps {
		if ps[p], err = search.New(players[p%2]); err != nil {
			t.Fatal(err)
		}
		rec.Players = append(rec.Players, game.RecordPlayer{Name: fmt.Sprintf("%s %d", players[p%2], p+1), Player: players[p%2]})
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	for !s.Over() && len(rec.Moves) < maxMoves {
		m, err := ps[s.ToMove()].Choose(context.Background(), search.View(s, rng), rng)
		if err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, game.RecordMove{Seat: s.ToMove(), Move: s.FormatMove(m), Score: s.MoveScore(m)})
		s.Play(m)
	}
	var buf bytes.Buffer
	if err := game.WriteRecordJSON(&buf, rec); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-%d.json", name, seed))
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestJSONRecords: validate and analyze read the JSON records of every
// game; a wrong score is a mismatch naming the move.
func TestJSONRecords(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"upwords", "wordblock", "twoway", "wordflow"} {
		writeJSONRecord(t, dir, name, 3, 14)
	}
	os.WriteFile(filepath.Join(dir, "other.json"), []byte(`{"not": "a record"}`), 0o644)
	args := []string{"validate", dir}
	r := runIn(t, dir, args...)
	r.check(t, args, exitOK, []string{"4 files: 4 read, 0 unreadable, 4 without a fault", "upwords-3.json: upwords (from the record's game)"}, nil)
	args = []string{"analyze", "--threads", "2", dir}
	r = runIn(t, dir, args...)
	r.check(t, args, exitOK, []string{"4 records (0 failed)", "twoway-3.json\n  twoway, lexicon", "wordflow-3.json\n  wordflow, lexicon"}, nil)
	if strings.Contains(r.stdout, "other.json") {
		t.Errorf("a JSON file that is not a record was read:\n%s", r.stdout)
	}
	// A wrong score.
	path := filepath.Join(dir, "upwords-3.json")
	rec, err := readJSONRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	rec.Moves[1].Score += 50
	var buf bytes.Buffer
	if err := game.WriteRecordJSON(&buf, rec); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, buf.Bytes(), 0o644)
	args = []string{"validate", path}
	runIn(t, dir, args...).check(t, args, exitError, []string{fmt.Sprintf("upwords-3.json move 2 (%s): recorded %+d, computed %d", rec.Moves[1].Move, rec.Moves[1].Score, rec.Moves[1].Score-50)}, nil)
}
