package wwf

import (
	"errors"
	"fmt"
	"strings"

	"wordengine/game"
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

// ScoreError is a play whose recorded score is not the score the rules
// give it on the board. ReplayPosition reports one for every such play
// (to ReplayOptions.Warn, or as its error) and goes on with the computed
// score.
type ScoreError struct {
	Name     string   // the record's name
	Line     int      // the line of the play
	Pos      string   // the position as written, "8D"
	Word     string   // the word as written
	Game     string   // the rules the play was scored under, "scrabble"
	Recorded int      // the points the record gives
	Computed int      // the points the rules give
	Words    []string // the words formed, main word first
}

// Error returns "wwf: NAME:LINE: POS WORD: recorded +R, computed C on the
// GAME board (words W1,W2)".
func (e *ScoreError) Error() string {
	return fmt.Sprintf("wwf: %s:%d: %s %s: recorded %+d, computed %d on the %s board (words %s)",
		e.Name, e.Line, e.Pos, e.Word, e.Recorded, e.Computed, e.Game, strings.Join(e.Words, ","))
}

// EndKind is how a replayed game ended.
type EndKind int

// The ways a replayed game ends.
const (
	// NotEnded: the record stops before the game's end (or the replay
	// stops at an earlier turn).
	NotEnded EndKind = iota
	// WentOut: a player emptied the rack with the bag empty.
	WentOut
	// ScorelessEnd: Rules.ScorelessLimit consecutive scoreless turns
	// (passes, exchanges, 0-point plays, withdrawn plays).
	ScorelessEnd
	// Resigned: a pragma "#resigned NICK" or a note "NAME resigned"
	// (as our records write them).
	Resigned
	// RecordedEnd: the record ends the game by an event the rules alone do
	// not explain (rack penalties, a time penalty or an end-of-game rack
	// event before the bag is empty): the record's word is taken.
	RecordedEnd
)

var endKindNames = [...]string{"not ended", "went out", "scoreless turns", "resigned", "recorded end"}

// String returns the kind in words, e.g. "went out".
func (k EndKind) String() string {
	if k >= 0 && int(k) < len(endKindNames) {
		return endKindNames[k]
	}
	return fmt.Sprintf("EndKind(%d)", int(k))
}

// End tells how a replayed game ended and what the end-of-game rules gave.
type End struct {
	Kind EndKind
	// Seat is the player who went out or resigned, -1 otherwise.
	Seat int
	// Line is the line of the event that ended the game (0: none).
	Line int
	// Turns is the number of consecutive scoreless turns (ScorelessEnd).
	Turns int
	// Points are the end-of-game adjustments of each seat's score, in
	// points: the rack bonus and penalties the rules give (going out, a
	// deduction after scoreless turns), or what the record gives where the
	// rules cannot tell (a rack the record does not show).
	Points [2]int
	// Recorded reports that the record has end-of-game events of its own;
	// ReplayPosition checks them against the rules.
	Recorded bool
}

// String describes the end: "player 1 went out at line 40 (+18, +0)".
func (e End) String() string {
	pts := fmt.Sprintf("(%+d, %+d)", e.Points[0], e.Points[1])
	switch e.Kind {
	case WentOut:
		return fmt.Sprintf("player %d went out at line %d %s", e.Seat+1, e.Line, pts)
	case ScorelessEnd:
		return fmt.Sprintf("%d scoreless turns in a row at line %d %s", e.Turns, e.Line, pts)
	case Resigned:
		return fmt.Sprintf("player %d resigned at line %d", e.Seat+1, e.Line)
	case RecordedEnd:
		return fmt.Sprintf("ended by the record at line %d %s", e.Line, pts)
	}
	return "not ended"
}

// Turn is one player's move of a record with the position before it, as
// ReplayOptions.Each receives it.
type Turn struct {
	// Event is the move event; Index its index in GCG.Events.
	Event *GCGEvent
	Index int
	// State is the position before the move, with the player to move, the
	// scores as computed so far and the scoreless-turn count. The mover's
	// rack is the recorded one when RackKnown, otherwise drawn at random;
	// the opponent's rack is drawn at random from the unseen tiles. It is
	// valid only during the call (the replay reuses it).
	State     *crossword.State
	RackKnown bool
	// Partial reports that the recorded rack holds fewer tiles than the
	// player had by the count of tiles drawn (records that show only the
	// tiles played): State's rack is then that part alone.
	Partial bool
	// Move is the move as played, on State: a play (scored by the board;
	// it may form words the lexicon lacks), an exchange or a pass. It is
	// the zero Move when the record does not say enough to rebuild it
	// (an exchange written as a count, tiles not on the recorded rack).
	Move game.Move
	// Withdrawn reports that the play was challenged off (the next event
	// withdraws it).
	Withdrawn bool
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
	// replay (a score or total that does not add up, a move after the
	// end) instead of Replay returning them as errors.
	Warn func(error)
	// Each, when not nil, is called before every move event (play,
	// exchange, pass) before Turn with the position the mover faced.
	Each func(*Turn)
}

// Position is a replayed position.
type Position struct {
	State *crossword.State
	// RackKnown says which seats' racks the record gives; the others were
	// drawn at random from the unseen tiles.
	RackKnown [2]bool
	// End is how the game ended before the position (Kind NotEnded while
	// it goes on); State is then Over.
	End End
	// Recorded holds each seat's last cumulative score as the record
	// writes it; State's scores are the computed ones.
	Recorded [2]int
	// Moves, Plays and Matched count the move events replayed, the plays
	// among them and the plays whose recorded score is the computed one.
	Moves, Plays, Matched int
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

// ReplayPosition replays record g up to opts.Turn under rules r. It
// places every play's tiles and scores it on the board, takes withdrawn
// plays back, counts scoreless turns and the tiles on each rack, applies
// the end of the game as the rules give it (a player going out with the
// bag empty: the opponent's tiles are then the unseen ones; the scoreless
// turns' limit, with the deduction of each rack the record shows; a
// "#resigned NICK" pragma or a note "NAME resigned"), and gives the
// player to move the rack the record shows (or the final #rack1/#rack2
// pragmas); racks it does not know are drawn with opts.Seed, and a rack recorded in
// part is completed with unknown tiles (crossword.State.FillUnknown; see
// PartialRack). The State's scores are the computed ones; a
// challenge bonus and a time penalty are taken as the record gives them.
//
// On the way it checks the record and returns an error naming the file
// and line for: an unknown or third player; a move out of turn; a move
// after the game ended; a rack longer than the rule's rack, or one the
// unseen tiles cannot supply; a play or exchange of tiles not on the
// recorded rack; a play whose recorded score is not the computed one
// (*ScoreError); a play off the board or onto taken squares; an
// end-of-game event the rules do not give (rack points while tiles
// remain in the bag, points or tiles that are not the rules', a
// deduction the rules do not make); a time penalty before any move or
// twice for a player; and a cumulative total that does not add up. When
// opts.Warn is set, every check but the board errors and unreadable text
// goes to Warn instead and the replay goes on (a rack that cannot be
// drawn is then treated as unknown). A game that has ended gives a State
// that is Over.
func ReplayPosition(g *GCG, r *crossword.Rules, lx *lexicon.Lexicon, opts ReplayOptions) (*Position, error) {
	pos, _, err := replayPosition(g, r, lx, opts)
	return pos, err
}

// replayPosition is ReplayPosition; on an error it returns in reached,
// when the replay had begun, the counts (Moves, Plays and Matched) of the
// move events it reached, the one it stopped at included.
func replayPosition(g *GCG, r *crossword.Rules, lx *lexicon.Lexicon, opts ReplayOptions) (pos, reached *Position, err error) {
	turn := opts.Turn
	if turn < 0 || turn > len(g.Events) {
		return nil, nil, fmt.Errorf("wwf: %s: turn %d: the record has turns 0 to %d", g.Name, turn, len(g.Events))
	}
	s, err := crossword.NewEmpty(r, lx, opts.Seed)
	if err != nil {
		return nil, nil, err
	}
	rp := &replayer{g: g, r: r, s: s, opts: opts, a: r.TileSet.Alphabet, pos: &Position{State: s}}
	rp.end.Seat = -1
	rp.next = -1
	rp.out = -1
	rp.total = len(r.TileSet.Tiles())
	rp.held[0] = min(r.RackSize, rp.total)
	rp.held[1] = min(r.RackSize, rp.total-rp.held[0])
	if opts.Each != nil {
		rp.view = s.Clone().(*crossword.State)
	}
	rp.resignPragmas(0)
	for k := range turn {
		if err := rp.event(k); err != nil {
			return nil, rp.pos, err
		}
	}
	if rp.out >= 0 {
		rp.goOut(rp.outLine)
	}
	if err := rp.finish(turn); err != nil {
		return nil, rp.pos, err
	}
	if pos, err = rp.position(turn); err != nil {
		return nil, rp.pos, err
	}
	return pos, nil, nil
}

// replayer is the state of one ReplayPosition.
type replayer struct {
	g    *GCG
	r    *crossword.Rules
	s    *crossword.State
	view *crossword.State // the position handed to opts.Each
	opts ReplayOptions
	a    *lexicon.Alphabet
	pos  *Position

	total         int         // tiles in the set
	held          [2]int      // tiles on each rack
	boardTiles    int         // tiles on the board
	lastPlay      [2][][2]int // squares of each seat's last play, for a withdrawn phony
	lastDraw      [2][2]int   // tiles placed and drawn by each seat's last play
	lastScore     [2]int      // computed score of each seat's last play
	scorelessPrev [2]int      // the scoreless count before each seat's last play
	lastRack      [2][]lexicon.Tile
	lastRackKnown [2]bool
	scoreless     int
	next          int // seat expected to move; -1 before the first move
	totals        [2]int
	scores        [2]int
	moved         bool
	over          bool
	end           End
	deducted      [2]bool // a scoreless end's deduction applied for the seat
	out           int     // seat that emptied its rack with the bag empty, pending; -1
	outLine       int
	outChallenged bool // the opponent passed after the play that went out (a failed challenge)
	penalized     [2]bool
	warnedOver    bool
	resign        int // seat that resigned, -1 none (set by finish)
}

func (rp *replayer) errAt(ev *GCGEvent, format string, args ...any) error {
	return fmt.Errorf("wwf: %s:%d: %s", rp.g.Name, ev.Line, fmt.Sprintf(format, args...))
}

func (rp *replayer) seat(ev *GCGEvent) (int, error) {
	for i, p := range rp.g.Players {
		if p.Nick == ev.Nick {
			if i > 1 {
				return 0, rp.errAt(ev, "player %q is a third player: crossword games have two", ev.Nick)
			}
			return i, nil
		}
	}
	return 0, rp.errAt(ev, "unknown player %q", ev.Nick)
}

func (rp *replayer) warn(err error) error {
	if rp.opts.Warn != nil {
		rp.opts.Warn(err)
		return nil
	}
	return err
}

// parseRack reads a recorded rack; "" and "UNKNOWN" mean not given.
func (rp *replayer) parseRack(ev *GCGEvent, text string) ([]lexicon.Tile, bool, error) {
	if text == "" || strings.EqualFold(text, "UNKNOWN") {
		return nil, false, nil
	}
	a, r := rp.a, rp.r
	tiles, err := a.Parse(nil, strings.ToUpper(text))
	if err != nil {
		return nil, false, rp.errAt(ev, "rack %q: %v", text, err)
	}
	if len(tiles) > r.RackSize {
		return nil, false, rp.errAt(ev, "rack %q has %d tiles: a rack holds %d", text, len(tiles), r.RackSize)
	}
	unseen := counts(rp.s.Unseen(nil, 0)) // racks stay empty during the replay: unseen = set - board
	have := counts(tiles)
	for _, t := range tiles { // in the rack's order, so the report names the same tile every time
		if n := have[t]; n > unseen[t] {
			// The rack cannot be drawn: report it and treat it as unknown.
			return nil, false, rp.warn(rp.errAt(ev, "rack %q: %d %s but only %d unseen (the tile set %s and the board)", text, n, a.Format([]lexicon.Tile{t}), unseen[t], r.TileSet.Name))
		}
	}
	return tiles, true, nil
}

// unseenValue returns the points of the tiles not on the board.
func (rp *replayer) unseenValue() int {
	return rackValue(rp.r, rp.s.Unseen(nil, 0))
}

// scorelessLimit returns the number of scoreless turns that ends the game
// at the computed scores (0: none).
func (rp *replayer) scorelessLimit() int {
	limit := rp.r.ScorelessLimit
	if rp.scores[0] == 0 && rp.scores[1] == 0 && rp.r.ScorelessLimitAtZero > 0 {
		limit = rp.r.ScorelessLimitAtZero
	}
	return limit
}

// endGame records the end of the game at line.
func (rp *replayer) endGame(kind EndKind, seat, line int) {
	if rp.over {
		return
	}
	rp.over = true
	rp.end.Kind, rp.end.Seat, rp.end.Line = kind, seat, line
}

// goOut applies the end of a player going out (rp.out) at line.
func (rp *replayer) goOut(line int) {
	p := rp.out
	rp.out = -1
	rp.outChallenged = false
	if rp.over {
		return
	}
	v := rp.unseenValue() // the opponent's rack: every tile not on the board
	rp.endGame(WentOut, p, line)
	if rp.r.OutDouble {
		rp.end.Points[p] += 2 * v
		rp.scores[p] += 2 * v
	} else {
		rp.end.Points[p] += v
		rp.end.Points[1-p] -= v
		rp.scores[p] += v
		rp.scores[1-p] -= v
	}
}

// scorelessCheck ends the game when the scoreless turns reach the limit,
// deducting each rack the record shows when the rules say so.
func (rp *replayer) scorelessCheck(line int) {
	if rp.over {
		return
	}
	limit := rp.scorelessLimit()
	if limit <= 0 || rp.scoreless < limit {
		return
	}
	rp.endGame(ScorelessEnd, -1, line)
	rp.end.Turns = rp.scoreless
	if !rp.r.ScorelessDeduct {
		return
	}
	for q := range 2 {
		if rp.lastRackKnown[q] {
			v := rackValue(rp.r, rp.lastRack[q])
			rp.end.Points[q] -= v
			rp.scores[q] -= v
			rp.deducted[q] = true
		}
	}
}

// event replays event k.
func (rp *replayer) event(k int) error {
	g, s, a, r := rp.g, rp.s, rp.a, rp.r
	ev := &g.Events[k]
	p, err := rp.seat(ev)
	if err != nil {
		return err
	}
	isMove := ev.Kind == EventPlay || ev.Kind == EventExchange || ev.Kind == EventPass
	// A play that empties the rack ends the game once it stands: it may
	// still be withdrawn, get a challenge bonus, or be challenged in vain
	// (under double challenge the challenger then loses a turn, written
	// as a pass).
	challenged := rp.out >= 0 && ev.Kind == EventPass && p != rp.out && !rp.outChallenged
	withdrawal := (ev.Kind == EventPhony || ev.Kind == EventChallengeBonus) && p == rp.out
	if challenged {
		rp.outChallenged = true
		rp.next = -1
		if rp.totals[p]+ev.Score != ev.Total {
			if err := rp.warn(rp.errAt(ev, "cumulative total %d, but %d%+d = %d", ev.Total, rp.totals[p], ev.Score, rp.totals[p]+ev.Score)); err != nil {
				return err
			}
		}
		rp.totals[p] = ev.Total
		return nil
	}
	if rp.out >= 0 && !withdrawal {
		rp.goOut(rp.outLine)
	}
	if isMove {
		rp.pos.Moves++
		if rp.over && !rp.warnedOver {
			if err := rp.warn(rp.errAt(ev, "%s after the game ended (%s)", ev.Kind, rp.end)); err != nil {
				return err
			}
			rp.warnedOver = true // once: every later event would repeat it
		}
		if rp.next >= 0 && p != rp.next {
			if err := rp.warn(rp.errAt(ev, "%s moves out of turn (it is %s's turn)", ev.Nick, g.Players[rp.next].Nick)); err != nil {
				return err
			}
		}
		rp.next, rp.moved = 1-p, true
	}
	s.SetToMove(p)
	switch ev.Kind {
	case EventPlay:
		rack, known, err := rp.parseRack(ev, ev.Rack)
		if err != nil {
			return err
		}
		d := crossword.Across
		if !ev.Across {
			d = crossword.Down
		}
		word, err := s.ParseWord(ev.Word)
		if err != nil {
			return rp.errAt(ev, "%v", err)
		}
		m, words, err := s.ScorePlay(d, ev.Row, ev.Col, word)
		if err != nil {
			return rp.errAt(ev, "%s %s: %v", ev.Pos, ev.Word, err)
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
		onRack := true
		if known {
			if missing := notOnRack(a, tiles, rack); missing != "" {
				onRack = false
				if err := rp.warn(rp.errAt(ev, "%s %s plays %s, which rack %s does not hold", ev.Pos, ev.Word, missing, ev.Rack)); err != nil {
					return err
				}
			}
			rp.held[p] = max(rp.held[p], len(rack)) // records may show only the tiles played
		}
		if rp.opts.Each != nil {
			withdrawn := k+1 < len(g.Events) && g.Events[k+1].Kind == EventPhony && g.Events[k+1].Nick == ev.Nick
			rp.each(k, p, rack, known, func(v *crossword.State) game.Move {
				if !onRack {
					return game.Move{}
				}
				vm, _, err := v.ScorePlay(d, ev.Row, ev.Col, word)
				if err != nil {
					return game.Move{}
				}
				return vm
			}, withdrawn)
		}
		computed := s.MoveScore(m)
		rp.pos.Plays++
		if rp.opts.Check != nil {
			rp.opts.Check(ReplayCheck{Event: ev, Recorded: ev.Score, Computed: computed, Words: words})
		}
		if computed == ev.Score {
			rp.pos.Matched++
		} else if err := rp.warn(&ScoreError{Name: g.Name, Line: ev.Line, Pos: ev.Pos, Word: ev.Word, Game: r.Name,
			Recorded: ev.Score, Computed: computed, Words: words}); err != nil {
			return err
		}
		for i, sq := range squares {
			if err := s.PlaceTile(sq[0], sq[1], tiles[i]); err != nil {
				return rp.errAt(ev, "%v (does the tile set %s fit this game?)", err, r.TileSet.Name)
			}
		}
		rp.boardTiles += len(squares)
		rp.lastPlay[p] = squares
		rp.lastScore[p] = computed
		rp.scores[p] += computed
		rp.scorelessPrev[p] = rp.scoreless
		if computed == 0 {
			rp.scoreless++
		} else {
			rp.scoreless = 0
		}
		// The rack after the play: the tiles left, refilled from the bag.
		n := len(squares)
		rp.held[p] = max(rp.held[p]-n, 0)
		bag := max(rp.total-rp.boardTiles-rp.held[0]-rp.held[1], 0)
		drawn := min(n, bag)
		rp.held[p] += drawn
		rp.lastDraw[p] = [2]int{n, drawn}
		rp.lastRackKnown[p] = false
		if rp.held[p] == 0 && !rp.over {
			rp.out, rp.outLine = p, ev.Line
		}
		rp.scorelessCheck(ev.Line)
	case EventExchange:
		rack, known, err := rp.parseRack(ev, ev.Rack)
		if err != nil {
			return err
		}
		var tiles []lexicon.Tile
		onRack := true
		if known && ev.Tiles != "" {
			tiles, err = a.Parse(nil, strings.ToUpper(ev.Tiles))
			if err != nil {
				return rp.errAt(ev, "exchange %q: %v", ev.Tiles, err)
			}
			if missing := notOnRack(a, tiles, rack); missing != "" {
				onRack = false
				if err := rp.warn(rp.errAt(ev, "exchanges %s, which rack %s does not hold", missing, ev.Rack)); err != nil {
					return err
				}
			}
		}
		if known {
			rp.held[p] = max(rp.held[p], len(rack)) // records may show only the tiles played
		}
		if rp.opts.Each != nil {
			rp.each(k, p, rack, known, func(v *crossword.State) game.Move {
				if len(tiles) == 0 || !onRack {
					return game.Move{}
				}
				vm, err := v.CheckExchange(tiles)
				if err != nil {
					return game.Move{}
				}
				return vm
			}, false)
		}
		rp.lastRackKnown[p] = false
		rp.scoreless++
		rp.scorelessCheck(ev.Line)
	case EventPass:
		rack, known, err := rp.parseRack(ev, ev.Rack)
		if err != nil {
			return err
		}
		if known {
			rp.held[p] = max(rp.held[p], len(rack)) // records may show only the tiles played
		}
		if rp.opts.Each != nil {
			rp.each(k, p, rack, known, func(v *crossword.State) game.Move {
				vm, err := v.ParseMove("pass")
				if err != nil {
					return game.Move{}
				}
				return vm
			}, false)
		}
		rp.lastRack[p], rp.lastRackKnown[p] = rack, known
		rp.scoreless++
		rp.scorelessCheck(ev.Line)
	case EventPhony:
		// Quackle writes a withdrawal as "-- +0" with the total already
		// reduced: take the total as the record's word.
		if ev.Score == 0 && ev.Total < rp.totals[p] {
			rp.totals[p] = ev.Total
		}
		for _, sq := range rp.lastPlay[p] {
			if err := s.RemoveTile(sq[0], sq[1]); err != nil {
				return rp.errAt(ev, "withdrawing the last play: %v", err)
			}
		}
		rp.boardTiles -= len(rp.lastPlay[p])
		rp.lastPlay[p] = nil
		// The tiles come back to the rack, those drawn go back to the bag,
		// and the turn counts as one scoreless turn.
		rp.held[p] += rp.lastDraw[p][0] - rp.lastDraw[p][1]
		rp.lastDraw[p] = [2]int{}
		rp.scores[p] -= rp.lastScore[p]
		rp.lastScore[p] = 0
		if rp.out == p {
			rp.out = -1
		}
		rp.scoreless = rp.scorelessPrev[p] + 1
		if rack, known, err := rp.parseRack(ev, ev.Rack); err == nil && known {
			rp.lastRack[p], rp.lastRackKnown[p] = rack, true
		}
		rp.scorelessCheck(ev.Line)
	case EventChallengeBonus:
		rp.scores[p] += ev.Score
	case EventEndRack:
		if err := rp.endRack(ev, p); err != nil {
			return err
		}
	case EventEndRackPenalty:
		if err := rp.endPenalty(ev, p); err != nil {
			return err
		}
	case EventTimePenalty:
		if !rp.moved {
			if err := rp.warn(rp.errAt(ev, "time penalty before any move")); err != nil {
				return err
			}
		}
		if rp.penalized[p] {
			if err := rp.warn(rp.errAt(ev, "second time penalty for %s", ev.Nick)); err != nil {
				return err
			}
		}
		rp.penalized[p] = true
		rp.scores[p] += ev.Score
		rp.endGame(RecordedEnd, -1, ev.Line)
	}
	if rp.totals[p]+ev.Score != ev.Total {
		if err := rp.warn(rp.errAt(ev, "cumulative total %d, but %d%+d = %d", ev.Total, rp.totals[p], ev.Score, rp.totals[p]+ev.Score)); err != nil {
			return err
		}
	}
	rp.totals[p] = ev.Total
	s.SetScore(p, rp.scores[p])
	if q, ok := rp.resignNote(ev.Notes); ok && !rp.over {
		rp.endGame(Resigned, q, ev.Line)
	}
	rp.resignPragmas(k + 1)
	return nil
}

// resignPragmas ends the game at the first pragma after the record's
// first events events (0: before any) that says a player resigned: a note
// "NAME resigned" or "#resigned NICK".
func (rp *replayer) resignPragmas(events int) {
	g := rp.g
	for _, pr := range g.Pragmas {
		if pr.Events != events {
			continue
		}
		switch pr.Key {
		case "note":
			if q, ok := rp.resignNote([]string{pr.Value}); ok && !rp.over {
				rp.endGame(Resigned, q, pr.Line)
			}
		case "resigned": // "#resigned NICK", as our records write it
			for q, pl := range g.Players[:min(2, len(g.Players))] {
				if pl.Nick == strings.TrimSpace(pr.Value) && !rp.over {
					rp.endGame(Resigned, q, pr.Line)
				}
			}
		}
	}
}

// resignNote reports the seat that a note "NAME resigned" (name or
// nickname) names.
func (rp *replayer) resignNote(notes []string) (int, bool) {
	for _, n := range notes {
		who, ok := strings.CutSuffix(strings.TrimSpace(n), " resigned")
		if !ok {
			continue
		}
		for q, pl := range rp.g.Players[:min(2, len(rp.g.Players))] {
			if who == pl.Nick || (pl.Name != "" && who == pl.Name) {
				return q, true
			}
		}
	}
	return 0, false
}

// endRack checks an end-of-game rack event ">nick: (TILES) +N" by seat p.
func (rp *replayer) endRack(ev *GCGEvent, p int) error {
	tiles, err := rp.a.Parse(nil, strings.ToUpper(ev.Tiles))
	if err != nil {
		return rp.errAt(ev, "end rack %q: %v", ev.Tiles, err)
	}
	rp.end.Recorded = true
	if rp.over && rp.end.Kind == WentOut {
		if p != rp.end.Seat {
			return rp.warn(rp.errAt(ev, "end-of-game rack points for %s, but player %d went out", ev.Nick, rp.end.Seat+1))
		}
		unseen := rp.s.Unseen(nil, 0)
		if !sameMultiset(tiles, unseen) {
			if err := rp.warn(rp.errAt(ev, "end-of-game rack %s, but the tiles left are %s", ev.Tiles, rp.a.Format(unseen))); err != nil {
				return err
			}
		}
		if want := rp.end.Points[p]; !rp.r.OutDouble {
			// WWF: the player earns the rack; the record may write the
			// opponent's loss as a penalty event of its own.
			if ev.Score != want {
				return rp.warn(rp.errAt(ev, "end-of-game rack %s is worth %+d under %s rules, the record says %+d", ev.Tiles, want, rp.r.Name, ev.Score))
			}
		} else if ev.Score != want {
			return rp.warn(rp.errAt(ev, "end-of-game rack %s is worth %+d under %s rules, the record says %+d", ev.Tiles, want, rp.r.Name, ev.Score))
		}
		return nil
	}
	if unseen := rp.s.Unseen(nil, 0); len(unseen) != len(tiles) {
		if err := rp.warn(rp.errAt(ev, "end-of-game rack event, but the bag still holds %d tiles", len(unseen)-len(tiles))); err != nil {
			return err
		}
	}
	want := rackValue(rp.r, tiles)
	if rp.r.OutDouble {
		want *= 2
	}
	if ev.Score != want {
		if err := rp.warn(rp.errAt(ev, "end-of-game rack %s is worth %+d under %s rules, the record says %+d", ev.Tiles, want, rp.r.Name, ev.Score)); err != nil {
			return err
		}
	}
	// The rules could not tell the end: the record's word is taken.
	rp.endGame(RecordedEnd, -1, ev.Line)
	rp.scores[p] += want
	rp.end.Points[p] += want
	return nil
}

// endPenalty checks a rack penalty ">nick: TILES (TILES) -N" of seat p.
func (rp *replayer) endPenalty(ev *GCGEvent, p int) error {
	tiles, err := rp.a.Parse(nil, strings.ToUpper(ev.Tiles))
	if err != nil {
		return rp.errAt(ev, "rack %q: %v", ev.Tiles, err)
	}
	rp.end.Recorded = true
	want := -rackValue(rp.r, tiles)
	if ev.Score != want {
		if err := rp.warn(rp.errAt(ev, "the rack %s left costs %d, the record says %+d", ev.Tiles, want, ev.Score)); err != nil {
			return err
		}
	}
	switch {
	case rp.over && rp.end.Kind == WentOut && !rp.r.OutDouble && p != rp.end.Seat:
		// WWF: the opponent's loss, already applied.
		if got := rp.end.Points[p]; got != want {
			return rp.warn(rp.errAt(ev, "the opponent of the player who went out loses %d under %s rules, the record says %+d", got, rp.r.Name, ev.Score))
		}
	case rp.over && rp.end.Kind == WentOut:
		return rp.warn(rp.errAt(ev, "the record deducts the rack %s, but under %s rules going out costs the opponent nothing (the player who went out earns twice the rack)", ev.Tiles, rp.r.Name))
	case rp.over && rp.end.Kind == ScorelessEnd && !rp.r.ScorelessDeduct:
		return rp.warn(rp.errAt(ev, "the record deducts the rack %s, but a scoreless end deducts nothing under these %s rules (the variant end=deduct does)", ev.Tiles, rp.r.Name))
	case rp.over && rp.end.Kind == ScorelessEnd && rp.deducted[p]:
		if !sameMultiset(tiles, rp.lastRack[p]) {
			return rp.warn(rp.errAt(ev, "the record deducts the rack %s, but %s's rack was %s", ev.Tiles, ev.Nick, rp.a.Format(rp.lastRack[p])))
		}
	case rp.over && rp.end.Kind == ScorelessEnd:
		rp.deducted[p] = true
		rp.scores[p] += want
		rp.end.Points[p] += want
	default:
		// No end the rules give: the record's word is taken.
		rp.endGame(RecordedEnd, -1, ev.Line)
		rp.scores[p] += want
		rp.end.Points[p] += want
	}
	return nil
}

// finish checks the end of the replay before event turn: the deductions
// a scoreless end could not make.
func (rp *replayer) finish(turn int) error {
	if rp.over && rp.end.Kind == ScorelessEnd && rp.r.ScorelessDeduct && turn == len(rp.g.Events) {
		for q := range 2 {
			if !rp.deducted[q] {
				nick := rp.g.Players[q].Nick
				if err := rp.warn(fmt.Errorf("wwf: %s:%d: the game ended after %d scoreless turns, but the record shows neither %s's rack nor its deduction: none applied",
					rp.g.Name, rp.end.Line, rp.end.Turns, nick)); err != nil {
					return err
				}
			}
		}
	}
	for p := range 2 {
		rp.s.SetScore(p, rp.scores[p])
	}
	return nil
}

// each hands opts.Each the position before event k, a move of seat p
// with the recorded rack (known) or a drawn one; move builds the move on
// that position.
func (rp *replayer) each(k, p int, rack []lexicon.Tile, known bool, move func(*crossword.State) game.Move, withdrawn bool) {
	v := rp.view
	v.CopyFrom(rp.s)
	v.SetOver(false)
	v.SetToMove(p)
	v.SetScoreless(rp.scoreless)
	for q := range 2 {
		v.SetScore(q, rp.scores[q])
	}
	if known {
		if err := v.SetRack(p, rack); err != nil {
			known = false
		}
	}
	if !known {
		v.DrawRack(p)
	}
	v.DrawRack(1 - p)
	t := &Turn{Event: &rp.g.Events[k], Index: k, State: v, RackKnown: known, Withdrawn: withdrawn,
		Partial: known && len(rack) < rp.held[p]}
	if known {
		t.Move = move(v)
	}
	rp.opts.Each(t)
}

// position returns the position before event turn.
func (rp *replayer) position(turn int) (*Position, error) {
	g, s := rp.g, rp.s
	s.SetScoreless(rp.scoreless)
	pos := rp.pos
	pos.End = rp.end
	pos.Recorded = rp.totals
	// The player to move and the racks.
	var racks [2][]lexicon.Tile
	if turn < len(g.Events) {
		ev := &g.Events[turn]
		p, err := rp.seat(ev)
		if err != nil {
			return nil, err
		}
		if ev.Kind != EventPlay && ev.Kind != EventExchange && ev.Kind != EventPass {
			return nil, fmt.Errorf("%w: %s:%d (turn %d) is not a player's move but an event of kind %q; choose the turn before or after it", ErrNotAMove, g.Name, ev.Line, turn+1, ev.Kind.String())
		}
		s.SetToMove(p)
		if racks[p], pos.RackKnown[p], err = rp.parseRack(ev, ev.Rack); err != nil {
			return nil, err
		}
	} else {
		if rp.next >= 0 {
			s.SetToMove(rp.next)
		}
		for p := range 2 {
			for _, pr := range g.Pragmas {
				if pr.Key == fmt.Sprintf("rack%d", p+1) {
					var err error
					if racks[p], pos.RackKnown[p], err = rp.parseRack(&GCGEvent{Line: pr.Line}, pr.Value); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	for p := range 2 {
		if pos.RackKnown[p] {
			if err := s.SetRack(p, racks[p]); err != nil {
				if err := rp.warn(fmt.Errorf("wwf: %s: %w", g.Name, err)); err != nil {
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
	if rp.over {
		if rp.end.Kind == Resigned {
			// The resignation decides the winner (crossword.State.Winners).
			s.SetToMove(rp.end.Seat)
			if m, err := s.ParseMove("resign"); err == nil {
				s.Play(m)
			}
		}
		s.SetOver(true)
	}
	return pos, nil
}

// sameMultiset reports whether a and b hold the same tiles (blanks as
// lexicon.Blank).
func sameMultiset(a, b []lexicon.Tile) bool {
	if len(a) != len(b) {
		return false
	}
	ca, cb := counts(a), counts(b)
	for t, n := range ca {
		if cb[t] != n {
			return false
		}
	}
	return true
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
