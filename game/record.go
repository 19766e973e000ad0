package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"wordengine/lexicon"
)

// Records of whole games.
//
// A Record is a game as the engine writes and reads it: the game, its
// rules and lexicon, the players, the deal (a seed, or a start position)
// and every move in the game's notation, with the result once the game is
// over. The crossword games keep their records as GCG (Spec.Records); every
// other game as the JSON record below (WriteRecordJSON, ReadRecordJSON).
// Replay plays a record move by move on a new game; ReplayTo sets up the
// position before one of its moves.
//
// # The JSON record
//
//	{
//	  "format": "wordengine-record 1",
//	  "game": "upwords", "variant": "size=10", "lexicon": "en-letterpress",
//	  "seed": 3,
//	  "players": [{"name": "ann"}, {"name": "computer", "player": "static"}],
//	  "moves": [
//	    {"seat": 0, "move": "5C WIMPED", "score": 12, "rack": "ADEIMPW"},
//	    {"seat": 1, "move": "4E HUH", "score": 18}
//	  ],
//	  "result": {"scores": [12, 18], "winners": [1], "resigned": 0}
//	}
//
// format names the format and its version; a reader refuses other
// versions. seed is the deal: the game is Spec.New with Config.Rand =
// rand.New(rand.NewPCG(seed, DealStream)), Players the number of players
// and Variant the variant; or, when start is given, the position start
// read by Spec.ParsePosition with that random source. Each move names
// the seat that made it, the move in the game's notation (FormatMove, as
// ParseMove reads it), its score, and where the game has racks the
// mover's rack before it. result is absent while the game goes on;
// resigned, when present, is the seat that resigned.

// DealStream is the stream of the PCG source that deals a game from a
// seed: Config.Rand = rand.New(rand.NewPCG(seed, DealStream)).
const DealStream = 1

// RecordFormatName is the value of the JSON record's "format" field.
const RecordFormatName = "wordengine-record 1"

// MaxRecordSize is the largest record ReadRecordJSON reads, in bytes.
const MaxRecordSize = 8 << 20

// ErrRecord is wrapped by the errors of reading and replaying records.
var ErrRecord = errors.New("bad record")

// Record is a whole game; see the section above.
type Record struct {
	// Game is the registered name; Variant the rule options
	// (Config.Variant); Lexicon the name of the lexicon that judged it.
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	Lexicon string `json:"lexicon,omitempty"`
	// Seed is the deal (DealStream), unless Start is given.
	Seed uint64 `json:"seed"`
	// Start is the start position in the game's text format, for a game
	// that did not start from a deal ("" otherwise).
	Start string `json:"start,omitempty"`
	// Dealt reports that Seed or Start gives the deal, so that Replay
	// reproduces the game, bag order and all; false for a record of a
	// game played elsewhere (a GCG file from another program), whose
	// racks only its moves tell. ReadRecordJSON sets it.
	Dealt bool `json:"-"`
	// Title says what the game was ("ann against computer (static)").
	Title string `json:"title,omitempty"`
	// Players are the seats in order.
	Players []RecordPlayer `json:"players"`
	// Moves are the moves in order.
	Moves []RecordMove `json:"moves"`
	// Racks are the racks or hands where the record ends (the end of
	// the game, or where it was saved), seat by seat, in the game's
	// notation, where the game has them.
	Racks []string `json:"racks,omitempty"`
	// Result is the end of the game; nil while it goes on.
	Result *RecordResult `json:"result,omitempty"`
	// Native is the record as its own format read it (the *wwf.GCG of a
	// GCG file), for that format's RecordFormat.Position; nil otherwise.
	Native any `json:"-"`
}

// RecordPlayer is one seat of a record.
type RecordPlayer struct {
	// Name is the player's name.
	Name string `json:"name"`
	// Player is the computer player's spec (search.New) that played the
	// seat, "" for a person.
	Player string `json:"player,omitempty"`
}

// RecordMove is one move of a record.
type RecordMove struct {
	// Seat made the move.
	Seat int `json:"seat"`
	// Move is the move in the game's notation.
	Move string `json:"move"`
	// Score is what the move scored.
	Score int `json:"score"`
	// Rack is the mover's rack before the move, in the game's notation,
	// where the game has racks and the record knows it.
	Rack string `json:"rack,omitempty"`
	// Note is a comment on the move.
	Note string `json:"note,omitempty"`
}

// RecordResult is how a recorded game ended.
type RecordResult struct {
	// Scores are the final scores, seat by seat.
	Scores []int `json:"scores"`
	// Winners are the winning seats (several on a draw).
	Winners []int `json:"winners"`
	// Resigned is the seat that resigned, nil when nobody did.
	Resigned *int `json:"resigned,omitempty"`
}

// RecordFormat is a game's own format of records (Spec.Records).
type RecordFormat struct {
	// Name names the format ("GCG"); Ext is its file name extension
	// (".gcg").
	Name, Ext string
	// Write writes r in the format.
	Write func(w io.Writer, r *Record) error
	// Read reads a record in the format; name is the file's name for
	// error messages. The record's moves are what the file tells;
	// Native may keep the file's own form for Position.
	Read func(r io.Reader, name string) (*Record, error)
	// Position, when not nil, sets up the position of r before its entry
	// turn (0: the start, -1: its end; the entries are the format's own, GCG
	// events),
	// for records that Replay cannot reproduce (Dealt false); it may call
	// ReplayTo's generic path (Replay) for the others. cfg gives the
	// lexicon and Rand for what the record does not tell.
	Position func(r *Record, cfg Config, turn int, warn func(error)) (*Position, error)
	// Open, when not nil, reads a file in the format for checking
	// (recordcheck.go); name is the file's name for messages.
	Open func(r io.Reader, name string) (RecordFile, error)
	// CheckRules, when not nil (it is when Open is), returns nil when the
	// format's records replay under game and variant, judged by lx (nil:
	// no lexicon, scoring only), else why not for people: a game that is
	// not the format's (and the games that are), the option at fault, a
	// lexicon whose alphabet does not fit the tiles.
	CheckRules func(game, variant string, lx *lexicon.Lexicon) error
}

// WriteRecordJSON writes r as the JSON record, indented.
func WriteRecordJSON(w io.Writer, r *Record) error {
	type withFormat struct {
		Format string `json:"format"`
		*Record
	}
	data, err := json.MarshalIndent(withFormat{RecordFormatName, r}, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// ReadRecordJSON reads a JSON record; name is the file's name for error
// messages. It checks the format's name and version, that the game is
// a registered one (the error lists them), that the players and moves
// are there and every move's seat is one of them; it does not play the
// moves (Replay does).
func ReadRecordJSON(r io.Reader, name string) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxRecordSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxRecordSize {
		return nil, fmt.Errorf("%w: %s: larger than %d bytes", ErrRecord, name, MaxRecordSize)
	}
	// What the text is, before what is wrong with it as a record: JSON
	// that is no record at all (another program's, a list) is said so
	// rather than by its first field the record lacks.
	var probe struct {
		Format json.RawMessage `json:"format"`
	}
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&probe); err == nil && probe.Format == nil {
		return nil, fmt.Errorf("%w: %s: JSON, but not a game record: no \"format\" field (a record starts {\"format\": %q, ...})", ErrRecord, name, RecordFormatName)
	} else if _, isType := errors.AsType[*json.UnmarshalTypeError](err); isType && bytes.HasPrefix(bytes.TrimSpace(data), []byte("[")) {
		return nil, fmt.Errorf("%w: %s: a JSON list, not a game record (a record is one JSON object, {\"format\": %q, ...})", ErrRecord, name, RecordFormatName)
	}
	var rec struct {
		Format string `json:"format"`
		Record
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrRecord, name, JSONProblem(data, err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: %s: text after the record (byte %d)", ErrRecord, name, dec.InputOffset())
	}
	switch {
	case rec.Format == "":
		return nil, fmt.Errorf("%w: %s: no \"format\" field (want %q)", ErrRecord, name, RecordFormatName)
	case rec.Format != RecordFormatName:
		return nil, fmt.Errorf("%w: %s: format %q: this program reads %q", ErrRecord, name, rec.Format, RecordFormatName)
	case rec.Game == "":
		return nil, fmt.Errorf("%w: %s: no game", ErrRecord, name)
	}
	if _, err := Lookup(rec.Game); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrRecord, name, err)
	}
	if len(rec.Players) == 0 {
		return nil, fmt.Errorf("%w: %s: no players", ErrRecord, name)
	}
	for i, m := range rec.Moves {
		if m.Seat < 0 || m.Seat >= len(rec.Players) {
			return nil, fmt.Errorf("%w: %s: move %d (%s): seat %d: the record has seats 0 to %d", ErrRecord, name, i+1, m.Move, m.Seat, len(rec.Players)-1)
		}
	}
	out := rec.Record
	out.Dealt = true
	return &out, nil
}

// WriteRecord writes r in its game's record format (Spec.Records), or as
// the JSON record.
func WriteRecord(w io.Writer, r *Record) error {
	spec, err := Lookup(r.Game)
	if err != nil {
		return err
	}
	if spec.Records != nil {
		return spec.Records.Write(w, r)
	}
	return WriteRecordJSON(w, r)
}

// IsJSONText reports whether data looks like JSON text rather than a
// game's own record format: its first byte other than white space is '{'
// or '['.
func IsJSONText(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// ReadRecord reads a record in any registered format: the JSON record
// (JSON text, IsJSONText), else the format of a game whose
// extension ends name, else each registered format in turn (the first
// that reads it).
func ReadRecord(r io.Reader, name string) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxRecordSize+1))
	if err != nil {
		return nil, err
	}
	if IsJSONText(data) {
		return ReadRecordJSON(bytes.NewReader(data), name)
	}
	var formats []*RecordFormat
	for _, n := range Names() {
		spec, _ := Lookup(n)
		if f := spec.Records; f != nil && !containsFormat(formats, f) {
			if f.Ext != "" && strings.HasSuffix(strings.ToLower(name), f.Ext) {
				formats = append([]*RecordFormat{f}, formats...)
			} else {
				formats = append(formats, f)
			}
		}
	}
	var first error
	for _, f := range formats {
		rec, err := f.Read(bytes.NewReader(data), name)
		if err == nil {
			return rec, nil
		}
		if first == nil {
			first = err
		}
	}
	if first == nil {
		first = fmt.Errorf("%w: %s: not a JSON record (it is not JSON text)", ErrRecord, name)
	}
	return nil, first
}

func containsFormat(fs []*RecordFormat, f *RecordFormat) bool {
	for _, g := range fs {
		if g.Name == f.Name {
			return true
		}
	}
	return false
}

// ReplayOptions configure Replay.
type ReplayOptions struct {
	// Lexicon judges the words (nil: the game's default).
	Lexicon *lexicon.Lexicon
	// Moves is the number of moves to play (the position before move
	// Moves+1); -1 plays them all.
	Moves int
	// Step, when not nil, is called before each move with its index in
	// Record.Moves, the position before it and the move read from the
	// record; an error stops the replay and is returned.
	Step func(i int, s State, m Move) error
	// Warn, when not nil, receives what does not stop a replay (a
	// recorded score that differs from the score computed); without it
	// such a difference is an error.
	Warn func(error)
}

// StartPosition returns the start position of r: its Start position
// read by the game's ParsePosition, or a new game dealt from its seed
// (Deal), with the lexicon lx (nil: the game's default).
func (r *Record) StartPosition(lx *lexicon.Lexicon) (State, error) {
	spec, err := Lookup(r.Game)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRecord, err)
	}
	s, err := Deal(spec, Config{Lexicon: lx, Players: len(r.Players), Variant: r.Variant}, r.Seed, r.Start)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRecord, err)
	}
	return s, nil
}

// Deal starts game spec from seed: cfg (its Rand set to
// rand.New(rand.NewPCG(seed, DealStream))) given to spec.New, or, when
// start is not "", the position start read by spec.ParsePosition.
func Deal(spec Spec, cfg Config, seed uint64, start string) (State, error) {
	cfg.Rand = rand.New(rand.NewPCG(seed, DealStream))
	if start == "" {
		return spec.New(cfg)
	}
	if spec.ParsePosition == nil {
		return nil, fmt.Errorf("a start position, but %s has no text positions", spec.Name)
	}
	pos, err := spec.ParsePosition(cfg, start)
	if err != nil {
		return nil, fmt.Errorf("the start position: %w", err)
	}
	return pos.State, nil
}

// Replay plays record r from its start (StartPosition) move by move and
// returns the position reached. Each move must be its seat's: the seat
// to move, and legal there (ParseMove); a score that differs from the
// recorded one, and in a JSON record a recorded rack that is not the one
// the deal gives (RackFault), go to o.Warn (an error without it). The
// errors wrap
// ErrRecord and name the move ("move 12 (8H QUIZ)").
func Replay(r *Record, o ReplayOptions) (State, error) {
	s, err := r.StartPosition(o.Lexicon)
	if err != nil {
		return nil, err
	}
	n := len(r.Moves)
	if o.Moves >= 0 && o.Moves < n {
		n = o.Moves
	}
	// A game's own format gives the racks it knows (a GCG rack may hold
	// only the tiles played) and checks them itself (RecordFormat.Open).
	spec, _ := Lookup(r.Game)
	checkRacks := spec.Records == nil
	for i, rm := range r.Moves[:n] {
		at := func(format string, args ...any) error {
			return fmt.Errorf("%w: move %d (%s): %s", ErrRecord, i+1, rm.Move, fmt.Sprintf(format, args...))
		}
		if s.Over() {
			return nil, at("the game is over")
		}
		if rm.Seat != s.ToMove() {
			return nil, at("made by seat %d, but seat %d is to move", rm.Seat, s.ToMove())
		}
		if checkRacks {
			if fault := RackFault(s, rm); fault != "" {
				err := at("%s", fault)
				if o.Warn == nil {
					return nil, err
				}
				o.Warn(err)
			}
		}
		m, err := s.ParseMove(rm.Move)
		if err != nil {
			return nil, at("%v", err)
		}
		if got := s.MoveScore(m); got != rm.Score {
			err := at("recorded score %d, computed %d", rm.Score, got)
			if o.Warn == nil {
				return nil, err
			}
			o.Warn(err)
		}
		if o.Step != nil {
			if err := o.Step(i, s, m); err != nil {
				return nil, err
			}
		}
		s.Play(m)
	}
	return s, nil
}

// ReplayTo sets up the position of r before its entry turn (0: the
// start; -1: its end): with the game's RecordFormat.Position when it has one, else by
// Replay of the first turn moves. cfg gives the lexicon and Rand (for
// what a record played elsewhere does not tell).
func ReplayTo(r *Record, cfg Config, turn int, warn func(error)) (*Position, error) {
	spec, err := Lookup(r.Game)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRecord, err)
	}
	if spec.Records != nil && spec.Records.Position != nil {
		return spec.Records.Position(r, cfg, turn, warn)
	}
	if turn < 0 {
		turn = len(r.Moves)
	}
	if turn > len(r.Moves) {
		return nil, fmt.Errorf("%w: turn %d: the record has %d moves (turns 1 to %d)", ErrRecord, turn+1, len(r.Moves), len(r.Moves)+1)
	}
	s, err := Replay(r, ReplayOptions{Lexicon: cfg.Lexicon, Moves: turn, Warn: warn})
	if err != nil {
		return nil, err
	}
	return &Position{State: s, Dealt: make([]bool, s.Players())}, nil
}

// HandText returns seat's rack or hand in s in the game's notation, as a
// record writes it (RecordMove.Rack): the game's HandTexter, else the
// seat's view (SeatViewer), else a Racker's tiles; "" in a game without
// racks or hands.
func HandText(s State, seat int) string {
	if h, ok := s.(HandTexter); ok {
		return h.HandText(seat)
	}
	if v, ok := s.(SeatViewer); ok {
		return v.SeatView(seat).HandText
	}
	if r, ok := s.(Racker); ok {
		return r.Alphabet().Format(r.Rack(nil, seat))
	}
	return ""
}

// RackFault says why the rack move rm records (RecordMove.Rack, before the
// move) is not the rack or hand its seat holds in s, the position before
// the move replayed from the record's deal: the deal gives every rack, so
// any other is one the game could not have dealt (tiles the set does not
// hold, or that lie on the board or another rack). It returns "" when the
// record gives no rack, or the same tiles in any order.
func RackFault(s State, rm RecordMove) string {
	if strings.TrimSpace(rm.Rack) == "" || rm.Seat < 0 || rm.Seat >= s.Players() {
		return ""
	}
	_, racks := s.(Racker)
	if v, ok := s.(SeatViewer); ok {
		racks = v.SeatView(rm.Seat).HandName != ""
	}
	held := HandText(s, rm.Seat)
	if !racks || sameTiles(rm.Rack, held) {
		return ""
	}
	if held == "" {
		held = "nothing"
	}
	return fmt.Sprintf("the recorded rack %s is not one the game could have dealt: the deal gives %s", strings.TrimSpace(rm.Rack), held)
}

// sameTiles reports whether two racks in a game's notation hold the same
// tiles in any order: the same space-separated tokens, or for a rack
// written without spaces ("ADEQ?") the same characters, in either case.
func sameTiles(a, b string) bool {
	key := func(t string) []string {
		t = strings.ToUpper(t)
		f := strings.Fields(t)
		if len(f) <= 1 {
			f = strings.Split(strings.Join(f, ""), "")
		}
		slices.Sort(f)
		return f
	}
	return slices.Equal(key(a), key(b))
}
