package wordblock

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"wordengine/game"
	"wordengine/game/textpos"
)

// The front-end contracts of package game for WordBlock: its Spec
// fields, and the State's SeatViewer, Describer, Drawer, PositionWriter
// and Rematcher.

const notation = `  WORD        play WORD on the cells the engine prefers (the opponents'
              unsecured cells first, then uncoloured ones)
  WORD a1,b2  play WORD on these cells, in word order (column letter,
              row number; spaces work too)
  pass        pass (the game ends when every player passes in a row)
  A word typed alone that is also a command (resign, hint, undo, save,
  board, help, quit) runs the command: play it with its cells, RESIGN
  a1,b2,c3,d4,e5,a2.
`

// spec is the registration of WordBlock.
func spec() game.Spec {
	return game.Spec{
		Name:       Name,
		Summary:    "WordBlock (Letterpress-like capture): 5x5 letters, 2-4 players (variants size=, contain=prefix, board=)",
		New:        func(cfg game.Config) (game.State, error) { return NewGame(cfg) },
		MinPlayers: MinPlayers, MaxPlayers: MaxPlayers,
		Colours: Colours[:],
		Unit:    "cell",
		Variants: []game.Option{
			{Key: "size", Values: fmt.Sprintf("%d to %d", MinSize, MaxSize), Default: fmt.Sprint(DefaultSize), Help: "the board's side, for a random board"},
			{Key: "contain", Values: "anywhere|prefix", Default: "anywhere", Help: "which words a played word blocks: those it contains, or only its prefixes"},
			{Key: "board", Values: "ROW/ROW/...", Help: "play on these letters (CATS/DOGE/RIPE/TONE) instead of a random board"},
		},
		Notation: notation,
		// om is the strongest player here against static at 3 and 4
		// players and even with alphabeta at 2.
		Computer:       "om",
		Hinter:         "om",
		PositionFormat: "text",
		DetectPosition: textpos.Detector(Name),
		ParsePosition: func(cfg game.Config, text string) (*game.Position, error) {
			s, err := ParsePosition(cfg.Lexicon, text)
			if err != nil {
				return nil, err
			}
			return &game.Position{State: s, Dealt: make([]bool, s.players)}, nil
		},
	}
}

// SeatView implements game.SeatViewer: WordBlock hides nothing.
func (s *State) SeatView(seat int) *game.View {
	b := &s.board
	v := &game.View{
		Game: Name, Variant: "contain=" + s.contain.String(), Viewer: seat, ToMove: s.turn, Over: s.over,
		Rows: b.rows, Cols: b.cols, Cells: make([]game.Cell, b.rows*b.cols), Pool: -1, Unseen: -1,
	}
	for r := range b.rows {
		for c := range b.cols {
			cell := &v.Cells[r*b.cols+c]
			cell.Letter = s.lx.Alphabet.Letter(b.Tile(r, c))
			if o := s.Owner(r, c); o >= 0 {
				cell.Owner = &o
				cell.Secured = s.IsSecured(r, c)
			}
		}
	}
	for p := range s.players {
		v.Seats = append(v.Seats, game.Seat{Name: fmt.Sprintf("player %d (%s)", p+1, Colours[p]),
			Score: s.Score(p), Hand: -1, Notes: fmt.Sprintf("%d secured", s.Secured(p))})
	}
	v.Status = append(v.Status, fmt.Sprintf("%d of %d words played; %d passes in a row", len(s.words), MaxWords, s.passes))
	if s.over {
		v.Status = append(v.Status, s.endReason())
		v.Winners = s.Winners()
	}
	return v
}

// endReason says why a finished game ended.
func (s *State) endReason() string {
	for r := range s.board.rows {
		for c := range s.board.cols {
			if s.Owner(r, c) < 0 {
				if s.passes >= s.players {
					return "Every player passed in a row."
				}
				return fmt.Sprintf("%d words were played.", MaxWords)
			}
		}
	}
	return "Every cell is coloured."
}

// DescribeMove implements game.Describer: the word and its cells.
func (s *State) DescribeMove(m game.Move, _ int) game.MoveInfo {
	info := game.MoveInfo{Move: s.FormatMove(m), Score: s.MoveScore(m)}
	if m == Pass {
		info.Kind, info.Text = "pass", "passed"
		return info
	}
	info.Kind = "play"
	word, _, _ := strings.Cut(info.Move, " ")
	info.Words = []string{word}
	for i := range moveLen(m) {
		c := cellAt(m, i)
		info.Cells = append(info.Cells, [2]int{c / stride, c % stride})
	}
	info.Text = fmt.Sprintf("played %s: +%d %s", info.Move, info.Score, map[bool]string{true: "cell", false: "cells"}[info.Score == 1])
	return info
}

// Legend explains Draw's board.
const Legend = "cells: letter, colour (b BLUE, o ORANGE, v VIOLET, y YELLOW, . none),\n" +
	"* secured; [ ] the last move"

// Draw implements game.Drawer: Render's board and played words (the
// scores are the front end's), the squares of o.Last in brackets when
// not in colour.
func (s *State) Draw(o game.DrawOptions) string {
	text := s.Render(o.Colour)
	// Leave out Render's first line (the turn) and its seat lines.
	var lines []string
	for i, l := range strings.Split(text, "\n") {
		seatLine := false
		for p := range s.players {
			seatLine = seatLine || strings.HasPrefix(l, fmt.Sprintf("%-6s (%c) ", Colours[p], colourMark[p]))
		}
		switch {
		case i == 0 || seatLine:
		case strings.HasPrefix(l, "played:"):
			lines = append(lines, wrap(l, 80, "  ")...)
		default:
			lines = append(lines, l)
		}
	}
	text = strings.Join(lines, "\n")
	if !o.Colour {
		width := 1
		for _, l := range s.lx.Alphabet.Letters() {
			width = max(width, utf8.RuneCountInString(l))
		}
		text = game.MarkCells(text,
			func(r int) int { return r + 1 },
			func(c int) (int, int) { st := 4 + c*(width+3); return st, st + width + 2 }, o.Last)
	}
	return text + Legend + "\n"
}

// FormatPosition implements game.PositionWriter: Format.
func (s *State) FormatPosition(int) string { return s.Format() }

// NextOpener implements game.Rematcher: the loser opens the next game
// (NextOpener).
func (s *State) NextOpener() int { return NextOpener(s) }

// RematchNote implements game.Rematcher.
func (s *State) RematchNote() string { return "the loser, the player with the fewest cells, opens it" }

// wrap breaks text at spaces into lines of at most width columns, the
// lines after the first indented.
func wrap(text string, width int, indent string) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width:
			lines = append(lines, line)
			line = indent + w
		default:
			line += " " + w
		}
	}
	return append(lines, line)
}

// ParseInput implements game.InputParser: ParseMove for a line with the
// shape of a move (a word, alone or with its cells; pass), any other line
// ("hint 3", "save FILE") wraps game.ErrUnknownInput.
func (s *State) ParseInput(line string) (game.Move, error) {
	f := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	shaped := len(f) > 0
	for i, tok := range f {
		if i == 0 {
			for _, r := range tok {
				shaped = shaped && (unicode.IsLetter(r) || r == '[' || r == ']' || r == '-')
			}
			continue
		}
		if !cellShaped(tok) {
			shaped = false
		}
	}
	if !shaped {
		return game.Move{}, fmt.Errorf("%w %q", game.ErrUnknownInput, line)
	}
	return s.ParseMove(line)
}
