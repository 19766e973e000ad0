package main

import (
	"strings"
	"testing"
)

// TestHintDecidedValues: a search that finds the game decided shows a
// win or a loss with its margin and what it assumes, never its internal
// encoding; the help says which players suit which games.
func TestHintDecidedValues(t *testing.T) {
	// An endgame: the bag is empty, player 1 holds AD against 7 tiles.
	cgp := "7D3V3/4EN1A2QUOTH/4NONVIRILE2/3ADO1Y3G3/3WOK4ZO3/3AW5I4/4E5T4/3CRAAlED5/4S1XI7/5YEP1GOR3/2JIBE1EUOI4/1SAFE10/2IF2ACErBER2/GUL1TUMHILNNNO1/2STERILE6 AD/ 411/446 0"
	args := []string{"hint", "--game", "scrabble", "--cgp", cgp, "--player", "alphabeta", "--top", "2"}
	r := runIn(t, t.TempDir(), args...)
	r.check(t, args, 0, []string{"ranked by alphabeta: value = the searched margin", "J5 AD    26  win +13  AZO, DI", "wins and losses assume best 12 moves a turn"}, nil)
	args = append(args, "--json")
	r = runIn(t, t.TempDir(), args...)
	r.check(t, args, 0, []string{`"equity": 1013,`, `"value": "win +13 (best 12 moves a turn)"`, `"assumes": "best 12 moves a turn"`}, nil)
	for _, p := range []string{"alphabeta", "maxn", "om", "pimc"} {
		args := []string{"hint", "--game", "scrabble", "--cgp", cgp, "--player", p, "--json"}
		if r := runIn(t, t.TempDir(), args...); strings.Contains(r.stdout, "109951") || r.code != 0 {
			t.Errorf("%s: exit %d, the search's encoding of a result shows:\n%s%s", p, r.code, r.stdout, r.stderr)
		}
	}
	args = []string{"hint", "--help"}
	runIn(t, t.TempDir(), args...).check(t, args, 0, []string{"Players for each game", "alphabeta won 1 of 20 in WWF", "wordblock: om"}, nil)
}
