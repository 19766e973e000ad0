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
// that names lexicon recLex ("" none), and a note when it is not the
// record's own: the --lexicon flag when given; the embedded lexicon for
// our own default's names; a cached lexicon of that name (as written or
// lower case); the family's lexicon of ours (lexiconFamilies) when it is
// cached; else, for no named lexicon, sowpods for scrabble (when cached)
// and the embedded one for wwf.
func (a *app) recordLexiconSpec(recLex, game string) (spec, note string) {
	if a.lexiconSpec != "" {
		return a.lexiconSpec, ""
	}
	cached := func(name string) bool {
		_, err := a.lexiconPath(name)
		return err == nil
	}
	switch {
	case recLex == "":
		if game == "scrabble" && cached("sowpods") {
			return "sowpods", "the record names no lexicon: sowpods for scrabble"
		}
		return "", ""
	case strings.EqualFold(recLex, lexicon.DefaultName) || strings.EqualFold(recLex, "default") || strings.EqualFold(recLex, "en"):
		return "", ""
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
// names an argument that does not exist.
func recordFiles(args []string) ([]string, error) {
	var out []string
	for _, arg := range args {
		fi, err := os.Stat(arg)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", arg, err)
		}
		if !fi.IsDir() {
			out = append(out, arg)
			continue
		}
		err = filepath.WalkDir(arg, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && isRecordFile(path) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
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
		return nil, nil, err
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
// it or one that holds its words (recordLexiconSpec); else the default.
// A record on standard input is read here and put back as c's input for
// hint to read. A note says when the lexicon is not the record's own (a
// position's own warnings say it for a position).
func (a *app) hintLexiconSpec(c *cobra.Command, record, cgp string) (spec, note string) {
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
		return a.recordLexiconSpec(rec.Lexicon, rec.Game)
	case cgp != "":
		// The first game whose position format reads the text says what
		// it names.
		for _, n := range game.Names() {
			spec, _ := game.Lookup(n)
			if spec.DetectPosition == nil {
				continue
			}
			if d, err := spec.DetectPosition(cgp); err == nil {
				// No note: the position's own warnings say when the
				// lexicon used is not the one it names.
				spec, _ := a.recordLexiconSpec(d.Lexicon, d.Game)
				return spec, ""
			}
		}
	}
	return "", ""
}
