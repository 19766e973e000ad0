package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// simMidgame is search/sim's committed midgame position.
const simMidgame = "6W8/5FAE7/5REX7/MALLEI1O7/5L9/5L9/4HEH8/3DIRECTS5/9Q5/7M1u5/7A1I5/7KEN5/8UT5/5DUROY5/3THIG1I6 AENPSUU/AEEHIRT 153/233 0"

func TestHintSim(t *testing.T) {
	t.Parallel()
	cache := t.TempDir()
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--iterations", "16", "--candidates", "3", "--threads", "2", "--seed", "3"}, 0,
			[]string{"934 legal moves", "simulated (plies=2,candidates=3,iterations=16,stop=99,threads=2, seed 3):\n  16 iterations", "stopped: budget", "equity = mean spread change", "  1   ", "  3   ", "    16  "}, nil},
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--plies", "0", "--time", "50ms", "--stop", "95", "--candidates", "2"}, 0,
			[]string{"plies=0,candidates=2,time=50ms,stop=95"}, nil},
		{[]string{"hint", "--cgp", simMidgame, "--plies", "3"}, 2, nil, []string{"--plies goes with --sim"}},
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--stop", "90"}, 2, nil, []string{"--stop 90: want 95, 99 or 0"}},
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--plies", "-1"}, 2, nil, []string{"--plies -1: want 0 to 20"}},
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--iterations", "0"}, 2, nil, []string{"--iterations 0: want 1 to 1000000000"}},
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--time", "-1s"}, 2, nil, []string{"--time -1s: want a positive duration"}},
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--candidates", "0"}, 2, nil, []string{"--candidates 0"}},
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--threads", "1025"}, 2, nil, []string{"--threads 1025: want 0 (one per core) to 1024"}},
		// hint's --seed defaults to 1, as its help says (the main command's is 0).
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--iterations", "16", "--candidates", "2"}, 0, []string{", seed 1)"}, nil},
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--threads", "-1"}, 2, nil, []string{"--threads -1: want 0 (one per core) to 1024"}},
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--player", "greedy"}, 2, nil, []string{"--sim ranks by simulation"}},
		// Every game: one rollout when nothing is hidden.
		{[]string{"hint", "--game", "wordblock", "--board", "CATS/DOGE/RIPE/TONE", "--sim", "--candidates", "2"}, 0, []string{"  1 iteration in ", "PROGNOSTICATED "}, nil},
		{[]string{"hint", "--game", "upwords", "--sim", "--iterations", "8", "--candidates", "2"}, 0, []string{"8 iterations", "win %"}, nil},
		{[]string{"hint", "--game", "twoway", "--sim", "--iterations", "8", "--candidates", "2"}, 0, []string{"8 iterations"}, nil},
		{[]string{"hint", "--game", "wordflow", "--sim", "--iterations", "8", "--candidates", "2"}, 0, []string{"8 iterations"}, nil},
		{[]string{"hint", "--game", "scrabble", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0", "--sim", "--iterations", "16", "--candidates", "2", "--plies", "1"}, 0, []string{"scrabble, lexicon", "iterations=16", "  2   "}, nil},
		// One rollout or none: no standard error nor interval to show.
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--iterations", "1", "--candidates", "2"}, 0, []string{"  1 iteration in ", "n/a: a candidate rolled out fewer than 2", "+-  n/a", "[n/a]"}, nil},
		{[]string{"hint", "--cgp", simMidgame, "--sim", "--candidates", "1"}, 0, []string{"stopped: single", "     0    n/a"}, nil},
	}
	for _, tt := range tests {
		runIn(t, cache, tt.args...).check(t, tt.args, tt.code, tt.stdout, tt.stderr)
	}

	// JSON: the simulated candidates, each with its iterations, equity,
	// standard error and win interval; the same for any thread count.
	var outs []string
	for _, threads := range []string{"1", "2"} {
		args := []string{"hint", "--cgp", simMidgame, "--sim", "--iterations", "48", "--stop", "95", "--candidates", "4", "--threads", threads, "--seed", "2", "--json"}
		r := runIn(t, cache, args...)
		r.check(t, args, 0, nil, nil)
		var res hintSimResult
		if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
			t.Fatalf("json: %v\n%s", err, r.stdout)
		}
		if res.Sim.Iterations < 32 || len(res.Moves) != 4 || res.Total != 934 {
			t.Fatalf("json: %d iterations, %d moves, %d total:\n%s", res.Sim.Iterations, len(res.Moves), res.Total, r.stdout)
		}
		for _, m := range res.Moves {
			if m.Iterations < 32 || m.EquitySE <= 0 || !(m.WinLo <= m.Win && m.Win <= m.WinHi) || m.Leave == "" {
				t.Errorf("json move %+v", m)
			}
		}
		res.Sim.Seconds, res.Sim.Options = 0, ""
		b, _ := json.Marshal(res)
		outs = append(outs, string(b))
	}
	if outs[0] != outs[1] {
		t.Errorf("threads 1 and 2 differ:\n%s\n%s", outs[0], outs[1])
	}
	if !strings.Contains(outs[0], `"win_pct"`) {
		t.Errorf("no win_pct in %s", outs[0])
	}
}
