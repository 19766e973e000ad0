package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/twoway"
	"wordengine/search"
)

func init() {
	playRunners["twoway"] = (*app).runPlayTwoway
}

// twowayPlayLevel is the computer's default player in twoway.
const twowayPlayLevel = "static"

const twowayPlayHelp = `Commands (you see only your colour's letters):
  E d4        place your tile showing E on d4 (column a-g, row 1-7)
  CAT a1-c3   claim the word read from a1 to c3 (a wrong word costs
              your next turn); claim before or after your placement
  end         end your turn after the placement (your hand is refilled)
  hint [N]    the engine's N best moves (default 5), on your view only
  board       show the board again
  save FILE   write what you see (a position hint --position reads)
  help        this list
  quit        stop (the game is left unfinished)
`

// twowayPlay is one twoway game between the human and the computer.
type twowayPlay struct {
	w        io.Writer
	in       *lineInput
	echo     bool
	s        *twoway.State
	lexName  string
	seed     uint64
	human    int
	name     string
	player   search.Player
	level    string
	rng      *rand.Rand // the computer's random source
	viewRng  *rand.Rand // the computer's determinizations
	hintRng  *rand.Rand // the human's hint views
	announce []string
}

// runPlayTwoway is `wordengine play --game twoway`.
func (a *app) runPlayTwoway(c *cobra.Command, f *playFlags) error {
	path := c.CommandPath()
	switch {
	case c.Flags().Changed("players") && f.players != 2:
		return usagef(path, "--players %d: twoway is for 2", f.players)
	case f.board != "":
		return usagef(path, "--game twoway has no --board")
	}
	ps, err := a.setupPlay(c, f, 2)
	if err != nil {
		return err
	}
	seed, human, name := ps.seed, ps.human, ps.name
	level := f.level
	if !c.Flags().Changed("level") {
		level = twowayPlayLevel
	}
	pl, err := search.New(level)
	if err != nil {
		return specError(path, "--level", err)
	}
	s, lexName, err := a.twowayState(path, nil, "", f.variant, seed)
	if err != nil {
		return err
	}
	tp := &twowayPlay{w: a.stdout, s: s, lexName: lexName, seed: seed, human: human, name: name, player: pl, level: level,
		rng: rand.New(rand.NewPCG(seed, 2)), viewRng: rand.New(rand.NewPCG(seed, 5)), hintRng: rand.New(rand.NewPCG(seed, 6))}
	var ctx context.Context
	tp.in, tp.echo, ctx = playInput(c)
	defer tp.in.close()
	return tp.run(ctx)
}

// who names seat p.
func (tp *twowayPlay) who(p int) string {
	if p == tp.human {
		return fmt.Sprintf("You (%s)", twoway.ColourNames[p])
	}
	return fmt.Sprintf("The computer (%s, %s)", twoway.ColourNames[p], tp.level)
}

func (tp *twowayPlay) run(ctx context.Context) error {
	w, s := tp.w, tp.s
	fmt.Fprintf(w, "wordengine play: twoway (%s), lexicon %s\n", s.Rules(), tp.lexName)
	fmt.Fprintf(w, "seed %d (repeat with --seed %d); you (%s) play %s, red moves first. Type help for the commands.\n",
		tp.seed, tp.seed, tp.name, twoway.ColourNames[tp.human])
	for !s.Over() {
		if s.ToMove() != tp.human {
			if err := tp.computerTurn(ctx); err != nil {
				return err
			}
			continue
		}
		err := tp.humanTurn(ctx)
		if errors.Is(err, errQuit) {
			fmt.Fprintf(w, "The game is left unfinished (red %d, blue %d letters). Bye.\n", s.Score(0), s.Score(1))
			return nil
		}
		if err != nil {
			return err
		}
	}
	tp.summary()
	return nil
}

func (tp *twowayPlay) showBoard() {
	fmt.Fprintf(tp.w, "\n%s", tp.s.Render(tp.human))
	if tp.s.Placed() {
		fmt.Fprintln(tp.w, "You have placed: claim, or end the turn.")
	}
}

// humanTurn reads commands until one legal move is played.
func (tp *twowayPlay) humanTurn(ctx context.Context) error {
	w, s := tp.w, tp.s
	tp.showBoard()
	for {
		line, cmd, arg, err := moveLine(ctx, tp.w, tp.in, tp.echo)
		if err != nil {
			return err
		}
		if twowayMoveText(line) {
			cmd = "" // "H d4", "Q d4", "SAVE a1-d1", "HINT a1-a4": moves, not commands
		}
		switch cmd {
		case "":
			if arg == "" {
				continue
			}
		case "help", "?", "h":
			fmt.Fprint(w, twowayPlayHelp)
			continue
		case "hint", "hints":
			tp.hint(ctx, arg)
			continue
		case "board":
			tp.showBoard()
			continue
		case "save":
			if arg == "" {
				fmt.Fprintln(w, "save: give a file name.")
			} else if err := os.WriteFile(arg, []byte(s.Observation(tp.human)), 0o644); err != nil {
				fmt.Fprintf(w, "save: %v\n", err)
			} else {
				fmt.Fprintf(w, "Saved what you see to %s.\n", arg)
			}
			continue
		case "quit", "exit", "q":
			return errQuit
		}
		m, err := s.ParseMove(line)
		if err != nil {
			msg := strings.TrimPrefix(err.Error(), "illegal move: ")
			fmt.Fprintf(w, "Not played: %s. Try again (help lists the commands).\n", msg)
			continue
		}
		tp.play(m)
		return nil
	}
}

// twowayMoveText reports whether line has the shape of a placement or a
// claim, "LETTER CELL" or "WORD CELL-CELL": it is then read as a move even
// when its first word is a command (the letters H and Q, the words HINT,
// SAVE, HELP, QUIT, BOARD).
func twowayMoveText(line string) bool {
	f := strings.Fields(line)
	if len(f) != 2 {
		return false
	}
	from, to, isRun := strings.Cut(f[1], "-")
	if _, err := twoway.ParseCell(from); err != nil {
		return false
	}
	if isRun {
		_, err := twoway.ParseCell(to)
		return err == nil
	}
	return true
}

// computerTurn lets the computer choose on its own view (the hidden faces
// dealt at random: it never reads the human's letters) and plays.
func (tp *twowayPlay) computerTurn(ctx context.Context) error {
	s := tp.s
	view := search.View(s, tp.viewRng)
	m, err := tp.player.Choose(ctx, view, tp.rng)
	if err != nil {
		return fmt.Errorf("play: the computer (%s): %w", tp.player.Name(), err)
	}
	if _, err := s.ParseMove(s.FormatMove(m)); err != nil {
		return fmt.Errorf("play: the computer chose an illegal move %s: %w", s.FormatMove(m), err)
	}
	tp.play(m)
	return nil
}

// play makes m and reports it as the human may see it: a computer's
// placement shows the cell only (its letter in the human's colour is on
// the board); claims are announced.
func (tp *twowayPlay) play(m game.Move) {
	w, s := tp.w, tp.s
	p := s.ToMove()
	text := s.FormatMove(m)
	gain := s.MoveScore(m)
	wrong := twoway.IsWrongClaim(m)
	s.Play(m)
	switch {
	case twoway.IsPlacement(m) && p != tp.human:
		_, cell, _ := strings.Cut(text, " ")
		fmt.Fprintf(w, "%s placed a tile on %s.\n", tp.who(p), cell)
	case twoway.IsPlacement(m):
		fmt.Fprintf(w, "%s placed %s.\n", tp.who(p), text)
	case wrong:
		fmt.Fprintf(w, "%s claimed %s: not a word! The tiles stay and %s misses the next turn.\n", tp.who(p), text, twoway.ColourNames[p])
	case twoway.IsClaim(m):
		fmt.Fprintf(w, "%s claimed %s: +%d letters (red %d, blue %d).\n", tp.who(p), text, gain, s.Score(0), s.Score(1))
	case twoway.IsEnd(m) && p != tp.human:
		fmt.Fprintf(w, "%s ended its turn.\n", tp.who(p))
	}
}

// hint lists the engine's best moves for the human, ranked on a view of
// the human's own (the computer's letters dealt at random).
func (tp *twowayPlay) hint(ctx context.Context, arg string) {
	w := tp.w
	n := playHintDefault
	if arg != "" {
		v, err := strconv.Atoi(arg)
		if err != nil || v < 1 {
			fmt.Fprintf(w, "hint %s: want a number of moves from 1 to %d.\n", clip(arg), playHintMax)
			return
		}
		n = min(v, playHintMax)
	}
	var rk search.Ranker = search.Greedy{}
	by := "greedy"
	if r, ok := tp.player.(search.Ranker); ok {
		rk, by = r, tp.level
	}
	cands, err := rk.Rank(ctx, search.View(tp.s, tp.hintRng), nil)
	if err != nil {
		fmt.Fprintf(w, "hint: %v\n", err)
		return
	}
	fmt.Fprintf(w, "best %d of %d moves by %s:\n", min(n, len(cands)), len(cands), by)
	moves := make([]twowayHintMove, 0, n)
	for i, cd := range cands[:min(n, len(cands))] {
		moves = append(moves, twowayMove(tp.s, i+1, cd, false))
	}
	writeTwowayMoves(w, moves)
}

// summary shows the end: the board in the human's colour, the result.
func (tp *twowayPlay) summary() {
	w, s := tp.w, tp.s
	tp.showBoard()
	fmt.Fprintf(w, "Game over: red %d, blue %d letters.\n", s.Score(0), s.Score(1))
	win := game.Winners(s)
	switch {
	case len(win) > 1:
		fmt.Fprintln(w, "A draw.")
	case win[0] == tp.human:
		fmt.Fprintln(w, "You win!")
	default:
		fmt.Fprintf(w, "%s wins.\n", tp.who(win[0]))
	}
}
