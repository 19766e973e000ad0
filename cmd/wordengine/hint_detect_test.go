package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestHintDetectsPositionGame: without --game, hint reads a position file
// as the game its first line names; a file no game's format reads gets a
// message suggesting --game; --rack in a game whose hands it cannot set
// says what the game calls them and how to give them.
func TestHintDetectsPositionGame(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("# my notes\nnothing here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"hint", "--position", "../../game/wordblock/testdata/midgame.txt", "--top", "1"}, exitOK, []string{"wordblock", "player 2 (ORANGE) to move"}, nil},
		{[]string{"hint", "--position", "../../game/wordflow/testdata/position.txt", "--top", "1"}, exitOK, []string{"wordflow", "ranked by static"}, nil},
		{[]string{"hint", "--position", "../../game/upwords/testdata/over.txt"}, exitError, nil, []string{"the game is over (player 1 95, player 2 87, player 3 102)"}},
		{[]string{"hint", "--position", "../../game/twoway/testdata/win-now.txt"}, exitError, nil, []string{"player 1 (red) is to move but the position does not give what it holds"}},
		{[]string{"hint", "--position", notes}, exitError, nil, []string{"notes.txt: cgp: ", "(not a wwf position; a position of twoway, upwords, wordblock, wordflow names its game in its first line: give --game GAME for another)"}},
		{[]string{"hint", "--game", "twoway", "--rack", "ABC"}, exitUsage, nil, []string{"--rack: the players of twoway hold a hand, which --rack cannot set: give the position with it (--position FILE)"}},
		{[]string{"hint", "--game", "wordblock", "--rack", "ABC"}, exitUsage, nil, []string{"--rack: wordblock has no racks or hands to set"}},
	} {
		runIn(t, dir, tc.args...).check(t, tc.args, tc.code, tc.stdout, tc.stderr)
	}
}
