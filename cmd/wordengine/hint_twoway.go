package main

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/twoway"
	"wordengine/search"
)

func init() {
	hintRunners["twoway"] = (*app).runHintTwoway
}

// twowayDefaultPlayer ranks twoway hints unless --player says otherwise.
const twowayDefaultPlayer = "static"

// twowayHintResult is the JSON form of the twoway hint output.
type twowayHintResult struct {
	Game        string           `json:"game"`
	Lexicon     string           `json:"lexicon"`
	ToMove      string           `json:"to_move"`
	Scores      []int            `json:"scores"`
	Observation string           `json:"observation"`
	RankedBy    string           `json:"ranked_by"`
	Player      string           `json:"player"`
	Choice      string           `json:"choice,omitempty"`
	Total       int              `json:"total_moves"`
	Moves       []twowayHintMove `json:"moves"`
}

// twowayState returns the twoway position of --position (a file, "-":
// in; hidden faces ? are filled in at random from seed), or a fresh game
// dealt from seed with variant (a bad variant is a usage error of the
// command at path).
func (a *app) twowayState(path string, in io.Reader, file, variant string, seed uint64) (*twoway.State, string, error) {
	lx, err := a.loadLexicon(a.lexiconSpec)
	if err != nil {
		return nil, "", err
	}
	if file == "" {
		if _, err := twoway.ParseVariant(variant, lx.Alphabet); err != nil {
			return nil, "", usagef(path, "--variant: %v", err)
		}
		s, err := twoway.NewGame(game.Config{Lexicon: lx.Lexicon, Variant: variant, Rand: rand.New(rand.NewPCG(seed, 1))})
		return s, lx.Name, err
	}
	data, name, err := readPosition(in, file)
	if err != nil {
		return nil, "", err
	}
	s, err := twoway.ParsePosition(string(data), lx.Lexicon, rand.New(rand.NewPCG(seed, 3)))
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", name, err)
	}
	return s, lx.Name, nil
}

// runHintTwoway is `wordengine hint --game twoway`: the moves of the
// player to move, ranked on a view determinized for that player (the
// ranking never reads a face the player cannot see).
func (a *app) runHintTwoway(c *cobra.Command, f *hintFlags) error {
	path := c.CommandPath()
	switch {
	case f.cgp != "" || f.gcg != "" || f.turn != 0 || f.rack != "" || f.board != "":
		return usagef(path, "--game twoway takes --position (or nothing: a fresh game), not --cgp, --gcg, --turn, --rack or --board")
	case f.position != "" && f.variant != "":
		return usagef(path, "--position gives the rules: --variant goes with a fresh game")
	case c.Flags().Changed("players") && f.players != 2:
		return usagef(path, "--players %d: twoway is for 2", f.players)
	case f.top < 0:
		return usagef(path, "--top %d: want 0 (all) or more", f.top)
	}
	spec := f.player
	if !c.Flags().Changed("player") {
		spec = twowayDefaultPlayer
	}
	player, err := search.New(spec)
	if err != nil {
		return specError(path, "--player", err)
	}
	s, lexName, err := a.twowayState(path, c.InOrStdin(), f.position, f.variant, a.seed)
	if err != nil {
		return err
	}
	if s.Over() {
		return fmt.Errorf("the game is over (red %d, blue %d letters): no move to hint", s.Score(0), s.Score(1))
	}
	p := s.ToMove()
	if s.Filled(p) {
		// The file hides letters of the player to move (say, the other
		// player's observation): ranking its moves would rest on a
		// made-up hand and grid.
		c, where := twoway.ColourNames[p], f.position
		if where == "-" {
			where = "standard input"
		}
		return fmt.Errorf("%s: %s is to move but the position hides %s's letters (? for a %s face on the grid or in the %s hand): give what %s sees (play's save writes it)",
			where, c, c, c, c, c)
	}
	view := search.View(s, rand.New(rand.NewPCG(a.seed, 4)))
	ctx := c.Context()
	cands, choice, ranks, rankedBy, err := hintRank(ctx, player, spec, view, a.seed)
	if err != nil {
		return err
	}
	res := twowayHintResult{Game: twoway.Name, Lexicon: lexName, ToMove: twoway.ColourNames[p],
		Scores: []int{s.Score(0), s.Score(1)}, Observation: s.Observation(p), RankedBy: rankedBy, Player: spec}
	if !ranks {
		res.Choice = s.FormatMove(choice)
	}
	res.Total = len(view.AppendMoves(nil)) // every legal move, not only those the player ranked (sim ranks its K candidates)
	for i, cd := range cands {
		show, chosen := hintShown(i, f.top, cd.Move, choice, ranks)
		if !show {
			continue
		}
		res.Moves = append(res.Moves, twowayMove(s, i+1, cd, chosen))
	}
	if f.json {
		return writeJSON(a.stdout, res)
	}
	w := a.stdout
	fmt.Fprint(w, s.Render(p))
	fmt.Fprintf(w, "twoway, lexicon %s: %s to move (%s); %d legal moves\n", lexName, twoway.ColourNames[p], twowayPhase(s), res.Total)
	if ranks {
		fmt.Fprintf(w, "ranked by %s: %s\n", spec, twowayRankNote(rankedBy))
	} else {
		fmt.Fprintf(w, "%s cannot rank moves: ranked by greedy (letters claimed); %s chooses %s (marked >)\n", spec, spec, res.Choice)
	}
	writeTwowayMoves(w, res.Moves)
	return nil
}

// twowayHintMove is a ranked move of the twoway hint (JSON and table).
type twowayHintMove struct {
	Rank  int    `json:"rank"`
	Move  string `json:"move"`
	Score int    `json:"score"` // letters the move claims
	// Equity is the ranker's valuation in points (a decided game counts
	// as ±1000), null for a move the ranker did not search (ismcts ranks
	// the moves it never expanded last); Value says it in words ("+3.7",
	// "win +2", "not searched").
	Equity *float64 `json:"equity"`
	Value  string   `json:"value"`
	// Chosen marks the move the --player chooses when it cannot rank.
	Chosen bool `json:"chosen,omitempty"`
}

// twowayUnsearched bounds the equity of a move a ranker did not value
// (ISMCTS.Rank gives math.MinInt64/2).
const twowayUnsearched = math.MinInt64 / 4

// twowayMove describes candidate cd of s at rank.
func twowayMove(s *twoway.State, rank int, cd search.Candidate, chosen bool) twowayHintMove {
	m := twowayHintMove{Rank: rank, Move: s.FormatMove(cd.Move), Score: cd.Score, Value: "not searched", Chosen: chosen}
	if cd.Equity > twowayUnsearched {
		eq := wordblockEquity(cd.Equity)
		m.Equity, m.Value = &eq, candidateValue(cd)
	}
	return m
}

// twowayPhase says where the turn stands.
func twowayPhase(s *twoway.State) string {
	if s.Placed() {
		return "placed: claim or end the turn"
	}
	return "claim, then place a tile"
}

// twowayRankNote says what a ranker's values mean.
func twowayRankNote(name string) string {
	switch name {
	case "greedy":
		return "the letters the move claims"
	case "static":
		return "after the move, the mover's evaluation minus the opponent's (claimed letters, +4 per length, shares of near words), on a view with the hidden faces dealt at random"
	}
	return "the player's valuation, in points"
}

// writeTwowayMoves prints ranked moves as a table.
func writeTwowayMoves(w io.Writer, moves []twowayHintMove) {
	width := len("move")
	for _, m := range moves {
		width = max(width, len(m.Move))
	}
	fmt.Fprintf(w, "%5s  %-*s %7s  %s\n", "rank", width, "move", "letters", "value")
	for _, m := range moves {
		mark := " "
		if m.Chosen {
			mark = ">"
		}
		fmt.Fprintf(w, "%s%4d  %-*s %7d  %s\n", mark, m.Rank, width, m.Move, m.Score, m.Value)
	}
}
