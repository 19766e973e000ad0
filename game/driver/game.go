// Package driver runs games between people and computer players, for
// every registered game, through the contracts of package game only: it
// never names a game. The terminal session of `wordengine play`
// (Session) and the commands that show games (hint, the main job) use it,
// and so can any other front end (an HTTP API): Game holds a game in
// progress with its history, undo, resignation and record; Rank lists a
// hint's moves for a seat from what that seat sees.
//
// # Randomness
//
// Everything random derives from the game's seed: the deal
// (game.DealStream), and for each ply the computer's own random source
// and the determinization it decides on (Streams). A game therefore
// replays the same from its record, after an undo, and when resumed.
//
// # Hidden information
//
// A computer decides on a view of the position determinized for its
// seat (it never reads another seat's rack or faces), hints rank on the
// view of the seat that asks, and every text a seat is shown (the board,
// the moves of others, its view) comes from the game's front-end
// contracts for that seat. Descriptions and searches run on copies: the
// true state is changed only by the moves played, so that its random
// draws are those of a replay.
package driver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"wordengine/game"
	"wordengine/lexicon"
	"wordengine/search"
)

// Seat is one player of a game.
type Seat struct {
	// Name is the player's name as messages show it ("ann", "computer").
	Name string
	// Player chooses the seat's moves; nil for a person.
	Player search.Player
	// Spec is the player's spec as search.New read it ("static",
	// "sim:plies=2"), for records and messages; "" for a person.
	Spec string
}

// Human reports whether a person plays the seat.
func (s Seat) Human() bool { return s.Player == nil }

// Config is what a new Game needs.
type Config struct {
	// Spec is the game.
	Spec game.Spec
	// Variant holds the rule options (game.Config.Variant).
	Variant string
	// Lexicon judges the words (nil: the game's default); LexiconName
	// is its name for records and messages.
	Lexicon     *lexicon.Lexicon
	LexiconName string
	// Seed deals the game and drives every random choice (see the
	// package doc).
	Seed uint64
	// Start, when not "", is the start position in the game's text
	// format instead of a deal.
	Start string
	// Seats are the players, seat 0 first; their number is the game's
	// number of players.
	Seats []Seat
}

// Played is one move of a game's history.
type Played struct {
	// Seat made the move.
	Seat int
	// Move is the move; Info its description as every seat may know it,
	// Info[p] for seat p, and Info[len(Seats)] with everything.
	Move game.Move
	Info []game.MoveInfo
	// Rack is the mover's rack or hand before the move, in the game's
	// notation ("" in games without).
	Rack string
}

// Game is a game in progress: its state, history and players. It is not
// safe for concurrent use.
type Game struct {
	cfg      Config
	state    game.State
	history  []Played
	resigned int // the seat that resigned (in a game without a resign move), -1 none
}

// NewGame starts a game: dealt from cfg.Seed, or set up from cfg.Start.
// The error is the game's (a variant it does not know, a number of seats
// it does not take).
func NewGame(cfg Config) (*Game, error) {
	g := &Game{cfg: cfg, resigned: -1}
	s, err := g.start()
	if err != nil {
		return nil, err
	}
	g.state = s
	return g, nil
}

// start returns the game's start position.
func (g *Game) start() (game.State, error) {
	return game.Deal(g.cfg.Spec, game.Config{Lexicon: g.cfg.Lexicon, Players: len(g.cfg.Seats), Variant: g.cfg.Variant}, g.cfg.Seed, g.cfg.Start)
}

// Resume continues the game of record rec with the players seats (one
// per seat of the record; nil: the record's, a person where it names no
// computer player). It replays every move; the error names the first
// that does not replay.
func Resume(rec *game.Record, cfg Config) (*Game, error) {
	if !rec.Dealt {
		return nil, fmt.Errorf("the record does not give the deal (no seed): it cannot be resumed")
	}
	if cfg.Spec.Name == "" {
		spec, err := game.Lookup(rec.Game)
		if err != nil {
			return nil, err
		}
		cfg.Spec = spec
	}
	cfg.Variant, cfg.Seed, cfg.Start = rec.Variant, rec.Seed, rec.Start
	if cfg.LexiconName == "" {
		cfg.LexiconName = rec.Lexicon
	}
	if len(cfg.Seats) != len(rec.Players) {
		return nil, fmt.Errorf("the record has %d players, %d given", len(rec.Players), len(cfg.Seats))
	}
	g := &Game{cfg: cfg, resigned: -1}
	moves := rec.Moves
	if r := rec.Result; r != nil && r.Resigned != nil {
		g.resigned = *r.Resigned
	}
	if err := g.rebuild(moves); err != nil {
		return nil, err
	}
	if g.resigned >= 0 && g.state.Over() {
		g.resigned = -1 // the game's own resign move
	}
	return g, nil
}

// rebuild sets the game up from its start and plays moves (in notation),
// describing each for the history.
func (g *Game) rebuild(moves []game.RecordMove) error {
	s, err := g.start()
	if err != nil {
		return fmt.Errorf("%w: %w", game.ErrRecord, err)
	}
	g.state, g.history = s, g.history[:0]
	for i, rm := range moves {
		if rm.Seat != s.ToMove() {
			return fmt.Errorf("%w: move %d (%s): made by seat %d, but seat %d is to move", game.ErrRecord, i+1, rm.Move, rm.Seat, s.ToMove())
		}
		m, err := s.ParseMove(rm.Move)
		if err != nil {
			return fmt.Errorf("%w: move %d (%s): %w", game.ErrRecord, i+1, rm.Move, err)
		}
		g.Play(m)
	}
	return nil
}

// State returns the position. The caller must not change it (Play,
// Undo and the other methods of Game do).
func (g *Game) State() game.State { return g.state }

// Spec returns the game's registration.
func (g *Game) Spec() game.Spec { return g.cfg.Spec }

// Config returns the game's configuration.
func (g *Game) Config() Config { return g.cfg }

// Seats returns the players.
func (g *Game) Seats() []Seat { return g.cfg.Seats }

// History returns the moves played, in order. The caller must not change
// it.
func (g *Game) History() []Played { return g.history }

// Over reports whether the game has ended (or a seat resigned).
func (g *Game) Over() bool { return g.resigned >= 0 || g.state.Over() }

// Resigned returns the seat that resigned, -1 when none did.
func (g *Game) Resigned() int {
	if g.resigned >= 0 {
		return g.resigned
	}
	if n := len(g.history); n > 0 && g.state.Over() && g.history[n-1].Info[len(g.cfg.Seats)].Kind == "resign" {
		return g.history[n-1].Seat
	}
	return -1
}

// Winners returns the winning seats of a finished game: the game's
// ruling, or after a resignation (in a game without a resign move) the
// seats with the highest score among the others.
func (g *Game) Winners() []int {
	if g.resigned < 0 {
		return game.Winners(g.state)
	}
	return game.ResignWinners(g.state, g.resigned)
}

// describe describes m (legal now) as every seat may know it, on a copy
// of the state.
func (g *Game) describe(m game.Move) []game.MoveInfo {
	n := len(g.cfg.Seats)
	out := make([]game.MoveInfo, n+1)
	d, ok := g.state.Clone().(game.Describer)
	for v := range n + 1 {
		viewer := v
		if v == n {
			viewer = -1
		}
		switch {
		case ok:
			out[v] = d.DescribeMove(m, viewer)
		default:
			out[v] = PlainInfo(g.state, m)
		}
	}
	return out
}

// PlainInfo describes m in a game that is not a game.Describer: its
// notation and score
// (the leave too in a game.Racker).
func PlainInfo(s game.State, m game.Move) game.MoveInfo {
	text := s.FormatMove(m)
	info := game.MoveInfo{Move: text, Kind: "move", Score: s.MoveScore(m), Text: fmt.Sprintf("played %s for %s", text, Plural(s.MoveScore(m), "point"))}
	if strings.EqualFold(text, "pass") {
		info.Kind, info.Text = "pass", "passed"
	}
	if r, ok := s.(game.Racker); ok {
		info.Leave = r.Alphabet().Format(r.Leave(nil, m))
	}
	return info
}

// Describe describes m, a legal move of the player to move, as seat
// viewer may know it (-1: everything), on a copy of the state.
func Describe(s game.State, m game.Move, viewer int) game.MoveInfo {
	if d, ok := s.Clone().(game.Describer); ok {
		return d.DescribeMove(m, viewer)
	}
	return PlainInfo(s, m)
}

// Play makes move m, which must be legal, for the seat to move and
// returns its description with everything (Played.Info).
func (g *Game) Play(m game.Move) Played {
	p := g.state.ToMove()
	pl := Played{Seat: p, Move: m, Info: g.describe(m)}
	pl.Rack = handText(g.state, p)
	g.state.Play(m)
	g.history = append(g.history, pl)
	return pl
}

// Resign ends the game with seat to move resigning: the game's resign
// move where it has one (game.ResignMove), else a resignation the Game
// keeps (never a move that "resign" reads as, such as WordBlock's word
// RESIGN).
func (g *Game) Resign() *Played {
	if m, ok := game.ResignMove(g.state); ok {
		pl := g.Play(m)
		return &pl
	}
	g.resigned = g.state.ToMove()
	return nil
}

// Undo takes back the last turn of seat (its moves since the last move of
// another seat before them) and every move of the others after it, and
// returns the number of moves taken back (0 when seat has not moved). The
// position is set up again from the start (so that its draws are those of
// a replay).
func (g *Game) Undo(seat int) (int, error) {
	n := len(g.history)
	i := n
	for i > 0 && g.history[i-1].Seat != seat {
		i--
	}
	if i == 0 {
		return 0, nil
	}
	for i > 0 && g.history[i-1].Seat == seat {
		i--
	}
	moves := g.recordMoves()[:i]
	g.resigned = -1
	if err := g.rebuild(moves); err != nil {
		return 0, err
	}
	return n - i, nil
}

// Streams of the per-ply random sources (PCG(seed, ply<<8 | stream)).
const (
	StreamChoose      = 2 // the computer's own random source
	StreamDeterminize = 3 // the determinization the computer decides on
	StreamHint        = 5 // the determinization a hint ranks on
	StreamSearch      = 6 // a hint player's own random source
)

// Rand returns the random source of stream for the current ply.
func (g *Game) Rand(stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(g.cfg.Seed, uint64(len(g.history))<<8|stream))
}

// ViewFor returns a copy of s for seat to decide on: determinized for
// seat in a game with hidden information (drawn from rng), a plain clone
// otherwise.
func ViewFor(s game.State, seat int, rng *rand.Rand) game.State {
	c := s.Clone()
	if d, ok := c.(game.Determinizer); ok {
		d.Determinize(seat, rng)
	}
	return c
}

// Choose lets the computer of the seat to move choose its move, on its
// own view of the position, and checks that the move is legal.
func (g *Game) Choose(ctx context.Context) (game.Move, error) {
	p := g.state.ToMove()
	pl := g.cfg.Seats[p].Player
	if pl == nil {
		return game.Move{}, fmt.Errorf("seat %d is played by a person", p+1)
	}
	view := ViewFor(g.state, p, g.Rand(StreamDeterminize))
	m, err := pl.Choose(ctx, view, g.Rand(StreamChoose))
	if err != nil {
		return game.Move{}, err
	}
	if _, err := g.state.ParseMove(g.state.FormatMove(m)); err != nil {
		return game.Move{}, fmt.Errorf("the computer (%s) chose an illegal move %s: %w", pl.Name(), g.state.FormatMove(m), err)
	}
	return m, nil
}

// Last returns the last move as seat viewer may know it (-1:
// everything), nil before the first move.
func (g *Game) Last(viewer int) *game.MoveInfo {
	if len(g.history) == 0 {
		return nil
	}
	info := g.history[len(g.history)-1].Info
	if viewer < 0 || viewer >= len(info)-1 {
		viewer = len(info) - 1
	}
	return &info[viewer]
}

// Marked returns the squares a board shown to seat viewer marks: those
// of the moves of the others since viewer's last move, or when the last
// move is viewer's own (a turn of several moves) or the game is over
// (the board is the final one), that move's.
func (g *Game) Marked(viewer int) [][2]int {
	h := g.history
	if len(h) == 0 {
		return nil
	}
	v := viewer
	if v < 0 || v >= len(g.cfg.Seats) {
		v = len(g.cfg.Seats)
	}
	last := len(h) - 1
	if h[last].Seat == viewer || g.Over() {
		return h[last].Info[v].Cells
	}
	var cells [][2]int
	for i := last; i >= 0 && h[i].Seat != viewer; i-- {
		cells = append(cells, h[i].Info[v].Cells...)
	}
	return cells
}

// View returns the position as seat sees it, its last move marked, the
// seats named; nil when the game gives no view (not a game.SeatViewer).
func (g *Game) View(seat int) *game.View {
	sv, ok := g.state.(game.SeatViewer)
	if !ok {
		return nil
	}
	v := sv.SeatView(seat)
	v.Mark(g.Last(seat), g.Marked(seat)...)
	if v.Variant == "" {
		v.Variant = g.cfg.Variant
	}
	if g.Over() {
		v.Over, v.Winners = true, g.Winners()
	}
	return v
}

// recordMoves returns the history as record moves.
func (g *Game) recordMoves() []game.RecordMove {
	out := make([]game.RecordMove, len(g.history))
	n := len(g.cfg.Seats)
	for i, pl := range g.history {
		out[i] = game.RecordMove{Seat: pl.Seat, Move: g.stateNotation(pl), Score: pl.Info[n].Score, Rack: pl.Rack}
	}
	return out
}

// stateNotation is the notation of played move pl (its description with
// everything carries it).
func (g *Game) stateNotation(pl Played) string { return pl.Info[len(g.cfg.Seats)].Move }

// Record returns the game so far as a record: every move, and the result
// once the game is over.
func (g *Game) Record() *game.Record {
	r := &game.Record{
		Game: g.cfg.Spec.Name, Variant: g.cfg.Variant, Lexicon: g.cfg.LexiconName,
		Seed: g.cfg.Seed, Start: g.cfg.Start, Dealt: true,
	}
	for _, st := range g.cfg.Seats {
		r.Players = append(r.Players, game.RecordPlayer{Name: st.Name, Player: st.Spec})
	}
	r.Title = Title(g.cfg.Seats)
	r.Moves = g.recordMoves()
	for p := range g.cfg.Seats {
		r.Racks = append(r.Racks, handText(g.state, p))
	}
	if strings.Join(r.Racks, "") == "" {
		r.Racks = nil
	}
	if g.Over() {
		res := &game.RecordResult{Winners: g.Winners()}
		for p := range g.cfg.Seats {
			res.Scores = append(res.Scores, g.state.Score(p))
		}
		if p := g.Resigned(); p >= 0 {
			res.Resigned = &p
		}
		r.Result = res
	}
	return r
}

// Title says who played: "ann against computer (static)".
func Title(seats []Seat) string {
	var parts []string
	for _, st := range seats {
		n := st.Name
		if st.Spec != "" {
			n += " (" + st.Spec + ")"
		}
		parts = append(parts, n)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0] + " alone"
	}
	out := ""
	for i, p := range parts {
		switch {
		case i == 0:
			out = p
		case i == len(parts)-1:
			out += " against " + p
		default:
			out += ", " + p
		}
	}
	return out
}

// handText is seat p's rack or hand in the game's notation: from its
// view, or in a game.Racker its tiles; "" in games without.
func handText(s game.State, p int) string { return game.HandText(s, p) }
