package main

import "strings"

// splitPlayers splits a --players list "A,B[,C,D]" into player specs. A
// player's options are themselves separated by commas
// ("alphabeta:depth=3,width=6"), so a piece that holds "=" but no ":" is
// an option of the player before it, not a player: "maxn:depth=3,width=6,static"
// is two players, "maxn:depth=3,width=6" and "static". Empty pieces are
// dropped (the commands refuse such a list first: emptyPlayer); a leading
// option piece stands alone (search.New then names the
// unknown player).
func splitPlayers(list string) []string {
	var out []string
	for p := range strings.SplitSeq(list, ",") {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
		case len(out) > 0 && strings.Contains(p, "=") && !strings.Contains(p, ":") && strings.Contains(out[len(out)-1], ":"):
			out[len(out)-1] += "," + p
		default:
			out = append(out, p)
		}
	}
	return out
}

// emptyPlayer reports whether the --players list has an empty piece
// ("static,,greedy", "static,greedy,"): a name left out, which the
// commands refuse rather than play with fewer players than meant.
func emptyPlayer(list string) bool {
	for p := range strings.SplitSeq(list, ",") {
		if strings.TrimSpace(p) == "" {
			return true
		}
	}
	return false
}

// playersHelp says which players suit which games, from self-play
// matches (win % of paired games; with n players an equal one wins
// 100/n %). The commands that take a player end their help with it.
const playersHelp = `
Players for each game (self-play, win % of paired games):
  wwf, scrabble, upwords, wordflow: static (score + leave value); sim for more
    strength (against static: 69 % in WWF, 72 % in Upwords, 70 % in WordFlow).
    alphabeta, maxn and om search one sampled deal of the hidden tiles and the
    best few moves a turn, and lose to static (alphabeta won 1 game of 20 in WWF).
  wordblock: om (against static: 96 % with 2 players, 97 % with 3, 89 % with 4);
    alphabeta about as strong with 2 players (om 52 %), weaker with 3 (om 59 %).
  twoway: static; pimc (61 % against static) and ismcts (56 %) a little more.
A search's "win +12" or "loss -5" is the result it finds and the final margin,
under what it assumes (said below the moves): "one-ply opponents" (om), "one
sampled deal" (a search of one guess at the hidden tiles), "best 12 moves a
turn".`
