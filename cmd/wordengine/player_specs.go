package main

import "strings"

// splitPlayerSpecs splits a --players list "A,B[,C,D]" into player specs.
// A player's options are separated by commas too
// ("sim:plies=2,iterations=100,static"): a piece that holds "=" but no ":"
// continues the options of the spec before it, so the list above is the
// two specs "sim:plies=2,iterations=100" and "static". Empty pieces are
// dropped.
func splitPlayerSpecs(list string) []string {
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
