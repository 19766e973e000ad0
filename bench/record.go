package bench

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"wordengine/game"
)

// Line types of a record.
const (
	typeMatch = "match"
	typeGame  = "game"
)

// ErrRecord is matched (with errors.Is) by the errors of Read for a
// malformed record and of Merge for records that do not belong together.
// Their text is the file, line and fault alone ("s0.jsonl:3: game line:
// column 12: field seed: ..."), without this error's own.
var ErrRecord = errors.New("bad selfplay results file")

// recordError is an error matching ErrRecord with the text msg.
type recordError struct{ msg string }

func (e *recordError) Error() string        { return e.msg }
func (e *recordError) Is(target error) bool { return target == ErrRecord }

// recordErrorf returns a recordError formatted as by fmt.Sprintf.
func recordErrorf(format string, args ...any) error {
	return &recordError{fmt.Sprintf(format, args...)}
}

// notResults is what a file that is no record at all lacks.
const notResults = `not a selfplay results file (JSON lines, a "match" line first)`

// lineProblem says what is wrong with one JSON line (the column, not the
// line: the caller names that).
func lineProblem(text []byte, err error) string {
	return strings.TrimPrefix(game.JSONProblem(text, err), "line 1, ")
}

// Encoder writes a record: a header line, then one line per game.
type Encoder struct {
	enc *json.Encoder
}

// NewEncoder returns an Encoder writing to w.
func NewEncoder(w io.Writer) *Encoder { return &Encoder{json.NewEncoder(w)} }

// Header writes the "match" line; call it first.
func (e *Encoder) Header(h Header) error {
	h.Type = typeMatch
	return e.enc.Encode(h)
}

// Result writes a "game" line.
func (e *Encoder) Result(r *Result) error {
	return e.enc.Encode(gameLine{typeGame, r})
}

// gameLine is a Result with its line type.
type gameLine struct {
	Type string `json:"type"`
	*Result
}

// File is a record read back: its header and its games in game order.
type File struct {
	// Name is the file's name, for messages.
	Name    string
	Header  Header
	Results []Result
	// Cut is the number of the last line when that line was cut off (it
	// has no line end and is not JSON: a crash while it was written) and
	// was ignored; 0 otherwise.
	Cut int
}

// ReadFile reads the record in the file at path. A file that cannot be
// read is a *game.FileError naming path.
func ReadFile(path string) (*File, error) {
	f, err := game.OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

// Read reads a record from r (name is used in messages, "name:line: ...")
// and checks every line: a "match" header first, then "game" lines that
// belong to the header's match and shard, each game at most once. The
// results are returned sorted by game index. A last line with no line end
// that is not JSON, as a crash while writing leaves it, is ignored and
// its number set in File.Cut; any other bad line is an error.
func Read(r io.Reader, name string) (*File, error) {
	f := &File{Name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	unterminated := false
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		adv, tok, err := bufio.ScanLines(data, atEOF)
		if atEOF && tok != nil && adv == len(data) && data[len(data)-1] != '\n' {
			unterminated = true
		}
		return adv, tok, err
	})
	line := 0
	seen := map[int]int{} // game -> line
	errf := func(format string, args ...any) error {
		return recordErrorf("%s:%d: %s", name, line, fmt.Sprintf(format, args...))
	}
	haveHeader := false
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if len(strings.TrimSpace(string(text))) == 0 {
			continue
		}
		var probe struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal(text, &probe); err != nil {
			if unterminated && !json.Valid(text) {
				f.Cut = line
				break
			}
			if !haveHeader {
				return nil, errf("%s: %s", notResults, lineProblem(text, err))
			}
			return nil, errf("not a JSON object: %s", lineProblem(text, err))
		}
		switch {
		case !haveHeader && probe.Type == "":
			return nil, errf(`%s: the line has no "type"`, notResults)
		case !haveHeader && probe.Type != typeMatch:
			return nil, errf(`%s: got a %q line first`, notResults, probe.Type)
		case !haveHeader:
			if err := json.Unmarshal(text, &f.Header); err != nil {
				return nil, errf("match line: %s", lineProblem(text, err))
			}
			if err := checkHeader(&f.Header); err != nil {
				return nil, errf("match line: %v", err)
			}
			haveHeader = true
		case probe.Type == typeMatch:
			return nil, errf(`a second "match" line (records are joined with merge, not cat)`)
		case probe.Type == typeGame:
			var res Result
			if err := json.Unmarshal(text, &res); err != nil {
				return nil, errf("game line: %s", lineProblem(text, err))
			}
			if err := checkResult(&f.Header, &res); err != nil {
				return nil, errf("game %d: %v", res.Game, err)
			}
			if l, dup := seen[res.Game]; dup {
				return nil, errf("game %d again (first on line %d)", res.Game, l)
			}
			seen[res.Game] = line
			f.Results = append(f.Results, res)
		default:
			return nil, errf("unknown line type %q", probe.Type)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	switch {
	case !haveHeader && f.Cut > 0:
		return nil, recordErrorf(`%s:%d: the "match" line is cut off (the file was not written to its end): no match to read`, name, f.Cut)
	case !haveHeader:
		return nil, recordErrorf(`%s: empty: %s`, name, notResults)
	}
	sortResults(f.Results)
	return f, nil
}

func sortResults(rs []Result) {
	slices.SortFunc(rs, func(a, b Result) int { return a.Game - b.Game })
}

// checkHeader checks the ranges of a header read back.
func checkHeader(h *Header) error {
	n := len(h.Players)
	switch {
	case h.Format != FormatVersion:
		return fmt.Errorf("format %d: this program reads format %d", h.Format, FormatVersion)
	case h.Game == "":
		return errors.New("no game")
	case n < 2 || n > MaxPlayers:
		return fmt.Errorf("%d players: want 2 to %d", n, MaxPlayers)
	case h.Games < 1 || h.Games%n != 0:
		return fmt.Errorf("%d games: want a positive multiple of %d", h.Games, n)
	case h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards:
		return fmt.Errorf("shard %d/%d: want 0 <= shard < shards", h.Shard, h.Shards)
	case h.Streams != "" && h.Streams != StreamsPaired:
		return fmt.Errorf("streams %q: want %q or none", h.Streams, StreamsPaired)
	}
	return nil
}

// checkResult checks that r is a consistent game of h's match and shard.
func checkResult(h *Header, r *Result) error {
	n := h.Rotations()
	switch {
	case r.Game < 0 || r.Game >= h.Games:
		return fmt.Errorf("index out of range [0, %d)", h.Games)
	case r.Deal != r.Game/n || r.Rotation != r.Game%n:
		return fmt.Errorf("deal %d rotation %d: want deal %d rotation %d", r.Deal, r.Rotation, r.Game/n, r.Game%n)
	case r.Deal%h.Shards != h.Shard:
		return fmt.Errorf("deal %d is not in shard %d/%d", r.Deal, h.Shard, h.Shards)
	case r.Seed != DealSeed(h.Seed, r.Deal):
		return fmt.Errorf("seed %d: not the seed of deal %d of match seed %d", r.Seed, r.Deal, h.Seed)
	case len(r.Seats) != n || len(r.Players) != n || len(r.Scores) != n:
		return fmt.Errorf("want %d seats, players and scores", n)
	case len(r.Winners) == 0:
		return errors.New("no winner")
	case (n == 2) != (r.Spread != nil):
		return errors.New("spread is given exactly for two players")
	}
	for s, e := range r.Seats {
		if e != (s+r.Rotation)%n || r.Players[s] != h.Players[e] {
			return fmt.Errorf("seat %d: entrant %d (%s), want %d (%s)", s, e, r.Players[s], (s+r.Rotation)%n, h.Players[(s+r.Rotation)%n])
		}
	}
	if r.Moves != nil {
		if len(r.Moves) != n {
			return fmt.Errorf("move counts of %d players, want %d", len(r.Moves), n)
		}
		total := 0
		for s := range r.Moves {
			if fault := r.Moves[s].check(); fault != "" {
				return fmt.Errorf("moves of player %d: %s", s+1, fault)
			}
			total += r.Moves[s].Moves
		}
		if total != r.Plies {
			return fmt.Errorf("the seats made %d moves in %d plies", total, r.Plies)
		}
	}
	for _, w := range r.Winners {
		if w < 0 || w >= n {
			return fmt.Errorf("winner seat %d out of range", w)
		}
	}
	if r.Spread != nil && *r.Spread != r.Scores[r.seatOf(0)]-r.Scores[r.seatOf(1)] {
		return fmt.Errorf("spread %d: the scores say %d", *r.Spread, r.Scores[r.seatOf(0)]-r.Scores[r.seatOf(1)])
	}
	return nil
}

// Merge joins the records of shards (or any disjoint parts) of one match.
// The result's header names the whole match (shard 0 of 1) and its games
// are sorted by index; games not in any file are simply absent (compare
// len(Results) with Header.Expected). Records of different matches, or
// holding the same game twice, are refused with an error matching
// ErrRecord.
func Merge(files []*File) (*File, error) {
	if len(files) == 0 {
		return nil, recordErrorf("nothing to merge")
	}
	out := &File{Name: "merged", Header: files[0].Header}
	out.Header.Shard, out.Header.Shards = 0, 1
	from := map[int]string{}
	for _, f := range files {
		if d := files[0].Header.sameMatch(&f.Header); d != "" {
			return nil, recordErrorf("%s and %s are records of different matches (%s)", files[0].Name, f.Name, d)
		}
		for _, r := range f.Results {
			if other, dup := from[r.Game]; dup && other == f.Name {
				return nil, recordErrorf("%s is given twice", f.Name)
			} else if dup {
				return nil, recordErrorf("%s: game %d is also in %s (the same shard twice?)", f.Name, r.Game, other)
			}
			from[r.Game] = f.Name
			out.Results = append(out.Results, r)
		}
	}
	sortResults(out.Results)
	return out, nil
}

// Resumable returns the number of games of f when f can be continued as
// the record of h's match and shard: the same match and shard, holding
// exactly the shard's first games in game order (the prefix that an
// interrupted Run leaves). Run with Match.Skip set to that number plays
// the rest. Its errors match ErrRecord.
func Resumable(h Header, f *File) (int, error) {
	if d := f.Header.sameMatch(&h); d != "" {
		return 0, recordErrorf("%s is the record of another match (%s: the file's vs this one's)", f.Name, d)
	}
	if f.Header.Shard != h.Shard || f.Header.Shards != h.Shards {
		return 0, recordErrorf("%s holds shard %d/%d, not %d/%d", f.Name, f.Header.Shard, f.Header.Shards, h.Shard, h.Shards)
	}
	n := h.Rotations()
	for i, r := range f.Results {
		// The shard's i-th game: rotation i mod n of its (i/n)-th deal.
		want := (h.Shard+i/n*h.Shards)*n + i%n
		if r.Game != want {
			return 0, recordErrorf("%s lacks game %d (a merged or edited record?): only the record of an interrupted run can be continued", f.Name, want)
		}
	}
	return len(f.Results), nil
}
