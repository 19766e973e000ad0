package twoway

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"wordengine/game"
	"wordengine/game/textpos"
)

// The front-end contracts of package game for 2 Way Words: its Spec
// fields, and the State's SeatViewer, Describer, Drawer and
// PositionWriter. A seat sees only its own colour's faces: the views,
// drawings and descriptions given to a seat never hold a face of the
// other colour that the seat has not seen.

const notation = `  E d4        place your tile showing E on d4 (column a-g, row 1-7)
  CAT a1-c3   claim the word read from a1 to c3 (a wrong word costs
              your next turn); claim before or after your placement
  end         end your turn after the placement (your hand is refilled)
`

// spec is the registration of 2 Way Words.
func spec() game.Spec {
	return game.Spec{
		Name:       Name,
		Summary:    "2 Way Words: 7x7 grid of double-sided tiles, each player reads only its colour, claims in 8 directions (variants lengths=, open-hands, tiles=)",
		New:        func(cfg game.Config) (game.State, error) { return NewGame(cfg) },
		MinPlayers: 2, MaxPlayers: 2,
		Colours: ColourNames[:],
		Unit:    "letter",
		Variants: []game.Option{
			{Key: "lengths", Values: "3,4,5,6", Default: "3,4,5,6", Help: "the word lengths each player must claim (3 to 6 letters each)"},
			{Key: "open-hands", Help: "each player also sees the own faces of the other's hand"},
			{Key: "tiles", Values: "FILE", Help: "the tile set (pairs of faces) from a file"},
		},
		Notation:       notation,
		Computer:       "static",
		Hinter:         "static",
		PositionFormat: "text",
		DetectPosition: textpos.Detector(Name),
		ParsePosition: func(cfg game.Config, text string) (*game.Position, error) {
			rng := cfg.Rand
			if rng == nil {
				rng = rand.New(rand.NewPCG(1, 3))
			}
			s, err := ParsePosition(text, cfg.Lexicon, rng)
			if err != nil {
				return nil, err
			}
			return &game.Position{State: s, Dealt: []bool{s.Filled(0), s.Filled(1)}}, nil
		},
	}
}

// SeatView implements game.SeatViewer: the faces in seat's colour of the
// grid and of its hand, the other hand by its size (with open-hands, its
// faces in seat's colour).
func (s *State) SeatView(seat int) *game.View {
	v := &game.View{
		Game: Name, Variant: s.rules.String(), Viewer: seat, ToMove: s.toMove, Over: s.over,
		Rows: Size, Cols: Size, Cells: make([]game.Cell, Cells),
		Pool: s.BagLen(), Unseen: -1, HandName: "hand", PoolName: "bag",
	}
	for c := range Cells {
		if s.occ>>c&1 != 0 {
			v.Cells[c].Letter = s.letter(s.grid[c][seat])
		}
	}
	for _, t := range s.hands[seat] {
		v.Hand = append(v.Hand, game.Cell{Letter: s.letter(t[seat])})
	}
	v.HandText = s.handText(seat, seat)
	for k := range 2 {
		st := game.Seat{Name: fmt.Sprintf("player %d (%s)", k+1, ColourNames[k]), Score: s.letters[k], Hand: len(s.hands[k]),
			Notes: s.wordsNote(k, seat)}
		if k != seat && s.rules.OpenHands {
			st.Notes += "; hand (your letters): " + s.handText(k, seat)
		}
		v.Seats = append(v.Seats, st)
	}
	if !s.over && s.toMove == seat && s.phase == 1 {
		v.Status = append(v.Status, "You have placed: claim, or end the turn.")
	}
	if s.over {
		v.Status = append(v.Status, s.endReason())
		v.Winners = s.Winners()
	}
	return v
}

// HandText implements game.HandTexter: seat's hand, its own faces, as
// SeatView writes it.
func (s *State) HandText(seat int) string {
	if seat < 0 || seat >= 2 {
		return ""
	}
	return s.handText(seat, seat)
}

// wordsNote lists seat k's claimed words in viewer's colour, its letters,
// the lengths it still needs and the turns it will miss.
func (s *State) wordsNote(k, viewer int) string {
	var ws, needs []string
	for _, w := range s.words[k] {
		var sb strings.Builder
		for _, t := range w.tiles[:w.n] {
			sb.WriteString(s.letter(t[viewer]))
		}
		ws = append(ws, sb.String())
	}
	for l := MinWord; l <= MaxWord; l++ {
		for range int(s.need[l] - s.claimed[k][l]) {
			needs = append(needs, strconv.Itoa(l))
		}
	}
	if len(ws) == 0 {
		ws = []string{"-"}
	}
	if len(needs) == 0 {
		needs = []string{"none"}
	}
	note := fmt.Sprintf("words %s; needs %s", strings.Join(ws, " "), strings.Join(needs, ","))
	if s.miss[k] > 0 {
		note += fmt.Sprintf("; misses %d turn(s)", s.miss[k])
	}
	return note
}

// endReason says how a finished game ended.
func (s *State) endReason() string {
	if s.winner >= 0 {
		return fmt.Sprintf("Player %d (%s) has claimed every length.", s.winner+1, ColourNames[s.winner])
	}
	if s.occ == fullGrid {
		return "The grid is full: the player with more letters in claimed words wins."
	}
	return "Neither player can place a tile: the player with more letters in claimed words wins."
}

// DescribeMove implements game.Describer. A placement by another seat
// than viewer shows only its cell (the face viewer sees is on the board);
// a claim is announced with its word in the claimer's colour, as the
// rules have it.
func (s *State) DescribeMove(m game.Move, viewer int) game.MoveInfo {
	p := s.toMove
	info := game.MoveInfo{Move: s.FormatMove(m), Score: s.MoveScore(m)}
	switch moveKind(m) {
	case kindPlace:
		c := moveCell(m)
		info.Kind, info.Cells = "place", [][2]int{{c / Size, c % Size}}
		if viewer >= 0 && viewer != p {
			info.Move = "? " + CellName(c)
			info.Text = "placed a tile on " + CellName(c)
		} else {
			info.Text = "placed " + info.Move
		}
	case kindClaim:
		c, d, n := moveCell(m), moveDir(m), moveLen(m)
		info.Kind = "claim"
		for i := range n {
			cell := int(rays[c][d][i])
			info.Cells = append(info.Cells, [2]int{cell / Size, cell % Size})
		}
		word, _, _ := strings.Cut(info.Move, " ")
		info.Words = []string{word}
		if moveWrong(m) {
			info.Text = fmt.Sprintf("claimed %s: not a word! The tiles stay and %s misses the next turn", info.Move, ColourNames[p])
		} else {
			info.Text = fmt.Sprintf("claimed %s: +%d letters", info.Move, info.Score)
		}
	case kindEnd:
		info.Kind, info.Text = "end", "ended the turn"
	}
	return info
}

// Legend explains Draw's grid.
const Legend = "cells: your colour's face of each tile, . empty; [ ] the last move"

// Draw implements game.Drawer: the grid as o.Seat reads it; a seat
// below 0 (a drawing for everybody, such as the end of a game between
// computers) reads it in RED's colour, seat 0's, since a grid shows one
// face of each tile.
func (s *State) Draw(o game.DrawOptions) string {
	lines := strings.SplitAfter(s.Render(max(o.Seat, 0)), "\n")
	text := game.MarkCells(strings.Join(lines[:Size+1], ""),
		func(r int) int { return r + 1 },
		func(c int) (int, int) { return 5 + 2*c, 6 + 2*c }, o.Last)
	return text + Legend + "\n"
}

// FormatPosition implements game.PositionWriter: what seat sees
// (Observation), every face for seat -1 (Position).
func (s *State) FormatPosition(seat int) string {
	if seat < 0 {
		return s.Position()
	}
	return s.Observation(seat)
}

// ParseInput implements game.InputParser: ParseMove for a line with the
// shape of a move ("E d4", "CAT a1-c3", "a1-c3", "end"), so that a claim
// of SAVE or HINT, or a placement of H or Q, is a move, not a command;
// any other line wraps game.ErrUnknownInput.
func (s *State) ParseInput(line string) (game.Move, error) {
	f := strings.Fields(line)
	shaped := false
	switch {
	case len(f) == 1:
		from, to, run := strings.Cut(f[0], "-")
		shaped = (run && cellShaped(from) && cellShaped(to)) || slices.Contains([]string{"end", "pass", "done"}, strings.ToLower(f[0]))
	case len(f) == 2:
		from, to, run := strings.Cut(f[1], "-")
		shaped = cellShaped(from) && (!run || cellShaped(to))
	}
	if !shaped {
		return game.Move{}, fmt.Errorf("%w %q", game.ErrUnknownInput, line)
	}
	return s.ParseMove(line)
}
