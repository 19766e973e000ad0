package bench

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"wordengine/game"
)

// Record counts the games of a player or a seat.
type Record struct {
	Games  int `json:"games"`
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	// WinRate is the fraction of points won (a draw is half a point) with
	// its 95 % Wilson score interval.
	WinRate Interval `json:"win_rate"`
	// MeanScore is the mean final score (0 without games).
	MeanScore float64 `json:"mean_score"`
}

// PlayerSummary is the summary of one entrant.
type PlayerSummary struct {
	// Label is the entrant's letter, "A" to "D".
	Label string `json:"label"`
	// Player is the player spec.
	Player string `json:"player"`
	Record
	// Spread is the mean spread per game with its 95 % Student t interval:
	// the player's score minus the best other score (with two players,
	// A's score minus B's for A, and its opposite for B). The interval is
	// taken over the deals' mean spreads, the unit of the paired design.
	Spread Interval `json:"spread"`
	// Elo is, for two players, the rating difference to the opponent from
	// the win fraction, with the Wilson interval mapped to Elo; nil for
	// more players.
	Elo *Interval `json:"elo,omitempty"`
	// Seats holds the player's record in each seat.
	Seats []Record `json:"seats"`
	// Moves is what the player's moves did with its tiles, in a game
	// whose plays place tiles from a rack (game.Placer: the crossword
	// games, Upwords); nil in the other games.
	Moves *MoveStats `json:"moves,omitempty"`
}

// MoveStats is what a player's moves did with its tiles, over the games
// whose records count moves (Result.Moves).
type MoveStats struct {
	// Games is the number of the player's games counted.
	Games int `json:"games"`
	// MoveCounts holds the sums over those games.
	MoveCounts
	// MovesPerGame and BingosPerGame are the moves and bingos a game;
	// TilesPerMove the tiles placed a move (the exchanges and passes
	// count as moves that place none) and TilesPerPlay those a move that
	// places tiles; ExchangeRate and PassRate the fractions of the moves
	// that are exchanges, and passes (or resignations). Each is 0 when
	// what it is taken over is none.
	MovesPerGame  float64 `json:"moves_per_game"`
	BingosPerGame float64 `json:"bingos_per_game"`
	TilesPerMove  float64 `json:"tiles_per_move"`
	TilesPerPlay  float64 `json:"tiles_per_play"`
	ExchangeRate  float64 `json:"exchange_rate"`
	PassRate      float64 `json:"pass_rate"`
}

// moveStats returns the statistics of the sums c over games games; nil
// without games.
func moveStats(c MoveCounts, games int) *MoveStats {
	if games == 0 {
		return nil
	}
	ratio := func(x, y int) float64 {
		if y == 0 {
			return 0
		}
		return float64(x) / float64(y)
	}
	return &MoveStats{Games: games, MoveCounts: c,
		MovesPerGame: ratio(c.Moves, games), BingosPerGame: ratio(c.Bingos, games),
		TilesPerMove: ratio(c.Tiles, c.Moves), TilesPerPlay: ratio(c.Tiles, c.Plays),
		ExchangeRate: ratio(c.Exchanges, c.Moves), PassRate: ratio(c.Moves-c.Plays-c.Exchanges, c.Moves)}
}

// Summary is the statistics of a set of games of one match.
type Summary struct {
	Game    string   `json:"game"`
	Variant string   `json:"variant,omitempty"`
	Lexicon string   `json:"lexicon,omitempty"`
	Players []string `json:"players"`
	Seed    uint64   `json:"seed"`
	// Shard and Shards are the header's selection of deals.
	Shard  int `json:"shard"`
	Shards int `json:"shards"`
	// Streams is the header's Streams: StreamsPaired when the players'
	// random streams depend on the seat alone.
	Streams string `json:"streams,omitempty"`
	// Games is the number of games summarised; Expected the number the
	// shard holds (more when the run was interrupted or shards are
	// missing).
	Games    int `json:"games"`
	Expected int `json:"expected"`
	// Deals is the number of deals with at least one game.
	Deals int `json:"deals"`
	// Entrants holds the per-player summaries, A first.
	Entrants []PlayerSummary `json:"entrants"`
	// Seats holds the record of each seat, whoever sat there.
	Seats []Record `json:"seats"`
	// Seconds is the wall time of the run and GamesPerSecond the games
	// per second of wall time; both 0 when unknown (a merge).
	Seconds        float64 `json:"seconds,omitempty"`
	GamesPerSecond float64 `json:"games_per_second,omitempty"`
	// Threads is the number of threads of the run, 0 when unknown.
	Threads int `json:"threads,omitempty"`
	// GameSeconds is the sum of the games' own times and
	// GamesPerThreadSecond the games per second of one thread.
	GameSeconds          float64 `json:"game_seconds"`
	GamesPerThreadSecond float64 `json:"games_per_thread_second"`
}

// counts accumulates a Record.
type counts struct {
	games, wins, draws, losses int
	score                      int64
}

func (c *counts) add(score int, won bool, winners int) {
	c.games++
	c.score += int64(score)
	switch {
	case won && winners == 1:
		c.wins++
	case won:
		c.draws++
	default:
		c.losses++
	}
}

func (c *counts) record() Record {
	r := Record{Games: c.games, Wins: c.wins, Draws: c.draws, Losses: c.losses,
		WinRate: Wilson(float64(c.wins)+float64(c.draws)/2, c.games)}
	if c.games > 0 {
		r.MeanScore = float64(c.score) / float64(c.games)
	}
	return r
}

// dealSpread accumulates the spreads of one deal.
type dealSpread struct {
	games  int
	spread [MaxPlayers]int64 // by entrant
}

// Tally accumulates results into a Summary. Add results in any order; the
// summary is the same.
type Tally struct {
	h        Header
	players  []counts   // by entrant
	bySeat   [][]counts // by entrant, seat
	seats    []counts   // by seat
	deals    map[int]*dealSpread
	moves    []MoveCounts // by entrant, over the games that count them
	moved    []int        // by entrant: those games
	games    int
	gameSecs float64
}

// NewTally returns an empty Tally for the match of h.
func NewTally(h Header) *Tally {
	n := len(h.Players)
	t := &Tally{h: h, players: make([]counts, n), bySeat: make([][]counts, n), seats: make([]counts, n), deals: map[int]*dealSpread{},
		moves: make([]MoveCounts, n), moved: make([]int, n)}
	for i := range t.bySeat {
		t.bySeat[i] = make([]counts, n)
	}
	return t
}

// Games returns the number of results added.
func (t *Tally) Games() int { return t.games }

// Add counts r, a game of the tally's match (as Run and Read give them).
func (t *Tally) Add(r *Result) {
	n := len(t.players)
	t.games++
	t.gameSecs += r.Millis / 1000
	d := t.deals[r.Deal]
	if d == nil {
		d = &dealSpread{}
		t.deals[r.Deal] = d
	}
	d.games++
	for s, e := range r.Seats {
		won := slices.Contains(r.Winners, s)
		t.players[e].add(r.Scores[s], won, len(r.Winners))
		t.bySeat[e][s].add(r.Scores[s], won, len(r.Winners))
		t.seats[s].add(r.Scores[s], won, len(r.Winners))
		best := math.MinInt
		for o := range n {
			if o != s {
				best = max(best, r.Scores[o])
			}
		}
		d.spread[e] += int64(r.Scores[s] - best)
		if s < len(r.Moves) {
			t.moves[e].add(r.Moves[s])
			t.moved[e]++
		}
	}
}

// Summary returns the statistics of the games added. elapsed is the wall
// time of the run and threads its thread count (0 when unknown).
func (t *Tally) Summary(elapsed time.Duration, threads int) *Summary {
	h := &t.h
	n := len(t.players)
	s := &Summary{
		Game: h.Game, Variant: h.Variant, Lexicon: h.Lexicon, Players: slices.Clone(h.Players),
		Seed: h.Seed, Shard: h.Shard, Shards: h.Shards, Streams: h.Streams,
		Games: t.games, Expected: h.Expected(), Deals: len(t.deals),
		Threads: threads, GameSeconds: t.gameSecs,
	}
	if elapsed > 0 {
		s.Seconds = elapsed.Seconds()
		s.GamesPerSecond = float64(t.games) / s.Seconds
	}
	if t.gameSecs > 0 {
		s.GamesPerThreadSecond = float64(t.games) / t.gameSecs
	}
	deals := make([]int, 0, len(t.deals))
	for d := range t.deals {
		deals = append(deals, d)
	}
	slices.Sort(deals)
	means := make([]float64, len(deals))
	for e := range n {
		for i, d := range deals {
			ds := t.deals[d]
			means[i] = float64(ds.spread[e]) / float64(ds.games)
		}
		ps := PlayerSummary{Label: Label(e), Player: h.Players[e], Record: t.players[e].record(), Spread: MeanInterval(means),
			Moves: moveStats(t.moves[e], t.moved[e])}
		if n == 2 {
			elo := EloInterval(ps.WinRate)
			ps.Elo = &elo
		}
		for seat := range n {
			ps.Seats = append(ps.Seats, t.bySeat[e][seat].record())
		}
		s.Entrants = append(s.Entrants, ps)
	}
	for seat := range n {
		s.Seats = append(s.Seats, t.seats[seat].record())
	}
	return s
}

// Summarize returns the summary of a record (a merge has no wall time).
func Summarize(f *File) *Summary {
	t := NewTally(f.Header)
	for i := range f.Results {
		t.Add(&f.Results[i])
	}
	return t.Summary(0, 0)
}

// WriteText writes the summary as a table.
func (s *Summary) WriteText(w io.Writer) error {
	var b strings.Builder
	n := len(s.Players)
	lx := s.Lexicon
	if lx == "" {
		lx = "default" // the game's default lexicon, by its name if known
		if spec, err := game.Lookup(s.Game); err == nil {
			lx = spec.LexiconName()
		}
	}
	game := s.Game
	if s.Variant != "" {
		game += " (" + s.Variant + ")"
	}
	fmt.Fprintf(&b, "%s, lexicon %s, seed %d", game, lx, s.Seed)
	if s.Shards > 1 {
		fmt.Fprintf(&b, ", shard %d/%d", s.Shard, s.Shards)
	}
	if s.Streams == StreamsPaired {
		b.WriteString(", paired random streams")
	}
	fmt.Fprintf(&b, ": %d game%s (%d deal%s x %d seating%s)", s.Games, plural(s.Games), s.Deals, plural(s.Deals), n, plural(n))
	if s.Games != s.Expected {
		fmt.Fprintf(&b, ", %d missing of %d", s.Expected-s.Games, s.Expected)
	}
	b.WriteString("\n\n")

	labels := make([]string, len(s.Entrants))
	width := len("player")
	for i, p := range s.Entrants {
		labels[i] = p.Label + " " + p.Player
		width = max(width, len(labels[i]), len("player 4"))
	}
	// Four tables, each within 80 columns: the players' results, their
	// spreads (and Elo for two), the seats' results, and each player's
	// win % in each seat. Seats are named "player N" as in every command.
	table := func(head string, rows func(tw *tabwriter.Writer)) {
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, head)
		rows(tw)
		tw.Flush()
		b.WriteString("\n")
	}
	table(fmt.Sprintf("%-*s\tgames\twins\tdraws\tlosses\twin %%\t95 %% interval\t", width, "player"), func(tw *tabwriter.Writer) {
		for i, p := range s.Entrants {
			fmt.Fprintf(tw, "%-*s\t%d\t%d\t%d\t%d\t%s\t%s\t\n", width, labels[i], p.Games, p.Wins, p.Draws, p.Losses,
				pct(p.WinRate.Est), bounds(p.WinRate, pct))
		}
	})
	head := fmt.Sprintf("%-*s\tspread\t95 %% interval\t", width, "player")
	if n == 2 {
		head += "Elo\t95 % interval\t"
	}
	table(head, func(tw *tabwriter.Writer) {
		for i, p := range s.Entrants {
			fmt.Fprintf(tw, "%-*s\t%s\t%s\t", width, labels[i], signed(p.Spread.Est, 1), bounds(p.Spread, func(x float64) string { return signed(x, 1) }))
			if p.Elo != nil {
				fmt.Fprintf(tw, "%s\t%s\t", signed(p.Elo.Est, 0), bounds(*p.Elo, func(x float64) string { return signed(x, 0) }))
			}
			fmt.Fprintln(tw)
		}
	})
	// The seats' tables line up with the players' unless long names
	// would then take them beyond 80 columns.
	seatWidth := width
	if 2+width+62 > 80 {
		seatWidth = len("player 4")
	}
	table(fmt.Sprintf("%-*s\tgames\twins\tdraws\tlosses\twin %%\t95 %% interval\tmean score\t", seatWidth, "seat"), func(tw *tabwriter.Writer) {
		for seat, r := range s.Seats {
			fmt.Fprintf(tw, "%-*s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t\n", seatWidth, fmt.Sprintf("player %d", seat+1), r.Games, r.Wins, r.Draws, r.Losses,
				pct(r.WinRate.Est), bounds(r.WinRate, pct), fixed(r.MeanScore, 1))
		}
	})
	by := max(seatWidth, len("win % by seat"))
	head = fmt.Sprintf("%-*s\t", by, "win % by seat")
	for _, p := range s.Entrants {
		head += p.Label + "\t"
	}
	table(head, func(tw *tabwriter.Writer) {
		for seat := range s.Seats {
			fmt.Fprintf(tw, "%-*s\t", by, fmt.Sprintf("player %d", seat+1))
			for _, p := range s.Entrants {
				fmt.Fprintf(tw, "%s\t", pct(p.Seats[seat].WinRate.Est))
			}
			fmt.Fprintln(tw)
		}
	})
	s.writeMoves(&b, labels, width)
	if s.Seconds > 0 {
		fmt.Fprintf(&b, "%d game%s in %.2f s: %.1f games/s", s.Games, plural(s.Games), s.Seconds, s.GamesPerSecond)
		if s.Threads > 0 {
			fmt.Fprintf(&b, " on %d thread%s", s.Threads, plural(s.Threads))
		}
		b.WriteString(";\n")
	}
	fmt.Fprintf(&b, "%.1f games/s per thread (%.2f s of play)\n", s.GamesPerThreadSecond, s.GameSeconds)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeMoves writes the table of the players' moves (MoveStats) when the
// game counts them: each player's name as labels[i] in a column of width
// when the table then fits 80 columns, else its letter alone (the tables
// above name it).
func (s *Summary) writeMoves(b *strings.Builder, labels []string, width int) {
	counted := false
	for _, p := range s.Entrants {
		counted = counted || p.Moves != nil
	}
	if !counted {
		return
	}
	const head = "moves/game  tiles/move  tiles/play  bingos/game  exch. %  pass %"
	if 2+width+2+len(head) > 80 { // a cell's padding goes before it
		labels = make([]string, len(s.Entrants))
		width = len("player")
		for i, p := range s.Entrants {
			labels[i] = p.Label
		}
	}
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-*s\t%s\t\n", width, "player", strings.ReplaceAll(head, "  ", "\t"))
	for i, p := range s.Entrants {
		m := p.Moves
		if m == nil {
			fmt.Fprintf(tw, "%-*s\tn/a\tn/a\tn/a\tn/a\tn/a\tn/a\t\n", width, labels[i])
			continue
		}
		perPlay := math.NaN()
		if m.Plays > 0 {
			perPlay = m.TilesPerPlay
		}
		fmt.Fprintf(tw, "%-*s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", width, labels[i], fixed(m.MovesPerGame, 1),
			fixed(m.TilesPerMove, 2), fixed(perPlay, 2), fixed(m.BingosPerGame, 2), pct(m.ExchangeRate), pct(m.PassRate))
	}
	tw.Flush()
	b.WriteString("\n")
}

func pct(x float64) string { return fixed(100*x, 1) }

func fixed(x float64, prec int) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.*f", prec, x)
}

func signed(x float64, prec int) string {
	switch {
	case math.IsNaN(x):
		return "n/a"
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	// A value that rounds to zero prints as +0, never -0.
	if scale := math.Pow10(prec); math.Round(x*scale) == 0 {
		x = 0
	}
	return fmt.Sprintf("%+.*f", prec, x)
}

func bounds(iv Interval, f func(float64) string) string {
	if math.IsNaN(iv.Lo) || math.IsNaN(iv.Hi) {
		return "n/a"
	}
	return "[" + f(iv.Lo) + ", " + f(iv.Hi) + "]"
}

// plural returns "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
