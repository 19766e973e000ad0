package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/lexicon"
)

// lexiconCommand returns `wordengine lexicon` and its subcommands.
// anagramMinSpan is what lexicon anagram --min allows: a word's length.
var anagramMinSpan = span{1, lexicon.MaxWordLen, ""}

func (a *app) lexiconCommand() *cobra.Command {
	c := &cobra.Command{
		Use:   "lexicon",
		Short: "Build, inspect and query lexicons",
		Long: `Build, inspect and query lexicons.

A lexicon is a word list compiled into a DAWG and a GADDAG. Two are embedded:
the English Letterpress list ("en", "en-letterpress"), which every game but
Scrabble plays by default, and SOWPODS ("sowpods"), the tournament list that
Scrabble plays by default. 'make lexicons' builds es, it, pt, de, fr and
upwords-en into the lexicon cache, where --lexicon NAME finds them.

The lexicon of these commands is --lexicon; without it, the default of the
game --game names (wordengine lexicon info --game scrabble: SOWPODS), else
the Letterpress list.`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return usagef(c.CommandPath(), "lexicon: name a subcommand (%s)", strings.Join(subcommandNames(c), ", "))
		},
	}
	c.PersistentFlags().Bool("json", false, "write results as JSON")
	c.PersistentFlags().StringVar(&a.lexiconGame, "game", "", "without --lexicon, the lexicon this game plays by default: "+strings.Join(game.Names(), ", "))
	c.AddCommand(a.buildCommand(), a.infoCommand(), a.checkCommand(),
		a.anagramCommand(), a.patternCommand(), a.listCommand())
	return c
}

// commandLexicon returns the lexicon of a lexicon subcommand: spec (the
// argument or --lexicon), for the game of --game when given (whose
// default lexicon "" and "default" then name).
func (a *app) commandLexicon(c *cobra.Command, spec string) (*loadedLexicon, error) {
	if a.lexiconGame == "" {
		return a.loadLexicon(spec)
	}
	gs, err := gameSpec(c.CommandPath(), a.lexiconGame)
	if err != nil {
		return nil, err
	}
	return a.gameLexicon(gs, spec)
}

// defaultFor returns the games that play the lexicon called name by
// default (game.Spec.LexiconName), sorted.
func defaultFor(name string) []string {
	out := []string{}
	for _, g := range game.Names() {
		if gs, err := game.Lookup(g); err == nil && gs.LexiconName() == name {
			out = append(out, g)
		}
	}
	return out
}

// jsonFlag reports whether --json is set for c.
func jsonFlag(c *cobra.Command) bool {
	v, _ := c.Flags().GetBool("json")
	return v
}

// writeJSON writes v as indented JSON and a newline.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func (a *app) infoCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "info [NAME|FILE]",
		Short: "Describe a lexicon: words, alphabet, automaton sizes",
		Long: `Describe a lexicon: its name, where it comes from, the games that play it by
default, its alphabet, word count and lengths, the sizes of its DAWG and
GADDAG, its encoded size and checksum. The lexicon is the argument if given,
else --lexicon, else the default of the game --game names (the lexicon that
game plays: wordengine lexicon info --game scrabble), else the Letterpress
list.`,
		Example: `  wordengine lexicon info
  wordengine lexicon info --game scrabble
  wordengine lexicon info sowpods --json`,
		Args: maxArgs(1, "NAME|FILE"),
		RunE: func(c *cobra.Command, args []string) error {
			spec := a.lexiconSpec
			if len(args) == 1 {
				spec = args[0]
			}
			lx, err := a.commandLexicon(c, spec)
			if err != nil {
				return err
			}
			in := lx.Info()
			games := []string{}
			if lx.Source == "embedded" || strings.HasPrefix(lx.Source, "embedded,") {
				games = defaultFor(in.Name)
			}
			if jsonFlag(c) {
				return writeJSON(a.stdout, struct {
					lexicon.Info
					Source     string   `json:"source"`
					DefaultFor []string `json:"default_for"`
					LoadMS     float64  `json:"load_ms"`
				}{in, lx.Source, games, lx.Elapsed.Seconds() * 1000})
			}
			w := a.stdout
			fmt.Fprintf(w, "name:       %s\n", in.Name)
			fmt.Fprintf(w, "source:     %s (loaded in %.1f ms)\n", lx.Source, lx.Elapsed.Seconds()*1000)
			if len(games) > 0 {
				fmt.Fprintf(w, "default of: %s\n", strings.Join(games, ", "))
			}
			fmt.Fprintf(w, "alphabet:   %s, %d letters: %s\n", in.Alphabet, in.Letters, strings.Join(lx.Alphabet.Letters(), " "))
			fmt.Fprintf(w, "words:      %d, %d to %d tiles long\n", in.Words, in.MinLen, in.MaxLen)
			fmt.Fprintf(w, "DAWG:       %d nodes, %d arcs\n", in.DAWGNodes, in.DAWGArcs)
			fmt.Fprintf(w, "GADDAG:     %d nodes, %d arcs\n", in.GADDAGNodes, in.GADDAGArcs)
			fmt.Fprintf(w, "arc array:  %d arcs (%d bytes)\n", in.Arcs, 4*in.Arcs)
			fmt.Fprintf(w, "encoded:    %d bytes\n", in.Bytes)
			fmt.Fprintf(w, "checksum:   %08x (CRC-32C)\n", in.Checksum)
			return nil
		},
	}
}

// checkResult is one word of `lexicon check`.
type checkResult struct {
	Word       string `json:"word"`                 // as typed
	Normalized string `json:"normalized,omitempty"` // as looked up, when it differs
	Valid      bool   `json:"valid"`
	Reason     string `json:"reason,omitempty"` // why an invalid word could not even be looked up
}

func (a *app) checkCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "check WORD...",
		Short: "Say whether each word is VALID or INVALID (exit 1 if any is not)",
		Long: `Say whether each word is in the lexicon. Words are normalised as the
lexicon's language normalises its word list (case, diacritics, ß -> SS, ...).
Exit status is 1 when any word is invalid.`,
		Args: minArgs(1, "WORD..."),
		RunE: func(c *cobra.Command, args []string) error {
			lx, err := a.commandLexicon(c, a.lexiconSpec)
			if err != nil {
				return err
			}
			norm := normalizer(lx.Lexicon)
			results := make([]checkResult, len(args))
			var invalid []string
			for i, raw := range args {
				r := checkResult{Word: raw}
				word, reason := norm(raw)
				if word != raw {
					r.Normalized = word
				}
				if reason != "" {
					r.Reason = reason
				} else {
					r.Valid = lx.Contains(word)
				}
				if !r.Valid {
					invalid = append(invalid, raw)
				}
				results[i] = r
			}
			if jsonFlag(c) {
				if err := writeJSON(a.stdout, results); err != nil {
					return err
				}
			} else {
				for _, r := range results {
					verdict := "VALID"
					if !r.Valid {
						verdict = "INVALID"
					}
					fmt.Fprintf(a.stdout, "%-7s %s", verdict, r.Word)
					if r.Normalized != "" && r.Normalized != strings.ToUpper(r.Word) {
						fmt.Fprintf(a.stdout, " (%s)", r.Normalized)
					}
					if r.Reason != "" {
						fmt.Fprintf(a.stdout, " (%s)", r.Reason)
					}
					fmt.Fprintln(a.stdout)
				}
			}
			if len(invalid) > 0 {
				return fmt.Errorf("%s not in lexicon %s: %s", ofTotal(len(invalid), len(args), "word"), lx.Name, strings.Join(invalid, " "))
			}
			return nil
		},
	}
}

// normalizer returns how `lexicon check` turns typed text into the text
// looked up: the normalisation of the lexicon's language when its alphabet
// names one ("de", or "upwords-en" for en), else upper-casing. The reason
// is non-empty when the text cannot be a word of the lexicon at all.
func normalizer(lx *lexicon.Lexicon) func(raw string) (word, reason string) {
	name := lx.Alphabet.Name()
	lang, err := lexicon.LanguageByCode(name)
	if err != nil {
		if i := strings.LastIndexByte(name, '-'); i >= 0 {
			lang, err = lexicon.LanguageByCode(name[i+1:])
		}
	}
	if err != nil {
		return func(raw string) (string, string) { return strings.ToUpper(raw), "" }
	}
	return func(raw string) (string, string) {
		// Lower-case first: typed "CAT" is not an acronym, nor "Cat" a
		// proper noun. The length and case rules of word lists do not
		// apply either: the lexicon decides.
		word, r := lang.Normalize(strings.ToLower(raw))
		switch {
		case word == "":
			return strings.ToUpper(raw), r.String()
		case r == lexicon.DropOutsideAlphabet:
			return word, r.String()
		}
		return word, ""
	}
}

// rackWord is one word found from a rack, for printing and sorting.
type rackWord struct {
	Word   string `json:"word"`   // tiles as Format writes them: blanks lower-case
	Plain  string `json:"plain"`  // the word as in the word list
	Tiles  int    `json:"tiles"`  // length in tiles
	Blanks int    `json:"blanks"` // blanks used
}

// newRackWord describes word (tiles of alphabet al).
func newRackWord(al *lexicon.Alphabet, word []lexicon.Tile) rackWord {
	blanks := 0
	for _, t := range word {
		if t.IsBlank() {
			blanks++
		}
	}
	return rackWord{Word: al.Format(word), Plain: al.Word(word), Tiles: len(word), Blanks: blanks}
}

// sortLongestFirst orders words by length (longest first), then
// alphabetically.
func sortLongestFirst(words []rackWord) {
	slices.SortFunc(words, func(x, y rackWord) int {
		return cmp.Or(cmp.Compare(y.Tiles, x.Tiles), cmp.Compare(x.Plain, y.Plain), cmp.Compare(x.Word, y.Word))
	})
}

// parseRack reads rack letters: letters in either case, '?' a blank,
// multi-letter tiles optionally bracketed ("[QU]").
func parseRack(al *lexicon.Alphabet, s string) ([]lexicon.Tile, error) {
	rack, err := al.Parse(nil, strings.ToUpper(s))
	if err != nil {
		return nil, err
	}
	if len(rack) == 0 {
		return nil, fmt.Errorf("empty rack")
	}
	return rack, nil
}

func (a *app) anagramCommand() *cobra.Command {
	var sub bool
	var minLen int
	c := &cobra.Command{
		Use:   "anagram LETTERS",
		Short: "List the words a rack makes ('?' is a blank)",
		Long: `List the words that use all the letters (with --sub: some of them), longest
first. '?' is a blank; in the output, the letters a blank stands for are
lower-case.`,
		Example: `  wordengine lexicon anagram retains
  wordengine lexicon anagram --sub --min 5 'qurst??'`,
		Args: exactArgs(1, "LETTERS"),
		RunE: func(c *cobra.Command, args []string) error {
			if !anagramMinSpan.has(minLen) {
				return anagramMinSpan.err(c.CommandPath(), "min", minLen)
			}
			lx, err := a.commandLexicon(c, a.lexiconSpec)
			if err != nil {
				return err
			}
			rack, err := parseRack(lx.Alphabet, args[0])
			if err != nil {
				return fmt.Errorf("rack %q: %w", args[0], err)
			}
			var words []rackWord
			lx.Anagrams(rack, sub, func(w []lexicon.Tile) bool {
				if len(w) >= minLen {
					words = append(words, newRackWord(lx.Alphabet, w))
				}
				return true
			})
			sortLongestFirst(words)
			if jsonFlag(c) {
				return writeJSON(a.stdout, struct {
					Rack  string     `json:"rack"`
					Sub   bool       `json:"sub"`
					Count int        `json:"count"`
					Words []rackWord `json:"words"`
				}{lx.Alphabet.Format(rack), sub, len(words), words})
			}
			for _, w := range words {
				fmt.Fprintln(a.stdout, w.Word)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&sub, "sub", false, "also list words that use only some of the letters")
	intFlag(c.Flags(), &minLen, "min", 2, "with --sub, the shortest word listed, in tiles", anagramMinSpan)
	return c
}

func (a *app) patternCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "pattern PATTERN",
		Short: "List the words matching a pattern ('.' is any letter)",
		Example: `  wordengine lexicon pattern 'q..z'
  wordengine lexicon pattern ..xx..`,
		Args: exactArgs(1, "PATTERN"),
		RunE: func(c *cobra.Command, args []string) error {
			lx, err := a.commandLexicon(c, a.lexiconSpec)
			if err != nil {
				return err
			}
			var words []string
			err = lx.Match(args[0], func(w []lexicon.Tile) bool {
				words = append(words, lx.Alphabet.Format(w))
				return true
			})
			if err != nil {
				return fmt.Errorf("pattern %q: %w", args[0], err)
			}
			if jsonFlag(c) {
				return writeJSON(a.stdout, struct {
					Pattern string   `json:"pattern"`
					Count   int      `json:"count"`
					Words   []string `json:"words"`
				}{args[0], len(words), words})
			}
			for _, w := range words {
				fmt.Fprintln(a.stdout, w)
			}
			return nil
		},
	}
}

func (a *app) listCommand() *cobra.Command {
	var dirOnly bool
	c := &cobra.Command{
		Use:   "list",
		Short: "List the lexicons in the cache (where --lexicon NAME looks)",
		Args:  noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			dir, err := a.cacheDir()
			if err != nil {
				return err
			}
			if dirOnly {
				fmt.Fprintln(a.stdout, dir)
				return nil
			}
			names, err := cachedNames(dir)
			if err != nil {
				return fmt.Errorf("lexicon cache: %w", err)
			}
			if jsonFlag(c) {
				return writeJSON(a.stdout, struct {
					Dir      string   `json:"dir"`
					Embedded []string `json:"embedded"`
					Cached   []string `json:"cached"`
				}{dir, append([]string{"en"}, lexicon.EmbeddedNames()[1:]...), append([]string{}, names...)})
			}
			fmt.Fprintf(a.stdout, "embedded: en (en-letterpress), %s\ncache:    %s\n", strings.Join(lexicon.EmbeddedNames()[1:], ", "), dir)
			if len(names) == 0 {
				fmt.Fprintln(a.stdout, "cached:   none (build them with 'make lexicons')")
				return nil
			}
			fmt.Fprintf(a.stdout, "cached:   %s\n", strings.Join(names, " "))
			return nil
		},
	}
	c.Flags().BoolVar(&dirOnly, "dir", false, "print only the cache directory")
	return c
}
