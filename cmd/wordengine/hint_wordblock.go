package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"wordengine/game"
	"wordengine/game/wordblock"
	"wordengine/search"
)

func init() {
	hintRunners["wordblock"] = (*app).runHintWordBlock
}

// wordblockDefaultPlayer ranks wordblock hints unless --player says
// otherwise.
const wordblockDefaultPlayer = "om"

// wordblockHintMove is one ranked move of the wordblock hint output.
type wordblockHintMove struct {
	Rank  int    `json:"rank"`
	Move  string `json:"move"`
	Score int    `json:"score"` // cells the move gains
	// Equity is the ranker's valuation in points; Value says it in words
	// ("+3.7", "win +2 (one-ply opponents)").
	Equity float64 `json:"equity"`
	Value  string  `json:"value"`
	// Chosen marks the move the --player chooses when it cannot rank.
	Chosen bool `json:"chosen,omitempty"`
}

// wordblockHintResult is the JSON form of the wordblock hint output.
type wordblockHintResult struct {
	Game     string              `json:"game"`
	Lexicon  string              `json:"lexicon"`
	Players  int                 `json:"players"`
	ToMove   string              `json:"to_move"`
	Scores   []int               `json:"scores"`
	Secured  []int               `json:"secured"`
	Position string              `json:"position"`
	RankedBy string              `json:"ranked_by"`
	Player   string              `json:"player"`
	Choice   string              `json:"choice,omitempty"`
	Total    int                 `json:"total_moves"`
	Moves    []wordblockHintMove `json:"moves"`
}

// wordblockValue writes a ranker's valuation (milli-points; a decided game
// is beyond ±WinValue/2) for people.
func wordblockValue(eq int64) string { return candidateValue(search.Candidate{Equity: eq}) }

// candidateValue writes a candidate's valuation for people, with what it
// assumes ("+3.5", "win +5 (one-ply opponents)").
func candidateValue(cd search.Candidate) string {
	v := cd.Value()
	if v.Outcome == search.Estimate && v.Deals == 0 {
		return fmt.Sprintf("%+.1f", v.Points)
	}
	return v.String()
}

// candidateNumber is a candidate's valuation in points for JSON (a
// decided game counts as ±1000 points plus the margin; 0 for a move not
// searched).
func candidateNumber(cd search.Candidate) float64 {
	n, _ := cd.Value().Number()
	return n
}

// valueText is a valuation for a table: value in words when given, else
// the points.
func valueText(value string, points float64) string {
	if value != "" {
		return value
	}
	return fmt.Sprintf("%.1f", points)
}

// wordblockEquity is the valuation in points for JSON (the result of a
// decided game counts as ±1000 points).
func wordblockEquity(eq int64) float64 {
	cd := search.Candidate{Equity: eq}
	n, _ := cd.Value().Number()
	return n
}

// isTerminalWriter reports whether w is a terminal (then boards are drawn
// in colour).
func isTerminalWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// wordblockState returns the wordblock position of the hint or play
// flags: a position read from file ("-": in), else a fresh game on board
// (ROW/ROW/...) or, without one, on a random board drawn from seed, with
// players seats and the rule options of variant. A bad board or variant
// is a usage error of the command path (exit status 2); a bad position
// file is an ordinary error naming the file.
func (a *app) wordblockState(path string, in io.Reader, file, board, variant string, players int, seed uint64) (*wordblock.State, string, error) {
	lx, err := a.loadLexicon(a.lexiconSpec)
	if err != nil {
		return nil, "", err
	}
	if file != "" {
		data, name, err := readPosition(in, file)
		if err != nil {
			return nil, "", err
		}
		s, err := wordblock.ParsePosition(lx.Lexicon, string(data))
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", name, err)
		}
		return s, lx.Name, nil
	}
	if board != "" {
		// The board travels as variant board=, whose value ends at a
		// comma; a comma or '=' in --board is not a letter anyway.
		for _, kv := range strings.Split(variant, ",") {
			if k, _, _ := strings.Cut(kv, "="); strings.TrimSpace(k) == "board" {
				return nil, "", usagef(path, "give the board once: --board or --variant board=, not both")
			}
		}
		if i := strings.IndexAny(board, ",="); i >= 0 {
			return nil, "", usagef(path, "--board %q: column %d: %q is not a letter (rows are separated by '/', like CATS/DOGE/RIPE/TONE)", board, utf8.RuneCountInString(board[:i])+1, board[i])
		}
		variant = strings.Trim(variant+",board="+board, ",")
	}
	s, err := wordblock.NewGame(game.Config{Lexicon: lx.Lexicon, Players: players, Variant: variant, Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		// --board and --variant are the only inputs here: a usage error.
		return nil, "", usagef(path, "%v", err)
	}
	return s, lx.Name, nil
}

// runHintWordBlock is `wordengine hint --game wordblock`.
func (a *app) runHintWordBlock(c *cobra.Command, f *hintFlags) error {
	path := c.CommandPath()
	switch {
	case f.cgp != "" || f.gcg != "" || f.turn != 0 || f.rack != "":
		return usagef(path, "--game wordblock takes --position or --board, not --cgp, --gcg, --turn or --rack")
	case f.position != "" && f.board != "":
		return usagef(path, "give at most one of --position and --board")
	case f.position != "" && (c.Flags().Changed("players") || f.variant != ""):
		return usagef(path, "--position gives the players and the rule: --players and --variant go with --board")
	case f.players < wordblock.MinPlayers || f.players > wordblock.MaxPlayers:
		return usagef(path, "--players %d: want %d to %d", f.players, wordblock.MinPlayers, wordblock.MaxPlayers)
	case f.top < 0:
		return usagef(path, "--top %d: want 0 (all) or more", f.top)
	}
	spec := f.player
	if !c.Flags().Changed("player") {
		spec = wordblockDefaultPlayer
	}
	player, err := search.New(spec)
	if err != nil {
		return specError(path, "--player", err)
	}
	s, lexName, err := a.wordblockState(path, c.InOrStdin(), f.position, f.board, f.variant, f.players, a.seed)
	if err != nil {
		return err
	}
	if s.Over() {
		return fmt.Errorf("the game is over (%s): no move to hint", wordblockScores(s))
	}
	ctx := c.Context()
	cands, choice, ranks, rankedBy, err := hintRank(ctx, player, spec, s, a.seed)
	if err != nil {
		return err
	}
	p := s.ToMove()
	res := wordblockHintResult{
		Game: wordblock.Name, Lexicon: lexName, Players: s.Players(), ToMove: wordblock.Colours[p],
		Position: s.Format(), RankedBy: rankedBy, Player: spec, Total: len(s.AppendMoves(nil)),
	}
	for q := range s.Players() {
		res.Scores = append(res.Scores, s.Score(q))
		res.Secured = append(res.Secured, s.Secured(q))
	}
	if !ranks {
		res.Choice = s.FormatMove(choice)
	}
	for i, cd := range cands {
		show, chosen := hintShown(i, f.top, cd.Move, choice, ranks)
		if !show {
			continue
		}
		res.Moves = append(res.Moves, wordblockHintMove{
			Rank: i + 1, Move: s.FormatMove(cd.Move), Score: cd.Score,
			Equity: wordblockEquity(cd.Equity), Value: candidateValue(cd), Chosen: chosen,
		})
	}
	if f.json {
		return writeJSON(a.stdout, res)
	}
	w := a.stdout
	fmt.Fprint(w, s.Render(isTerminalWriter(w)))
	fmt.Fprintln(w, wordblockLegend)
	fmt.Fprintf(w, "wordblock, lexicon %s: %s to move; %d legal moves (pass included)\n", lexName, wordblock.Colours[p], res.Total)
	if ranks {
		fmt.Fprintf(w, "ranked by %s: %s\n", spec, wordblockRankNote(spec))
	} else {
		fmt.Fprintf(w, "%s cannot rank moves: ranked by greedy (cells gained); %s chooses %s (marked >)\n", spec, spec, res.Choice)
	}
	writeWordblockMoves(w, res.Moves)
	return nil
}

// writeWordblockMoves prints ranked moves as a table.
func writeWordblockMoves(w io.Writer, moves []wordblockHintMove) {
	width := len("move")
	for _, m := range moves {
		width = max(width, len(m.Move))
	}
	fmt.Fprintf(w, "%5s  %-*s %5s  %s\n", "rank", width, "move", "cells", "value")
	for _, m := range moves {
		mark := " "
		if m.Chosen {
			mark = ">"
		}
		fmt.Fprintf(w, "%s%4d  %-*s %5d  %s\n", mark, m.Rank, width, m.Move, m.Score, m.Value)
	}
}

// wordblockRankNote says what a ranker's values mean.
func wordblockRankNote(spec string) string {
	name, _, _ := strings.Cut(spec, ":")
	switch name {
	case "greedy":
		return "the cells the move gains"
	case "static":
		return "after the move, the mover's evaluation minus the best opponent's (cells, +0.7 per secured cell)"
	case "alphabeta", "maxn", "om":
		// Rank puts the moves searched at the deepest depth first; the
		// rest follow by their one-ply value, a different scale, so a
		// later row can show a larger value: say so.
		return "the searched margin over the best opponent (cells, +0.7 per secured cell);\n" +
			"the moves the search reached at its deepest depth come first, the others follow by their value one ply ahead (not comparable)"
	}
	return "the player's valuation, in points"
}

// wordblockLegend explains the board drawing.
const wordblockLegend = "cells: letter, colour (b BLUE, o ORANGE, v VIOLET, y YELLOW, . none), * secured"

// wordblockScores gives every seat's cells.
func wordblockScores(s *wordblock.State) string {
	parts := make([]string, s.Players())
	for q := range parts {
		parts[q] = fmt.Sprintf("%s %d", wordblock.Colours[q], s.Score(q))
	}
	return strings.Join(parts, ", ")
}
