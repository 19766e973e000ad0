package driver

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"wordengine/game"
	"wordengine/game/outfile"
	"wordengine/search"
)

// Limits of a session.
const (
	HintDefault = 5  // moves `hint` lists without N
	HintMax     = 50 // most moves `hint N` lists
)

// Options configure a Session.
type Options struct {
	// In holds the people's commands, one a line; Out receives
	// everything the session prints.
	In  io.Reader
	Out io.Writer
	// Echo writes each line read to Out (the input is not a terminal,
	// which would show it).
	Echo bool
	// Colour allows ANSI colours in the boards (Out is a terminal).
	Colour bool
	// Hinter ranks the moves `hint` lists; HinterSpec is its name. nil:
	// the game's Spec.Hinter.
	Hinter     search.Player
	HinterSpec string
	// Program names the program in messages ("wordengine play").
	Program string
	// Message writes an error for people; nil means Message.
	Message func(error) string
}

// Session is a match in a terminal: one game, or in a game that is a
// game.Rematcher a series of games, between the people typing on
// Options.In and the computers.
type Session struct {
	o     Options
	g     *Game
	in    *lineInput
	parts []Seat // the participants, in the order given
	order []int  // order[p]: the participant at seat p of the current game
	games int    // the current game, from 1
	wins  int    // games a person won (a shared win counts)
	seed  uint64 // the first game's seed
}

// errQuit ends the session at a person's request or at the end of input.
var errQuit = errors.New("quit")

// ErrInterrupted is Run's error when its context ends (Ctrl-C): the game
// so far (Session.Game) is as it was before the turn in progress.
var ErrInterrupted = errors.New("interrupted")

// NewSession returns a session on game g (its first game). A nil
// o.Hinter is the game's Spec.Hinter (search.New); the error is that
// player's.
func NewSession(g *Game, o Options) (*Session, error) {
	if o.Hinter == nil {
		o.HinterSpec = g.Spec().Hinter
		if o.HinterSpec == "" {
			o.HinterSpec = g.Spec().Computer
		}
		if o.HinterSpec == "" {
			o.HinterSpec = "static"
		}
		p, err := search.New(o.HinterSpec)
		if err != nil {
			return nil, err
		}
		o.Hinter = p
	}
	if o.Program == "" {
		o.Program = "wordengine play"
	}
	if o.Message == nil {
		o.Message = Message
	}
	s := &Session{o: o, g: g, parts: g.Seats(), games: 1, seed: g.Config().Seed}
	for p := range s.parts {
		s.order = append(s.order, p)
	}
	return s, nil
}

// Run plays the match until its end, a quit or the end of input. The
// error is a failure (a computer player's, the input's), not a move
// refused.
func (s *Session) Run(ctx context.Context) error {
	s.in = newLineInput(s.o.In)
	defer s.in.close()
	s.header()
	for {
		err := s.playGame(ctx)
		if errors.Is(err, errQuit) {
			s.printf("The game is left unfinished (%s). Bye.\n", s.scores())
			return nil
		}
		if err != nil {
			return err
		}
		s.summary()
		next, err := s.afterGame(ctx)
		switch {
		case err != nil:
			return err
		case next == "quit":
			if s.games > 1 || s.rematcher() != nil {
				s.printf("%s won %d of %d %s. Bye.\n", s.peopleName(), s.wins, s.games, map[bool]string{true: "game", false: "games"}[s.games == 1])
			} else {
				s.printf("Bye.\n")
			}
			return nil
		case next == "another":
			if err := s.rematch(); err != nil {
				return err
			}
		}
	}
}

// Game returns the session's current game (in a match, the game being
// played).
func (s *Session) Game() *Game { return s.g }

func (s *Session) printf(format string, args ...any) { fmt.Fprintf(s.o.Out, format, args...) }

// say prints a message line, broken at spaces to fit Width columns (the
// lines after the first indented by two spaces).
func (s *Session) say(format string, args ...any) {
	fmt.Fprintln(s.o.Out, Wrap(fmt.Sprintf(format, args...), Width, "  "))
}

// Wrap breaks text longer than width columns at spaces into lines of at
// most width columns, the lines after the first starting with indent (a
// word longer than a line stays whole); shorter text is left as it is.
// The spaces between the words of a line are kept as they are (a column
// padded with spaces stays aligned).
func Wrap(text string, width int, indent string) string {
	if len([]rune(text)) <= width {
		return text
	}
	var lines []string
	line, sep := "", ""
	for rest := text; rest != ""; {
		word := strings.TrimLeft(rest, " ")
		gap := rest[:len(rest)-len(word)]
		end := strings.IndexByte(word, ' ')
		if end < 0 {
			end = len(word)
		}
		rest, word = word[end:], word[:end]
		if word == "" {
			break
		}
		switch {
		case line == "" && len(lines) == 0:
			line = gap + word
		case line == "":
			line = indent + word
		case len([]rune(line))+len([]rune(sep))+len([]rune(word)) > width:
			lines = append(lines, line)
			line = indent + word
		default:
			line += sep + word
		}
		sep = " "
		if next := strings.TrimLeft(rest, " "); next != "" {
			sep = rest[:len(rest)-len(next)]
		}
	}
	return strings.Join(append(lines, line), "\n")
}

// header introduces the game: what is played, by whom, the seed.
func (s *Session) header() {
	g := s.g
	spec := g.Spec()
	variant := g.Config().Variant
	if v := g.View(0); v != nil && v.Variant != "" {
		variant = v.Variant
	}
	if s.games == 1 {
		title := spec.Name
		if variant != "" {
			title += " (" + variant + ")"
		}
		s.say("%s: %s, %s, lexicon %s", s.o.Program, title, Plural(len(g.Seats()), "player"), g.Config().LexiconName)
	} else {
		s.printf("\nGame %d: %s opens it.\n", s.games, g.Seats()[0].Name)
	}
	width := 0
	for p := range g.Seats() {
		width = max(width, len(spec.SeatName(p))+1)
	}
	for p, st := range g.Seats() {
		who := st.Name
		if st.Spec != "" && !strings.Contains(who, st.Spec) {
			who += " (" + st.Spec + ")"
		}
		s.printf("  %-*s %s\n", width, spec.SeatName(p)+":", who)
	}
	seed := g.Config().Seed
	you := ""
	if h := s.humans(); len(h) == 1 {
		you = fmt.Sprintf("; you are %s", spec.SeatName(h[0]))
	}
	s.say("seed %d (repeat with --seed %d)%s. Type help for the commands.", seed, seed, you)
}

// humans returns the seats people play.
func (s *Session) humans() []int {
	var out []int
	for p, st := range s.g.Seats() {
		if st.Human() {
			out = append(out, p)
		}
	}
	return out
}

// viewer is the seat whose eyes the session shows the game with: the one
// person, or the person to move, or the first person.
func (s *Session) viewer() int {
	h := s.humans()
	if len(h) == 0 {
		return -1
	}
	if to := s.g.State().ToMove(); !s.g.Over() && s.g.Seats()[to].Human() {
		return to
	}
	return h[0]
}

// peopleName is "You" for one person, "The people" for several.
func (s *Session) peopleName() string {
	if len(s.humans()) == 1 {
		return "You"
	}
	return "The people"
}

// who names seat p as the subject of a sentence.
func (s *Session) who(p int) string {
	if h := s.humans(); len(h) == 1 && h[0] == p {
		return "You"
	}
	return s.g.Seats()[p].Name
}

// scores lists every seat's score: "ann 12, computer -3".
func (s *Session) scores() string {
	st := s.g.State()
	parts := make([]string, st.Players())
	for p := range parts {
		parts[p] = fmt.Sprintf("%s %d", s.g.Seats()[p].Name, st.Score(p))
	}
	return strings.Join(parts, ", ")
}

// playGame plays the current game until it is over; errQuit when a
// person quits or the input ends.
func (s *Session) playGame(ctx context.Context) error {
	for !s.g.Over() {
		p := s.g.State().ToMove()
		if !s.g.Seats()[p].Human() {
			m, err := s.g.Choose(ctx)
			if ctx.Err() != nil {
				// A search cut short plays a weaker move than the
				// seed's: the move is not played.
				return ErrInterrupted
			}
			if err != nil {
				return fmt.Errorf("the computer (%s): %w", s.g.Seats()[p].Spec, err)
			}
			s.report(s.g.Play(m))
			continue
		}
		if err := s.humanTurn(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// report prints a move as the viewer may know it, with the scores after
// it.
func (s *Session) report(pl Played) {
	v := s.viewer()
	info := pl.Info[len(pl.Info)-1]
	if v >= 0 {
		info = pl.Info[v]
	}
	s.say("%s %s.  %s", capitalize(s.who(pl.Seat)), info.Text, s.scores())
	for _, n := range info.Notes {
		s.printf("%s\n", Wrap("  "+n, Width, "    "))
	}
}

// showBoard draws the position as seat sees it.
func (s *Session) showBoard(seat int) {
	st := s.g.State()
	s.printf("\n")
	last := s.g.Marked(seat)
	switch d, ok := st.(game.Drawer); {
	case ok:
		s.printf("%s", d.Draw(game.DrawOptions{Seat: seat, Last: last, Colour: s.o.Colour}))
	case !isHidden(st):
		s.printf("%s", st.String())
	}
	v := s.g.View(seat)
	spec := s.g.Spec()
	for p := range st.Players() {
		line := fmt.Sprintf("%-18s %-18s %5d", spec.SeatName(p), s.g.Seats()[p].Name, st.Score(p))
		if v != nil && p < len(v.Seats) && v.Seats[p].Notes != "" {
			line += "  " + v.Seats[p].Notes
		}
		s.printf("%s\n", clipLine(line))
	}
	if v == nil {
		if r, ok := st.(game.Racker); ok && seat >= 0 {
			s.printf("your rack: %s   (bag: %s)\n", orNone(r.Alphabet().Format(r.Rack(nil, seat))), Plural(r.BagLen(), "tile"))
		}
		return
	}
	tile := v.TileName
	if tile == "" {
		tile = "tile"
	}
	if v.HandName != "" && seat >= 0 {
		line := fmt.Sprintf("your %s: %s", v.HandName, orNone(v.HandText))
		if v.Pool >= 0 {
			line += fmt.Sprintf("   (%s: %s)", v.PoolName, Plural(v.Pool, tile))
		}
		s.printf("%s\n", line)
	} else if v.Pool >= 0 {
		s.printf("%s: %s\n", v.PoolName, Plural(v.Pool, tile))
	}
	for _, l := range v.Status {
		s.say("%s", l)
	}
}

// isHidden reports whether s hides information from some seat (its
// String may then show it).
func isHidden(s game.State) bool {
	_, ok := s.(game.Determinizer)
	return ok
}

func orNone(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// command is one of the session's commands.
type command struct {
	name, usage, help string
	aliases           []string
	arg               bool // takes an argument
	run               func(s *Session, ctx context.Context, seat int, arg string) error
}

// commands lists the session's commands and then the game's (Commander).
func (s *Session) commands() []command {
	cmds := []command{
		{name: "resign", usage: "resign", help: "resign (a loss whatever the score)", run: (*Session).resign},
		{name: "hint", aliases: []string{"hints"}, usage: "hint [N]", arg: true,
			help: fmt.Sprintf("the engine's N best moves (default %d), by %s", HintDefault, s.o.HinterSpec), run: (*Session).hint},
	}
	if c, ok := s.g.State().(game.Commander); ok {
		for _, gc := range c.Commands() {
			name := gc.Name
			cmds = append(cmds, command{name: name, aliases: gc.Aliases, usage: gc.Usage, help: gc.Help, arg: strings.Contains(gc.Usage, " "),
				run: func(s *Session, _ context.Context, seat int, arg string) error {
					out, err := s.g.State().(game.Commander).RunCommand(name, arg, seat)
					if err != nil {
						s.printf("%s: %s\n", name, s.o.Message(err))
						return nil
					}
					s.printf("%s", out)
					return nil
				}})
		}
	}
	cmds = append(cmds,
		command{name: "board", usage: "board", help: "show the board again", run: func(s *Session, _ context.Context, seat int, _ string) error {
			s.showBoard(seat)
			return nil
		}},
		command{name: "undo", usage: "undo", help: "take back your last move and the moves after it", run: (*Session).undo},
		command{name: "save", usage: "save FILE", arg: true, help: "write the game so far as a record (play --resume reads it)", run: (*Session).save},
		command{name: "help", aliases: []string{"?", "h"}, usage: "help", help: "this list", run: func(s *Session, _ context.Context, _ int, _ string) error {
			s.printf("%s", s.helpText())
			return nil
		}},
		command{name: "quit", aliases: []string{"exit", "q"}, usage: "quit", help: "stop (the game is left unfinished)", run: func(*Session, context.Context, int, string) error { return errQuit }},
	)
	return cmds
}

// helpText lists the moves and the commands.
func (s *Session) helpText() string {
	var sb strings.Builder
	sb.WriteString("Commands:\n")
	sb.WriteString(s.g.Spec().Notation)
	for _, c := range s.commands() {
		fmt.Fprintf(&sb, "  %-11s %s\n", c.usage, c.help)
	}
	return sb.String()
}

// find returns the command named word (or an alias), nil when none.
func (s *Session) find(word string) *command {
	for _, c := range s.commands() {
		if c.name == word {
			return &c
		}
		for _, a := range c.aliases {
			if a == word {
				return &c
			}
		}
	}
	return nil
}

// humanTurn shows the board to seat p and reads lines until a move is
// played, a command ends the turn (undo, resign) or the person quits.
func (s *Session) humanTurn(ctx context.Context, p int) error {
	s.showBoard(p)
	for {
		line, err := s.readLine(ctx, s.prompt(p))
		if errors.Is(err, io.EOF) {
			return errQuit
		}
		if err != nil {
			return err
		}
		if line == "" {
			continue
		}
		word, arg := splitCommand(line)
		cmd := s.find(word)
		if cmd != nil && arg == "" {
			if done, err := s.runCommand(ctx, cmd, p, arg); done || err != nil {
				return err
			}
			continue
		}
		m, moveErr := s.parseInput(line)
		if moveErr == nil {
			s.report(s.g.Play(m))
			return nil
		}
		_, tells := s.g.State().(game.InputParser)
		meant := tells && !errors.Is(moveErr, game.ErrUnknownInput) // the line has the shape of a move
		if cmd != nil && cmd.arg && !meant {
			if done, err := s.runCommand(ctx, cmd, p, arg); done || err != nil {
				return err
			}
			continue
		}
		s.refused(moveErr)
	}
}

// turnEnding are the commands after which the seat to move may have
// changed (the board is shown again).
var turnEnding = map[string]bool{"undo": true, "resign": true}

// runCommand runs cmd; done reports that the turn is over.
func (s *Session) runCommand(ctx context.Context, cmd *command, seat int, arg string) (done bool, err error) {
	before := len(s.g.History())
	err = cmd.run(s, ctx, seat, arg)
	return turnEnding[cmd.name] && (len(s.g.History()) != before || s.g.Over()), err
}

// refused explains why a line was not played.
func (s *Session) refused(err error) {
	msg := s.o.Message(err)
	if errors.Is(err, game.ErrUnknownInput) {
		if rest, ok := strings.CutPrefix(msg, game.ErrUnknownInput.Error()+": "); ok {
			s.say("%s.", rest)
			return
		}
		s.say("%s (help lists the commands).", capitalize(msg))
		return
	}
	s.say("Not played: %s. Try again (help lists the commands).", msg)
}

// parseInput reads a person's move (game.InputParser, else ParseMove).
func (s *Session) parseInput(line string) (game.Move, error) {
	if ip, ok := s.g.State().(game.InputParser); ok {
		return ip.ParseInput(line)
	}
	return s.g.State().ParseMove(line)
}

// prompt is "your move> " for one person, "NAME's move> " for several.
func (s *Session) prompt(p int) string {
	if len(s.humans()) == 1 {
		return "your move> "
	}
	return s.g.Seats()[p].Name + "'s move> "
}

// resign makes seat resign.
func (s *Session) resign(_ context.Context, seat int, _ string) error {
	if s.g.Over() {
		s.printf("The game is over.\n")
		return nil
	}
	if pl := s.g.Resign(); pl != nil {
		s.report(*pl)
	} else {
		s.say("%s resigned.  %s", capitalize(s.who(seat)), s.scores())
	}
	return nil
}

// undo takes back seat's last turn and the moves after it.
func (s *Session) undo(_ context.Context, seat int, _ string) error {
	if seat < 0 {
		seat = s.viewer()
	}
	n, err := s.g.Undo(seat)
	if err != nil {
		return err
	}
	if n == 0 {
		s.printf("Nothing to undo: %s made no move yet.\n", lowerYou(s.who(seat)))
		return nil
	}
	s.say("Took back %s.  %s", Plural(n, "move"), s.scores())
	return nil
}

// hint lists the hint player's best moves for seat.
func (s *Session) hint(ctx context.Context, seat int, arg string) error {
	n := HintDefault
	if arg != "" {
		v, err := strconv.Atoi(arg)
		if err != nil || v < 1 {
			s.printf("hint %s: want a number of moves from 1 to %d.\n", clip(arg), HintMax)
			return nil
		}
		n = min(v, HintMax)
	}
	if s.g.Over() {
		s.printf("The game is over: no move to hint.\n")
		return nil
	}
	h, err := Rank(ctx, s.g.State(), s.o.Hinter, s.o.HinterSpec, n, s.g.Rand(StreamHint), s.g.Rand(StreamSearch))
	if err != nil {
		s.printf("hint: %s\n", s.o.Message(err))
		return nil
	}
	shown := min(n, len(h.Moves))
	s.printf("best %d of %s by %s:\n", shown, Plural(h.Total, "move"), h.RankedBy)
	if h.Choice != "" {
		s.printf("%s cannot rank moves; it chooses %s (marked >)\n", h.Player, h.Choice)
	}
	WriteHints(s.o.Out, h, s.g.Spec().Unit)
	return nil
}

// save writes the game's record to file, atomically: a temporary file in
// the same folder renamed over file once complete, so a failed save
// leaves an existing file as it was. It replaces an earlier save of this
// game, saying how many moves that held, and keeps any other file
// (priorSave).
func (s *Session) save(_ context.Context, _ int, file string) error {
	if file == "" {
		s.printf("save needs a file name: save FILE\n")
		return nil
	}
	if name, ext := recordFormat(s.g.Spec()); !hasRecordExt(file, ext) {
		s.say("Not saved: this game's records are %s; give a file name ending in %s (save %s).", name, ext, strings.TrimSuffix(file, filepath.Ext(file))+ext)
		return nil
	}
	r := s.g.Record()
	prior, err := priorSave(file, r)
	if err == nil {
		err = SaveRecord(file, r)
	}
	if err != nil {
		s.say("Not saved: %s", s.o.Message(err))
		return nil
	}
	if prior != nil {
		s.printf("Replaced %s (%s; it held %d).\n", file, Plural(len(s.g.History()), "move"), len(prior.Moves))
		return nil
	}
	s.printf("Saved %s to %s.\n", Plural(len(s.g.History()), "move"), file)
	return nil
}

// recordFormat returns the name and file name extension of the records
// of spec's games: its own format (GCG, .gcg) or JSON (.json).
func recordFormat(spec game.Spec) (name, ext string) {
	if f := spec.Records; f != nil && f.Ext != "" {
		return f.Name, f.Ext
	}
	return "JSON", ".json"
}

// hasRecordExt reports whether file may hold a record of extension ext:
// a name ending in ext, or one whose extension names no record format
// (.gcg or .json), such as none at all or .txt.
func hasRecordExt(file, ext string) bool {
	e := strings.ToLower(filepath.Ext(file))
	return e == ext || e != ".gcg" && e != ".json"
}

// SaveRecord writes record r to file in its game's format (WriteRecord),
// through a temporary file in file's folder renamed over file when
// complete.
func SaveRecord(file string, r *game.Record) error {
	var buf bytes.Buffer
	if err := game.WriteRecord(&buf, r); err != nil {
		return err
	}
	return outfile.WriteFile(file, buf.Bytes())
}

// summary shows how the game ended.
func (s *Session) summary() {
	g := s.g
	st := g.State()
	v := s.viewer()
	s.printf("\nGame over.")
	s.showBoard(v)
	if p := g.Resigned(); p >= 0 && !st.Over() {
		s.printf("%s resigned.\n", capitalize(s.who(p)))
	}
	s.say("Final score: %s.", s.scores())
	win := g.Winners()
	people := false
	for _, p := range win {
		people = people || g.Seats()[p].Human()
	}
	if people {
		s.wins++
	}
	if st.Players() == 1 {
		return
	}
	names := make([]string, len(win))
	for i, p := range win {
		names[i] = g.Seats()[p].Name
	}
	switch {
	case len(win) == st.Players():
		s.printf("A draw.\n")
	case len(win) > 1:
		s.printf("A shared win: %s.\n", strings.Join(names, ", "))
	case g.Resigned() >= 0:
		s.printf("%s %s (%s resigned).\n", capitalize(s.who(win[0])), verb(s.who(win[0]), "win"), lowerYou(s.who(g.Resigned())))
	default:
		margin := st.Score(win[0]) - secondBest(st, win[0])
		s.printf("%s %s by %s.\n", capitalize(s.who(win[0])), verb(s.who(win[0]), "win"), s.g.Spec().UnitName(margin))
	}
}

// secondBest returns the best score of the seats other than p.
func secondBest(st game.State, p int) int {
	best, first := 0, true
	for q := range st.Players() {
		if q != p && (first || st.Score(q) > best) {
			best, first = st.Score(q), false
		}
	}
	return best
}

// lowerYou writes "You" as "you", for the middle of a sentence.
func lowerYou(who string) string {
	if who == "You" {
		return "you"
	}
	return who
}

// verb conjugates verb for subject ("You win", "ann wins").
func verb(subject, v string) string {
	if subject == "You" {
		return v
	}
	return v + "s"
}

// rematcher returns the finished game as a game.Rematcher, nil when it is
// not one.
func (s *Session) rematcher() game.Rematcher {
	r, _ := s.g.State().(game.Rematcher)
	return r
}

// afterGame reads commands once the game is over: save, board, undo
// (the game goes on: "undo"), help, quit ("quit"), and in a match the
// answer to "Another game?" ("another", or "quit" for no).
func (s *Session) afterGame(ctx context.Context) (string, error) {
	rm := s.rematcher()
	prompt := "> "
	if rm != nil {
		prompt = fmt.Sprintf("Another game? %s (y/n)> ", capitalize(rm.RematchNote()))
	} else {
		s.say("Type \"save FILE\" to save the game, \"undo\" to take back your last move, or \"quit\".")
	}
	for {
		line, err := s.readLine(ctx, prompt)
		if errors.Is(err, io.EOF) {
			return "quit", nil
		}
		if err != nil {
			return "", err
		}
		word, arg := splitCommand(line)
		switch {
		case line == "":
		case rm != nil && isYes(line):
			return "another", nil
		case rm != nil && isNo(line), word == "quit" || word == "exit" || word == "q":
			return "quit", nil
		case word == "save":
			_ = s.save(ctx, -1, arg)
		case word == "board":
			s.showBoard(s.viewer())
		case word == "undo":
			if err := s.undo(ctx, -1, ""); err != nil {
				return "", err
			}
			if !s.g.Over() {
				return "undo", nil
			}
		case word == "help" || word == "?" || word == "h":
			s.say("The game is over: \"save FILE\" writes its record, \"board\" shows the final board, \"undo\" takes back your last move, \"quit\" leaves.")
		case rm != nil:
			s.printf("Please answer y or n (or save FILE, board, undo, quit).\n")
		default:
			s.printf("The game is over: type \"save FILE\" to save it, or \"quit\".\n")
		}
	}
}

// rematch starts the next game of the match: the seat the finished game
// names (game.Rematcher) opens it, the others follow in their order, on
// the next seed.
func (s *Session) rematch() error {
	opener := s.rematcher().NextOpener()
	n := len(s.order)
	order := make([]int, n)
	for k := range order {
		order[k] = s.order[(opener+k)%n]
	}
	cfg := s.g.Config()
	cfg.Seed = s.seed + uint64(s.games)
	cfg.Seats = make([]Seat, n)
	for p, part := range order {
		cfg.Seats[p] = s.parts[part]
	}
	g, err := NewGame(cfg)
	if err != nil {
		return err
	}
	s.g, s.order = g, order
	s.games++
	s.header()
	return nil
}

func isYes(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes", "j", "ja":
		return true
	}
	return false
}

func isNo(line string) bool {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "n", "no", "nein":
		return true
	}
	return false
}

// readLine prompts and returns the next line, trimmed, echoed when
// Options.Echo; io.EOF at the end of input.
func (s *Session) readLine(ctx context.Context, prompt string) (string, error) {
	s.printf("%s", prompt)
	line, err := s.in.next(ctx)
	if err != nil {
		s.printf("\n")
		if errors.Is(err, io.EOF) {
			s.printf("(end of input)\n")
			return "", io.EOF
		}
		if ctx.Err() != nil {
			return "", ErrInterrupted
		}
		return "", fmt.Errorf("reading the input: %w", err)
	}
	line = strings.TrimSpace(line)
	if s.o.Echo {
		s.printf("%s\n", line)
	}
	return line, nil
}

// splitCommand returns the first word of line in lower case and the
// rest, trimmed.
func splitCommand(line string) (cmd, arg string) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", ""
	}
	return strings.ToLower(f[0]), strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), f[0]))
}

// clip shortens text for a message.
func clip(text string) string {
	if r := []rune(text); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return text
}

func capitalize(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}

// Message is err's text for people: without the names of the packages
// that made it and its causes ("upwords: ", "crossword: "), a lower-case
// word and a colon at its start or after a colon.
func Message(err error) string {
	parts := strings.Split(err.Error(), ": ")
	out := parts[:0]
	for i, p := range parts {
		if i < len(parts)-1 && packageLike(p) {
			continue
		}
		out = append(out, p)
	}
	return strings.Join(out, ": ")
}

// packageLike reports whether w looks like a Go package name: 2 to 10
// lower-case ASCII letters.
func packageLike(w string) bool {
	if len(w) < 2 || len(w) > 10 {
		return false
	}
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
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
