package wordblock

// NextOpener returns the seat, in the finished game s, of the player who
// opens the next game of a match: the rules' "loser of a game opens the
// next one" (../shared/rules/wordblock.md, Score and end).
//
// The loser is the seat with the fewest cells. The rules are silent on
// ties; this package reads them so: among the seats tied for the fewest
// cells, the first in turn order after the opener of the finished game
// (seat 1, then 2, ..., seat 0 last) opens. So with two players the
// loser opens and a drawn game hands the opening to the other player, as
// in alternating matches; with three or four players a game everybody
// draws passes the opening on to the next seat. The seating of the next
// game keeps the players' cyclic order, starting from the opener (the
// match runner seats them: see the play command).
//
// s should be over; for a game in progress it applies the same rule to
// the current scores.
func NextOpener(s *State) int {
	n := s.players
	best, low := -1, 0
	for i := 1; i <= n; i++ {
		p := i % n
		if sc := s.Score(p); best < 0 || sc < low {
			best, low = p, sc
		}
	}
	return best
}
