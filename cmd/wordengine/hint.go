package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"wordengine/game"
	"wordengine/game/driver"
	"wordengine/lexicon"
	"wordengine/search"
)

// hintFlags are the flags of `wordengine hint`.
type hintFlags struct {
	game     string
	variant  string
	position string // a position file in the game's text format
	cgp      string // the position as text (a CGP line)
	record   string // a record file (GCG or JSON)
	turn     int
	rack     string
	board    string
	players  int
	top      int
	json     bool
	player   string
	seed     uint64
	modes    []hintModeRun // the hint modes (hintModes) of this command
}

// hintMode is a way to rank a hint's moves besides a player's ranking
// (--sim; --endgame): a file that adds one appends it to hintModes in an
// init function. add registers its flags on the flag set of one hint
// command and returns what that command calls.
type hintMode struct {
	add func(fl *pflag.FlagSet) hintModeRun
}

// hintModeRun is a hint mode in one hint command.
type hintModeRun struct {
	// active reports whether the flags ask for it.
	active func() bool
	// sharesSim reports that the mode reads the flags of --sim that it
	// shares (--plies, --time, --threads) as its own when it is active.
	sharesSim bool
	// check checks its flags before the position is set up (usage
	// errors); it may be nil.
	check func(c *cobra.Command, f *hintFlags) error
	// run ranks the moves of h's position and prints them.
	run func(a *app, c *cobra.Command, h *hintSetup) error
}

var hintModes []hintMode

// simFlagsTaken reports whether an active mode other than --sim reads the
// flags it shares with --sim (hintModeRun.sharesSim).
// What hint's whole-number flags allow (span).
var (
	turnSpan = span{0, maxCount, fmt.Sprintf("1 to %d (0: after the last)", maxCount)}
	topSpan  = span{0, maxCount, fmt.Sprintf("0 (all) to %d", maxCount)}
)

func (f *hintFlags) simFlagsTaken() bool {
	for _, m := range f.modes {
		if m.sharesSim && m.active() {
			return true
		}
	}
	return false
}

// hintSetup is the position a hint ranks and what its output shows of it.
type hintSetup struct {
	w     io.Writer
	tile  string // what the bag holds ("tile", "piece")
	spec  game.Spec
	f     *hintFlags
	state game.State
	seat  int // the player to move
	res   hintResult
}

func (a *app) hintCommand() *cobra.Command {
	var f hintFlags
	c := &cobra.Command{
		Use:   "hint [--position FILE | --cgp POSITION | --record FILE [--turn N]] [flags]",
		Short: "Rank the legal moves of a position",
		Long: `hint lists the legal moves of the player to move, best first by a player's
valuation (--player; default: the game's strongest player for hints), with
their score, the leave (the tiles kept) where the game has racks, and the
value in points.

The position is one of:
  --position FILE   a position in the game's text format ("-": standard input;
                    a CGP line for the crossword games)
  --cgp TEXT        the same given on the command line (CGP: "BOARD
                    RACK/RACK SCORE/SCORE ZEROS [lex X;]")
  --record FILE     a game record (GCG for the crossword games, the JSON record
                    of play's save for the others; --gcg is the same), before
                    its turn --turn N (1 = the first move; default: the end)
  none of them      a fresh game dealt from --seed (--players, --variant, --board)
The hint ranks on what the player to move sees: the hidden tiles and faces of
the others are dealt at random (--seed). --rack replaces the rack of the
player to move; it must be drawable from the unseen tiles.

The games:
` + gamesHelp() + playersHelp,
		Example: `  wordengine hint --cgp "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
  wordengine hint --game scrabble --gcg game.gcg --turn 12 --top 5
  wordengine hint --cgp "..." --rack 'QI?' --json
  wordengine hint --cgp "..." --sim --plies 2 --iterations 400 --stop 99
  wordengine hint --game scrabble --cgp "..." --endgame --plies 8 --threads 1
  wordengine hint --game wordblock --board CATS/DOGE/RIPE/TONE
  wordengine hint --game upwords --position game/upwords/testdata/position.txt --top 5
  wordengine hint --game twoway --record game.json --turn 7 --sim`,
		Args:          noArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE: func(c *cobra.Command, _ []string) error {
			a.seed = f.seed // hint's own flag: the main command's --seed has another default
			return a.runHint(c, &f)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.game, "game", "wwf", "the game: "+strings.Join(game.Names(), ", ")+" (without it, a position's first line names its game)")
	fl.StringVar(&f.variant, "variant", "", "the game's rule options, key=value[,key=value] (with a position: for a CGP line only, whose text does not give them)")
	fl.StringVar(&f.position, "position", "", "a position file in the game's text format (- for standard input)")
	fl.StringVar(&f.cgp, "cgp", "", "the position as text on the command line (a CGP line for the crossword games)")
	fl.StringVar(&f.record, "record", "", "a game record file, GCG or JSON (- for standard input)")
	fl.StringVar(&f.record, "gcg", "", "a GCG game record file: the same as --record")
	intFlag(fl, &f.turn, "turn", 0, "with --record: the position before this turn (1-based: the record's events in GCG, its moves in JSON); 0: after the last", turnSpan)
	fl.StringVar(&f.rack, "rack", "", "the rack of the player to move ('?' = blank)")
	fl.StringVar(&f.board, "board", "", "a fresh game on these letters, ROW/ROW/... (games with a board option: wordblock)")
	nonEmptyFlag(fl, "position", "give a position file, or - for standard input")
	nonEmptyFlag(fl, "cgp", "give the position's text (a CGP line for the crossword games), or leave out --cgp for a fresh game")
	nonEmptyFlag(fl, "record", "give a record file, or - for standard input")
	nonEmptyFlag(fl, "gcg", "give a record file, or - for standard input")
	nonEmptyFlag(fl, "board", "give the letters, ROW/ROW/..., or leave out --board for a board dealt at random")
	fl.IntVar(&f.players, "players", 0, "players of a fresh game (default: the game's usual number)")
	wantFlag(fl, "players", seatsWant())
	intFlag(fl, &f.top, "top", 10, "how many moves to list (0: all)", topSpan)
	fl.BoolVar(&f.json, "json", false, "write JSON")
	fl.StringVar(&f.player, "player", "", "the player whose ranking to show, NAME[:OPTIONS] (default: the game's hint player): "+strings.Join(search.Names(), ", "))
	fl.Uint64Var(&f.seed, "seed", 1, "random seed for what the position does not give (the others' racks, hidden faces, the bag)")
	for _, m := range hintModes {
		f.modes = append(f.modes, m.add(fl))
	}
	return c
}

// hintResult is the JSON form of the hint output.
type hintResult struct {
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	Lexicon string `json:"lexicon"`
	Players int    `json:"players"`
	// ToMove is the seat to move, from 0; Seat names it ("player 1").
	ToMove int    `json:"to_move"`
	Seat   string `json:"seat"`
	// Rack is the rack or hand of the player to move, in the game's
	// notation ("" in games without).
	Rack   string `json:"rack,omitempty"`
	Scores []int  `json:"scores"`
	// Bag is the number of tiles or pieces left to draw, -1 in games
	// without.
	Bag int `json:"bag"`
	// Position is the position as the player to move sees it, in the
	// game's text format (a CGP line for the crossword games).
	Position string `json:"position,omitempty"`
	driver.Hints
}

func (a *app) runHint(c *cobra.Command, f *hintFlags) error {
	path := c.CommandPath()
	spec, err := gameSpec(path, f.game)
	if err != nil {
		return err
	}
	sources := 0
	for _, s := range []string{f.position, f.cgp, f.record} {
		if s != "" {
			sources++
		}
	}
	fresh := sources == 0
	if sources == 1 && f.record == "" && !c.Flags().Changed("game") {
		if spec, err = a.positionGame(c, f, spec); err != nil {
			return err
		}
	}
	switch {
	case sources > 1:
		return usagef(path, "give at most one of --position, --cgp and --record (--gcg)")
	case f.turn != 0 && f.record == "":
		return usagef(path, "--turn goes with --record (--gcg)")
	case !turnSpan.has(f.turn):
		return turnSpan.err(path, "turn", f.turn)
	case !topSpan.has(f.top):
		return topSpan.err(path, "top", f.top)
	case !fresh && (c.Flags().Changed("players") || f.board != ""):
		return usagef(path, "--players and --board go with a fresh game: the position gives them")
	case f.record != "" && f.variant != "":
		return usagef(path, "--variant: the record gives the rules")
	case (f.position != "" || f.cgp != "") && f.variant != "" && spec.PositionFormat != "CGP":
		return usagef(path, "--variant: a %s position gives its rules", spec.Name)
	case !fresh && f.record == "" && spec.ParsePosition == nil:
		return usagef(path, "%s has no text positions: give --record, or nothing for a fresh game", spec.Name)
	}
	var mode *hintModeRun
	for i, m := range f.modes {
		if m.active() {
			mode = &f.modes[i]
		}
		if m.check != nil {
			if err := m.check(c, f); err != nil {
				return err
			}
		}
	}
	if f.player != "" {
		if _, err := search.New(f.player); err != nil {
			return specError(path, "--player", err)
		}
	}
	lexSpec, note := a.hintLexiconSpec(c, spec, f.record, f.cgp)
	if note != "" {
		fmt.Fprintf(a.stderr, "wordengine: note: %s\n", note)
	}
	lx, err := a.gameLexicon(spec, lexSpec)
	if err != nil {
		return err
	}
	pos, spec, where, err := a.hintPosition(c, f, spec, lx.Lexicon)
	if err != nil {
		return err
	}
	playerSpec := f.player
	if playerSpec == "" {
		playerSpec = spec.Hinter
	}
	if playerSpec == "" {
		playerSpec = "static"
	}
	player, err := search.New(playerSpec)
	if err != nil {
		return specError(path, "--player", err)
	}
	for _, w := range pos.Warnings {
		fmt.Fprintf(a.stderr, "wordengine: warning: %s\n", w)
	}
	s := pos.State
	p := s.ToMove()
	if f.rack != "" {
		rs, ok := s.(game.RackSetter)
		if !ok {
			if v, ok := s.(game.SeatViewer); ok {
				if hand := v.SeatView(p).HandName; hand != "" {
					return usagef(path, "--rack: the players of %s hold a %s, which --rack cannot set: give the position with it (--position FILE) or the game so far (--record FILE, as play's save writes it)", spec.Name, hand)
				}
			}
			return usagef(path, "--rack: %s has no racks or hands to set", spec.Name)
		}
		if err := rs.SetRackText(p, f.rack); err != nil {
			return fmt.Errorf("--rack: %s", message(err))
		}
		if p < len(pos.Dealt) {
			pos.Dealt[p] = false
		}
	}
	if pr, ok := s.(game.PartialRacker); ok {
		if w := pr.PartialRack(p); w != "" {
			fmt.Fprintf(a.stderr, "wordengine: warning: %s\n", w)
		}
	}
	if s.Over() {
		return fmt.Errorf("%sthe game is over (%s): no move to hint", where, seatScores(spec, s))
	}
	if p < len(pos.Dealt) && pos.Dealt[p] {
		how := ": give what that player sees (play's save writes it)"
		if _, ok := s.(game.RackSetter); ok {
			how = ": give it with --rack"
		}
		return fmt.Errorf("%s%s is to move but the position does not give what it holds (its rack is unknown)%s", where, spec.SeatName(p), how)
	}
	h := &hintSetup{w: a.stdout, tile: "tile", spec: spec, f: f, state: s, seat: p, res: hintResult{
		Game: spec.Name, Lexicon: lx.Name, Players: s.Players(), ToMove: p, Seat: spec.SeatName(p), Bag: -1,
	}}
	if v, ok := s.(game.SeatViewer); ok {
		view := v.SeatView(p)
		h.res.Variant, h.res.Rack, h.res.Bag = view.Variant, view.HandText, view.Pool
		if view.TileName != "" {
			h.tile = view.TileName
		}
	} else if r, ok := s.(game.Racker); ok {
		h.res.Rack, h.res.Bag = r.Alphabet().Format(r.Rack(nil, p)), r.BagLen()
	}
	if h.res.Variant == "" {
		h.res.Variant = f.variant
	}
	for q := range s.Players() {
		h.res.Scores = append(h.res.Scores, s.Score(q))
	}
	if pw, ok := s.(game.PositionWriter); ok {
		h.res.Position = pw.FormatPosition(p)
	}
	if mode != nil {
		return mode.run(a, c, h)
	}
	hints, err := driver.Rank(c.Context(), s, player, playerSpec, f.top,
		rand.New(rand.NewPCG(a.seed, driver.StreamHint)), rand.New(rand.NewPCG(a.seed, driver.StreamSearch)))
	if err != nil {
		return err
	}
	h.res.Hints = *hints
	if f.json {
		return writeJSON(a.stdout, h.res)
	}
	w := a.stdout
	h.header()
	switch {
	case hints.Choice != "":
		fmt.Fprintf(w, "%s cannot rank moves: ranked by greedy (the score); %s chooses %s (marked >)\n", playerSpec, playerSpec, hints.Choice)
	default:
		fmt.Fprintf(w, "ranked by %s: %s\n", playerSpec, rankNote(playerSpec))
	}
	driver.WriteHints(w, hints, spec.Unit)
	return nil
}

// header prints the position as the player to move sees it and a line
// on who is to move.
func (h *hintSetup) header() {
	w, res := h.w, h.res
	if d, ok := h.state.(game.Drawer); ok {
		fmt.Fprint(w, d.Draw(game.DrawOptions{Seat: h.seat}))
	}
	fmt.Fprintf(w, "scores: %s", seatScores(h.spec, h.state))
	if res.Bag >= 0 {
		fmt.Fprintf(w, "; %s to draw", plural(res.Bag, h.tile))
	}
	fmt.Fprintln(w)
	title := res.Game
	if res.Variant != "" {
		title += " (" + res.Variant + ")"
	}
	fmt.Fprintf(w, "%s, lexicon %s: %s to move", title, res.Lexicon, res.Seat)
	if res.Rack != "" {
		fmt.Fprintf(w, " with %s", res.Rack)
	}
	fmt.Fprintf(w, "; %s\n", plural(res.Total, "legal move"))
}

// seatScores lists the scores by seat: "player 1 12, player 2 -5".
func seatScores(spec game.Spec, s game.State) string {
	parts := make([]string, s.Players())
	for p := range parts {
		parts[p] = fmt.Sprintf("%s %d", spec.SeatName(p), s.Score(p))
	}
	return strings.Join(parts, ", ")
}

// rankNote says what a player's values mean.
func rankNote(spec string) string {
	name, _, _ := strings.Cut(spec, ":")
	switch name {
	case "greedy":
		return "value = the move's score"
	case "static":
		return "value = score + the value of what the move leaves (points)"
	case "sim":
		return "value = mean spread change over the rollouts + value of the final leave (points)"
	case "alphabeta", "maxn", "om":
		return "value = the searched margin over the best opponent (points); \"win +N\":\n" +
			"a line that wins; the moves searched deepest come first, the others follow\n" +
			"by their value one ply ahead (not comparable)"
	case "pimc", "ismcts":
		return "value = the searched margin over the best opponent (points); \"win +N\": a line that wins"
	}
	return "value = the player's valuation of the move (points)"
}

// withName prefixes msg with the file name when it does not start with
// it.
func withName(name, msg string) string {
	if strings.HasPrefix(msg, name) {
		return msg
	}
	return name + ": " + msg
}

// hintPosition sets up the position of the hint flags: a text position,
// a record at a turn (the record's game when --game is not given), or a
// fresh game. where prefixes messages about it ("game.gcg: ").
func (a *app) hintPosition(c *cobra.Command, f *hintFlags, spec game.Spec, lx *lexicon.Lexicon) (pos *game.Position, _ game.Spec, where string, err error) {
	path := c.CommandPath()
	rng := rand.New(rand.NewPCG(a.seed, game.DealStream))
	switch {
	case f.position != "" || f.cgp != "":
		text, name := f.cgp, "--cgp"
		if f.position != "" {
			data, n, err := readPosition(c.InOrStdin(), f.position)
			if err != nil {
				return nil, spec, "", err
			}
			text, name = string(data), n
		}
		if f.variant != "" {
			if _, err := game.Deal(spec, game.Config{Lexicon: lx, Variant: f.variant}, a.seed, ""); err != nil {
				return nil, spec, "", usagef(path, "--variant: %s", message(err))
			}
		}
		pos, err := spec.ParsePosition(game.Config{Lexicon: lx, Variant: f.variant, Rand: rng}, text)
		if err != nil {
			hint := ""
			if !c.Flags().Changed("game") {
				hint = otherGamesHint(spec)
			}
			return nil, spec, "", fmt.Errorf("%s: %s%s", name, message(err), hint)
		}
		return pos, spec, name + ": ", nil
	case f.record != "":
		data, name, err := readPosition(c.InOrStdin(), f.record)
		if err != nil {
			return nil, spec, "", err
		}
		rec, err := game.ReadRecord(bytes.NewReader(data), name)
		if err != nil {
			return nil, spec, "", recordError(name, data, err)
		}
		switch {
		case rec.Game == "" || c.Flags().Changed("game"):
			rec.Game = spec.Name
		default:
			if spec, err = game.Lookup(rec.Game); err != nil {
				return nil, spec, "", fmt.Errorf("%s: %w", name, err)
			}
		}
		turn := f.turn - 1 // -1: the end
		pos, err := game.ReplayTo(rec, game.Config{Lexicon: lx, Rand: rng}, turn, func(err error) {
			fmt.Fprintf(a.stderr, "wordengine: warning: %s\n", message(err))
		})
		if err != nil {
			return nil, spec, "", fmt.Errorf("%s", withName(name, message(err)))
		}
		return pos, spec, name + ": ", nil
	}
	n := spec.Seats()
	if c.Flags().Changed("players") {
		n = f.players
	}
	if err := checkSeats(path, spec, n); err != nil {
		return nil, spec, "", err
	}
	variant, err := withBoard(path, spec, f.variant, f.board)
	if err != nil {
		return nil, spec, "", err
	}
	s, err := game.Deal(spec, game.Config{Lexicon: lx, Players: n, Variant: variant}, a.seed, "")
	if err != nil {
		return nil, spec, "", dealError(path, variant, err)
	}
	return &game.Position{State: s, Dealt: make([]bool, s.Players())}, spec, "", nil
}

// positionGame returns the game of the text position of --position or
// --cgp when --game is not given: def (the default game) when its format
// reads the text, else the first game whose position format names itself
// in the text's first line (game.Spec.DetectPosition); def when none
// does (its reader then says what is wrong, and hintPosition suggests
// --game). A position on standard input is read here and put back as
// c's input.
func (a *app) positionGame(c *cobra.Command, f *hintFlags, def game.Spec) (game.Spec, error) {
	text := f.cgp
	if f.position != "" {
		data, _, err := readPosition(c.InOrStdin(), f.position)
		if err != nil {
			return def, nil // hintPosition reports the file's error
		}
		if f.position == "-" {
			c.SetIn(bytes.NewReader(data))
		}
		text = string(data)
	}
	if def.DetectPosition == nil {
		return def, nil
	}
	if _, err := def.DetectPosition(text); err == nil {
		return def, nil
	}
	for _, n := range game.Names() {
		spec, _ := game.Lookup(n)
		if n == def.Name || spec.DetectPosition == nil {
			continue
		}
		d, err := spec.DetectPosition(text)
		if err != nil {
			continue
		}
		if found, err := game.Lookup(d.Game); err == nil {
			return found, nil
		}
		return spec, nil
	}
	return def, nil
}

// otherGamesHint suggests --game for a position that def's format does
// not read: the games whose text positions name them in their first line.
func otherGamesHint(def game.Spec) string {
	var others []string
	for _, n := range game.Names() {
		if spec, _ := game.Lookup(n); n != def.Name && spec.DetectPosition != nil && spec.PositionFormat != def.PositionFormat {
			others = append(others, n)
		}
	}
	if len(others) == 0 {
		return ""
	}
	return fmt.Sprintf(" (not a %s position; a position of %s names its game in its first line: give --game GAME for another)", def.Name, strings.Join(others, ", "))
}
