package upwords

import (
	"fmt"
	"strings"

	"wordengine/game"
	"wordengine/game/textpos"
)

// The front-end contracts of package game for Upwords: its Spec fields,
// and the State's SeatViewer, Describer, Drawer, PositionWriter,
// Commander and RackSetter.

const notation = `  5E WORD     play WORD across from row 5, column E (E5 WORD: down from
              there); write the whole word, tiles already on the board that
              you read through in parentheses: 5E C(AT)S. A letter on an
              occupied square is stacked on it. The Qu tile is Qu.
  -X          exchange one tile X for one from the pool (your turn ends)
  pass        pass (the game ends when every player passes in a row)
`

// spec is the registration of Upwords.
func spec() game.Spec {
	return game.Spec{
		Name:       Name,
		Summary:    "Upwords: 10x10 stacking word game, Qu tile, 2-4 players (variants size=8, bare-plural=allowed)",
		New:        func(cfg game.Config) (game.State, error) { return NewGame(cfg) },
		MinPlayers: MinPlayers, MaxPlayers: MaxPlayers,
		Variants: []game.Option{
			{Key: "size", Values: "10|8", Default: "10", Help: "the board's side (8: 64 tiles)"},
			{Key: "bare-plural", Values: "illegal|allowed", Default: "illegal", Help: "whether a lone S may be added to the end of a word"},
		},
		Notation:       notation,
		Computer:       "static",
		Hinter:         "static",
		PositionFormat: "text",
		DetectPosition: textpos.Detector(Name),
		ParsePosition: func(cfg game.Config, text string) (*game.Position, error) {
			s, err := ParsePosition(cfg.Lexicon, text)
			if err != nil {
				return nil, err
			}
			if cfg.Rand != nil {
				s.Reseed(cfg.Rand.Uint64())
			}
			return &game.Position{State: s, Dealt: make([]bool, s.players)}, nil
		},
	}
}

// SeatView implements game.SeatViewer.
func (s *State) SeatView(seat int) *game.View {
	n := s.b.n
	v := &game.View{
		Game: Name, Variant: s.rules.Variant(), Viewer: seat, ToMove: s.toMove, Over: s.over,
		Rows: n, Cols: n, Cells: make([]game.Cell, n*n),
		Pool: s.bag.Len(), HandName: "rack", PoolName: "pool",
	}
	for i := range n * n {
		c := &v.Cells[i]
		c.Start = s.b.centre(i)
		if h := s.b.h[i]; h > 0 {
			c.Letter, c.Height = tileText(s.b.top[i]), int(h)
		}
	}
	for p := range s.players {
		st := game.Seat{Name: fmt.Sprintf("player %d", p+1), Score: s.scores[p], Hand: s.racks[p].n}
		if s.over && s.racks[p].n > 0 {
			st.Notes = "rack left: " + formatTiles(s.racks[p].tiles(nil))
		}
		v.Seats = append(v.Seats, st)
	}
	if seat >= 0 && seat < s.players {
		rack := s.racks[seat].tiles(nil)
		for _, t := range rack {
			v.Hand = append(v.Hand, game.Cell{Letter: tileText(t)})
		}
		v.HandText = formatTiles(rack)
		v.Unseen = len(s.Unseen(nil, seat))
	}
	if s.over {
		v.Status = append(v.Status, fmt.Sprintf("Each player lost %d points per tile left on the rack.", TilePenalty))
		v.Winners = game.Winners(s)
	}
	return v
}

// HandText implements game.HandTexter: seat's rack as SeatView writes
// it, "" for a seat out of range.
func (s *State) HandText(seat int) string {
	if seat < 0 || seat >= s.players {
		return ""
	}
	return formatTiles(s.racks[seat].tiles(nil))
}

// DescribeMove implements game.Describer.
func (s *State) DescribeMove(m game.Move, viewer int) game.MoveInfo {
	info := game.MoveInfo{Move: s.FormatMove(m), Score: s.MoveScore(m)}
	if viewer < 0 || viewer == s.toMove {
		info.Leave = formatTiles(s.Leave(nil, m))
	}
	switch MoveKind(m) {
	case Play:
		info.Kind = "play"
		info.Cells = s.playCells(m)
		info.Words = s.playWords(m)
		info.Text = fmt.Sprintf("played %s for %d points", info.Move, info.Score)
		if MoveTileCount(m) == RackSize {
			info.Bingo = true
			info.Text += " (every tile of the rack: +20 included)"
		}
	case Exchange:
		info.Kind, info.Text = "exchange", "exchanged one tile"
		if viewer >= 0 && viewer != s.toMove {
			info.Move = "exchange 1"
		}
	case Pass:
		info.Kind, info.Text = "pass", "passed"
	}
	return info
}

// playCells returns the squares play m puts a tile on.
func (s *State) playCells(m game.Move) [][2]int {
	row, col := MoveStart(m)
	mask := MoveMask(m)
	var out [][2]int
	for j := range MoveLen(m) {
		if mask&(1<<j) != 0 {
			if MoveDir(m) == Across {
				out = append(out, [2]int{row, col + j})
			} else {
				out = append(out, [2]int{row + j, col})
			}
		}
	}
	return out
}

// playWords returns the words play m forms, its main word first, read
// from the board with m played.
func (s *State) playWords(m game.Move) []string {
	cells := s.playCells(m)
	s = s.clone() // playing draws: the state's own draws stay untouched
	s.Play(m)
	n := s.b.n
	// run reads the word through (r, c) along (dr, dc).
	run := func(r, c, dr, dc int) string {
		for r-dr >= 0 && c-dc >= 0 && s.b.h[(r-dr)*n+c-dc] > 0 {
			r, c = r-dr, c-dc
		}
		var sb strings.Builder
		k := 0
		for ; r < n && c < n && s.b.h[r*n+c] > 0; r, c = r+dr, c+dc {
			sb.WriteString(tileText(s.b.top[r*n+c]))
			k++
		}
		if k < 2 {
			return ""
		}
		return sb.String()
	}
	dr, dc := 0, 1
	if MoveDir(m) == Down {
		dr, dc = 1, 0
	}
	var words []string
	if len(cells) > 0 {
		if w := run(cells[0][0], cells[0][1], dr, dc); w != "" {
			words = append(words, w)
		}
	}
	for _, rc := range cells {
		if w := run(rc[0], rc[1], dc, dr); w != "" {
			words = append(words, w)
		}
	}
	return words
}

// Legend explains Draw's board.
const Legend = "squares: top letter and stack height (E1, Qu3); . empty, * empty centre\n" +
	"square; [ ] the last move"

// Draw implements game.Drawer.
func (s *State) Draw(o game.DrawOptions) string {
	text := game.MarkCells(s.BoardText(),
		func(r int) int { return r + 1 },
		func(c int) (int, int) { return 4 + 4*c, 7 + 4*c }, o.Last)
	return text + Legend + "\n"
}

// FormatPosition implements game.PositionWriter: Format, whatever the
// seat (the format names every rack).
func (s *State) FormatPosition(int) string { return s.Format() }

// Commands implements game.Commander.
func (s *State) Commands() []game.Command {
	return []game.Command{{Name: "bag", Aliases: []string{"unseen"}, Usage: "bag",
		Help: "the tiles you have not seen (the pool and the other racks)"}}
}

// RunCommand implements game.Commander.
func (s *State) RunCommand(name, _ string, seat int) (string, error) {
	if name != "bag" {
		return "", fmt.Errorf("no command %q", name)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "unseen: %d tiles (%d in the pool, the rest on the other racks)\n", len(s.Unseen(nil, seat)), s.bag.Len())
	tiles := s.Unseen(nil, seat)
	for i := 0; i < len(tiles); i += 60 {
		fmt.Fprintf(&sb, "  %s\n", formatTiles(tiles[i:min(i+60, len(tiles))]))
	}
	return sb.String(), nil
}

// SetRackText implements game.RackSetter: the tiles as letters, the Qu
// tile Qu.
func (s *State) SetRackText(seat int, rack string) error {
	ts, err := ParseTiles(strings.ToUpper(rack))
	if err != nil {
		return err
	}
	return s.SetRack(seat, ts)
}
