package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runStdin runs the command with args in-process, with stdin as its
// standard input.
func runStdin(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	a := &app{stdout: &stdout, stderr: &stderr, stdin: strings.NewReader(stdin), getenv: func(string) string { return "" }}
	code := a.run(context.Background(), args)
	return result{code, stdout.String(), stderr.String()}
}

const wordblockMidgame = "../../game/wordblock/testdata/midgame.txt"

func TestHintWordBlock(t *testing.T) {
	t.Parallel()
	over := filepath.Join(t.TempDir(), "over.txt")
	if err := os.WriteFile(over, []byte("wordblock players=2 passes=2\nCb Ab T. S.\nDo Oo G. E.\nR. I. P. E.\nT. O. N. E.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte("wordblock players=2\nCb Ab T. S.\nDo Ox G. E.\nR. I. P. E.\nT. O. N. E.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	board := "CATS/DOGE/RIPE/TONE"
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		// Default player: om (as in play).
		{[]string{"--board", board, "--top", "3"}, 0, []string{"player 1 (BLUE) to move", "7748 legal moves", "ranked by om", "PROGNOSTICATED c3,a3,b4,c2,c4,b2,d1,a4,b3,a1,b1,c1,d4,a2    14  win +16", "wins and losses assume one-ply opponents", "    3  "}, nil},
		{[]string{"--board", board, "--top", "2", "--player", "static"}, 0, []string{"ranked by static", "    1  PROGNOSTICATED ", " 21.0"}, nil},
		{[]string{"--board", board, "--players", "4", "--top", "1", "--player", "greedy"}, 0, []string{"player 4 (YELLOW) 0", "ranked by greedy", " 14.0"}, nil},
		{[]string{"--board", board, "--variant", "contain=prefix", "--top", "1", "--player", "greedy"}, 0, []string{"contain=prefix"}, nil},
		// A player that cannot rank: greedy's ranking, its choice marked.
		{[]string{"--board", board, "--top", "2", "--player", "random", "--seed", "5"}, 0, []string{"random cannot rank moves: ranked by greedy", "(marked >)", "\n>"}, nil},
		// A position from a file: secured cells marked.
		{[]string{"--position", wordblockMidgame, "--top", "2", "--player", "maxn:nodes=5000"}, 0, []string{"player 2 (ORANGE) to move", " 1  Cb* Ab ", "played: CAD COD TOO", "ranked by maxn:nodes=5000"}, nil},
		{[]string{"--position", wordblockMidgame, "--player", "nobody"}, 2, nil, []string{`unknown player "nobody"`}},
		{[]string{"--position", wordblockMidgame, "--board", board}, 2, nil, []string{"--players and --board go with a fresh game"}},
		{[]string{"--position", wordblockMidgame, "--players", "3"}, 2, nil, []string{"--players and --board go with a fresh game"}},
		{[]string{"--board", board, "--players", "5"}, 2, nil, []string{"--players 5: wordblock takes 2 to 4 players"}},
		{[]string{"--cgp", "x"}, 1, nil, []string{`--cgp: line 1, column 1: want "wordblock"`}},
		{[]string{"--position", "/no/such/file"}, 1, nil, []string{"/no/such/file"}},
		{[]string{"--position", bad}, 1, nil, []string{"bad.txt: ", "line 3"}},
		{[]string{"--position", over}, 1, nil, []string{"the game is over (player 1 (BLUE) 2, player 2 (ORANGE) 2): no move to hint"}},
		{[]string{"--board", "CATS/DO"}, 2, nil, []string{`board "CATS/DO" (variant board=): line 1, column 6`}},
	}
	cache := t.TempDir()
	for _, tt := range tests {
		args := append([]string{"hint", "--game", "wordblock"}, tt.args...)
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			r := runIn(t, cache, args...)
			r.check(t, args, tt.code, tt.stdout, tt.stderr)
			if strings.Contains(r.stdout, "\x1b[") {
				t.Errorf("colour codes in output that is not a terminal:\n%s", r.stdout)
			}
		})
	}
}

func TestHintWordBlockStdinJSON(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(wordblockMidgame)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"hint", "--game", "wordblock", "--position", "-", "--player", "static", "--top", "3", "--json"}
	r := runStdin(t, string(data), args...)
	r.check(t, args, 0, nil, nil)
	var res hintResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("%v:\n%s", err, r.stdout)
	}
	if res.ToMove != 1 || res.Seat != "player 2 (ORANGE)" || len(res.Moves) != 3 || res.RankedBy != "static" || res.Scores[0] != 4 || res.Total < 3 {
		t.Errorf("unexpected result %+v", res)
	}
	if !strings.Contains(res.Position, "words CAD COD TOO") {
		t.Errorf("position %q", res.Position)
	}
	for i := 1; i < len(res.Moves); i++ {
		if *res.Moves[i].Equity > *res.Moves[i-1].Equity {
			t.Errorf("moves not best first: %+v", res.Moves)
		}
	}
}

// TestHintWordBlockRankNote: a search player's ranking says what its
// values are.
func TestHintWordBlockRankNote(t *testing.T) {
	t.Parallel()
	r := runStdin(t, "", "hint", "--game", "wordblock", "--board", "CATS/DOGE/RIPE/TONE", "--players", "3", "--player", "om:nodes=20000", "--top", "3")
	if r.code != 0 || !strings.Contains(r.stdout, "ranked by om:nodes=20000: value = the searched margin") {
		t.Errorf("exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}
