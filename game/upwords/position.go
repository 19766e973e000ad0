package upwords

import (
	"fmt"
	"strconv"
	"strings"

	"wordengine/game/textpos"
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
// bare-plural illegal, players 2), separated by spaces or commas. The
// column header is optional. Then
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
// earlier letter). A '#' starts a comment, which runs to the end of the
// line; blank lines are skipped (package textpos has what the text
// position formats share).
// The board is taken as written (a position may be set up by hand): its
// runs of tiles are not checked to be words, nor to connect; only the
// tile counts, heights and turn counters must be possible.
// Tokens are separated by spaces; letters may be upper- or lower-case.

// PositionError is the error of ParsePosition: what is wrong and where
// (Line and Col from 1; Col 0 when the whole line is at fault), written
// "line L, column C: message".
type PositionError = textpos.Error

// ParsePosition reads a position in the format above, judged by lexicon
// lx (nil: lexicon.Default). Future draws use a generator seeded with 1
// (Reseed changes it). The error is a *PositionError giving the line and
// column of the fault.
func ParsePosition(lx *lexicon.Lexicon, text string) (*State, error) {
	doc := textpos.Split(text)
	head, err := doc.Header(Name, "upwords [size=10] [bare-plural=illegal] [players=2]")
	if err != nil {
		return nil, err
	}
	rules, players := Rules{Size: 10}, 2
	opts := rules.options("", "")
	opts.Int(&players, "players", MinPlayers, MaxPlayers)
	if err := head.Options(opts); err != nil {
		return nil, err
	}
	s, err := NewEmpty(rules, lx, players, 1)
	if err != nil {
		return nil, head.Errorf(0, "%v", err)
	}
	p := &posReader{s: s, doc: doc, seenRack: make([]bool, players), seen: textpos.Seen{}}
	rest := doc.Lines[1:]
	if len(rest) > 0 && strings.EqualFold(rest[0].Key(), "A") {
		rest = rest[1:] // the column header
	}
	if rest, err = p.board(rest); err != nil {
		return nil, err
	}
	for _, l := range rest {
		if err := p.line(l); err != nil {
			return nil, err
		}
	}
	for seat, ok := range p.seenRack {
		if !ok {
			return nil, doc.Errorf("no rack line for seat %d", seat+1)
		}
	}
	// Every pass is a turn without a play, and the game ends once every
	// player has passed in a row (Play).
	if s.passes > s.idle {
		return nil, p.passesAt.Errorf("passes %d but idle %d: every pass is a turn without a play, so idle is at least passes", s.passes, s.idle)
	}
	if s.passes >= players && !s.over {
		return nil, p.passesAt.Errorf("passes %d: every one of the %d players has passed in a row, so the game is over (add an \"over\" line) or passes is 0 to %d", s.passes, players, players-1)
	}
	if p.poolAt.Line > 0 {
		return s, p.setPool()
	}
	return s, p.bury()
}

// posReader is the state of one ParsePosition.
type posReader struct {
	s        *State
	doc      *textpos.Doc
	seenRack []bool
	seen     textpos.Seen
	buried   int // tiles under the tops of the stacks
	pool     []lexicon.Tile
	poolAt   textpos.Field // the pool line's value (Line 0: no pool line)
	passesAt textpos.Field // the passes line's value
}

// take takes tile t out of the pool for what (a square, a rack).
func (p *posReader) take(t lexicon.Tile, at textpos.Field, what string) error {
	if err := p.s.bag.Remove(t); err != nil {
		n := p.s.b.n
		return at.Errorf("%s: no %s left (the %d-tile set has %d)", what, tileText(t), len(TileSet(n)), countIn(TileSet(n), t))
	}
	return nil
}

// board reads the board's rows from lines and returns the lines after
// them.
func (p *posReader) board(lines []textpos.Line) ([]textpos.Line, error) {
	s, n := p.s, p.s.b.n
	for r := range n {
		if r >= len(lines) {
			return nil, p.doc.Errorf("the board has %d rows, want %d", r, n)
		}
		l := lines[r]
		if want := strconv.Itoa(r + 1); l.Key() != want {
			return nil, l.Errorf(l.Fields[0].Col, "want row number %s, not %q", want, l.Key())
		}
		if sq := l.Args(); len(sq) != n {
			col := 0
			if len(sq) > n {
				col = sq[n].Col
			}
			return nil, l.Errorf(col, "row %d has %d squares, want %d", r+1, len(sq), n)
		}
		for c, f := range l.Args() {
			if f.Text == "." || f.Text == "*" {
				continue
			}
			sq := squareName(r, c)
			d := f.Text[len(f.Text)-1]
			if d < '1' || d > '0'+MaxHeight || len(f.Text) < 2 {
				return nil, f.Errorf("square %s: %q: want a letter and a height 1 to %d (E1, Qu3) or '.'", sq, f.Text, MaxHeight)
			}
			ts, err := ParseTiles(f.Text[:len(f.Text)-1])
			if err != nil || len(ts) != 1 {
				return nil, f.Errorf("square %s: %q: want one letter (Qu for the Qu tile) then the height", sq, f.Text)
			}
			if err := p.take(ts[0], f, "square "+sq); err != nil {
				return nil, err
			}
			i := r*n + c
			s.b.top[i], s.b.h[i] = ts[0], d-'0'
			s.b.filled++
			p.buried += int(d-'0') - 1
		}
	}
	return lines[n:], nil
}

// lineUsage is each keyword line as it is written.
var lineUsage = map[string]string{"rack": "rack SEAT TILES", "score": "score SEAT POINTS", "turn": "turn SEAT",
	"passes": "passes N", "idle": "idle N", "pool": "pool TILES", "over": "over"}

// line reads one line after the board.
func (p *posReader) line(l textpos.Line) error {
	s := p.s
	kw := strings.ToLower(l.Key())
	usage, ok := lineUsage[kw]
	if !ok {
		return l.Unknown("rack", "score", "turn", "passes", "idle", "pool", "over")
	}
	args, err := l.Want(strings.Count(usage, " "), usage)
	if err != nil {
		return err
	}
	if key := kw; kw != "rack" {
		if kw == "score" {
			key += " " + args[0].Text
		}
		if err := p.seen.Once(l, key); err != nil {
			return err
		}
	}
	var seat, v int
	switch kw {
	case "rack", "score", "turn":
		seat, err = args[0].Int("seat", 1, s.players)
		seat--
	case "passes", "idle":
		v, err = args[0].Int(kw, 0, 3*s.players-1)
	}
	if err != nil {
		return err
	}
	switch kw {
	case "rack":
		return p.rack(l, seat, args[1])
	case "score":
		s.scores[seat], err = args[1].Int("score", -1_000_000, 1_000_000)
	case "turn":
		s.toMove = seat
	case "passes":
		s.passes, p.passesAt = v, args[0]
	case "idle":
		s.idle = v
	case "pool":
		p.pool, err = tilesOf(args[0])
		p.poolAt = args[0]
	case "over":
		s.over = true
	}
	return err
}

// rack reads seat's rack from f.
func (p *posReader) rack(l textpos.Line, seat int, f textpos.Field) error {
	if p.seenRack[seat] {
		return l.Errorf(l.Fields[0].Col, "second rack for seat %d", seat+1)
	}
	p.seenRack[seat] = true
	ts, err := tilesOf(f)
	if err != nil {
		return err
	}
	if len(ts) > RackSize {
		return f.Errorf("rack of %d tiles: at most %d", len(ts), RackSize)
	}
	for _, t := range ts {
		if err := p.take(t, f, fmt.Sprintf("rack %d", seat+1)); err != nil {
			return err
		}
		p.s.racks[seat].add(t)
	}
	return nil
}

// tilesOf reads the tiles of a rack or the pool ("-": none).
func tilesOf(f textpos.Field) ([]lexicon.Tile, error) {
	if f.Text == "-" {
		return nil, nil
	}
	ts, err := ParseTiles(f.Text)
	if err != nil {
		return nil, f.Errorf("%v", err)
	}
	return ts, nil
}

// setPool makes the pool line's tiles the pool: they must be what the
// board and the racks leave, less the buried tiles.
func (p *posReader) setPool() error {
	s := p.s
	left := countTiles(s.bag.Tiles())
	var want [numLetters + 1]int
	for _, t := range p.pool {
		want[t]++
	}
	extra := 0
	for t := 1; t <= numLetters; t++ {
		if want[t] > left[t] {
			return p.poolAt.Errorf("pool: %d %s but only %d left after the board and racks", want[t], tileText(lexicon.Tile(t)), left[t])
		}
		extra += left[t] - want[t]
	}
	if extra != p.buried {
		return p.poolAt.Errorf("pool of %d tiles: the board buries %d tiles under its tops, so the pool should hold %d", len(p.pool), p.buried, s.bag.Len()-p.buried)
	}
	s.bag.Reset(p.pool)
	return nil
}

// bury takes the buried tiles out of the pool when no pool line gives it:
// each from the letter with the most tiles left (ties: the earlier).
func (p *posReader) bury() error {
	for range p.buried {
		left := countTiles(p.s.bag.Tiles())
		best := 1
		for t := 2; t <= numLetters; t++ {
			if left[t] > left[best] {
				best = t
			}
		}
		if left[best] == 0 {
			return p.doc.Errorf("the board's stacks bury more tiles than the set has left")
		}
		_ = p.s.bag.Remove(lexicon.Tile(best))
	}
	return nil
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
