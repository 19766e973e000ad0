package crossword

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"wordengine/game"
	"wordengine/lexicon"
)

// The front-end contracts of package game (SeatViewer, Describer,
// Drawer, PositionWriter, Commander, RackSetter) for the crossword games.

// bagColumns is the number of letters a line of the bag command lists.
const bagColumns = 9

// SeatView implements game.SeatViewer: the board with its premiums, the
// seat's own rack (the other rack only by its size until the game is
// over), the scores and the bag.
func (s *State) SeatView(seat int) *game.View {
	b := s.board
	a := s.Alphabet()
	v := &game.View{
		Game: s.rules.Name, Viewer: seat, ToMove: s.toMove, Over: s.over,
		Rows: b.rows, Cols: b.cols, Cells: make([]game.Cell, b.rows*b.cols),
		Pool: s.bag.Len(), HandName: "rack", PoolName: "bag",
	}
	for i := range v.Cells {
		c := &v.Cells[i]
		p := b.prem[i]
		switch {
		case p.Word == 3:
			c.Premium = "TW"
		case p.Word == 2:
			c.Premium = "DW"
		case p.Word == 4:
			c.Premium = "QW"
		case p.Letter == 3:
			c.Premium = "TL"
		case p.Letter == 2:
			c.Premium = "DL"
		case p.Letter == 4:
			c.Premium = "QL"
		}
		if i == b.start {
			c.Start = true
			if c.Premium == "" {
				c.Premium = "start"
			}
		}
		if t := b.sq[i]; t != 0 {
			c.Letter, c.Blank = a.Letter(t), t.IsBlank()
			c.Points = s.TilePoints(t)
		}
	}
	for p := range 2 {
		st := game.Seat{Name: fmt.Sprintf("player %d", p+1), Score: s.scores[p], Hand: s.racks[p].n}
		if s.over && s.racks[p].n > 0 {
			st.Notes = "rack left: " + a.Format(s.racks[p].tiles(nil))
		}
		v.Seats = append(v.Seats, st)
	}
	if seat >= 0 && seat < 2 {
		rack := s.racks[seat].tiles(nil)
		for _, t := range rack {
			v.Hand = append(v.Hand, game.Cell{Letter: a.Format([]lexicon.Tile{t}), Blank: t.IsBlank(), Points: s.TilePoints(t)})
		}
		v.HandText = a.Format(rack)
		v.Unseen = len(s.Unseen(nil, seat))
	}
	if s.over {
		v.Status = append(v.Status, s.endReason())
		v.Winners = s.Winners()
	}
	return v
}

// HandText implements game.HandTexter: seat's rack as SeatView writes
// it, "" for a seat out of range.
func (s *State) HandText(seat int) string {
	if seat < 0 || seat >= 2 {
		return ""
	}
	var buf [MaxRack]lexicon.Tile
	return s.Alphabet().Format(s.racks[seat].tiles(buf[:0]))
}

// endReason says how a finished game ended, with the rack adjustments.
func (s *State) endReason() string {
	a := s.Alphabet()
	value := func(p int) int {
		v := 0
		for _, t := range s.racks[p].tiles(nil) {
			v += s.TilePoints(t)
		}
		return v
	}
	switch {
	case s.resigned >= 0:
		return fmt.Sprintf("Player %d resigned.", s.resigned+1)
	case s.bag.Len() == 0 && (s.racks[0].n == 0 || s.racks[1].n == 0):
		p := 0
		if s.racks[1].n == 0 {
			p = 1
		}
		q := 1 - p
		if s.racks[q].n == 0 {
			return fmt.Sprintf("Player %d went out.", p+1)
		}
		v := value(q)
		if s.rules.OutDouble {
			return fmt.Sprintf("Player %d went out: +%d, twice the tiles left on player %d's rack (%s).", p+1, 2*v, q+1, a.Format(s.racks[q].tiles(nil)))
		}
		return fmt.Sprintf("Player %d went out: +%d for the tiles left on player %d's rack (%s), which player %d loses.", p+1, v, q+1, a.Format(s.racks[q].tiles(nil)), q+1)
	}
	text := fmt.Sprintf("The game ended after %d scoreless turns in a row.", s.scoreless)
	if s.rules.ScorelessDeduct {
		text += fmt.Sprintf(" Each rack's value was deducted from its owner (player 1 -%d, player 2 -%d).", value(0), value(1))
	}
	return text
}

// DescribeMove implements game.Describer: a play's words (main word
// first), the squares it covers and the leave; an exchange by another
// seat only by its number of tiles.
func (s *State) DescribeMove(m game.Move, viewer int) game.MoveInfo {
	a := s.Alphabet()
	mover := s.toMove
	info := game.MoveInfo{Move: s.FormatMove(m), Score: s.MoveScore(m)}
	if viewer < 0 || viewer == mover {
		info.Leave = a.Format(s.Leave(nil, m))
	}
	switch MoveKind(m) {
	case Play:
		info.Kind = "play"
		info.Cells = s.PlayedSquares(m)
		info.Words = s.playWords(m)
		info.Text = fmt.Sprintf("played %s for %d points", info.Move, info.Score)
		if MoveTileCount(m) == s.rules.RackSize {
			info.Bingo = true
			info.Text += fmt.Sprintf(" (a bingo: +%d included)", s.rules.Bingo)
		}
	case Exchange:
		info.Kind = "exchange"
		n := MoveTileCount(m)
		if viewer >= 0 && viewer != mover {
			info.Move = fmt.Sprintf("exchange %d", n)
			info.Text = fmt.Sprintf("exchanged %d %s", n, plural(n, "tile"))
		} else {
			info.Text = "exchanged " + info.Move[1:]
		}
	case Pass:
		info.Kind, info.Text = "pass", "passed"
	case Resign:
		info.Kind, info.Text = "resign", "resigned"
	}
	return info
}

// playWords returns the words play m forms, the main word first.
func (s *State) playWords(m game.Move) []string {
	d := MoveDir(m)
	row, col := MoveStart(m)
	tiles := MoveTiles(nil, m)
	word := make([]lexicon.Tile, 0, MoveLen(m))
	k := 0
	for i := range MoveLen(m) {
		r, c := row, col+i
		if d == Down {
			r, c = row+i, col
		}
		if s.board.At(r, c) != 0 || k >= len(tiles) {
			word = append(word, PlayThrough)
			continue
		}
		word = append(word, tiles[k])
		k++
	}
	_, words, err := s.ScorePlay(d, row, col, word)
	if err != nil {
		return nil
	}
	return words
}

func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// Legend explains the board drawing of Draw, in lines within 80 columns.
const Legend = "premiums: = triple word, - double word, \" triple letter, ' double letter,\n" +
	"* start; blanks in lower case; [ ] the last move"

// Draw implements game.Drawer: the board (BoardText) with the squares of
// o.Last in brackets, and the legend.
func (s *State) Draw(o game.DrawOptions) string {
	text := game.MarkCells(s.BoardText(),
		func(r int) int { return r + 1 },
		func(c int) (int, int) { return 4 + 2*c, 5 + 2*c }, o.Last)
	return text + Legend + "\n"
}

// FormatPosition implements game.PositionWriter: the position as a CGP
// line (board, racks, scores, scoreless turns, the lexicon), the player to
// move first; the rack of the other seat than seat is left out (seat -1:
// both racks).
func (s *State) FormatPosition(seat int) string {
	a := s.Alphabet()
	b := s.board
	var sb strings.Builder
	for r := range b.rows {
		if r > 0 {
			sb.WriteByte('/')
		}
		run := 0
		for c := range b.cols {
			t := b.sq[r*b.cols+c]
			if t == 0 {
				run++
				continue
			}
			if run > 0 {
				sb.WriteString(strconv.Itoa(run))
				run = 0
			}
			l := a.Letter(t)
			if t.IsBlank() {
				l = strings.ToLower(l)
			}
			if first, _ := utf8.DecodeRuneInString(l); utf8.RuneCountInString(l) == 1 && unicode.IsLetter(first) {
				sb.WriteString(l)
			} else {
				sb.WriteString("[" + l + "]")
			}
		}
		if run > 0 {
			sb.WriteString(strconv.Itoa(run))
		}
	}
	p := s.toMove
	var racks, scores []string
	for _, q := range []int{p, 1 - p} {
		rack := ""
		if seat < 0 || seat == q {
			rack = a.Format(s.racks[q].tiles(nil))
		}
		racks = append(racks, rack)
		scores = append(scores, strconv.Itoa(s.scores[q]))
	}
	fmt.Fprintf(&sb, " %s %s %d", strings.Join(racks, "/"), strings.Join(scores, "/"), s.scoreless)
	if lx := s.Lexicon(); lx != nil {
		fmt.Fprintf(&sb, " lex %s;", lx.Name)
	}
	return sb.String()
}

// Commands implements game.Commander: bag lists the tiles the seat has
// not seen.
func (s *State) Commands() []game.Command {
	return []game.Command{{Name: "bag", Aliases: []string{"unseen", "tiles"}, Usage: "bag",
		Help: "the unseen tiles (the bag and the other rack)"}}
}

// RunCommand implements game.Commander.
func (s *State) RunCommand(name, _ string, seat int) (string, error) {
	if name != "bag" {
		return "", fmt.Errorf("no command %q", name)
	}
	a := s.Alphabet()
	unseen := s.Unseen(nil, seat)
	var sb strings.Builder
	fmt.Fprintf(&sb, "unseen: %d tiles (%d in the bag, %d on the other rack)\n", len(unseen), s.bag.Len(), len(unseen)-s.bag.Len())
	var cells []string
	for i := 0; i < len(unseen); {
		j := i
		for j < len(unseen) && unseen[j] == unseen[i] {
			j++
		}
		cells = append(cells, fmt.Sprintf("%s %-2d", a.Format(unseen[i:i+1]), j-i))
		i = j
	}
	for i := 0; i < len(cells); i += bagColumns {
		fmt.Fprintf(&sb, "  %s\n", strings.TrimRight(strings.Join(cells[i:min(i+bagColumns, len(cells))], "  "), " "))
	}
	return sb.String(), nil
}

// SetRackText implements game.RackSetter: rack in the alphabet's letters
// ('?' a blank; lower case is read as upper).
func (s *State) SetRackText(seat int, rack string) error {
	tiles, err := s.Alphabet().Parse(nil, strings.ToUpper(rack))
	if err != nil {
		return fmt.Errorf("rack %q: %w", rack, err)
	}
	if len(tiles) > s.rules.RackSize {
		return fmt.Errorf("rack %q has %d tiles: a rack holds at most %d", rack, len(tiles), s.rules.RackSize)
	}
	if err := s.SetRack(seat, tiles); err != nil {
		return err
	}
	s.FillUnknown(seat)
	return nil
}

// PartialRack implements game.PartialRacker: a note when seat's rack holds
// unknown tiles (FillUnknown), "" when it is whole.
func (s *State) PartialRack(seat int) string {
	n := s.Unknown(seat)
	if n == 0 {
		return ""
	}
	rack := s.Rack(nil, seat)
	return fmt.Sprintf("the rack of player %d is given in part (%s: %d of %d tiles): its other %d tiles are taken as unseen, "+
		"so the bag holds %d; the moves use only the tiles given", seat+1, s.Alphabet().Format(rack), len(rack), len(rack)+n, n, s.BagLen())
}

// ParseInput implements game.InputParser: ParseMove, with the help a
// person typing needs: "-" alone is neither a pass nor an exchange here, a
// lone word asks for its position, lower-case letters are blanks.
func (s *State) ParseInput(line string) (game.Move, error) {
	line = strings.TrimSpace(line)
	if line == "-" {
		return game.Move{}, fmt.Errorf("%w: \"-\" alone: type pass to pass, or -TILES to exchange tiles", game.ErrUnknownInput)
	}
	if !looksLikeMove(line) {
		if lx := s.Lexicon(); lx != nil && isWord(line) && lx.Contains(line) {
			return game.Move{}, fmt.Errorf("%w: %q: a play needs a position first: 8H %s (across) or H8 %s (down)", game.ErrUnknownInput, line, line, line)
		}
		return game.Move{}, fmt.Errorf("%w %q", game.ErrUnknownInput, clip(line))
	}
	m, err := s.ParseMove(line)
	if err != nil {
		if f := strings.Fields(line); len(f) == 2 && strings.ToLower(f[1]) == f[1] && strings.ToUpper(f[1]) != f[1] {
			return m, fmt.Errorf("%w (lower-case letters are blanks: type your tiles in upper case)", err)
		}
	}
	return m, err
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
	_, _, _, err := ParseSquare(f[0])
	return err == nil
}

// isWord reports whether w is made of letters only.
func isWord(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

// clip shortens text for a message.
func clip(text string) string {
	if r := []rune(text); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return text
}
