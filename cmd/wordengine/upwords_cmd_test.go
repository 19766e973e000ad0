package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

const upwordsPosition = "../../game/upwords/testdata/position.txt"

// upwordsOver is a finished game (every player passed in a row).
const upwordsOver = "../../game/upwords/testdata/over.txt"

func TestHintUpwords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"--position", upwordsPosition, "--top", "3"}, 0, []string{"player 2 to move with BFHLMWZ", " 5   V5  A1  R1  D2  Y1", "ranked by static", "    1  1F BL(A)W    14  FHMZ      11.4  BON, LOY"}, nil},
		{[]string{"--position", upwordsPosition, "--top", "2", "--player", "greedy"}, 0, []string{"ranked by greedy: value = the move's score", " rank  move"}, nil},
		{[]string{"--position", upwordsPosition, "--top", "1", "--player", "pimc:samples=2"}, 0, []string{"ranked by pimc:samples=2: value = the searched margin"}, nil},
		{[]string{"--position", upwordsOver}, 1, nil, []string{upwordsOver + ": the game is over (player 1 95, player 2 87, player 3 102): no move to hint"}},
		{[]string{"--variant", "sise=8"}, 2, nil, []string{"unknown variant option \"sise\"", "Run 'wordengine hint --help'"}},
		{[]string{"--variant", "size=8,size=10"}, 2, nil, []string{"variant option \"size\" given twice"}},
		{[]string{"--seed", "3", "--top", "2", "--players", "3", "--variant", "size=8"}, 0, []string{"upwords (size=8,bare-plural=illegal)", "player 1 to move", "   A   B   C   D   E   F   G   H\n"}, nil},
		{[]string{"--seed", "3", "--rack", "QUIETER", "--top", "1", "--player", "greedy"}, 0, []string{"with EEIQuRT", "5A QuIETER    14     14.0"}, nil},
		{[]string{"--seed", "3", "--rack", "QUIETER", "--top", "1"}, 0, []string{"5A REQuIT    12  E         14.3"}, nil},
		{[]string{"--position", upwordsPosition, "--players", "3"}, 2, nil, []string{"--players and --board go with a fresh game"}},
		{[]string{"--board", "ABC"}, 2, nil, []string{"--board: upwords has no board to give"}},
		{[]string{"--players", "5"}, 2, nil, []string{"--players 5: upwords takes 2 to 4 players"}},
		{[]string{"--rack", "QI"}, 1, nil, []string{"Qu tile"}},
		{[]string{"--position", "../../game/upwords/testdata/midgame.txt"}, 1, nil, []string{"line 23, column 1: unknown line"}},
	}
	cache := t.TempDir()
	for _, tt := range tests {
		args := append([]string{"hint", "--game", "upwords"}, tt.args...)
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			r := runIn(t, cache, args...)
			r.check(t, args, tt.code, tt.stdout, tt.stderr)
		})
	}
}

func TestBenchMovegenUpwords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		file   string
		code   int
		stdout []string
		stderr []string
	}{
		{"../../game/upwords/testdata/midgame.txt", 0, []string{"game upwords", "3 runs per position", "24 positions: 3540 plays", "M moves/s"}, nil},
		{upwordsPosition, 0, []string{"1 position: 38 plays"}, nil},
		{"upwords_cmd_test.go", 1, nil, []string{"no positions"}},
	} {
		args := []string{"bench", "movegen", "--game", "upwords", "--positions", tc.file, "--runs", "3"}
		r := runIn(t, t.TempDir(), args...)
		r.check(t, args, tc.code, tc.stdout, tc.stderr)
	}
}

func TestHintUpwordsStdinJSON(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(upwordsPosition)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"hint", "--game", "upwords", "--position", "-", "--top", "3", "--json"}
	r := runStdin(t, string(data), args...)
	r.check(t, args, 0, nil, nil)
	var res hintResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("%v:\n%s", err, r.stdout)
	}
	if res.ToMove != 1 || res.Players != 3 || len(res.Moves) != 3 || res.Rack != "BFHLMWZ" || res.Total != 38 || res.Moves[0].Move != "1F BL(A)W" || res.Moves[0].Leave != "FHMZ" {
		t.Errorf("unexpected result %+v", res)
	}
	for i := 1; i < len(res.Moves); i++ {
		if *res.Moves[i].Equity > *res.Moves[i-1].Equity {
			t.Errorf("moves not sorted by equity: %+v", res.Moves)
		}
	}
}

func TestPlayUpwords(t *testing.T) {
	t.Parallel()
	passes := strings.Repeat("pass\n", 400)
	tests := []struct {
		name           string
		args           []string
		stdin          string
		code           int
		stdout, stderr []string
	}{
		{"commands", []string{"--game", "upwords", "--seed", "5", "--level", "greedy"}, "help\nhint 2\nbag\n5E XX\n1A CHAFT\n5E CHAFT\nboard\n", 0, []string{
			"upwords (size=10,bare-plural=illegal), 2 players", "seed 5 (repeat with --seed 5); you are player 1",
			"your rack: ACFHLLT", "-X          exchange", "best 2 of 695 moves by static",
			"unseen: 93 tiles (86 in the pool, the rest on the other racks)",
			"Not played: move \"5E XX\": no X on the rack ACFHLLT",
			"Not played: move \"1A CHAFT\": the first play covers a centre square",
			"You played 5E CHAFT for 10 points.", "Computer played ", " 5    .   .   .   .  C1  H1  A1  F1  T1 [S1]",
			"(end of input)", "left unfinished"}, nil},
		{"to the end", []string{"--game", "upwords", "--seed", "2", "--level", "greedy", "--first", "computer", "--players", "3"}, passes, 0, []string{
			"Computer 1 played ", "You passed.", "Game over.", "Each player lost 5 points per tile left on the rack.", "Final score: "}, nil},
		{"bad players", []string{"--game", "upwords", "--players", "5"}, "", 2, nil, []string{"--players 5: upwords takes 2 to 4 players"}},
		{"board refused", []string{"--game", "upwords", "--board", "AB"}, "", 2, nil, []string{"--board: upwords has no board to give"}},
		{"bad variant", []string{"--game", "upwords", "--variant", "size=9"}, "", 2, nil, []string{"variant size=9: want 10 or 8", "Run 'wordengine play --help'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := playRun(t, tt.stdin, tt.args...)
			r.check(t, tt.args, tt.code, tt.stdout, tt.stderr)
		})
	}
}
