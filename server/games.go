package server

import (
	"context"
	"errors"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"wordengine/game"
	"wordengine/search"
)

// Human is the player name of a seat whose moves come from /moves.
const Human = "human"

// DefaultPlayer is the computer player used when neither the request nor
// the seat names one.
const DefaultPlayer = "static"

// randSource is a seeded random stream: all the randomness of a game
// derives from its seed, so a seed and the same requests give the same
// game.
type randSource struct{ seed, stream uint64 }

func (r randSource) rand() *rand.Rand { return rand.New(rand.NewPCG(r.seed, r.stream)) }

// The streams of a game's seed: the deal, then per ply the computer's
// view and choice and the hint's view.
const (
	streamDeal     = 0
	streamView     = 1 << 32
	streamChoose   = 2 << 32
	streamHintView = 3 << 32
)

// isContextErr reports whether err is a cancellation or deadline.
func isContextErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// pkgPrefix matches the "name: " prefixes that Go errors start with.
var pkgPrefix = regexp.MustCompile(`^([a-z][a-z0-9]*: )+`)

// userMessage returns err's message without the leading "package: "
// prefixes, which name code rather than what the user did.
func userMessage(err error) string { return pkgPrefix.ReplaceAllString(err.Error(), "") }

// namesFile reports whether an option list ("key=value,..." or a player
// spec "name:key=value,...") has a value naming an existing file or
// directory on the server. No request may name one: a game's variant
// (tiles=FILE) or a player's option (leaves=FILE) would read it.
func namesFile(options string) bool {
	_, opts, _ := strings.Cut(options, ":")
	if !strings.Contains(options, ":") {
		opts = options
	}
	for kv := range strings.SplitSeq(opts, ",") {
		_, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = kv
		}
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		if _, err := os.Lstat(v); err == nil {
			return true
		}
	}
	return false
}

// errNamesFile is the answer to a request whose options name a file.
func errNamesFile(what, options string) error {
	return unprocessable("names_file", "%s %q: options may not name a file on the server", what, options)
}

// isFileError reports whether err comes from opening a file, which a
// request's options tried to name.
func isFileError(err error) bool {
	_, ok := errors.AsType[*fs.PathError](err)
	return ok
}

// checkPlayer returns the player of spec made for validation, or a 422
// naming the problem.
func checkPlayer(spec string) error {
	if namesFile(spec) {
		return errNamesFile("player", spec)
	}
	if _, err := search.New(spec); err != nil {
		if isFileError(err) {
			return errNamesFile("player", spec)
		}
		return unprocessable("unknown_player", "player %q: %s", spec, userMessage(err))
	}
	return nil
}

// seatParam reads the query parameter seat: nil when absent (a
// spectator), else a seat from 0 to seats-1 (400 otherwise).
func seatParam(r *http.Request, seats int) (*int, error) {
	v := r.URL.Query().Get("seat")
	if v == "" {
		return nil, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n >= seats {
		return nil, badRequest("seat=%q: want a seat from 0 to %d", v, seats-1)
	}
	return &n, nil
}

// lookup returns the game of the request's {id}, in use until release.
func (s *Server) lookup(r *http.Request) (*held, error) {
	id := r.PathValue("id")
	g := s.games.acquire(id)
	if g == nil {
		return nil, errorf(http.StatusNotFound, "unknown_game_id", "no game %q: it never existed, or expired after %v unused, or was dropped to make room", id, s.cfg.IdleTTL)
	}
	return g, nil
}

func (s *Server) createGame(w http.ResponseWriter, r *http.Request) error {
	var req CreateRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	if req.Record != "" {
		return unprocessable("no_records", "record: this server does not resume records yet")
	}
	st, info, seed, err := s.newGame(&req)
	if err != nil {
		return err
	}
	seat, err := seatParam(r, info.Seats)
	if err != nil {
		return err
	}
	g, err := s.hold(st, info, seed, nil)
	if err != nil {
		return err
	}
	defer s.games.release(g)
	if err := s.countLegal(r.Context(), g, seat, nil); err != nil {
		return err
	}
	g.mu.Lock()
	v := s.gameView(g, seat)
	g.mu.Unlock()
	w.Header().Set("Location", "/v1/games/"+g.id)
	writeJSON(w, http.StatusCreated, v)
	return nil
}

// newGame starts the game req asks for.
func (s *Server) newGame(req *CreateRequest) (game.State, GameInfo, uint64, error) {
	var info GameInfo
	spec, err := game.Lookup(req.Game)
	if err != nil {
		return nil, info, 0, unprocessable("unknown_game", "game %q: unknown (known: %s)", req.Game, strings.Join(game.Names(), ", "))
	}
	if req.Seats < 0 || req.Seats > maxProbeSeats {
		return nil, info, 0, badRequest("seats %d: want 0 (the game's default) to %d", req.Seats, maxProbeSeats)
	}
	if namesFile(req.Variant) {
		return nil, info, 0, errNamesFile("variant", req.Variant)
	}
	lx, err := s.lexicons.get(req.Lexicon)
	if err != nil {
		return nil, info, 0, err
	}
	seed := uint64(0)
	if req.Seed != nil {
		seed = uint64(*req.Seed)
	} else {
		seed = rand.Uint64()
	}
	st, err := spec.New(game.Config{Lexicon: lx, Players: req.Seats, Variant: req.Variant, Rand: randSource{seed, streamDeal}.rand()})
	if err != nil {
		if isFileError(err) {
			return nil, info, 0, errNamesFile("variant", req.Variant)
		}
		return nil, info, 0, unprocessable("bad_game", "game %s: %s", req.Game, userMessage(err))
	}
	info = GameInfo{Game: req.Game, Variant: req.Variant, Lexicon: lexiconName(req.Lexicon), Seats: st.Players()}
	if info.Players, err = seatPlayers(req.Players, info.Seats); err != nil {
		return nil, info, 0, err
	}
	return st, info, seed, nil
}

// lexiconName is the name a game shows for the lexicon asked for.
func lexiconName(name string) string {
	if name == "" || name == "default" {
		return "en"
	}
	return name
}

// seatPlayers checks the players of a new game: none (every seat human)
// or one per seat, each "human" or a player spec.
func seatPlayers(players []string, seats int) ([]string, error) {
	out := make([]string, seats)
	for i := range out {
		out[i] = Human
	}
	if len(players) == 0 {
		return out, nil
	}
	if len(players) != seats {
		return nil, unprocessable("bad_players", "players: %d given for %d seats (one per seat, \"human\" or a player spec)", len(players), seats)
	}
	for i, p := range players {
		p = strings.TrimSpace(p)
		if p == "" || p == Human {
			continue
		}
		if err := checkPlayer(p); err != nil {
			return nil, prefixed("players["+strconv.Itoa(i)+"]: ", err)
		}
		out[i] = p
	}
	return out, nil
}

// hold holds st as a new game with the moves played so far, compacted
// (its legal moves are counted on a worker when a view needs them, so
// that st itself gets no move generator).
func (s *Server) hold(st game.State, info GameInfo, seed uint64, history []PlayedMove) (*held, error) {
	compact(st)
	g := &held{id: newID(), info: info, seed: seed, turn: make(chan struct{}, 1),
		state: st, history: history, legal: -1}
	if err := s.games.add(g); err != nil {
		return nil, err
	}
	s.games.acquire(g.id)
	return g, nil
}

// countLegal makes g.legal the number of legal moves of the player to
// move, when seat is that player and the number is not known yet,
// counting them on a copy of wk (nil: a worker of the pool).
func (s *Server) countLegal(ctx context.Context, g *held, seat *int, wk *worker) error {
	g.mu.Lock()
	need := seat != nil && *seat == g.state.ToMove() && !g.state.Over() && g.legal < 0
	g.mu.Unlock()
	if !need {
		return nil
	}
	if wk == nil {
		var err error
		if wk, err = s.pool.acquire(ctx); err != nil {
			return err
		}
		defer s.pool.release(wk)
	}
	g.mu.Lock()
	t, ply := wk.truth(g.state), len(g.history)
	g.mu.Unlock()
	n := wk.countMoves(t)
	g.mu.Lock()
	if len(g.history) == ply {
		g.legal = n
	}
	g.mu.Unlock()
	return nil
}

func (s *Server) getGame(w http.ResponseWriter, r *http.Request) error {
	g, err := s.lookup(r)
	if err != nil {
		return err
	}
	defer s.games.release(g)
	seat, err := seatParam(r, g.info.Seats)
	if err != nil {
		return err
	}
	if err := s.countLegal(r.Context(), g, seat, nil); err != nil {
		return err
	}
	g.mu.Lock()
	v := s.gameView(g, seat)
	g.mu.Unlock()
	writeJSON(w, http.StatusOK, v)
	return nil
}

func (s *Server) postMove(w http.ResponseWriter, r *http.Request) error {
	var req MoveRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	g, err := s.lookup(r)
	if err != nil {
		return err
	}
	defer s.games.release(g)
	if req.Seat == nil {
		return badRequest("seat: required (the seat making the move)")
	}
	if *req.Seat < 0 || *req.Seat >= g.info.Seats {
		return badRequest("seat %d: want a seat from 0 to %d", *req.Seat, g.info.Seats-1)
	}
	if strings.TrimSpace(req.Move) == "" {
		return badRequest("move: required, in the game's notation")
	}
	return s.change(w, r, g, req.Seat, func(ctx context.Context, wk *worker, t game.State) (game.Move, string, time.Duration, error) {
		m, err := t.ParseMove(req.Move)
		if err != nil {
			return m, "", 0, unprocessable("illegal_move", "move %q: %s", req.Move, userMessage(err))
		}
		return m, Human, 0, nil
	})
}

func (s *Server) postComputer(w http.ResponseWriter, r *http.Request) error {
	var req ComputerRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	think, err := s.think(req.Budget)
	if err != nil {
		return err
	}
	g, err := s.lookup(r)
	if err != nil {
		return err
	}
	defer s.games.release(g)
	if req.Seat != nil && (*req.Seat < 0 || *req.Seat >= g.info.Seats) {
		return badRequest("seat %d: want a seat from 0 to %d", *req.Seat, g.info.Seats-1)
	}
	if req.Player != "" {
		if err := checkPlayer(req.Player); err != nil {
			return err
		}
	}
	return s.change(w, r, g, req.Seat, func(ctx context.Context, wk *worker, t game.State) (game.Move, string, time.Duration, error) {
		spec := req.Player
		if spec == "" {
			if spec = g.info.Players[t.ToMove()]; spec == Human {
				spec = DefaultPlayer
			}
		}
		p, err := wk.player(spec)
		if err != nil {
			return game.Move{}, "", 0, unprocessable("unknown_player", "player %q: %s", spec, userMessage(err))
		}
		ply := uint64(len(g.history))
		g.mu.Lock()
		v := wk.view(g.state, randSource{g.seed, streamView | ply})
		g.mu.Unlock()
		tctx, cancel := context.WithTimeout(ctx, think)
		defer cancel()
		start := time.Now()
		m, err := p.Choose(tctx, v, randSource{g.seed, streamChoose | ply}.rand())
		took := time.Since(start)
		switch {
		case ctx.Err() != nil:
			return m, "", took, ctx.Err()
		case errors.Is(err, search.ErrNoMove):
			return m, "", took, unprocessable("no_move", "player %s: no legal move", spec)
		case err != nil && isContextErr(err):
			return m, "", took, unprocessable("no_move_in_time", "player %s found no move within %v", spec, think)
		case err != nil:
			return m, "", took, unprocessable("player_failed", "player %s: %s", spec, userMessage(err))
		}
		return m, spec, took, nil
	})
}

// chooser returns the move to play on the worker's copy t of the true
// position, who chose it, and the thinking time.
type chooser func(ctx context.Context, wk *worker, t game.State) (m game.Move, player string, took time.Duration, err error)

// change plays on g the move choose returns, for the seat to move
// (which must be seat when seat is given), and answers the move and the
// game after it as seat (or the query's seat=) sees it. Changes of one
// game happen one at a time; each runs on a worker's copy of the
// position, and the game takes the position back without the copy's
// scratch memory.
func (s *Server) change(w http.ResponseWriter, r *http.Request, g *held, seat *int, choose chooser) error {
	ctx := r.Context()
	viewSeat := seat
	if q, err := seatParam(r, g.info.Seats); err != nil {
		return err
	} else if q != nil {
		viewSeat = q
	}
	if err := g.lock(ctx); err != nil {
		return err
	}
	defer g.unlock()
	wk, err := s.pool.acquire(ctx)
	if err != nil {
		return err
	}
	defer s.pool.release(wk)
	g.mu.Lock()
	over, toMove := g.state.Over(), g.state.ToMove()
	var t game.State
	if !over && (seat == nil || *seat == toMove) {
		t = wk.truth(g.state)
	}
	g.mu.Unlock()
	switch {
	case over:
		return unprocessable("game_over", "the game is over: no more moves")
	case seat != nil && *seat != toMove:
		return unprocessable("not_your_turn", "seat %d is not to move (seat %d is)", *seat, toMove)
	}
	m, player, took, err := choose(ctx, wk, t)
	if err != nil {
		return err
	}
	pm := PlayedMove{Ply: len(g.history) + 1, Seat: toMove, Move: t.FormatMove(m), Score: t.MoveScore(m), Player: player}
	t.Play(m)
	g.mu.Lock()
	g.state = takeBack(g.state, t)
	g.history = append(g.history, pm)
	g.legal = -1 // counted when a view asks for it
	res := MoveResult{ThinkMS: float64(took.Microseconds()) / 1000, Game: s.gameView(g, viewSeat)}
	res.Played = visibleMove(g.state, pm, viewSeat)
	g.mu.Unlock()
	writeJSON(w, http.StatusOK, res)
	return nil
}

// takeBack makes the held position old equal to the worker's copy t and
// returns it: old itself, copied into (game.Copier), which keeps old free
// of t's move generator, else a clone of t; compacted.
func takeBack(old, t game.State) game.State {
	held := old
	if c, ok := old.(game.Copier); !ok || !c.CopyFrom(t) {
		held = t.Clone()
	}
	compact(held)
	return held
}

// compact gives back the memory a held position keeps for speed
// (game.Compacter).
func compact(s game.State) {
	if c, ok := s.(game.Compacter); ok {
		c.Compact()
	}
}
