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
	"wordengine/game/wordflow"
	"wordengine/search"
)

func init() {
	playRunners[wordflow.Name] = (*app).runPlayWordFlow
}

const wordflowPlayHelp = `Commands:
  PIECE CELL WORD...  place a piece of your hand and announce the words it
                      creates, e.g. "TH5v c4 THE THEN" (the piece as your hand
                      shows it; points and arrow may be left out when only one
                      piece matches). Every word you do not announce is a
                      missed word: the computer claims it (with the courtesy
                      variant you keep it). A word you announce that the
                      placement does not create is challenged: your turn
                      scores zero.
  PIECE CELL *        place and announce every word the placement creates
  pass                pass (only when no piece of your hand fits)
                      In simultaneous play (--variant mode=simultaneous) a
                      move is a commitment: the others' stay hidden until
                      the round's end, when the placements are made in the
                      round's order (a placement that no longer fits is
                      void) and the engine announces every word.
  hint [N]            the engine's N best placements (default 5) with their words
  board               show the puzzle again
  help                this list
  quit                stop (the game is left unfinished)
`

// wordflowPlay is one wordflow game between the human and the computers.
type wordflowPlay struct {
	w       io.Writer
	in      *lineInput
	echo    bool
	s       *wordflow.State
	lexName string
	seed    uint64
	human   int
	names   []string
	players []search.Player
	ranker  search.Ranker
	rankBy  string
	rng     *rand.Rand
	// viewRng and hintRng determinize the computers' and the hints' views
	// (search.View): the hidden hands, the pool and, in simultaneous
	// play, the round's commitments made so far are dealt again.
	viewRng, hintRng *rand.Rand
}

// runPlayWordFlow is `wordengine play --game wordflow`.
func (a *app) runPlayWordFlow(c *cobra.Command, f *playFlags) error {
	path := c.CommandPath()
	n := f.players
	if n < 1 || n > wordflow.MaxPlayers {
		return usagef(path, "--players %d: want 1 (solo) to %d", n, wordflow.MaxPlayers)
	}
	if f.board != "" {
		return usagef(path, "--game wordflow has no --board: the puzzle is dealt from --seed (see --variant)")
	}
	if _, err := wordflow.ParseOptions(f.variant, n); err != nil {
		return usagef(path, "--variant: %v", err)
	}
	ps, err := a.setupPlay(c, f, n)
	if err != nil {
		return err
	}
	seed, human, name := ps.seed, ps.human, ps.name
	wp := &wordflowPlay{w: a.stdout, human: human, seed: seed, names: make([]string, n), players: make([]search.Player, n),
		rng: rand.New(rand.NewPCG(seed, 2)), viewRng: rand.New(rand.NewPCG(seed, 5)), hintRng: rand.New(rand.NewPCG(seed, 6))}
	for p := range n {
		if p == human {
			wp.names[p] = name
			continue
		}
		pl, err := search.New(f.level)
		if err != nil {
			return usagef(path, "--level: %v", err)
		}
		wp.players[p], wp.names[p] = pl, "computer ("+f.level+")"
	}
	if pl, err := search.New(f.level); err == nil {
		if r, ok := pl.(search.Ranker); ok {
			wp.ranker, wp.rankBy = r, f.level
		}
	}
	if wp.ranker == nil {
		wp.ranker, wp.rankBy = search.Greedy{}, "greedy"
	}
	s, lexName, err := a.wordflowState(nil, "", f.variant, n, seed)
	if err != nil {
		return err
	}
	wp.s, wp.lexName = s, lexName
	var ctx context.Context
	wp.in, wp.echo, ctx = playInput(c)
	defer wp.in.close()
	return wp.run(ctx)
}

func (wp *wordflowPlay) who(p int) string {
	if p == wp.human {
		return "You"
	}
	return fmt.Sprintf("Seat %d %s", p, wp.names[p])
}

func (wp *wordflowPlay) run(ctx context.Context) error {
	w, s := wp.w, wp.s
	fmt.Fprintf(w, "wordengine play: wordflow %s, %d players, lexicon %s\n", s.Options(), s.Players(), wp.lexName)
	for p := range s.Players() {
		fmt.Fprintf(w, "  seat %d  %s\n", p, wp.names[p])
	}
	fmt.Fprintf(w, "seed %d (repeat with --seed %d); you are seat %d. Type help for the commands.\n", wp.seed, wp.seed, wp.human)
	for !s.Over() {
		if s.ToMove() != wp.human {
			if err := wp.computerTurn(ctx); err != nil {
				return err
			}
			continue
		}
		err := wp.humanTurn(ctx)
		if errors.Is(err, errQuit) {
			fmt.Fprintf(w, "The game is left unfinished (scores %s). Bye.\n", wordflowScores(s))
			return nil
		}
		if err != nil {
			return err
		}
	}
	wp.summary()
	return nil
}

func (wp *wordflowPlay) showBoard() {
	s := wp.s
	fmt.Fprintf(wp.w, "\n%s%s\n", s.BoardText(), wordflowLegend)
	fmt.Fprintf(wp.w, "scores %s, pool %d; your hand: %s\n", wordflowScores(s), s.PoolLen(), s.HandText(wp.human))
}

func (wp *wordflowPlay) humanTurn(ctx context.Context) error {
	w, s := wp.w, wp.s
	wp.showBoard()
	for {
		line, cmd, arg, err := moveLine(ctx, wp.w, wp.in, wp.echo)
		if err != nil {
			return err
		}
		if arg != "" && cmd != "hint" && cmd != "hints" {
			cmd = "" // a placement such as "H b9", not the command h
		}
		switch cmd {
		case "":
			if line == "" {
				continue
			}
		case "help", "?", "h":
			fmt.Fprint(w, wordflowPlayHelp)
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
		f := strings.Fields(line)
		if strings.EqualFold(f[0], "pass") {
			m, err := s.ParseMove("pass")
			if err != nil {
				fmt.Fprintf(w, "Not played: %s.\n", strings.TrimPrefix(err.Error(), "wordflow: "))
				continue
			}
			wp.play(m, nil)
			return nil
		}
		if len(f) < 2 {
			fmt.Fprintln(w, "Not played: want PIECE CELL WORD..., e.g. TH5v c4 THE (help lists the commands).")
			continue
		}
		m, err := s.ParseMove(f[0] + " " + f[1])
		if err != nil {
			fmt.Fprintf(w, "Not played: %s. Try again (help lists the commands).\n", strings.TrimPrefix(err.Error(), "wordflow: "))
			continue
		}
		wp.play(m, f[2:])
		return nil
	}
}

// play makes placement m for the player to move. announced are the words
// a human announced (nil for a computer, which announces every word; "*"
// announces every word): the engine lists the words the placement
// creates, a word announced but not created is challenged and zeroes the
// turn, and the words created but not announced are missed.
func (wp *wordflowPlay) play(m game.Move, announced []string) {
	w, s := wp.w, wp.s
	p := s.ToMove()
	if s.Options().Mode == wordflow.Simultaneous {
		wp.commit(m, announced)
		return
	}
	if m == wordflow.Pass {
		s.Play(m)
		fmt.Fprintf(w, "%s passed.  Scores %s\n", wp.who(p), wordflowScores(s))
		return
	}
	words := s.Words(nil, m)
	texts := wordflowWords(s, m)
	all := announced == nil || (len(announced) == 1 && announced[0] == "*")
	taken := make([]bool, len(words))
	var bad []string
	if !all {
		for _, a := range announced {
			found := false
			for i, t := range texts {
				if !taken[i] && strings.EqualFold(strings.Fields(t)[0], a) {
					taken[i], found = true, true
					break
				}
			}
			if !found {
				bad = append(bad, strings.ToUpper(a))
			}
		}
	}
	var missed []int
	for i := range words {
		if !all && !taken[i] {
			missed = append(missed, i)
		}
	}
	mv := wordflow.WithMissed(m, missed)
	if len(bad) > 0 {
		mv = wordflow.Zeroed(mv)
	}
	text := s.FormatMove(m)
	before := make([]int, s.Players())
	for q := range before {
		before[q] = s.Score(q)
	}
	gain := s.MoveScore(mv)
	s.Play(mv)
	fmt.Fprintf(w, "%s placed %s.\n", wp.who(p), text)
	if len(texts) == 0 {
		fmt.Fprintln(w, "  It creates no word.")
	} else {
		fmt.Fprintf(w, "  It creates %s: %s\n", plural(len(texts), "word"), strings.Join(texts, ", "))
	}
	switch {
	case len(bad) > 0:
		fmt.Fprintf(w, "  Challenged: %s is not a word this placement creates along the arrows. The turn scores zero.\n", strings.Join(bad, ", "))
	case len(missed) > 0:
		var names []string
		for _, i := range missed {
			names = append(names, texts[i])
		}
		switch {
		case s.Options().Courtesy || s.Players() == 1:
			fmt.Fprintf(w, "  Missed words (courtesy: they count for the placer): %s\n", strings.Join(names, ", "))
		case s.Options().Mode == wordflow.Cooperative:
			fmt.Fprintf(w, "  Missed words (cooperative: they count for the shared score): %s\n", strings.Join(names, ", "))
		default:
			claimant := -1
			for q := range s.Players() {
				if q != p && s.Score(q) > before[q] {
					claimant = q
				}
			}
			if claimant >= 0 {
				fmt.Fprintf(w, "  Missed words, claimed by %s: %s (+%d)\n", wp.who(claimant), strings.Join(names, ", "), s.Score(claimant)-before[claimant])
			}
		}
	}
	verb := "scores"
	if p == wp.human {
		verb = "score"
	}
	fmt.Fprintf(w, "  %s %s +%d.  Scores %s\n", wp.who(p), verb, gain, wordflowScores(s))
}

// commit makes the commitment m of the player to move in simultaneous
// play: it stays hidden (only the human's own is shown to the human)
// until the round's last commitment, when the round's placements are
// made in the round's order and reported. The engine announces every
// word for every seat (announcements are made when the placements are,
// at the round's end).
func (wp *wordflowPlay) commit(m game.Move, announced []string) {
	w, s := wp.w, wp.s
	p := s.ToMove()
	switch {
	case p != wp.human:
		fmt.Fprintf(w, "%s has committed its move (hidden until the round's end).\n", wp.who(p))
	case m == wordflow.Pass:
		fmt.Fprintln(w, "You pass this round.")
	default:
		fmt.Fprintf(w, "You commit %s; the placements are made at the round's end.\n", s.FormatMove(m))
		if len(announced) > 0 && !(len(announced) == 1 && announced[0] == "*") {
			fmt.Fprintln(w, "  (Simultaneous play: the engine announces every word of every placement when it is made.)")
		}
	}
	s.Play(m)
	round := s.LastRound()
	if round == nil {
		return
	}
	fmt.Fprintln(w, "The round ends; the placements are made in the round's order:")
	for _, rp := range round {
		text := s.FormatMove(rp.Move)
		switch {
		case rp.Move == wordflow.Pass:
			fmt.Fprintf(w, "  %s passed.\n", wp.who(rp.Seat))
		case !rp.Placed:
			fmt.Fprintf(w, "  %s: %s is void (the cell was taken, or its contact or outline broken, by an earlier placement); the piece stays in the hand.\n", wp.who(rp.Seat), text)
		default:
			var words []string
			for _, wd := range rp.Words {
				words = append(words, s.Describe(wd))
			}
			desc := "no word"
			if len(words) > 0 {
				desc = strings.Join(words, ", ")
			}
			fmt.Fprintf(w, "  %s placed %s: %s; +%d\n", wp.who(rp.Seat), text, desc, rp.Points)
		}
	}
	fmt.Fprintf(w, "  Scores %s\n", wordflowScores(s))
}

func (wp *wordflowPlay) computerTurn(ctx context.Context) error {
	s := wp.s
	pl := wp.players[s.ToMove()]
	// The computer decides on its own view: it does not see the other
	// hands, nor in simultaneous play the commitments of the round.
	m, err := pl.Choose(ctx, search.View(s, wp.viewRng), wp.rng)
	if err != nil {
		return fmt.Errorf("play: the computer (%s): %w", pl.Name(), err)
	}
	if _, err := s.ParseMove(s.FormatMove(m)); err != nil {
		return fmt.Errorf("play: the computer chose an illegal move %s: %w", s.FormatMove(m), err)
	}
	wp.play(m, nil)
	return nil
}

func (wp *wordflowPlay) hint(ctx context.Context, arg string) {
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
	cands, err := wp.ranker.Rank(ctx, search.View(wp.s, wp.hintRng), nil)
	if err != nil {
		fmt.Fprintf(w, "hint: %v\n", err)
		return
	}
	fmt.Fprintf(w, "best %d of %d moves by %s:\n", min(n, len(cands)), len(cands), wp.rankBy)
	var moves []wordflowHintMove
	for i, cd := range cands[:min(n, len(cands))] {
		moves = append(moves, wordflowHintMove{Rank: i + 1, Move: wp.s.FormatMove(cd.Move), Score: cd.Score,
			Equity: float64(cd.Equity) / 1000, Words: wordflowWords(wp.s, cd.Move)})
	}
	writeWordflowMoves(w, moves)
}

func (wp *wordflowPlay) summary() {
	w, s := wp.w, wp.s
	wp.showBoard()
	fmt.Fprintln(w, "Game over.")
	for p := range s.Players() {
		fmt.Fprintf(w, "  %s: %d points, best word %d\n", wp.who(p), s.Score(p), s.BestWord(p))
	}
	if s.Players() == 1 {
		fmt.Fprintf(w, "Solo score %d: medal %s.\n", s.Score(0), wordflow.Medal(s.Score(0)))
		return
	}
	win := game.Winners(s)
	names := make([]string, len(win))
	humanWins := false
	for i, p := range win {
		names[i] = wp.who(p)
		humanWins = humanWins || p == wp.human
	}
	switch {
	case len(win) > 1:
		fmt.Fprintf(w, "A shared win: %s.\n", strings.Join(names, ", "))
	case humanWins:
		fmt.Fprintln(w, "You win!")
	default:
		fmt.Fprintf(w, "%s wins.\n", names[0])
	}
}

// plural writes "1 word", "2 words".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
