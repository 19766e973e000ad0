package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/game/wwf"
	"wordengine/lexicon"
	"wordengine/search"
)

func init() {
	subcommands = append(subcommands, func(a *app) *cobra.Command { return a.playCommand() })
}

// Limits of the play session.
const (
	playHintDefault = 5  // moves `hint` lists without N
	playHintMax     = 50 // most moves `hint N` lists
	playBagColumns  = 9  // letters per line of the `bag` listing
)

// playFlags are the flags of `wordengine play`.
type playFlags struct {
	game    string
	variant string
	first   string
	level   string
	name    string
	// Shared by the games other than wwf and scrabble (see games.go).
	players int    // seats, the human and the computers
	board   string // play on this board
}

func (a *app) playCommand() *cobra.Command {
	var f playFlags
	c := &cobra.Command{
		Use:   "play [flags]",
		Short: "Play a game against the computer in the terminal",
		Long: `play starts a Words With Friends (or Scrabble) game between you and the
computer and reads your commands from standard input, one a line. Each turn
shows the board with its premium squares, both scores, your rack and the
number of tiles in the bag.

` + playHelp + `
The computer's rack stays hidden until the game ends. After the end, save
FILE still works; quit (or end of input) leaves. The other games (--game)
have their own commands: type help in the game.`,
		Example: `  wordengine play
  wordengine play --first computer --level greedy --seed 7
  wordengine play --game scrabble --name ann
  printf '8H WORD\nhint\nsave game.gcg\n' | wordengine play --seed 1
  wordengine play --game wordblock --players 3 --level maxn
  wordengine play --game twoway --variant lengths=3,4,5   (E d4 places, CAT a1-c3 claims, end; help lists them)`,
		Args:          noArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE:          func(c *cobra.Command, _ []string) error { return a.runPlay(c, &f) },
	}
	defLevel := "greedy"
	if slices.Contains(search.Names(), "static") {
		defLevel = "static"
	}
	fl := c.Flags()
	fl.StringVar(&f.game, "game", "wwf", "game: "+gameList(playRunners))
	fl.StringVar(&f.variant, "variant", "", "rule options, key=value[,key=value] (wwf: lang=en|es|it|pt|de|fr, end=deduct|none)")
	fl.IntVar(&f.players, "players", 2, "games other than wwf and scrabble: seats, 2 to 4 (you and the computers)")
	fl.StringVar(&f.board, "board", "", "games other than wwf and scrabble: play on this board (wordblock: ROW/ROW/..., e.g. CATS/DOGE/RIPE/TONE; default: a random board from --seed)")
	fl.StringVar(&f.first, "first", "human", "who moves first: human, computer or random")
	fl.StringVar(&f.level, "level", defLevel, "the computer's player, NAME[:OPTIONS]: "+strings.Join(search.Names(), ", ")+" (wordblock: default om, for every computer)")
	fl.StringVar(&f.name, "name", "", "your name (default: $USER, else \"you\")")
	fl.Uint64Var(&a.seed, "seed", 0, "random seed of the game (default: a random seed, printed)")
	return c
}

// playEvent is one turn of the game, as the GCG record needs it.
type playEvent struct {
	seat  int
	rack  []lexicon.Tile // the mover's rack before the turn
	move  game.Move
	pos   string // plays: the GCG position ("8H", "H8")
	word  string // plays: the word, '.' for tiles already on the board
	score int
	total int // the mover's cumulative score after the turn, before end-of-game adjustments
}

// playSession is one game between the human and the computer.
type playSession struct {
	w        io.Writer
	in       *lineInput
	echo     bool // echo input lines (standard input is not a terminal)
	s        *crossword.State
	gameName string
	variant  string
	lexName  string
	seed     uint64
	human    int // the human's seat; the computer has 1-human
	names    [2]string
	nicks    [2]string // GCG nicknames
	player   search.Player
	ranker   search.Ranker // for hints: the computer's level when it ranks, else greedy
	rankName string
	compRng  *rand.Rand // the computer's own random source
	viewRng  *rand.Rand // determinizes what the computer cannot see
	hintRng  *rand.Rand // determinizes what the human cannot see, for hints
	events   []playEvent
	running  [2]int // cumulative scores from the events
	ended    bool   // the end-of-game summary was shown
}

func (a *app) runPlay(c *cobra.Command, f *playFlags) error {
	path := c.CommandPath()
	if run, ok := playRunners[f.game]; ok {
		return run(a, c, f)
	}
	if f.game != "wwf" && f.game != "scrabble" {
		return usagef(path, "--game %q: play supports %s (known games: %s)", f.game, gameList(playRunners), strings.Join(game.Names(), ", "))
	}
	if _, _, err := wwf.Rules(f.game, f.variant); err != nil {
		return usagef(path, "%v", err)
	}
	switch f.first {
	case "human", "computer", "random":
	default:
		return usagef(path, "--first %q: want human, computer or random", f.first)
	}
	player, err := search.New(f.level)
	if err != nil {
		return specError(path, "--level", err)
	}
	seed := a.seed
	if !c.Flags().Changed("seed") {
		seed = rand.Uint64()
	}
	lx, err := a.loadLexicon(a.lexiconSpec)
	if err != nil {
		return err
	}
	spec, err := game.Lookup(f.game)
	if err != nil {
		return usagef(path, "%v", err)
	}
	gs, err := spec.New(game.Config{Lexicon: lx.Lexicon, Variant: f.variant, Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		return err
	}
	s, ok := gs.(*crossword.State)
	if !ok {
		return fmt.Errorf("play: game %s is not a crossword game", f.game)
	}
	name := strings.TrimSpace(f.name)
	if name == "" {
		name = strings.TrimSpace(a.getenv("USER"))
	}
	if name == "" {
		name = "you"
	}
	human := 0
	switch f.first {
	case "computer":
		human = 1
	case "random":
		human = rand.New(rand.NewPCG(seed, 4)).IntN(2)
	}
	ps := newPlaySession(a.stdout, c.InOrStdin(), s, playConfig{
		game: f.game, variant: f.variant, lexicon: lx.Name, seed: seed,
		player: player, human: human, name: name,
	})
	defer ps.in.close()
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	return ps.run(ctx)
}

// playConfig is what a play session needs besides its streams and game.
type playConfig struct {
	game, variant, lexicon string
	seed                   uint64
	player                 search.Player // the computer
	human                  int           // the human's seat
	name                   string        // the human's name
}

// newPlaySession returns a session on game s (dealt from cfg.seed) that
// writes to w and reads the human's commands from in. The caller closes
// ps.in when done.
func newPlaySession(w io.Writer, in io.Reader, s *crossword.State, cfg playConfig) *playSession {
	ps := &playSession{
		w: w, in: newLineInput(in), echo: !isTerminalReader(in),
		s: s, gameName: cfg.game, variant: cfg.variant, lexName: cfg.lexicon, seed: cfg.seed,
		player: cfg.player, human: cfg.human,
		compRng: rand.New(rand.NewPCG(cfg.seed, 2)),
		viewRng: rand.New(rand.NewPCG(cfg.seed, 3)),
		hintRng: rand.New(rand.NewPCG(cfg.seed, 5)),
	}
	ps.setNames(cfg.name)
	if r, ok := cfg.player.(search.Ranker); ok {
		ps.ranker, ps.rankName = r, cfg.player.Name()
	} else {
		ps.ranker, ps.rankName = search.Greedy{}, "greedy"
	}
	return ps
}

// setNames sets the display names and the GCG nicknames of both seats.
func (ps *playSession) setNames(human string) {
	comp := 1 - ps.human
	ps.names[ps.human] = human
	ps.names[comp] = "computer (" + ps.player.Name() + ")"
	nick := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == ':' || !unicode.IsPrint(r) {
			return '_'
		}
		return r
	}, human)
	ps.nicks[ps.human] = nick
	ps.nicks[comp] = "wordengine"
	if nick == "wordengine" {
		ps.nicks[comp] = "computer"
	}
}

// isTerminalReader reports whether r is a terminal (then the terminal
// echoes what is typed; otherwise the session echoes each line).
func isTerminalReader(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// errQuit ends the session at the player's request or at the end of input.
var errQuit = errors.New("quit")

// run plays the game, then offers save until quit or the end of input.
func (ps *playSession) run(ctx context.Context) error {
	w := ps.w
	fmt.Fprintf(w, "wordengine play: %s", ps.gameName)
	if ps.variant != "" {
		fmt.Fprintf(w, " (%s)", ps.variant)
	}
	fmt.Fprintf(w, ", lexicon %s; %s against %s\n", ps.lexName, ps.names[ps.human], ps.names[1-ps.human])
	first := ps.names[ps.s.ToMove()] + " moves"
	if ps.names[ps.s.ToMove()] == "you" {
		first = "you move"
	}
	fmt.Fprintf(w, "seed %d (repeat with --seed %d); %s first. Type help for the commands.\n", ps.seed, ps.seed, first)
	for !ps.s.Over() {
		if ps.s.ToMove() != ps.human {
			if err := ps.computerTurn(ctx); err != nil {
				return err
			}
			continue
		}
		err := ps.humanTurn(ctx)
		if errors.Is(err, errQuit) {
			fmt.Fprintf(w, "The game is left unfinished (%s). Bye.\n", ps.scoreLine())
			return nil
		}
		if err != nil {
			return err
		}
	}
	ps.summary()
	for {
		line, err := ps.readLine(ctx, "> ")
		if errors.Is(err, io.EOF) {
			fmt.Fprintln(w, "Bye.")
			return nil
		}
		if err != nil {
			return err
		}
		cmd, arg := splitCommand(line)
		switch cmd {
		case "":
		case "quit", "exit", "q":
			fmt.Fprintln(w, "Bye.")
			return nil
		case "save":
			ps.save(arg)
		case "board":
			ps.showBoard()
		case "help", "?", "h":
			fmt.Fprintln(w, `The game is over: "save FILE" writes it as GCG, "board" shows the final board, "quit" leaves.`)
		default:
			fmt.Fprintln(w, `The game is over: type "save FILE" to save it as GCG, or "quit".`)
		}
	}
}

// readLine prompts and returns the next input line, trimmed. At the end of
// input it returns io.EOF.
func (ps *playSession) readLine(ctx context.Context, prompt string) (string, error) {
	return promptLine(ctx, ps.w, ps.in, ps.echo, prompt)
}

// moveLine prompts for the human's move and returns the line read and
// its command and argument (splitCommand); errQuit at the end of input,
// which leaves the game.
func moveLine(ctx context.Context, w io.Writer, in *lineInput, echo bool) (line, cmd, arg string, err error) {
	line, err = promptLine(ctx, w, in, echo, "your move> ")
	if errors.Is(err, io.EOF) {
		return "", "", "", errQuit
	}
	if err != nil {
		return "", "", "", err
	}
	cmd, arg = splitCommand(line)
	return line, cmd, arg, nil
}

// promptLine writes prompt to w and returns the next line of in, trimmed
// and echoed to w when echo is set (input that is not a terminal). At the
// end of input it returns io.EOF; when ctx is cancelled, an error saying
// the game was interrupted.
func promptLine(ctx context.Context, w io.Writer, in *lineInput, echo bool, prompt string) (string, error) {
	fmt.Fprint(w, prompt)
	line, err := in.next(ctx)
	if err != nil {
		fmt.Fprintln(w)
		if errors.Is(err, io.EOF) {
			fmt.Fprintln(w, "(end of input)")
			return "", io.EOF
		}
		if ctx.Err() != nil {
			return "", errors.New("play: interrupted")
		}
		return "", fmt.Errorf("play: reading the input: %w", err)
	}
	line = strings.TrimSpace(line)
	if echo {
		fmt.Fprintln(w, line)
	}
	return line, nil
}

// splitCommand returns the first word of line in lower case and the rest,
// trimmed.
func splitCommand(line string) (cmd, arg string) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", ""
	}
	cmd = strings.ToLower(f[0])
	arg = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), f[0]))
	return cmd, arg
}

// humanTurn shows the position and reads commands until a legal move is
// played. It returns errQuit on quit or at the end of input.
func (ps *playSession) humanTurn(ctx context.Context) error {
	w := ps.w
	ps.showBoard()
	for {
		line, cmd, arg, err := moveLine(ctx, ps.w, ps.in, ps.echo)
		if err != nil {
			return err
		}
		switch cmd {
		case "":
			continue
		case "help", "?", "h":
			fmt.Fprint(w, playHelp)
			continue
		case "hint", "hints":
			ps.hint(ctx, arg)
			continue
		case "bag", "unseen", "tiles":
			ps.bag()
			continue
		case "board":
			ps.showBoard()
			continue
		case "save":
			ps.save(arg)
			continue
		case "quit", "exit", "q":
			return errQuit
		}
		if line == "-" {
			fmt.Fprintln(w, `"-" alone: type pass to pass, or -TILES to exchange tiles.`)
			continue
		}
		if !looksLikeMove(line) {
			if lx := ps.s.Lexicon(); lx != nil && isWord(line) && lx.Contains(line) {
				fmt.Fprintf(w, "%q: a play needs a position first: 8H %s (across) or H8 %s (down).\n", line, line, line)
			} else {
				fmt.Fprintf(w, "Unknown command %q.\n%s", clip(line), playHelp)
			}
			continue
		}
		m, err := ps.s.ParseMove(line)
		if err != nil {
			msg := strings.TrimPrefix(err.Error(), "crossword: ")
			if f := strings.Fields(line); len(f) == 2 && strings.ToLower(f[1]) == f[1] && strings.ToUpper(f[1]) != f[1] {
				msg += " (lower-case letters are blanks: type your tiles in upper case)"
			}
			fmt.Fprintf(w, "Not played: %s. Try again.\n", msg)
			continue
		}
		ps.play(m)
		return nil
	}
}

// looksLikeMove reports whether line is meant as a move: pass, resign, an
// exchange, or a position followed by something.
func looksLikeMove(line string) bool {
	switch strings.ToLower(line) {
	case "pass", "resign":
		return true
	}
	if strings.HasPrefix(line, "-") {
		return true
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	_, _, _, err := crossword.ParseSquare(f[0])
	return err == nil
}

// isWord reports whether s is made of letters only.
func isWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}

// clip shortens s for a message.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}

const playHelp = `Commands:
  8H WORD     play WORD across from row 8, column H
  H8 WORD     play WORD down from column H, row 8
              (letters already on the board: type them or write '.';
              lower-case letters are blanks: 8H QUiZ)
  -ABC        exchange A, B and C (-? exchanges a blank)
  pass        pass
  resign      resign (a loss whatever the score)
  hint [N]    the engine's N best moves (default 5): score, leave, equity
  bag         the unseen tiles (the bag and the computer's rack)
  board       show the board again
  save FILE   write the game so far as GCG
  quit        stop (the game is left unfinished)
`

// computerTurn lets the computer choose on its own view of the game (the
// human's rack and the bag order replaced at random) and plays the move.
func (ps *playSession) computerTurn(ctx context.Context) error {
	view := ps.s.Clone().(*crossword.State)
	view.Determinize(ps.s.ToMove(), ps.viewRng)
	m, err := ps.player.Choose(ctx, view, ps.compRng)
	if err != nil {
		return fmt.Errorf("play: the computer (%s): %w", ps.player.Name(), err)
	}
	if _, err := ps.s.ParseMove(ps.s.FormatMove(m)); err != nil {
		return fmt.Errorf("play: the computer chose an illegal move %s: %w", ps.s.FormatMove(m), err)
	}
	ps.play(m)
	return nil
}

// play makes move m for the player to move, records it and reports it.
func (ps *playSession) play(m game.Move) {
	s := ps.s
	p := s.ToMove()
	ev := playEvent{seat: p, rack: s.Rack(nil, p), move: m, score: s.MoveScore(m)}
	text := s.FormatMove(m)
	if crossword.MoveKind(m) == crossword.Play {
		ev.pos, ev.word = gcgWord(s, m)
	}
	ev.total = ps.running[p] + ev.score
	ps.running[p] = ev.total
	ps.events = append(ps.events, ev)
	s.Play(m)

	who := ps.names[p]
	if p == ps.human {
		who = "You"
	}
	w := ps.w
	switch crossword.MoveKind(m) {
	case crossword.Play:
		fmt.Fprintf(w, "%s played %s for %d points.", who, text, ev.score)
		if crossword.MoveTileCount(m) == s.Rules().RackSize {
			fmt.Fprintf(w, " Bingo (+%d included)!", s.Rules().Bingo)
		}
	case crossword.Exchange:
		if p == ps.human {
			fmt.Fprintf(w, "You exchanged %s.", text[1:])
		} else {
			fmt.Fprintf(w, "%s exchanged %d tiles.", who, crossword.MoveTileCount(m))
		}
	case crossword.Pass:
		fmt.Fprintf(w, "%s passed.", who)
	case crossword.Resign:
		fmt.Fprintf(w, "%s resigned.", who)
	}
	fmt.Fprintf(w, "  %s\n", ps.scoreLine())
}

// gcgWord returns the GCG position and word of play m on the board before
// it is made: '.' for each square that already holds a tile.
func gcgWord(s *crossword.State, m game.Move) (pos, word string) {
	d := crossword.MoveDir(m)
	row, col := crossword.MoveStart(m)
	tiles := crossword.MoveTiles(nil, m)
	a := s.Alphabet()
	var sb strings.Builder
	var run []lexicon.Tile
	k := 0
	for i := range crossword.MoveLen(m) {
		r, c := row, col+i
		if d == crossword.Down {
			r, c = row+i, col
		}
		if s.Board().At(r, c) != 0 {
			a.AppendFormat(&sb, run)
			run = run[:0]
			sb.WriteByte('.')
			continue
		}
		if k < len(tiles) {
			run = append(run, tiles[k])
			k++
		}
	}
	a.AppendFormat(&sb, run)
	return crossword.FormatSquare(d, row, col), sb.String()
}

// scoreLine gives both scores, the human first.
func (ps *playSession) scoreLine() string {
	h, c := ps.human, 1-ps.human
	return fmt.Sprintf("%s %d, %s %d", ps.names[h], ps.s.Score(h), ps.names[c], ps.s.Score(c))
}

// showBoard prints the board, the scores, the human's rack and the bag.
func (ps *playSession) showBoard() {
	s := ps.s
	w := ps.w
	fmt.Fprintf(w, "\n%s%s\n", s.BoardText(), playLegend)
	h, c := ps.human, 1-ps.human
	fmt.Fprintf(w, "%-24s %4d\n%-24s %4d\n", ps.names[h], s.Score(h), ps.names[c], s.Score(c))
	rack := s.Rack(nil, h)
	fmt.Fprintf(w, "your rack: %s   (bag: %d tiles)\n", spaced(s.Alphabet(), rack), s.BagLen())
}

// playLegend is crossword.BoardLegend cut to fit 80 columns.
var playLegend = strings.Replace(crossword.BoardLegend, "; ", "\n", 1)

// spaced writes tiles with a space between them.
func spaced(a *lexicon.Alphabet, tiles []lexicon.Tile) string {
	parts := make([]string, len(tiles))
	for i, t := range tiles {
		parts[i] = a.Format([]lexicon.Tile{t})
	}
	return strings.Join(parts, " ")
}

// hint lists the engine's best moves for the human, ranked on the human's
// own view of the game (the computer's rack replaced at random).
func (ps *playSession) hint(ctx context.Context, arg string) {
	w := ps.w
	n := playHintDefault
	if arg != "" {
		v, err := strconv.Atoi(arg)
		if err != nil || v < 1 {
			fmt.Fprintf(w, "hint %s: want a number of moves from 1 to %d.\n", clip(arg), playHintMax)
			return
		}
		n = min(v, playHintMax)
	}
	view := ps.s.Clone().(*crossword.State)
	view.Determinize(ps.human, ps.hintRng)
	cands, err := ps.ranker.Rank(ctx, view, nil)
	if err != nil {
		fmt.Fprintf(w, "hint: %v\n", err)
		return
	}
	a := ps.s.Alphabet()
	fmt.Fprintf(w, "best %d of %d moves by %s equity:\n", min(n, len(cands)), len(cands), ps.rankName)
	fmt.Fprintf(w, "%4s  %-22s %5s  %-8s %8s\n", "rank", "move", "score", "leave", "equity")
	for i, cd := range cands[:min(n, len(cands))] {
		leave := a.Format(ps.s.Leave(nil, cd.Move))
		if leave == "" {
			leave = "-"
		}
		fmt.Fprintf(w, "%4d  %-22s %5d  %-8s %8.1f\n", i+1, ps.s.FormatMove(cd.Move), cd.Score, leave, float64(cd.Equity)/1000)
	}
}

// bag lists the unseen tiles by letter with their counts.
func (ps *playSession) bag() {
	s := ps.s
	a := s.Alphabet()
	unseen := s.Unseen(nil, ps.human)
	comp := len(unseen) - s.BagLen()
	fmt.Fprintf(ps.w, "unseen: %d tiles (%d in the bag, %d on the computer's rack)\n", len(unseen), s.BagLen(), comp)
	var cells []string
	for i := 0; i < len(unseen); {
		j := i
		for j < len(unseen) && unseen[j] == unseen[i] {
			j++
		}
		cells = append(cells, fmt.Sprintf("%s %-2d", a.Format(unseen[i:i+1]), j-i))
		i = j
	}
	for i := 0; i < len(cells); i += playBagColumns {
		fmt.Fprintf(ps.w, "  %s\n", strings.TrimRight(strings.Join(cells[i:min(i+playBagColumns, len(cells))], "  "), " "))
	}
}

// endAdjustments returns, per seat, the points the end of the game added
// to or took from the score on top of the turns (rack adjustments).
func (ps *playSession) endAdjustments() [2]int {
	var d [2]int
	if !ps.s.Over() {
		return d
	}
	for p := range 2 {
		d[p] = ps.s.Score(p) - ps.running[p]
	}
	return d
}

// summary shows how the game ended, the final scores and the winner.
func (ps *playSession) summary() {
	if ps.ended {
		return
	}
	ps.ended = true
	s := ps.s
	w := ps.w
	a := s.Alphabet()
	h, c := ps.human, 1-ps.human
	fmt.Fprintf(w, "\n%s%s\n", s.BoardText(), playLegend)
	fmt.Fprintln(w, "Game over.")
	var last playEvent
	if len(ps.events) > 0 {
		last = ps.events[len(ps.events)-1]
	}
	resigned := len(ps.events) > 0 && crossword.MoveKind(last.move) == crossword.Resign
	switch {
	case resigned:
		fmt.Fprintf(w, "%s resigned.\n", ps.names[last.seat])
	case len(s.Rack(nil, last.seat)) == 0 && s.BagLen() == 0:
		fmt.Fprintf(w, "%s went out.\n", ps.names[last.seat])
	default:
		fmt.Fprintf(w, "The game ended after %d scoreless turns in a row.\n", s.Scoreless())
	}
	adj := ps.endAdjustments()
	if adj != [2]int{} {
		var parts []string
		for _, p := range []int{h, c} {
			switch {
			case adj[p] > 0:
				parts = append(parts, fmt.Sprintf("%s %+d (for the tiles left on the other rack, %s)", ps.names[p], adj[p], a.Format(s.Rack(nil, 1-p))))
			case adj[p] < 0:
				parts = append(parts, fmt.Sprintf("%s %+d (for the tiles left on the rack, %s)", ps.names[p], adj[p], a.Format(s.Rack(nil, p))))
			}
		}
		fmt.Fprintf(w, "Rack adjustments: %s.\n", strings.Join(parts, "; "))
	}
	fmt.Fprintf(w, "Final score: %s %d, %s %d.\n", ps.names[h], s.Score(h), ps.names[c], s.Score(c))
	if r := s.Rack(nil, c); len(r) > 0 {
		fmt.Fprintf(w, "The computer's rack: %s\n", a.Format(r))
	}
	win := game.Winners(s)
	switch {
	case len(win) == 2:
		fmt.Fprintln(w, "A draw.")
	case win[0] == h && resigned:
		fmt.Fprintln(w, "You win (the computer resigned).")
	case win[0] == h:
		fmt.Fprintf(w, "You win by %d.\n", s.Score(h)-s.Score(c))
	case resigned:
		fmt.Fprintln(w, "The computer wins (you resigned).")
	default:
		fmt.Fprintf(w, "The computer wins by %d.\n", s.Score(c)-s.Score(h))
	}
	fmt.Fprintln(w, `Type "save FILE" to save the game as GCG, or "quit".`)
}

// save writes the game so far to file as GCG.
func (ps *playSession) save(file string) {
	if file == "" {
		fmt.Fprintln(ps.w, "save needs a file name: save FILE")
		return
	}
	g := ps.record(file)
	if err := writeGCG(file, g); err != nil {
		fmt.Fprintf(ps.w, "Not saved: %v\n", err)
		return
	}
	fmt.Fprintf(ps.w, "Saved %d events to %s.\n", len(g.Events), file)
}

// writeGCG writes g to file, replacing it.
func writeGCG(file string, g *wwf.GCG) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := g.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// record returns the game so far as a GCG record named name. While the
// game goes on, the computer's hidden tiles stay hidden: its racks show
// only the tiles it played and its exchanges only their number. At the
// end the record is complete, with the end-of-game rack adjustments.
func (ps *playSession) record(name string) *wwf.GCG {
	s := ps.s
	a := s.Alphabet()
	over := s.Over()
	comp := 1 - ps.human
	g := &wwf.GCG{
		Name:    name,
		Title:   fmt.Sprintf("%s against %s", ps.names[ps.human], ps.names[comp]),
		Lexicon: ps.lexName,
		Description: fmt.Sprintf("wordengine play --game %s%s --seed %d --level %s",
			ps.gameName, variantFlag(ps.variant), ps.seed, ps.player.Name()),
	}
	for p := range 2 {
		g.Players = append(g.Players, wwf.GCGPlayer{Nick: ps.nicks[p], Name: ps.names[p]})
	}
	if !over {
		g.Pragmas = append(g.Pragmas, wwf.GCGPragma{Key: "note",
			Value: "saved during the game: the computer's racks show only the tiles it played"})
		g.Pragmas = append(g.Pragmas, wwf.GCGPragma{Key: "incomplete"})
		// The human's rack now, so that the saved position can be hinted.
		g.Pragmas = append(g.Pragmas, wwf.GCGPragma{Key: fmt.Sprintf("rack%d", ps.human+1),
			Value: a.Format(s.Rack(nil, ps.human)), Events: len(ps.events)})
	}
	hide := func(p int) bool { return !over && p == comp }
	for _, ev := range ps.events {
		ge := wwf.GCGEvent{Nick: ps.nicks[ev.seat], Rack: a.Format(ev.rack), Score: ev.score, Total: ev.total}
		switch crossword.MoveKind(ev.move) {
		case crossword.Play:
			ge.Kind = wwf.EventPlay
			ge.Pos = ev.pos
			row, col := crossword.MoveStart(ev.move)
			ge.Row, ge.Col, ge.Across = row, col, crossword.MoveDir(ev.move) == crossword.Across
			ge.Word = ev.word
			if hide(ev.seat) {
				played := crossword.MoveTiles(nil, ev.move)
				for i, t := range played {
					if t.IsBlank() {
						played[i] = lexicon.Blank
					}
				}
				ge.Rack = a.Format(played)
			}
		case crossword.Exchange:
			ge.Kind = wwf.EventExchange
			if hide(ev.seat) {
				ge.Rack = ""
				ge.Count = crossword.MoveTileCount(ev.move)
			} else {
				ge.Tiles = a.Format(crossword.MoveTiles(nil, ev.move))
			}
		case crossword.Pass:
			ge.Kind = wwf.EventPass
			if hide(ev.seat) {
				ge.Rack = ""
			}
		case crossword.Resign:
			note := ps.names[ev.seat] + " resigned"
			if n := len(g.Events); n > 0 {
				g.Events[n-1].Notes = append(g.Events[n-1].Notes, note)
			} else {
				g.Pragmas = append(g.Pragmas, wwf.GCGPragma{Key: "note", Value: note})
			}
			continue
		}
		g.Events = append(g.Events, ge)
	}
	// End-of-game rack adjustments: the player who went out first.
	adj := ps.endAdjustments()
	order := []int{0, 1}
	if n := len(ps.events); n > 0 {
		order = []int{ps.events[n-1].seat, 1 - ps.events[n-1].seat}
	}
	for _, p := range order {
		switch {
		case adj[p] > 0:
			g.Events = append(g.Events, wwf.GCGEvent{Nick: ps.nicks[p], Kind: wwf.EventEndRack,
				Tiles: a.Format(s.Rack(nil, 1-p)), Score: adj[p], Total: s.Score(p)})
		case adj[p] < 0:
			r := a.Format(s.Rack(nil, p))
			g.Events = append(g.Events, wwf.GCGEvent{Nick: ps.nicks[p], Kind: wwf.EventEndRackPenalty,
				Rack: r, Tiles: r, Score: adj[p], Total: s.Score(p)})
		}
	}
	return g
}

// variantFlag returns " --variant V" for a non-default variant.
func variantFlag(v string) string {
	if v == "" {
		return ""
	}
	return " --variant " + v
}

// lineInput reads lines from a reader on request, in a goroutine, so that
// waiting for a line can be cancelled and no line is read before it is
// asked for.
type lineInput struct {
	req  chan struct{}
	resp chan lineResult
}

type lineResult struct {
	line string
	err  error
}

func newLineInput(r io.Reader) *lineInput {
	in := &lineInput{req: make(chan struct{}), resp: make(chan lineResult, 1)}
	go func() {
		br := bufio.NewReader(r)
		for range in.req {
			line, err := br.ReadString('\n')
			if err == io.EOF && line != "" {
				err = nil
			}
			in.resp <- lineResult{line, err}
		}
	}()
	return in
}

// next returns the next line, io.EOF at the end of input, or ctx's error.
func (in *lineInput) next(ctx context.Context) (string, error) {
	select {
	case in.req <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	select {
	case r := <-in.resp:
		return r.line, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// close stops the reading goroutine once its current read returns.
func (in *lineInput) close() { close(in.req) }
