package game

// Placer is implemented by games whose plays place tiles from the mover's
// rack on a board (the crossword games, Upwords), so that code which
// knows no game can tell what a move does with the mover's tiles without
// describing it: self-play counts each player's bingos and tiles played
// a move (package bench), and the opponent levels tell a play, which
// forms words, from an exchange or a pass, which form none (search.Level).
// Describer says the same and more (the words, the cells), but it plays
// the move on a copy to see them, far too slow for every move of
// thousands of games; Placement reads the move alone.
//
// A bingo is a play of a whole full rack, the play that earns the
// game's bonus: 7 tiles in Words With Friends, Scrabble and Upwords (its
// rules: +20 when all 7 rack tiles are played in one turn). A play of
// the last tiles of a rack the bag could not fill again is not one.
type Placer interface {
	// Placement tells what m, a legal move of the player to move, does
	// with the mover's tiles. It does not change the state, allocates
	// nothing, and for a play agrees with Describer: Placed is the
	// number of its MoveInfo.Cells, Bingo its MoveInfo.Bingo.
	Placement(m Move) Placement
}

// Placement is what a move does with the mover's tiles (Placer).
type Placement struct {
	// Placed is the number of tiles the move puts on the board from the
	// rack: 0 for a move that places none (an exchange, a pass).
	Placed int
	// Exchanged is the number of tiles the move returns to the bag for
	// as many new ones: 0 for a move that is no exchange.
	Exchanged int
	// Bingo marks a play of the whole full rack, which earns the
	// game's bonus.
	Bingo bool
}
