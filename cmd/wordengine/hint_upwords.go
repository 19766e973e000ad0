package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/upwords"
	"wordengine/lexicon"
	"wordengine/search"
)

func init() {
	hintRunners[upwords.Name] = (*app).runHintUpwords
}

// upwordsHintMove is one ranked move of the upwords hint output.
type upwordsHintMove struct {
	Rank   int     `json:"rank"`
	Move   string  `json:"move"`
	Score  int     `json:"score"`
	Leave  string  `json:"leave"`
	Equity float64 `json:"equity"`          // points (a decided game: ±1000 plus the margin)
	Value  string  `json:"value,omitempty"` // in words: "12.5", "win +3"
	// Chosen marks the move the --player chooses when it cannot rank.
	Chosen bool `json:"chosen,omitempty"`
}

// upwordsHintResult is the JSON form of the upwords hint output.
type upwordsHintResult struct {
	Game     string            `json:"game"`
	Variant  string            `json:"variant"`
	Lexicon  string            `json:"lexicon"`
	Players  int               `json:"players"`
	ToMove   int               `json:"to_move"` // 1-based seat
	Rack     string            `json:"rack"`
	Scores   []int             `json:"scores"`
	Pool     int               `json:"pool"`
	Position string            `json:"position"`
	RankedBy string            `json:"ranked_by"`
	Choice   string            `json:"choice,omitempty"`
	Total    int               `json:"total_moves"`
	Moves    []upwordsHintMove `json:"moves"`
}

// upwordsState returns the upwords position of the hint or play flags: a
// position file ("-": in), else a fresh game dealt from seed with players
// seats and the rule options of variant.
func (a *app) upwordsState(in io.Reader, file, variant string, players int, seed uint64) (*upwords.State, string, error) {
	lx, err := a.loadLexicon(a.lexiconSpec)
	if err != nil {
		return nil, "", err
	}
	if file != "" {
		data, name, err := readPosition(in, file)
		if err != nil {
			return nil, "", err
		}
		s, err := upwords.ParsePosition(lx.Lexicon, string(data))
		if err != nil {
			return nil, "", fmt.Errorf("%s: %w", name, err)
		}
		s.Reseed(seed)
		return s, lx.Name, nil
	}
	s, err := upwords.NewGame(game.Config{Lexicon: lx.Lexicon, Players: players, Variant: variant, Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		return nil, "", err
	}
	return s, lx.Name, nil
}

// upwordsTiles writes tiles as the game does (the Qu tile "Qu"), "-" for none.
func upwordsTiles(ts []lexicon.Tile) string {
	var sb strings.Builder
	for _, t := range ts {
		if l := upwords.Alphabet().Letter(t); l == "QU" {
			sb.WriteString("Qu")
		} else {
			sb.WriteString(l)
		}
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}

// runHintUpwords is `wordengine hint --game upwords`.
func (a *app) runHintUpwords(c *cobra.Command, f *hintFlags) error {
	path := c.CommandPath()
	switch {
	case f.cgp != "" || f.gcg != "" || f.turn != 0 || f.board != "":
		return usagef(path, "--game upwords takes --position FILE (or a fresh game: --players, --variant, --seed), not --cgp, --gcg, --turn or --board")
	case f.position != "" && (c.Flags().Changed("players") || f.variant != ""):
		return usagef(path, "--position gives the players and the rules: --players and --variant go with a fresh game")
	case f.players < upwords.MinPlayers || f.players > upwords.MaxPlayers:
		return usagef(path, "--players %d: want %d to %d", f.players, upwords.MinPlayers, upwords.MaxPlayers)
	case f.top < 0:
		return usagef(path, "--top %d: want 0 (all) or more", f.top)
	}
	if _, err := upwords.ParseVariant(f.variant); err != nil {
		return usagef(path, "--variant: %v", err)
	}
	player, err := search.New(f.player)
	if err != nil {
		return specError(path, "--player", err)
	}
	s, lexName, err := a.upwordsState(c.InOrStdin(), f.position, f.variant, f.players, a.seed)
	if err != nil {
		return err
	}
	if f.rack != "" {
		ts, err := upwords.ParseTiles(strings.ToUpper(f.rack))
		if err != nil {
			return usagef(path, "--rack: %v", err)
		}
		if err := s.SetRack(s.ToMove(), ts); err != nil {
			return fmt.Errorf("--rack: %w", err)
		}
	}
	if s.Over() {
		if f.position == "-" {
			return fmt.Errorf("standard input: the game is over: no move to hint")
		}
		if f.position != "" {
			return fmt.Errorf("%s: the game is over: no move to hint", f.position)
		}
		return fmt.Errorf("the game is over: no move to hint")
	}
	ctx := c.Context()
	cands, choice, ranks, rankedBy, err := hintRank(ctx, player, f.player, s, a.seed)
	if err != nil {
		return err
	}
	p := s.ToMove()
	res := upwordsHintResult{
		Game: upwords.Name, Variant: s.Rules().Variant(), Lexicon: lexName, Players: s.Players(), ToMove: p + 1,
		Rack: upwordsTiles(s.Rack(nil, p)), Pool: s.BagLen(), Position: s.Format(), RankedBy: rankedBy, Total: len(s.AppendMoves(nil)),
	}
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
		res.Moves = append(res.Moves, upwordsHintMove{
			Rank: i + 1, Move: s.FormatMove(cd.Move), Score: cd.Score,
			Leave: upwordsTiles(s.Leave(nil, cd.Move)), Equity: candidateNumber(cd), Value: cd.Value().String(), Chosen: chosen,
		})
	}
	if f.json {
		return writeJSON(a.stdout, res)
	}
	w := a.stdout
	fmt.Fprint(w, s.String())
	fmt.Fprintln(w, upwordsLegend)
	fmt.Fprintf(w, "upwords (%s), lexicon %s: player %d to move, rack %s; %d legal moves (exchanges and pass included)\n",
		res.Variant, lexName, p+1, res.Rack, res.Total)
	if ranks {
		fmt.Fprintf(w, "ranked by %s (%s)\n", rankedBy, upwordsRankNote(rankedBy, s.BagLen()))
	} else {
		fmt.Fprintf(w, "%s cannot rank moves: ranked by greedy (score); %s chooses %s (marked >)\n", f.player, f.player, res.Choice)
	}
	writeUpwordsMoves(w, res.Moves)
	return nil
}

// upwordsRankNote says what the equity column holds for the player
// spec name (NAME or NAME:OPTIONS) with pool tiles left in the pool.
func upwordsRankNote(name string, pool int) string {
	name, _, _ = strings.Cut(name, ":")
	switch {
	case name == "greedy":
		return "equity: the score, in points"
	case name == "static" && pool > 0:
		return "equity: score plus the leave's value, in points"
	case name == "static":
		return "equity: score minus 5 per tile kept, or plus 5 per tile on the other racks for going out, in points"
	}
	return "equity: the player's valuation of the move, in points"
}

// upwordsLegend explains the board drawing.
const upwordsLegend = "squares: top letter and stack height (E1, Qu3); . empty, * empty centre square"

// writeUpwordsMoves prints ranked moves as a table.
func writeUpwordsMoves(w io.Writer, moves []upwordsHintMove) {
	width := len("move")
	for _, m := range moves {
		width = max(width, len(m.Move))
	}
	fmt.Fprintf(w, "%5s  %-*s %5s  %-7s %7s\n", "rank", width, "move", "score", "leave", "equity")
	for _, m := range moves {
		mark := " "
		if m.Chosen {
			mark = ">"
		}
		fmt.Fprintf(w, "%s%4d  %-*s %5d  %-7s %7s\n", mark, m.Rank, width, m.Move, m.Score, m.Leave, valueText(m.Value, m.Equity))
	}
}
