package wwf

import (
	"fmt"

	"wordengine/game/crossword"
	"wordengine/lexicon"
)

// ReplayCheck is what Replay reports for each play event: the score the
// record gives and the score computed on our board.
type ReplayCheck struct {
	Event    *GCGEvent
	Recorded int
	Computed int
	Words    []string // the words the play forms, main word first
}

// Replay sets up the position of record g before its event number turn
// (0: the empty board; len(g.Events): after the last event) under rules r,
// judged by lx (nil: no lexicon, scoring only). It places every play's
// tiles, takes withdrawn plays back, sets the scores to the record's
// totals, counts scoreless turns, and gives the player to move the rack
// the record shows at that event (the opponent's rack is drawn at random
// with seed). check, when not nil, is called for every play with the
// recorded and the computed score. Errors name the file and line: an
// unknown player, a play off the board or onto taken squares, a tile the
// tile set cannot supply.
func Replay(g *GCG, r *crossword.Rules, lx *lexicon.Lexicon, turn int, seed uint64, check func(ReplayCheck)) (*crossword.State, error) {
	if turn < 0 || turn > len(g.Events) {
		return nil, fmt.Errorf("wwf: %s: turn %d: the record has turns 0 to %d", g.Name, turn, len(g.Events))
	}
	s, err := crossword.NewEmpty(r, lx, seed)
	if err != nil {
		return nil, err
	}
	seat := func(ev *GCGEvent) (int, error) {
		for i, p := range g.Players {
			if p.Nick == ev.Nick {
				if i > 1 {
					return 0, fmt.Errorf("wwf: %s:%d: player %q is the third player: crossword games have two", g.Name, ev.Line, ev.Nick)
				}
				return i, nil
			}
		}
		return 0, fmt.Errorf("wwf: %s:%d: unknown player %q", g.Name, ev.Line, ev.Nick)
	}
	var lastPlay [2][][2]int // squares of each seat's last play, for a withdrawn phony
	scoreless := 0
	for k := range turn {
		ev := &g.Events[k]
		p, err := seat(ev)
		if err != nil {
			return nil, err
		}
		s.SetToMove(p)
		switch ev.Kind {
		case EventPlay:
			d := crossword.Across
			if !ev.Across {
				d = crossword.Down
			}
			word, err := s.ParseWord(ev.Word)
			if err != nil {
				return nil, fmt.Errorf("wwf: %s:%d: %w", g.Name, ev.Line, err)
			}
			m, words, err := s.ScorePlay(d, ev.Row, ev.Col, word)
			if err != nil {
				return nil, fmt.Errorf("wwf: %s:%d: %s %s: %w", g.Name, ev.Line, ev.Pos, ev.Word, err)
			}
			if check != nil {
				check(ReplayCheck{Event: ev, Recorded: ev.Score, Computed: s.MoveScore(m), Words: words})
			}
			squares := s.PlayedSquares(m)
			var tiles []lexicon.Tile
			for i, t := range word {
				if t != crossword.PlayThrough {
					rr, cc := ev.Row, ev.Col+i
					if d == crossword.Down {
						rr, cc = ev.Row+i, ev.Col
					}
					if s.Board().At(rr, cc) == 0 {
						tiles = append(tiles, t)
					}
				}
			}
			for i, sq := range squares {
				if err := s.PlaceTile(sq[0], sq[1], tiles[i]); err != nil {
					return nil, fmt.Errorf("wwf: %s:%d: %w (does the tile set %s fit this game?)", g.Name, ev.Line, err, r.TileSet.Name)
				}
			}
			lastPlay[p] = squares
			if s.MoveScore(m) == 0 {
				scoreless++
			} else {
				scoreless = 0
			}
		case EventPhony:
			for _, sq := range lastPlay[p] {
				if err := s.RemoveTile(sq[0], sq[1]); err != nil {
					return nil, fmt.Errorf("wwf: %s:%d: withdrawing the last play: %w", g.Name, ev.Line, err)
				}
			}
			lastPlay[p] = nil
			scoreless++
		case EventPass, EventExchange:
			scoreless++
		}
		s.SetScore(p, ev.Total)
	}
	s.SetScoreless(scoreless)
	// The player to move and the rack.
	if turn < len(g.Events) {
		ev := &g.Events[turn]
		p, err := seat(ev)
		if err != nil {
			return nil, err
		}
		s.SetToMove(p)
		if ev.Rack != "" {
			tiles, err := r.TileSet.Alphabet.Parse(nil, ev.Rack)
			if err != nil {
				return nil, fmt.Errorf("wwf: %s:%d: rack %q: %w", g.Name, ev.Line, ev.Rack, err)
			}
			if err := s.SetRack(p, tiles); err != nil {
				return nil, fmt.Errorf("wwf: %s:%d: %w", g.Name, ev.Line, err)
			}
		}
	} else if len(g.Events) > 0 {
		if p, err := seat(&g.Events[len(g.Events)-1]); err == nil {
			s.SetToMove(1 - p)
		}
	}
	for p := range 2 {
		s.DrawRack(p)
	}
	return s, nil
}
