package server

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"wordengine/game"
	"wordengine/lexicon"
)

// This file holds everything that rests on the front-end contracts of
// package game beyond the core State: what one seat sees of a position
// (game.SeatViewer, game.Drawer), how a move reads to each seat
// (game.Describer), what a person types (game.InputParser), and the
// seat's hand. Each has a plain fallback for a game without it, built
// from the core contracts so that it shows nothing hidden.

// played is one move of a held game's history: its description as
// every seat may know it, info[p] for seat p and info[seats] with
// everything (its notation as ParseMove reads it, for the record), and
// the mover's rack or hand before it.
type played struct {
	seat   int
	player string
	info   []*game.MoveInfo // equal descriptions are one
	rack   string
	// resignation marks a resignation in a game without a resign move
	// (held.resigned): no move of the game, left out of the record's
	// moves.
	resignation bool
}

// hidden reports whether st's game has hidden information.
func hidden(st game.State) bool {
	_, ok := st.(game.Determinizer)
	return ok
}

// describeAll describes m, a legal move of the player to move in st, as
// each of st's seats may know it and, last, with everything. It leaves st
// as it was.
func describeAll(st game.State, m game.Move) []*game.MoveInfo {
	n := st.Players()
	out := make([]*game.MoveInfo, n+1)
	for v := range n + 1 {
		viewer := v
		if v == n {
			viewer = -1
		}
		info := describe(st, m, viewer)
		out[v] = &info
		// Equal descriptions (the mover's and everything's; those of the
		// seats that did not move) are kept once: a held game keeps
		// them all.
		for u := range v {
			if reflect.DeepEqual(*out[u], info) {
				out[v] = out[u]
				break
			}
		}
	}
	return out
}

// describe describes m, a legal move of the player to move in st, as
// seat viewer may know it (-1: everything): the game's own description
// (game.Describer), else the move's notation and score for its mover, in
// a game without hidden information and for -1, and its score alone for
// the others.
func describe(st game.State, m game.Move, viewer int) game.MoveInfo {
	if d, ok := st.(game.Describer); ok {
		return d.DescribeMove(m, viewer)
	}
	info := game.MoveInfo{Kind: "move", Score: st.MoveScore(m)}
	if viewer < 0 || viewer == st.ToMove() || !hidden(st) {
		info.Move = st.FormatMove(m)
		info.Text = fmt.Sprintf("played %s for %d", info.Move, info.Score)
	} else {
		info.Text = fmt.Sprintf("scored %d", info.Score)
	}
	return info
}

// handText returns seat's rack or hand in the game's notation ("" in a
// game without).
func handText(st game.State, seat int) string { return game.HandText(st, seat) }

// hasHands reports whether the players of st's game hold racks or hands.
func hasHands(st game.State) bool {
	if sv, ok := st.(game.SeatViewer); ok {
		return sv.SeatView(0).HandName != ""
	}
	_, ok := st.(game.Racker)
	return ok
}

// parseMove reads the move of req: its notation (ParseMove), or its
// input as a person types it (game.InputParser, such as WordFlow's
// announced words; the notation in a game without). The error is 400
// for a request with neither or both, 422 for an illegal move.
func parseMove(st game.State, req *MoveRequest) (game.Move, error) {
	text := req.Move
	switch {
	case strings.TrimSpace(req.Move) == "" && strings.TrimSpace(req.Input) == "":
		return game.Move{}, badRequest("move: required, in the game's notation (or input: as a person types it)")
	case req.Move != "" && req.Input != "":
		return game.Move{}, badRequest("give move or input, not both")
	case req.Input != "":
		text = req.Input
	}
	var m game.Move
	var err error
	if ip, ok := st.(game.InputParser); ok && req.Input != "" {
		m, err = ip.ParseInput(text)
	} else {
		m, err = st.ParseMove(text)
	}
	if err != nil {
		msg := userMessage(err)
		if !strings.Contains(msg, strconv.Quote(text)) { // the game's error may name the move already
			msg = fmt.Sprintf("move %q: %s", text, msg)
		}
		return m, unprocessable("illegal_move", "%s", msg)
	}
	return m, nil
}

// visibleMove returns move i of the history as seat (nil: a spectator)
// may know it.
func visibleMove(st game.State, i int, pm played, seat *int) PlayedMove {
	out := PlayedMove{Ply: i + 1, Seat: pm.seat, Player: pm.player}
	switch {
	case seat != nil:
		out.MoveInfo = *pm.info[*seat]
	case !hidden(st):
		out.MoveInfo = *pm.info[len(pm.info)-1]
	case len(pm.info) > 2:
		// A spectator sees what is public: what an opponent of the mover
		// sees (the board, not the rack).
		out.MoveInfo = *pm.info[(pm.seat+1)%(len(pm.info)-1)]
	default:
		// With no opponent to see it, a spectator sees what kind of
		// move, and its score.
		all := pm.info[len(pm.info)-1]
		out.MoveInfo = game.MoveInfo{Kind: all.Kind, Score: all.Score, Text: fmt.Sprintf("scored %d", all.Score)}
	}
	return out
}

// marked returns the squares a view for seat marks: those of the moves
// of the other seats since seat last moved, or when the last move is
// seat's own (a turn of several moves), that move's.
func marked(history []played, seat int) [][2]int {
	n := len(history)
	if n == 0 {
		return nil
	}
	if history[n-1].seat == seat {
		return history[n-1].info[seat].Cells
	}
	var cells [][2]int
	for i := n - 1; i >= 0 && history[i].seat != seat; i-- {
		cells = append(cells, history[i].info[seat].Cells...)
	}
	return cells
}

// seatPosition returns the position of g as seat (nil: a spectator) sees
// it, the last moves marked, and its drawing: nil and "" for a spectator
// of a game with hidden information. The caller holds g.mu.
func seatPosition(g *held, seat *int) (*game.View, string) {
	st := g.state
	viewer := 0
	switch {
	case seat != nil:
		viewer = *seat
	case hidden(st):
		return nil, ""
	}
	v := viewOf(st, viewer)
	cells := marked(g.history, viewer)
	var last *game.MoveInfo
	if n := len(g.history); n > 0 {
		info := g.history[n-1].info
		if seat == nil {
			last = info[len(info)-1]
		} else {
			last = info[viewer]
		}
	}
	v.Mark(last, cells...)
	if v.Variant == "" {
		v.Variant = g.info.Variant
	}
	if g.over() {
		v.Over, v.Winners = true, g.winners()
	}
	if seat == nil {
		v.Viewer, v.Hand, v.HandText = -1, nil, ""
	}
	text := ""
	if d, ok := st.(game.Drawer); ok {
		text = d.Draw(game.DrawOptions{Seat: viewer, Last: cells})
	} else if !hidden(st) {
		text = st.String()
	}
	return v, text
}

// viewOf returns st as seat sees it, no move marked: the game's view
// (game.SeatViewer), else plainView.
func viewOf(st game.State, seat int) *game.View {
	if sv, ok := st.(game.SeatViewer); ok {
		return sv.SeatView(seat)
	}
	return plainView(st, seat)
}

// plainView is the view of a game that gives none (not a
// game.SeatViewer), from the core contracts: the seats' scores, the
// viewer's rack and the bag where the game has racks, no cells.
func plainView(st game.State, viewer int) *game.View {
	v := &game.View{Game: st.Game(), Viewer: viewer, ToMove: st.ToMove(), Over: st.Over(), Pool: -1, Unseen: -1}
	for p := range st.Players() {
		v.Seats = append(v.Seats, game.Seat{Name: fmt.Sprintf("player %d", p+1), Score: st.Score(p), Hand: -1})
	}
	if rk, ok := st.(game.Racker); ok {
		v.HandText = rk.Alphabet().Format(rk.Rack(nil, viewer))
		v.HandName, v.Pool, v.PoolName = "rack", rk.BagLen(), "bag"
	}
	return v
}

// gameView returns g as seat (nil: a spectator) sees it. The caller
// holds g.mu.
func (s *Server) gameView(g *held, seat *int) Game {
	st := g.state
	v := Game{
		ID: g.id, GameInfo: g.info, Seat: seat, Ply: len(g.history),
		ToMove: st.ToMove(), Over: g.over(),
		Scores:  make([]int, st.Players()),
		History: make([]PlayedMove, len(g.history)),
	}
	for p := range v.Scores {
		v.Scores[p] = st.Score(p)
	}
	if v.Over {
		v.Winners = g.winners()
	} else if seat != nil && *seat == v.ToMove && g.legal >= 0 {
		n := g.legal
		v.LegalMoves = &n
	}
	for i, pm := range g.history {
		v.History[i] = visibleMove(st, i, pm, seat)
	}
	if n := len(v.History); n > 0 {
		last := v.History[n-1]
		v.LastMove = &last
	}
	v.Position, v.Text = seatPosition(g, seat)
	return v
}

// positionOf reads a position of spec's game in its text format (CGP for
// the crossword games) with lexicon lx and the random source rng for
// what the text leaves out. The error (422) says what is wrong with the
// text, or that the game has no text positions.
func positionOf(spec game.Spec, lx *lexicon.Lexicon, text string, rng *rand.Rand) (*game.Position, error) {
	if spec.ParsePosition == nil {
		return nil, unprocessable("bad_position", "game %s has no text positions", spec.Name)
	}
	if textNamesFile(spec, text) {
		return nil, errNamesFile("position", "")
	}
	if lx == nil {
		// The embedded lexicon, every game's default, given: not every
		// reader of positions looks its default up.
		var err error
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	pos, err := spec.ParsePosition(game.Config{Lexicon: lx, Rand: rng}, text)
	if err != nil {
		if mentionsFile(err) {
			return nil, errNamesFile("position", "")
		}
		return nil, unprocessable("bad_position", "position: %s", userMessage(err))
	}
	return pos, nil
}

// record returns g as a whole-game record in the game's format (GCG for
// the crossword games, else the JSON record), and that format's name.
// The caller holds g.mu.
func record(g *held) (text, format string, err error) {
	spec, err := game.Lookup(g.info.Game)
	if err != nil {
		return "", "", err
	}
	st := g.state
	r := &game.Record{Game: g.info.Game, Variant: g.info.Variant, Lexicon: g.info.Lexicon, Seed: g.seed, Dealt: true}
	var title []string
	for p, pl := range g.info.Players {
		rp := game.RecordPlayer{Name: spec.SeatName(p)}
		if pl != Human {
			rp.Player = pl
		}
		r.Players = append(r.Players, rp)
		title = append(title, rp.Name+" ("+pl+")")
	}
	r.Title = strings.Join(title, " against ")
	for _, pm := range g.history {
		if pm.resignation {
			continue
		}
		all := pm.info[len(pm.info)-1]
		r.Moves = append(r.Moves, game.RecordMove{Seat: pm.seat, Move: all.Move, Score: all.Score, Rack: pm.rack})
	}
	if hasHands(st) {
		for p := range st.Players() {
			r.Racks = append(r.Racks, handText(st, p)) // "" for an empty rack
		}
	}
	if g.over() {
		res := &game.RecordResult{Winners: g.winners()}
		for p := range st.Players() {
			res.Scores = append(res.Scores, st.Score(p))
		}
		if n := len(g.history); n > 0 && g.history[n-1].info[len(g.history[n-1].info)-1].Kind == "resign" {
			p := g.history[n-1].seat
			res.Resigned = &p
		}
		r.Result = res
	}
	var sb strings.Builder
	if err := game.WriteRecord(&sb, r); err != nil {
		return "", "", err
	}
	format = game.RecordFormatName
	if spec.Records != nil {
		format = spec.Records.Name
	}
	return sb.String(), format, nil
}

// readRecord reads a record in any of the games' formats. The error
// (422) says what is wrong with it.
func readRecord(text string) (*game.Record, error) {
	rec, err := game.ReadRecord(strings.NewReader(text), "record")
	if err != nil {
		return nil, unprocessable("bad_record", "%s", userMessage(err))
	}
	if !rec.Dealt {
		return nil, unprocessable("bad_record", "record: it does not give the deal (no seed): a game played elsewhere cannot be resumed")
	}
	if rec.Result != nil && rec.Result.Resigned != nil {
		return nil, unprocessable("bad_record", "record: the game ended by a resignation")
	}
	return rec, nil
}

// replay plays the moves of rec on st, its start, and returns the
// history, each move described before it is played (which gives st
// scratch memory that hold compacts away). The error (422) names the
// first move that does not replay, or whose score is not the one
// recorded.
func replay(st game.State, rec *game.Record, players []string) ([]played, error) {
	var history []played
	for i, rm := range rec.Moves {
		at := func(format string, args ...any) error {
			return unprocessable("bad_record", "record: move %d (%s): %s", i+1, rm.Move, fmt.Sprintf(format, args...))
		}
		switch {
		case st.Over():
			return nil, at("the game is over")
		case rm.Seat != st.ToMove():
			return nil, at("made by seat %d, but seat %d is to move", rm.Seat, st.ToMove())
		}
		m, err := st.ParseMove(rm.Move)
		if err != nil {
			return nil, at("%s", userMessage(err))
		}
		if got := st.MoveScore(m); got != rm.Score {
			return nil, at("recorded score %d, computed %d", rm.Score, got)
		}
		history = append(history, played{seat: rm.Seat, player: players[rm.Seat], info: describeAll(st, m), rack: handText(st, rm.Seat)})
		st.Play(m)
	}
	return history, nil
}

// commands returns the game's own commands (game.Commander) of st.
func commands(st game.State) []CommandSpec {
	c, ok := st.(game.Commander)
	if !ok {
		return nil
	}
	var out []CommandSpec
	for _, cmd := range c.Commands() {
		out = append(out, CommandSpec{Name: cmd.Name, Usage: cmd.Usage, Help: cmd.Help})
	}
	return out
}

// runCommand runs the game's command name for seat on st, which it
// leaves as it was. The error (422) names an unknown command or says
// what the command refused.
func runCommand(st game.State, name, arg string, seat int) (string, error) {
	c, ok := st.(game.Commander)
	if ok {
		for _, cmd := range c.Commands() {
			if cmd.Name == name || slices.Contains(cmd.Aliases, name) {
				out, err := c.RunCommand(cmd.Name, arg, seat)
				if err != nil {
					return "", unprocessable("bad_command", "%s: %s", name, userMessage(err))
				}
				return out, nil
			}
		}
	}
	var names []string
	for _, cmd := range commands(st) {
		names = append(names, cmd.Name)
	}
	if len(names) == 0 {
		return "", errorf(http.StatusNotFound, "unknown_command", "command %q: %s has no commands", name, st.Game())
	}
	return "", errorf(http.StatusNotFound, "unknown_command", "command %q: unknown (known: %s)", name, strings.Join(names, ", "))
}
