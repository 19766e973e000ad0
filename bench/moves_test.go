package bench_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"wordengine/bench"
	"wordengine/game"
	"wordengine/search"
)

// tiles is the race game whose moves place or exchange tiles
// (game.Placer), registered as "bench-tiles" for two players: every ply
// has one legal move, tilesSchedule[ply], so every player plays the same
// game and its move counts are known.
type tiles struct{ race }

// tilesSchedule is the moves of a game of bench-tiles, ply by ply (seat
// 0 plays the even plies): a placement of Placed tiles, a bingo when it
// says so, an exchange, or a pass.
var tilesSchedule = []game.Placement{
	{Placed: 7, Bingo: true}, {Placed: 4},
	{Exchanged: 3}, {Placed: 7, Bingo: true},
	{Placed: 2}, {Placed: 1},
	{}, {Exchanged: 7},
}

func init() {
	game.Register(game.Spec{
		Name:    "bench-tiles",
		Summary: "test game of package bench whose moves place tiles",
		New: func(cfg game.Config) (game.State, error) {
			if cfg.Players != 0 && cfg.Players != 2 {
				return nil, fmt.Errorf("bench-tiles: %d players, want 2", cfg.Players)
			}
			g := &tiles{race{n: 2, scores: make([]int, 2), vals: make([][3]int, len(tilesSchedule))}}
			for i, p := range tilesSchedule {
				g.vals[i][0] = p.Placed
			}
			return g, nil
		},
	})
}

func (g *tiles) Game() string { return "bench-tiles" }
func (g *tiles) AppendMoves(dst []game.Move) []game.Move {
	if g.Over() {
		return dst
	}
	return append(dst, game.Move{A: 1})
}
func (g *tiles) Clone() game.State { return &tiles{*g.race.Clone().(*race)} }

// Placement implements game.Placer.
func (g *tiles) Placement(game.Move) game.Placement { return tilesSchedule[len(g.hist)] }

// TestMoveCounts checks the move counts of a match against the counts
// made by hand from tilesSchedule: in each game, seat 1 plays a bingo,
// a play of 2 tiles, an exchange and a pass; seat 2 3 plays of 12 tiles
// (a bingo) and an exchange.
func TestMoveCounts(t *testing.T) {
	m := bench.Match{Game: "bench-tiles", Players: []string{"greedy", "random"}, Games: 4, Seed: 3}
	rs := play(t, m)
	want := []bench.MoveCounts{
		{Moves: 4, Plays: 2, Tiles: 9, Bingos: 1, Exchanges: 1},
		{Moves: 4, Plays: 3, Tiles: 12, Bingos: 1, Exchanges: 1},
	}
	for _, r := range rs {
		if fmt.Sprint(r.Moves) != fmt.Sprint(want) {
			t.Fatalf("game %d: moves %+v, want %+v", r.Game, r.Moves, want)
		}
	}
	// Each player sat in each seat twice: 16 moves, 10 plays of 42 tiles,
	// 4 bingos, 4 exchanges and 2 passes in 4 games.
	f := &bench.File{Header: m.Header(), Results: rs}
	s := bench.Summarize(f)
	for _, p := range s.Entrants {
		got := p.Moves
		if got == nil {
			t.Fatalf("%s: no move statistics", p.Player)
		}
		w := bench.MoveStats{Games: 4, MoveCounts: bench.MoveCounts{Moves: 16, Plays: 10, Tiles: 42, Bingos: 4, Exchanges: 4},
			MovesPerGame: 4, BingosPerGame: 1, TilesPerMove: 42.0 / 16, TilesPerPlay: 4.2, ExchangeRate: 0.25, PassRate: 0.125}
		if *got != w {
			t.Errorf("%s: %+v, want %+v", p.Player, *got, w)
		}
	}
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, line := range []string{
		"  player    moves/game  tiles/move  tiles/play  bingos/game  exch. %  pass %",
		"  A greedy         4.0        2.62        4.20         1.00     25.0    12.5",
		"  B random         4.0        2.62        4.20         1.00     25.0    12.5",
	} {
		if !strings.Contains(text, "\n"+line+"\n") {
			t.Errorf("the summary lacks the line\n%s\n%s", line, text)
		}
	}
	if js := jsonOf(t, s); !strings.Contains(js, `"moves":{"games":4,"moves":16,"plays":10,"tiles":42,"bingos":4,"exchanges":4,"moves_per_game":4,"bingos_per_game":1,`) {
		t.Errorf("the JSON summary lacks the move statistics: %s", js)
	}
	// The record keeps the counts; a merge of it gives the same summary.
	back, err := bench.Read(strings.NewReader(record(t, m, rs)), "m.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if a, b := summaryJSON(t, back), summaryJSON(t, f); a != b {
		t.Errorf("the record read back summarises otherwise:\n%s\n%s", a, b)
	}
}

// TestMoveCountsLongNames: with players' names too long for the moves
// table to fit 80 columns, it names them by their letters.
func TestMoveCountsLongNames(t *testing.T) {
	m := bench.Match{Game: "bench-tiles", Players: []string{"level:1,sees=100,top=3", "level:2,rank=equity"}, Games: 2, Seed: 3}
	s := bench.Summarize(&bench.File{Header: m.Header(), Results: play(t, m)})
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if !strings.Contains(text, "\n  A              4.0        2.62") {
		t.Errorf("the moves table does not name the players by letter:\n%s", text)
	}
	for _, line := range strings.Split(text, "\n") {
		if len(line) > 80 {
			t.Errorf("a line of %d columns: %q", len(line), line)
		}
	}
}

// TestMoveCountsNone: a game that places no tiles has no move counts,
// and its summary no moves table.
func TestMoveCountsNone(t *testing.T) {
	m := bench.Match{Game: "bench-race", Players: []string{"greedy", "random"}, Games: 2, Seed: 3}
	rs := play(t, m)
	s := bench.Summarize(&bench.File{Header: m.Header(), Results: rs})
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if rs[0].Moves != nil || s.Entrants[0].Moves != nil || strings.Contains(b.String(), "tiles/play") || strings.Contains(jsonOf(t, s), `"moves"`) {
		t.Errorf("move counts in a game without tiles: %+v %+v\n%s", rs[0].Moves, s.Entrants[0].Moves, b.String())
	}
}

// TestMoveCountsRecordChecked: a record whose move counts contradict
// themselves or the plies is refused, naming the fault.
func TestMoveCountsRecordChecked(t *testing.T) {
	m := bench.Match{Game: "bench-tiles", Players: []string{"greedy", "random"}, Games: 2, Seed: 3}
	good := record(t, m, play(t, m))
	for _, tc := range []struct{ from, to, want string }{
		{`"bingos":1,"exchanges":1},{"moves":4,"plays":3`, `"bingos":3,"exchanges":1},{"moves":4,"plays":3`, "moves of player 1: 3 bingos in 2 plays"},
		{`{"moves":4,"plays":2`, `{"moves":5,"plays":2`, "the seats made 9 moves in 8 plies"},
		{`{"moves":4,"plays":2`, `{"moves":1,"plays":2`, "moves of player 1: 2 plays and 1 exchanges in 1 moves"},
		{`"tiles":9,`, `"tiles":-1,`, "moves of player 1: a negative count"},
		{`"moves":[{"moves":4,"plays":2,"tiles":9,"bingos":1,"exchanges":1},`, `"moves":[`, "move counts of 1 players, want 2"},
	} {
		bad := strings.Replace(good, tc.from, tc.to, 1)
		if bad == good {
			t.Fatalf("%q is not in the record:\n%s", tc.from, good)
		}
		_, err := bench.Read(strings.NewReader(bad), "m.jsonl")
		if err == nil || !strings.Contains(err.Error(), "m.jsonl:2: game 0: "+tc.want) {
			t.Errorf("%s: error %v, want %q", tc.to, err, tc.want)
		}
	}
}

// describing is a player that plays as the player of its options and
// keeps, in order, the description of every move it chooses (for one
// goroutine: the test runs one thread).
type describing struct {
	inner search.Player
	log   *[]game.MoveInfo
}

var (
	describedMu sync.Mutex
	described   []game.MoveInfo
)

func init() {
	search.Register("bench-describing", func(opts string) (search.Player, error) {
		inner, err := search.New(opts)
		if err != nil {
			return nil, err
		}
		return describing{inner, &described}, nil
	})
}

func (p describing) Name() string { return "bench-describing" }
func (p describing) Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	m, err := p.inner.Choose(ctx, s, rng)
	if err == nil {
		describedMu.Lock()
		*p.log = append(*p.log, s.(game.Describer).DescribeMove(m, -1))
		describedMu.Unlock()
	}
	return m, err
}

// TestMoveCountsWWF checks the move counts of real games (Words With
// Friends, the static player against random, which exchanges) against
// the game's own descriptions of the moves played: the plays, their
// cells, the bingos and the exchanges.
func TestMoveCountsWWF(t *testing.T) {
	described = nil
	m := bench.Match{Game: "wwf", Players: []string{"bench-describing:static", "bench-describing:random"}, Games: 2, Seed: 11, Threads: 1}
	rs := play(t, m)
	log := described
	var total bench.MoveCounts
	for _, r := range rs {
		if len(log) < r.Plies {
			t.Fatalf("game %d: %d plies, %d moves described", r.Game, r.Plies, len(log))
		}
		want := make([]bench.MoveCounts, 2)
		for i, info := range log[:r.Plies] {
			c := &want[i%2] // two players: seat 1 plays the even plies
			c.Moves++
			switch info.Kind {
			case "play":
				c.Plays++
				c.Tiles += len(info.Cells)
				if info.Bingo {
					c.Bingos++
				}
			case "exchange":
				c.Exchanges++
			}
		}
		log = log[r.Plies:]
		if fmt.Sprint(r.Moves) != fmt.Sprint(want) {
			t.Errorf("game %d: move counts %+v, the descriptions say %+v", r.Game, r.Moves, want)
		}
		for _, c := range r.Moves {
			total.Bingos += c.Bingos
			total.Exchanges += c.Exchanges
		}
	}
	if len(log) != 0 {
		t.Errorf("%d moves described beyond the games' plies", len(log))
	}
	// The games hold the cases counted: bingos and exchanges.
	t.Logf("%d games: %d bingos, %d exchanges", len(rs), total.Bingos, total.Exchanges)
	if total.Bingos == 0 || total.Exchanges == 0 {
		t.Errorf("games of static against random without a bingo or an exchange (%+v): a test that proves little", total)
	}
}
