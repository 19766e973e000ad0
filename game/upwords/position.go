package upwords

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"wordengine/lexicon"
)

// The text position format (Format writes it, ParsePosition reads it):
//
//	upwords size=10 bare-plural=illegal players=2
//	       A   B   C   D   E   F   G   H   I   J
//	 1     .   .   .   .   .   .   .   .   .   .
//	 ...
//	 5     .   .   .  C1  A3   *  T1   .   .   .
//	 ...
//	rack 1 AEIMRST
//	rack 2 DEGLNQuU
//	score 1 34
//	score 2 12
//	turn 1
//	passes 0
//	idle 0
//	pool AABCD...
//
// The first line names the game and its options (all optional: size 10,
// bare-plural illegal, players 2). The column header is optional. Then
// one line per row: the row number and one token per square, "." (or "*")
// for an empty square, else the top letter and the stack height ("E1",
// "Qu3", "QU3"). Then, in any order: "rack P TILES" for every seat ("-"
// for an empty rack), "score P N", "turn P" (the seat to move, 1-based),
// "passes N" and "idle N" (consecutive passes, and turns without a play;
// default 0; passes is at most idle, and below the number of players
// unless the game is over), "over" for a finished game, and "pool TILES"
// ("-": empty). Each line but the racks' appears at most once (score
// once per seat), and each header option once.
// Without a pool line the pool is derived: the tile set minus the top
// tiles and the racks, minus one tile per square of height above 1 for
// the tiles buried under the tops, which the board does not show; each
// buried tile is taken from the letter with the most tiles left (ties: the
// earlier letter). Blank lines and lines starting with '#' are skipped.
// The board is taken as written (a position may be set up by hand): its
// runs of tiles are not checked to be words, nor to connect; only the
// tile counts, heights and turn counters must be possible.
// Tokens are separated by spaces; letters may be upper- or lower-case.

// PositionError is the error of ParsePosition: what is wrong and where.
type PositionError struct {
	Line, Col int // 1-based; Col 0 when the whole line is at fault
	Msg       string
}

// Error implements error: "line L, column C: message".
func (e *PositionError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

type token struct {
	text string
	col  int
}

func tokens(line string) []token {
	var out []token
	for i := 0; i < len(line); {
		if line[i] == ' ' || line[i] == '\t' || line[i] == '\r' {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' {
			j++
		}
		out = append(out, token{line[i:j], i + 1})
		i = j
	}
	return out
}

// ParsePosition reads a position in the format above, judged by lexicon
// lx (nil: lexicon.Default). Future draws use a generator seeded with 1
// (Reseed changes it). The error is a *PositionError giving the line and
// column of the fault.
func ParsePosition(lx *lexicon.Lexicon, text string) (*State, error) {
	type line struct {
		no   int
		toks []token
	}
	var lines []line
	for i, l := range strings.Split(text, "\n") {
		ts := tokens(l)
		if len(ts) == 0 || strings.HasPrefix(ts[0].text, "#") {
			continue
		}
		lines = append(lines, line{i + 1, ts})
	}
	errAt := func(no, col int, format string, args ...any) error {
		return &PositionError{Line: no, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	last := 1
	if n := strings.Count(text, "\n"); n > 0 {
		last = n + 1
	}
	if len(lines) == 0 {
		return nil, errAt(last, 0, "empty position: want a first line \"upwords [size=10] [bare-plural=illegal] [players=2]\"")
	}
	head := lines[0]
	if !strings.EqualFold(head.toks[0].text, Name) {
		return nil, errAt(head.no, head.toks[0].col, "want %q to start the position, not %q", Name, head.toks[0].text)
	}
	players := 2
	var opts []string
	seenOpt := map[string]bool{}
	for _, tk := range head.toks[1:] {
		k, v, ok := strings.Cut(tk.text, "=")
		if !ok {
			return nil, errAt(head.no, tk.col, "option %q: want key=value", tk.text)
		}
		if seenOpt[k] {
			return nil, errAt(head.no, tk.col, "option %q given twice", k)
		}
		seenOpt[k] = true
		if k == "players" {
			p, err := strconv.Atoi(v)
			if err != nil || p < MinPlayers || p > MaxPlayers {
				return nil, errAt(head.no, tk.col, "players=%s: want %d to %d", v, MinPlayers, MaxPlayers)
			}
			players = p
			continue
		}
		if _, err := ParseVariant(tk.text); err != nil {
			return nil, errAt(head.no, tk.col, "%v", err)
		}
		opts = append(opts, tk.text)
	}
	rules, _ := ParseVariant(strings.Join(opts, ","))
	s, err := NewEmpty(rules, lx, players, 1)
	if err != nil {
		return nil, errAt(head.no, 0, "%v", err)
	}
	n := rules.Size
	rest := lines[1:]
	if len(rest) > 0 && strings.EqualFold(rest[0].toks[0].text, "A") {
		rest = rest[1:]
	}
	take := func(t lexicon.Tile, no, col int, what string) error {
		if err := s.bag.Remove(t); err != nil {
			return errAt(no, col, "%s: no %s left (the %d-tile set has %d)", what, tileText(t), len(TileSet(n)), countIn(TileSet(n), t))
		}
		return nil
	}
	buried := 0
	for r := range n {
		if r >= len(rest) {
			return nil, errAt(last, 0, "the board has %d rows, want %d", r, n)
		}
		l := rest[r]
		if want := strconv.Itoa(r + 1); l.toks[0].text != want {
			return nil, errAt(l.no, l.toks[0].col, "want row number %s, not %q", want, l.toks[0].text)
		}
		if len(l.toks)-1 != n {
			col := 0
			if len(l.toks)-1 > n {
				col = l.toks[n+1].col
			}
			return nil, errAt(l.no, col, "row %d has %d squares, want %d", r+1, len(l.toks)-1, n)
		}
		for c, tk := range l.toks[1:] {
			if tk.text == "." || tk.text == "*" {
				continue
			}
			d := tk.text[len(tk.text)-1]
			if d < '1' || d > '0'+MaxHeight || len(tk.text) < 2 {
				return nil, errAt(l.no, tk.col, "square %s: %q: want a letter and a height 1 to %d (E1, Qu3) or '.'", squareName(r, c), tk.text, MaxHeight)
			}
			ts, err := ParseTiles(tk.text[:len(tk.text)-1])
			if err != nil || len(ts) != 1 {
				return nil, errAt(l.no, tk.col, "square %s: %q: want one letter (Qu for the Qu tile) then the height", squareName(r, c), tk.text)
			}
			if err := take(ts[0], l.no, tk.col, "square "+squareName(r, c)); err != nil {
				return nil, err
			}
			i := r*n + c
			s.b.top[i], s.b.h[i] = ts[0], d-'0'
			s.b.filled++
			buried += int(d-'0') - 1
		}
	}
	rest = rest[n:]
	seenRack := make([]bool, players)
	seenLine := map[string]bool{} // "score 2", "turn", ...: each at most once
	var pool []lexicon.Tile
	poolSet := false
	var poolLine, poolCol int
	passesAt := [2]int{last, 0} // line and column of the passes value
	seat := func(no int, tk token) (int, error) {
		p, err := strconv.Atoi(tk.text)
		if err != nil || p < 1 || p > players {
			return 0, errAt(no, tk.col, "seat %q: want 1 to %d", tk.text, players)
		}
		return p - 1, nil
	}
	number := func(no int, tk token) (int, error) {
		v, err := strconv.Atoi(tk.text)
		if errors.Is(err, strconv.ErrRange) {
			return 0, errAt(no, tk.col, "%q is out of range", tk.text)
		}
		if err != nil {
			return 0, errAt(no, tk.col, "%q is not a number", tk.text)
		}
		return v, nil
	}
	tilesOf := func(no int, tk token) ([]lexicon.Tile, error) {
		if tk.text == "-" {
			return nil, nil
		}
		ts, err := ParseTiles(tk.text)
		if err != nil {
			return nil, errAt(no, tk.col, "%v", err)
		}
		return ts, nil
	}
	for _, l := range rest {
		kw := strings.ToLower(l.toks[0].text)
		args := l.toks[1:]
		want := map[string]int{"rack": 2, "score": 2, "turn": 1, "passes": 1, "idle": 1, "pool": 1, "over": 0}
		k, ok := want[kw]
		if !ok {
			return nil, errAt(l.no, l.toks[0].col, "unknown line %q (want rack, score, turn, passes, idle, pool or over)", l.toks[0].text)
		}
		if len(args) != k {
			return nil, errAt(l.no, 0, "%s takes %d values, found %d", kw, k, len(args))
		}
		if key := kw; kw != "rack" {
			if kw == "score" {
				key += " " + args[0].text
			}
			if seenLine[key] {
				return nil, errAt(l.no, l.toks[0].col, "second %q line", key)
			}
			seenLine[key] = true
		}
		switch kw {
		case "rack":
			p, err := seat(l.no, args[0])
			if err != nil {
				return nil, err
			}
			if seenRack[p] {
				return nil, errAt(l.no, l.toks[0].col, "second rack for seat %d", p+1)
			}
			seenRack[p] = true
			ts, err := tilesOf(l.no, args[1])
			if err != nil {
				return nil, err
			}
			if len(ts) > RackSize {
				return nil, errAt(l.no, args[1].col, "rack of %d tiles: at most %d", len(ts), RackSize)
			}
			for _, t := range ts {
				if err := take(t, l.no, args[1].col, fmt.Sprintf("rack %d", p+1)); err != nil {
					return nil, err
				}
				s.racks[p].add(t)
			}
		case "score":
			p, err := seat(l.no, args[0])
			if err != nil {
				return nil, err
			}
			v, err := number(l.no, args[1])
			if err != nil {
				return nil, err
			}
			s.scores[p] = v
		case "turn":
			p, err := seat(l.no, args[0])
			if err != nil {
				return nil, err
			}
			s.toMove = p
		case "passes", "idle":
			v, err := number(l.no, args[0])
			if err != nil || v < 0 || v >= 3*players {
				if err == nil {
					err = errAt(l.no, args[0].col, "%s %d: want 0 to %d", kw, v, 3*players-1)
				}
				return nil, err
			}
			if kw == "passes" {
				s.passes = v
				passesAt = [2]int{l.no, args[0].col}
			} else {
				s.idle = v
			}
		case "pool":
			ts, err := tilesOf(l.no, args[0])
			if err != nil {
				return nil, err
			}
			pool, poolSet = ts, true
			poolLine, poolCol = l.no, args[0].col
		case "over":
			s.over = true
		}
	}
	for p, ok := range seenRack {
		if !ok {
			return nil, errAt(last, 0, "no rack line for seat %d", p+1)
		}
	}
	// Every pass is a turn without a play, and the game ends once every
	// player has passed in a row (Play).
	if s.passes > s.idle {
		return nil, errAt(passesAt[0], passesAt[1], "passes %d but idle %d: every pass is a turn without a play, so idle is at least passes", s.passes, s.idle)
	}
	if s.passes >= players && !s.over {
		return nil, errAt(passesAt[0], passesAt[1], "passes %d: every one of the %d players has passed in a row, so the game is over (add an \"over\" line) or passes is 0 to %d", s.passes, players, players-1)
	}
	if poolSet {
		left := countTiles(s.bag.Tiles())
		var want [numLetters + 1]int
		for _, t := range pool {
			want[t]++
		}
		extra := 0
		for t := 1; t <= numLetters; t++ {
			if want[t] > left[t] {
				return nil, errAt(poolLine, poolCol, "pool: %d %s but only %d left after the board and racks", want[t], tileText(lexicon.Tile(t)), left[t])
			}
			extra += left[t] - want[t]
		}
		if extra != buried {
			return nil, errAt(poolLine, poolCol, "pool of %d tiles: the board buries %d tiles under its tops, so the pool should hold %d", len(pool), buried, s.bag.Len()-buried)
		}
		s.bag.Reset(pool)
	} else {
		for range buried {
			left := countTiles(s.bag.Tiles())
			best := 1
			for t := 2; t <= numLetters; t++ {
				if left[t] > left[best] {
					best = t
				}
			}
			if left[best] == 0 {
				return nil, errAt(last, 0, "the board's stacks bury more tiles than the set has left")
			}
			_ = s.bag.Remove(lexicon.Tile(best))
		}
	}
	return s, nil
}

func countTiles(ts []lexicon.Tile) [numLetters + 1]int {
	var c [numLetters + 1]int
	for _, t := range ts {
		c[t]++
	}
	return c
}

func countIn(ts []lexicon.Tile, t lexicon.Tile) int { return countTiles(ts)[t] }

// Format writes the position in the format ParsePosition reads (with the
// pool line, so that a parse gives the same position back).
func (s *State) Format() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s size=%d bare-plural=%s players=%d\n", Name, s.rules.Size, map[bool]string{false: "illegal", true: "allowed"}[s.rules.BarePluralAllowed], s.players)
	sb.WriteString(s.BoardText())
	for p := range s.players {
		ts := formatTiles(s.racks[p].tiles(nil))
		if ts == "" {
			ts = "-"
		}
		fmt.Fprintf(&sb, "rack %d %s\n", p+1, ts)
	}
	for p := range s.players {
		fmt.Fprintf(&sb, "score %d %d\n", p+1, s.scores[p])
	}
	fmt.Fprintf(&sb, "turn %d\npasses %d\nidle %d\n", s.toMove+1, s.passes, s.idle)
	pool := formatTiles(s.Bag(nil))
	if pool == "" {
		pool = "-"
	}
	fmt.Fprintf(&sb, "pool %s\n", pool)
	if s.over {
		sb.WriteString("over\n")
	}
	return sb.String()
}
