package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"wordengine/eval"
	"wordengine/game"
	"wordengine/game/option"
	"wordengine/lexicon"
)

func init() {
	Register("static", func(opts string) (Player, error) { return NewStatic(opts) })
}

// Static plays the move of highest static equity (eval.Static: 1000·score
// + the value of the leave, or the end-of-game term once the bag is
// empty); ties go to the higher score, then to the first move in
// notation order, as SortCandidates orders them. It implements Ranker.
//
// Its leave table is the one given by the option "leaves=FILE", or else
// the embedded default of the game it plays (eval.DefaultLeaves of
// s.Game(), looked up once per game); a game without a default, or whose
// alphabet the default does not fit (a wwf lang= variant), is played on
// score and the end-of-game term alone. "leaves=" without a file is an
// error of the spec; a table for a game that is not a game.Racker
// (WordBlock, 2 Way Words, WordFlow: no leave is valued there) is refused
// by the first Choose, Rank or RankTop rather than silently ignored.
//
// A game that offers its own evaluation (game.Evaluator) and has no racks
// (it is not a game.Racker), such as WordBlock, is played one ply deep
// instead: Static plays each move, values the resulting position for the
// mover (OnePlyValue: its evaluation minus the best other seat's, or the
// result of a game the move ends), undoes it, and chooses the best; ties
// go to the higher score, then to the first in notation order.
//
// Choose hands an endgame (the bag empty) or a one-tile pre-endgame over
// to the exact solver of package search/endgame (see Handover), within
// its node budget and the time a caller allows (WithHandoverTime), and
// keeps its own choice when the budget runs out first; the options
// endgame=off, endgame-nodes=N and endgame-time=D set that
// (HandoverOptions). Rank and RankTop always rank by static equity.
//
// A Static keeps its move buffer and evaluator between calls so that a
// move costs no allocation: a Static must be used by one goroutine at a
// time (make one per goroutine with New("static")).
type Static struct {
	fixed *eval.Leaves // from leaves=FILE; nil for the defaults
	file  string

	// The evaluator for the last game played, keyed by its name and
	// alphabet.
	game  string
	alpha *lexicon.Alphabet
	ev    *eval.Static

	moves []game.Move
	ties  []game.Move
	leave []int64 // leave terms by tiles kept (eval.Static.LeaveTerms)

	// hand hands endgames and one-tile pre-endgames over to the exact
	// solver (handover.go).
	hand *Handover
}

// NewStatic returns a static player. options is "" or comma-separated
// key=value options: leaves=FILE (a leave file, see package eval; files
// are loaded once per process and shared) and the handover's
// (HandoverOptions.Bind: endgame=on|off, endgame-nodes=N,
// endgame-time=D). The error (an *option.Error) names an unknown option,
// a value out of range or a file that cannot be read.
func NewStatic(options string) (*Static, error) {
	p := &Static{moves: make([]game.Move, 0, 1024)}
	var hand HandoverOptions
	s := option.NewSet("static", "")
	s.Text(&p.file, "leaves", "a leave file")
	hand.Bind(s)
	if err := s.Parse(options); err != nil {
		return nil, err
	}
	if p.file != "" {
		l, err := loadLeaves(p.file)
		if err != nil {
			return nil, s.Errorf("leaves", "%w", err)
		}
		p.fixed = l
	}
	p.hand = NewHandover(hand)
	return p, nil
}

var (
	leavesMu    sync.Mutex
	leavesFiles = map[string]*eval.Leaves{}
)

// loadLeaves loads a leave file once per process.
func loadLeaves(path string) (*eval.Leaves, error) {
	leavesMu.Lock()
	defer leavesMu.Unlock()
	if l, ok := leavesFiles[path]; ok {
		return l, nil
	}
	l, err := eval.LoadLeaves(path)
	if err != nil {
		return nil, err
	}
	leavesFiles[path] = l
	return l, nil
}

// Name implements Player.
func (p *Static) Name() string { return "static" }

// evaluator returns the evaluator for the game of s.
func (p *Static) evaluator(s game.State) (*eval.Static, error) {
	var a *lexicon.Alphabet
	r, isRacker := s.(game.Racker)
	if isRacker {
		a = r.Alphabet()
	}
	if p.ev != nil && a == p.alpha && s.Game() == p.game {
		return p.ev, nil
	}
	var l *eval.Leaves
	switch {
	case !isRacker && p.fixed != nil:
		return nil, fmt.Errorf("search: static: leaves=%s: static uses no leave table in %s (no racks of the crossword kind: it plays by the game's own evaluation or by score)", p.file, s.Game())
	case !isRacker:
	case p.fixed != nil:
		if g := p.fixed.Game(); g != "" && g != s.Game() {
			return nil, fmt.Errorf("search: static: leave table %s was trained for %s, not %s", p.file, g, s.Game())
		}
		if !p.fixed.Fits(a) {
			return nil, fmt.Errorf("search: static: leave table %s (game %s, letters %s) does not fit game %s (letters %s)",
				p.file, p.fixed.Game(), strings.Join(p.fixed.Alphabet().Letters(), ""), s.Game(), strings.Join(a.Letters(), ""))
		}
		l = p.fixed
	default:
		d, err := eval.DefaultLeaves(s.Game())
		switch {
		case errors.Is(err, eval.ErrNoDefault):
		case err != nil:
			return nil, fmt.Errorf("search: static: %w", err)
		case d.Fits(a):
			l = d
		}
	}
	p.game, p.alpha, p.ev = s.Game(), a, eval.NewStatic(l)
	return p.ev, nil
}

// checkFixed returns the error of a leaves=FILE table that does not suit
// the game of s: another game's table, other letters, or a game that is
// not a game.Racker, where the table would be silently ignored. It
// returns nil when the table suits s, and when there is no such table.
func (p *Static) checkFixed(s game.State) error {
	if p.fixed == nil {
		return nil
	}
	_, err := p.evaluator(s)
	return err
}

// Leaves returns the leave table the player uses for s (nil: none), for
// reports.
func (p *Static) Leaves(s game.State) (*eval.Leaves, error) {
	e, err := p.evaluator(s)
	if err != nil {
		return nil, err
	}
	return e.Leaves(), nil
}

// Choose implements Player. It evaluates the leave only of the moves that
// could beat the best so far: a move scoring p points is skipped when
// 1000·p plus the best leave the rack allows (eval.Static.LeaveBound) is
// below the best equity found. A game that is a game.BoundedMover (the
// crossword games) hands out its plays in groups, highest equity bound
// first, and Choose stops generating at the first group whose bound is
// below the best equity found: no move of it could win, nor tie, so the
// choice is exactly that of the full enumeration; it then offers the
// moves outside the groups (exchanges, pass: no score) only when the
// highest leave term reaches that equity. It allocates nothing in
// steady state except to break an exact tie in equity and score between
// the best moves, by notation.
func (p *Static) Choose(ctx context.Context, s game.State, _ *rand.Rand) (game.Move, error) {
	if err := p.checkFixed(s); err != nil {
		return game.Move{}, err
	}
	if p.hand.applies(s) {
		if m, ok, err := p.hand.Choose(ctx, s, func(k int) ([]game.Move, error) { return p.topMoves(ctx, s, k) }); ok || err != nil {
			return m, err
		}
	}
	return p.chooseStatic(s)
}

// chooseStatic is Choose by static equity alone, without the handover
// (RankOf's best move, which ranks by static equity as Rank does).
func (p *Static) chooseStatic(s game.State) (game.Move, error) {
	if ev, ok := oneplyEvaluator(s); ok {
		return p.chooseOnePly(s, ev)
	}
	e, err := p.evaluator(s)
	if err != nil {
		return game.Move{}, err
	}
	if bm, ok := s.(game.BoundedMover); ok {
		if lb, ok := e.LeaveTerms(s, p.leave[:0]); ok {
			p.leave = lb
			return p.chooseBounded(s, e, bm, lb)
		}
	}
	p.moves = s.AppendMoves(p.moves[:0])
	moves := p.moves
	if len(moves) == 0 {
		return game.Move{}, ErrNoMove
	}
	bound, bounded := e.LeaveBound(s)
	// Start from the top-scoring move, so that the bound prunes early.
	first := 0
	if bounded {
		for i, m := range moves {
			if s.MoveScore(m) > s.MoveScore(moves[first]) {
				first = i
			}
		}
	}
	best := moves[first]
	bestScore := s.MoveScore(best)
	bestEq := e.Equity(s, best)
	ties := p.ties[:0] // moves as good as best, in equity and score
	for i, m := range moves {
		if i == first {
			continue
		}
		sc := s.MoveScore(m)
		if bounded && int64(sc)*1000+bound < bestEq {
			continue
		}
		eq := e.Equity(s, m)
		switch {
		case eq < bestEq, eq == bestEq && sc < bestScore:
		case eq == bestEq && sc == bestScore:
			ties = append(ties, m)
		default:
			best, bestScore, bestEq = m, sc, eq
			ties = ties[:0]
		}
	}
	p.ties = ties
	// An exact tie: the first in notation order, as SortCandidates.
	return firstInNotation(s, best, ties), nil
}

// topMoves returns the k best moves of s by static equity, best first
// (RankTop, cut at k).
func (p *Static) topMoves(ctx context.Context, s game.State, k int) ([]game.Move, error) {
	cands, err := p.RankTop(ctx, s, k, nil)
	if err != nil {
		return nil, err
	}
	moves := make([]game.Move, 0, min(len(cands), k))
	for _, c := range cands[:min(len(cands), k)] {
		moves = append(moves, c.Move)
	}
	return moves, nil
}

// picker keeps the best move offered so far by equity, then score, and
// the moves tied with it in both.
type picker struct {
	have  bool
	best  game.Move
	score int
	eq    int64
	ties  []game.Move
}

// offer considers move m of score sc and equity eq.
func (k *picker) offer(m game.Move, sc int, eq int64) {
	switch {
	case !k.have:
	case eq < k.eq, eq == k.eq && sc < k.score:
		return
	case eq == k.eq && sc == k.score:
		k.ties = append(k.ties, m)
		return
	}
	k.have, k.best, k.score, k.eq = true, m, sc, eq
	k.ties = k.ties[:0]
}

// offerAll offers moves, skipping the leave of those that cannot reach
// the best equity even with the best leave (bound).
func (k *picker) offerAll(s game.State, e *eval.Static, moves []game.Move, bound int64) {
	for _, m := range moves {
		sc := s.MoveScore(m)
		if k.have && int64(sc)*1000+bound < k.eq {
			continue
		}
		k.offer(m, sc, e.Equity(s, m))
	}
}

// ChooseAfter is Choose for a position s whose player to move would,
// with the same rack, rank the moves prevs first, in this order, on the
// board before the last move played (RankTop: every move that ranks
// above the last of prevs is in prevs), with tiles in the bag both then
// and now. It returns exactly what Choose returns, and costs far less
// when the game is a game.NearMover and the last move left one of prevs
// untouched: every play that did not change is then worth what it was
// worth, so the first untouched one of prevs is the best of them, and
// only it and the plays near the last move compete (StartBoundedNear).
// Otherwise (and when s is over) it is Choose. A simulation calls it for the opponent's reply
// to each candidate, prevs being the opponent's best moves after a pass.
func (p *Static) ChooseAfter(ctx context.Context, s game.State, prevs []game.Move) (game.Move, error) {
	nm, ok := s.(game.NearMover)
	if !ok {
		return p.Choose(ctx, s, nil)
	}
	if r, isR := s.(game.Racker); !isR || r.BagLen() == 0 || s.Over() {
		return p.Choose(ctx, s, nil)
	}
	i := slices.IndexFunc(prevs, nm.Untouched)
	if i < 0 {
		return p.Choose(ctx, s, nil)
	}
	prev := prevs[i]
	e, err := p.evaluator(s)
	if err != nil {
		return game.Move{}, err
	}
	lb, ok := e.LeaveTerms(s, p.leave[:0])
	if !ok {
		return p.Choose(ctx, s, nil)
	}
	p.leave = lb
	k := picker{ties: p.ties[:0]}
	k.offer(prev, s.MoveScore(prev), e.Equity(s, prev))
	return p.pick(s, e, nm, lb, &k, true)
}

// RankTop appends to dst the k best moves of s (k >= 1) by static
// equity, in Rank's order (SortCandidates), and the moves tied with the
// k-th in equity: every move that ranks above the last one appended is
// there. It returns dst unchanged when s has no move. For a
// game.BoundedMover it generates only the groups that may reach the k-th
// equity found so far, so it costs little more than Choose for small k;
// otherwise it is Rank, cut. Equities are in milli-points, as Rank's. The
// only error is the evaluator's, as Choose's (a leave table that does not
// fit the game of s); like Rank, it runs to the end whatever ctx says.
func (p *Static) RankTop(ctx context.Context, s game.State, k int, dst []Candidate) ([]Candidate, error) {
	k = max(k, 1)
	start := len(dst)
	e, err := p.evaluator(s)
	if err != nil {
		return dst, err
	}
	bm, ok := s.(game.BoundedMover)
	var lb []int64
	if ok {
		lb, ok = e.LeaveTerms(s, p.leave[:0])
	}
	if _, one := oneplyEvaluator(s); one || !ok {
		if dst, err = p.Rank(ctx, s, dst); err != nil {
			return dst, err
		}
		return cutTies(dst, start, k), nil
	}
	p.leave = lb
	bound := int64(math.MinInt64)
	for _, v := range lb {
		bound = max(bound, v)
	}
	threshold := int64(math.MinInt64)
	offer := func(moves []game.Move) {
		for _, m := range moves {
			sc := s.MoveScore(m)
			if int64(sc)*1000+bound < threshold {
				continue
			}
			if eq := e.Equity(s, m); eq >= threshold {
				dst = append(dst, Candidate{Move: m, Score: sc, Equity: eq})
			}
		}
		if len(dst)-start >= k {
			// By equity alone: the cut depends on nothing else, and the
			// notation of tied moves is read once, at the end.
			slices.SortFunc(dst[start:], func(x, y Candidate) int { return cmp.Compare(y.Equity, x.Equity) })
			dst = cutTies(dst, start, k)
			threshold = dst[start+k-1].Equity
		}
	}
	if tm, ok := bm.(game.TopBoundedMover); ok {
		tm.StartBoundedTop(lb, k)
	} else {
		bm.StartBounded(lb, false)
	}
	for {
		var more bool
		p.moves, more = bm.NextBounded(p.moves[:0], threshold)
		if !more {
			break
		}
		offer(p.moves)
	}
	if bound >= threshold {
		p.moves = bm.AppendUnbounded(p.moves[:0])
		offer(p.moves)
	}
	sortCandidates(s, dst[start:])
	return cutTies(dst, start, k), nil
}

// cutTies cuts the candidates dst[start:], sorted, after the k-th and the
// ones tied with it in equity.
func cutTies(dst []Candidate, start, k int) []Candidate {
	if len(dst)-start <= k {
		return dst
	}
	n := start + k
	for n < len(dst) && dst[n].Equity == dst[start+k-1].Equity {
		n++
	}
	return dst[:n]
}

// sortCandidates sorts as SortCandidates, formatting moves only to break
// a tie in equity and score (rare), so that it allocates nothing
// otherwise.
func sortCandidates(s game.State, cands []Candidate) {
	slices.SortFunc(cands, func(x, y Candidate) int {
		return cmp.Or(cmp.Compare(y.Equity, x.Equity), cmp.Compare(y.Score, x.Score))
	})
	for i := 0; i < len(cands); {
		j := i + 1
		for j < len(cands) && cands[j].Equity == cands[i].Equity && cands[j].Score == cands[i].Score {
			j++
		}
		if j-i > 1 {
			SortCandidates(s, cands[i:j])
		}
		i = j
	}
}

// chooseBounded is Choose for a game.BoundedMover: leave holds the leave
// terms of the sub-multisets of the rack (eval.Static.LeaveTerms).
func (p *Static) chooseBounded(s game.State, e *eval.Static, bm game.BoundedMover, leave []int64) (game.Move, error) {
	k := picker{ties: p.ties[:0]}
	return p.pick(s, e, bm, leave, &k, false)
}

// pick finishes chooseBounded and ChooseAfter: it offers k the groups of
// bm (near the last move with near: k then holds the best play of the
// rest), and the exchanges and pass when they may compete, and returns
// the best move.
func (p *Static) pick(s game.State, e *eval.Static, bm game.BoundedMover, leave []int64, k *picker, near bool) (game.Move, error) {
	bound := int64(math.MinInt64)
	for _, v := range leave {
		bound = max(bound, v)
	}
	if near {
		bm.(game.NearMover).StartBoundedNear(leave, true)
	} else {
		bm.StartBounded(leave, true)
	}
	threshold := int64(math.MinInt64)
	if k.have {
		threshold = k.eq
	}
	for {
		var more bool
		p.moves, more = bm.NextBounded(p.moves[:0], threshold)
		if !more {
			break
		}
		k.offerAll(s, e, p.moves, bound)
		if k.have {
			threshold = k.eq
		}
	}
	// The exchanges and the pass score nothing: their equity is at most
	// the best leave term, so when the best play is above that they
	// can neither win nor tie.
	if !k.have || bound >= k.eq {
		p.moves = bm.AppendUnbounded(p.moves[:0])
		k.offerAll(s, e, p.moves, bound)
	}
	p.ties = k.ties
	if !k.have {
		return game.Move{}, ErrNoMove
	}
	// An exact tie: the first in notation order, as SortCandidates.
	return firstInNotation(s, k.best, k.ties), nil
}

// Rank implements Ranker: every move with its score and static equity,
// best first (SortCandidates).
func (p *Static) Rank(_ context.Context, s game.State, dst []Candidate) ([]Candidate, error) {
	if err := p.checkFixed(s); err != nil {
		return dst, err
	}
	if ev, ok := oneplyEvaluator(s); ok {
		return p.rankOnePly(s, ev, dst), nil
	}
	e, err := p.evaluator(s)
	if err != nil {
		return dst, err
	}
	start := len(dst)
	p.moves = s.AppendMoves(p.moves[:0])
	for _, m := range p.moves {
		dst = append(dst, Candidate{Move: m, Score: s.MoveScore(m), Equity: e.Equity(s, m)})
	}
	SortCandidates(s, dst[start:])
	return dst, nil
}

// oneplyEvaluator returns s as a game.Evaluator when Static plays it one
// ply deep: it evaluates itself and has no racks (a crossword game keeps
// its equity play).
func oneplyEvaluator(s game.State) (game.Evaluator, bool) {
	if _, ok := s.(game.Racker); ok {
		return nil, false
	}
	ev, ok := s.(game.Evaluator)
	return ev, ok
}

// OnePlyValue returns the value for seat of the position s is in, as the
// static player sees it after a move, in milli-points: for a game that is
// over, the result (+WinValue for a win alone, 0 for a shared win,
// -WinValue for a loss) plus 1000 per point of seat's score minus the best
// other seat's; otherwise ev.Evaluate(seat) minus the best other seat's
// evaluation. In a game of one seat (a solo challenge) nothing is
// subtracted. It is the value alphabeta gives a leaf (with depth=1,
// alphabeta chooses by it too, with its own tie rules).
func OnePlyValue(s game.State, ev game.Evaluator, seat int) int64 {
	over := s.Over()
	val := func(q int) int64 {
		if over {
			return 1000 * int64(s.Score(q))
		}
		return int64(ev.Evaluate(q))
	}
	v := Margin(s.Players(), seat, val)
	if over {
		alone, won := true, false
		for _, q := range game.Winners(s) {
			if q == seat {
				won = true
			} else {
				alone = false
			}
		}
		switch {
		case !won:
			v -= WinValue
		case alone:
			v += WinValue
		}
	}
	return v
}

// Margin returns the lead of seat over its strongest opponent: value(seat)
// minus the highest value(q) of the other seats q of n, in value's units.
// With one seat (a solo challenge) there is no opponent, and the margin is
// value(seat) itself. value is called once per seat. OnePlyValue, the
// leaves of alphabeta, maxn and om, and the simulation's spread all
// measure a seat this way.
func Margin(n, seat int, value func(q int) int64) int64 {
	if n == 1 {
		return value(seat)
	}
	best := int64(math.MinInt64)
	for q := range n {
		if q != seat {
			best = max(best, value(q))
		}
	}
	return value(seat) - best
}

// chooseOnePly is Choose for a game played one ply deep.
func (p *Static) chooseOnePly(s game.State, ev game.Evaluator) (game.Move, error) {
	if s.Over() {
		return game.Move{}, ErrNoMove
	}
	p.moves = s.AppendMoves(p.moves[:0])
	moves := p.moves
	if len(moves) == 0 {
		return game.Move{}, ErrNoMove
	}
	me := s.ToMove()
	var best game.Move
	var bestVal int64
	bestScore := 0
	ties := p.ties[:0]
	for i, m := range moves {
		sc := s.MoveScore(m)
		s.Play(m)
		v := OnePlyValue(s, ev, me)
		s.Undo()
		switch {
		case i == 0, v > bestVal, v == bestVal && sc > bestScore:
			best, bestVal, bestScore = m, v, sc
			ties = ties[:0]
		case v == bestVal && sc == bestScore:
			ties = append(ties, m)
		}
	}
	p.ties = ties
	return firstInNotation(s, best, ties), nil
}

// rankOnePly is Rank for a game played one ply deep: Equity is the
// OnePlyValue of the position after the move.
func (p *Static) rankOnePly(s game.State, ev game.Evaluator, dst []Candidate) []Candidate {
	if s.Over() {
		return dst
	}
	start := len(dst)
	me := s.ToMove()
	p.moves = s.AppendMoves(p.moves[:0])
	for _, m := range p.moves {
		sc := s.MoveScore(m)
		s.Play(m)
		v := OnePlyValue(s, ev, me)
		s.Undo()
		dst = append(dst, Candidate{Move: m, Score: sc, Equity: v})
	}
	SortCandidates(s, dst[start:])
	return dst
}
