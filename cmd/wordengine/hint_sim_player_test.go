package main

import "testing"

// TestHintSimPlayerCounts checks that `hint --player sim:...` reports every
// legal move of the position in its header and its JSON total_moves, not
// only the K candidates the simulation ranked (it said "10 legal moves" for
// the Upwords position with 38), and that the wwf/scrabble hint describes
// the simulation's equity rather than the static "score + leave value".
func TestHintSimPlayerCounts(t *testing.T) {
	t.Parallel()
	cache := t.TempDir()
	const sim = "sim:iterations=2,candidates=3,threads=1"
	tests := []struct {
		args   []string
		stdout []string
	}{
		{[]string{"hint", "--game", "upwords", "--position", "../../game/upwords/testdata/position.txt", "--player", sim, "--top", "1"},
			[]string{"38 legal moves", "ranked by " + sim}},
		{[]string{"hint", "--game", "upwords", "--position", "../../game/upwords/testdata/position.txt", "--player", sim, "--top", "1", "--json"},
			[]string{`"total_moves": 38`}},
		{[]string{"hint", "--game", "wordblock", "--position", "../../game/wordblock/testdata/midgame.txt", "--player", sim, "--top", "1"},
			[]string{"player 2 (ORANGE) to move; 7741 legal moves"}},
		{[]string{"hint", "--game", "wordflow", "--seed", "3", "--player", sim, "--top", "1"},
			[]string{"56 legal moves", "ranked by " + sim}},
		{[]string{"hint", "--game", "twoway", "--seed", "1", "--player", sim, "--top", "1"},
			[]string{"player 1 (red) to move with ", "; 196 legal moves"}},
		{[]string{"hint", "--cgp", simMidgame, "--player", sim, "--top", "1"},
			[]string{"934 legal moves", "ranked by " + sim + ": value = mean spread change over the rollouts + value of the final leave"}},
	}
	for _, tt := range tests {
		runIn(t, cache, tt.args...).check(t, tt.args, 0, tt.stdout, nil)
	}
}

// TestSelfplayBadPlayerNamesFlag checks that a bad player spec in
// selfplay's --players is a usage error naming the flag, as in the main
// job and hint ("--players: sim: ..."), not a bare "sim: ..." message.
func TestSelfplayBadPlayerNamesFlag(t *testing.T) {
	t.Parallel()
	cache := t.TempDir()
	tests := []struct {
		args   []string
		stderr []string
	}{
		{[]string{"selfplay", "--players", "sim:iterations=x,static", "--games", "2"}, []string{`wordengine: --players: sim: iterations=x: want a whole number, at least 1`}},
		{[]string{"selfplay", "--players", "sim:foo=1,static", "--games", "2"}, []string{`wordengine: --players: sim: unknown option "foo"`}},
		{[]string{"selfplay", "--players", "static,nope", "--games", "2"}, []string{`wordengine: --players: unknown player "nope"`}},
	}
	for _, tt := range tests {
		runIn(t, cache, tt.args...).check(t, tt.args, 2, nil, tt.stderr)
	}
}
