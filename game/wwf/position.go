package wwf

import (
	"fmt"
	"strings"

	"wordengine/game/crossword"
	"wordengine/lexicon"
)

// FromCGP sets up the position of c under rules r with lexicon lx: the
// board's tiles, the racks (the rack on turn is seat 0's, and seat 0 is to
// move), the scores and the scoreless-turn count (a count at the rules'
// limit gives a game that is over). An unknown rack ("") is drawn at
// random from the unseen tiles with seed. A rack given in part (fewer
// tiles than the rack size while tiles are unseen beyond the racks) is
// completed with unknown tiles (crossword.State.FillUnknown), so that the
// bag holds what is unseen less two full racks; PartialRack describes it.
// Options are not applied (see CGPWarnings). Errors name the square or rack at fault: a board of the
// wrong size, a letter outside the alphabet, more tiles of a letter than
// the tile set has, other than 2 racks and 2 scores.
func FromCGP(c *CGP, r *crossword.Rules, lx *lexicon.Lexicon, seed uint64) (*crossword.State, error) {
	s, err := crossword.NewEmpty(r, lx, seed)
	if err != nil {
		return nil, err
	}
	a := r.TileSet.Alphabet
	if len(c.Board) != r.Layout.Rows || (len(c.Board) > 0 && len(c.Board[0]) != r.Layout.Cols) {
		cols := 0
		if len(c.Board) > 0 {
			cols = len(c.Board[0])
		}
		return nil, fmt.Errorf("wwf: cgp board is %dx%d, the %s board is %dx%d", len(c.Board), cols, r.Name, r.Layout.Rows, r.Layout.Cols)
	}
	for row, cells := range c.Board {
		for col, cell := range cells {
			if cell == "" {
				continue
			}
			text := cell
			if len([]rune(cell)) > 1 {
				text = "[" + cell + "]"
			}
			ts, err := a.Parse(nil, text)
			if err != nil || len(ts) != 1 {
				return nil, fmt.Errorf("wwf: cgp square %c%d: %q is not a tile of alphabet %s", 'A'+col, row+1, cell, a.Name())
			}
			if err := s.PlaceTile(row, col, ts[0]); err != nil {
				return nil, fmt.Errorf("wwf: cgp: %w", err)
			}
		}
	}
	if len(c.Racks) != 2 || len(c.Scores) != 2 {
		return nil, fmt.Errorf("wwf: cgp has %d racks and %d scores: crossword games have 2 players", len(c.Racks), len(c.Scores))
	}
	for p := range 2 {
		if c.Racks[p] == "" {
			continue
		}
		// A rack holds no designated blank: lower case is read as upper.
		ts, err := a.Parse(nil, strings.ToUpper(c.Racks[p]))
		if err != nil {
			return nil, fmt.Errorf("wwf: cgp rack %d %q: %w", p+1, c.Racks[p], err)
		}
		if len(ts) > r.RackSize {
			return nil, fmt.Errorf("wwf: cgp rack %d %q has %d tiles: want at most %d", p+1, c.Racks[p], len(ts), r.RackSize)
		}
		if err := s.SetRack(p, ts); err != nil {
			return nil, fmt.Errorf("wwf: cgp rack %d: %w", p+1, err)
		}
	}
	for p := range 2 {
		if c.Racks[p] == "" {
			s.DrawRack(p)
		}
		s.SetScore(p, c.Scores[p])
	}
	for p := range 2 {
		if c.Racks[p] != "" {
			s.FillUnknown(p)
		}
	}
	s.SetScoreless(c.ZeroTurns)
	s.SetToMove(0)
	if limit := r.ScorelessLimit; limit > 0 && c.ZeroTurns >= limit &&
		(r.ScorelessLimitAtZero == 0 || c.Scores[0] != 0 || c.Scores[1] != 0 || c.ZeroTurns >= r.ScorelessLimitAtZero) {
		s.SetOver(true)
	}
	return s, nil
}

// distributionLang maps CGP letter-distribution names to language codes.
var distributionLang = map[string]string{
	"english": "en", "german": "de", "french": "fr", "polish": "pl",
	"spanish": "es", "italian": "it", "portuguese": "pt",
}

// CGPWarnings lists what FromCGP leaves aside in c: a lex option naming
// another lexicon than lx, a board-name or letter-distribution option
// that is not the game's, and options it does not know.
func CGPWarnings(c *CGP, r *crossword.Rules, lx *lexicon.Lexicon) []string {
	var out []string
	for _, o := range c.Options {
		switch o.Key {
		case "lex":
			if lx != nil && !strings.EqualFold(o.Value, lx.Name) {
				out = append(out, fmt.Sprintf("the position names lexicon %s; using %s (choose with --lexicon)", o.Value, lx.Name))
			}
		case "ld":
			lang := r.TileSet.Name[strings.LastIndexByte(r.TileSet.Name, '-')+1:]
			v := strings.ToLower(o.Value)
			if v != lang && distributionLang[v] != lang {
				out = append(out, fmt.Sprintf("the position names letter distribution %s; using %s", o.Value, r.TileSet.Name))
			}
		case "bdn":
			out = append(out, fmt.Sprintf("the position names board %s; using the %s board", o.Value, r.Name))
		case "note", "gid", "tmr", "var", "mcnt":
		default:
			out = append(out, fmt.Sprintf("unknown CGP option %q ignored", o.Key))
		}
	}
	return out
}

// ParsePosition reads a CGP line for game name ("wwf" or "scrabble",
// variant as in Rules) and sets it up with lx (nil: the embedded lexicon).
func ParsePosition(name, variant, cgp string, lx *lexicon.Lexicon, seed uint64) (*crossword.State, error) {
	c, err := ParseCGP(cgp)
	if err != nil {
		return nil, err
	}
	r, _, err := Rules(name, variant)
	if err != nil {
		return nil, err
	}
	if lx == nil {
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	return FromCGP(c, r, lx, seed)
}

// ToCGP writes the position of s as a CGP record, the player to move
// first, with the lexicon's name as the lex option.
func ToCGP(s *crossword.State) *CGP {
	b := s.Board()
	a := s.Alphabet()
	c := &CGP{Board: make([][]string, b.Rows())}
	for r := range b.Rows() {
		c.Board[r] = make([]string, b.Cols())
		for col := range b.Cols() {
			t := b.At(r, col)
			if t == 0 {
				continue
			}
			l := a.Letter(t)
			if t.IsBlank() {
				l = strings.ToLower(l)
			}
			c.Board[r][col] = l
		}
	}
	p := s.ToMove()
	for _, q := range []int{p, 1 - p} {
		c.Racks = append(c.Racks, a.Format(s.Rack(nil, q)))
		c.Scores = append(c.Scores, s.Score(q))
	}
	c.ZeroTurns = s.Scoreless()
	if lx := s.Lexicon(); lx != nil {
		c.Options = append(c.Options, CGPOption{Key: "lex", Value: lx.Name})
	}
	return c
}

// PartialRack returns a warning when seat p's rack in s was given in part
// (crossword.State.FillUnknown found tiles missing), "" otherwise: the
// moves use only the tiles named, and the bag holds what is unseen less
// two full racks.
func PartialRack(s *crossword.State, p int) string { return s.PartialRack(p) }
