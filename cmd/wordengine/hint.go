package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/game/wwf"
	"wordengine/search"
)

// hintFlags are the flags of `wordengine hint`.
type hintFlags struct {
	game    string
	variant string
	cgp     string
	gcg     string
	turn    int
	rack    string
	top     int
	json    bool
	player  string
	// Shared by the games other than wwf and scrabble (see games.go).
	position string       // a position file in the game's text format
	board    string       // a fresh game on this board
	players  int          // players of a fresh game
	sim      simHintFlags // --sim (hint_sim.go)

	endgame endgameHintFlags // --endgame (hint_endgame.go)
}

func (a *app) hintCommand() *cobra.Command {
	var f hintFlags
	var seed uint64
	c := &cobra.Command{
		Use:   "hint (--cgp POSITION | --gcg FILE [--turn N]) [flags]",
		Short: "Rank every legal move of a position",
		Long: `hint lists the legal moves of the player to move, best first by equity
(the static player: score plus the value of the leave, in points), in GCG
notation with their score, the leave (the tiles kept) and the equity.

The position is a CGP record (--cgp "BOARD RACK/RACK SCORE/SCORE ZEROS [lex X;]")
or a GCG game record (--gcg FILE) before its turn --turn N (1 = the first
event; default: after the last event). --rack replaces the rack of the player
to move; it must be drawable from the unseen tiles.`,
		Example: `  wordengine hint --cgp "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
  wordengine hint --game scrabble --gcg game.gcg --turn 12 --top 5
  wordengine hint --cgp "..." --rack 'QI?' --json
  wordengine hint --cgp "..." --sim --plies 2 --iterations 400 --stop 99
  wordengine hint --game scrabble --lexicon sowpods --cgp "..." --endgame --plies 8 --threads 1
  wordengine hint --game wordblock --position game.txt   (or --board CATS/DOGE/RIPE/TONE)
  wordengine hint --game upwords --position game/upwords/testdata/position.txt --top 5
  wordengine hint --game twoway --position seen.txt   (what the player to move sees: play's save; default player static)`,
		Args:          noArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE: func(c *cobra.Command, _ []string) error {
			a.seed = seed // hint's own flag: the main command's --seed has another default
			return a.runHint(c, &f)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.game, "game", "wwf", "game: "+gameList(hintRunners))
	fl.StringVar(&f.variant, "variant", "", "rule options, key=value[,key=value] (wwf: lang=en|es|it|pt|de|fr, end=deduct|none)")
	fl.StringVar(&f.position, "position", "", "games other than wwf and scrabble: a position file in the game's text format (- for standard input)")
	fl.StringVar(&f.board, "board", "", "games other than wwf and scrabble: a fresh game on this board (wordblock: ROW/ROW/..., e.g. CATS/DOGE/RIPE/TONE)")
	fl.IntVar(&f.players, "players", 2, "games other than wwf and scrabble: players of a fresh game (--board or a random one), 2 to 4")
	f.sim.register(fl)
	f.endgame.register(fl)
	fl.StringVar(&f.cgp, "cgp", "", "the position as a CGP record")
	fl.StringVar(&f.gcg, "gcg", "", "a GCG game record file (- for standard input)")
	fl.IntVar(&f.turn, "turn", 0, "with --gcg: the position before this event (1-based); 0: after the last event")
	fl.StringVar(&f.rack, "rack", "", "the rack of the player to move ('?' = blank)")
	fl.IntVar(&f.top, "top", 10, "how many moves to list (0: all)")
	fl.BoolVar(&f.json, "json", false, "write JSON")
	fl.StringVar(&f.player, "player", "static", "the player whose ranking to show: static (equity), greedy (score), or NAME:OPTIONS (wordblock: default om, as in play)")
	fl.Uint64Var(&seed, "seed", 1, "random seed for unknown racks")
	return c
}

// hintMove is one ranked move of the hint output.
type hintMove struct {
	Rank  int    `json:"rank"`
	Move  string `json:"move"`
	Score int    `json:"score"`
	Leave string `json:"leave"`
	// Equity is the player's valuation in points (score + leave value for
	// static).
	Equity float64 `json:"equity"`
}

// hintResult is the JSON form of the hint output.
type hintResult struct {
	Game    string     `json:"game"`
	Lexicon string     `json:"lexicon"`
	ToMove  int        `json:"to_move"`
	Rack    string     `json:"rack"`
	Scores  []int      `json:"scores"`
	Bag     int        `json:"bag"`
	CGP     string     `json:"cgp"`
	Total   int        `json:"total_moves"`
	Moves   []hintMove `json:"moves"`
}

func (a *app) runHint(c *cobra.Command, f *hintFlags) error {
	path := c.CommandPath()
	if run, ok := hintRunners[f.game]; ok {
		if f.sim.on {
			return usagef(path, "--sim: hint --sim serves wwf and scrabble; for %s use --player sim[:OPTIONS] where the game hides information", f.game)
		}
		if f.endgame.on {
			return usagef(path, "--endgame: hint --endgame serves wwf and scrabble; for %s use --player endgame", f.game)
		}
		return run(a, c, f)
	}
	if (f.cgp == "") == (f.gcg == "") {
		return usagef(path, "give exactly one of --cgp and --gcg")
	}
	if f.turn != 0 && f.gcg == "" {
		return usagef(path, "--turn goes with --gcg")
	}
	if f.top < 0 {
		return usagef(path, "--top %d: want 0 (all) or more", f.top)
	}
	if f.game != "wwf" && f.game != "scrabble" {
		return usagef(path, "--game %q: hint supports %s (known games: %s)", f.game, gameList(hintRunners), strings.Join(game.Names(), ", "))
	}
	simOpts, err := f.simOptions(c)
	if err != nil {
		return err
	}
	ranker, err := search.New(f.player)
	if err != nil {
		return specError(path, "--player", err)
	}
	rk, ok := ranker.(search.Ranker)
	if !ok {
		return usagef(path, "--player %s cannot rank moves", f.player)
	}
	rules, _, err := wwf.Rules(f.game, f.variant)
	if err != nil {
		return usagef(path, "%v", err)
	}
	lx, err := a.loadLexicon(a.lexiconSpec)
	if err != nil {
		return err
	}
	var s *crossword.State
	var known [2]bool // racks given by the position (others are drawn at random)
	if f.cgp != "" {
		cg, err := wwf.ParseCGP(f.cgp)
		if err != nil {
			return err
		}
		if s, err = wwf.FromCGP(cg, rules, lx.Lexicon, a.seed); err != nil {
			return err
		}
		for p := range 2 {
			known[p] = cg.Racks[p] != ""
		}
		for _, w := range wwf.CGPWarnings(cg, rules, lx.Lexicon) {
			fmt.Fprintf(a.stderr, "wordengine: warning: %s\n", w)
		}
	} else {
		data, name, err := readPosition(c.InOrStdin(), f.gcg)
		if err != nil {
			return err
		}
		rec, err := wwf.ReadGCG(bytes.NewReader(data), name)
		if err != nil {
			return err
		}
		turn := len(rec.Events)
		if f.turn != 0 {
			if f.turn < 1 || f.turn > len(rec.Events)+1 {
				return usagef(path, "--turn %d: %s has %d events (turns 1 to %d)", f.turn, name, len(rec.Events), len(rec.Events)+1)
			}
			turn = f.turn - 1
		}
		pos, err := wwf.ReplayPosition(rec, rules, lx.Lexicon, wwf.ReplayOptions{
			Turn: turn, Seed: a.seed,
			Warn: func(err error) { fmt.Fprintf(a.stderr, "wordengine: warning: %v\n", err) },
		})
		if err != nil {
			return err
		}
		s, known = pos.State, pos.RackKnown
	}
	if s.Over() {
		return fmt.Errorf("the game is over (scores %d-%d): no move to hint", s.Score(0), s.Score(1))
	}
	p := s.ToMove()
	if f.rack != "" {
		tiles, err := s.Alphabet().Parse(nil, strings.ToUpper(f.rack))
		if err != nil {
			return fmt.Errorf("--rack %q: %w", f.rack, err)
		}
		if len(tiles) > rules.RackSize {
			return fmt.Errorf("--rack %q has %d tiles: want at most %d", f.rack, len(tiles), rules.RackSize)
		}
		if err := s.SetRack(p, tiles); err != nil {
			return err
		}
		known[p] = true
	}
	if !known[p] {
		return fmt.Errorf("the rack of player %d (to move) is unknown: give it with --rack", p+1)
	}
	moves := s.AppendMoves(nil)
	cands, err := rk.Rank(c.Context(), s, nil)
	if err != nil {
		return err
	}
	res := hintResult{
		Game: f.game, Lexicon: lx.Name, ToMove: p + 1,
		Rack:   s.Alphabet().Format(s.Rack(nil, p)),
		Scores: []int{s.Score(0), s.Score(1)},
		Bag:    s.BagLen(), Total: len(moves),
	}
	cg := wwf.ToCGP(s)
	if !known[1-p] {
		cg.Racks[1] = "" // the opponent's rack is not known: it was drawn only to fill the bag
	}
	res.CGP = cg.String()
	if f.endgame.on {
		return a.runHintEndgame(c, f, s, res)
	}
	if f.sim.on {
		return a.runHintSim(c, f, simOpts, s, res)
	}
	n := len(cands)
	if f.top > 0 {
		n = min(n, f.top)
	}
	for i, cd := range cands[:n] {
		res.Moves = append(res.Moves, hintMove{
			Rank: i + 1, Move: s.FormatMove(cd.Move), Score: cd.Score,
			Leave: s.Alphabet().Format(s.Leave(nil, cd.Move)), Equity: float64(cd.Equity) / 1000,
		})
	}
	if f.json {
		return writeJSON(a.stdout, res)
	}
	w := a.stdout
	fmt.Fprint(w, s.BoardText())
	fmt.Fprintln(w, crossword.BoardLegend)
	fmt.Fprintf(w, "scores %d-%d, %d tiles in the bag\n", s.Score(0), s.Score(1), s.BagLen())
	fmt.Fprintf(w, "%s, lexicon %s: player %d to move with %s; %d legal moves\n", f.game, lx.Name, p+1, res.Rack, len(moves))
	switch {
	case f.player == "greedy":
		fmt.Fprintf(w, "ranked by greedy: equity = score\n")
	case f.player == "sim" || strings.HasPrefix(f.player, "sim:"):
		fmt.Fprintf(w, "ranked by %s: equity = mean spread change over the rollout + value of the final leave (points)\n", f.player)
	default:
		fmt.Fprintf(w, "ranked by %s: equity = score + leave value (points)\n", f.player)
	}
	fmt.Fprintf(w, "%4s  %-22s %5s  %-8s %7s\n", "rank", "move", "score", "leave", "equity")
	for _, m := range res.Moves {
		fmt.Fprintf(w, "%4d  %-22s %5d  %-8s %7.1f\n", m.Rank, m.Move, m.Score, m.Leave, m.Equity)
	}
	return nil
}
