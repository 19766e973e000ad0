package server

import (
	"cmp"
	"context"
	"errors"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"wordengine/game"
	"wordengine/search"
)

// Human is the player name of a seat whose moves come from /moves.
const Human = "human"

// DefaultPlayer is the computer player used when neither the request,
// the seat nor the game (game.Spec.Computer) names one.
const DefaultPlayer = "static"

// computerOf returns the default computer player of game name.
func computerOf(name string) string {
	spec, _ := game.Lookup(name)
	return cmp.Or(spec.Computer, DefaultPlayer)
}

// hinterOf returns the default hint player of game name.
func hinterOf(name string) string {
	spec, _ := game.Lookup(name)
	return cmp.Or(spec.Hinter, spec.Computer, DefaultPlayer)
}

// randSource is a seeded random stream: all the randomness of a game
// derives from its seed, so a seed and the same requests give the same
// game.
type randSource struct{ seed, stream uint64 }

func (r randSource) rand() *rand.Rand { return rand.New(rand.NewPCG(r.seed, r.stream)) }

// The streams of a game's seed: the deal (game.DealStream), then per ply
// the computer's view and choice and the hint's view.
const (
	streamView     = 1 << 32
	streamChoose   = 2 << 32
	streamHintView = 3 << 32
)

// isContextErr reports whether err is a cancellation or deadline.
func isContextErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// errorPackages are the module's packages whose names its errors carry
// ("illegal move: crossword: bad position").
var errorPackages = map[string]bool{"game": true, "crossword": true, "lexicon": true, "search": true,
	"eval": true, "sim": true, "endgame": true, "analysis": true, "textpos": true, "option": true}

// userMessage returns err's message without the "package: " parts, which
// name code rather than what the user did: the module's packages and the
// registered games, wherever they stand ("wordblock: move: lexicon:
// cannot split" is "move: cannot split"); the words of the message stay.
func userMessage(err error) string {
	parts := strings.Split(err.Error(), ": ")
	out := parts[:0]
	for i, p := range parts {
		if _, err := game.Lookup(p); i < len(parts)-1 && (errorPackages[p] || err == nil) {
			continue
		}
		out = append(out, p)
	}
	return strings.Join(out, ": ")
}

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

// fileOptions returns the keys of spec's variant options that name a file
// (game.Option Values "FILE").
func fileOptions(spec game.Spec) map[string]bool {
	keys := map[string]bool{}
	for _, o := range spec.Variants {
		if strings.EqualFold(strings.TrimSpace(o.Values), "FILE") {
			keys[o.Key] = true
		}
	}
	return keys
}

// variantNamesFile reports whether an option list of spec's game names a
// file: an option the game reads from a file, whatever its value, or any
// value that names an existing file.
func variantNamesFile(spec game.Spec, variant string) bool {
	keys := fileOptions(spec)
	for kv := range strings.SplitSeq(variant, ",") {
		k, _, _ := strings.Cut(kv, "=")
		if keys[strings.TrimSpace(k)] {
			return true
		}
	}
	return namesFile(variant)
}

// textNamesFile reports whether a text of spec's game (a position, a
// record's start) holds an option that names a file, as a position's
// variant line may (pieces=FILE).
func textNamesFile(spec game.Spec, text string) bool {
	sep := func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == ';' || r == ',' }
	for _, tok := range strings.FieldsFunc(text, sep) {
		if strings.Contains(tok, "=") && variantNamesFile(spec, tok) {
			return true
		}
	}
	return false
}

// mentionsFile reports whether err is about a file the request's options
// tried to name: opening it failed (reported as such, or only in words).
func mentionsFile(err error) bool {
	if isFileError(err) || errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return true
	}
	msg := err.Error()
	for _, s := range []string{"no such file", "permission denied", "is a directory", "is a folder, want a file", "no permission to read it"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// errNamesFile is the answer to a request whose options name a file.
func errNamesFile(what, options string) error {
	if options == "" {
		return unprocessable("names_file", "%s: options may not name a file on the server", what)
	}
	return unprocessable("names_file", "%s %q: options may not name a file on the server", what, options)
}

// isFileError reports whether err comes from opening a file, which a
// request's options tried to name.
func isFileError(err error) bool {
	_, ok := errors.AsType[*fs.PathError](err)
	return ok
}

// checkPlayer returns nil when spec is a player spec a request may use,
// else a 422 naming the problem.
func checkPlayer(spec string) error {
	// The name before the colon names a player, never a file, even where
	// the working directory holds a file of that name; its options may.
	_, opts, _ := strings.Cut(spec, ":")
	if namesFile(opts) {
		return errNamesFile("player", spec)
	}
	if goodSpecs.has(spec) {
		return nil
	}
	if _, err := search.New(spec); err != nil {
		if mentionsFile(err) {
			return errNamesFile("player", spec)
		}
		return unprocessable("unknown_player", "player %q: %s", spec, userMessage(err))
	}
	goodSpecs.add(spec)
	return nil
}

// specSet is a bounded set of player specs search.New accepted: whether
// it accepts one depends on the spec alone (the players are registered
// at start, and a spec that names a file is refused before), so a spec
// is made once, not at every request that names it.
type specSet struct {
	mu    sync.Mutex
	specs map[string]bool
}

// maxGoodSpecs bounds the specs remembered; one more empties the set.
const maxGoodSpecs = 1024

var goodSpecs specSet

func (s *specSet) has(spec string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.specs[spec]
}

func (s *specSet) add(spec string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.specs == nil || len(s.specs) >= maxGoodSpecs {
		s.specs = map[string]bool{}
	}
	s.specs[spec] = true
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
	var rec *game.Record
	if req.Record != "" {
		var err error
		if rec, err = readRecord(req.Record); err != nil {
			return err
		}
		if req.Game != "" && req.Game != rec.Game {
			return unprocessable("bad_record", "game %q: the record is a game of %s", req.Game, rec.Game)
		}
		if req.Variant != "" || req.Seats != 0 || req.Seed != nil {
			return badRequest("record: the record gives the variant, seats and seed; give only players and lexicon with it")
		}
		req.Game, req.Variant, req.Seats = rec.Game, rec.Variant, len(rec.Players)
		seed := Seed(rec.Seed)
		req.Seed = &seed
		if req.Lexicon == "" {
			req.Lexicon = rec.Lexicon
		}
		if len(req.Players) == 0 {
			for _, p := range rec.Players {
				req.Players = append(req.Players, cmp.Or(p.Player, Human))
			}
		}
	}
	start := ""
	if rec != nil {
		start = rec.Start
	}
	st, info, seed, err := s.newGame(&req, start)
	if err != nil {
		return err
	}
	seat, err := seatParam(r, info.Seats)
	if err != nil {
		return err
	}
	var history []played
	if rec != nil {
		if history, err = replay(st, rec, info.Players); err != nil {
			return err
		}
	}
	g, err := s.hold(st, info, seed, history)
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

// newGame starts the game req asks for: dealt from its seed
// (game.Deal), or set up from start, a position in the game's text
// format.
func (s *Server) newGame(req *CreateRequest, start string) (game.State, GameInfo, uint64, error) {
	var info GameInfo
	spec, err := game.Lookup(req.Game)
	if err != nil {
		return nil, info, 0, unprocessable("unknown_game", "game %q: unknown (known: %s)", req.Game, strings.Join(game.Names(), ", "))
	}
	if lo, hi := spec.Players(); req.Seats != 0 && (req.Seats < lo || req.Seats > hi) {
		return nil, info, 0, unprocessable("bad_game", "seats %d: %s takes %d to %d players", req.Seats, req.Game, lo, hi)
	}
	if variantNamesFile(spec, req.Variant) {
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
	if textNamesFile(spec, start) {
		return nil, info, 0, errNamesFile("record: the start position", "")
	}
	st, err := game.Deal(spec, game.Config{Lexicon: lx, Players: req.Seats, Variant: req.Variant}, seed, start)
	if err != nil {
		if mentionsFile(err) {
			return nil, info, 0, errNamesFile("variant", req.Variant)
		}
		return nil, info, 0, unprocessable("bad_game", "game %s: %s", req.Game, userMessage(err))
	}
	info = GameInfo{Game: req.Game, Variant: req.Variant, Lexicon: publicLexicon(spec, req.Lexicon), Seats: st.Players()}
	if info.Players, err = seatPlayers(req.Players, info.Seats); err != nil {
		return nil, info, 0, err
	}
	return st, info, seed, nil
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
		return nil, unprocessable("bad_players", "players: %d given for %s (one per seat, \"human\" or a player spec)", len(players), game.Plural(seats, "seat"))
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
// that st itself gets no move generator), in use by the caller until
// s.games.release.
func (s *Server) hold(st game.State, info GameInfo, seed uint64, history []played) (*held, error) {
	compact(st)
	g := &held{id: newID(), info: info, seed: seed, turn: make(chan struct{}, 1),
		state: st, history: history, legal: -1, resigned: -1}
	if err := s.games.add(g); err != nil {
		return nil, err
	}
	return g, nil
}

// countLegal makes g.legal the number of legal moves of the player to
// move, when seat is that player and the number is not known yet,
// counting them on a copy of wk (nil: a worker of the pool).
func (s *Server) countLegal(ctx context.Context, g *held, seat *int, wk *worker) error {
	g.mu.Lock()
	need := seat != nil && *seat == g.state.ToMove() && !g.over() && g.legal < 0
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
	if strings.TrimSpace(req.Move) == "" && strings.TrimSpace(req.Input) == "" {
		return badRequest("move: required, in the game's notation (or input: as a person types it)")
	}
	return s.change(w, r, g, req.Seat, func(ctx context.Context, wk *worker, t game.State) (game.Move, string, time.Duration, error) {
		if isResign(&req) {
			m, ok := game.ResignMove(t)
			if !ok {
				return game.Move{}, Human, 0, errResigned
			}
			return m, Human, 0, nil
		}
		m, err := parseMove(t, &req)
		return m, Human, 0, err
	})
}

// isResign reports whether req asks to resign: its move or input is
// "resign". Every game takes it: the game's own resign move where it has
// one, else a resignation the server keeps (a word RESIGN is played with
// its cells).
func isResign(req *MoveRequest) bool {
	return strings.EqualFold(strings.TrimSpace(req.Move+req.Input), "resign")
}

// errResigned is a chooser's answer for a resignation in a game without
// a resign move: change records it instead of a move.
var errResigned = errors.New("resigned")

func (s *Server) postComputer(w http.ResponseWriter, r *http.Request) error {
	var req ComputerRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	think, err := s.think(req.Budget)
	if err != nil {
		return err
	}
	r = think.arrived(r)
	g, err := s.lookup(r)
	if err != nil {
		return err
	}
	defer s.games.release(g)
	if req.Seat != nil && (*req.Seat < 0 || *req.Seat >= g.info.Seats) {
		return badRequest("seat %d: want a seat from 0 to %d", *req.Seat, g.info.Seats-1)
	}
	if req.Level != nil {
		if req.Player != "" {
			return badRequest("player %q and level %d: give one of them", req.Player, *req.Level)
		}
		n, err := search.ParseLevel(strconv.Itoa(*req.Level))
		if err != nil {
			return badRequest("level %d: want a level from 1 (%s) to %d (%s)", *req.Level, search.LevelNames[0], search.Levels, search.LevelNames[search.Levels-1])
		}
		req.Player = search.LevelSpecOf(n)
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
				spec = computerOf(g.info.Game)
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
		tctx, cancel := think.context(ctx)
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
			return m, "", took, unprocessable("no_move_in_time", "player %s found no move within %v", spec, think.think)
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
	wk, done, err := s.pool.hold(ctx)
	if err != nil {
		return err
	}
	defer done()
	g.mu.Lock()
	over, toMove := g.over(), g.state.ToMove()
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
	if errors.Is(err, errResigned) {
		info := &game.MoveInfo{Move: "resign", Kind: "resign", Text: "resigned"}
		pm := played{seat: toMove, player: player, info: slices.Repeat([]*game.MoveInfo{info}, g.info.Seats+1), rack: handText(t, toMove), resignation: true}
		done()
		g.mu.Lock()
		g.resigned = toMove
		g.history = append(g.history, pm)
		res := MoveResult{Game: s.gameView(g, viewSeat)}
		res.Played = visibleMove(g.state, len(g.history)-1, pm, viewSeat)
		g.mu.Unlock()
		writeJSON(w, http.StatusOK, res)
		return nil
	}
	if err != nil {
		return err
	}
	pm := played{seat: toMove, player: player, info: describeAll(t, m), rack: handText(t, toMove)}
	t.Play(m)
	g.mu.Lock()
	g.state = takeBack(g.state, t)
	g.history = append(g.history, pm)
	g.legal = -1 // counted when a view asks for it
	done()       // the answer is made from the held game alone
	res := MoveResult{ThinkMS: float64(took.Microseconds()) / 1000, Game: s.gameView(g, viewSeat)}
	res.Played = visibleMove(g.state, len(g.history)-1, pm, viewSeat)
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

func (s *Server) postPreview(w http.ResponseWriter, r *http.Request) error {
	var req MoveRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	g, err := s.lookup(r)
	if err != nil {
		return err
	}
	defer s.games.release(g)
	if req.Seat == nil || *req.Seat < 0 || *req.Seat >= g.info.Seats {
		return badRequest("seat: required, a seat from 0 to %d (the seat to move)", g.info.Seats-1)
	}
	if strings.TrimSpace(req.Move) == "" && strings.TrimSpace(req.Input) == "" {
		return badRequest("move: required, in the game's notation (or input: as a person types it)")
	}
	wk, err := s.pool.acquire(r.Context())
	if err != nil {
		return err
	}
	defer s.pool.release(wk)
	g.mu.Lock()
	over, toMove := g.over(), g.state.ToMove()
	var t game.State
	if !over && *req.Seat == toMove {
		t = wk.truth(g.state)
	}
	g.mu.Unlock()
	switch {
	case over:
		return unprocessable("game_over", "the game is over: no more moves")
	case *req.Seat != toMove:
		return unprocessable("not_your_turn", "seat %d is not to move (seat %d is)", *req.Seat, toMove)
	}
	m, err := parseMove(t, &req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, PreviewResult{Move: describe(t, m, toMove)})
	return nil
}

func (s *Server) getCommand(w http.ResponseWriter, r *http.Request) error {
	g, err := s.lookup(r)
	if err != nil {
		return err
	}
	defer s.games.release(g)
	seat, err := seatParam(r, g.info.Seats)
	if err != nil {
		return err
	}
	if seat == nil {
		return badRequest("seat: required, the seat asking (a command tells it what it may see)")
	}
	wk, err := s.pool.acquire(r.Context())
	if err != nil {
		return err
	}
	defer s.pool.release(wk)
	g.mu.Lock()
	t := wk.truth(g.state)
	g.mu.Unlock()
	name := r.PathValue("name")
	out, err := runCommand(t, name, r.URL.Query().Get("arg"), *seat)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, CommandResult{Name: name, Output: out})
	return nil
}

func (s *Server) getRecord(w http.ResponseWriter, r *http.Request) error {
	g, err := s.lookup(r)
	if err != nil {
		return err
	}
	defer s.games.release(g)
	g.mu.Lock()
	text, format, err := record(g)
	g.mu.Unlock()
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, RecordResult{Game: g.info, Seed: Seed(g.seed), Format: format, Record: text})
	return nil
}
