// Package analysis annotates recorded games move by move: for each move,
// what the mover knew, the move played with its value and rank among the
// legal moves, the engine's best move and its value, the value lost, and
// in games with bingos whether one was available and missed; and per
// player, the moves, the best moves found, the total and mean value lost
// and the bingos missed. It is what a game-analysis tool (Quackle's,
// Macondo's, the annotations of Woogles) shows after a game.
//
// It works on every game through the contracts of package game and the
// players of package search: it never imports a game package. It sits
// under search because it is a client of the players, as the command
// and the server are clients of it: an analysis is a search run on each
// position of a game, not a tournament (package bench). A game's
// record reaches it as a Record, a replay that hands out each move with
// the position before it (the commands build them from GCG files and the
// other games' records).
//
// # What the mover knew
//
// The value of a move is judged on the mover's own view: a position whose
// hidden information (the opponent's rack and the bag in crossword games,
// hidden faces, other hands) is determinized for the mover
// (game.Determinizer) with a seed that depends only on Options.Seed, the
// record's name and the move's number, never on the true hidden state
// nor on the number of threads. A record that gives the mover's rack (GCG)
// hands it out in the position; the opponent's is drawn.
//
// # Values
//
// The player named by Options.Player values the moves. The static player
// ("static", the default) values a move by its static equity (score plus
// leave, eval.Static) and ranks it with search.Static.RankOf: one bounded
// generation of the plays that may reach the played move's equity
// (game.BoundedMover), whose rank equals the full enumeration's (a test
// of package search checks it). A player that ranks candidates
// (search.Ranker: "sim:...", "endgame") values the played move among its
// candidates: Includer players (the simulation) add it to them; for
// others a played move outside their list is valued by the static player
// and ranked after the list. A player that only chooses is compared by the
// static values of its choice and of the move played. The value lost is
// the best value minus the played move's, in points, never below 0; a
// won game counts WinPoints beyond its margin.
//
// A bingo (a game.State that reports IsBingo, crossword games) is
// available when some legal play uses the whole rack
// (search.Static.BestWholeRack), and missed when the move played is not
// one.
//
// # Threads
//
// Games analyses records on several goroutines, each with its own players
// and states; its results are in the records' order and the same whatever
// the number of threads.
package analysis

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"

	"gonum.org/v1/gonum/stat"

	"wordengine/game"
	"wordengine/search"
)

// Position is one move of a record with the position its mover faced, as
// a Record hands it out.
type Position struct {
	// State is the position before the move, the mover to move. It is
	// read during the call only: the analysis copies it.
	State game.State
	// Move is the move played, a move of State (it may be one the game's
	// rules reject, a phony, judged by Legal in the report); the zero
	// Move when the record does not say enough to rebuild it.
	Move game.Move
	// Text is the move as the record writes it, for reports.
	Text string
	// Where names the move in the record, "game.gcg:12".
	Where string
	// Skip, when not "", says why the move is not analysed ("the rack is
	// not recorded").
	Skip string
	// Withdrawn reports that the play was taken back (a phony challenged
	// off): the mover scored nothing for the turn.
	Withdrawn bool
	// Observed reports that State is already the mover's own view, with
	// nothing hidden left to draw: it is not determinized.
	Observed bool
}

// Record is a recorded game to analyse.
type Record struct {
	// Name names the record in reports (its file).
	Name string
	// Game is the game and variant, "scrabble" or "upwords variant=...".
	Game string
	// Players holds the players' names by seat.
	Players []string
	// Moves is the number of moves, for progress (0: not known).
	Moves int
	// Replay calls fn with each move of the game in order and returns the
	// final scores (computed by the rules) and how the game ended, or the
	// error that stopped the replay (fn's own error included).
	Replay func(fn func(*Position) error) (final []int, end string, err error)
}

// Options configure an analysis.
type Options struct {
	// Player is the search spec of the player that values moves
	// ("static", "sim:plies=2,iterations=200", "endgame"); "" is static.
	Player string
	// Seed seeds the determinizations (the same seed, the same analysis).
	Seed uint64
	// Progress, when not nil, is called after each move analysed or
	// skipped (from the goroutine that analysed it).
	Progress func()
	// Done, when not nil, is called with each record's report when its
	// analysis ends (from the goroutine that analysed it).
	Done func(*Report)
}

// MoveReport is the analysis of one move.
type MoveReport struct {
	// Turn numbers the moves of the game from 1.
	Turn int `json:"turn"`
	// Where names the move in the record.
	Where string `json:"where"`
	// Seat is the mover (0-based); Player its name.
	Seat   int    `json:"seat"`
	Player string `json:"player"`
	// Knew is what the mover held that the others could not see: the
	// rack (game.Racker), or the hand of the mover's own view
	// (game.SeatViewer); "" in a game without either.
	Knew string `json:"knew,omitempty"`
	// Scores are the scores before the move.
	Scores []int `json:"scores"`
	// Played is the move played in the game's notation, with its score
	// and value (points, Options.Player's valuation).
	Played      string  `json:"played"`
	PlayedScore int     `json:"played_score"`
	PlayedValue float64 `json:"played_value"`
	// Legal is false for a move the rules reject (a phony).
	Legal bool `json:"legal"`
	// Withdrawn: the play was challenged off.
	Withdrawn bool `json:"withdrawn,omitempty"`
	// Rank is the played move's place among the legal moves by the
	// player's valuation, moves of equal value sharing a place: 1 plus
	// the number of moves valued higher (1: a best move); 0 for a move
	// that is not legal.
	Rank int `json:"rank"`
	// Best is the player's best move, with its score and value.
	Best      string  `json:"best"`
	BestScore int     `json:"best_score"`
	BestValue float64 `json:"best_value"`
	// Lost is BestValue - PlayedValue, at least 0.
	Lost float64 `json:"lost"`
	// Bingo is the best bingo available ("" none) and BingoValue its
	// value (the player's when it is the move played or the best move,
	// else its static equity); Missed reports that one was available and
	// the move played is not one.
	Bingo      string  `json:"bingo,omitempty"`
	BingoValue float64 `json:"bingo_value,omitempty"`
	Missed     bool    `json:"missed_bingo,omitempty"`
	// Skipped says why the move was not analysed ("" when it was).
	Skipped string `json:"skipped,omitempty"`
}

// PlayerReport sums up one player's moves.
type PlayerReport struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	// Moves counts the analysed moves; Best those that were a best move
	// (rank 1: none valued higher).
	Moves int `json:"moves"`
	Best  int `json:"best"`
	// Lost is the total value lost, MeanLost per analysed move (points).
	Lost     float64 `json:"lost"`
	MeanLost float64 `json:"mean_lost"`
	// Bingos counts the moves with a bingo available; Missed those where
	// it was not played; Played the bingos played.
	Bingos int `json:"bingos_available"`
	Missed int `json:"bingos_missed"`
	Played int `json:"bingos_played"`
	// Phonies counts the moves the rules reject.
	Phonies int `json:"phonies"`
}

// Report is the analysis of one record.
type Report struct {
	Name   string `json:"name"`
	Game   string `json:"game"`
	Player string `json:"player"`
	// Moves holds every move of the record, analysed or skipped.
	Moves   []MoveReport   `json:"moves"`
	Players []PlayerReport `json:"players"`
	// Final holds the final scores the rules give, End how the game ended.
	Final []int  `json:"final,omitempty"`
	End   string `json:"end,omitempty"`
	// Analysed counts the moves analysed (not skipped).
	Analysed int `json:"analysed"`
	// Error is what stopped the analysis ("" when it ran to the end); the
	// moves before it are kept.
	Error string `json:"error,omitempty"`
}

// bingoer is implemented by games whose plays of a full rack earn a
// bingo bonus (crossword games).
type bingoer interface {
	IsBingo(m game.Move) bool
}

// Includer is a search.Ranker that can be told moves to rank among its
// candidates (the simulation ranks only the best moves by static equity;
// the analysis needs the move played among them).
type Includer interface {
	RankWith(ctx context.Context, s game.State, include []game.Move, dst []search.Candidate) ([]search.Candidate, error)
}

// Analyzer analyses records on one goroutine: it keeps its players and a
// view of the position per game between moves. Use one per goroutine
// (Games makes them).
type Analyzer struct {
	opts   Options
	player search.Player
	static *search.Static
	views  map[string]game.State
	cands  []search.Candidate
	// bestMove is the best move of the move being analysed (value).
	bestMove game.Move
}

// New returns an analyzer for opts. The error names a player spec that
// search.New rejects.
func New(opts Options) (*Analyzer, error) {
	if opts.Player == "" {
		opts.Player = "static"
	}
	p, err := search.New(opts.Player)
	if err != nil {
		return nil, err
	}
	st, err := search.NewStatic("")
	if err != nil {
		return nil, err
	}
	if s, ok := p.(*search.Static); ok {
		st = s
	}
	return &Analyzer{opts: opts, player: p, static: st, views: map[string]game.State{}}, nil
}

// Analyse analyses record rec. It returns the report of the moves it got
// to and, when the replay or a player failed, an error naming the record
// (also in Report.Error). A cancelled ctx stops it after the move in
// progress.
func (a *Analyzer) Analyse(ctx context.Context, rec *Record) (*Report, error) {
	rep := &Report{Name: rec.Name, Game: rec.Game, Player: a.player.Name()}
	if a.opts.Player != "" {
		rep.Player = a.opts.Player
	}
	seats := 0
	final, end, err := rec.Replay(func(pos *Position) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		mr, err := a.move(ctx, rec, len(rep.Moves)+1, pos)
		if err != nil {
			return fmt.Errorf("%s: %w", pos.Where, err)
		}
		seats = max(seats, pos.State.Players())
		rep.Moves = append(rep.Moves, mr)
		if a.opts.Progress != nil {
			a.opts.Progress()
		}
		return nil
	})
	rep.Final, rep.End = final, end
	rep.Players = summarize(rep.Moves, rec.Players, max(seats, len(rec.Players)))
	for _, m := range rep.Moves {
		if m.Skipped == "" {
			rep.Analysed++
		}
	}
	if err != nil {
		if !strings.Contains(err.Error(), rec.Name) {
			err = fmt.Errorf("%s: %w", rec.Name, err)
		}
		rep.Error = err.Error()
	}
	if a.opts.Done != nil {
		a.opts.Done(rep)
	}
	return rep, err
}

// MoveSeed is the seed of the mover's view of move turn (from 1) of the
// record named name, under Options.Seed seed: the view is the position
// determinized for the mover with rand.New(rand.NewPCG(MoveSeed(...), 1)).
// It depends on nothing else, so a view can be rebuilt outside the
// analysis.
func MoveSeed(seed uint64, name string, turn int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return splitmix(seed ^ splitmix(h.Sum64()^uint64(turn)))
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// view returns the analyzer's copy of s, reusing the state it keeps for
// the game when the game can copy (game.Copier).
func (a *Analyzer) view(s game.State) game.State {
	if v, ok := a.views[s.Game()]; ok {
		if c, ok := v.(game.Copier); ok && c.CopyFrom(s) {
			return v
		}
	}
	v := s.Clone()
	a.views[s.Game()] = v
	return v
}

// WinPoints is what a won game is worth, in points, beyond its margin,
// in the values of games whose players value a game-ending move by its
// result (search.OnePlyValue and the searches add search.WinValue, far
// beyond any score): a move that throws a won game away then loses
// WinPoints plus the margin, not a number that would swamp every sum.
const WinPoints = 100

// points turns a value in milli-points into points, a won (lost) game's
// search.WinValue into WinPoints (-WinPoints).
func points(v int64) float64 {
	switch {
	case v > search.WinValue/2:
		return WinPoints + float64(v-search.WinValue)/1000
	case v < -search.WinValue/2:
		return -WinPoints + float64(v+search.WinValue)/1000
	}
	return float64(v) / 1000
}

// move analyses one move.
func (a *Analyzer) move(ctx context.Context, rec *Record, turn int, pos *Position) (MoveReport, error) {
	s := pos.State
	seat := s.ToMove()
	mr := MoveReport{Turn: turn, Where: pos.Where, Seat: seat, Played: pos.Text, Withdrawn: pos.Withdrawn}
	if seat < len(rec.Players) {
		mr.Player = rec.Players[seat]
	}
	for p := range s.Players() {
		mr.Scores = append(mr.Scores, s.Score(p))
	}
	if r, ok := s.(game.Racker); ok {
		mr.Knew = r.Alphabet().Format(r.Rack(nil, seat))
	} else if sv, ok := s.(game.SeatViewer); ok {
		mr.Knew = sv.SeatView(seat).HandText
	}
	switch {
	case pos.Skip != "":
		mr.Skipped = pos.Skip
		return mr, nil
	case pos.Move.IsZero():
		mr.Skipped = "the record does not give the move in full"
		return mr, nil
	case s.Over():
		mr.Skipped = "the game was over"
		return mr, nil
	}
	v := a.view(s)
	if d, ok := v.(game.Determinizer); ok && !pos.Observed {
		d.Determinize(seat, rand.New(rand.NewPCG(MoveSeed(a.opts.Seed, rec.Name, turn), 1)))
	}
	m := pos.Move
	mr.Played = v.FormatMove(m)
	mr.PlayedScore = v.MoveScore(m)
	valued := m
	if nm, ok := v.(game.NearMover); ok && pos.Withdrawn {
		// The turn amounted to a pass: the tiles went back to the rack.
		valued = nm.Pass()
		mr.Played += " (withdrawn)"
		mr.PlayedScore = 0
	}
	if err := a.value(ctx, v, valued, &mr); err != nil {
		return mr, err
	}
	if valued != m {
		mr.Legal = false
	}
	if b, ok := v.(bingoer); ok {
		switch {
		case mr.Legal && b.IsBingo(m):
			// A bingo played: available, not missed.
			mr.Bingo, mr.BingoValue = mr.Played, mr.PlayedValue
		case b.IsBingo(a.bestMove):
			// The best move is a bingo, so the best bingo.
			mr.Bingo, mr.BingoValue, mr.Missed = mr.Best, mr.BestValue, true
		default:
			best, found, err := a.static.BestWholeRack(ctx, v, b.IsBingo)
			if err != nil {
				return mr, err
			}
			if found {
				mr.Bingo, mr.BingoValue, mr.Missed = v.FormatMove(best.Move), points(best.Equity), true
			}
		}
	}
	mr.Lost = max(0, mr.BestValue-mr.PlayedValue)
	return mr, nil
}

// value fills in the played move's value and rank and the best move.
func (a *Analyzer) value(ctx context.Context, v game.State, m game.Move, mr *MoveReport) error {
	setBest := func(c search.Candidate) {
		a.bestMove = c.Move
		mr.Best, mr.BestScore, mr.BestValue = v.FormatMove(c.Move), c.Score, points(c.Equity)
	}
	if st, ok := a.player.(*search.Static); ok {
		r, err := st.RankOf(ctx, v, m)
		if err != nil {
			return err
		}
		mr.PlayedValue, mr.Legal = points(r.Move.Equity), r.Legal
		if r.Legal {
			mr.Rank = r.Better + 1
		}
		setBest(r.Best)
		return nil
	}
	// The static view of the move: its legality, and its value for
	// players that cannot value it.
	sr, err := a.static.RankOf(ctx, v, m)
	if err != nil {
		return err
	}
	mr.Legal = sr.Legal
	rk, ok := a.player.(search.Ranker)
	if !ok {
		best, err := a.player.Choose(ctx, v, rand.New(rand.NewPCG(0, 0)))
		if err != nil {
			return err
		}
		br, err := a.static.RankOf(ctx, v, best)
		if err != nil {
			return err
		}
		mr.PlayedValue = points(sr.Move.Equity)
		setBest(br.Move)
		if best == m {
			mr.Rank = 1
		}
		return nil
	}
	if inc, ok := a.player.(Includer); ok && sr.Legal {
		a.cands, err = inc.RankWith(ctx, v, []game.Move{m}, a.cands[:0])
	} else {
		a.cands, err = rk.Rank(ctx, v, a.cands[:0])
	}
	if err != nil {
		return err
	}
	if len(a.cands) == 0 {
		return search.ErrNoMove
	}
	setBest(a.cands[0])
	for _, c := range a.cands {
		if c.Move == m {
			mr.PlayedValue, mr.Rank = points(c.Equity), 1
			for _, d := range a.cands {
				if d.Equity > c.Equity {
					mr.Rank++
				}
			}
			return nil
		}
	}
	// Not among the player's candidates: after them, valued statically.
	mr.PlayedValue = points(sr.Move.Equity)
	if sr.Legal {
		mr.Rank = len(a.cands) + 1
	}
	return nil
}

// summarize sums up the moves by seat.
func summarize(moves []MoveReport, names []string, seats int) []PlayerReport {
	out := make([]PlayerReport, seats)
	for i := range out {
		out[i].Seat = i
		if i < len(names) {
			out[i].Name = names[i]
		}
	}
	for _, m := range moves {
		if m.Skipped != "" || m.Seat >= seats {
			continue
		}
		p := &out[m.Seat]
		p.Moves++
		if m.Rank == 1 {
			p.Best++
		}
		p.Lost += m.Lost
		if !m.Legal {
			p.Phonies++
		}
		if m.Bingo != "" {
			p.Bingos++
			if m.Missed {
				p.Missed++
			} else {
				p.Played++
			}
		}
	}
	for i := range out {
		if out[i].Moves > 0 {
			out[i].MeanLost = out[i].Lost / float64(out[i].Moves)
		}
	}
	return out
}

// Games analyses recs on threads goroutines (at least 1), each with an
// Analyzer of its own, and returns their reports in the order of recs
// (the same whatever threads), with the errors joined (each also in its
// report). A record that fails keeps the moves before the failure.
func Games(ctx context.Context, opts Options, threads int, recs []*Record) ([]*Report, error) {
	threads = max(1, min(threads, len(recs)))
	reports := make([]*Report, len(recs))
	errs := make([]error, len(recs))
	analyzers := make([]*Analyzer, threads)
	for i := range analyzers {
		an, err := New(opts)
		if err != nil {
			return nil, err
		}
		analyzers[i] = an
	}
	var next sync.Mutex
	k := 0
	var wg sync.WaitGroup
	for _, an := range analyzers {
		wg.Go(func() {
			for {
				next.Lock()
				i := k
				k++
				next.Unlock()
				if i >= len(recs) {
					return
				}
				reports[i], errs[i] = an.Analyse(ctx, recs[i])
			}
		})
	}
	wg.Wait()
	return reports, errors.Join(errs...)
}

// Spread sums up the mean value lost per player over many reports.
type Spread struct {
	// Players counts the players with at least one analysed move.
	Players int `json:"players"`
	// Min, Q1, Median, Q3 and Max are the quantiles of the mean value
	// lost per move of each player (points); Mean their mean.
	Min    float64 `json:"min"`
	Q1     float64 `json:"q1"`
	Median float64 `json:"median"`
	Q3     float64 `json:"q3"`
	Max    float64 `json:"max"`
	Mean   float64 `json:"mean"`
}

// LostSpread returns the spread of the mean value lost per player of
// reports (players with no analysed move left out).
func LostSpread(reports []*Report) Spread {
	var xs []float64
	for _, r := range reports {
		if r == nil {
			continue
		}
		for _, p := range r.Players {
			if p.Moves > 0 {
				xs = append(xs, p.MeanLost)
			}
		}
	}
	return spreadOf(xs)
}

// spreadOf returns the quantiles of xs (gonum's empirical quantile).
func spreadOf(xs []float64) Spread {
	sp := Spread{Players: len(xs)}
	if len(xs) == 0 {
		return sp
	}
	sort.Float64s(xs)
	q := func(p float64) float64 { return stat.Quantile(p, stat.Empirical, xs, nil) }
	sp.Min, sp.Q1, sp.Median, sp.Q3, sp.Max = xs[0], q(0.25), q(0.5), q(0.75), xs[len(xs)-1]
	sp.Mean = stat.Mean(xs, nil)
	return sp
}

// FromMoves returns the Record of a game known by its start position and
// its moves in the game's notation (State.ParseMove on the position
// before each): the records of our own games, which give the deal and
// every move. start is not modified. where names move i (from 0) for
// reports; nil names it "NAME move i+1". A move that ParseMove rejects
// stops the replay with an error naming it.
func FromMoves(name string, start game.State, players []string, moves []string, where func(i int) string) *Record {
	if where == nil {
		where = func(i int) string { return fmt.Sprintf("%s move %d", name, i+1) }
	}
	return &Record{
		Name: name, Game: start.Game(), Players: players, Moves: len(moves),
		Replay: func(fn func(*Position) error) ([]int, string, error) {
			s := start.Clone()
			var err error
			for i, text := range moves {
				var m game.Move
				if m, err = s.ParseMove(text); err != nil {
					err = fmt.Errorf("%s: %q: %w", where(i), text, err)
					break
				}
				if err = fn(&Position{State: s, Move: m, Text: text, Where: where(i)}); err != nil {
					break
				}
				s.Play(m)
			}
			final := make([]int, s.Players())
			for p := range final {
				final[p] = s.Score(p)
			}
			end := "the record stops before the end"
			if s.Over() {
				end = "over"
				if w := game.Winners(s); len(w) == 1 {
					end = fmt.Sprintf("over, won by player %d", w[0]+1)
				} else if len(w) > 1 {
					end = "over, a draw"
				}
			}
			return final, end, err
		},
	}
}
