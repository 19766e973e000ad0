package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"wordengine/game"
	"wordengine/lexicon"
	"wordengine/search/analysis"
)

// fileHead returns the first 512 bytes of the file at path (fewer in a
// shorter file; none when it cannot be read).
func fileHead(path string) []byte {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return head[:n]
}

// isJSONRecord reports whether the file at path is a JSON record
// (game.ReadRecordJSON): its first bytes name the format. A folder's
// other JSON files are not records.
func isJSONRecord(path string) bool {
	return bytes.Contains(fileHead(path), []byte(game.RecordFormatName))
}

// isJSONFile reports whether the file at path holds JSON text
// (game.IsJSONText): validate and analyze read a file given by name as a
// JSON record then, whatever its name, and tell its problems as a JSON
// record's.
func isJSONFile(path string) bool { return game.IsJSONText(fileHead(path)) }

// readJSONRecord reads the JSON record in file (a deal or a start
// position and the moves; game.Replay plays them).
func readJSONRecord(file string) (*game.Record, error) {
	f, err := game.OpenFile(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, game.MaxRecordSize+1))
	if err != nil {
		return nil, game.ReadError(file, err)
	}
	r, err := game.ReadRecordJSON(bytes.NewReader(data), file)
	if err != nil {
		return nil, recordError(file, data, err)
	}
	return r, nil
}

// recordError is the error of reading data, the text of file, as a game
// record (game.ReadRecord or ReadRecordJSON failed with err), for people:
// selfplay's results are named as such.
func recordError(file string, data []byte, err error) error {
	if isSelfplayResults(data) {
		return fmt.Errorf("%s: selfplay results (JSON lines), not a game record (selfplay merge reads them)", file)
	}
	return errors.New(message(err))
}

// isSelfplayResults reports whether data starts as a selfplay results
// file does: a JSON object whose "type" is "match" or "game".
func isSelfplayResults(data []byte) bool {
	var probe struct {
		Type string `json:"type"`
	}
	err := json.NewDecoder(bytes.NewReader(data)).Decode(&probe)
	return err == nil && (probe.Type == "match" || probe.Type == "game")
}

// jsonLexiconSpec returns the --lexicon value for a JSON record: the
// flag, else the record's lexicon; "" for the game's default (a record
// that names none).
func (a *app) jsonLexiconSpec(r *game.Record) string {
	if a.lexiconSpec != "" {
		return a.lexiconSpec
	}
	if lexicon.IsDefaultName(strings.ToLower(r.Lexicon)) {
		return ""
	}
	if lexicon.IsEmbeddedName(strings.ToLower(r.Lexicon)) {
		return strings.ToLower(r.Lexicon)
	}
	return r.Lexicon
}

// jsonReplayOptions returns the replay options of record r: its lexicon
// (loaded once per run) and its name for reports.
func (a *app) jsonReplayOptions(r *game.Record, lexicons *lexiconCache) (game.ReplayOptions, string, error) {
	o := game.ReplayOptions{Moves: -1}
	lexName := "the game's default"
	if gs, err := game.Lookup(r.Game); err == nil {
		lexName = gs.LexiconName()
	}
	if spec := a.jsonLexiconSpec(r); !lexicon.IsDefaultName(spec) {
		lx, err := lexicons.load(spec)
		if err != nil {
			return o, "", err
		}
		o.Lexicon, lexName = lx.Lexicon, lx.Name
	}
	return o, lexName, nil
}

// jsonAnalysisRecord returns the JSON record in file for the analysis:
// its moves replayed from the deal (game.Replay), each handed out with
// the position before it.
func (a *app) jsonAnalysisRecord(file string, lexicons *lexiconCache) (*analysis.Record, error) {
	r, err := readJSONRecord(file)
	if err != nil {
		return nil, err
	}
	o, lexName, err := a.jsonReplayOptions(r, lexicons)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	name := r.Game
	if r.Variant != "" {
		name += " " + r.Variant
	}
	rec := &analysis.Record{Name: file, Game: name + ", lexicon " + lexName, Moves: len(r.Moves)}
	for _, p := range r.Players {
		rec.Players = append(rec.Players, p.Name)
	}
	rec.Replay = func(fn func(*analysis.Position) error) ([]int, string, error) {
		o := o
		o.Warn = func(error) {} // validate reports the record's faults
		o.Step = func(i int, s game.State, m game.Move) error {
			p := &analysis.Position{State: s, Move: m, Text: r.Moves[i].Move, Where: fmt.Sprintf("%s move %d", file, i+1)}
			if strings.EqualFold(strings.TrimSpace(r.Moves[i].Move), "resign") {
				p.Skip = "resigned"
			}
			return fn(p)
		}
		s, err := game.Replay(r, o)
		if err != nil {
			return nil, "", errors.New(file + ": " + message(err))
		}
		final := make([]int, s.Players())
		for p := range final {
			final[p] = s.Score(p)
		}
		return final, recordEnd(r, s), nil
	}
	return rec, nil
}

// recordEnd says how the game of record r ended, s being its position
// after the last move.
func recordEnd(r *game.Record, s game.State) string {
	switch {
	case r.Result != nil && r.Result.Resigned != nil:
		return fmt.Sprintf("player %d resigned", *r.Result.Resigned+1)
	case !s.Over():
		return "not ended"
	}
	if w := game.Winners(s); len(w) == 1 {
		return fmt.Sprintf("over, won by player %d", w[0]+1)
	}
	return "over, a draw"
}

// validateJSON checks the JSON record in file: every move is its seat's,
// legal, and scores what the record says; the result is the one the
// moves give.
func (a *app) validateJSON(file string, lexicons *lexiconCache) *recordReport {
	rep := &recordReport{File: file}
	r, err := readJSONRecord(file)
	if err != nil {
		rep.Error = err.Error()
		return rep
	}
	rep.Game, rep.Variant, rep.Why, rep.Lexicon = r.Game, r.Variant, "the record's game", r.Lexicon
	o, _, err := a.jsonReplayOptions(r, lexicons)
	if err != nil {
		rep.Error = fmt.Sprintf("%s: %v", file, err)
		return rep
	}
	o.Warn = func(error) {} // the scores are compared in Step
	o.Step = func(i int, s game.State, m game.Move) error {
		rm := r.Moves[i]
		rep.Moves++
		rep.Plays++
		if fault := game.RackFault(s, rm); fault != "" {
			rep.Faults = append(rep.Faults, fmt.Sprintf("%s move %d (%s): %s", file, i+1, rm.Move, fault))
		}
		if got := s.MoveScore(m); got != rm.Score {
			rep.Mismatches = append(rep.Mismatches, scoreMismatch{Line: i + 1, Move: rm.Move, Recorded: rm.Score, Computed: got,
				Message: fmt.Sprintf("%s move %d (%s): recorded %+d, computed %d", file, i+1, rm.Move, rm.Score, got)})
		} else {
			rep.Matched++
		}
		return nil
	}
	s, err := game.Replay(r, o)
	if err != nil {
		rep.Error = file + ": " + message(err)
		rep.End = "not replayed to the end"
		return rep
	}
	rep.Over = s.Over() || r.Result != nil && r.Result.Resigned != nil
	rep.End = recordEnd(r, s)
	for p := range s.Players() {
		rep.Final = append(rep.Final, s.Score(p))
	}
	if r.Result != nil {
		rep.Recorded = r.Result.Scores
		if fmt.Sprint(rep.Recorded) != fmt.Sprint(rep.Final) {
			rep.Faults = append(rep.Faults, fmt.Sprintf("%s: final scores recorded %s, computed %s", file, joinInts(rep.Recorded, "-"), joinInts(rep.Final, "-")))
		}
		if !rep.Over {
			rep.Faults = append(rep.Faults, fmt.Sprintf("%s: the record gives a result, but the game is not over after its moves", file))
		}
	}
	return rep
}
