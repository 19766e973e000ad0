package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/wordflow"
	"wordengine/search"
)

func init() {
	hintRunners[wordflow.Name] = (*app).runHintWordFlow
}

// wordflowHintMove is one ranked move of the wordflow hint output.
type wordflowHintMove struct {
	Rank  int    `json:"rank"`
	Move  string `json:"move"`
	Score int    `json:"score"`
	// Equity is the ranker's valuation in points (a decided game: ±1000
	// plus the margin); Value says it in words ("12.5", "win +3").
	Equity float64 `json:"equity"`
	Value  string  `json:"value,omitempty"`
	// Words are the words the placement creates: "TEXT path (points)".
	Words  []string `json:"words"`
	Chosen bool     `json:"chosen,omitempty"`
}

// wordflowHintResult is the JSON form of the wordflow hint output.
type wordflowHintResult struct {
	Game     string             `json:"game"`
	Variant  string             `json:"variant"`
	Lexicon  string             `json:"lexicon"`
	Players  int                `json:"players"`
	ToMove   int                `json:"to_move"`
	Hand     string             `json:"hand"`
	Scores   []int              `json:"scores"`
	Pool     int                `json:"pool"`
	Position string             `json:"position"`
	RankedBy string             `json:"ranked_by"`
	Choice   string             `json:"choice,omitempty"`
	Total    int                `json:"total_moves"`
	Moves    []wordflowHintMove `json:"moves"`
}

// wordflowState returns the position of the hint or play flags: a
// position file (ParsePosition; "-" reads in), else a fresh game dealt
// from seed with players seats and the variant.
func (a *app) wordflowState(in io.Reader, file, variant string, players int, seed uint64) (*wordflow.State, string, error) {
	lx, err := a.loadLexicon(a.lexiconSpec)
	if err != nil {
		return nil, "", err
	}
	if file != "" {
		data, name, err := readPosition(in, file)
		if err != nil {
			return nil, "", err
		}
		s, err := wordflow.ParsePosition(lx.Lexicon, string(data), rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", name, err)
		}
		return s, lx.Name, nil
	}
	s, err := wordflow.NewGame(game.Config{Lexicon: lx.Lexicon, Players: players, Variant: variant, Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		return nil, "", err
	}
	return s, lx.Name, nil
}

// wordflowWords describes the words placement m creates in s.
func wordflowWords(s *wordflow.State, m game.Move) []string {
	words := s.Words(nil, m)
	out := make([]string, 0, len(words))
	s.Play(m)
	for _, w := range words {
		out = append(out, s.Describe(w))
	}
	s.Undo()
	return out
}

// runHintWordFlow is `wordengine hint --game wordflow`.
func (a *app) runHintWordFlow(c *cobra.Command, f *hintFlags) error {
	path := c.CommandPath()
	switch {
	case f.cgp != "" || f.gcg != "" || f.turn != 0 || f.rack != "" || f.board != "":
		return usagef(path, "--game wordflow takes --position (or a fresh game from --seed, --players, --variant), not --cgp, --gcg, --turn, --rack or --board")
	case f.position != "" && (c.Flags().Changed("players") || f.variant != ""):
		return usagef(path, "--position gives the players and the rules: --players and --variant go with a fresh game")
	case f.players < 1 || f.players > wordflow.MaxPlayers:
		return usagef(path, "--players %d: want 1 to %d", f.players, wordflow.MaxPlayers)
	case f.top < 0:
		return usagef(path, "--top %d: want 0 (all) or more", f.top)
	}
	if f.position == "" {
		if _, err := wordflow.ParseOptions(f.variant, f.players); err != nil {
			return usagef(path, "--variant: %v", err)
		}
	}
	player, err := search.New(f.player)
	if err != nil {
		return specError(path, "--player", err)
	}
	s, lexName, err := a.wordflowState(c.InOrStdin(), f.position, f.variant, f.players, a.seed)
	if err != nil {
		return err
	}
	if s.Over() {
		return fmt.Errorf("the game is over (scores %s): no move to hint", wordflowScores(s))
	}
	ctx := c.Context()
	cands, choice, ranks, rankedBy, err := hintRank(ctx, player, f.player, s, a.seed)
	if err != nil {
		return err
	}
	p := s.ToMove()
	res := wordflowHintResult{Game: wordflow.Name, Variant: s.Options().String(), Lexicon: lexName, Players: s.Players(),
		ToMove: p, Hand: s.HandText(p), Pool: s.PoolLen(), Position: s.Format(), RankedBy: rankedBy, Total: len(s.AppendMoves(nil))}
	for q := range s.Players() {
		res.Scores = append(res.Scores, s.Score(q))
	}
	if !ranks {
		res.Choice = s.FormatMove(choice)
	}
	for i, cd := range cands {
		show, chosen := hintShown(i, f.top, cd.Move, choice, ranks)
		if !show {
			continue
		}
		res.Moves = append(res.Moves, wordflowHintMove{Rank: i + 1, Move: s.FormatMove(cd.Move), Score: cd.Score,
			Equity: candidateNumber(cd), Value: cd.Value().String(), Words: wordflowWords(s, cd.Move), Chosen: chosen})
	}
	if f.json {
		return writeJSON(a.stdout, res)
	}
	w := a.stdout
	fmt.Fprint(w, s.BoardText())
	fmt.Fprintln(w, wordflowLegend)
	fmt.Fprintf(w, "wordflow %s, lexicon %s: seat %d to move, scores %s, pool %d\n", res.Variant, lexName, p, wordflowScores(s), s.PoolLen())
	fmt.Fprintf(w, "hand: %s\n", res.Hand)
	fmt.Fprintf(w, "%d legal moves, ranked by %s", res.Total, rankedBy)
	if !ranks {
		fmt.Fprintf(w, " (%s cannot rank; it chooses %s, marked >)", f.player, res.Choice)
	}
	fmt.Fprintln(w)
	writeWordflowMoves(w, res.Moves)
	return nil
}

// writeWordflowMoves prints ranked moves with their words.
func writeWordflowMoves(w io.Writer, moves []wordflowHintMove) {
	width := len("move")
	for _, m := range moves {
		width = max(width, len(m.Move))
	}
	fmt.Fprintf(w, "%5s  %-*s %5s %7s  %s\n", "rank", width, "move", "score", "value", "words")
	for _, m := range moves {
		mark := " "
		if m.Chosen {
			mark = ">"
		}
		fmt.Fprintf(w, "%s%4d  %-*s %5d %7s  %s\n", mark, m.Rank, width, m.Move, m.Score, valueText(m.Value, m.Equity), strings.Join(m.Words, ", "))
	}
}

// wordflowLegend explains the puzzle drawing and the move notation.
const wordflowLegend = `cells: label, points, arrow (> right, v down, + both, . none); ## corner; empty . (parity A) or : (parity B)
moves: PIECE CELL, e.g. TH5v c4 (edges N:T1> ...); words: TEXT path (points), the path's cells with > or v between them`

// wordflowScores gives every seat's score.
func wordflowScores(s *wordflow.State) string {
	parts := make([]string, s.Players())
	for q := range parts {
		parts[q] = fmt.Sprintf("%d", s.Score(q))
	}
	return strings.Join(parts, "-")
}
