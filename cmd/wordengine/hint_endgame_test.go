package main

import (
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/search/endgame"
)

// endgameBoard is the board of a real Scrabble game's first position with
// the bag empty (testdata/endgame/scrabble.cgp, anno57721): DDEOORS
// against BO. preBoard is the same board less six tiles (ER on row 13,
// KAGE on row 15): eight unseen tiles, seven on the opponent's rack and
// one in the bag, a one-tile pre-endgame.
const (
	endgameBoard = "MOIRE2Z1Q5/YIN1SUGARING3/8O1I4/3ME2JUNTA3/3OF1C1T1I4/1V1U2AHI1D4/1A1S2WAN6/PI1EL2AE6/ER1YE1OF7/N3N1U8/T3T1T8/AT1LIPID7/REV1L1ER7/CLEWS2A7/HEX4BlOcKAGE"
	preBoard     = "MOIRE2Z1Q5/YIN1SUGARING3/8O1I4/3ME2JUNTA3/3OF1C1T1I4/1V1U2AHI1D4/1A1S2WAN6/PI1EL2AE6/ER1YE1OF7/N3N1U8/T3T1T8/AT1LIPID7/REV1L10/CLEWS2A7/HEX4BlOc4"
)

func TestHintEndgame(t *testing.T) {
	cache := t.TempDir()
	eg := endgameBoard + " DDEOORS/BO 244/605 0"
	pre := preBoard + " DDEOORS/ 244/605 0"
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--endgame", "--threads", "1"}, 0,
			[]string{"player 1 to move with DDEOORS", "player 2 holds BO (the unseen tiles)", "value +0 (spread change for player 1)", "(exact: every line ends the game), stopped: solved", "nodes/s, 1 thread)", "principal variation:", "  1. player 1  ", "  2. player 2  "}, nil},
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--endgame", "--plies", "1"}, 0, []string{"depth 1 ply (at that depth), stopped: depth"}, nil},
		// Hopeless (a spread of -361): nothing is given up, and the 20
		// candidates of 7 cases each are far from solved in a second.
		{[]string{"hint", "--game", "scrabble", "--cgp", pre, "--endgame", "--top", "0", "--time", "1s"}, 0,
			[]string{"1 tile to draw", "pre-endgame: ", "cases solved", "stopped: time", "   1  ", "   3  ", "/7", "       -        -  0/7: not solved\n", "the others follow by score)"}, nil},
		{[]string{"hint", "--game", "scrabble", "--cgp", pre, "--endgame", "--candidates", "2", "--time", "1s", "--json"}, 0,
			[]string{`"rank": 2`, `"total_cases": 14`}, []string{}},
		{[]string{"hint", "--game", "scrabble", "--cgp", pre, "--endgame", "--candidates", "0"}, 2, nil, []string{"--candidates 0: want 1 to"}},
		{[]string{"hint", "--game", "scrabble", "--cgp", pre, "--endgame", "--candidates", "-1"}, 2, nil, []string{"--candidates -1: want 1 to"}},
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--endgame", "--candidates", "2"}, 2, nil, []string{"--candidates goes with --sim, or with --endgame when one tile is in the bag"}},
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--endgame", "--sim"}, 2, nil, []string{"--endgame and --sim: give one of them"}},
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--endgame", "--plies", "99"}, 2, nil, []string{"--plies 99: want 0 (to the end) to 40"}},
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--endgame", "--tt-mb", "0"}, 2, nil, []string{"--tt-mb 0: want 1 to"}},
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--endgame", "--iterations", "5"}, 2, nil, []string{"--iterations goes with --sim, not --endgame"}},
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--endgame", "--time", "-1s"}, 2, nil, []string{"--time -1s: want a positive duration"}},
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--endgame", "--player", "greedy"}, 2, nil, []string{"--endgame ranks by the exact solver"}},
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--tt-mb", "8"}, 2, nil, []string{"--tt-mb goes with --endgame"}},
		{[]string{"hint", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0", "--endgame"}, 1, nil, []string{"--endgame: the bag holds 90 tiles"}},
		{[]string{"hint", "--game", "upwords", "--endgame"}, 1, nil, []string{"--endgame: the bag holds 86 tiles"}},
		{[]string{"hint", "--game", "wordblock", "--endgame"}, 1, nil, []string{"--endgame: wordblock has no tile bag"}},
		{[]string{"hint", "--game", "scrabble", "--cgp", eg, "--plies", "3"}, 2, nil, []string{"--plies goes with --sim or --endgame"}},
	}
	for _, tt := range tests {
		runIn(t, cache, tt.args...).check(t, tt.args, tt.code, tt.stdout, tt.stderr)
	}
	// JSON: the same value and principal variation whatever the threads.
	var first hintEndgameResult
	for _, threads := range []string{"1", "2"} {
		args := []string{"hint", "--game", "scrabble", "--cgp", eg, "--endgame", "--plies", "4", "--threads", threads, "--json"}
		r := runIn(t, cache, args...)
		r.check(t, args, 0, nil, nil)
		var res hintEndgameResult
		if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
			t.Fatalf("json: %v\n%s", err, r.stdout)
		}
		if res.Depth != 4 || len(res.PV) == 0 || res.Nodes == 0 || res.Bag != 0 {
			t.Fatalf("json: %+v", res)
		}
		if threads == "1" {
			first = res
			continue
		}
		if res.Value != first.Value || len(res.PV) != len(first.PV) || res.PV[0] != first.PV[0] {
			t.Errorf("threads 1 and 2 differ: %+v and %+v", first.PV, res.PV)
		}
	}
}

// TestPreTable: the pre-endgame's table tells a candidate solved in every
// case from one partly solved, one given up and one not reached (no win %
// nor spread: 0 % and +0 would read as a certain loss), in text and JSON.
func TestPreTable(t *testing.T) {
	spec, err := game.Lookup("scrabble")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := spec.ParsePosition(game.Config{Rand: rand.New(rand.NewPCG(1, 2))}, preBoard+" DDEOORS/ 244/605 0")
	if err != nil {
		t.Fatal(err)
	}
	s := pos.State
	moves := s.AppendMoves(nil)[:4]
	cands := []endgame.PreCandidate{
		{Move: moves[0], Score: 27, Win: 0.5, Spread: -3.25, Cases: 7, Total: 7, Weight: 8, TotalWeight: 8},
		{Move: moves[1], Score: 24, Win: 0, Spread: -40, Cases: 4, Total: 7, Weight: 4, TotalWeight: 8},
		{Move: moves[2], Score: 23, Win: 0, Spread: -50, Cases: 2, Total: 7, Weight: 2, TotalWeight: 8, Pruned: true},
		{Move: moves[3], Score: 23, Total: 7, TotalWeight: 8},
	}
	var rows []hintPreMove
	for i := range cands {
		rows = append(rows, newHintPreMove(s, i+1, &cands[i]))
	}
	var b strings.Builder
	writePreTable(&b, rows)
	lines := strings.Split(b.String(), "\n")
	want := []string{
		`^rank +move +score +win % +spread +cases solved$`,
		`^   1  \S+ \S+ +27 +50\.0 +-3\.2  7/7$`,
		`^   2  \S+ \S+ +24 +0\.0 +-40\.0  4/7: partial, over the cases solved$`,
		`^   3  \S+ \S+ +23 +0\.0 +-50\.0  2/7: given up, cannot beat the best$`,
		`^   4  \S+ \S+ +23 +- +-  0/7: not solved$`,
		`^\(ranked: the candidates solved in every case`,
	}
	for i, re := range want {
		if i >= len(lines) || !regexp.MustCompile(re).MatchString(lines[i]) {
			t.Errorf("line %d does not match %q:\n%s", i+1, re, b.String())
		}
	}
	js, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{
		`"win_pct":50,"spread":-3.25,"cases":7,"total_cases":7,"status":"solved","pruned":false}`,
		`"cases":4,"total_cases":7,"status":"partial"`,
		`"cases":2,"total_cases":7,"status":"given up","pruned":true}`,
		`"win_pct":null,"spread":null,"cases":0,"total_cases":7,"status":"not solved","pruned":false}`,
	} {
		if !strings.Contains(string(js), part) {
			t.Errorf("JSON lacks %s:\n%s", part, js)
		}
	}
}
