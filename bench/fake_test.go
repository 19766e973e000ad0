package bench_test

import (
	"fmt"
	"strconv"
	"strings"

	"wordengine/game"
)

// race is a tiny game for 2 to 4 players registered for the tests as
// "bench-race": the deal draws a table of values; on each of 4 turns per
// player, the player to move takes one of three values of the current ply.
// Highest total wins. It exercises 3 and 4 player matches, which no real
// game offers yet.
type race struct {
	n      int
	vals   [][3]int
	scores []int
	hist   []int // choices made
}

const raceChoices = 3

func init() {
	game.Register(game.Spec{
		Name:    "bench-race",
		Summary: "test game of package bench",
		New: func(cfg game.Config) (game.State, error) {
			n := cfg.Players
			if n == 0 {
				n = 3
			}
			if n < 2 || n > 4 {
				return nil, fmt.Errorf("bench-race: %d players, want 2 to 4", n)
			}
			if cfg.Variant != "" {
				return nil, fmt.Errorf("bench-race: no variants (got %q)", cfg.Variant)
			}
			g := &race{n: n, scores: make([]int, n), vals: make([][3]int, 4*n)}
			for i := range g.vals {
				for c := range raceChoices {
					g.vals[i][c] = cfg.Rand.IntN(10)
				}
			}
			return g, nil
		},
	})
}

func (g *race) Game() string    { return "bench-race" }
func (g *race) Players() int    { return g.n }
func (g *race) ToMove() int     { return len(g.hist) % g.n }
func (g *race) Over() bool      { return len(g.hist) == len(g.vals) }
func (g *race) Score(p int) int { return g.scores[p] }
func (g *race) AppendMoves(dst []game.Move) []game.Move {
	if g.Over() {
		return dst
	}
	for c := range raceChoices {
		dst = append(dst, game.Move{A: uint64(c + 1)})
	}
	return dst
}
func (g *race) MoveScore(m game.Move) int { return g.vals[len(g.hist)][m.A-1] }
func (g *race) Play(m game.Move) {
	g.scores[g.ToMove()] += g.MoveScore(m)
	g.hist = append(g.hist, int(m.A-1))
}
func (g *race) Undo() {
	c := g.hist[len(g.hist)-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.scores[g.ToMove()] -= g.vals[len(g.hist)][c]
}
func (g *race) Clone() game.State {
	c := *g
	c.scores = append([]int(nil), g.scores...)
	c.hist = append([]int(nil), g.hist...)
	return &c
}
func (g *race) Hash() uint64 {
	h := uint64(len(g.hist))
	for _, c := range g.hist {
		h = h*31 + uint64(c)
	}
	return h
}
func (g *race) FormatMove(m game.Move) string { return strconv.Itoa(int(m.A)) }
func (g *race) ParseMove(s string) (game.Move, error) {
	c, err := strconv.Atoi(s)
	if err != nil || c < 1 || c > raceChoices || g.Over() {
		return game.Move{}, fmt.Errorf("bench-race: bad move %q", s)
	}
	return game.Move{A: uint64(c)}, nil
}
func (g *race) String() string {
	return fmt.Sprintf("ply %d scores %s", len(g.hist), strings.Trim(fmt.Sprint(g.scores), "[]"))
}
