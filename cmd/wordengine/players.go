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
