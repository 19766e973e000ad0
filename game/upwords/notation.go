package upwords

import (
	"fmt"
	"strconv"
	"strings"

	"wordengine/game"
	"wordengine/lexicon"
)

// FormatMove implements game.State. A play is written as in GCG: the
// coordinate of its main word's first square, row number then column
// letter for an across word ("5E"), column letter then row number for a
// down word ("E5"), a space, and the whole main word, tiles already on the
// board and not covered in parentheses ("5E C(AT)S"); the Qu tile is
// "Qu". An exchange is "-" and the tile ("-X", "-Qu"); a pass is "pass".
func (s *State) FormatMove(m game.Move) string {
	switch MoveKind(m) {
	case Exchange:
		return "-" + tileText(lexicon.Tile(m.B))
	case Pass:
		return "pass"
	case Play:
	default:
		return "?"
	}
	row, col := MoveStart(m)
	var sb strings.Builder
	if MoveDir(m) == Across {
		fmt.Fprintf(&sb, "%d%c ", row+1, 'A'+col)
	} else {
		fmt.Fprintf(&sb, "%c%d ", 'A'+col, row+1)
	}
	st := s.step(MoveDir(m))
	i := row*s.b.n + col
	mask := MoveMask(m)
	k := 0
	open := false
	for j := range MoveLen(m) {
		if mask&(1<<j) != 0 {
			if open {
				sb.WriteByte(')')
				open = false
			}
			sb.WriteString(tileText(lexicon.Tile(m.B >> (8 * k))))
			k++
		} else {
			if !open {
				sb.WriteByte('(')
				open = true
			}
			if i < len(s.b.top) {
				sb.WriteString(tileText(s.b.top[i]))
			}
		}
		i += st
	}
	if open {
		sb.WriteByte(')')
	}
	return sb.String()
}

// parseCoord reads "5E" (across) or "E5" (down) into a 0-based square.
func parseCoord(c string, size int) (row, col, dir int, err error) {
	c = strings.ToUpper(c)
	if len(c) < 2 {
		return 0, 0, 0, fmt.Errorf("coordinate %q: want row and column, 5E (across) or E5 (down)", c)
	}
	var letter byte
	var num string
	switch {
	case c[0] >= 'A' && c[0] <= 'Z':
		letter, num, dir = c[0], c[1:], Down
	case c[len(c)-1] >= 'A' && c[len(c)-1] <= 'Z':
		letter, num, dir = c[len(c)-1], c[:len(c)-1], Across
	default:
		return 0, 0, 0, fmt.Errorf("coordinate %q: want 5E (across) or E5 (down)", c)
	}
	r, err := strconv.Atoi(num)
	if err != nil || r < 1 || r > size || int(letter-'A') >= size {
		return 0, 0, 0, fmt.Errorf("coordinate %q is off the %dx%d board (rows 1-%d, columns A-%c)", c, size, size, size, 'A'+size-1)
	}
	return r - 1, int(letter - 'A'), dir, nil
}

// parseTile reads one tile at the start of s (case-insensitive; "QU" or
// "Qu" is the Qu tile; a Q alone is an error) and returns it with the
// bytes it used.
func parseTile(s string) (lexicon.Tile, int, error) {
	c := s[0] &^ 0x20
	if c < 'A' || c > 'Z' {
		return 0, 0, fmt.Errorf("%q is not a letter", s[:1])
	}
	if c == 'Q' {
		if len(s) < 2 || s[1]&^0x20 != 'U' {
			return 0, 0, fmt.Errorf("Q is only on the Qu tile: write QU")
		}
		return tileQu, 2, nil
	}
	return lexicon.Tile(c-'A') + 1, 1, nil
}

// ParseTiles reads tiles written as letters (the Qu tile "QU" or "Qu",
// case-insensitive). The error names the offending character.
func ParseTiles(s string) ([]lexicon.Tile, error) {
	var out []lexicon.Tile
	for i := 0; i < len(s); {
		t, n, err := parseTile(s[i:])
		if err != nil {
			return nil, fmt.Errorf("tiles %q, character %d: %w", s, i+1, err)
		}
		out = append(out, t)
		i += n
	}
	return out, nil
}

// ParseMove implements game.State: it reads the notation of FormatMove
// (letters in any case; a square read through may also be written '.';
// a one-tile play may be written in either direction) and checks the move
// with CheckPlay. The error says what is wrong.
func (s *State) ParseMove(text string) (game.Move, error) {
	text = strings.TrimSpace(text)
	if s.over {
		return game.Move{}, fmt.Errorf("upwords: the game is over")
	}
	switch {
	case strings.EqualFold(text, "pass"):
		return passMove, nil
	case strings.HasPrefix(text, "-"):
		ts, err := ParseTiles(text[1:])
		if err != nil {
			return game.Move{}, fmt.Errorf("upwords: exchange %q: %w", text, err)
		}
		if len(ts) != 1 {
			return game.Move{}, fmt.Errorf("upwords: exchange %q: exactly one tile may be exchanged", text)
		}
		if s.bag.Len() == 0 {
			return game.Move{}, fmt.Errorf("upwords: exchange %q: the pool is empty", text)
		}
		if s.racks[s.toMove].counts[ts[0]] == 0 {
			return game.Move{}, fmt.Errorf("upwords: exchange %q: no %s on the rack %s", text, tileText(ts[0]), formatTiles(s.racks[s.toMove].tiles(nil)))
		}
		return packExchange(ts[0]), nil
	}
	fields := strings.Fields(text)
	if len(fields) != 2 {
		return game.Move{}, fmt.Errorf("upwords: move %q: want COORD WORD (5E WORD across, E5 WORD down), -X or pass", text)
	}
	row, col, dir, err := parseCoord(fields[0], s.b.n)
	if err != nil {
		return game.Move{}, fmt.Errorf("upwords: move %q: %w", text, err)
	}
	word := fields[1]
	off := strings.LastIndex(text, word) // the word's byte offset in text, for error columns
	var ps []Placement
	r, c := row, col
	paren := false
	for i := 0; i < len(word); {
		ch := word[i]
		switch {
		case ch == '(' && !paren:
			paren = true
			i++
			continue
		case ch == ')' && paren:
			paren = false
			i++
			continue
		}
		if r >= s.b.n || c >= s.b.n {
			return game.Move{}, fmt.Errorf("upwords: move %q: the word runs off the board at %s (A1 to %s)", text, squareName(r, c), squareName(s.b.n-1, s.b.n-1))
		}
		sq := r*s.b.n + c
		if ch == '.' || paren {
			n := 1
			if ch != '.' {
				t, tn, err := parseTile(word[i:])
				if err != nil {
					return game.Move{}, fmt.Errorf("upwords: move %q, character %d: %w", text, off+i+1, err)
				}
				if s.b.h[sq] == 0 || s.b.top[sq] != t {
					return game.Move{}, fmt.Errorf("upwords: move %q: square %s does not show %s to read through", text, squareName(r, c), tileText(t))
				}
				n = tn
			} else if s.b.h[sq] == 0 {
				return game.Move{}, fmt.Errorf("upwords: move %q: square %s is empty: '.' reads a tile on the board", text, squareName(r, c))
			}
			i += n
		} else {
			t, tn, err := parseTile(word[i:])
			if err != nil {
				return game.Move{}, fmt.Errorf("upwords: move %q, character %d: %w", text, off+i+1, err)
			}
			ps = append(ps, Placement{Row: r, Col: c, Tile: t})
			i += tn
		}
		if dir == Across {
			c++
		} else {
			r++
		}
	}
	if paren {
		return game.Move{}, fmt.Errorf("upwords: move %q: unclosed parenthesis", text)
	}
	m, err := s.CheckPlay(dir, ps)
	if err != nil {
		return game.Move{}, fmt.Errorf("upwords: move %q: %w", text, err)
	}
	return m, nil
}
