package wordflow

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"wordengine/game"
	"wordengine/game/textpos"
)

// The front-end contracts of package game for WordFlow: its Spec fields
// (the solo challenge among them), and the State's SeatViewer, Describer,
// Drawer, PositionWriter, InputParser (a placement typed with the words
// it announces) and SoloReporter.

const notation = `  PIECE CELL WORD...  place a piece of your hand and announce the words it
                      creates, e.g. "TH5v c4 THE THEN" (the piece as your
                      hand shows it; points and arrow may be left out when
                      only one piece matches). Every word you do not announce
                      is a missed word: another player claims it (with the
                      courtesy variant you keep it). A word you announce that
                      the placement does not create is challenged: your turn
                      scores zero.
  PIECE CELL *        place and announce every word the placement creates
  pass                pass (only when no piece of your hand fits)
                      In simultaneous play (--variant mode=simultaneous) a
                      move is a commitment: the others' stay hidden until
                      the round's end, when the placements are made in the
                      round's order (a placement that no longer fits is
                      void) and the engine announces every word.
`

// spec is the registration of WordFlow.
func spec() game.Spec {
	return game.Spec{
		Name:       Name,
		Summary:    "WordFlow (arrow-path jigsaw words): 10x10 frame, hands of 3, 1-4 players (variants layout=free, size=WxH, ends=arrowless, triple-bonus, courtesy, mode=)",
		New:        func(cfg game.Config) (game.State, error) { return NewGame(cfg) },
		MinPlayers: 1, MaxPlayers: MaxPlayers, DefaultPlayers: 2,
		Variants: []game.Option{
			{Key: "layout", Values: "frame|free", Default: "frame", Help: "a framed puzzle, or the free form"},
			{Key: "size", Values: "WxH, 4 to 14", Default: "10x10", Help: "the framed puzzle's size"},
			{Key: "start", Values: "3 to 5", Help: "free form: the edge pieces along the top and down the left at setup"},
			{Key: "hand", Values: "1 to 9", Default: "3 (5 solo)", Help: "the pieces each player holds"},
			{Key: "ends", Values: "any|arrowless", Default: "any", Help: "whether a word must end on a piece without arrows"},
			{Key: "triple-bonus", Help: "a placement that scores 3 words or more scores double"},
			{Key: "courtesy", Help: "missed words count for the placer, not for the others"},
			{Key: "mode", Values: "turn|simultaneous|coop", Default: "turn", Help: "turns, simultaneous rounds, or one shared score"},
			{Key: "pieces", Values: "FILE", Help: "the set of pieces from a file"},
		},
		Notation:       notation,
		Computer:       "static",
		Hinter:         "static",
		PositionFormat: "text",
		DetectPosition: textpos.Detector(Name),
		ParsePosition: func(cfg game.Config, text string) (*game.Position, error) {
			rng := cfg.Rand
			if rng == nil {
				rng = rand.New(rand.NewPCG(1, 1))
			}
			s, err := ParsePosition(cfg.Lexicon, text, rng)
			if err != nil {
				return nil, err
			}
			return &game.Position{State: s, Dealt: make([]bool, s.opts.Players)}, nil
		},
		Solo: solo,
	}
}

// SoloRules implements game.SoloReporter: the options in effect.
func (s *State) SoloRules() string { return s.opts.String() }

// SoloBoard implements game.SoloReporter: BoardText.
func (s *State) SoloBoard() string { return s.BoardText() }

// SoloWords implements game.SoloReporter: the words placement m creates
// (Words), each as Describe writes it; none for a pass.
func (s *State) SoloWords(m game.Move) []string {
	id, r, c, ok := Decode(m)
	if !ok {
		return nil
	}
	words := s.Words(nil, m)
	x := r*stride + c
	s.cell[x] = id // Describe reads the word's letters off the board
	texts := make([]string, len(words))
	for i, w := range words {
		texts[i] = s.Describe(w)
	}
	s.cell[x] = empty
	return texts
}

// arrowName names the arrows of a piece for a View.
var arrowName = [4]string{"", "right", "down", "both"}

// SeatView implements game.SeatViewer: the puzzle (in a free-form game
// with the row and column where it may still grow, as BoardText draws
// it, so that every cell a move may take is in the view), the seat's own hand,
// the others' hands by their size; in simultaneous play nothing of the
// round's commitments but the seat's own.
func (s *State) SeatView(seat int) *game.View {
	rows, cols := s.shownExtent()
	v := &game.View{
		Game: Name, Variant: s.opts.String(), Viewer: seat, ToMove: s.ToMove(), Over: s.over,
		Rows: rows, Cols: cols, Cells: make([]game.Cell, rows*cols),
		Pool: len(s.pool), Unseen: -1, HandName: "hand", PoolName: "pool", TileName: "piece",
	}
	for r := range rows {
		for c := range cols {
			cell := &v.Cells[r*cols+c]
			if p, ok := s.At(r, c); ok {
				*cell = s.pieceCell(p)
			} else {
				cell.Parity = cellParity(r, c).String()
			}
		}
	}
	for p := range s.opts.Players {
		v.Seats = append(v.Seats, game.Seat{Name: fmt.Sprintf("player %d", p+1), Score: s.Score(p),
			Hand: len(s.hands[p]), Notes: fmt.Sprintf("best word %d", s.best[p])})
	}
	if seat >= 0 && seat < s.opts.Players {
		for _, id := range s.hands[seat] {
			v.Hand = append(v.Hand, s.pieceCell(&s.set.Pieces[id]))
		}
		v.HandText = s.HandText(seat)
	}
	if s.over {
		v.Status = append(v.Status, "No piece can be placed any more.")
		if s.opts.Players == 1 {
			v.Status = append(v.Status, fmt.Sprintf("Solo score %d: medal %s.", s.Score(0), Medal(s.Score(0))))
		}
		v.Winners = s.Winners()
	}
	return v
}

// pieceCell describes piece p.
func (s *State) pieceCell(p *Piece) game.Cell {
	c := game.Cell{Letter: s.set.Alphabet.Word(p.Letters()), Points: int(p.Points), Arrows: arrowName[p.Arrows&3], Parity: p.Parity.String()}
	if p.Kind != Inner {
		c.Side = p.Side.String()
	}
	return c
}

// DescribeMove implements game.Describer: a placement's words (text,
// path and points), who claims the missed ones; in simultaneous play a
// commitment (hidden from the others) and, for the one that ends a
// round, every placement of the round.
func (s *State) DescribeMove(m game.Move, viewer int) game.MoveInfo {
	p := s.ToMove()
	info := game.MoveInfo{Move: s.FormatMove(m), Score: s.MoveScore(m), Kind: "place"}
	if m == Pass {
		info.Kind, info.Text = "pass", "passed"
	}
	if id, r, c, ok := Decode(m); ok {
		info.Cells = [][2]int{{r, c}}
		info.Text = "placed " + s.set.PieceText(&s.set.Pieces[id]) + " " + CellName(r, c)
	}
	if s.opts.Mode == Simultaneous {
		return s.describeCommit(m, viewer, info)
	}
	if m == Pass {
		return info
	}
	words := s.Words(nil, m)
	before := make([]int, s.opts.Players)
	for q := range before {
		before[q] = s.Score(q)
	}
	c := s.clone() // playing draws: the state's own draws stay untouched
	c.Play(m)
	texts := make([]string, len(words))
	for i, w := range words {
		texts[i] = c.Describe(w)
	}
	after := make([]int, s.opts.Players)
	for q := range after {
		after[q] = c.Score(q)
	}
	info.Words = texts
	if len(texts) == 0 {
		info.Notes = append(info.Notes, "It creates no word.")
	} else {
		info.Notes = append(info.Notes, fmt.Sprintf("It creates %d %s: %s", len(texts), map[bool]string{true: "word", false: "words"}[len(texts) == 1], strings.Join(texts, ", ")))
	}
	var missed []string
	for i := range words {
		if m.B&(1<<i) != 0 {
			missed = append(missed, texts[i])
		}
	}
	switch {
	case m.B&zeroedBit != 0:
		info.Notes = append(info.Notes, "Challenged: a word announced is not one this placement creates along the arrows. The turn scores zero.")
	case len(missed) == 0:
	case s.opts.Courtesy || s.opts.Players == 1:
		info.Notes = append(info.Notes, "Missed words (courtesy: they count for the placer): "+strings.Join(missed, ", "))
	case s.opts.Mode == Cooperative:
		info.Notes = append(info.Notes, "Missed words (cooperative: they count for the shared score): "+strings.Join(missed, ", "))
	default:
		for q := range after {
			if q != p && after[q] > before[q] {
				info.Notes = append(info.Notes, fmt.Sprintf("Missed words, claimed by player %d: %s (+%d)", q+1, strings.Join(missed, ", "), after[q]-before[q]))
			}
		}
	}
	info.Text += fmt.Sprintf(" for %d points", info.Score)
	return info
}

// describeCommit describes commitment m in simultaneous play.
func (s *State) describeCommit(m game.Move, viewer int, info game.MoveInfo) game.MoveInfo {
	p := s.ToMove()
	switch {
	case viewer >= 0 && viewer != p:
		info.Move, info.Cells, info.Words = "commitment", nil, nil
		info.Text = "committed a move (hidden until the round's end)"
	case m == Pass:
		info.Text = "passed this round"
	default:
		info.Text = "committed " + info.Move + "; the placements are made at the round's end"
	}
	c := s.clone()
	c.Play(m)
	round := c.LastRound()
	if round != nil {
		info.Notes = append(info.Notes, "The round ends; the placements are made in the round's order:")
		for _, rp := range round {
			text := c.FormatMove(rp.Move)
			switch {
			case rp.Move == Pass:
				info.Notes = append(info.Notes, fmt.Sprintf("  player %d passed.", rp.Seat+1))
			case !rp.Placed:
				info.Notes = append(info.Notes, fmt.Sprintf("  player %d: %s is void (the cell was taken, or its contact or outline broken, by an earlier placement); the piece stays in the hand.", rp.Seat+1, text))
			default:
				var words []string
				for _, wd := range rp.Words {
					words = append(words, c.Describe(wd))
				}
				desc := "no word"
				if len(words) > 0 {
					desc = strings.Join(words, ", ")
				}
				info.Notes = append(info.Notes, fmt.Sprintf("  player %d placed %s: %s; +%d", rp.Seat+1, text, desc, rp.Points))
			}
		}
	}
	return info
}

// Legend explains Draw's puzzle and the move notation.
const Legend = "cells: label, points, arrow (> right, v down, + both, . none); ## corner;\n" +
	"empty . (parity A) or : (parity B); [ ] the last move\n" +
	"moves: PIECE CELL, e.g. TH5v c4 (edges N:T1> ...); words: TEXT path\n" +
	"(points), the path's cells with > or v between them"

// compactCols is the widest puzzle Draw draws with a space between the
// cells: a wider one has its cells side by side, to fit 80 columns.
const compactCols = 12

// Draw implements game.Drawer: BoardText, with its cells side by side
// when the puzzle is wider than compactCols columns.
func (s *State) Draw(o game.DrawOptions) string {
	text, w := s.BoardText(), 6
	if header, _, _ := strings.Cut(text, "\n"); (len(header)-3)/6 > compactCols {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			var b strings.Builder
			b.WriteString(l[:min(3, len(l))])
			for c := 3; c < len(l); c += 6 {
				b.WriteString(l[min(c+1, len(l)):min(c+6, len(l))])
			}
			lines[i] = b.String()
		}
		text, w = strings.Join(lines, "\n"), 5
	}
	text = game.MarkCells(text,
		func(r int) int { return r + 1 },
		func(c int) (int, int) { return 3 + w*c, 3 + w*(c+1) }, o.Last)
	return text + Legend + "\n"
}

// FormatPosition implements game.PositionWriter: Format (with the hand
// of the player to move only, whatever the seat).
func (s *State) FormatPosition(int) string { return s.Format() }

// ErrNoAnnounce is wrapped by ParseInput's error for a placement typed
// without its cell.
var ErrNoAnnounce = errors.New("want PIECE CELL WORD..., e.g. TH5v c4 THE")

// ParseInput implements game.InputParser: "PIECE CELL WORD..." places and
// announces WORD... (the words it creates that are not announced are
// missed; an announced word it does not create zeroes the turn), "PIECE
// CELL *" announces every word, "pass" passes; the move notation
// (FormatMove's, with missed= and zeroed) is read as ParseMove reads it.
// In simultaneous play the engine announces every word.
func (s *State) ParseInput(line string) (game.Move, error) {
	f := strings.Fields(line)
	switch {
	case len(f) == 1 && strings.EqualFold(f[0], "pass"):
		return s.ParseMove("pass")
	case len(f) < 2:
		return game.Move{}, fmt.Errorf("%w: %w", game.ErrUnknownInput, ErrNoAnnounce)
	case len(f) > 2 && (strings.HasPrefix(f[2], "missed=") || f[2] == "zeroed"):
		return s.ParseMove(line)
	}
	if !cellShaped(strings.ToLower(f[1])) {
		return game.Move{}, fmt.Errorf("%w %q (a placement is PIECE CELL WORD..., e.g. TH5v c4 THE)", game.ErrUnknownInput, line)
	}
	m, err := s.ParseMove(f[0] + " " + f[1])
	if err != nil {
		return m, err
	}
	announced := f[2:]
	if s.opts.Mode == Simultaneous || (len(announced) == 1 && announced[0] == "*") {
		return m, nil
	}
	words := s.Words(nil, m)
	c := s.clone() // a word's text is read with the piece placed
	c.Play(m)
	taken := make([]bool, len(words))
	bad := false
	for _, a := range announced {
		found := false
		for i, w := range words {
			if !taken[i] && strings.EqualFold(c.Text(w), a) {
				taken[i], found = true, true
				break
			}
		}
		bad = bad || !found
	}
	var missed []int
	for i := range words {
		if !taken[i] {
			missed = append(missed, i)
		}
	}
	m = WithMissed(m, missed)
	if bad {
		m = Zeroed(m)
	}
	return m, nil
}
