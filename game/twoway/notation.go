package twoway

import (
	"errors"
	"fmt"
	"math/rand/v2"
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

// ParseCell reads a cell name ("d4", either case).
func ParseCell(s string) (int, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) != 2 || s[0] < 'a' || s[0] >= 'a'+Size || s[1] < '1' || s[1] >= '1'+Size {
		return 0, fmt.Errorf("cell %q: want a column a-g and a row 1-7, e.g. d4", s)
	}
	return int(s[1]-'1')*Size + int(s[0]-'a'), nil
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

// Position writes s in the position format that ParsePosition reads:
//
//	twoway lengths=3,4,5,6
//	turn red place          (red|blue, then place|claim; or "turn over")
//	missed 0 0              (turns red and blue will miss)
//	#    a   b   c   d   e   f   g
//	1    .   .   E/T .   .   .   .
//	...                     (rows 1 to 7; a tile is RED/BLUE, ? for a hidden face)
//	red revealed d4 e4      (cells whose red face a wrong claim of red announced;
//	                        only when there are some; likewise blue revealed)
//	red hand E/T A/?
//	blue hand ?/? ?/?
//	red words C/X-A/B-T/R   (claimed words, tile by tile)
//	blue words
//	bag 60                  (a number of hidden tiles, or the tiles in order)
func (s *State) Position() string {
	var b strings.Builder
	b.WriteString("twoway " + s.rules.String() + "\n")
	switch {
	case s.over:
		b.WriteString("turn over\n")
	default:
		b.WriteString("turn " + ColourNames[s.toMove] + [2]string{" place", " claim"}[s.phase] + "\n")
	}
	fmt.Fprintf(&b, "missed %d %d\n", s.miss[0], s.miss[1])
	var row strings.Builder
	row.WriteString("#  ")
	for c := range Size {
		fmt.Fprintf(&row, " %-4c", 'a'+c)
	}
	b.WriteString(strings.TrimRight(row.String(), " ") + "\n")
	for r := range Size {
		row.Reset()
		fmt.Fprintf(&row, "%d  ", r+1)
		for c := range Size {
			cell := r*Size + c
			tok := "."
			if s.occ>>cell&1 != 0 {
				tok = s.tileText(s.grid[cell])
			}
			fmt.Fprintf(&row, " %-4s", tok)
		}
		b.WriteString(strings.TrimRight(row.String(), " ") + "\n")
	}
	for k := range 2 {
		if s.revealed[k]&s.occ != 0 {
			b.WriteString(ColourNames[k] + " revealed")
			for c := range Cells {
				if s.revealed[k]&s.occ>>c&1 != 0 {
					b.WriteString(" " + CellName(c))
				}
			}
			b.WriteString("\n")
		}
	}
	for p := range 2 {
		b.WriteString(ColourNames[p] + " hand")
		for _, t := range s.hands[p] {
			b.WriteString(" " + s.tileText(t))
		}
		b.WriteString("\n")
	}
	for p := range 2 {
		b.WriteString(ColourNames[p] + " words")
		for _, w := range s.words[p] {
			b.WriteString(" ")
			for i, t := range w.tiles[:w.n] {
				if i > 0 {
					b.WriteString("-")
				}
				b.WriteString(s.tileText(t))
			}
		}
		b.WriteString("\n")
	}
	if s.bagCount > 0 {
		fmt.Fprintf(&b, "bag %d\n", s.bagCount)
	} else {
		b.WriteString("bag")
		for _, t := range s.bag {
			b.WriteString(" " + s.tileText(t))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func (s *State) tileText(t Tile) string { return s.letter(t[Red]) + "/" + s.letter(t[Blue]) }

// posError is an error at a line and column of a position text.
func posError(line, col int, format string, args ...any) error {
	return fmt.Errorf("twoway position: line %d:%d: %s", line, col, fmt.Sprintf(format, args...))
}

// field is a whitespace-separated token with its column (1-based).
type field struct {
	text string
	col  int
}

func fields(line string) []field {
	var out []field
	start := -1
	for i := 0; i <= len(line); i++ {
		if i == len(line) || line[i] == ' ' || line[i] == '\t' {
			if start >= 0 {
				out = append(out, field{line[start:i], start + 1})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}

// ParsePosition reads a position in the format of Position (an
// Observation too). Hidden faces (?) and a bag given as a number are
// filled in with rng consistently with the tile set and everything the
// text shows (see Determinize); rng may be nil when nothing is hidden.
// Lines starting with # and blank lines are ignored. The error gives the
// line and column: an unknown keyword, a bad tile or cell, a row of the
// wrong width, a missing line, or tiles the tile set cannot supply.
func ParsePosition(text string, lx *lexicon.Lexicon, rng *rand.Rand) (*State, error) {
	if lx == nil {
		var err error
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	var s *State
	rows := 0
	seen := map[string]bool{}
	over := false
	for i, raw := range strings.Split(text, "\n") {
		ln := i + 1
		f := fields(raw)
		if len(f) == 0 || strings.HasPrefix(f[0].text, "#") {
			continue
		}
		key := f[0].text
		if s == nil {
			if key != "twoway" {
				return nil, posError(ln, f[0].col, "want the first line \"twoway VARIANT\", got %q", key)
			}
			v := ""
			if len(f) > 1 {
				v = f[1].text
			}
			if len(f) > 2 {
				return nil, posError(ln, f[2].col, "the variant is one word (options separated by commas)")
			}
			rules, err := ParseVariant(v, lx.Alphabet)
			if err != nil {
				return nil, posError(ln, 1, "%v", err)
			}
			s = newState(lx, rules)
			continue
		}
		if key == "red" || key == "blue" {
			if len(f) < 2 {
				return nil, posError(ln, f[0].col, "want %q, %q or %q", key+" hand", key+" words", key+" revealed")
			}
			key += " " + f[1].text
			f = append([]field{{key, f[0].col}}, f[2:]...)
		}
		if len(key) == 1 && key[0] >= '1' && key[0] < '1'+Size {
			r := int(key[0] - '1')
			if r != rows {
				return nil, posError(ln, f[0].col, "row %d where row %d is due", r+1, rows+1)
			}
			if len(f) != Size+1 {
				return nil, posError(ln, f[0].col, "row %d has %d cells, want %d", r+1, len(f)-1, Size)
			}
			for c, tok := range f[1:] {
				if tok.text == "." {
					continue
				}
				t, err := s.parseTile(tok.text)
				if err != nil {
					return nil, posError(ln, tok.col, "cell %s: %v", CellName(r*Size+c), err)
				}
				s.grid[r*Size+c] = t
				s.occ |= 1 << (r*Size + c)
			}
			rows++
			continue
		}
		if seen[key] {
			return nil, posError(ln, f[0].col, "a second %q line", key)
		}
		seen[key] = true
		args := f[1:]
		switch key {
		case "turn":
			if len(args) == 1 && args[0].text == "over" {
				over = true
				break
			}
			if len(args) != 2 {
				return nil, posError(ln, f[0].col, "want \"turn red|blue place|claim\" or \"turn over\"")
			}
			p := slices.Index(ColourNames[:], args[0].text)
			if p < 0 {
				return nil, posError(ln, args[0].col, "colour %q: want red or blue", args[0].text)
			}
			s.toMove = p
			switch args[1].text {
			case "place":
				s.phase = 0
			case "claim":
				s.phase = 1
			default:
				return nil, posError(ln, args[1].col, "%q: want place (the placement is to come) or claim (placed)", args[1].text)
			}
		case "missed":
			if len(args) != 2 {
				return nil, posError(ln, f[0].col, "want \"missed N N\" (turns red and blue will miss)")
			}
			for p, a := range args {
				n, err := strconv.Atoi(a.text)
				if err != nil || n < 0 || n > 1000 {
					return nil, posError(ln, a.col, "missed turns %q: want a number 0 to 1000", a.text)
				}
				s.miss[p] = int16(n)
			}
		case "red revealed", "blue revealed":
			p := slices.Index(ColourNames[:], strings.Fields(key)[0])
			for _, a := range args {
				c, err := ParseCell(a.text)
				if err != nil {
					return nil, posError(ln, a.col, "%v", err)
				}
				s.revealed[p] |= 1 << c
			}
		case "red hand", "blue hand":
			p := slices.Index(ColourNames[:], strings.Fields(key)[0])
			if len(args) > HandSize {
				return nil, posError(ln, args[HandSize].col, "more than %d tiles in a hand", HandSize)
			}
			for _, a := range args {
				t, err := s.parseTile(a.text)
				if err != nil {
					return nil, posError(ln, a.col, "%v", err)
				}
				s.hands[p] = append(s.hands[p], t)
			}
		case "red words", "blue words":
			p := slices.Index(ColourNames[:], strings.Fields(key)[0])
			for _, a := range args {
				parts := strings.Split(a.text, "-")
				if len(parts) < MinWord || len(parts) > MaxWord {
					return nil, posError(ln, a.col, "word %q: want %d to %d tiles joined by -", a.text, MinWord, MaxWord)
				}
				var w word
				var letters []lexicon.Tile
				for i, pt := range parts {
					t, err := s.parseTile(pt)
					if err != nil || t[0] == 0 || t[1] == 0 {
						if err == nil {
							err = errors.New("both faces of a claimed tile are known")
						}
						return nil, posError(ln, a.col, "word %q, tile %d: %v", a.text, i+1, err)
					}
					w.tiles[i] = t
					letters = append(letters, t[p])
				}
				w.n = int8(len(parts))
				if !lx.ContainsTiles(letters) {
					return nil, posError(ln, a.col, "%s's word %s is not in the lexicon", ColourNames[p], lx.Alphabet.Word(letters))
				}
				if s.claimed[p][w.n] >= s.need[w.n] {
					return nil, posError(ln, a.col, "%s has more %d-letter words than the variant's lengths allow", ColourNames[p], w.n)
				}
				s.claimed[p][w.n]++
				s.letters[p] += int(w.n)
				s.words[p] = append(s.words[p], w)
			}
		case "bag":
			if len(args) == 1 && !strings.Contains(args[0].text, "/") {
				n, err := strconv.Atoi(args[0].text)
				if err != nil || n < 0 || n > TileCount {
					return nil, posError(ln, args[0].col, "bag %q: want a number of tiles or the tiles", args[0].text)
				}
				s.bagCount = n
				break
			}
			for _, a := range args {
				t, err := s.parseTile(a.text)
				if err != nil || t[0] == 0 || t[1] == 0 {
					if err == nil {
						err = errors.New("a listed bag tile has both faces")
					}
					return nil, posError(ln, a.col, "%v", err)
				}
				s.bag = append(s.bag, t)
			}
		default:
			return nil, posError(ln, f[0].col, "unknown line %q (want turn, missed, rows 1-7, red/blue revealed, red/blue hand, red/blue words, bag)", key)
		}
	}
	if s == nil {
		return nil, posError(1, 1, "empty position: want the line \"twoway VARIANT\"")
	}
	if rows != Size {
		return nil, posError(strings.Count(text, "\n")+1, 1, "%d grid rows, want %d", rows, Size)
	}
	for _, k := range []string{"turn", "red hand", "blue hand", "bag"} {
		if !seen[k] {
			return nil, posError(strings.Count(text, "\n")+1, 1, "no %q line", k)
		}
	}
	s.revealed[0] &= s.occ
	s.revealed[1] &= s.occ
	if err := s.complete(rng); err != nil {
		return nil, fmt.Errorf("twoway position: %w", err)
	}
	for p := range 2 {
		done := true
		for l := MinWord; l <= MaxWord; l++ {
			done = done && s.claimed[p][l] >= s.need[l]
		}
		if done {
			s.over, s.winner = true, int8(p)
		}
	}
	if over && !s.over {
		if s.occ != fullGrid && len(s.hands[0])+len(s.hands[1]) > 0 {
			return nil, fmt.Errorf("twoway position: \"turn over\" but nobody has every length, the grid has empty cells and a hand has tiles")
		}
		s.over = true
	}
	if !over && s.over {
		return nil, fmt.Errorf("twoway position: %s has claimed every length: write \"turn over\"", ColourNames[s.winner])
	}
	return s, nil
}

// parseTile reads "E/T" (red face E, blue face T; ? for an unknown face).
func (s *State) parseTile(text string) (Tile, error) {
	r, b, ok := strings.Cut(text, "/")
	if !ok {
		return Tile{}, fmt.Errorf("tile %q: want RED/BLUE, e.g. E/T (? for a hidden face)", text)
	}
	var t Tile
	for c, x := range []string{r, b} {
		if x == "?" {
			continue
		}
		l, err := letterTile(s.lx.Alphabet, x)
		if err != nil {
			return Tile{}, fmt.Errorf("tile %q: %v", text, err)
		}
		t[c] = l
	}
	if t[0] != 0 && t[0] == t[1] {
		return Tile{}, fmt.Errorf("tile %q: the same letter on both faces", text)
	}
	return t, nil
}

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
