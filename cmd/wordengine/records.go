package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/lexicon"
)

// recordGame is the game chosen for a record in a game's own format: the
// --game and --variant flags when given, else what the record says
// (game.RecordFile.Detect).
type recordGame struct {
	game, variant string
	// why says how the game was chosen: "--game", or the detection's
	// reason ("#lexicon CSW21").
	why string
}

// chooseRecordGame returns the game of a record detected as det: the
// flags gameFlag and variantFlag win when set (gameSet, variantSet).
func chooseRecordGame(det game.Detection, gameFlag string, gameSet bool, variantFlag string, variantSet bool) recordGame {
	g := recordGame{game: det.Game, variant: det.Variant, why: det.Why}
	if gameSet {
		g.game, g.why = gameFlag, "--game"
		if !variantSet && gameFlag != det.Game {
			g.variant = ""
		}
	}
	if variantSet {
		g.variant = variantFlag
	}
	return g
}

// lexiconFamilies maps the prefixes of the lexicon names records give to
// the lexicon of ours that holds their words: SOWPODS for the Collins
// lists, and for the North American lists (whose words it nearly all
// holds, with more), for want of one of their own.
var lexiconFamilies = []struct{ prefix, spec, note string }{
	{"CSW", "sowpods", ""},
	{"SOWPODS", "sowpods", ""},
	{"COLLINS", "sowpods", ""},
	{"NWL", "sowpods", "a superset"},
	{"TWL", "sowpods", "a superset"},
	{"OWL", "sowpods", "a superset"},
}

// recordLexiconSpec returns the --lexicon value for a record of game
// gameName that names lexicon recLex ("" none), and a note when it is not
// the record's own: the --lexicon flag when given; for no named lexicon
// (or "default") the game's default (game.Spec.LexiconName: SOWPODS for
// scrabble); an embedded lexicon by its name; a cached lexicon of that
// name (as written or lower case); the family's lexicon of ours
// (lexiconFamilies) when we have it; else the embedded default.
func (a *app) recordLexiconSpec(recLex, gameName string) (spec, note string) {
	if a.lexiconSpec != "" {
		return a.lexiconSpec, ""
	}
	cached := a.haveLexicon
	switch {
	case lexicon.IsDefaultName(strings.ToLower(recLex)):
		if spec, err := game.Lookup(gameName); err == nil {
			return spec.LexiconName(), ""
		}
		return "", ""
	case lexicon.IsEmbeddedName(strings.ToLower(recLex)):
		return strings.ToLower(recLex), ""
	case !strings.ContainsAny(recLex, `/\`) && cached(recLex):
		return recLex, ""
	case !strings.ContainsAny(recLex, `/\`) && cached(strings.ToLower(recLex)):
		return strings.ToLower(recLex), ""
	}
	up := strings.ToUpper(recLex)
	for _, f := range lexiconFamilies {
		if strings.HasPrefix(up, f.prefix) && cached(f.spec) {
			if f.note != "" {
				return f.spec, fmt.Sprintf("the record's lexicon %s is not available: using %s (%s)", recLex, f.spec, f.note)
			}
			return f.spec, fmt.Sprintf("the record's lexicon %s: using %s", recLex, f.spec)
		}
	}
	return "", fmt.Sprintf("the record's lexicon %s is not available: using the embedded %s (choose with --lexicon)", recLex, lexicon.DefaultName)
}

// lexiconCache loads each lexicon once for a run over many records
// (analyze and validate of a folder), safe for concurrent use.
type lexiconCache struct {
	a  *app
	mu sync.Mutex
	m  map[string]*lexiconEntry
}

type lexiconEntry struct {
	once sync.Once
	lx   *loadedLexicon
	err  error
}

func newLexiconCache(a *app) *lexiconCache {
	return &lexiconCache{a: a, m: map[string]*lexiconEntry{}}
}

// load returns the lexicon spec names, loading it on first use.
func (c *lexiconCache) load(spec string) (*loadedLexicon, error) {
	c.mu.Lock()
	e, ok := c.m[spec]
	if !ok {
		e = &lexiconEntry{}
		c.m[spec] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.lx, e.err = c.a.loadLexicon(spec) })
	return e.lx, e.err
}

// recordFiles expands the FILE|DIR arguments of validate and analyze: a
// file stands for itself, a folder for the record files under it (GCG
// and JSON records, isRecordFile), in lexical order. The error
// names an argument that cannot be read, or a folder with no record.
func recordFiles(args []string) ([]string, error) {
	var out []string
	for _, arg := range args {
		fi, err := os.Stat(arg)
		if err != nil {
			return nil, game.ReadError(arg, err)
		}
		if !fi.IsDir() {
			out = append(out, arg)
			continue
		}
		n := len(out)
		err = filepath.WalkDir(arg, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return game.ReadError(path, err)
			}
			if !d.IsDir() && isRecordFile(path) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(out) == n {
			return nil, fmt.Errorf("%s: no game records in this folder (%s)", arg, recordKinds())
		}
	}
	return out, nil
}

// recordKinds names the files a folder's records are found by: "*.gcg
// or a JSON record (*.json)".
func recordKinds() string {
	var exts []string
	for _, f := range checkFormats() {
		if f.format.Ext != "" && !slices.Contains(exts, "*"+f.format.Ext) {
			exts = append(exts, "*"+f.format.Ext)
		}
	}
	return strings.Join(append(exts, "JSON records *.json"), ", ")
}

// isRecordFile reports whether a file found in a folder is a game record:
// a file of a game's own record format that can be checked (its
// extension, checkFormats), or a .json file that is a JSON record
// (isJSONRecord).
func isRecordFile(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	if ext == ".json" {
		return isJSONRecord(path)
	}
	for _, f := range checkFormats() {
		if f.format.Ext != "" && ext == f.format.Ext {
			return true
		}
	}
	return false
}

// checkFormat is a game's own record format whose files validate and
// analyze check (game.RecordFormat.Open), with the games it serves.
type checkFormat struct {
	format *game.RecordFormat
	games  []string
}

// checkFormats returns the registered record formats with Open, each once
// (games that share a format share its pointer), in the order of their
// first game's name.
func checkFormats() []checkFormat {
	var out []checkFormat
	for _, n := range game.Names() {
		spec, _ := game.Lookup(n)
		f := spec.Records
		if f == nil || f.Open == nil || f.CheckRules == nil {
			continue
		}
		i := slices.IndexFunc(out, func(c checkFormat) bool { return c.format == f })
		if i < 0 {
			out = append(out, checkFormat{format: f})
			i = len(out) - 1
		}
		out[i].games = append(out[i].games, n)
	}
	return out
}

// checkFormatsHelp says which records validate and analyze check besides
// JSON records: "GCG records of scrabble and wwf".
func checkFormatsHelp() string {
	var parts []string
	for _, f := range checkFormats() {
		parts = append(parts, f.format.Name+" records of "+strings.Join(f.games, " and "))
	}
	return strings.Join(parts, ", ")
}

// checkRecordGame checks --game and --variant of validate and analyze
// (given for every record in a game's own format): the rules of the
// game's format must take them; a game without such a format is refused
// by the first format, which names its own games.
func checkRecordGame(name, variant string) error {
	formats := checkFormats()
	if len(formats) == 0 {
		return fmt.Errorf("no game has records of its own format to check")
	}
	f := formats[0].format
	if spec, err := game.Lookup(name); err == nil && spec.Records != nil && spec.Records.CheckRules != nil {
		f = spec.Records
	}
	return f.CheckRules(name, variant, nil)
}

// openRecordFile reads file, a record in a game's own format, for
// checking: with the format whose extension the file has, else with each
// format in turn (the first that reads it). The error is the first
// format's.
func openRecordFile(file string) (game.RecordFile, *game.RecordFormat, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, game.ReadError(file, err)
	}
	var formats []*game.RecordFormat
	for _, f := range checkFormats() {
		if f.format.Ext != "" && strings.HasSuffix(strings.ToLower(file), f.format.Ext) {
			formats = append([]*game.RecordFormat{f.format}, formats...)
		} else {
			formats = append(formats, f.format)
		}
	}
	var first error
	for _, f := range formats {
		rf, err := f.Open(bytes.NewReader(data), file)
		if err == nil {
			return rf, f, nil
		}
		if first == nil {
			first = err
		}
	}
	if first == nil {
		first = fmt.Errorf("%s: not a JSON record, and no game has records of its own format", file)
	}
	return nil, nil, first
}

// hintLexiconSpec returns the --lexicon value for hint: the flag when
// given; else the lexicon the record or CGP position names, when we have
// it or one that holds its words (recordLexiconSpec), for the game the
// position is played as (gs, or a record's own game when --game is not
// given: as hintPosition chooses); else the default. A record on
// standard input is read here and put back as c's input for hint to
// read. A note says when the lexicon is not the record's own (a position's
// own warnings say it for a position).
func (a *app) hintLexiconSpec(c *cobra.Command, gs game.Spec, record, cgp string) (spec, note string) {
	if a.lexiconSpec != "" {
		return a.lexiconSpec, ""
	}
	switch {
	case record != "":
		var data []byte
		var err error
		if record == "-" {
			data, err = io.ReadAll(c.InOrStdin())
			c.SetIn(bytes.NewReader(data))
		} else {
			data, err = os.ReadFile(record)
		}
		if err != nil {
			return "", "" // hint reports the file's error
		}
		rec, err := game.ReadRecord(bytes.NewReader(data), record)
		if err != nil {
			return "", ""
		}
		name := rec.Game
		if name == "" || c.Flags().Changed("game") {
			name = gs.Name
		}
		return a.recordLexiconSpec(rec.Lexicon, name)
	case cgp != "":
		// The game's position format says what the text names. No note:
		// the position's own warnings say when the lexicon used is not
		// the one it names.
		if gs.DetectPosition != nil {
			if d, err := gs.DetectPosition(cgp); err == nil {
				spec, _ := a.recordLexiconSpec(d.Lexicon, gs.Name)
				return spec, ""
			}
		}
	}
	return "", ""
}
