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
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"--position", upwordsPosition, "--top", "3"}, 0, []string{"player 2 to move, rack BFHLMWZ", " 5   V5  A1  R1  D2  Y1", "ranked by static", "    1  1F BL(A)W    14  FHMZ       11.4"}, nil},
		{[]string{"--position", upwordsPosition, "--top", "2", "--player", "greedy"}, 0, []string{"ranked by greedy (equity: the score, in points)", " rank  move"}, nil},
		{[]string{"--position", upwordsPosition, "--top", "1", "--player", "pimc:samples=2"}, 0, []string{"ranked by pimc:samples=2 (equity: the player's valuation of the move, in points)"}, nil},
		{[]string{"--position", upwordsOver}, 1, nil, []string{upwordsOver + ": the game is over: no move to hint"}},
		{[]string{"--variant", "sise=8"}, 2, nil, []string{"--variant: upwords: unknown variant option \"sise\"", "Run 'wordengine hint --help'"}},
		{[]string{"--variant", "size=8,size=10"}, 2, nil, []string{"variant option \"size\" given twice"}},
		{[]string{"--seed", "3", "--top", "2", "--players", "3", "--variant", "size=8"}, 0, []string{"upwords (size=8,bare-plural=illegal)", "player 1 to move", "   A   B   C   D   E   F   G   H\n"}, nil},
		{[]string{"--seed", "3", "--rack", "QUIETER", "--top", "1", "--player", "greedy"}, 0, []string{"rack EEIQuRT", "5A QuIETER    14  -"}, nil},
		{[]string{"--seed", "3", "--rack", "QUIETER", "--top", "1"}, 0, []string{"5A REQuIT    12  E          14.3"}, nil},
		{[]string{"--position", upwordsPosition, "--players", "3"}, 2, nil, []string{"--players and --variant go with a fresh game"}},
		{[]string{"--board", "ABC"}, 2, nil, []string{"not --cgp, --gcg, --turn or --board"}},
		{[]string{"--players", "5"}, 2, nil, []string{"--players 5: want 2 to 4"}},
		{[]string{"--rack", "QI"}, 2, nil, []string{"Qu tile"}},
		{[]string{"--position", "../../game/upwords/testdata/midgame.txt"}, 1, nil, []string{"line 23, column 1: unknown line"}},
	}
	cache := t.TempDir()
	for _, tt := range tests {
		args := append([]string{"hint", "--game", "upwords"}, tt.args...)
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runIn(t, cache, args...)
			r.check(t, args, tt.code, tt.stdout, tt.stderr)
		})
	}
}

func TestBenchMovegenUpwords(t *testing.T) {
	for _, tc := range []struct {
		file   string
		code   int
		stdout []string
		stderr []string
	}{
		{"../../game/upwords/testdata/midgame.txt", 0, []string{"game upwords", "3 runs per position", "24 positions: 3540 moves", "M moves/s"}, nil},
		{upwordsPosition, 0, []string{"1 position: 38 moves"}, nil},
		{"upwords_cmd_test.go", 1, nil, []string{"no positions"}},
	} {
		args := []string{"bench", "movegen", "--game", "upwords", "--positions", tc.file, "--runs", "3"}
		r := runIn(t, t.TempDir(), args...)
		r.check(t, args, tc.code, tc.stdout, tc.stderr)
	}
}

func TestHintUpwordsStdinJSON(t *testing.T) {
	data, err := os.ReadFile(upwordsPosition)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"hint", "--game", "upwords", "--position", "-", "--top", "3", "--json"}
	r := runStdin(t, string(data), args...)
	r.check(t, args, 0, nil, nil)
	var res upwordsHintResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("%v:\n%s", err, r.stdout)
	}
	if res.ToMove != 2 || res.Players != 3 || len(res.Moves) != 3 || res.Rack != "BFHLMWZ" || res.Total != 38 || res.Moves[0].Move != "1F BL(A)W" || res.Moves[0].Leave != "FHMZ" {
		t.Errorf("unexpected result %+v", res)
	}
	for i := 1; i < len(res.Moves); i++ {
		if res.Moves[i].Equity > res.Moves[i-1].Equity {
			t.Errorf("moves not sorted by equity: %+v", res.Moves)
		}
	}
}

func TestPlayUpwords(t *testing.T) {
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
			"your rack: ACFHLLT", "-X          exchange", "best 2 of 695 moves by greedy",
			"unseen (pool 86 tiles and the other racks): ",
			"Not played: move \"5E XX\": no X on the rack ACFHLLT",
			"Not played: move \"1A CHAFT\": the first play covers a centre square",
			"You (player 1) played 5E CHAFT for 10.", "Player 2, computer (greedy), played ", " 5    .   .   .   .  C1  H1  A1  F1  T1",
			"(end of input)", "left unfinished"}, nil},
		{"to the end", []string{"--game", "upwords", "--seed", "2", "--level", "greedy", "--first", "computer", "--players", "3"}, passes, 0, []string{
			"Player 1, computer (greedy), played ", "You (player 2) passed.", "Game over (each player lost 5 points per tile left).", "Final score: "}, nil},
		{"bad players", []string{"--game", "upwords", "--players", "5"}, "", 2, nil, []string{"--players 5: want 2 to 4"}},
		{"board refused", []string{"--game", "upwords", "--board", "AB"}, "", 2, nil, []string{"no --board"}},
		{"bad variant", []string{"--game", "upwords", "--variant", "size=9"}, "", 2, nil, []string{"--variant: upwords: variant size=9: want 10 or 8", "Run 'wordengine play --help'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := playRun(t, tt.stdin, tt.args...)
			r.check(t, tt.args, tt.code, tt.stdout, tt.stderr)
		})
	}
}
