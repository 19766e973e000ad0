package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// This file holds the contracts of front ends: the terminal game driver
// (package game/driver), the JSON HTTP API and the web page drive every
// game through them and never name a game. Each is an optional interface
// of a State, found by type assertion, or a field of Spec; a game that
// lacks one gets the driver's plain behaviour (FormatMove for a move's
// description, String for its drawing).

// Cell is one square of a board, or one tile or piece of a hand, as a
// seat sees it (View). Only the fields that apply to the game are set: a
// crossword square has Letter, Blank, Points and Premium; an Upwords
// square Letter and Height; a WordBlock cell Letter, Owner and Secured; a
// 2 Way Words cell the viewer's own face as Letter; a WordFlow cell or
// piece Letter (its label, one letter or a bigram), Points, Arrows, Side
// and Parity.
type Cell struct {
	// Letter is what the tile or piece shows ("A", "Qu", "TH"); "" for an
	// empty square.
	Letter string `json:"letter,omitempty"`
	// Blank marks a blank tile standing for Letter (crossword games).
	Blank bool `json:"blank,omitempty"`
	// Points is the tile's or piece's value where the game has values.
	Points int `json:"points,omitempty"`
	// Premium is the square's premium in crossword games: "DL", "TL",
	// "DW", "TW", and "start" for the start square without a premium
	// (a start square with a premium is "DW" and Start).
	Premium string `json:"premium,omitempty"`
	// Start marks the start (or centre) square a first play must cover.
	Start bool `json:"start,omitempty"`
	// Height is the stack height in Upwords (0 for an empty square).
	Height int `json:"height,omitempty"`
	// Owner is the seat whose colour the cell has (WordBlock), nil when it
	// has none.
	Owner *int `json:"owner,omitempty"`
	// Secured marks a WordBlock cell that cannot change colour.
	Secured bool `json:"secured,omitempty"`
	// Arrows are a WordFlow piece's arrows: "right", "down", "both" or "".
	Arrows string `json:"arrows,omitempty"`
	// Side is a WordFlow edge's straight side ("N", "E", "S", "W") or a
	// corner ("NW", "NE", "SE", "SW").
	Side string `json:"side,omitempty"`
	// Parity is a WordFlow cell's or piece's jigsaw parity, "A" or "B".
	Parity string `json:"parity,omitempty"`
	// Last marks a square the last move played placed, covered or used
	// (View.Mark sets it).
	Last bool `json:"last,omitempty"`
}

// Seat is what everybody sees of one seat of a game.
type Seat struct {
	// Name is how the game calls the seat: "player 1", "player 2 (BLUE)"
	// (SeatName).
	Name string `json:"name"`
	// Score is the seat's score in the game's unit (Spec.Unit).
	Score int `json:"score"`
	// Hand is the number of tiles or pieces the seat holds, -1 in a game
	// without hands.
	Hand int `json:"hand"`
	// Notes say in words what else the game shows of the seat ("words:
	// CAT DOGS; needs 5,6", "4 secured", "best word 12").
	Notes string `json:"notes,omitempty"`
}

// View is a position as one seat sees it: everything a front end draws,
// and nothing that seat may not see (another seat's rack or hand, the
// reverse faces of 2 Way Words, the order of the bag, the commitments of
// others in a simultaneous round). It encodes as JSON.
type View struct {
	// Game is the registered name; Variant the rule options in effect,
	// as Config.Variant reads them.
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	// Viewer is the seat that sees the position.
	Viewer int `json:"viewer"`
	// ToMove is the seat to move; Over reports a finished game.
	ToMove int  `json:"to_move"`
	Over   bool `json:"over"`
	// Seats are the seats in order, Seats[p] for seat p.
	Seats []Seat `json:"seats"`
	// Rows and Cols are the board's size; Cells its squares, row-major
	// (Cells[r*Cols+c] for row r, column c, both from 0).
	Rows  int    `json:"rows"`
	Cols  int    `json:"cols"`
	Cells []Cell `json:"cells"`
	// Hand is the viewer's rack or hand; HandText the same in the game's
	// notation, as a move would name its tiles ("ADEINQX", "TH5v E1.").
	Hand     []Cell `json:"hand,omitempty"`
	HandText string `json:"hand_text,omitempty"`
	// HandName is what the game calls a hand ("rack", "hand"); "" in a
	// game without hands.
	HandName string `json:"hand_name,omitempty"`
	// Pool is the number of tiles or pieces left to draw (the bag), -1 in
	// a game without one; PoolName what the game calls it ("bag", "pool").
	Pool     int    `json:"pool"`
	PoolName string `json:"pool_name,omitempty"`
	// TileName is what hands and the pool hold, singular ("tile",
	// "piece"); "" means "tile".
	TileName string `json:"tile_name,omitempty"`
	// Unseen is the number of tiles the viewer has not seen (the pool and
	// the other hands), -1 in a game where it means nothing.
	Unseen int `json:"unseen"`
	// Status are lines the game adds about the turn ("You have placed:
	// claim, or end the turn", "2 of 101 words played").
	Status []string `json:"status,omitempty"`
	// Last is the last move played, as the viewer may know it; nil when
	// unknown (the front end that played it sets it, see Mark).
	Last *MoveInfo `json:"last,omitempty"`
	// Winners are the winning seats of a finished game (several on a
	// draw), from Winners.
	Winners []int `json:"winners,omitempty"`
}

// Mark records last as the view's last move and marks its cells, and
// the cells of more (the other moves of the same turn, or of every seat
// since the viewer's last move), [row, column] from 0.
func (v *View) Mark(last *MoveInfo, more ...[2]int) {
	v.Last = last
	var cells [][2]int
	if last != nil {
		cells = last.Cells
	}
	for _, rc := range append(cells, more...) {
		if i := rc[0]*v.Cols + rc[1]; rc[0] >= 0 && rc[1] >= 0 && rc[1] < v.Cols && i < len(v.Cells) {
			v.Cells[i].Last = true
		}
	}
}

// SeatViewer is implemented by games that give the structured view of a
// position (View), for the HTTP API and the web page.
type SeatViewer interface {
	// SeatView returns the position as seat sees it (0 <= seat <
	// Players()). It must not contain anything that seat cannot see:
	// package gametest checks that Determinize(seat) leaves it unchanged.
	// Last is left nil.
	SeatView(seat int) *View
}

// HandTexter is implemented by games that write a seat's rack or hand
// without building the whole view: HandText(seat) equals
// SeatView(seat).HandText (package gametest checks it). HandText, the
// function, uses it: a server writes the rack of every move it records.
type HandTexter interface {
	HandText(seat int) string
}

// MoveInfo describes a move: what a hint lists, what a game log reports
// and what a web page highlights. It encodes as JSON.
type MoveInfo struct {
	// Move is the move in the game's notation (FormatMove) when the
	// viewer may know it; for a move of another seat that hides
	// something (an exchange's tiles, a placed tile's other face) the
	// game's public form, which ParseMove need not read.
	Move string `json:"move"`
	// Kind is what the move is, in the game's words: "play",
	// "exchange", "pass", "resign", "place", "claim", "end"...
	Kind string `json:"kind"`
	// Score is what the move scores now, in the game's unit.
	Score int `json:"score"`
	// Words are the words the move forms or claims, main word first,
	// with what the game tells of each ("OXER g1>h1vh2 (11)").
	Words []string `json:"words,omitempty"`
	// Leave is what stays on the mover's rack or hand after the move, in
	// the game's notation; "" in games without racks (and for a viewer
	// who may not see it).
	Leave string `json:"leave,omitempty"`
	// Cells are the squares the move places on, covers, colours or
	// claims, [row, column] from 0.
	Cells [][2]int `json:"cells,omitempty"`
	// Bingo marks a play of the whole rack (crossword games, Upwords).
	Bingo bool `json:"bingo,omitempty"`
	// Text says what the mover did, as the viewer may know it, in the
	// past tense without a subject, for a log line: "played 8H QUIZ for
	// 42 points", "exchanged 3 tiles", "placed a tile on d4".
	Text string `json:"text"`
	// Notes are further lines for the log: the words a WordFlow placement
	// creates and who claimed the missed ones, the placements of a
	// simultaneous round.
	Notes []string `json:"notes,omitempty"`
}

// Describer is implemented by games that describe their moves.
type Describer interface {
	// DescribeMove describes m, a legal move of the player to move, as
	// seat viewer may know it (viewer -1: everything). It must leave the
	// state as it was, the state of its random draws included (to see
	// what m does, it plays m on a copy).
	DescribeMove(m Move, viewer int) MoveInfo
}

// DrawOptions are the options of Drawer.Draw.
type DrawOptions struct {
	// Seat is the viewer: the drawing shows only what that seat sees.
	Seat int
	// Last are the squares of the last move, [row, column] from 0, drawn
	// marked (in brackets: "[QUIZ]").
	Last [][2]int
	// Colour allows ANSI colours (the output is a terminal).
	Colour bool
}

// Drawer is implemented by games that draw their board for a front end.
type Drawer interface {
	// Draw returns the board as text as o.Seat sees it, with its legend,
	// every line within 80 columns and ending in a newline: the squares of
	// o.Last marked, and the game's own status lines (2 Way Words' claimed
	// words, WordBlock's played words). The scores, the viewer's rack and
	// the bag are the front end's to print (from SeatView or Racker).
	Draw(o DrawOptions) string
}

// PositionWriter is implemented by games that write a position as text
// that their Spec.ParsePosition reads back.
type PositionWriter interface {
	// FormatPosition writes the position as seat sees it (-1: everything)
	// as far as the game's position format can leave things out: a CGP
	// line without the other rack, 2 Way Words' observation, WordFlow's
	// position with the hand of the player to move. A format that must
	// name every rack (Upwords) writes them all: a front end that must
	// hide them shows the View, not this text.
	FormatPosition(seat int) string
}

// Command is an extra command a game offers its players (Commander).
type Command struct {
	// Name is what the player types, in lower case ("bag"); Aliases are
	// other words for it.
	Name    string
	Aliases []string
	// Usage is the command as help lists it ("bag"); Help one line on
	// what it does.
	Usage, Help string
}

// Commander is implemented by games with commands of their own besides
// moves (Upwords' and the crossword games' bag of unseen tiles).
type Commander interface {
	// Commands lists the game's commands.
	Commands() []Command
	// RunCommand runs the command named name (a Command's Name) with the
	// rest of the line arg for seat, and returns what it prints. It
	// changes nothing and tells seat only what seat may see.
	RunCommand(name, arg string, seat int) (string, error)
}

// InputParser is implemented by games whose players type more than the
// notation of a move (a WordFlow placement with the words it announces,
// "TH5v c4 THE THEN": the words left out are missed, a word that is not
// created is challenged), or whose moves look like commands (2 Way Words'
// claim "SAVE a1-d1"): the driver reads a person's move with ParseInput,
// a record with ParseMove.
type InputParser interface {
	// ParseInput reads a move of the player to move as a person types it;
	// the error says why it is not legal, as ParseMove's does, and wraps
	// ErrUnknownInput when the line does not have the shape of a move at
	// all (then a front end tries it as a command: "save FILE", "hint
	// 3"). It leaves the state as it was, its random draws included.
	ParseInput(line string) (Move, error)
}

// RackSetter is implemented by games whose racks a hint may set
// (hint --rack).
type RackSetter interface {
	// SetRackText gives seat the rack written as text in the game's
	// notation, drawn from the tiles that seat has not seen; the error
	// says why it cannot.
	SetRackText(seat int, rack string) error
}

// PartialRacker is implemented by games whose positions may give a rack
// in part (a CGP rack of 2 tiles where a rack holds 7, or a shorter
// --rack): the missing tiles are taken as unseen, so the bag is what is
// unseen less full racks, and the moves use only the tiles given.
type PartialRacker interface {
	// PartialRack says so for people when seat's rack is given in part
	// ("the rack of player 1 is given in part (AD: 2 of 7 tiles): ..."),
	// and returns "" when the rack is whole.
	PartialRack(seat int) string
}

// Rematcher is implemented by games whose matches go on with another game
// opened by a seat the finished game chooses (WordBlock: the loser opens
// the next game).
type Rematcher interface {
	// NextOpener returns the seat of the finished game whose player opens
	// the next one (seat 0 of the new game); the others follow in their
	// order.
	NextOpener() int
	// RematchNote says what happens next, for the question "Another
	// game?" ("the loser opens it").
	RematchNote() string
}

// Option is one rule option of a game's variant text (Config.Variant).
type Option struct {
	// Key is the option's name ("lang"); Values the values it takes, in
	// words ("en|es|it|pt|de|fr", "3 to 6 numbers", "" for a flag without
	// a value); Default its value when absent.
	Key, Values, Default string
	// Help says what it changes.
	Help string
}

// Position is a position read from text (Spec.ParsePosition) or set up
// from a record (RecordFormat.Position).
type Position struct {
	// State is the position.
	State State
	// Dealt[p] reports that seat p's hidden part (its rack, its faces)
	// was not given and was dealt at random from Config.Rand: a hint for
	// that seat would rest on made-up tiles.
	Dealt []bool
	// Warnings list what the reader set aside (an option it ignored, a
	// lexicon the text names that is not the one in use).
	Warnings []string
}

// Players returns the range of seats the game takes: Spec.MinPlayers and
// Spec.MaxPlayers, 2 when unset.
func (s Spec) Players() (lo, hi int) {
	lo, hi = s.MinPlayers, s.MaxPlayers
	if lo == 0 {
		lo = 2
	}
	if hi == 0 {
		hi = max(lo, 2)
	}
	return lo, hi
}

// Seats returns the number of seats of a game whose Config.Players is 0:
// Spec.DefaultPlayers, else the least the game takes.
func (s Spec) Seats() int {
	if s.DefaultPlayers > 0 {
		return s.DefaultPlayers
	}
	lo, _ := s.Players()
	return lo
}

// HasOption reports whether the game's variant text takes option key.
func (s Spec) HasOption(key string) bool {
	for _, o := range s.Variants {
		if o.Key == key {
			return true
		}
	}
	return false
}

// UnitName returns the game's unit of score for n of them: "1 point",
// "3 cells".
func (s Spec) UnitName(n int) string {
	u := s.Unit
	if u == "" {
		u = "point"
	}
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, u)
	}
	return fmt.Sprintf("%d %ss", n, u)
}

// SeatName returns how every command names seat p of the game: "player 1"
// (seats from 1), with the seat's colour where the game has colours:
// "player 2 (ORANGE)".
func (s Spec) SeatName(p int) string {
	name := fmt.Sprintf("player %d", p+1)
	if p >= 0 && p < len(s.Colours) {
		name += " (" + s.Colours[p] + ")"
	}
	return name
}

// VariantHelp lists the game's variant options, one a line ("  key=VALUES
// (default D): help"), for help texts; "" when it has none.
func (s Spec) VariantHelp() string {
	var sb strings.Builder
	for _, o := range s.Variants {
		kv := o.Key
		if o.Values != "" {
			kv += "=" + o.Values
		}
		fmt.Fprintf(&sb, "  %s", kv)
		if o.Default != "" {
			fmt.Fprintf(&sb, " (default %s)", o.Default)
		}
		fmt.Fprintf(&sb, ": %s\n", o.Help)
	}
	return sb.String()
}

// MarkCells returns text, a drawn board, with each run of marked cells of
// a row in brackets ("[QUIZ]", "[H1  U1]"): line(r) is the index of the
// line of row r in text (-1: not drawn), span(c) the byte range [start,
// end) of column c in a row's line, and cells the marked squares, [row,
// column] from 0 (a square given twice is marked once). A bracket takes the place of the space before the
// run's first non-space byte and of the one after its last (or ends the
// line); where there is no space there, that bracket is left out. The
// lines must be ASCII where cells are marked (no colour codes).
func MarkCells(text string, line func(r int) int, span func(c int) (start, end int), cells [][2]int) string {
	if len(cells) == 0 {
		return text
	}
	lines := strings.Split(text, "\n")
	byRow := map[int][]int{}
	for _, rc := range cells {
		byRow[rc[0]] = append(byRow[rc[0]], rc[1])
	}
	for r, cols := range byRow {
		li := line(r)
		if li < 0 || li >= len(lines) {
			continue
		}
		b := []byte(lines[li])
		marked := map[int]bool{}
		for _, c := range cols {
			marked[c] = true
		}
		for i, c := range cols {
			if marked[c-1] || slices.Contains(cols[:i], c) {
				continue // not the start of a run, or a run marked already
			}
			last := c
			for marked[last+1] {
				last++
			}
			from, _ := span(c)
			_, to := span(last)
			from, to = max(from, 0), min(to, len(b))
			for from < to && b[from] == ' ' {
				from++
			}
			for to > from && b[to-1] == ' ' {
				to--
			}
			if from == to {
				continue
			}
			if from > 0 && b[from-1] == ' ' {
				b[from-1] = '['
			}
			switch {
			case to == len(b):
				b = append(b, ']')
			case b[to] == ' ':
				b[to] = ']'
			}
		}
		lines[li] = string(b)
	}
	return strings.Join(lines, "\n")
}

// ErrUnknownInput is wrapped by an InputParser's error for a line that is
// not meant as a move at all (neither a move nor a command): the front
// end then says it does not know the command, not why the move is
// illegal.
var ErrUnknownInput = errors.New("unknown command or move")

// ResignMove returns the game's own resign move for the player to move
// in s: the move ParseMove reads from "resign" when FormatMove writes it
// back as "resign" (the crossword games). ok is false in a game without
// one, where "resign" may read as something else (WordBlock's word
// RESIGN): a front end then keeps the resignation itself and ranks the
// seats with ResignWinners.
func ResignMove(s State) (m Move, ok bool) {
	m, err := s.ParseMove("resign")
	if err != nil || !strings.EqualFold(s.FormatMove(m), "resign") {
		return Move{}, false
	}
	return m, true
}

// ResignWinners returns the winning seats of s after seat resigned in a
// game without a resign move (ResignMove): the seats with the highest
// score among the others (several on a draw).
func ResignWinners(s State, resigned int) []int {
	var best []int
	for p := range s.Players() {
		switch {
		case p == resigned:
		case len(best) == 0 || s.Score(p) > s.Score(best[0]):
			best = append(best[:0], p)
		case s.Score(p) == s.Score(best[0]):
			best = append(best, p)
		}
	}
	return best
}
