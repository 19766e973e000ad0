package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/term"

	"wordengine/game"
	"wordengine/game/driver"
)

// What the commands that take a game (the main job, hint, play, bench
// movegen) share: every game is reached through the registry and the
// contracts of package game, so a new game needs no code here.

// gameSpec returns the game registered as name; the usage error lists
// the games.
func gameSpec(path, name string) (game.Spec, error) {
	spec, err := game.Lookup(name)
	if err != nil {
		return spec, usagef(path, "--game %q: no such game (known: %s)", name, strings.Join(game.Names(), ", "))
	}
	return spec, nil
}

// seatsWant says what a --players count allows before the game is known
// (wantFlag): the registered games' numbers of players.
func seatsWant() string {
	lo, hi := 0, 0
	for i, name := range game.Names() {
		spec, err := game.Lookup(name)
		if err != nil {
			continue
		}
		l, h := spec.Players()
		if i == 0 || l < lo {
			lo = l
		}
		hi = max(hi, h)
	}
	return fmt.Sprintf("a number of players the game takes (%d to %d by game: wordengine --help lists them)", lo, hi)
}

// checkSeats checks a number of players against the game's range; the
// usage error names the flag and the range.
func checkSeats(path string, spec game.Spec, n int) error {
	lo, hi := spec.Players()
	switch {
	case n >= lo && n <= hi:
		return nil
	case lo == hi:
		return usagef(path, "--players %d: %s is played by %d players", n, spec.Name, lo)
	}
	return usagef(path, "--players %d: %s takes %d to %d players", n, spec.Name, lo, hi)
}

// withBoard adds --board to the variant text as the game's board= option
// (WordBlock plays on given letters); a game without that option refuses
// it, as does a board given twice.
func withBoard(path string, spec game.Spec, variant, board string) (string, error) {
	if board == "" {
		return variant, nil
	}
	if !spec.HasOption("board") {
		return "", usagef(path, "--board: %s has no board to give (its options: %s)", spec.Name, optionKeys(spec))
	}
	for _, kv := range strings.Split(variant, ",") {
		if k, _, _ := strings.Cut(kv, "="); strings.TrimSpace(k) == "board" {
			return "", usagef(path, "give the board once: --board or --variant board=, not both")
		}
	}
	// The board travels as the option's value, which ends at a comma.
	if i := strings.IndexAny(board, ",="); i >= 0 {
		return "", usagef(path, "--board %q: column %d: %q is not a letter (rows are separated by '/', like CATS/DOGE/RIPE/TONE)", board, utf8.RuneCountInString(board[:i])+1, board[i])
	}
	return strings.Trim(variant+",board="+board, ","), nil
}

// optionKeys lists the keys of the game's variant options.
func optionKeys(spec game.Spec) string {
	var keys []string
	for _, o := range spec.Variants {
		keys = append(keys, o.Key)
	}
	if len(keys) == 0 {
		return "none"
	}
	return strings.Join(keys, ", ")
}

// gamesHelp lists the registered games, one a line with the players they
// take and their variant options, for help texts.
func gamesHelp() string {
	var sb strings.Builder
	for _, n := range game.Names() {
		spec, _ := game.Lookup(n)
		lo, hi := spec.Players()
		seats := fmt.Sprintf("%d players", lo)
		if hi > lo {
			seats = fmt.Sprintf("%d to %d players", lo, hi)
		}
		sb.WriteString(driver.Wrap(fmt.Sprintf("  %-10s %s; options: %s", n, seats, optionKeys(spec)), 80, "               ") + "\n")
	}
	return sb.String()
}

// readPosition reads a position file of a game: file, or in when file is
// "-". name is what error messages call it (the path, or "standard
// input"); a file that cannot be read is told by game.ReadError ("FILE:
// no such file", "FILE is a folder, want a file").
func readPosition(in io.Reader, file string) (data []byte, name string, err error) {
	if file == "-" {
		data, err = io.ReadAll(in)
		return data, "standard input", err
	}
	data, err = os.ReadFile(file)
	return data, file, game.ReadError(file, err)
}

// checkName refuses a player's name that cannot be written in a record:
// control characters (a newline) or nothing but spaces.
func checkName(path, name string) error {
	if i := strings.IndexFunc(name, unicode.IsControl); i >= 0 {
		return usagef(path, "--name %q: a name is one line of printable text (character %d is a control character)", name, utf8.RuneCountInString(name[:i])+1)
	}
	return nil
}

// isTerminalReader reports whether r is a terminal (then the terminal
// echoes what is typed; otherwise the session echoes each line).
func isTerminalReader(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// isTerminalWriter reports whether w is a terminal (then boards are drawn
// in colour).
func isTerminalWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// plural writes "1 word", "2 words" (game.Plural).
func plural(n int, noun string) string { return game.Plural(n, noun) }

// ofTotal writes "n of total noun", the noun agreeing with total: "0 of
// 1 game", "2 of 3 games" (game.PluralOfTotal).
func ofTotal(n, total int, noun string) string { return game.PluralOfTotal(n, total, noun) }

// hasHave is the verb "has" for a subject of one, "have" for others.
func hasHave(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

// isAre is the verb "is" for a subject of one, "are" for others.
func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// packageNames are the module's packages whose names start the errors
// they make ("upwords: ", "bench: "): a message for people leaves them
// out, and so the names of the registered games, which a game's package
// takes as its own (the player "sim" keeps its name: it says which
// player).
var packageNames = map[string]bool{
	"game": true, "crossword": true, "wwf": true, "upwords": true, "wordblock": true, "twoway": true,
	"wordflow": true, "bench": true, "eval": true, "lexicon": true, "search": true, "driver": true,
	"train": true,
}

// isGameName reports whether name is a registered game's.
func isGameName(name string) bool {
	_, err := game.Lookup(name)
	return err == nil
}

// message is err's text for people: without the names of the packages
// that made it and its causes, wherever they stand ("wwf: cgp rack 2:
// crossword: rack ..." is "cgp rack 2: rack ...").
func message(err error) string {
	parts := strings.Split(err.Error(), ": ")
	out := parts[:0]
	for i, p := range parts {
		// A leading "lexicon: " or "bench: " may be the command's own name;
		// "bad record" (game.ErrRecord) leads the record errors that go on
		// to say which file and what.
		command := i == 0 && (p == "lexicon" || p == "bench")
		if i < len(parts)-1 && (packageNames[p] || isGameName(p) || p == game.ErrRecord.Error()) && !command {
			continue
		}
		out = append(out, p)
	}
	return strings.Join(out, ": ")
}

// dealError is the error of dealing a game from the flags: a usage error
// when rule options were given (they are what the game refused), else a
// plain failure (a lexicon that does not fit the game, or a file an
// option names that cannot be read, as for every other file).
func dealError(path, variant string, err error) error {
	if _, isFile := errors.AsType[*game.FileError](err); variant != "" && !isFile {
		return usagef(path, "%s", message(err))
	}
	return fmt.Errorf("%s", message(err))
}

// flagFileError is err with the flag that named the file first, "--init
// FILE: no such file", when err holds a *game.FileError (the file could
// not be read); else err as it is.
func flagFileError(flag string, err error) error {
	if fe, ok := errors.AsType[*game.FileError](err); ok {
		return fmt.Errorf("%s %w", flag, fe)
	}
	return err
}

// usageUnlessFile is err as a usage error of the command at path, unless
// it is about a file that could not be read (a *game.FileError, for a
// file that a rule option names): that is a plain failure, as for every
// other file the commands read.
func usageUnlessFile(path string, err error) error {
	if _, isFile := errors.AsType[*game.FileError](err); isFile {
		return err
	}
	return &usageError{cmd: path, err: err}
}
