package server

import (
	"wordengine/game"
)

// This file holds everything that depends on what a front end needs of a
// game beyond the core contracts: what one seat sees of a position, how
// a move reads to a seat that did not make it, positions and records as
// text.

// SeatView is what one seat sees of the position.
type SeatView struct {
	// Rack is the seat's own rack, in crossword-style games.
	Rack *string `json:"rack,omitempty"`
	// Bag is the number of tiles in the bag, in crossword-style games.
	Bag *int `json:"bag,omitempty"`
	// Text draws the position, for games without hidden information.
	Text string `json:"text,omitempty"`
}

// hidden reports whether st's game has hidden information.
func hidden(st game.State) bool {
	_, ok := st.(game.Determinizer)
	return ok
}

// seatView returns what seat (nil: a spectator) sees of st.
func seatView(st game.State, seat *int) *SeatView {
	v := &SeatView{}
	if rk, ok := st.(game.Racker); ok {
		n := rk.BagLen()
		v.Bag = &n
		if seat != nil {
			rack := rk.Alphabet().Format(rk.Rack(nil, *seat))
			v.Rack = &rack
		}
	}
	if !hidden(st) {
		v.Text = st.String()
	}
	return v
}

// visibleMove returns pm as seat (nil: a spectator) may read it: its
// notation only for its mover or in a game without hidden information.
func visibleMove(st game.State, pm PlayedMove, seat *int) PlayedMove {
	if hidden(st) && (seat == nil || *seat != pm.Seat) {
		pm.Move = ""
	}
	return pm
}

// gameView returns g as seat (nil: a spectator) sees it. The caller
// holds g.mu.
func (s *Server) gameView(g *held, seat *int) Game {
	st := g.state
	v := Game{
		ID: g.id, GameInfo: g.info, Seat: seat, Ply: len(g.history),
		ToMove: st.ToMove(), Over: st.Over(),
		Scores:   make([]int, st.Players()),
		History:  make([]PlayedMove, len(g.history)),
		Position: seatView(st, seat),
	}
	for p := range v.Scores {
		v.Scores[p] = st.Score(p)
	}
	if v.Over {
		v.Winners = game.Winners(st)
	} else if seat != nil && *seat == v.ToMove && g.legal >= 0 {
		n := g.legal
		v.LegalMoves = &n
	}
	for i, pm := range g.history {
		v.History[i] = visibleMove(st, pm, seat)
	}
	if n := len(v.History); n > 0 {
		last := v.History[n-1]
		v.LastMove = &last
	}
	return v
}
