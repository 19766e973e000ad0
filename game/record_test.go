package game_test

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/gametest/toygame"
)

func init() { toygame.Register() }

func sampleRecord() *game.Record {
	seat := 1
	return &game.Record{
		Game: toygame.Name, Lexicon: "en-letterpress", Seed: 7, Dealt: true, Title: "ann against computer (static)",
		Players: []game.RecordPlayer{{Name: "ann"}, {Name: "computer", Player: "static"}},
		Moves:   []game.RecordMove{{Seat: 0, Move: "pass"}, {Seat: 1, Move: "pass"}},
		Racks:   []string{"AEIS", "BNOT"},
		Result:  &game.RecordResult{Scores: []int{0, 0}, Winners: []int{0}, Resigned: &seat},
	}
}

// TestRecordJSON: the JSON record reads back as written, and the reader
// names what is wrong with a bad one.
func TestRecordJSON(t *testing.T) {
	var b bytes.Buffer
	r := sampleRecord()
	if err := game.WriteRecordJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	back, err := game.ReadRecordJSON(bytes.NewReader(b.Bytes()), "r.json")
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("read back %+v, want %+v", back, r)
	}
	for _, tc := range []struct{ text, want string }{
		{`{"game": "toy", "players": [{"name": "a"}]}`, `no "format" field`},
		{`{"format": "wordengine-record 9", "game": "toy", "players": [{"name": "a"}]}`, `format "wordengine-record 9"`},
		{`{"format": "wordengine-record 1", "players": [{"name": "a"}]}`, "no game"},
		{`{"format": "wordengine-record 1", "game": "chess"}`, `r.json: game: unknown game "chess" (known: `},
		{`{"format": "wordengine-record 1", "game": "toy"}`, "no players"},
		{`{"format": "wordengine-record 1", "game": "toy", "players": [{"name": "a"}], "moves": [{"seat": 3, "move": "x"}]}`, "move 1 (x): seat 3"},
		{"{\n  \"format\": \"wordengine-record 1\",\n  \"game\": 3\n}", "line 3, column"},
		{`{"format": "wordengine-record 1", "game": "toy", "bogus": 1}`, `unknown field "bogus"`},
		{`{"format": "wordengine-record 1", "game": "toy", "players": [{"name": "a"}]} {}`, "text after the record"},
	} {
		_, err := game.ReadRecordJSON(strings.NewReader(tc.text), "r.json")
		if err == nil || !errors.Is(err, game.ErrRecord) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadRecordJSON(%s) = %v, want an error with %q", tc.text, err, tc.want)
		}
	}
}

// TestReplayErrors: a record whose move is not its seat's, or illegal,
// stops the replay with the move named.
func TestReplayErrors(t *testing.T) {
	r := sampleRecord()
	r.Moves = []game.RecordMove{{Seat: 1, Move: "pass"}}
	if _, err := game.Replay(r, game.ReplayOptions{Moves: -1}); err == nil || !strings.Contains(err.Error(), "move 1 (pass): made by seat 1, but seat 0 is to move") {
		t.Errorf("out of turn: %v", err)
	}
	r.Moves = []game.RecordMove{{Seat: 0, Move: "QQQQ"}}
	if _, err := game.Replay(r, game.ReplayOptions{Moves: -1}); err == nil || !strings.Contains(err.Error(), "move 1 (QQQQ): ") {
		t.Errorf("illegal: %v", err)
	}
	r.Moves = []game.RecordMove{{Seat: 0, Move: "pass", Score: 5}}
	var warned []error
	if _, err := game.Replay(r, game.ReplayOptions{Moves: -1, Warn: func(err error) { warned = append(warned, err) }}); err != nil || len(warned) != 1 || !strings.Contains(warned[0].Error(), "recorded score 5, computed 0") {
		t.Errorf("score: %v %v", err, warned)
	}
	if _, err := game.ReplayTo(r, game.Config{}, 5, nil); err == nil || !strings.Contains(err.Error(), "turn 6: the record has 1 moves (turns 1 to 2)") {
		t.Errorf("ReplayTo past the end: %v", err)
	}
}

// FuzzReadRecordJSON: what the reader accepts writes and reads back the
// same, and replays without a panic (an error is fine).
func FuzzReadRecordJSON(f *testing.F) {
	var b bytes.Buffer
	if err := game.WriteRecordJSON(&b, sampleRecord()); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Add([]byte(`{"format": "wordengine-record 1", "game": "toy", "seed": 3, "players": [{"name": "a"}, {"name": "b"}], "moves": [{"seat": 0, "move": "AT", "score": 2}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := game.ReadRecordJSON(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := game.WriteRecordJSON(&out, r); err != nil {
			t.Fatalf("WriteRecordJSON of a record read: %v", err)
		}
		back, err := game.ReadRecordJSON(bytes.NewReader(out.Bytes()), "again")
		var again bytes.Buffer
		if err == nil {
			err = game.WriteRecordJSON(&again, back)
		}
		if err != nil || again.String() != out.String() {
			t.Fatalf("the record does not read back: %v\n%s", err, out.String())
		}
		if len(r.Moves) < 50 && len(r.Players) <= 3 {
			_, _ = game.Replay(r, game.ReplayOptions{Moves: -1, Warn: func(error) {}})
		}
	})
}

// TestMarkCells: runs of marked cells of a row are bracketed in place of
// the spaces around them.
func TestMarkCells(t *testing.T) {
	board := "    A B C D\n 1  . X Y .\n 2  . . Z .\n"
	got := game.MarkCells(board, func(r int) int { return r + 1 }, func(c int) (int, int) { return 4 + 2*c, 5 + 2*c }, [][2]int{{0, 1}, {0, 2}, {1, 2}, {1, 3}})
	want := "    A B C D\n 1  .[X Y].\n 2  . .[Z .]\n"
	if got != want {
		t.Errorf("MarkCells:\n%s\nwant\n%s", got, want)
	}
	if got := game.MarkCells(board, func(int) int { return -1 }, nil, [][2]int{{0, 0}}); got != board {
		t.Errorf("a row not drawn changed the text")
	}
	// A square given twice (two moves since the viewer's own covered it)
	// is marked once: no second bracket at the end of the line.
	trimmed := "    A B C D\n 1  . X Y Z\n"
	for _, cells := range [][][2]int{{{0, 3}, {0, 2}, {0, 3}}, {{0, 2}, {0, 3}, {0, 2}, {0, 3}}} {
		if got, want := game.MarkCells(trimmed, func(r int) int { return r + 1 }, func(c int) (int, int) { return 4 + 2*c, 5 + 2*c }, cells), "    A B C D\n 1  . X[Y Z]\n"; got != want {
			t.Errorf("MarkCells %v:\n%s\nwant\n%s", cells, got, want)
		}
	}
}

func TestSpecHelpers(t *testing.T) {
	s := game.Spec{Name: "x", Colours: []string{"BLUE"}, Unit: "cell", Variants: []game.Option{{Key: "size", Values: "4 to 8", Default: "5", Help: "side"}}}
	if got := s.SeatName(0) + "; " + s.SeatName(1); got != "player 1 (BLUE); player 2" {
		t.Errorf("SeatName: %q", got)
	}
	if got := s.UnitName(1) + ", " + s.UnitName(-3); got != "1 cell, -3 cells" {
		t.Errorf("UnitName: %q", got)
	}
	if lo, hi := s.Players(); lo != 2 || hi != 2 || s.Seats() != 2 || !s.HasOption("size") || s.HasOption("board") {
		t.Errorf("Players %d..%d, Seats %d", lo, hi, s.Seats())
	}
	if got := s.VariantHelp(); got != "  size=4 to 8 (default 5): side\n" {
		t.Errorf("VariantHelp: %q", got)
	}
}
