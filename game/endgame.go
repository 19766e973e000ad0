package game

import "wordengine/lexicon"

// The optional interfaces of an exact endgame search (package
// search/endgame). Once the bag of a crossword game is empty each player
// knows the other's rack, and the rest of the game is a two-player game
// of perfect information that a negamax search solves exactly. The search
// needs only the State contract; a game that implements these interfaces
// lets it go faster.

// PositionKeyer is implemented by games that can hash a position without
// its scores, cheaply (in constant time, or nearly: no walk of the whole
// board), for a transposition table whose values are spread changes from
// the position on: two move orders that reach the same board with the same
// racks then share an entry even when they scored differently.
type PositionKeyer interface {
	// PositionKey returns a 64-bit hash of everything that decides the
	// rest of the game except the scores themselves: the board, every
	// rack, the bag's content, the player to move, whether the game is
	// over, and whatever else the end rules read (crossword games: the
	// number of consecutive scoreless turns and whether both scores are
	// zero, which changes that limit in Words With Friends). Positions
	// whose rest of the game differs must (but for hash collisions) have
	// different keys; equal positions have equal keys, whatever the moves
	// that led to them.
	PositionKey() uint64
}

// EndgameMove is a legal move with what an endgame search orders and
// values it by.
type EndgameMove struct {
	// Move is the move.
	Move Move
	// Delta is the change of the mover's spread (the mover's score minus
	// the opponent's) that playing the move makes, in points: its score,
	// plus, when it ends the game, the end rules' adjustments (the rack
	// values gained and lost on going out or on a scoreless end).
	Delta int32
	// Tiles is the number of tiles the move takes from the mover's rack.
	Tiles uint8
	// Ends reports whether playing the move ends the game.
	Ends bool
}

// EndgameMover is implemented by two-player games whose moves it can list
// for an endgame search with their spread changes faster than a search
// could work them out by playing each (crossword games: the plays of every
// lane, kept by the lane's content and the mover's tiles, so that a lane
// the last moves left alone is not generated again).
//
// AppendEndgameMoves appends to dst every legal move of the player to
// move, each once, exactly the set of AppendMoves (the order may differ,
// and may depend on the game's caches), each with its Delta, Tiles and
// Ends, and returns the extended slice. It allocates nothing once its
// caches and dst have grown. It may be called on any position; it is meant
// for positions whose bag is empty or nearly so, where the racks hold
// every tile still to be played.
type EndgameMover interface {
	AppendEndgameMoves(dst []EndgameMove) []EndgameMove
}

// EndgameBester is an optional interface of an EndgameMover: a move of
// the largest spread change, found without listing every move (crossword
// games read each lane's list highest score first, and stop where no play
// left can beat the best). An endgame search values the positions one ply
// from its horizon by it. BestEndgameMove returns a move of the largest
// Delta among those of AppendEndgameMoves, or, when some move's Delta is
// at least enough, any move whose Delta is (a search needs no more to cut
// off); the zero EndgameMove when the game is over.
type EndgameBester interface {
	EndgameMover
	BestEndgameMove(enough int32) EndgameMove
}

// RackDealer is implemented by games whose hidden tiles a pre-endgame
// search can deal one way after another (crossword games): with one tile
// left in the bag, every tile the bag may hold gives one endgame to solve.
type RackDealer interface {
	// Unseen appends to dst the tiles seat p cannot see (the bag and the
	// other racks together) and returns the extended slice.
	Unseen(dst []lexicon.Tile, p int) []lexicon.Tile
	// SetRack replaces seat p's rack by tiles: the old tiles go back to
	// the bag and the new ones come out of it; the error names a tile the
	// bag cannot supply (the rack is then left as it was).
	SetRack(p int, tiles []lexicon.Tile) error
}
