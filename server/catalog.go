package server

import (
	"cmp"
	"net/http"
	"sync"

	"wordengine/game"
	"wordengine/lexicon"
	"wordengine/search"
)

// catalog is what GET /v1/games lists besides the limits: the games,
// from their registrations (whether one hides information and its
// commands from one new game of each), and the players.
type catalog struct {
	games   []GameSpec
	players []string
}

func onceCatalog() func() catalog {
	return sync.OnceValue(func() catalog {
		var c catalog
		for _, name := range game.Names() {
			spec, err := game.Lookup(name)
			if err != nil {
				continue
			}
			// A game of each, for what it offers: on the Letterpress list,
			// so that listing the games decodes no other lexicon, or else
			// on the game's own default.
			var st game.State
			lx, err := lexicon.Default()
			if err == nil {
				st, err = game.Deal(spec, game.Config{Lexicon: lx}, 1, "")
			}
			if err != nil {
				if st, err = game.Deal(spec, game.Config{}, 1, ""); err != nil {
					continue // the game cannot start with its defaults
				}
			}
			lo, hi := spec.Players()
			gs := GameSpec{
				Name: name, Summary: spec.Summary, MinSeats: lo, MaxSeats: hi, DefaultSeats: spec.Seats(),
				Unit: cmp.Or(spec.Unit, "point"), Colours: spec.Colours, Notation: spec.Notation,
				Computer: computerOf(name), Hinter: hinterOf(name), PositionFormat: spec.PositionFormat,
				Lexicon:      publicLexicon(spec, ""),
				RecordFormat: game.RecordFormatName, Variants: []VariantOption{}, Commands: commands(st),
			}
			_, gs.HiddenInformation = st.(game.Determinizer)
			if spec.ParsePosition == nil {
				gs.PositionFormat = ""
			}
			if spec.Records != nil {
				gs.RecordFormat = spec.Records.Name
			}
			for _, o := range spec.Variants {
				gs.Variants = append(gs.Variants, VariantOption{Key: o.Key, Values: o.Values, Default: o.Default, Help: o.Help})
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
		Games: c.games, Players: c.players, Levels: search.LevelNames[:], Lexicons: s.lexiconNames(),
		Limits: Limits{
			MaxThinkMS: s.cfg.MaxThink.Milliseconds(), EndgameThinkMS: s.cfg.EndgameThink.Milliseconds(), MaxBody: MaxBody, MaxTop: MaxTop,
			MaxGames: s.cfg.MaxGames, IdleTTLSec: int64(s.cfg.IdleTTL.Seconds()), MaxSearches: s.cfg.MaxSearches,
		},
	})
	return nil
}
