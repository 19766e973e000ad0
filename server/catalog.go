package server

import (
	"math/rand/v2"
	"net/http"
	"sync"

	"wordengine/game"
	"wordengine/search"
)

// catalog is what GET /v1/games lists besides the limits: the games with
// the seats each accepts (found once, by starting a game of every size
// from 1 to 4 seats) and the players.
type catalog struct {
	games   []GameSpec
	players []string
}

// maxProbeSeats is the largest number of seats tried for a game.
const maxProbeSeats = 4

func onceCatalog(l *lexicons) func() catalog {
	return sync.OnceValue(func() catalog {
		var c catalog
		for _, name := range game.Names() {
			spec, err := game.Lookup(name)
			if err != nil {
				continue
			}
			gs := GameSpec{Name: name, Summary: spec.Summary}
			for n := 0; n <= maxProbeSeats; n++ {
				st, err := spec.New(game.Config{Players: n, Rand: rand.New(rand.NewPCG(1, 1))})
				if err != nil {
					continue
				}
				if n == 0 {
					gs.DefaultSeats = st.Players()
					_, gs.HiddenInformation = st.(game.Determinizer)
					continue
				}
				if gs.MinSeats == 0 {
					gs.MinSeats = n
				}
				gs.MaxSeats = n
			}
			if gs.DefaultSeats == 0 {
				continue // the game cannot start with its defaults
			}
			if gs.MinSeats == 0 {
				gs.MinSeats, gs.MaxSeats = gs.DefaultSeats, gs.DefaultSeats
			}
			c.games = append(c.games, gs)
		}
		c.players = search.Names()
		return c
	})
}

func (s *Server) listGames(w http.ResponseWriter, r *http.Request) error {
	c := s.catalog()
	writeJSON(w, http.StatusOK, Catalog{
		Games: c.games, Players: c.players, Lexicons: s.lexiconNames(),
		Limits: Limits{
			MaxThinkMS: s.cfg.MaxThink.Milliseconds(), MaxBody: MaxBody, MaxTop: MaxTop,
			MaxGames: s.cfg.MaxGames, IdleTTLSec: int64(s.cfg.IdleTTL.Seconds()), MaxSearches: s.cfg.MaxSearches,
		},
	})
	return nil
}
