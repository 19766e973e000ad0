package game

// Compacter is implemented by games whose states keep memory for speed
// that a position at rest does not need: the spare capacity of a
// preallocated undo stack, a move generator's scratch memory. A server
// that holds thousands of games between moves calls Compact on each
// after its last move; the state stays equal (same position, history,
// Hash, moves, Undo) and behaves the same, and simply allocates again if
// it is searched or played on later.
type Compacter interface {
	Compact()
}
