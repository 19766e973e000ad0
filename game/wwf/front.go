package wwf

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/lexicon"
)

// The front-end parts of the crossword games' registration: their
// Spec fields (players, options, notation, CGP positions) and their
// records as GCG.
//
// # GCG records
//
// A record (game.Record) is written as GCG with these pragmas besides the
// usual ones (#player1, #player2, #title, #description, #lexicon):
//
//	#variant scrabble lang=en     the game and its rule options
//	#seed 5                       the deal (game.DealStream)
//	#computer2 greedy             seat 2 is the computer, with this player
//	#rack1 AADDFJQ                each rack when the record ends
//	#incomplete                   the game goes on
//	#resigned wordengine          the nickname of the seat that resigned
//
// A GCG file with #seed is replayed move by move from its deal (Replay),
// the bag order included; one without (a game recorded by another
// program) is set up from its racks and plays (ReplayPosition). Checked
// move by move (game.RecordFormat.Open, check.go), a file is replayed
// with ReplayPosition as written.

// crosswordNotation is the help on typing moves.
const crosswordNotation = `  8H WORD     play WORD across from row 8, column H
  H8 WORD     play WORD down from column H, row 8
              (letters already on the board: type them or write '.';
              lower-case letters are blanks: 8H QUiZ)
  -ABC        exchange A, B and C (-? exchanges a blank)
  pass        pass
`

// spec returns the registration of game name ("wwf" or "scrabble").
func spec(name, summary string) game.Spec {
	endDefault := "none"
	if name == "scrabble" {
		endDefault = "deduct"
	}
	return game.Spec{
		Name:       name,
		Summary:    summary,
		New:        func(cfg game.Config) (game.State, error) { return newGame(name, cfg) },
		MinPlayers: 2, MaxPlayers: 2,
		Variants: []game.Option{
			{Key: "lang", Values: "en|es|it|pt|de|fr", Default: "en", Help: "the tile set's language (the lexicon must be in it)"},
			{Key: "end", Values: "deduct|none", Default: endDefault, Help: "on a scoreless end, each rack is deducted from its owner, or not"},
		},
		Notation:       crosswordNotation,
		Computer:       "static",
		Hinter:         "static",
		PositionFormat: "CGP",
		DetectPosition: detectCGP,
		ParsePosition: func(cfg game.Config, text string) (*game.Position, error) {
			return parsePosition(name, cfg, text)
		},
		Records: gcgFormat,
	}
}

// parsePosition reads a CGP line for game name under cfg's variant.
func parsePosition(name string, cfg game.Config, text string) (*game.Position, error) {
	c, err := ParseCGP(strings.TrimSpace(text))
	if err != nil {
		return nil, err
	}
	r, _, err := Rules(name, cfg.Variant)
	if err != nil {
		return nil, err
	}
	lx := cfg.Lexicon
	if lx == nil {
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	var seed uint64
	if cfg.Rand != nil {
		seed = cfg.Rand.Uint64()
	}
	s, err := FromCGP(c, r, lx, seed)
	if err != nil {
		return nil, err
	}
	pos := &game.Position{State: s, Dealt: make([]bool, 2), Warnings: CGPWarnings(c, r, lx)}
	for p := range 2 {
		pos.Dealt[p] = len(c.Racks) > p && c.Racks[p] == ""
	}
	return pos, nil
}

// gcgFormat is the crossword games' record format.
var gcgFormat = &game.RecordFormat{
	Name: "GCG", Ext: ".gcg",
	Write:      writeRecordGCG,
	Read:       readRecordGCG,
	Position:   recordPosition,
	Open:       openGCG,
	CheckRules: checkRules,
}

// nick turns a player's name into a GCG nickname: one word without ':'.
func nick(name string) string {
	n := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == ':' || !unicode.IsPrint(r) {
			return '_'
		}
		return r
	}, strings.TrimSpace(name))
	if n == "" {
		return "player"
	}
	return n
}

// RecordGCG returns record r as a GCG record.
func RecordGCG(r *game.Record) (*GCG, error) {
	if len(r.Players) != 2 {
		return nil, fmt.Errorf("wwf: a GCG record has 2 players, not %d", len(r.Players))
	}
	g := &GCG{Name: r.Game, Title: r.Title, Lexicon: r.Lexicon}
	nicks := make([]string, 2)
	for p, pl := range r.Players {
		nicks[p] = nick(pl.Name)
		if p == 1 && nicks[1] == nicks[0] {
			nicks[1] += "2"
		}
		name := pl.Name
		if pl.Player != "" && !strings.Contains(name, pl.Player) {
			name += " (" + pl.Player + ")"
		}
		g.Players = append(g.Players, GCGPlayer{Nick: nicks[p], Name: name})
	}
	desc := "wordengine play --game " + r.Game
	if r.Variant != "" {
		desc += " --variant " + r.Variant
	}
	desc += " --seed " + strconv.FormatUint(r.Seed, 10)
	g.Description = desc
	g.Pragmas = append(g.Pragmas, GCGPragma{Key: "variant", Value: strings.TrimSpace(r.Game + " " + r.Variant)})
	if r.Dealt && r.Start == "" {
		g.Pragmas = append(g.Pragmas, GCGPragma{Key: "seed", Value: strconv.FormatUint(r.Seed, 10)})
	}
	for p, pl := range r.Players {
		if pl.Player != "" {
			g.Pragmas = append(g.Pragmas, GCGPragma{Key: fmt.Sprintf("computer%d", p+1), Value: pl.Player})
		}
	}
	var totals [2]int
	last := -1
	for i, m := range r.Moves {
		if m.Seat < 0 || m.Seat > 1 {
			return nil, fmt.Errorf("wwf: move %d: seat %d: a GCG record has seats 0 and 1", i+1, m.Seat)
		}
		ev := GCGEvent{Nick: nicks[m.Seat], Rack: m.Rack, Score: m.Score}
		if m.Note != "" {
			ev.Notes = []string{m.Note}
		}
		text := strings.TrimSpace(m.Move)
		switch {
		case strings.EqualFold(text, "resign"):
			g.Pragmas = append(g.Pragmas, GCGPragma{Key: "resigned", Value: nicks[m.Seat], Events: len(g.Events)})
			g.Pragmas = append(g.Pragmas, GCGPragma{Key: "note", Value: r.Players[m.Seat].Name + " resigned", Events: len(g.Events)})
			continue
		case strings.EqualFold(text, "pass"), text == "-":
			ev.Kind = EventPass
		case strings.HasPrefix(text, "-"):
			ev.Kind, ev.Tiles = EventExchange, text[1:]
		default:
			pos, word, ok := strings.Cut(text, " ")
			if !ok {
				return nil, fmt.Errorf("wwf: move %d %q: not a play, an exchange or a pass", i+1, text)
			}
			d, row, col, err := crossword.ParseSquare(pos)
			if err != nil {
				return nil, fmt.Errorf("wwf: move %d: %w", i+1, err)
			}
			ev.Kind, ev.Pos, ev.Row, ev.Col, ev.Across, ev.Word = EventPlay, pos, row, col, d == crossword.Across, dotted(strings.TrimSpace(word))
			if ev.Rack == "" {
				ev.Rack = playedTiles(ev.Word) // a rack the record does not know: at least the tiles played
			}
		}
		totals[m.Seat] += m.Score
		ev.Total = totals[m.Seat]
		g.Events = append(g.Events, ev)
		last = m.Seat
	}
	if r.Result != nil && len(r.Result.Scores) == 2 {
		// The end-of-game rack adjustments, the player who went out first.
		order := []int{0, 1}
		if last == 1 {
			order = []int{1, 0}
		}
		racks := make([]string, 2)
		copy(racks, r.Racks)
		for _, p := range order {
			adj := r.Result.Scores[p] - totals[p]
			switch {
			case adj > 0:
				g.Events = append(g.Events, GCGEvent{Nick: nicks[p], Kind: EventEndRack, Tiles: racks[1-p], Score: adj, Total: r.Result.Scores[p]})
			case adj < 0:
				g.Events = append(g.Events, GCGEvent{Nick: nicks[p], Kind: EventEndRackPenalty, Rack: racks[p], Tiles: racks[p], Score: adj, Total: r.Result.Scores[p]})
			}
		}
	} else {
		g.Pragmas = append(g.Pragmas, GCGPragma{Key: "incomplete", Events: len(g.Events)})
		for p, rack := range r.Racks {
			if rack != "" && p < 2 {
				g.Pragmas = append(g.Pragmas, GCGPragma{Key: fmt.Sprintf("rack%d", p+1), Value: rack, Events: len(g.Events)})
			}
		}
	}
	return g, nil
}

// dotted writes a play's word as GCG does: '.' for each tile already on
// the board ("W(OR)D" -> "W..D").
func dotted(word string) string {
	var sb strings.Builder
	in := false
	for i := 0; i < len(word); i++ {
		switch c := word[i]; {
		case c == '(':
			in = true
		case c == ')':
			in = false
		case in && c == '[':
			j := strings.IndexByte(word[i:], ']')
			if j < 0 {
				return word
			}
			sb.WriteByte('.')
			i += j
		case in:
			sb.WriteByte('.')
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// playedTiles returns the tiles a dotted GCG word places, blanks (lower
// case) as '?'.
func playedTiles(word string) string {
	var sb strings.Builder
	for i := 0; i < len(word); {
		if word[i] == '[' {
			j := strings.IndexByte(word[i:], ']')
			if j < 0 {
				return word
			}
			tile := word[i : i+j+1]
			if strings.ToLower(tile) == tile && strings.ToUpper(tile) != tile {
				tile = "?"
			}
			sb.WriteString(tile)
			i += j + 1
			continue
		}
		r, n := utf8.DecodeRuneInString(word[i:])
		switch {
		case r == '.':
		case unicode.IsLower(r):
			sb.WriteByte('?')
		default:
			sb.WriteRune(r)
		}
		i += n
	}
	return sb.String()
}

func writeRecordGCG(w io.Writer, r *game.Record) error {
	g, err := RecordGCG(r)
	if err != nil {
		return err
	}
	_, err = g.WriteTo(w)
	return err
}

// readRecordGCG reads a GCG file as a record: its plays, exchanges and
// passes as moves (the other events change only the scores), the deal
// from #seed, the game from #variant (when absent, what DetectGCG finds:
// the #description, #lexicon or the board the scores fit), and unless #incomplete the result from the last totals.
func readRecordGCG(rd io.Reader, name string) (*game.Record, error) {
	g, err := ReadGCG(rd, name)
	if err != nil {
		return nil, err
	}
	return GCGRecord(g)
}

// GCGRecord returns GCG record g as a game.Record (see readRecordGCG);
// Native holds g.
func GCGRecord(g *GCG) (*game.Record, error) {
	r := &game.Record{Title: g.Title, Lexicon: g.Lexicon, Native: g}
	for _, pl := range g.Players {
		r.Players = append(r.Players, game.RecordPlayer{Name: pl.Name})
	}
	seat := func(nick string) int {
		for i, pl := range g.Players {
			if pl.Nick == nick {
				return i
			}
		}
		return -1
	}
	incomplete, resigned := false, -1
	for _, pr := range g.Pragmas {
		switch {
		case pr.Key == "variant":
			gameName, variant, _ := strings.Cut(pr.Value, " ")
			r.Game, r.Variant = gameName, strings.TrimSpace(variant)
		case pr.Key == "seed":
			n, err := strconv.ParseUint(pr.Value, 10, 64)
			if err != nil {
				return nil, &FormatError{Name: g.Name, Line: pr.Line, Msg: fmt.Sprintf("#seed %q: want a number", pr.Value)}
			}
			r.Seed, r.Dealt = n, true
		case pr.Key == "incomplete":
			incomplete = true
		case pr.Key == "resigned":
			if resigned = seat(pr.Value); resigned < 0 {
				return nil, &FormatError{Name: g.Name, Line: pr.Line, Msg: fmt.Sprintf("#resigned %q: not a player's nickname", pr.Value)}
			}
		case strings.HasPrefix(pr.Key, "computer"), strings.HasPrefix(pr.Key, "rack"):
			n, err := strconv.Atoi(strings.TrimLeft(pr.Key, "computerack"))
			if err != nil || n < 1 || n > len(r.Players) {
				continue
			}
			if pr.Key[0] == 'c' {
				r.Players[n-1].Player = pr.Value
			} else {
				for len(r.Racks) < len(r.Players) {
					r.Racks = append(r.Racks, "")
				}
				r.Racks[n-1] = pr.Value
			}
		}
	}
	if r.Game == "" {
		// No #variant: the game the record names otherwise or fits
		// (DetectGCG), so that a Scrabble record is not read as WWF.
		d := DetectGCG(g)
		r.Game, r.Variant = d.Game, d.Variant
	}
	for i := range r.Players {
		pl := &r.Players[i]
		if pl.Player != "" {
			pl.Name = strings.TrimSuffix(pl.Name, " ("+pl.Player+")")
		}
	}
	scores := make([]int, len(r.Players))
	ended := false
	for i := range g.Events {
		ev := &g.Events[i]
		p := seat(ev.Nick)
		if p < 0 {
			continue
		}
		scores[p] = ev.Total
		m := game.RecordMove{Seat: p, Score: ev.Score, Rack: ev.Rack}
		if len(ev.Notes) > 0 {
			m.Note = strings.Join(ev.Notes, "\n")
		}
		switch ev.Kind {
		case EventPlay:
			m.Move = ev.Pos + " " + ev.Word
		case EventExchange:
			m.Move = "-" + ev.Tiles
			if ev.Tiles == "" {
				m.Move = fmt.Sprintf("exchange %d", ev.Count)
			}
		case EventPass:
			m.Move = "pass"
		case EventEndRack, EventEndRackPenalty, EventTimePenalty:
			ended = true
			continue
		default: // a withdrawn play, a challenge bonus: scores only
			if n := len(r.Moves); n > 0 {
				r.Moves[n-1].Note = strings.TrimSpace(r.Moves[n-1].Note + "\n" + ev.Kind.String())
			}
			continue
		}
		r.Moves = append(r.Moves, m)
	}
	if resigned >= 0 {
		r.Moves = append(r.Moves, game.RecordMove{Seat: resigned, Move: "resign"})
	}
	// A record without #incomplete is of a finished game (other programs
	// write no such pragma, and save their records at the end).
	if (ended || resigned >= 0 || len(r.Moves) > 0) && !incomplete && len(scores) == 2 {
		res := &game.RecordResult{Scores: scores}
		switch {
		case resigned >= 0:
			res.Resigned = &resigned
			res.Winners = []int{1 - resigned}
		case scores[0] > scores[1]:
			res.Winners = []int{0}
		case scores[1] > scores[0]:
			res.Winners = []int{1}
		default:
			res.Winners = []int{0, 1}
		}
		r.Result = res
	}
	return r, nil
}

// recordPosition sets up the position of record r before its GCG event
// turn: a dealt record (#seed) by replaying its moves from the deal; any
// other by ReplayPosition on its GCG form.
func recordPosition(r *game.Record, cfg game.Config, turn int, warn func(error)) (*game.Position, error) {
	g, _ := r.Native.(*GCG)
	if g == nil {
		var err error
		if g, err = RecordGCG(r); err != nil {
			return nil, err
		}
	}
	if turn < 0 {
		turn = len(g.Events)
	}
	if turn > len(g.Events) {
		return nil, fmt.Errorf("wwf: %s: turn %d: the record has %d events (turns 1 to %d)", g.Name, turn+1, len(g.Events), len(g.Events)+1)
	}
	if r.Dealt {
		moves := 0
		for _, ev := range g.Events[:turn] {
			if ev.Kind == EventPlay || ev.Kind == EventExchange || ev.Kind == EventPass {
				moves++
			}
		}
		if turn == len(g.Events) {
			moves = len(r.Moves) // a resignation too
		}
		s, err := game.Replay(r, game.ReplayOptions{Lexicon: cfg.Lexicon, Moves: moves, Warn: warn})
		if err != nil {
			return nil, err
		}
		return &game.Position{State: s, Dealt: make([]bool, 2)}, nil
	}
	name := r.Game
	if name == "" {
		name = "wwf"
	}
	rules, _, err := Rules(name, r.Variant)
	if err != nil {
		return nil, err
	}
	if w := FitWarning(g, name, r.Variant); w != "" && warn != nil {
		warn(errors.New(w))
	}
	lx := cfg.Lexicon
	if lx == nil {
		if lx, err = lexicon.Default(); err != nil {
			return nil, err
		}
	}
	var seed uint64
	if cfg.Rand != nil {
		seed = cfg.Rand.Uint64()
	}
	pos, err := ReplayPosition(g, rules, lx, ReplayOptions{Turn: turn, Seed: seed, Warn: warn})
	if err != nil {
		return nil, err
	}
	return &game.Position{State: pos.State, Dealt: []bool{!pos.RackKnown[0], !pos.RackKnown[1]}}, nil
}
