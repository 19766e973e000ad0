// Command wordengine is the one command of the word-game engine.
//
// With no arguments it plays one computer-against-computer game (the
// main job: Words With Friends unless --game names another registered
// game) on the game's default lexicon (the embedded SOWPODS for Scrabble,
// the embedded English Letterpress list for the others). play is a game against the
// computer in the terminal; hint ranks the moves of a position; selfplay
// plays tournaments; bench times move generation; the lexicon subcommands
// build, inspect and query lexicon files. Every command reaches the games
// through the registry (package game) and the game driver (package
// game/driver): the only game-specific lines here are the registrations
// below.
//
//	wordengine                      # one game (--seed N repeats it)
//	wordengine play --game upwords  # a game against the computer
//	wordengine hint --cgp "..."     # best moves of a position
//	wordengine bench movegen --positions FILE
//	wordengine lexicon build --lang en --in words.txt --out en.lex
//	wordengine lexicon info [--lexicon NAME|FILE]
//	wordengine lexicon check WORD...
//	wordengine lexicon anagram [--sub] LETTERS
//	wordengine lexicon pattern PATTERN
//	wordengine lexicon list
//
// The global flag --lexicon selects a lexicon: empty or "default" is the
// game's default (its registration's: the embedded SOWPODS for Scrabble,
// the embedded Letterpress list for the others); "en" or "en-letterpress"
// is the embedded Letterpress list, "sowpods" the embedded SOWPODS; an
// existing file is loaded; any other name is looked up as NAME.lex (or
// .lex.zst, .lex.gz) in the lexicon cache ($WORDENGINE_LEXICONS, else the
// user cache directory's wordengine/lexicons), which `make lexicons`
// fills. `wordengine lexicon info --game NAME` says which lexicon a game
// plays.
//
// Errors go to standard error prefixed "wordengine: "; the exit status is
// 2 for a usage error, 1 for any other failure (including an invalid word
// in `lexicon check`) and 0 otherwise.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"wordengine/eval"
	"wordengine/game"
	_ "wordengine/game/twoway"    // registers twoway
	_ "wordengine/game/upwords"   // registers upwords
	_ "wordengine/game/wordblock" // registers wordblock
	_ "wordengine/game/wordflow"  // registers wordflow
	_ "wordengine/game/wwf"       // registers wwf and scrabble
	"wordengine/search"
)

func main() {
	// SIGTERM too: what kill and batch schedulers (a job's time limit) send.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1
	exitUsage = 2
)

// app holds what every subcommand shares: its streams, the environment
// and the global flags. Tests build one with buffers and a fake getenv.
type app struct {
	stdout, stderr io.Writer
	// stdin is what interactive commands (play) read; nil means os.Stdin.
	// Tests set it to a scripted session.
	stdin  io.Reader
	getenv func(string) string
	// progress shows progress bars on stderr (on when stderr is a terminal).
	progress bool
	// afterGame, when not nil, is called after each game of the long
	// commands (selfplay, leaves train, solo; each record of analyze).
	// Tests cancel a run with it.
	afterGame func()
	// afterTurn, when not nil, is called after each move of the main
	// job. Tests interrupt a game with it.
	afterTurn func()

	// Global flags.
	lexiconSpec string
	seed        uint64
	// lexiconGame is the --game of the lexicon subcommands.
	lexiconGame string
}

// run executes the command line args and returns the exit status. It
// writes results to stdout and messages to stderr, and reads the
// environment only through getenv.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	a := &app{stdout: stdout, stderr: stderr, getenv: getenv, progress: isTerminal(stderr)}
	return a.run(ctx, args)
}

func (a *app) run(ctx context.Context, args []string) int {
	out := &errWriter{w: a.stdout}
	a.stdout = out
	root := a.rootCommand()
	root.SetArgs(args)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	if a.stdin != nil {
		root.SetIn(a.stdin)
	}
	err := root.ExecuteContext(ctx)
	if err == nil && out.err != nil {
		err = fmt.Errorf("writing the output: %w", out.err)
	}
	if err == nil {
		return exitOK
	}
	// The message in the user's words: no package names (message).
	fmt.Fprintf(a.stderr, "wordengine: %s\n", message(err))
	if ue, ok := errors.AsType[*usageError](err); ok {
		if ue.cmd != "" {
			fmt.Fprintf(a.stderr, "Run '%s --help' for usage.\n", ue.cmd)
		}
		return exitUsage
	}
	return exitError
}

// rootCommand returns the command tree: the demo at the root and the
// lexicon subcommands.
func (a *app) rootCommand() *cobra.Command {
	var demo demoFlags
	root := &cobra.Command{
		Use:   "wordengine",
		Short: "A word-game engine: computer opponent, best-move hints, self-play",
		Long: `wordengine is an engine for word games: Words With Friends, Scrabble,
WordBlock, Upwords, 2 Way Words and WordFlow (--game).

With no arguments it plays one complete computer-against-computer game
(--game, default Words With Friends; each seat by the game's usual player,
static for most) on the game's lexicon (--lexicon; by default the embedded
SOWPODS for Scrabble, the embedded English Letterpress list for the others),
printing each move with its score, value and the runner-up candidates, the
final board and the result. --players names the players, one a seat;
--level plays opponent levels instead.

The games:
` + gamesHelp() + playersHelp + "\n" + levelsHelp,
		Args:          noArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE:          func(c *cobra.Command, _ []string) error { return a.runDemo(c, &demo) },
		// Every command: a flag naming an input or output is not empty.
		PersistentPreRunE: func(c *cobra.Command, _ []string) error { return checkNonEmpty(c) },
	}
	root.PersistentFlags().StringVar(&a.lexiconSpec, "lexicon", "",
		`lexicon: "default" (the game's: sowpods for scrabble, else en), "en" or "sowpods" (embedded), a file, or a NAME in the lexicon cache`)
	root.Flags().Uint64Var(&a.seed, "seed", 0, "random seed of the game (default: a random seed, printed)")
	root.Flags().StringVar(&demo.game, "game", "wwf", "game to play: "+strings.Join(game.Names(), ", "))
	root.Flags().StringVar(&demo.variant, "variant", "", "the game's rule options, key=value[,key=value]")
	root.Flags().StringVar(&demo.players, "players", "", "the players, one a seat, NAME[:OPTIONS],...: "+strings.Join(search.Names(), ", ")+" (default: the game's player for each of its usual seats)")
	root.Flags().StringVar(&demo.level, "level", "", fmt.Sprintf("the computers' level, 1 (%s) to %d (%s): one for every seat, or N,N,... one a seat (instead of --players)", search.LevelNames[0], search.Levels, search.LevelNames[search.Levels-1]))
	root.Flags().StringVar(&demo.board, "board", "", "play on these letters, ROW/ROW/... (games with a board option: wordblock)")
	nonEmptyFlag(root.Flags(), "board", "give the letters, ROW/ROW/..., or leave out --board for a board dealt at random")
	root.Flags().BoolVar(&demo.boards, "boards", false, "print the board after every move")
	// Help within 80 columns: the flags' usage wrapped (wrappedFlags).
	root.SetUsageTemplate(strings.NewReplacer(".LocalFlags.FlagUsages", "wrappedFlags .LocalFlags",
		".InheritedFlags.FlagUsages", "wrappedFlags .InheritedFlags").Replace(root.UsageTemplate()))
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return flagError(c.CommandPath(), err) })
	root.AddCommand(a.lexiconCommand(), a.hintCommand(), a.benchCommand())
	for _, add := range subcommands {
		root.AddCommand(add(a))
	}
	return root
}

func init() {
	cobra.AddTemplateFunc("wrappedFlags", func(f *pflag.FlagSet) string { return f.FlagUsagesWrapped(80) })
}

// subcommands holds further subcommands; each file that defines one
// appends its constructor in an init function, so commands are added
// without editing this file.
var subcommands []func(*app) *cobra.Command

// noArgs rejects positional arguments, naming the closest subcommand.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if c.HasAvailableSubCommands() {
		msg := fmt.Sprintf("unknown command %q for %q", args[0], c.CommandPath())
		if c.SuggestionsMinimumDistance <= 0 {
			c.SuggestionsMinimumDistance = 2
		}
		if s := c.SuggestionsFor(args[0]); len(s) > 0 {
			msg += "; did you mean " + strings.Join(s, " or ") + "?"
		} else if c.HasParent() {
			msg += " (subcommands: " + strings.Join(subcommandNames(c), ", ") + ")"
		}
		return usagef(c.CommandPath(), "%s", msg)
	}
	return usagef(c.CommandPath(), "%s: takes no arguments, got %q", c.Name(), args)
}

// subcommandNames returns the names of c's available subcommands (not
// help or hidden ones), in cobra's order (sorted by name).
func subcommandNames(c *cobra.Command) []string {
	var names []string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			names = append(names, sub.Name())
		}
	}
	return names
}

// errWriter remembers the first write error (a full disk, a closed pipe),
// so that a command whose output was lost exits non-zero.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// usageError is a mistake in the command line: an unknown command or
// flag, a missing or extra argument, a bad flag value. It exits with
// status 2.
type usageError struct {
	cmd string // command path for the help hint, e.g. "wordengine lexicon check"
	err error
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usagef returns a usageError for the command at path.
func usagef(path, format string, args ...any) error {
	return &usageError{cmd: path, err: fmt.Errorf(format, args...)}
}

// isTerminal reports whether w is a terminal (so progress bars make sense).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// exactArgs requires exactly n positional arguments, named by what.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef(c.CommandPath(), "%s: want %d argument (%s), got %d", c.Name(), n, what, len(args))
		}
		return nil
	}
}

// minArgs requires at least n positional arguments, named by what.
func minArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) < n {
			return usagef(c.CommandPath(), "%s: want at least %d argument (%s)", c.Name(), n, what)
		}
		return nil
	}
}

// maxArgs allows at most n positional arguments, named by what.
func maxArgs(n int, what string) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if len(args) > n {
			return usagef(c.CommandPath(), "%s: want at most %d argument (%s), got %d", c.Name(), n, what, len(args))
		}
		return nil
	}
}

// specError is the error of a player spec given with flag that search.New
// refused: a usage error (exit 2) for a bad spec, a plain failure (exit 1,
// no usage hint) when the spec names a file that cannot be read or is
// not a leave file, as for every other file the commands read.
func specError(path, flag string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) || errors.Is(err, eval.ErrFormat) {
		return fmt.Errorf("%s: %w", flag, err)
	}
	return usagef(path, "%s: %v", flag, err)
}
