package wwf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// The GCG and CGP readers need no alphabet: tiles stay text as written
// ("?" an undesignated blank, lower case a designated blank, "[QU]" a
// multi-letter tile) for lexicon.Alphabet.Parse to convert.

// MaxGCGSize is the largest GCG file ReadGCG reads, in bytes.
const MaxGCGSize = 8 << 20

// maxBoardSide is the largest number of rows or columns a GCG position or
// a CGP board may name: columns are the letters A to Z.
const maxBoardSide = 26

// FormatError reports malformed GCG or CGP text, or (from CheckTotals) an
// inconsistent cumulative score. Its message is
//
//	wwf: NAME:LINE: what            (GCG)
//	wwf: cgp: byte OFFSET: what     (CGP)
type FormatError struct {
	Name   string // GCG: the name given to ReadGCG; CGP: "cgp"
	Line   int    // GCG: 1-based line number, 0 when no line applies
	Offset int    // CGP: byte offset in the string given to ParseCGP
	Msg    string // what is wrong
}

// Error returns "wwf: NAME:LINE: MSG" (GCG) or "wwf: cgp: byte N: MSG" (CGP).
func (e *FormatError) Error() string {
	switch {
	case e.Name == cgpName:
		return fmt.Sprintf("wwf: cgp: byte %d: %s", e.Offset, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("wwf: %s:%d: %s", e.Name, e.Line, e.Msg)
	}
	return fmt.Sprintf("wwf: %s: %s", e.Name, e.Msg)
}

// GCGPlayer is one player, from a "#playerN nick Full Name" pragma.
type GCGPlayer struct {
	Nick string // the first word: events name the player by it
	Name string // the rest of the line; may be empty
}

// EventKind is the kind of a GCG event line.
type EventKind int

// The kinds of event lines. Score is the signed number written on the line.
const (
	EventPlay           EventKind = iota // ">n: RACK 8H WORD +20 120": a tile placement
	EventExchange                        // ">n: RACK -ABC +0 120", or "-3" when only the count is known
	EventPass                            // ">n: RACK - +0 120"
	EventPhony                           // ">n: RACK -- -20 100": the previous play withdrawn
	EventChallengeBonus                  // ">n: RACK (challenge) +5 125": bonus for a valid play challenged
	EventEndRack                         // ">n: (ABC) +10 135": twice (or once) the opponent's tiles left
	EventEndRackPenalty                  // ">n: ABC (ABC) -7 128": own tiles deducted (e.g. after six zero turns)
	EventTimePenalty                     // ">n: (time) -10 125": overtime penalty
)

var eventKindNames = [...]string{"play", "exchange", "pass", "phony", "challenge bonus", "end rack", "end rack penalty", "time penalty"}

// String returns the kind in lower case, e.g. "play", "phony".
func (k EventKind) String() string {
	if k >= 0 && int(k) < len(eventKindNames) {
		return eventKindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", int(k))
}

// GCGEvent is one event line (">nick: ...") with the notes that follow it.
// Tile text (Rack, Word, Tiles) is kept as written.
type GCGEvent struct {
	Line   int       // 1-based line number in the file (0 for events not read from a file)
	Nick   string    // the player's nickname, one of GCG.Players
	Rack   string    // the rack before the event, "" when not written (only plays must give it)
	Kind   EventKind // what the event is
	Pos    string    // plays: the position as written: "8H" (row number first) across, "H8" down
	Row    int       // plays: zero-based row of the first tile
	Col    int       // plays: zero-based column of the first tile
	Across bool      // plays: true for across (row first in Pos)
	Word   string    // plays: as written, "." for a tile already on the board
	Tiles  string    // exchanged tiles, or the rack in parentheses for end rack events
	Count  int       // exchanges written as a count ("-3"): the number of tiles; Tiles is then ""
	Score  int       // the signed points of this event (+20, -7, +0)
	Total  int       // the cumulative score written after Score
	// Comment is the text after the total as written by some programs
	// (Quackle lists the cross words there), words separated by one space.
	Comment string
	Notes   []string // "#note" pragmas after the event; continuation lines joined by "\n"
}

// GCGPragma is a pragma line ("#key value") that GCG has no field for, for
// example #tile-distribution, #board-layout, #game-type, #rack1, #rack2,
// #incomplete, and #note before the first event.
type GCGPragma struct {
	Line   int    // 1-based line number in the file
	Key    string // the keyword without '#'
	Value  string // the rest of the line, trimmed; may be empty
	Events int    // how many events precede it in the file
}

// GCG is a game record in the GCG format.
type GCG struct {
	Name        string      // the name given to ReadGCG, used in errors
	Players     []GCGPlayer // Players[i] from #player<i+1>
	Title       string      // #title
	Description string      // #description
	ID          string      // #id: authority and identifier as written ("io.woogles p6QRjJHG")
	Lexicon     string      // #lexicon
	// Encoding is the #character-encoding value as written ("" when
	// absent). WriteTo writes ISO-8859-1 text when it names ISO-8859-1,
	// UTF-8 otherwise.
	Encoding string
	Pragmas  []GCGPragma // every other pragma, in file order
	Events   []GCGEvent  // the events, in file order
}

// ReadGCG reads a GCG file. name is used in error messages, which have the
// form "wwf: name:line: what" and are *FormatError values.
//
// The text is UTF-8 (a byte-order mark is skipped) unless its first line is
// "#character-encoding ISO-8859-1", or it has no #character-encoding line
// and is not valid UTF-8; then it is ISO-8859-1. Lines may end in LF, CR LF
// or CR; blank lines are ignored; a line that is neither a pragma ('#')
// nor an event ('>') continues the #note before it (anywhere else it is an
// error). A #note belongs to the event before it; a #note before the
// first event is kept in Pragmas.
//
// ReadGCG checks the syntax and what needs no alphabet or rules: player
// pragmas come before the first event, are numbered without gaps, and
// nicknames are unique; events name a known player; #title, #description,
// #id and #lexicon appear once, before the first event;
// #character-encoding is the first line; positions name rows 1 to 26 and
// columns A to Z; tile text holds letters, '?' (racks), '.' (words) and
// bracketed multi-letter tiles; a withdrawn play ("--") and a challenge
// bonus follow a play by the same player, with the same rack for "--"; an
// end rack penalty's rack equals its tiles in parentheses. Scores are not
// checked (see CheckTotals).
func ReadGCG(r io.Reader, name string) (*GCG, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxGCGSize+1))
	if err != nil {
		return nil, fmt.Errorf("wwf: %s: %w", name, err)
	}
	if len(data) > MaxGCGSize {
		return nil, &FormatError{Name: name, Msg: fmt.Sprintf("file is larger than %d bytes", MaxGCGSize)}
	}
	p := &gcgParser{g: &GCG{Name: name}, players: map[int]int{}}
	text, err := p.decode(data)
	if err != nil {
		return nil, err
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	lines := strings.Split(text, "\n")
	for i, raw := range lines {
		p.line = i + 1
		line := strings.TrimSpace(raw)
		if line == "" {
			continue
		}
		if p.first == 0 {
			p.first = p.line
		}
		p.last = p.line
		if err := p.parseLine(line); err != nil {
			return nil, err
		}
	}
	if p.first == 0 {
		return nil, &FormatError{Name: name, Line: 1, Msg: "empty file: want pragmas and events"}
	}
	p.line = p.last
	if err := p.checkPlayers(); err != nil {
		return nil, err
	}
	if g := p.g; len(g.Players)+len(g.Pragmas)+len(g.Events) == 0 && g.Title+g.Description+g.ID+g.Lexicon == "" {
		p.line = p.first
		return nil, p.errorf("no players, pragmas or events")
	}
	return p.g, nil
}

type gcgParser struct {
	g        *GCG
	line     int
	first    int         // line number of the first non-blank line
	last     int         // line number of the last non-blank line
	players  map[int]int // player number -> line of its pragma
	seen     map[string]int
	inNote   bool // the last pragma or event was a #note (continuation lines allowed)
	notePrag bool // that note is a pragma before the first event
}

func (p *gcgParser) errorf(format string, args ...any) error {
	return &FormatError{Name: p.g.Name, Line: p.line, Msg: fmt.Sprintf(format, args...)}
}

// decode returns data as UTF-8 text and records the declared encoding.
func (p *gcgParser) decode(data []byte) (string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	first, firstLine := data, 1
	for {
		i := bytes.IndexAny(first, "\r\n")
		line := first
		if i >= 0 {
			line = first[:i]
		}
		if len(bytes.TrimSpace(line)) > 0 || i < 0 {
			first = bytes.TrimSpace(line)
			break
		}
		if first[i] == '\r' && i+1 < len(first) && first[i+1] == '\n' {
			i++
		}
		first = first[i+1:]
		firstLine++
	}
	declared := ""
	if k, v := gcgSplitPragma(string(first)); k == "character-encoding" {
		declared = v
		p.g.Encoding = v
	}
	switch gcgEncoding(declared) {
	case "utf-8":
		if !utf8.Valid(data) {
			p.line = gcgFirstInvalidLine(data)
			return "", p.errorf("text is not valid UTF-8 as #character-encoding %s says", declared)
		}
		return string(data), nil
	case "iso-8859-1":
		return gcgLatin1(data)
	case "":
		if utf8.Valid(data) {
			return string(data), nil
		}
		return gcgLatin1(data)
	}
	p.line = firstLine
	return "", p.errorf("unsupported character encoding %q: want UTF-8 or ISO-8859-1", declared)
}

// gcgEncoding normalises a #character-encoding value: "utf-8",
// "iso-8859-1", "" for none, or the value itself when unsupported.
func gcgEncoding(v string) string {
	n := strings.NewReplacer("-", "", "_", "", " ", "").Replace(strings.ToLower(v))
	switch n {
	case "":
		return ""
	case "utf8":
		return "utf-8"
	case "iso88591", "latin1":
		return "iso-8859-1"
	}
	return v
}

func gcgLatin1(data []byte) (string, error) {
	out, err := charmap.ISO8859_1.NewDecoder().Bytes(data)
	if err != nil {
		return "", fmt.Errorf("wwf: decoding ISO-8859-1: %w", err)
	}
	return string(out), nil
}

func gcgFirstInvalidLine(data []byte) int {
	line := 1
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			return line
		}
		if data[i] == '\n' || (data[i] == '\r' && (i+1 == len(data) || data[i+1] != '\n')) {
			line++
		}
		i += n
	}
	return line
}

// gcgSplitPragma splits "#key value" into key and trimmed value; key is ""
// for a line that is not a pragma.
func gcgSplitPragma(line string) (key, value string) {
	if !strings.HasPrefix(line, "#") {
		return "", ""
	}
	rest := line[1:]
	i := strings.IndexFunc(rest, unicode.IsSpace)
	if i < 0 {
		return rest, ""
	}
	return rest[:i], strings.TrimSpace(rest[i:])
}

func (p *gcgParser) parseLine(line string) error {
	switch line[0] {
	case '#':
		return p.parsePragma(line)
	case '>':
		p.inNote = false
		return p.parseEvent(line)
	}
	if !p.inNote {
		return p.errorf("%q is neither a pragma ('#') nor an event ('>') nor the continuation of a #note", gcgClip(line))
	}
	if p.notePrag {
		pr := &p.g.Pragmas[len(p.g.Pragmas)-1]
		pr.Value += "\n" + line
	} else {
		ev := &p.g.Events[len(p.g.Events)-1]
		ev.Notes[len(ev.Notes)-1] += "\n" + line
	}
	return nil
}

func gcgClip(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	return string([]rune(s)[:40]) + "..."
}

func (p *gcgParser) parsePragma(line string) error {
	key, value := gcgSplitPragma(line)
	p.inNote = false
	if key == "" {
		return p.errorf("pragma without a keyword: want #keyword")
	}
	g := p.g
	events := len(g.Events)
	if n, ok := gcgPlayerNumber(key); ok {
		if events > 0 {
			return p.errorf("#%s after the first event", key)
		}
		return p.addPlayer(n, value)
	}
	var field *string
	switch key {
	case "character-encoding":
		if p.line != p.first {
			return p.errorf("#character-encoding must be the first line")
		}
		return nil // recorded by decode
	case "note":
		if events == 0 {
			g.Pragmas = append(g.Pragmas, GCGPragma{Line: p.line, Key: key, Value: value})
			p.inNote, p.notePrag = true, true
			return nil
		}
		ev := &g.Events[events-1]
		ev.Notes = append(ev.Notes, value)
		p.inNote, p.notePrag = true, false
		return nil
	case "title":
		field = &g.Title
	case "description":
		field = &g.Description
	case "id":
		field = &g.ID
	case "lexicon":
		field = &g.Lexicon
	default:
		g.Pragmas = append(g.Pragmas, GCGPragma{Line: p.line, Key: key, Value: value, Events: events})
		return nil
	}
	if events > 0 {
		return p.errorf("#%s after the first event", key)
	}
	if p.seen == nil {
		p.seen = map[string]int{}
	}
	if l, dup := p.seen[key]; dup {
		return p.errorf("second #%s (first at line %d)", key, l)
	}
	p.seen[key] = p.line
	*field = value
	return nil
}

// gcgPlayerNumber reports whether key is "player" followed by a number >= 1.
func gcgPlayerNumber(key string) (int, bool) {
	d, ok := strings.CutPrefix(key, "player")
	if !ok || d == "" || len(d) > 3 {
		return 0, false
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, _ := strconv.Atoi(d)
	return n, n >= 1
}

func (p *gcgParser) addPlayer(n int, value string) error {
	if l, dup := p.players[n]; dup {
		return p.errorf("second #player%d (first at line %d)", n, l)
	}
	nick, name := value, ""
	if i := strings.IndexFunc(value, unicode.IsSpace); i >= 0 {
		nick, name = value[:i], strings.TrimSpace(value[i:])
	}
	if nick == "" {
		return p.errorf("#player%d without a nickname", n)
	}
	if strings.ContainsRune(nick, ':') {
		return p.errorf("#player%d nickname %q contains ':'", n, nick)
	}
	for _, pl := range p.g.Players {
		if pl.Nick == nick {
			return p.errorf("#player%d nickname %q is already taken", n, nick)
		}
	}
	p.players[n] = p.line
	for len(p.g.Players) < n {
		p.g.Players = append(p.g.Players, GCGPlayer{})
	}
	p.g.Players[n-1] = GCGPlayer{Nick: nick, Name: name}
	return nil
}

// checkPlayers checks that players are numbered 1..n without gaps.
func (p *gcgParser) checkPlayers() error {
	for i, pl := range p.g.Players {
		if pl.Nick == "" {
			return p.errorf("#player%d is missing (players are numbered from 1 without gaps)", i+1)
		}
	}
	return nil
}

func (p *gcgParser) parseEvent(line string) error {
	g := p.g
	if len(g.Events) == 0 {
		if err := p.checkPlayers(); err != nil {
			return err
		}
		if len(g.Players) < 2 {
			return p.errorf("event before two #player pragmas")
		}
	}
	head, rest, ok := strings.Cut(line[1:], ":")
	if !ok || head == "" || strings.IndexFunc(head, unicode.IsSpace) >= 0 {
		return p.errorf("event line must start with \">nickname:\"")
	}
	ev := GCGEvent{Line: p.line, Nick: head}
	if !slices.ContainsFunc(g.Players, func(pl GCGPlayer) bool { return pl.Nick == head }) {
		return p.errorf("unknown player %q", head)
	}
	toks := strings.Fields(rest)
	if len(toks) == 0 {
		return p.errorf("event without a move")
	}
	if c := toks[0][0]; c != '(' && c != '-' {
		ev.Rack = toks[0]
		if msg := tileTextError(ev.Rack, "?"); msg != "" {
			return p.errorf("rack %q: %s", ev.Rack, msg)
		}
		toks = toks[1:]
		if len(toks) == 0 {
			return p.errorf("event without a move after the rack")
		}
	}
	move := toks[0]
	switch {
	case move == "(challenge)":
		ev.Kind = EventChallengeBonus
	case move == "(time)":
		ev.Kind = EventTimePenalty
	case move[0] == '(':
		inner, ok := strings.CutSuffix(move[1:], ")")
		if !ok || inner == "" {
			return p.errorf("%q: want (TILES), (challenge) or (time)", move)
		}
		if msg := tileTextError(inner, "?"); msg != "" {
			return p.errorf("end rack %q: %s", inner, msg)
		}
		ev.Kind, ev.Tiles = EventEndRack, inner
	case move == "--":
		ev.Kind = EventPhony
	case move == "-":
		ev.Kind = EventPass
	case move[0] == '-':
		ev.Kind = EventExchange
		t := move[1:]
		if t[0] >= '0' && t[0] <= '9' {
			n, err := strconv.Atoi(t)
			if err != nil || n < 1 || n > 99 {
				return p.errorf("exchange %q: want the tiles or their number (1 to 99)", move)
			}
			ev.Count = n
		} else {
			if msg := tileTextError(t, "?"); msg != "" {
				return p.errorf("exchanged tiles %q: %s", t, msg)
			}
			ev.Tiles = t
		}
	default: // toks[0] was the rack, so ev.Rack != ""
		ev.Kind = EventPlay
		ev.Pos = move
		var err error
		if ev.Row, ev.Col, ev.Across, err = parseGCGPos(move); err != nil {
			return p.errorf("%v", err)
		}
		if len(toks) < 2 {
			return p.errorf("play at %s without a word", move)
		}
		ev.Word = toks[1]
		if msg := tileTextError(ev.Word, "."); msg != "" {
			return p.errorf("word %q: %s", ev.Word, msg)
		}
		if strings.Trim(ev.Word, ".") == "" {
			return p.errorf("word %q places no tile", ev.Word)
		}
		toks = toks[1:]
	}
	toks = toks[1:]
	if len(toks) == 0 {
		return p.errorf("missing score")
	}
	neg, err := gcgNumber(toks[0], &ev.Score)
	if err != nil {
		return p.errorf("score %q is not a number", toks[0])
	}
	if ev.Kind == EventEndRack && neg {
		ev.Kind = EventEndRackPenalty
	}
	if len(toks) < 2 {
		return p.errorf("missing cumulative score after %s", toks[0])
	}
	if _, err := gcgNumber(toks[1], &ev.Total); err != nil {
		return p.errorf("cumulative score %q is not a number", toks[1])
	}
	ev.Comment = strings.Join(toks[2:], " ")
	if err := p.checkSequence(&ev); err != nil {
		return err
	}
	g.Events = append(g.Events, ev)
	return nil
}

// gcgNumber parses an optionally signed decimal of at most 9 digits into
// *n and reports whether it was written with '-'.
func gcgNumber(s string, n *int) (neg bool, err error) {
	d := strings.TrimLeft(s, "+-")
	if len(s)-len(d) > 1 || d == "" || len(d) > 9 {
		return false, errors.New("bad number")
	}
	v, err := strconv.Atoi(d)
	if err != nil || d[0] == '+' || d[0] == '-' {
		return false, errors.New("bad number")
	}
	neg = s[0] == '-'
	if neg {
		v = -v
	}
	*n = v
	return neg, nil
}

// checkSequence checks what an event needs of the one before it.
func (p *gcgParser) checkSequence(ev *GCGEvent) error {
	var prev *GCGEvent
	if n := len(p.g.Events); n > 0 {
		prev = &p.g.Events[n-1]
	}
	switch ev.Kind {
	case EventPhony, EventChallengeBonus:
		what := "a withdrawn play (--)"
		if ev.Kind == EventChallengeBonus {
			what = "a challenge bonus"
		}
		if prev == nil || prev.Kind != EventPlay {
			return p.errorf("%s must follow a play", what)
		}
		if prev.Nick != ev.Nick {
			return p.errorf("%s by %s follows a play by %s", what, ev.Nick, prev.Nick)
		}
		if ev.Kind == EventPhony && ev.Rack != "" && !sameTiles(ev.Rack, prev.Rack) {
			return p.errorf("rack %s of the withdrawn play is not the rack %s of the play (line %d)", ev.Rack, prev.Rack, prev.Line)
		}
	case EventEndRackPenalty:
		if ev.Rack != "" && !sameTiles(ev.Rack, ev.Tiles) {
			return p.errorf("rack %s is not the penalised tiles (%s)", ev.Rack, ev.Tiles)
		}
	}
	return nil
}

// parseGCGPos reads a GCG position: "8H" (row number first) is across from
// row 8, column H; "H8" is down. Letters may be lower case. Rows are 1 to
// 26 and columns A to Z; the results are zero-based.
func parseGCGPos(pos string) (row, col int, across bool, err error) {
	bad := fmt.Errorf("bad position %q: want a row number (1 to %d) and a column letter, as 8H (across) or H8 (down)", pos, maxBoardSide)
	if len(pos) < 2 || len(pos) > 3 {
		return 0, 0, false, bad
	}
	letter, digits := pos[0], pos[1:]
	if !gcgIsLetter(letter) {
		letter, digits, across = pos[len(pos)-1], pos[:len(pos)-1], true
		if !gcgIsLetter(letter) {
			return 0, 0, false, bad
		}
	}
	n := 0
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, 0, false, bad
		}
		n = n*10 + int(digits[i]-'0')
	}
	if n < 1 || n > maxBoardSide {
		return 0, 0, false, bad
	}
	return n - 1, int(letter|0x20) - 'a', across, nil
}

func gcgIsLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// formatGCGPos writes a position as parseGCGPos reads it.
func formatGCGPos(row, col int, across bool) string {
	if across {
		return fmt.Sprintf("%d%c", row+1, 'A'+col)
	}
	return fmt.Sprintf("%c%d", 'A'+col, row+1)
}

// tileTextError checks tile text: letters (each may carry combining
// marks), '·' (as in the Catalan L·L), bracketed multi-character tiles
// ("[QU]", "[l·l]"), and the runes in extra ("?" on racks, "." in words).
// It returns "" when s is valid, else what is wrong.
func tileTextError(s, extra string) string {
	if s == "" {
		return "empty"
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			return fmt.Sprintf("byte %d is not UTF-8", i)
		case r == '[':
			j := strings.IndexByte(s[i:], ']')
			if j < 0 {
				return fmt.Sprintf("'[' at byte %d without ']'", i)
			}
			inner := s[i+1 : i+j]
			if inner == "" {
				return fmt.Sprintf("empty [] at byte %d", i)
			}
			for _, r := range inner {
				if !unicode.IsLetter(r) && !unicode.IsMark(r) && r != '·' {
					return fmt.Sprintf("%q inside [] at byte %d is not a letter", r, i)
				}
			}
			n = j + 1
		case unicode.IsLetter(r), unicode.IsMark(r), r == '·', strings.ContainsRune(extra, r):
		default:
			return fmt.Sprintf("%q at byte %d is not a tile", r, i)
		}
		i += n
	}
	return ""
}

// tileUnits cuts valid tile text into tiles: a bracketed group, or a rune
// with the combining marks after it.
func tileUnits(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		n := 0
		if s[i] == '[' {
			n = strings.IndexByte(s[i:], ']') + 1
		} else {
			_, n = utf8.DecodeRuneInString(s[i:])
			for i+n < len(s) {
				r, m := utf8.DecodeRuneInString(s[i+n:])
				if !unicode.IsMark(r) {
					break
				}
				n += m
			}
		}
		if n <= 0 {
			n = len(s) - i
		}
		out = append(out, s[i:i+n])
		i += n
	}
	return out
}

// sameTiles reports whether a and b hold the same tiles in any order.
func sameTiles(a, b string) bool {
	x, y := tileUnits(a), tileUnits(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// CheckTotals reports every event whose cumulative score is not the
// player's previous cumulative score (0 at the start) plus the event's
// score, as *FormatError values joined with errors.Join; nil when all
// agree. After a mismatch it carries on from the written total.
func (g *GCG) CheckTotals() error {
	var errs []error
	totals := map[string]int{}
	for _, ev := range g.Events {
		want := totals[ev.Nick] + ev.Score
		if ev.Total != want {
			errs = append(errs, &FormatError{Name: g.Name, Line: ev.Line, Msg: fmt.Sprintf(
				"%s's cumulative score is %d, want %d%+d = %d", ev.Nick, ev.Total, totals[ev.Nick], ev.Score, want)})
		}
		totals[ev.Nick] = ev.Total
	}
	return errors.Join(errs...)
}

// WriteTo writes g in the GCG format: #character-encoding (when Encoding
// is set), the players, #title, #description, #id, #lexicon, the pragmas
// that precede the events, then each event followed by its notes and the
// pragmas that follow it. Scores are written with their sign ("+0",
// "-7"). ReadGCG of the output returns g again, except for line numbers.
// The text is ISO-8859-1 when Encoding names it, UTF-8 otherwise. It
// returns an error, writing nothing, when a field would not read back
// (a nickname with a space, a newline in a title, an unknown kind, ...).
func (g *GCG) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	if err := g.format(&b); err != nil {
		return 0, err
	}
	out := []byte(b.String())
	switch gcgEncoding(g.Encoding) {
	case "", "utf-8":
	case "iso-8859-1":
		enc, err := charmap.ISO8859_1.NewEncoder().Bytes(out)
		if err != nil {
			return 0, fmt.Errorf("wwf: GCG %s: text does not fit ISO-8859-1: %w", g.Name, err)
		}
		out = enc
	default:
		return 0, fmt.Errorf("wwf: GCG %s: unsupported character encoding %q: want UTF-8 or ISO-8859-1", g.Name, g.Encoding)
	}
	n, err := w.Write(out)
	return int64(n), err
}

func (g *GCG) format(b *strings.Builder) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("wwf: GCG %s: "+format, append([]any{g.Name}, args...)...)
	}
	oneLine := func(what, s string) error {
		if strings.ContainsAny(s, "\r\n") {
			return bad("%s %q spans lines", what, s)
		}
		return nil
	}
	if g.Encoding != "" {
		if err := oneLine("encoding", g.Encoding); err != nil {
			return err
		}
		fmt.Fprintf(b, "#character-encoding %s\n", g.Encoding)
	}
	for i, pl := range g.Players {
		if pl.Nick == "" || strings.IndexFunc(pl.Nick, unicode.IsSpace) >= 0 || strings.ContainsRune(pl.Nick, ':') {
			return bad("player %d nickname %q: want a word without ':'", i+1, pl.Nick)
		}
		if err := oneLine("player name", pl.Name); err != nil {
			return err
		}
		gcgPragmaLine(b, fmt.Sprintf("player%d", i+1), strings.TrimSpace(pl.Nick+" "+pl.Name))
	}
	for _, f := range []struct{ key, v string }{{"title", g.Title}, {"description", g.Description}, {"id", g.ID}, {"lexicon", g.Lexicon}} {
		if f.v == "" {
			continue
		}
		if err := oneLine(f.key, f.v); err != nil {
			return err
		}
		gcgPragmaLine(b, f.key, f.v)
	}
	pragmas := func(events int, last bool) error {
		for _, pr := range g.Pragmas {
			if pr.Events == events || (last && pr.Events > events) {
				if pr.Key == "" || strings.IndexFunc(pr.Key, unicode.IsSpace) >= 0 {
					return bad("pragma keyword %q: want a word", pr.Key)
				}
				if pr.Key != "note" {
					if err := oneLine("#"+pr.Key, pr.Value); err != nil {
						return err
					}
				}
				gcgPragmaLine(b, pr.Key, pr.Value)
			}
		}
		return nil
	}
	if err := pragmas(0, len(g.Events) == 0); err != nil {
		return err
	}
	for i := range g.Events {
		if err := g.formatEvent(b, &g.Events[i]); err != nil {
			return err
		}
		if err := pragmas(i+1, i == len(g.Events)-1); err != nil {
			return err
		}
	}
	return nil
}

func gcgPragmaLine(b *strings.Builder, key, value string) {
	b.WriteByte('#')
	b.WriteString(key)
	if value != "" {
		b.WriteByte(' ')
		b.WriteString(value)
	}
	b.WriteByte('\n')
}

func (g *GCG) formatEvent(b *strings.Builder, ev *GCGEvent) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("wwf: GCG %s: event by %s (line %d): "+format, append([]any{g.Name, ev.Nick, ev.Line}, args...)...)
	}
	if ev.Nick == "" || strings.IndexFunc(ev.Nick, unicode.IsSpace) >= 0 || strings.ContainsRune(ev.Nick, ':') {
		return bad("nickname %q: want a word without ':'", ev.Nick)
	}
	if ev.Rack != "" {
		if msg := tileTextError(ev.Rack, "?"); msg != "" {
			return bad("rack %q is not tile text", ev.Rack)
		}
	}
	b.WriteByte('>')
	b.WriteString(ev.Nick)
	b.WriteString(":")
	if ev.Rack != "" {
		b.WriteByte(' ')
		b.WriteString(ev.Rack)
	}
	b.WriteByte(' ')
	score := fmt.Sprintf("%+d", ev.Score)
	switch ev.Kind {
	case EventPlay:
		if ev.Rack == "" {
			return bad("a play needs a rack")
		}
		pos := ev.Pos
		if pos == "" {
			pos = formatGCGPos(ev.Row, ev.Col, ev.Across)
		}
		if _, _, _, err := parseGCGPos(pos); err != nil {
			return bad("%v", err)
		}
		if msg := tileTextError(ev.Word, "."); msg != "" || strings.Trim(ev.Word, ".") == "" {
			return bad("word %q is not tile text", ev.Word)
		}
		b.WriteString(pos + " " + ev.Word)
	case EventExchange:
		switch {
		case ev.Tiles != "":
			if msg := tileTextError(ev.Tiles, "?"); msg != "" || ev.Tiles[0] == '-' || (ev.Tiles[0] >= '0' && ev.Tiles[0] <= '9') {
				return bad("exchanged tiles %q are not tile text", ev.Tiles)
			}
			b.WriteString("-" + ev.Tiles)
		case ev.Count >= 1 && ev.Count <= 99:
			fmt.Fprintf(b, "-%d", ev.Count)
		default:
			return bad("exchange without tiles or a count from 1 to 99")
		}
	case EventPass:
		b.WriteString("-")
	case EventPhony:
		b.WriteString("--")
	case EventChallengeBonus:
		b.WriteString("(challenge)")
	case EventTimePenalty:
		b.WriteString("(time)")
	case EventEndRack, EventEndRackPenalty:
		if msg := tileTextError(ev.Tiles, "?"); msg != "" || strings.ContainsRune(ev.Tiles, ')') {
			return bad("end rack %q is not tile text", ev.Tiles)
		}
		if ev.Kind == EventEndRack && ev.Score < 0 {
			return bad("end rack points %d are negative (use EventEndRackPenalty)", ev.Score)
		}
		if ev.Kind == EventEndRackPenalty {
			if ev.Score > 0 {
				return bad("end rack penalty %d is positive", ev.Score)
			}
			score = fmt.Sprintf("-%d", -ev.Score)
		}
		b.WriteString("(" + ev.Tiles + ")")
	default:
		return bad("unknown kind %v", ev.Kind)
	}
	fmt.Fprintf(b, " %s %d", score, ev.Total)
	if ev.Comment != "" {
		if strings.ContainsAny(ev.Comment, "\r\n") {
			return bad("comment %q spans lines", ev.Comment)
		}
		b.WriteString(" " + ev.Comment)
	}
	b.WriteByte('\n')
	for _, note := range ev.Notes {
		gcgPragmaLine(b, "note", note)
	}
	return nil
}
