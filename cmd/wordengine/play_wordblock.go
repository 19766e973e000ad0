package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/wordblock"
	"wordengine/search"
)

func init() {
	playRunners["wordblock"] = (*app).runPlayWordBlock
}

// wordblockPlayLevel is the computers' default player in wordblock: om,
// the strongest against static at 3 and 4 players and even with alphabeta
// at 2 (README, WordBlock players).
const wordblockPlayLevel = "om"

const wordblockPlayHelp = `Commands:
  WORD        play WORD on the cells the engine prefers (the opponents'
              unsecured cells first, then uncoloured ones)
  WORD a1,b2  play WORD on these cells, in word order (column letter,
              row number; spaces work too)
  pass        pass (the game ends when every player passes in a row)
  hint [N]    the engine's N best moves (default 5)
  board       show the board again
  help        this list
  quit        stop (the game is left unfinished)
After a game the engine offers another on a new board (the next seed);
the player with the fewest cells, the loser, opens it as BLUE, and the
others follow in the same order as before.
`

// wordblockPlay is one wordblock game between the human and the computers.
type wordblockPlay struct {
	w       io.Writer
	in      *lineInput
	echo    bool // echo input lines (standard input is not a terminal)
	ansi    bool // draw the board in colour (standard output is a terminal)
	s       *wordblock.State
	lexName string
	seed    uint64
	human   int
	names   []string
	players []search.Player // per seat; nil for the human
	ranker  search.Ranker   // for hints
	rankBy  string
	rng     *rand.Rand // the computers' random source

	// The match: participant 0 is the human, 1 to n-1 the computers;
	// seats[p] is the participant at seat p in the current game.
	game  int // the current game, from 1
	seats []int
	comps []search.Player // by participant; comps[0] is nil
	wins  int             // games the human won (a shared win counts)
}

// runPlayWordBlock is `wordengine play --game wordblock`.
func (a *app) runPlayWordBlock(c *cobra.Command, f *playFlags) error {
	path := c.CommandPath()
	n := f.players
	if n < wordblock.MinPlayers || n > wordblock.MaxPlayers {
		return usagef(path, "--players %d: want %d to %d", n, wordblock.MinPlayers, wordblock.MaxPlayers)
	}
	ps, err := a.setupPlay(c, f, n)
	if err != nil {
		return err
	}
	seed, human, name := ps.seed, ps.human, ps.name
	level := f.level
	if !c.Flags().Changed("level") {
		level = wordblockPlayLevel
	}
	wp := &wordblockPlay{w: a.stdout, human: human, seed: seed, ansi: isTerminalWriter(a.stdout),
		names: make([]string, n), players: make([]search.Player, n), rng: rand.New(rand.NewPCG(seed, 2)),
		seats: make([]int, n), comps: make([]search.Player, n)}
	for i := 1; i < n; i++ {
		pl, err := search.New(level)
		if err != nil {
			return usagef(path, "--level: %v", err)
		}
		wp.comps[i] = pl
		if r, ok := pl.(search.Ranker); ok && wp.ranker == nil {
			wp.ranker, wp.rankBy = r, level
		}
	}
	if wp.ranker == nil {
		wp.ranker, wp.rankBy = search.Greedy{}, "greedy"
	}
	// The first game seats the human at seat human and the computers
	// after it in their order.
	opener := (n - human) % n
	newGame := func(g int) error {
		s, lexName, err := a.wordblockState(path, nil, "", f.board, f.variant, n, seed+uint64(g-1))
		if err != nil {
			return err
		}
		wp.s, wp.lexName, wp.game = s, lexName, g
		for p := range n {
			wp.seats[p] = (opener + p) % n
			wp.players[p] = wp.comps[wp.seats[p]]
			wp.names[p] = "computer (" + level + ")"
			if wp.seats[p] == 0 {
				wp.human, wp.names[p] = p, name
			}
		}
		return nil
	}
	if err := newGame(1); err != nil {
		return err
	}
	var ctx context.Context
	wp.in, wp.echo, ctx = playInput(c)
	defer wp.in.close()
	for {
		done, err := wp.run(ctx)
		if err != nil || !done {
			return err
		}
		// The loser of the game opens the next one.
		loser := wordblock.NextOpener(wp.s)
		yes, err := wp.askAnother(ctx)
		if err != nil || !yes {
			if errors.Is(err, io.EOF) || err == nil {
				fmt.Fprintf(wp.w, "You won %d of %d games. Bye.\n", wp.wins, wp.game)
				return nil
			}
			return err
		}
		opener = wp.seats[loser]
		if err := newGame(wp.game + 1); err != nil {
			return err
		}
	}
}

// askAnother asks whether to play another game until the answer is yes
// or no (an empty line or a stray word, such as a move typed one line too
// late, asks again rather than ending the match); io.EOF at the end of
// input.
func (wp *wordblockPlay) askAnother(ctx context.Context) (bool, error) {
	for {
		line, err := wp.readLine(ctx, "Another game? The loser opens it (y/n)> ")
		if err != nil {
			return false, err
		}
		switch {
		case isYes(line):
			return true, nil
		case isNo(line):
			return false, nil
		}
		fmt.Fprintf(wp.w, "Please answer y or n.\n")
	}
}

// isNo reports whether an answer to a yes/no question is no (or quit).
func isNo(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "n", "no", "nein", "q", "quit", "exit":
		return true
	}
	return false
}

// isYes reports whether an answer to a yes/no question is yes.
func isYes(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes", "j", "ja":
		return true
	}
	return false
}

// who names seat p with its colour.
func (wp *wordblockPlay) who(p int) string {
	if p == wp.human {
		return fmt.Sprintf("You (%s)", wordblock.Colours[p])
	}
	return fmt.Sprintf("%s %s", wordblock.Colours[p], wp.names[p])
}

// run plays the current game until it ends (true), the human quits or the
// input ends (false).
func (wp *wordblockPlay) run(ctx context.Context) (bool, error) {
	w, s := wp.w, wp.s
	if wp.game == 1 {
		fmt.Fprintf(w, "wordengine play: wordblock, %d players, lexicon %s\n", s.Players(), wp.lexName)
	} else {
		if wp.human == 0 {
			fmt.Fprintf(w, "\nGame %d: you had the fewest cells in game %d, so you open this one (the loser opens).\n", wp.game, wp.game-1)
		} else {
			fmt.Fprintf(w, "\nGame %d: %s had the fewest cells in game %d, so it opens this one (the loser opens).\n", wp.game, wp.names[0], wp.game-1)
		}
	}
	for p := range s.Players() {
		fmt.Fprintf(w, "  %-6s %s\n", wordblock.Colours[p], wp.names[p])
	}
	seed := wp.seed + uint64(wp.game-1)
	fmt.Fprintf(w, "seed %d (repeat with --seed %d); you play %s. Type help for the commands.\n", seed, seed, wordblock.Colours[wp.human])
	for !s.Over() {
		if s.ToMove() != wp.human {
			if err := wp.computerTurn(ctx); err != nil {
				return false, err
			}
			continue
		}
		err := wp.humanTurn(ctx)
		if errors.Is(err, errQuit) {
			fmt.Fprintf(w, "The game is left unfinished (%s). Bye.\n", wordblockScores(s))
			return false, nil
		}
		if err != nil {
			return false, err
		}
	}
	wp.summary()
	return true, nil
}

// showBoard draws the board, with secured cells marked.
func (wp *wordblockPlay) showBoard() {
	fmt.Fprintf(wp.w, "\n%s%s\n", wp.s.Render(wp.ansi), wordblockLegend)
}

// readLine prompts and returns the next input line, trimmed; io.EOF at
// the end of input.
func (wp *wordblockPlay) readLine(ctx context.Context, prompt string) (string, error) {
	return promptLine(ctx, wp.w, wp.in, wp.echo, prompt)
}

// humanTurn shows the board and reads commands until a legal move is
// played; errQuit on quit or at the end of input.
func (wp *wordblockPlay) humanTurn(ctx context.Context) error {
	w, s := wp.w, wp.s
	wp.showBoard()
	for {
		line, cmd, arg, err := moveLine(ctx, wp.w, wp.in, wp.echo)
		if err != nil {
			return err
		}
		switch cmd {
		case "":
			continue
		case "help", "?", "h":
			fmt.Fprint(w, wordblockPlayHelp)
			continue
		case "hint", "hints":
			wp.hint(ctx, arg)
			continue
		case "board":
			wp.showBoard()
			continue
		case "quit", "exit", "q":
			return errQuit
		}
		m, err := s.ParseMove(line)
		if err != nil {
			msg := strings.TrimPrefix(err.Error(), "wordblock: ")
			msg = strings.TrimPrefix(msg, "illegal move: ")
			fmt.Fprintf(w, "Not played: %s. Try again (help lists the commands).\n", msg)
			continue
		}
		wp.play(m)
		return nil
	}
}

// computerTurn lets the computer to move choose and plays its move.
func (wp *wordblockPlay) computerTurn(ctx context.Context) error {
	s := wp.s
	p := s.ToMove()
	pl := wp.players[p]
	m, err := pl.Choose(ctx, s.Clone(), wp.rng)
	if err != nil {
		return fmt.Errorf("play: the computer (%s): %w", pl.Name(), err)
	}
	if _, err := s.ParseMove(s.FormatMove(m)); err != nil {
		return fmt.Errorf("play: the computer chose an illegal move %s: %w", s.FormatMove(m), err)
	}
	wp.play(m)
	return nil
}

// play makes move m for the player to move and reports it.
func (wp *wordblockPlay) play(m game.Move) {
	s := wp.s
	p := s.ToMove()
	text := s.FormatMove(m)
	if m == wordblock.Pass {
		s.Play(m)
		fmt.Fprintf(wp.w, "%s passed.  %s\n", wp.who(p), wordblockScores(s))
		return
	}
	gain := s.MoveScore(m)
	s.Play(m)
	fmt.Fprintf(wp.w, "%s played %s: +%d cells.  %s\n", wp.who(p), text, gain, wordblockScores(s))
}

// hint lists the engine's best moves for the human.
func (wp *wordblockPlay) hint(ctx context.Context, arg string) {
	w := wp.w
	n := playHintDefault
	if arg != "" {
		v, err := strconv.Atoi(arg)
		if err != nil || v < 1 {
			fmt.Fprintf(w, "hint %s: want a number of moves from 1 to %d.\n", clip(arg), playHintMax)
			return
		}
		n = min(v, playHintMax)
	}
	cands, err := wp.ranker.Rank(ctx, wp.s.Clone(), nil)
	if err != nil {
		fmt.Fprintf(w, "hint: %v\n", err)
		return
	}
	fmt.Fprintf(w, "best %d of %d moves by %s:\n", min(n, len(cands)), len(cands), wp.rankBy)
	moves := make([]wordblockHintMove, 0, n)
	for i, cd := range cands[:min(n, len(cands))] {
		moves = append(moves, wordblockHintMove{Rank: i + 1, Move: wp.s.FormatMove(cd.Move), Score: cd.Score, Value: wordblockValue(cd.Equity)})
	}
	writeWordblockMoves(w, moves)
}

// summary shows the final board, how the game ended and who won.
func (wp *wordblockPlay) summary() {
	w, s := wp.w, wp.s
	wp.showBoard()
	fmt.Fprintln(w, "Game over.")
	full := true
	for r := range s.Board().Rows() {
		for c := range s.Board().Cols() {
			full = full && s.Owner(r, c) >= 0
		}
	}
	switch {
	case full:
		fmt.Fprintln(w, "Every cell is coloured.")
	case s.Passes() >= s.Players():
		fmt.Fprintln(w, "Every player passed in a row.")
	default:
		fmt.Fprintf(w, "%d words were played.\n", wordblock.MaxWords)
	}
	fmt.Fprintf(w, "Final score: %s.\n", wordblockScores(s))
	win := game.Winners(s)
	names := make([]string, len(win))
	humanWins := false
	for i, p := range win {
		names[i] = wp.who(p)
		humanWins = humanWins || p == wp.human
	}
	if humanWins {
		wp.wins++
	}
	switch {
	case len(win) > 1 && humanWins:
		fmt.Fprintf(w, "A shared win: %s.\n", strings.Join(names, ", "))
	case len(win) > 1:
		fmt.Fprintf(w, "You lose; a shared win: %s.\n", strings.Join(names, ", "))
	case humanWins:
		fmt.Fprintln(w, "You win!")
	default:
		fmt.Fprintf(w, "%s wins.\n", names[0])
	}
}
