package endgame

import (
	"wordengine/game"
	"wordengine/lexicon"
)

// position wraps the state a worker searches: its key and its moves come
// from the game's optional interfaces when it has them (game.PositionKeyer,
// game.EndgameMover), and otherwise from the State contract alone.
type position struct {
	s  game.State
	pk game.PositionKeyer
	em game.EndgameMover
	eb game.EndgameBester
	rk game.Racker
	// tiles is scratch for the generic moves.
	tiles []lexicon.Tile
}

func newPosition(s game.State) position {
	p := position{s: s}
	p.pk, _ = s.(game.PositionKeyer)
	p.em, _ = s.(game.EndgameMover)
	p.eb, _ = s.(game.EndgameBester)
	p.rk, _ = s.(game.Racker)
	return p
}

// key returns the position's transposition-table key: the game's
// PositionKey, or else its Hash (which also covers the scores: fewer
// transpositions are found, none is wrong).
func (p *position) key() uint64 {
	if p.pk != nil {
		return p.pk.PositionKey()
	}
	return p.s.Hash()
}

// spread returns the score of the player to move minus the other's.
func spread(s game.State) int32 {
	me := s.ToMove()
	return int32(s.Score(me) - s.Score(1-me))
}

// moves appends the legal moves of the player to move with their spread
// changes: the game's own list, or else every move of AppendMoves played
// and taken back to see what it does (buf is scratch for that).
func (p *position) moves(dst []game.EndgameMove, buf []game.Move) ([]game.EndgameMove, []game.Move) {
	if p.em != nil {
		return p.em.AppendEndgameMoves(dst), buf
	}
	s := p.s
	buf = s.AppendMoves(buf[:0])
	before := spread(s)
	var rack int
	if p.rk != nil {
		rack = p.rack()
	}
	for _, m := range buf {
		tiles := 0
		if p.rk != nil {
			tiles = rack - p.leaveLen(m)
		}
		s.Play(m)
		// The spread of the mover is minus that of the player now to move.
		d := -spread(s) - before
		over := s.Over()
		s.Undo()
		dst = append(dst, game.EndgameMove{Move: m, Delta: d, Tiles: uint8(max(tiles, 0)), Ends: over})
	}
	return dst, buf
}

// rack returns the number of tiles on the mover's rack (a game.Racker).
func (p *position) rack() int {
	p.tiles = p.rk.Rack(p.tiles[:0], p.s.ToMove())
	return len(p.tiles)
}

// leaveLen returns the number of tiles m leaves on the mover's rack.
func (p *position) leaveLen(m game.Move) int {
	p.tiles = p.rk.Leave(p.tiles[:0], m)
	return len(p.tiles)
}
