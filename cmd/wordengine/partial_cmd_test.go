package main

import "testing"

// TestHintPartialRack: a rack given in part, by CGP or by --rack, leaves
// the bag what is unseen less two full racks, with a warning.
func TestHintPartialRack(t *testing.T) {
	cgp := "7D3V3/4EN1A2QUOTH/4NONVIRILE2/3ADO1Y3G3/3WOK4ZO3/3AW5I4/4E5T4/3CRAAlED5/4S1XI7/5YEP1GOR3/2JIBE1EUOI4/1SAFE10/2IF2ACErBER2/GUL1TUM8/2STERILE6 AD/ 411/446 0"
	for _, args := range [][]string{
		{"hint", "--game", "scrabble", "--cgp", cgp},
		{"hint", "--game", "scrabble", "--cgp", cgp, "--rack", "DA"},
	} {
		runIn(t, t.TempDir(), args...).check(t, args, 0, []string{"scores: player 1 411, player 2 446; 2 tiles to draw", "57 legal moves"},
			[]string{"wordengine: warning: the rack of player 1 is given in part (AD: 2 of 7 tiles): its other 5 tiles are taken as unseen, so the bag holds 2"})
	}
	args := []string{"hint", "--game", "scrabble", "--gcg", "../../game/wwf/testdata/sample.gcg", "--turn", "2", "--rack", "GOD"}
	runIn(t, t.TempDir(), args...).check(t, args, 0, []string{"79 tiles to draw"},
		[]string{"the rack of player 2 is given in part (DGO: 3 of 7 tiles): its other 4 tiles are taken as unseen, so the bag holds 79"})
}
