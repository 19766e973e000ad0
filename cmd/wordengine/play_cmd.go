package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/driver"
	"wordengine/search"
)

func init() {
	subcommands = append(subcommands, func(a *app) *cobra.Command { return a.playCommand() })
}

// playFlags are the flags of `wordengine play`.
type playFlags struct {
	game, variant, board string // the game and its rules
	players              int    // the seats
	first, level, name   string // the human's seat, the computers' player, the human's name
	resume               string // a record to go on with
}

func (a *app) playCommand() *cobra.Command {
	var f playFlags
	c := &cobra.Command{
		Use:   "play [flags]",
		Short: "Play a game against the computer in the terminal",
		Long: `play starts a game between you and the computer (--game, any game) and reads
your commands from standard input, one a line. Each turn shows the board,
the scores, your rack or hand and what is left to draw; what the computer
holds stays hidden until the game ends.

Type your moves in the game's notation (help lists it), and:
  hint [N]    the engine's N best moves for you (by the game's strongest
              player for hints, whatever the computer's level)
  undo        take back your last move and the computer's replies
  resign      resign (a loss whatever the score)
  save FILE   write the game so far as a record (GCG for the crossword
              games, JSON for the others); play --resume FILE continues it
  board, help, quit
and the game's own commands (bag: the tiles you have not seen).
Ctrl-C saves the game so far to wordengine-interrupted.gcg (.json for the
games without GCG; -2, -3... when taken) in the current folder.

The games:
` + gamesHelp() + playersHelp + "\n" + levelsHelp,
		Example: `  wordengine play
  wordengine play --level 2
  wordengine play --first computer --level greedy --seed 7
  wordengine play --game scrabble --name ann
  printf '8H WORD\nhint\nsave game.gcg\n' | wordengine play --seed 1
  wordengine play --resume game.gcg
  wordengine play --game wordblock --players 3 --board CATS/DOGE/RIPE/TONE
  wordengine play --game twoway --variant lengths=3,4,5`,
		Args:          noArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE:          func(c *cobra.Command, _ []string) error { return a.runPlay(c, &f) },
	}
	fl := c.Flags()
	fl.StringVar(&f.game, "game", "wwf", "the game: "+strings.Join(game.Names(), ", "))
	fl.StringVar(&f.variant, "variant", "", "the game's rule options, key=value[,key=value] (the games' options are listed above)")
	fl.IntVar(&f.players, "players", 0, "seats, you and the computers (default: the game's usual number)")
	wantFlag(fl, "players", seatsWant())
	fl.StringVar(&f.board, "board", "", "play on these letters, ROW/ROW/... (games with a board option: wordblock)")
	fl.StringVar(&f.first, "first", "human", "who moves first: human, computer or random")
	fl.StringVar(&f.level, "level", "", fmt.Sprintf("the computers' level, 1 (%s) to %d (%s, the default), or a player NAME[:OPTIONS]: ", search.LevelNames[0], search.Levels, search.LevelNames[search.Levels-1])+strings.Join(search.Names(), ", "))
	fl.StringVar(&f.name, "name", "", "your name (default: $USER, else \"you\")")
	fl.StringVar(&f.resume, "resume", "", "continue the game saved in this record (its game, rules, players and seed)")
	fl.Uint64Var(&a.seed, "seed", 0, "random seed of the game (default: a random seed, printed)")
	nonEmptyFlag(fl, "board", "give the letters, ROW/ROW/..., or leave out --board for a board dealt at random")
	nonEmptyFlag(fl, "resume", "give the file of the saved game")
	return c
}

func (a *app) runPlay(c *cobra.Command, f *playFlags) error {
	path := c.CommandPath()
	name := strings.TrimSpace(f.name)
	if err := checkName(path, f.name); err != nil {
		return err
	}
	if name == "" {
		name = strings.TrimSpace(a.getenv("USER"))
	}
	if strings.IndexFunc(name, isControl) >= 0 || name == "" {
		name = "you"
	}
	var g *driver.Game
	var err error
	if f.resume != "" {
		g, err = a.resumeGame(c, f, name)
	} else {
		g, err = a.newGame(c, f, name)
	}
	if err != nil {
		return err
	}
	in := c.InOrStdin()
	s, err := driver.NewSession(g, driver.Options{In: in, Out: a.stdout, Echo: !isTerminalReader(in), Colour: isTerminalWriter(a.stdout), Message: message})
	if err != nil {
		return err
	}
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	if err := s.Run(ctx); err != nil {
		if errors.Is(err, driver.ErrInterrupted) {
			return a.saveInterrupted(s.Game())
		}
		return fmt.Errorf("play: %w", err)
	}
	return nil
}

// interruptedName is the file name, without its extension, an
// interrupted play saves its game to in the current folder.
const interruptedName = "wordengine-interrupted"

// saveInterrupted saves the game of a play interrupted by Ctrl-C to a new
// file in the current folder (wordengine-interrupted.gcg, or .json in
// the game's record format; -2, -3... when taken: nothing is
// overwritten), says where and how to continue it, and returns the
// error of an interrupted play.
func (a *app) saveInterrupted(g *driver.Game) error {
	if len(g.History()) == 0 {
		return errors.New("play interrupted before the first move: nothing to save")
	}
	ext := ".json"
	if f := g.Spec().Records; f != nil && f.Ext != "" {
		ext = f.Ext
	}
	var buf bytes.Buffer
	if err := game.WriteRecord(&buf, g.Record()); err != nil {
		return fmt.Errorf("play interrupted; the game could not be saved: %s", message(err))
	}
	file, err := writeNew(".", interruptedName, ext, buf.Bytes())
	if err != nil {
		return fmt.Errorf("play interrupted; the game could not be saved in the current folder: %s", message(err))
	}
	fmt.Fprintf(a.stdout, "\nInterrupted: the game so far (%s) is saved to %s; continue it with\n  wordengine play --resume %s\n", plural(len(g.History()), "move"), file, file)
	return fmt.Errorf("play interrupted: the game so far is saved to %s", file)
}

// writeNew writes data to a new file in dir named name+ext, or
// name-2+ext, name-3+ext... when that is taken, and returns its path.
// The file appears whole (a temporary file linked to its name, which
// never replaces an existing file).
func writeNew(dir, name, ext string, data []byte) (string, error) {
	tmp, err := os.CreateTemp(dir, "."+name+"-*"+ext)
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	for n := 1; n < 1000; n++ {
		file := name + ext
		if n > 1 {
			file = fmt.Sprintf("%s-%d%s", name, n, ext)
		}
		file = filepath.Join(dir, file)
		err := os.Link(tmp.Name(), file)
		if err != nil && !errors.Is(err, fs.ErrExist) {
			// A file system without hard links: create the name
			// exclusively and write it.
			err = writeExclusive(file, data)
		}
		if err == nil {
			return file, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", fmt.Errorf("%s%s to %s-999%s are all taken", name, ext, name, ext)
}

func isControl(r rune) bool { return r < ' ' || r == 0x7f }

// newGame sets up the game of the flags: the human at the seat --first
// gives, the computers at the others.
func (a *app) newGame(c *cobra.Command, f *playFlags, name string) (*driver.Game, error) {
	path := c.CommandPath()
	spec, err := gameSpec(path, f.game)
	if err != nil {
		return nil, err
	}
	n := spec.Seats()
	if c.Flags().Changed("players") {
		n = f.players
	}
	if err := checkSeats(path, spec, n); err != nil {
		return nil, err
	}
	switch f.first {
	case "human", "computer", "random":
	default:
		return nil, usagef(path, "--first %q: want human, computer or random", f.first)
	}
	if n == 1 && c.Flags().Changed("first") {
		return nil, usagef(path, "--first: a game of 1 player has nobody else to move first")
	}
	variant, err := withBoard(path, spec, f.variant, f.board)
	if err != nil {
		return nil, err
	}
	level, err := levelOrPlayer(path, "--level", f.level)
	if err != nil {
		return nil, err
	}
	if level == "" {
		level = spec.Computer
	}
	if level == "" {
		level = "static"
	}
	seed := a.seed
	if !c.Flags().Changed("seed") {
		seed = rand.Uint64()
	}
	human := 0
	switch {
	case n == 1:
	case f.first == "computer":
		human = 1
	case f.first == "random":
		human = rand.New(rand.NewPCG(seed, 4)).IntN(n)
	}
	seats := make([]driver.Seat, n)
	for p := range seats {
		if p == human {
			seats[p] = driver.Seat{Name: name}
			continue
		}
		pl, err := search.New(level)
		if err != nil {
			return nil, specError(path, "--level", err)
		}
		seats[p] = driver.Seat{Name: computerName(p, n), Player: pl, Spec: level}
	}
	lx, err := a.gameLexicon(spec, a.lexiconSpec)
	if err != nil {
		return nil, err
	}
	g, err := driver.NewGame(driver.Config{Spec: spec, Variant: variant, Lexicon: lx.Lexicon, LexiconName: lx.Name, Seed: seed, Seats: seats})
	if err != nil {
		return nil, dealError(path, variant, err)
	}
	return g, nil
}

// computerName names the computer at seat p of n: "computer", or with
// several computers "computer 2" (by seat).
func computerName(p, n int) string {
	if n <= 2 {
		return "computer"
	}
	return fmt.Sprintf("computer %d", p+1)
}

// resumeGame sets up the game saved in --resume: its game, rules, seed
// and players (a person where the record names no computer player, named
// by --name; --level changes the computers' player).
func (a *app) resumeGame(c *cobra.Command, f *playFlags, name string) (*driver.Game, error) {
	path := c.CommandPath()
	for _, fl := range []string{"game", "variant", "players", "board", "first", "seed"} {
		if c.Flags().Changed(fl) {
			return nil, usagef(path, "--%s: --resume continues a saved game, whose record gives it", fl)
		}
	}
	data, file, err := readPosition(c.InOrStdin(), f.resume)
	if err != nil {
		return nil, err
	}
	rec, err := game.ReadRecord(strings.NewReader(string(data)), file)
	if err != nil {
		return nil, recordError(file, data, err)
	}
	if rec.Game == "" {
		return nil, fmt.Errorf("%s: the record does not name its game: it was not saved by play", file)
	}
	spec, err := game.Lookup(rec.Game)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	lexSpec := a.lexiconSpec
	if lexSpec == "" {
		lexSpec = rec.Lexicon
	}
	lx, err := a.gameLexicon(spec, lexSpec)
	if err != nil {
		return nil, err
	}
	seats := make([]driver.Seat, len(rec.Players))
	for p, rp := range rec.Players {
		spec := rp.Player
		if spec == "" {
			seats[p] = driver.Seat{Name: rp.Name}
			if c.Flags().Changed("name") {
				seats[p].Name = name
			}
			continue
		}
		if f.level != "" {
			if spec, err = levelOrPlayer(path, "--level", f.level); err != nil {
				return nil, err
			}
		}
		pl, err := search.New(spec)
		if err != nil {
			return nil, specError(path, "--level", err)
		}
		seats[p] = driver.Seat{Name: rp.Name, Player: pl, Spec: spec}
	}
	g, err := driver.Resume(rec, driver.Config{Spec: spec, Lexicon: lx.Lexicon, LexiconName: lx.Name, Seats: seats})
	if err != nil {
		return nil, fmt.Errorf("%s: %s", file, message(err))
	}
	fmt.Fprintf(a.stdout, "Resumed %s: %s.\n", file, plural(len(g.History()), "move"))
	return g, nil
}

// writeExclusive writes data to file, which must not exist yet.
func writeExclusive(file string, data []byte) error {
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(file)
		return err
	}
	return f.Close()
}
