package crossword

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"wordengine/game"
	"wordengine/lexicon"
)

// ErrIllegal is wrapped by every error that rejects a move as illegal.
var ErrIllegal = errors.New("crossword: illegal move")

// PlayThrough marks, in a word given to CheckPlay, a square that already
// holds a tile.
const PlayThrough lexicon.Tile = 0

// ParseSquare reads a GCG position: "8H" (row number first) is an across
// play starting at row 8, column H; "H8" (column letter first) a down play.
// Rows and columns are returned zero-based.
func ParseSquare(pos string) (d Direction, row, col int, err error) {
	bad := fmt.Errorf("crossword: bad position %q: want a row number and a column letter, as 8H (across) or H8 (down)", pos)
	if len(pos) < 2 {
		return 0, 0, 0, bad
	}
	up := strings.ToUpper(pos)
	var letter byte
	var digits string
	switch {
	case up[0] >= 'A' && up[0] <= 'Z':
		d, letter, digits = Down, up[0], up[1:]
	case up[len(up)-1] >= 'A' && up[len(up)-1] <= 'Z':
		d, letter, digits = Across, up[len(up)-1], up[:len(up)-1]
	default:
		return 0, 0, 0, bad
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 1 || n > MaxDim || digits[0] == '+' || digits[0] == '-' {
		return 0, 0, 0, bad
	}
	return d, n - 1, int(letter - 'A'), nil
}

// FormatSquare writes a position as ParseSquare reads it.
func FormatSquare(d Direction, row, col int) string {
	if d == Across {
		return fmt.Sprintf("%d%c", row+1, 'A'+col)
	}
	return fmt.Sprintf("%c%d", 'A'+col, row+1)
}

// FormatMove implements game.State: "8H QUA(I)NT" for a play (letters
// already on the board in parentheses, blanks lower-case), "-ABC" for an
// exchange, "pass", "resign".
func (s *State) FormatMove(m game.Move) string {
	a := s.Alphabet()
	switch MoveKind(m) {
	case Exchange:
		var buf [MaxRack]lexicon.Tile
		return "-" + a.Format(MoveTiles(buf[:0], m))
	case Pass:
		return "pass"
	case Resign:
		return "resign"
	case Play:
	default:
		return fmt.Sprintf("<bad move %x:%x>", m.A, m.B)
	}
	d := MoveDir(m)
	row, col := MoveStart(m)
	var sb strings.Builder
	sb.WriteString(FormatSquare(d, row, col))
	sb.WriteByte(' ')
	b := s.board
	st := b.step(d)
	i := row*b.cols + col
	ts := m.B
	open := false
	for range MoveLen(m) {
		if i >= len(b.sq) {
			break
		}
		var t lexicon.Tile
		through := b.sq[i] != 0
		if through {
			t = b.sq[i]
		} else {
			t = lexicon.Tile(ts)
			ts >>= 8
		}
		if through != open {
			if through {
				sb.WriteByte('(')
			} else {
				sb.WriteByte(')')
			}
			open = through
		}
		a.AppendFormat(&sb, []lexicon.Tile{t})
		i += st
	}
	if open {
		sb.WriteByte(')')
	}
	return sb.String()
}

// ParseMove implements game.State. It reads "8H WORD" / "H8 WORD" (letters
// on the board may be written as themselves, as '.', or in parentheses;
// lower-case letters are blanks), "-TILES" to exchange, "pass" or "-" to
// pass, and "resign"; it checks the move against the board, the rack, the
// bag and the lexicon, and scores it. Errors wrap ErrIllegal and say why.
func (s *State) ParseMove(text string) (game.Move, error) {
	text = strings.TrimSpace(text)
	if s.over {
		return game.Move{}, fmt.Errorf("%w: the game is over", ErrIllegal)
	}
	switch strings.ToLower(text) {
	case "pass", "-", "":
		if text == "" {
			return game.Move{}, fmt.Errorf("%w: empty move", ErrIllegal)
		}
		return passMove, nil
	case "resign":
		return resignMove, nil
	}
	if strings.HasPrefix(text, "-") {
		tiles, err := s.Alphabet().Parse(nil, strings.ToUpper(text[1:]))
		if err != nil {
			return game.Move{}, fmt.Errorf("%w: exchange: %v", ErrIllegal, err)
		}
		return s.CheckExchange(tiles)
	}
	fields := strings.Fields(text)
	if len(fields) != 2 {
		return game.Move{}, fmt.Errorf("%w: %q: want a position and a word (8H WORD), -TILES to exchange, or pass", ErrIllegal, text)
	}
	d, row, col, err := ParseSquare(fields[0])
	if err != nil {
		return game.Move{}, fmt.Errorf("%w: %v", ErrIllegal, err)
	}
	word, err := s.parseWord(fields[1])
	if err != nil {
		return game.Move{}, err
	}
	return s.CheckPlay(d, row, col, word)
}

// ParseWord reads the word of a play as GCG writes it: letters (lower
// case for blanks, [XY] for multi-letter tiles), '.' for a square already
// holding a tile (returned as PlayThrough), and letters in parentheses for
// such squares too (returned as the letter). Errors wrap ErrIllegal.
func (s *State) ParseWord(w string) ([]lexicon.Tile, error) { return s.parseWord(w) }

func (s *State) parseWord(w string) ([]lexicon.Tile, error) {
	var out []lexicon.Tile
	a := s.Alphabet()
	for i := 0; i < len(w); {
		switch w[i] {
		case '.':
			out = append(out, PlayThrough)
			i++
		case '(', ')':
			i++
		default:
			j := i
			for j < len(w) && w[j] != '.' && w[j] != '(' && w[j] != ')' {
				if w[j] == '[' {
					for j < len(w) && w[j] != ']' {
						j++
					}
				}
				j++
			}
			j = min(j, len(w))
			ts, err := a.Parse(nil, w[i:j])
			if err != nil {
				return nil, fmt.Errorf("%w: word %q: %v", ErrIllegal, w, err)
			}
			for _, t := range ts {
				if t == lexicon.Blank {
					return nil, fmt.Errorf("%w: word %q: a blank on the board must say its letter (lower case)", ErrIllegal, w)
				}
			}
			out = append(out, ts...)
			i = j
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: empty word", ErrIllegal)
	}
	return out, nil
}

// CheckExchange returns the exchange of tiles (lexicon.Blank for a blank)
// when the mover holds them and the bag allows it.
func (s *State) CheckExchange(tiles []lexicon.Tile) (game.Move, error) {
	a := s.Alphabet()
	if len(tiles) == 0 || len(tiles) > s.rules.RackSize {
		return game.Move{}, fmt.Errorf("%w: exchange of %d tiles: want 1 to %d", ErrIllegal, len(tiles), s.rules.RackSize)
	}
	if bag := s.bag.Len(); bag < len(tiles) || bag < s.rules.ExchangeMinBag {
		return game.Move{}, fmt.Errorf("%w: exchange of %d tiles with %d in the bag (need at least %d)", ErrIllegal, len(tiles), bag, max(len(tiles), s.rules.ExchangeMinBag))
	}
	r := s.racks[s.toMove]
	norm := make([]lexicon.Tile, len(tiles))
	for i, t := range tiles {
		if t.IsBlank() {
			t = lexicon.Blank
		}
		if !r.has(t) {
			return game.Move{}, fmt.Errorf("%w: exchange: %s", ErrIllegal, short(a, "exchange", s.racks[s.toMove], t, tiles))
		}
		r.remove(t)
		norm[i] = t
	}
	// Canonical order: as the rack lists tiles, so equal exchanges are equal moves.
	var sorted rack
	for _, t := range norm {
		sorted.add(t)
	}
	return packExchange(sorted.tiles(nil)), nil
}

// CheckPlay checks a play of word (tile codes, lower-case blanks as
// letter|BlankFlag, PlayThrough or the board's letter on occupied squares)
// starting at (row, col) in direction d, and returns it scored. The word
// must be the whole run of tiles along the line; every word formed must be
// in the lexicon (when the state has one); the mover's rack must hold the
// tiles; the first play covers the start square with 2 tiles or more; a
// later play touches a tile. Errors wrap ErrIllegal and name the square or
// the word at fault.
func (s *State) CheckPlay(d Direction, row, col int, word []lexicon.Tile) (game.Move, error) {
	m, _, err := s.scorePlay(d, row, col, word, true)
	return m, err
}

// ScorePlay is CheckPlay without the lexicon and rack checks: it scores a
// recorded play by the board and the premiums alone, and returns the words
// formed (main word first). Placement rules (squares, contiguity,
// connection) are still checked.
func (s *State) ScorePlay(d Direction, row, col int, word []lexicon.Tile) (game.Move, []string, error) {
	return s.scorePlay(d, row, col, word, false)
}

func (s *State) scorePlay(d Direction, row, col int, word []lexicon.Tile, strict bool) (game.Move, []string, error) {
	b := s.board
	a := s.Alphabet()
	st := b.step(d)
	lane, p0 := row, col
	if d == Down {
		lane, p0 = col, row
	}
	_, n := b.lane(d, lane)
	if row < 0 || row >= b.rows || col < 0 || col >= b.cols {
		return game.Move{}, nil, fmt.Errorf("%w: square %s is off the %dx%d board (A1 to %s)", ErrIllegal, squareName(row, col), b.rows, b.cols, squareName(b.rows-1, b.cols-1))
	}
	if p0+len(word) > n {
		return game.Move{}, nil, fmt.Errorf("%w: %s runs off the board at %s (A1 to %s)", ErrIllegal, FormatSquare(d, row, col), squareName(row+(n-p0)*(st/b.cols), col+(n-p0)*(st%b.cols)), squareName(b.rows-1, b.cols-1))
	}
	if len(word) > MaxDim {
		return game.Move{}, nil, fmt.Errorf("%w: word of %d squares", ErrIllegal, len(word))
	}
	start := row*b.cols + col
	if p0 > 0 && b.sq[start-st] != 0 {
		r, c := (start-st)/b.cols, (start-st)%b.cols
		return game.Move{}, nil, fmt.Errorf("%w: the word continues before it, onto %s", ErrIllegal, squareName(r, c))
	}
	if end := start + len(word)*st; p0+len(word) < n && b.sq[end] != 0 {
		r, c := end/b.cols, end%b.cols
		return game.Move{}, nil, fmt.Errorf("%w: the word continues after it, onto %s", ErrIllegal, squareName(r, c))
	}
	var placed []lexicon.Tile
	var full []lexicon.Tile // the main word's tiles
	r := s.racks[s.toMove]
	touches, coversStart := false, false
	main, mult, cross := 0, 1, 0
	var words []string
	var crossWords [][]lexicon.Tile
	for k, t := range word {
		i := start + k*st
		sr, sc := i/b.cols, i%b.cols
		if on := b.sq[i]; on != 0 {
			if t != PlayThrough && t.Letter() != on.Letter() {
				return game.Move{}, nil, fmt.Errorf("%w: square %s holds %s, not %s", ErrIllegal, squareName(sr, sc), a.Format([]lexicon.Tile{on}), a.Format([]lexicon.Tile{t}))
			}
			full = append(full, on)
			main += b.value(on)
			touches = true
			continue
		}
		if t == PlayThrough {
			return game.Move{}, nil, fmt.Errorf("%w: square %s is empty: nothing to play through", ErrIllegal, squareName(sr, sc))
		}
		if !a.Valid(t) || t == lexicon.Blank {
			return game.Move{}, nil, fmt.Errorf("%w: square %s: tile %d is not a letter", ErrIllegal, squareName(sr, sc), t)
		}
		if strict {
			if !r.has(t) {
				var need []lexicon.Tile // the tiles the play takes from the rack
				for j, w := range word {
					if b.sq[start+j*st] == 0 {
						need = append(need, w)
					}
				}
				return game.Move{}, nil, fmt.Errorf("%w: %s", ErrIllegal, short(a, "play", s.racks[s.toMove], t, need))
			}
			r.remove(t)
		}
		placed = append(placed, t)
		full = append(full, t)
		if i == b.start {
			coversStart = true
		}
		pr := b.prem[i]
		lm, wm := max(int(pr.Letter), 1), max(int(pr.Word), 1)
		v := b.value(t) * lm
		main += v
		mult *= wm
		// The perpendicular word through i.
		cw, cscore := s.perpendicular(d, i, t)
		if len(cw) > 1 {
			touches = true
			cross += (cscore + v) * wm
			crossWords = append(crossWords, cw)
		}
	}
	if len(placed) == 0 {
		return game.Move{}, nil, fmt.Errorf("%w: the play places no tile", ErrIllegal)
	}
	if len(placed) > MaxRack {
		return game.Move{}, nil, fmt.Errorf("%w: the play places %d tiles, more than %d", ErrIllegal, len(placed), MaxRack)
	}
	if len(word) < 2 {
		if len(crossWords) == 0 {
			return game.Move{}, nil, fmt.Errorf("%w: a single tile must form a word of two letters or more", ErrIllegal)
		}
	}
	if b.tiles == 0 {
		if !coversStart {
			return game.Move{}, nil, fmt.Errorf("%w: the first play must cover the start square %s", ErrIllegal, squareName(b.start/b.cols, b.start%b.cols))
		}
		if len(placed) < 2 {
			return game.Move{}, nil, fmt.Errorf("%w: the first play must place 2 tiles or more", ErrIllegal)
		}
	} else if !touches {
		return game.Move{}, nil, fmt.Errorf("%w: the play does not touch any tile on the board", ErrIllegal)
	}
	if len(word) >= 2 {
		words = append(words, a.Word(full))
	}
	for _, cw := range crossWords {
		words = append(words, a.Word(cw))
	}
	if strict && s.lex != nil {
		var bad []string
		if len(word) >= 2 && !s.lex.ContainsTiles(full) {
			bad = append(bad, a.Word(full))
		}
		for _, cw := range crossWords {
			if !s.lex.ContainsTiles(cw) {
				bad = append(bad, a.Word(cw))
			}
		}
		if len(bad) > 0 {
			return game.Move{}, words, fmt.Errorf("%w: not in lexicon %s: %s", ErrIllegal, s.lex.Name, strings.Join(bad, ", "))
		}
	}
	score := main*mult + cross
	if len(word) < 2 {
		score = cross
	}
	if len(placed) == s.rules.RackSize {
		score += s.rules.Bingo
	}
	// A single tile is an across play when it has an across word, as the
	// generator records it.
	if len(placed) == 1 {
		i := start
		for k, t := range word {
			if b.sq[start+k*st] == 0 && t != PlayThrough {
				i = start + k*st
			}
		}
		if d == Down && len(word) >= 2 {
			if hw, _ := s.perpendicular(Down, i, placed[0]); len(hw) > 1 {
				// Rewrite as the across play of the same tile.
				return s.singleAcross(i, placed[0], score, words)
			}
		}
		if len(word) < 2 {
			// The tile forms only a perpendicular word: write it in that direction.
			od := 1 - d
			lo := i
			ost := b.step(od)
			for lo-ost >= 0 && s.sameLine(od, lo, lo-ost) && b.sq[lo-ost] != 0 {
				lo -= ost
			}
			cw := crossWords[0]
			rr, cc := lo/b.cols, lo%b.cols
			return packPlay(od, rr, cc, len(cw), placed, score), words, nil
		}
	}
	return packPlay(d, row, col, len(word), placed, score), words, nil
}

// singleAcross returns the across play of one tile t at square i.
func (s *State) singleAcross(i int, t lexicon.Tile, score int, words []string) (game.Move, []string, error) {
	b := s.board
	lo := i
	for lo%b.cols > 0 && b.sq[lo-1] != 0 {
		lo--
	}
	hi := i
	for hi%b.cols < b.cols-1 && b.sq[hi+1] != 0 {
		hi++
	}
	return packPlay(Across, lo/b.cols, lo%b.cols, hi-lo+1, []lexicon.Tile{t}, score), words, nil
}

// sameLine reports whether squares i and j lie in the same lane of d.
func (s *State) sameLine(d Direction, i, j int) bool {
	b := s.board
	if j < 0 || j >= len(b.sq) {
		return false
	}
	if d == Across {
		return i/b.cols == j/b.cols
	}
	return i%b.cols == j%b.cols
}

// perpendicular returns the word through empty square i, perpendicular to
// d, if tile t were placed there, and the points of its other tiles.
func (s *State) perpendicular(d Direction, i int, t lexicon.Tile) ([]lexicon.Tile, int) {
	b := s.board
	pd := 1 - d
	st := b.step(pd)
	lo := i
	for s.sameLine(pd, lo, lo-st) && b.sq[lo-st] != 0 {
		lo -= st
	}
	var w []lexicon.Tile
	score := 0
	for j := lo; j == i || (s.sameLine(pd, i, j) && b.sq[j] != 0); j += st {
		if j == i {
			w = append(w, t)
		} else {
			w = append(w, b.sq[j])
			score += b.value(b.sq[j])
		}
	}
	return w, score
}

// short says what the rack lacks for a move that takes tiles need from
// it, t among them: "no C on the rack ABDDUVY", "the play needs 3 D, the
// rack ABDDUVY holds 2" (what is the move: "play", "exchange").
func short(a *lexicon.Alphabet, what string, r rack, t lexicon.Tile, need []lexicon.Tile) string {
	held := r.counts[rackIndex(t)]
	n := 0
	for _, u := range need {
		if rackIndex(u) == rackIndex(t) {
			n++
		}
	}
	name := rackName(a, t)
	if held == 0 {
		return fmt.Sprintf("no %s on the rack %s", name, a.Format(r.tiles(nil)))
	}
	if t.IsBlank() && n > 1 {
		name += "s"
	}
	return fmt.Sprintf("the %s needs %d %s, the rack %s holds %d", what, n, name, a.Format(r.tiles(nil)), held)
}

func rackName(a *lexicon.Alphabet, t lexicon.Tile) string {
	if t.IsBlank() {
		return "blank"
	}
	return a.Letter(t)
}
