package twoway

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wordengine/game"
	"wordengine/lexicon"
)

// CellName returns the name of cell c: column letter a-g, row number 1-7
// (row 1 at the top), e.g. "d4" for the centre.
func CellName(c int) string {
	return string(rune('a'+c%Size)) + strconv.Itoa(c/Size+1)
}

// ParseCell reads a cell name ("d4", either case); the error of a name
// off the grid ("h8") names the grid's range.
func ParseCell(s string) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch {
	case !cellShaped(s):
		return 0, fmt.Errorf("cell %q: want a column a-g and a row 1-7, e.g. d4", s)
	case len(s) != 2 || s[0] >= 'a'+Size || s[1] < '1' || s[1] >= '1'+Size:
		return 0, fmt.Errorf("cell %s is off the %dx%d grid (a1 to %s)", s, Size, Size, CellName(Cells-1))
	}
	return int(s[1]-'1')*Size + int(s[0]-'a'), nil
}

// cellShaped reports whether s has the shape of a cell name, on the grid
// or not: a letter and a row number ("d4", "h8").
func cellShaped(s string) bool {
	s = strings.ToLower(s)
	return len(s) >= 2 && len(s) <= 4 && s[0] >= 'a' && s[0] <= 'z' && strings.Trim(s[1:], "0123456789") == ""
}

func (s *State) letter(l lexicon.Tile) string {
	if l == 0 {
		return "?"
	}
	return s.lx.Alphabet.Letter(l)
}

// FormatMove implements game.State. Notation: a placement is the letter
// of the tile in the mover's colour and the cell ("E d4"); a claim is the
// word in the mover's colour and its first and last cells ("CAT a1-c3",
// read from a1 towards c3); the end of the turn is "end".
func (s *State) FormatMove(m game.Move) string {
	switch moveKind(m) {
	case kindPlace:
		return s.letter(moveLetter(m)) + " " + CellName(moveCell(m))
	case kindClaim:
		var b strings.Builder
		n := moveLen(m)
		for i := range n {
			b.WriteString(s.letter(lexicon.Tile(m.B >> (8 * i))))
		}
		c, d := moveCell(m), moveDir(m)
		return b.String() + " " + CellName(c) + "-" + CellName(int(rays[c][d][n-1]))
	case kindEnd:
		return "end"
	}
	return fmt.Sprintf("?%x", m.A)
}

// ErrIllegal is wrapped by ParseMove's errors for a move the rules do not
// allow now.
var ErrIllegal = errors.New("illegal move")

// ParseMove implements game.State for the player to move: "E d4" places
// the hand's tile showing E (in the mover's colour) on d4; "CAT a1-c3" or
// "a1-c3" claims the straight run from a1 to c3; "end" (or "pass") ends
// the turn after the placement (or when no placement is possible). A
// claim whose letters do not spell a word of the lexicon is accepted (it
// is a wrong claim: the tiles stay and the claimer misses its next turn);
// a claim of a length the mover has already claimed, of a run that is not
// straight, not contiguous, shorter than MinWord or longer than MaxWord,
// or that crosses an empty cell, is refused, as is a word that does not
// match the letters of the run.
func (s *State) ParseMove(text string) (game.Move, error) {
	if s.over {
		return game.Move{}, fmt.Errorf("%w: the game is over", ErrIllegal)
	}
	p := s.toMove
	f := strings.Fields(text)
	switch {
	case len(f) == 1 && slices.Contains([]string{"end", "pass", "done"}, strings.ToLower(f[0])):
		if s.phase == 0 && s.canPlace(p) {
			return game.Move{}, fmt.Errorf("%w: place a tile before ending the turn", ErrIllegal)
		}
		return endMove, nil
	case len(f) == 1 && strings.Contains(f[0], "-"):
		return s.parseClaim("", f[0])
	case len(f) == 2 && strings.Contains(f[1], "-"):
		return s.parseClaim(f[0], f[1])
	case len(f) == 2:
		l, err := letterTile(s.lx.Alphabet, f[0])
		if err != nil {
			return game.Move{}, err
		}
		c, err := ParseCell(f[1])
		if err != nil {
			return game.Move{}, err
		}
		switch {
		case s.phase != 0:
			return game.Move{}, fmt.Errorf("%w: one placement a turn (claim or end the turn)", ErrIllegal)
		case len(s.hands[p]) == 0:
			return game.Move{}, fmt.Errorf("%w: the hand is empty", ErrIllegal)
		case s.occ>>c&1 != 0:
			return game.Move{}, fmt.Errorf("%w: cell %s is not empty", ErrIllegal, CellName(c))
		}
		for _, t := range s.hands[p] {
			if t[p] == l {
				return placeMove(l, c), nil
			}
		}
		return game.Move{}, fmt.Errorf("%w: no %s in the %s hand (%s)", ErrIllegal, s.letter(l), ColourNames[p], s.handText(p, p))
	}
	return game.Move{}, fmt.Errorf("move %q: want LETTER CELL (E d4), [WORD] CELL-CELL (CAT a1-c3) or end", text)
}

func (s *State) handText(p, colour int) string {
	var b []string
	for _, t := range s.hands[p] {
		b = append(b, s.letter(t[colour]))
	}
	return strings.Join(b, " ")
}

func (s *State) parseClaim(wordText, cells string) (game.Move, error) {
	p := s.toMove
	from, to, _ := strings.Cut(cells, "-")
	a, err := ParseCell(from)
	if err != nil {
		return game.Move{}, err
	}
	b, err := ParseCell(to)
	if err != nil {
		return game.Move{}, err
	}
	dr, dc := b/Size-a/Size, b%Size-a%Size
	n := max(abs(dr), abs(dc)) + 1
	if (dr != 0 && dc != 0 && abs(dr) != abs(dc)) || a == b {
		return game.Move{}, fmt.Errorf("%w: %s-%s is not a straight line (across, down or diagonal)", ErrIllegal, CellName(a), CellName(b))
	}
	if n < MinWord || n > MaxWord {
		return game.Move{}, fmt.Errorf("%w: %s-%s has %d cells, a word has %d to %d letters", ErrIllegal, CellName(a), CellName(b), n, MinWord, MaxWord)
	}
	d := slices.Index(dirs[:], [2]int{sign(dr), sign(dc)})
	if s.need[n] == 0 {
		return game.Move{}, fmt.Errorf("%w: %s-%s has %d cells and this game's words have %s letters", ErrIllegal, CellName(a), CellName(b), n, s.lengthsText())
	}
	if !s.Open(p, n) {
		return game.Move{}, fmt.Errorf("%w: %s has already claimed its %d-letter word", ErrIllegal, ColourNames[p], n)
	}
	var letters uint64
	var tiles []lexicon.Tile
	for i := range n {
		c := int(rays[a][d][i])
		if s.occ>>c&1 == 0 {
			return game.Move{}, fmt.Errorf("%w: cell %s of %s-%s is empty", ErrIllegal, CellName(c), CellName(a), CellName(b))
		}
		l := s.grid[c][p]
		letters |= uint64(l) << (8 * i)
		tiles = append(tiles, l)
	}
	if wordText != "" {
		w, err := s.lx.Alphabet.Split(nil, strings.ToUpper(wordText))
		if err != nil || !slices.Equal(w, tiles) {
			return game.Move{}, fmt.Errorf("%w: %s-%s reads %s in %s, not %s", ErrIllegal, CellName(a), CellName(b), s.lx.Alphabet.Word(tiles), ColourNames[p], strings.ToUpper(wordText))
		}
	}
	return claimMove(a, d, n, letters, !s.lx.ContainsTiles(tiles)), nil
}

// lengthsText lists the variant's word lengths, "3,4,5".
func (s *State) lengthsText() string {
	t := make([]string, len(s.rules.Lengths))
	for i, l := range s.rules.Lengths {
		t[i] = strconv.Itoa(l)
	}
	return strings.Join(t, ",")
}

func abs(x int) int { return max(x, -x) }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// IsWrongClaim reports whether m is a claim whose letters are not a word
// (it costs the claimer its next turn).
func IsWrongClaim(m game.Move) bool { return moveKind(m) == kindClaim && moveWrong(m) }

// IsPlacement and IsEnd report the kind of m.
func IsPlacement(m game.Move) bool { return moveKind(m) == kindPlace }

// IsEnd reports whether m ends the turn.
func IsEnd(m game.Move) bool { return moveKind(m) == kindEnd }

// IsClaim reports whether m is a claim (valid or wrong).
func IsClaim(m game.Move) bool { return moveKind(m) == kindClaim }

// String implements game.State: the whole position in the position
// format (Position), every face and the bag in draw order (last first
// drawn) included.
func (s *State) String() string { return s.Position() }

// Observation returns what seat p sees, in the position format: the
// faces in p's colour of the grid tiles and of p's hand, the opponent's
// hand as ?/? (with open-hands, its faces in p's colour), both faces of
// claimed tiles and of tiles a wrong claim revealed, and the number of
// tiles in the bag. Two states that differ only in what p cannot see have
// the same Observation(p); ParsePosition reads it back.
func (s *State) Observation(p int) string { return s.template(p).Position() }

func (s *State) tileText(t Tile) string { return s.letter(t[Red]) + "/" + s.letter(t[Blue]) }

// Render draws what seat p sees for a person: the grid in p's colour
// (column letters a-g, row numbers 1-7), p's hand, the opponent's hand
// (its faces in p's colour with open-hands, else its size), the claimed
// words of both, the lengths each still needs, missed turns and the bag.
func (s *State) Render(p int) string {
	var b strings.Builder
	q := 1 - p
	b.WriteString("    ")
	for c := range Size {
		fmt.Fprintf(&b, " %c", 'a'+c)
	}
	b.WriteString("\n")
	for r := range Size {
		fmt.Fprintf(&b, "  %d ", r+1)
		for c := range Size {
			cell := r*Size + c
			tok := "."
			if s.occ>>cell&1 != 0 {
				tok = s.letter(s.grid[cell][p])
			}
			fmt.Fprintf(&b, " %s", tok)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s hand: %s\n", ColourNames[p], s.handText(p, p))
	if s.rules.OpenHands {
		fmt.Fprintf(&b, "%s hand (your letters): %s\n", ColourNames[q], s.handText(q, p))
	} else {
		fmt.Fprintf(&b, "%s hand: %d tiles\n", ColourNames[q], len(s.hands[q]))
	}
	for k := range 2 {
		var ws, needs []string
		for _, w := range s.words[k] {
			var l []string
			for _, t := range w.tiles[:w.n] {
				l = append(l, s.letter(t[k]))
			}
			ws = append(ws, strings.Join(l, ""))
		}
		for l := MinWord; l <= MaxWord; l++ {
			for range int(s.need[l] - s.claimed[k][l]) {
				needs = append(needs, strconv.Itoa(l))
			}
		}
		if len(ws) == 0 {
			ws = []string{"-"}
		}
		fmt.Fprintf(&b, "%s words: %s (%d letters); needs %s", ColourNames[k], strings.Join(ws, " "), s.letters[k], strings.Join(needs, ","))
		if s.miss[k] > 0 {
			fmt.Fprintf(&b, "; misses %d turn(s)", s.miss[k])
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "bag: %d tiles\n", s.BagLen())
	return b.String()
}
