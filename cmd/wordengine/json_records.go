package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"wordengine/game"
	"wordengine/search/analysis"
)

// jsonRecordFormat is the "format" of the JSON record of the games that
// have no record format of their own (all but wwf and scrabble).
const jsonRecordFormat = "wordengine-record 1"

// jsonRecord is a JSON record: the game, its variant and lexicon, the
// deal (the seed of rand.New(rand.NewPCG(seed, 1)) given to the game's
// New), the players, and every move in the game's notation with its
// score.
type jsonRecord struct {
	Format  string `json:"format"`
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	Lexicon string `json:"lexicon,omitempty"`
	Seed    uint64 `json:"seed"`
	Start   string `json:"start,omitempty"`
	Title   string `json:"title,omitempty"`
	Players []struct {
		Name   string `json:"name"`
		Player string `json:"player,omitempty"`
	} `json:"players"`
	Moves []struct {
		Seat  int    `json:"seat"`
		Move  string `json:"move"`
		Score int    `json:"score"`
		Rack  string `json:"rack,omitempty"`
		Note  string `json:"note,omitempty"`
	} `json:"moves"`
	Racks  []string `json:"racks,omitempty"`
	Result *struct {
		Scores   []int `json:"scores"`
		Winners  []int `json:"winners"`
		Resigned *int  `json:"resigned,omitempty"`
	} `json:"result,omitempty"`
}

// isJSONRecord reports whether the file at path is a JSON record (its
// first bytes name the format): a folder's other JSON files are not.
func isJSONRecord(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return bytes.Contains(head[:n], []byte(jsonRecordFormat))
}

// readJSONRecord reads the JSON record in file.
func readJSONRecord(file string) (*jsonRecord, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var r jsonRecord
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s: not a game record: %v", file, err)
	}
	switch {
	case r.Format != jsonRecordFormat:
		return nil, fmt.Errorf("%s: format %q: this program reads %q", file, r.Format, jsonRecordFormat)
	case r.Game == "":
		return nil, fmt.Errorf("%s: no game", file)
	case len(r.Players) == 0:
		return nil, fmt.Errorf("%s: no players", file)
	case r.Start != "":
		return nil, fmt.Errorf("%s: a record from a start position is not supported here; records dealt from a seed are", file)
	}
	return &r, nil
}

// jsonStart deals the start of record r with lexicon spec lexSpec ("":
// the game's default).
func (a *app) jsonStart(r *jsonRecord, lexicons *lexiconCache, lexSpec string) (game.State, string, error) {
	spec, err := game.Lookup(r.Game)
	if err != nil {
		return nil, "", err
	}
	cfg := game.Config{Players: len(r.Players), Variant: r.Variant, Rand: rand.New(rand.NewPCG(r.Seed, 1))}
	lexName := "the game's default"
	if lexSpec != "" {
		lx, err := lexicons.load(lexSpec)
		if err != nil {
			return nil, "", err
		}
		cfg.Lexicon, lexName = lx.Lexicon, lx.Name
	}
	s, err := spec.New(cfg)
	if err != nil {
		return nil, "", err
	}
	return s, lexName, nil
}

// jsonLexiconSpec returns the --lexicon value for a JSON record: the
// flag, else the record's lexicon when it is not the embedded one.
func (a *app) jsonLexiconSpec(r *jsonRecord) string {
	if a.lexiconSpec != "" {
		return a.lexiconSpec
	}
	for _, n := range embeddedNames {
		if strings.EqualFold(r.Lexicon, n) {
			return ""
		}
	}
	return r.Lexicon
}

// jsonAnalysisRecord returns the JSON record in file for the analysis.
func (a *app) jsonAnalysisRecord(file string, lexicons *lexiconCache) (*analysis.Record, error) {
	r, err := readJSONRecord(file)
	if err != nil {
		return nil, err
	}
	start, lexName, err := a.jsonStart(r, lexicons, a.jsonLexiconSpec(r))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var names, moves []string
	for _, p := range r.Players {
		names = append(names, p.Name)
	}
	for _, m := range r.Moves {
		moves = append(moves, m.Move)
	}
	rec := analysis.FromMoves(file, start, names, moves, func(i int) string { return fmt.Sprintf("%s move %d", file, i+1) })
	name := r.Game
	if r.Variant != "" {
		name += " " + r.Variant
	}
	rec.Game = name + ", lexicon " + lexName
	return rec, nil
}

// validateJSON checks the JSON record in file: every move is its seat's
// and legal, and scores what the record says.
func (a *app) validateJSON(file string, lexicons *lexiconCache) *recordReport {
	rep := &recordReport{File: file}
	r, err := readJSONRecord(file)
	if err != nil {
		rep.Error = err.Error()
		return rep
	}
	rep.Game, rep.Variant, rep.Why, rep.Lexicon = r.Game, r.Variant, "the record's game", r.Lexicon
	s, _, err := a.jsonStart(r, lexicons, a.jsonLexiconSpec(r))
	if err != nil {
		rep.Error = fmt.Sprintf("%s: %v", file, err)
		return rep
	}
	for i, rm := range r.Moves {
		where := fmt.Sprintf("%s move %d (%s)", file, i+1, rm.Move)
		if s.Over() {
			rep.Faults = append(rep.Faults, where+": the game is over")
			break
		}
		if rm.Seat != s.ToMove() {
			rep.Faults = append(rep.Faults, fmt.Sprintf("%s: made by seat %d, but seat %d is to move", where, rm.Seat, s.ToMove()))
		}
		m, err := s.ParseMove(rm.Move)
		if err != nil {
			rep.Error = fmt.Sprintf("%s: %v", where, err)
			break
		}
		rep.Moves++
		rep.Plays++
		if got := s.MoveScore(m); got != rm.Score {
			rep.Mismatches = append(rep.Mismatches, scoreMismatch{Line: i + 1, Move: rm.Move, Recorded: rm.Score, Computed: got,
				Message: fmt.Sprintf("%s: recorded %+d, computed %d", where, rm.Score, got)})
		} else {
			rep.Matched++
		}
		s.Play(m)
	}
	rep.Over = s.Over()
	rep.End = "not ended"
	if r.Result != nil && r.Result.Resigned != nil && rep.Error == "" {
		rep.Over, rep.End = true, fmt.Sprintf("player %d resigned", *r.Result.Resigned+1)
	} else if rep.Over {
		w := game.Winners(s)
		switch len(w) {
		case 1:
			rep.End = fmt.Sprintf("over, won by player %d", w[0]+1)
		default:
			rep.End = "over, a draw"
		}
	}
	for p := range s.Players() {
		rep.Final = append(rep.Final, s.Score(p))
	}
	if r.Result != nil && rep.Error == "" {
		rep.Recorded = r.Result.Scores
		if fmt.Sprint(rep.Recorded) != fmt.Sprint(rep.Final) {
			rep.Faults = append(rep.Faults, fmt.Sprintf("%s: final scores recorded %v, computed %v", file, rep.Recorded, rep.Final))
		}
		if !rep.Over {
			rep.Faults = append(rep.Faults, fmt.Sprintf("%s: the record gives a result, but the game is not over after its moves", file))
		}
	}
	return rep
}
