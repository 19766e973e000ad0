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
	"wordengine/game/upwords"
	"wordengine/search"
)

func init() {
	playRunners[upwords.Name] = (*app).runPlayUpwords
}

const upwordsPlayHelp = `Commands:
  5E WORD     play WORD across from row 5, column E (E5 WORD: down from
              there); write the whole word, tiles already on the board that
              you read through in parentheses: 5E C(AT)S. A letter on an
              occupied square is stacked on it. The Qu tile is Qu.
  -X          exchange one tile X for one from the pool (your turn ends)
  pass        pass (the game ends when every player passes in a row)
  hint [N]    the engine's N best moves (default 5)
  bag         the tiles you have not seen (pool and other racks)
  board       show the board again
  help        this list
  quit        stop (the game is left unfinished)
`

// upwordsPlay is one upwords game between the human and the computers.
type upwordsPlay struct {
	w       io.Writer
	in      *lineInput
	echo    bool
	s       *upwords.State
	lexName string
	seed    uint64
	human   int
	names   []string
	players []search.Player // per seat; nil for the human
	ranker  search.Ranker
	rankBy  string
	rng     *rand.Rand
}

// runPlayUpwords is `wordengine play --game upwords`.
func (a *app) runPlayUpwords(c *cobra.Command, f *playFlags) error {
	path := c.CommandPath()
	n := f.players
	if n < upwords.MinPlayers || n > upwords.MaxPlayers {
		return usagef(path, "--players %d: want %d to %d", n, upwords.MinPlayers, upwords.MaxPlayers)
	}
	if f.board != "" {
		return usagef(path, "--game upwords starts on an empty board: no --board")
	}
	if _, err := upwords.ParseVariant(f.variant); err != nil {
		return usagef(path, "--variant: %v", err)
	}
	ps, err := a.setupPlay(c, f, n)
	if err != nil {
		return err
	}
	seed, human, name := ps.seed, ps.human, ps.name
	up := &upwordsPlay{w: a.stdout, human: human, seed: seed, names: make([]string, n),
		players: make([]search.Player, n), rng: rand.New(rand.NewPCG(seed, 2))}
	for p := range n {
		if p == human {
			up.names[p] = name
			continue
		}
		pl, err := search.New(f.level)
		if err != nil {
			return usagef(path, "--level: %v", err)
		}
		up.players[p] = pl
		up.names[p] = "computer (" + f.level + ")"
		if r, ok := pl.(search.Ranker); ok && up.ranker == nil {
			up.ranker, up.rankBy = r, f.level
		}
	}
	if up.ranker == nil {
		st, _ := search.New("static")
		up.ranker, up.rankBy = st.(search.Ranker), "static"
	}
	s, lexName, err := a.upwordsState(nil, "", f.variant, n, seed)
	if err != nil {
		return err
	}
	up.s, up.lexName = s, lexName
	var ctx context.Context
	up.in, up.echo, ctx = playInput(c)
	defer up.in.close()
	return up.run(ctx)
}

// who names seat p for the game's messages.
func (up *upwordsPlay) who(p int) string {
	if p == up.human {
		return fmt.Sprintf("You (player %d)", p+1)
	}
	return fmt.Sprintf("Player %d, %s,", p+1, up.names[p])
}

// scores lists every seat's score.
func (up *upwordsPlay) scores() string {
	parts := make([]string, up.s.Players())
	for q := range parts {
		parts[q] = fmt.Sprintf("player %d %d", q+1, up.s.Score(q))
	}
	return strings.Join(parts, ", ")
}

// run plays the game until it ends, the human quits or the input ends.
func (up *upwordsPlay) run(ctx context.Context) error {
	w, s := up.w, up.s
	fmt.Fprintf(w, "wordengine play: upwords (%s), %d players, lexicon %s\n", s.Rules().Variant(), s.Players(), up.lexName)
	for p := range s.Players() {
		fmt.Fprintf(w, "  player %d: %s\n", p+1, up.names[p])
	}
	fmt.Fprintf(w, "seed %d (repeat with --seed %d); you are player %d. Type help for the commands.\n", up.seed, up.seed, up.human+1)
	for !s.Over() {
		if s.ToMove() != up.human {
			if err := up.computerTurn(ctx); err != nil {
				return err
			}
			continue
		}
		err := up.humanTurn(ctx)
		if errors.Is(err, errQuit) {
			fmt.Fprintf(w, "The game is left unfinished (%s). Bye.\n", up.scores())
			return nil
		}
		if err != nil {
			return err
		}
	}
	up.summary()
	return nil
}

// showBoard draws the board, the scores, the human's rack and the pool.
func (up *upwordsPlay) showBoard() {
	s := up.s
	fmt.Fprintf(up.w, "\n%s%s\n", s.BoardText(), upwordsLegend)
	fmt.Fprintf(up.w, "scores: %s; pool %d tiles\nyour rack: %s\n", up.scores(), s.BagLen(), upwordsTiles(s.Rack(nil, up.human)))
}

// humanTurn shows the board and reads commands until a legal move is
// played; errQuit on quit or at the end of input.
func (up *upwordsPlay) humanTurn(ctx context.Context) error {
	w, s := up.w, up.s
	up.showBoard()
	for {
		line, cmd, arg, err := moveLine(ctx, up.w, up.in, up.echo)
		if err != nil {
			return err
		}
		switch cmd {
		case "":
			continue
		case "help", "?", "h":
			fmt.Fprint(w, upwordsPlayHelp)
			continue
		case "hint", "hints":
			up.hint(ctx, arg)
			continue
		case "bag", "unseen":
			fmt.Fprintf(w, "unseen (pool %d tiles and the other racks): %s\n", s.BagLen(), upwordsTiles(s.Unseen(nil, up.human)))
			continue
		case "board":
			up.showBoard()
			continue
		case "quit", "exit", "q":
			return errQuit
		}
		m, err := s.ParseMove(line)
		if err != nil {
			msg := strings.TrimPrefix(err.Error(), "upwords: ")
			fmt.Fprintf(w, "Not played: %s. Try again (help lists the commands).\n", msg)
			continue
		}
		up.play(m)
		return nil
	}
}

// computerTurn lets the computer to move choose and plays its move.
func (up *upwordsPlay) computerTurn(ctx context.Context) error {
	s := up.s
	pl := up.players[s.ToMove()]
	m, err := pl.Choose(ctx, s.Clone(), up.rng)
	if err != nil {
		return fmt.Errorf("play: the computer (%s): %w", pl.Name(), err)
	}
	if _, err := s.ParseMove(s.FormatMove(m)); err != nil {
		return fmt.Errorf("play: the computer chose an illegal move %s: %w", s.FormatMove(m), err)
	}
	up.play(m)
	return nil
}

// play makes move m for the player to move and reports it.
func (up *upwordsPlay) play(m game.Move) {
	s := up.s
	p := s.ToMove()
	text := s.FormatMove(m)
	score := s.MoveScore(m)
	s.Play(m)
	switch upwords.MoveKind(m) {
	case upwords.Pass:
		fmt.Fprintf(up.w, "%s passed.  %s\n", up.who(p), up.scores())
	case upwords.Exchange:
		fmt.Fprintf(up.w, "%s exchanged one tile.  %s\n", up.who(p), up.scores())
	default:
		fmt.Fprintf(up.w, "%s played %s for %d.  %s\n", up.who(p), text, score, up.scores())
	}
}

// hint lists the engine's best moves for the human.
func (up *upwordsPlay) hint(ctx context.Context, arg string) {
	w, s := up.w, up.s
	n := playHintDefault
	if arg != "" {
		v, err := strconv.Atoi(arg)
		if err != nil || v < 1 {
			fmt.Fprintf(w, "hint %s: want a number of moves from 1 to %d.\n", clip(arg), playHintMax)
			return
		}
		n = min(v, playHintMax)
	}
	cands, err := up.ranker.Rank(ctx, s.Clone(), nil)
	if err != nil {
		fmt.Fprintf(w, "hint: %v\n", err)
		return
	}
	fmt.Fprintf(w, "best %d of %d moves by %s:\n", min(n, len(cands)), len(cands), up.rankBy)
	moves := make([]upwordsHintMove, 0, n)
	for i, cd := range cands[:min(n, len(cands))] {
		moves = append(moves, upwordsHintMove{Rank: i + 1, Move: s.FormatMove(cd.Move), Score: cd.Score,
			Leave: upwordsTiles(s.Leave(nil, cd.Move)), Equity: float64(cd.Equity) / 1000})
	}
	writeUpwordsMoves(w, moves)
}

// summary shows the final position and who won.
func (up *upwordsPlay) summary() {
	w, s := up.w, up.s
	fmt.Fprintf(w, "\n%s", s.String())
	fmt.Fprintln(w, "Game over (each player lost 5 points per tile left).")
	fmt.Fprintf(w, "Final score: %s.\n", up.scores())
	win := game.Winners(s)
	humanWins := false
	names := make([]string, len(win))
	for i, p := range win {
		names[i] = fmt.Sprintf("player %d", p+1)
		humanWins = humanWins || p == up.human
	}
	switch {
	case len(win) > 1:
		fmt.Fprintf(w, "A shared win: %s.\n", strings.Join(names, ", "))
	case humanWins:
		fmt.Fprintln(w, "You win!")
	default:
		fmt.Fprintf(w, "%s wins.\n", strings.TrimSuffix(up.who(win[0]), ","))
	}
}
