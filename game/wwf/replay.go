package wwf

import (
	"errors"
	"fmt"
	"strings"

	"wordengine/game/crossword"
	"wordengine/lexicon"
)

// ReplayCheck is what Replay reports for each play event: the score the
// record gives and the score computed on our board.
type ReplayCheck struct {
	Event    *GCGEvent // the play event
	Recorded int       // its points as the record gives them
	Computed int       // its points on our board
	Words    []string  // the words the play forms, main word first
}

// ReplayOptions configure ReplayPosition.
type ReplayOptions struct {
	// Turn is the event the position comes before: 0 is the empty board,
	// len(Events) the end of the record.
	Turn int
	// Seed draws the racks the record does not give.
	Seed uint64
	// Check, when not nil, receives every play with its recorded and
	// computed score.
	Check func(ReplayCheck)
	// Warn, when not nil, receives the inconsistencies that do not stop a
	// replay (a cumulative total that does not add up) instead of Replay
	// returning them as errors.
	Warn func(error)
}

// Position is a replayed position.
type Position struct {
	State *crossword.State
	// RackKnown says which seats' racks the record gives; the others were
	// drawn at random from the unseen tiles.
	RackKnown [2]bool
}

// ErrNotAMove is wrapped by ReplayPosition's error when the chosen turn is
// an event that is not a player's move (a withdrawn play, a challenge
// bonus, an end-of-game adjustment).
var ErrNotAMove = errors.New("wwf: that event is not a move")

// Replay sets up the position of record g before its event number turn
// (0: the empty board; len(g.Events): after the last event) under rules r,
// judged by lx (nil: no lexicon, scoring only), and checks the record on
// the way; see ReplayPosition. check, when not nil, is called for every
// play with the recorded and the computed score.
func Replay(g *GCG, r *crossword.Rules, lx *lexicon.Lexicon, turn int, seed uint64, check func(ReplayCheck)) (*crossword.State, error) {
	p, err := ReplayPosition(g, r, lx, ReplayOptions{Turn: turn, Seed: seed, Check: check})
	if err != nil {
		return nil, err
	}
	return p.State, nil
}

// ReplayPosition replays record g up to opts.Turn. It places every play's
// tiles, takes withdrawn plays back, keeps the scores, counts scoreless
// turns, and gives the player to move the rack the record shows (or the
// final #rack1/#rack2 pragmas); racks it does not know are drawn with
// opts.Seed, and a rack recorded in part is completed with unknown tiles
// (crossword.State.FillUnknown; see PartialRack). On the way it checks the record and returns an error naming
// the file and line for: an unknown or third player; a move out of turn; a
// move after the game ended; a rack longer than the rule's rack, or one
// the unseen tiles cannot supply; a play or exchange of tiles not on the
// recorded rack; a play off the board or onto taken squares; an end-of-game
// rack event while tiles remain in the bag, or whose points are not the
// rule's; a time penalty before any move or twice for a player; and a
// cumulative total that does not add up. When opts.Warn is set, every
// check but the last-named board errors and unreadable text goes to Warn
// instead and the replay goes on (a rack that cannot be drawn is then
// treated as unknown). A game that has ended gives a State that is Over.
func ReplayPosition(g *GCG, r *crossword.Rules, lx *lexicon.Lexicon, opts ReplayOptions) (*Position, error) {
	turn := opts.Turn
	if turn < 0 || turn > len(g.Events) {
		return nil, fmt.Errorf("wwf: %s: turn %d: the record has turns 0 to %d", g.Name, turn, len(g.Events))
	}
	s, err := crossword.NewEmpty(r, lx, opts.Seed)
	if err != nil {
		return nil, err
	}
	a := r.TileSet.Alphabet
	errAt := func(ev *GCGEvent, format string, args ...any) error {
		return fmt.Errorf("wwf: %s:%d: %s", g.Name, ev.Line, fmt.Sprintf(format, args...))
	}
	seat := func(ev *GCGEvent) (int, error) {
		for i, p := range g.Players {
			if p.Nick == ev.Nick {
				if i > 1 {
					return 0, errAt(ev, "player %q is a third player: crossword games have two", ev.Nick)
				}
				return i, nil
			}
		}
		return 0, errAt(ev, "unknown player %q", ev.Nick)
	}
	warn := func(err error) error {
		if opts.Warn != nil {
			opts.Warn(err)
			return nil
		}
		return err
	}
	// parseRack reads a recorded rack; "" and "UNKNOWN" mean not given.
	parseRack := func(ev *GCGEvent, text string) ([]lexicon.Tile, bool, error) {
		if text == "" || strings.EqualFold(text, "UNKNOWN") {
			return nil, false, nil
		}
		tiles, err := a.Parse(nil, strings.ToUpper(text))
		if err != nil {
			return nil, false, errAt(ev, "rack %q: %v", text, err)
		}
		if len(tiles) > r.RackSize {
			return nil, false, errAt(ev, "rack %q has %d tiles: a rack holds %d", text, len(tiles), r.RackSize)
		}
		unseen := counts(s.Unseen(nil, 0)) // racks stay empty during the replay: unseen = set - board
		for t, n := range counts(tiles) {
			if n > unseen[t] {
				// The rack cannot be drawn: report it and treat it as unknown.
				return nil, false, warn(errAt(ev, "rack %q: %d %s but only %d unseen (the tile set %s and the board)", text, n, a.Format([]lexicon.Tile{t}), unseen[t], r.TileSet.Name))
			}
		}
		return tiles, true, nil
	}
	var (
		lastPlay   [2][][2]int // squares of each seat's last play, for a withdrawn phony
		scoreless  int
		next       = -1 // seat expected to move; -1 before the first move
		totals     [2]int
		moved      bool // a move has been made
		over       bool // an end-of-game event was seen
		penalized  [2]bool
		warnedOver bool
	)
	for k := range turn {
		ev := &g.Events[k]
		p, err := seat(ev)
		if err != nil {
			return nil, err
		}
		isMove := ev.Kind == EventPlay || ev.Kind == EventExchange || ev.Kind == EventPass
		if isMove {
			if over && !warnedOver {
				if err := warn(errAt(ev, "%s after the game ended", ev.Kind)); err != nil {
					return nil, err
				}
				warnedOver = true // once: every later event would repeat it
			}
			if next >= 0 && p != next {
				if err := warn(errAt(ev, "%s moves out of turn (it is %s's turn)", ev.Nick, g.Players[next].Nick)); err != nil {
					return nil, err
				}
			}
			next, moved = 1-p, true
		}
		s.SetToMove(p)
		switch ev.Kind {
		case EventPlay:
			rack, known, err := parseRack(ev, ev.Rack)
			if err != nil {
				return nil, err
			}
			d := crossword.Across
			if !ev.Across {
				d = crossword.Down
			}
			word, err := s.ParseWord(ev.Word)
			if err != nil {
				return nil, errAt(ev, "%v", err)
			}
			m, words, err := s.ScorePlay(d, ev.Row, ev.Col, word)
			if err != nil {
				return nil, errAt(ev, "%s %s: %v", ev.Pos, ev.Word, err)
			}
			squares := s.PlayedSquares(m)
			var tiles []lexicon.Tile
			for i, t := range word {
				rr, cc := ev.Row, ev.Col+i
				if d == crossword.Down {
					rr, cc = ev.Row+i, ev.Col
				}
				if t != crossword.PlayThrough && s.Board().At(rr, cc) == 0 {
					tiles = append(tiles, t)
				}
			}
			if known {
				if missing := notOnRack(a, tiles, rack); missing != "" {
					if err := warn(errAt(ev, "%s %s plays %s, which rack %s does not hold", ev.Pos, ev.Word, missing, ev.Rack)); err != nil {
						return nil, err
					}
				}
			}
			if opts.Check != nil {
				opts.Check(ReplayCheck{Event: ev, Recorded: ev.Score, Computed: s.MoveScore(m), Words: words})
			}
			for i, sq := range squares {
				if err := s.PlaceTile(sq[0], sq[1], tiles[i]); err != nil {
					return nil, errAt(ev, "%v (does the tile set %s fit this game?)", err, r.TileSet.Name)
				}
			}
			lastPlay[p] = squares
			if s.MoveScore(m) == 0 {
				scoreless++
			} else {
				scoreless = 0
			}
		case EventExchange:
			rack, known, err := parseRack(ev, ev.Rack)
			if err != nil {
				return nil, err
			}
			if known && ev.Tiles != "" {
				tiles, err := a.Parse(nil, strings.ToUpper(ev.Tiles))
				if err != nil {
					return nil, errAt(ev, "exchange %q: %v", ev.Tiles, err)
				}
				if missing := notOnRack(a, tiles, rack); missing != "" {
					if err := warn(errAt(ev, "exchanges %s, which rack %s does not hold", missing, ev.Rack)); err != nil {
						return nil, err
					}
				}
			}
			scoreless++
		case EventPass:
			scoreless++
		case EventPhony:
			// Quackle writes a withdrawal as "-- +0" with the total already
			// reduced: take the total as the record's word.
			if ev.Score == 0 && ev.Total < totals[p] {
				totals[p] = ev.Total
			}
			for _, sq := range lastPlay[p] {
				if err := s.RemoveTile(sq[0], sq[1]); err != nil {
					return nil, errAt(ev, "withdrawing the last play: %v", err)
				}
			}
			lastPlay[p] = nil
			scoreless++
		case EventEndRack:
			tiles, err := a.Parse(nil, strings.ToUpper(ev.Tiles))
			if err != nil {
				return nil, errAt(ev, "end rack %q: %v", ev.Tiles, err)
			}
			if unseen := s.Unseen(nil, 0); len(unseen) != len(tiles) {
				if err := warn(errAt(ev, "end-of-game rack event, but the bag still holds %d tiles", len(unseen)-len(tiles))); err != nil {
					return nil, err
				}
			}
			want := rackValue(r, tiles)
			if r.OutDouble {
				want *= 2
			}
			if ev.Score != want {
				if err := warn(errAt(ev, "end-of-game rack %s is worth %+d under %s rules, the record says %+d", ev.Tiles, want, r.Name, ev.Score)); err != nil {
					return nil, err
				}
			}
			over = true
		case EventEndRackPenalty:
			tiles, err := a.Parse(nil, strings.ToUpper(ev.Tiles))
			if err != nil {
				return nil, errAt(ev, "rack %q: %v", ev.Tiles, err)
			}
			if want := -rackValue(r, tiles); ev.Score != want {
				if err := warn(errAt(ev, "the rack %s left costs %d, the record says %+d", ev.Tiles, want, ev.Score)); err != nil {
					return nil, err
				}
			}
			over = true
		case EventTimePenalty:
			if !moved {
				if err := warn(errAt(ev, "time penalty before any move")); err != nil {
					return nil, err
				}
			}
			if penalized[p] {
				if err := warn(errAt(ev, "second time penalty for %s", ev.Nick)); err != nil {
					return nil, err
				}
			}
			penalized[p] = true
			over = true
		}
		if totals[p]+ev.Score != ev.Total {
			if err := warn(errAt(ev, "cumulative total %d, but %d%+d = %d", ev.Total, totals[p], ev.Score, totals[p]+ev.Score)); err != nil {
				return nil, err
			}
		}
		totals[p] = ev.Total
		s.SetScore(p, ev.Total)
	}
	s.SetScoreless(scoreless)
	pos := &Position{State: s}
	// The player to move and the racks.
	var racks [2][]lexicon.Tile
	if turn < len(g.Events) {
		ev := &g.Events[turn]
		p, err := seat(ev)
		if err != nil {
			return nil, err
		}
		if ev.Kind != EventPlay && ev.Kind != EventExchange && ev.Kind != EventPass {
			return nil, fmt.Errorf("%w: %s:%d (turn %d) is not a player's move but an event of kind %q; choose the turn before or after it", ErrNotAMove, g.Name, ev.Line, turn+1, ev.Kind.String())
		}
		s.SetToMove(p)
		if racks[p], pos.RackKnown[p], err = parseRack(ev, ev.Rack); err != nil {
			return nil, err
		}
	} else {
		if next >= 0 {
			s.SetToMove(next)
		}
		for p := range 2 {
			for _, pr := range g.Pragmas {
				if pr.Key == fmt.Sprintf("rack%d", p+1) {
					var err error
					if racks[p], pos.RackKnown[p], err = parseRack(&GCGEvent{Line: pr.Line}, pr.Value); err != nil {
						return nil, err
					}
				}
			}
		}
		if over {
			s.SetOver(true)
		}
	}
	for p := range 2 {
		if pos.RackKnown[p] {
			if err := s.SetRack(p, racks[p]); err != nil {
				if err := warn(fmt.Errorf("wwf: %s: %w", g.Name, err)); err != nil {
					return nil, err
				}
				pos.RackKnown[p] = false
			}
		}
	}
	for p := range 2 {
		if !pos.RackKnown[p] {
			s.DrawRack(p)
		}
	}
	for p := range 2 {
		if pos.RackKnown[p] {
			s.FillUnknown(p) // a rack recorded in part
		}
	}
	return pos, nil
}

// counts returns the multiset of tiles as counts (blanks under
// lexicon.Blank).
func counts(tiles []lexicon.Tile) map[lexicon.Tile]int {
	m := map[lexicon.Tile]int{}
	for _, t := range tiles {
		if t.IsBlank() {
			t = lexicon.Blank
		}
		m[t]++
	}
	return m
}

// notOnRack returns the tiles of played that rack does not hold (a blank
// played needs a '?' on the rack), or "".
func notOnRack(a *lexicon.Alphabet, played, rack []lexicon.Tile) string {
	have := counts(rack)
	var missing []lexicon.Tile
	for _, t := range played {
		k := t
		if t.IsBlank() {
			k = lexicon.Blank
		}
		if have[k] == 0 {
			missing = append(missing, k)
			continue
		}
		have[k]--
	}
	if len(missing) == 0 {
		return ""
	}
	return a.Format(missing)
}

func rackValue(r *crossword.Rules, tiles []lexicon.Tile) int {
	v := 0
	for _, t := range tiles {
		v += r.TileSet.Value(t)
	}
	return v
}
