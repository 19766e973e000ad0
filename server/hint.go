package server

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"wordengine/game"
	"wordengine/search"
)

// topRanker is implemented by players that rank the k best moves for
// less than all of them (search.Static).
type topRanker interface {
	RankTop(ctx context.Context, s game.State, k int, dst []search.Candidate) ([]search.Candidate, error)
}

func (s *Server) getHint(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	top, err := topParam(q.Get("top"))
	if err != nil {
		return err
	}
	think, err := s.think(q.Get("budget"))
	if err != nil {
		return err
	}
	r = think.arrived(r)
	g, err := s.lookup(r)
	if err != nil {
		return err
	}
	defer s.games.release(g)
	spec := cmp.Or(q.Get("player"), hinterOf(g.info.Game))
	if err := checkPlayer(spec); err != nil {
		return err
	}
	seat, err := seatParam(r, g.info.Seats)
	if err != nil {
		return err
	}
	wk, done, err := s.pool.hold(r.Context())
	if err != nil {
		return err
	}
	defer done()
	g.mu.Lock()
	over, toMove, legal, ply := g.over(), g.state.ToMove(), g.legal, uint64(len(g.history))
	var v game.State
	if !over && (seat == nil || *seat == toMove) {
		v = wk.view(g.state, randSource{g.seed, streamHintView | ply})
	}
	g.mu.Unlock()
	switch {
	case over:
		return unprocessable("game_over", "the game is over: no move to hint")
	case seat != nil && *seat != toMove:
		return unprocessable("not_your_turn", "seat %d is not to move (seat %d is): hints are for the seat to move", *seat, toMove)
	}
	res, err := s.rank(r.Context(), wk, v, spec, top, think, randSource{g.seed, streamChoose | ply})
	done()
	if err != nil {
		return err
	}
	res.Game = g.info.Game
	if legal >= 0 {
		res.LegalMoves = &legal
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

// topParam reads the query parameter top: DefaultTop when absent, else
// 1 to MaxTop.
func topParam(v string) (int, error) {
	if v == "" {
		return DefaultTop, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > MaxTop {
		return 0, badRequest("top=%q: want 1 to %d", v, MaxTop)
	}
	return n, nil
}

// rank lists the top moves of v, the worker's view of the position for
// the seat to move, as player spec ranks them within think: its own
// ranking when it is a search.Ranker, else greedy's with its choice
// marked (and listed even below the top).
func (s *Server) rank(ctx context.Context, wk *worker, v game.State, spec string, top int, think thinking, rs randSource) (*HintResult, error) {
	p, err := wk.player(spec)
	if err != nil {
		return nil, unprocessable("unknown_player", "player %q: %s", spec, userMessage(err))
	}
	tctx, cancel := think.context(ctx)
	defer cancel()
	start := time.Now()
	res := &HintResult{Seat: v.ToMove(), Player: spec, RankedBy: spec}
	var cands []search.Candidate
	var choice game.Move
	switch rk := p.(type) {
	case topRanker:
		cands, err = rk.RankTop(tctx, v, top, nil)
	case search.Ranker:
		cands, err = rk.Rank(tctx, v, nil)
	default:
		if choice, err = p.Choose(tctx, v, rs.rand()); err == nil {
			res.RankedBy = "greedy"
			cands, err = search.Greedy{}.Rank(tctx, v, nil)
		}
	}
	res.ThinkMS = float64(time.Since(start).Microseconds()) / 1000
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.Is(err, search.ErrNoMove):
		return nil, unprocessable("no_move", "no legal move to hint")
	case err != nil && isContextErr(err):
		return nil, unprocessable("no_move_in_time", "player %s ranked no move within %v", spec, think.think)
	case err != nil:
		return nil, unprocessable("player_failed", "player %s: %s", spec, userMessage(err))
	}
	res.Rack = handText(v, v.ToMove())
	res.Moves = []HintMove{}
	for i, c := range cands {
		chosen := !choice.IsZero() && c.Move == choice
		if i >= top && !chosen {
			continue
		}
		val := c.Value()
		hm := HintMove{Rank: i + 1, Chosen: chosen, MoveInfo: describe(v, c.Move, v.ToMove())}
		hm.Equity, _ = val.Number()
		if val.Outcome == search.Win || val.Outcome == search.Loss {
			hm.Assumes, val.Assumes = val.Assumes, ""
		}
		hm.Value = val.String()
		if c.WinKnown {
			hm.Win, hm.WinLow, hm.WinHigh = &c.Win, &c.WinLo, &c.WinHi
		}
		res.Moves = append(res.Moves, hm)
	}
	return res, nil
}

func (s *Server) positionHint(w http.ResponseWriter, r *http.Request) error {
	var req PositionHintRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	spec, err := game.Lookup(req.Game)
	if err != nil {
		return unprocessable("unknown_game", "game %q: unknown (known: %s)", req.Game, strings.Join(game.Names(), ", "))
	}
	top := req.Top
	switch {
	case top == 0:
		top = DefaultTop
	case top < 0 || top > MaxTop:
		return badRequest("top %d: want 0 (the default, %d) to %d", req.Top, DefaultTop, MaxTop)
	}
	if strings.TrimSpace(req.Position) == "" {
		return badRequest("position: required, in the game's text format (%s)", cmp.Or(spec.PositionFormat, "none"))
	}
	if req.Variant != "" {
		return badRequest("variant: the position gives the rules; leave variant out")
	}
	think, err := s.think(req.Budget)
	if err != nil {
		return err
	}
	r = think.arrived(r)
	player := cmp.Or(req.Player, hinterOf(req.Game))
	if err := checkPlayer(player); err != nil {
		return err
	}
	lx, err := s.lexicons.get(req.Lexicon)
	if err != nil {
		return err
	}
	seed := uint64(1)
	if req.Seed != nil {
		seed = uint64(*req.Seed)
	}
	pos, err := positionOf(spec, lx, req.Position, randSource{seed, game.DealStream}.rand())
	if err != nil {
		return err
	}
	st := pos.State
	mover := st.ToMove()
	switch {
	case st.Over():
		return unprocessable("game_over", "the position's game is over: no move to hint")
	case mover < len(pos.Dealt) && pos.Dealt[mover]:
		return unprocessable("bad_position", "position: it does not give the rack or hand of seat %d, to move: a hint would rest on made-up tiles", mover)
	}
	wk, done, err := s.pool.hold(r.Context())
	if err != nil {
		return err
	}
	defer done()
	v := wk.view(st, randSource{seed, streamHintView})
	res, err := s.rank(r.Context(), wk, v, player, top, think, randSource{seed, streamChoose})
	done()
	if err != nil {
		return err
	}
	res.Game = req.Game
	out := PositionHintResult{HintResult: *res, Position: viewOf(st, mover), Warnings: pos.Warnings}
	writeJSON(w, http.StatusOK, out)
	return nil
}
