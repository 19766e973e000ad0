package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"wordengine/game"
)

func init() {
	subcommands = append(subcommands, (*app).validateCommand)
}

// validateFlags are the flags of `wordengine validate`.
type validateFlags struct {
	game    string
	variant string
	json    bool
	quiet   bool
}

func (a *app) validateCommand() *cobra.Command {
	var f validateFlags
	c := &cobra.Command{
		Use:   "validate FILE|DIR...",
		Short: "Check game records: rescore every move and apply the end rules",
		Long: `validate replays each game record (a GCG file or a JSON record of the other
games, or every such file under a folder) under the rules of its game: it
scores every play on the board and compares the score with the recorded one,
checks the racks, the turns and the cumulative totals, and applies the end of
the game as the rules give it (a player going out with the bag empty, the
scoreless-turn limit, a resignation), checking the record's end-of-game events
against it.

For each record it prints the game (from --game, else what the record names
or the board its scores fit), the moves replayed, the plays scored as
recorded, every fault as FILE:LINE with the recorded and the computed score,
and the end applied. The exit status is 1 when any record is unreadable or
has a fault, 0 when every record checks.`,
		Example: `  wordengine validate game.gcg
  wordengine validate ../shared/data/gcg --quiet
  wordengine validate --game wwf --json mygames/`,
		Args:          minArgs(1, "record files or folders of them"),
		SilenceErrors: true,
		SilenceUsage:  true,
		RunE:          func(c *cobra.Command, args []string) error { return a.runValidate(c, &f, args) },
	}
	fl := c.Flags()
	fl.StringVar(&f.game, "game", "", "the game of every record (wwf or scrabble); default: what each record names or fits")
	fl.StringVar(&f.variant, "variant", "", "rule options, key=value[,key=value] (wwf: lang=en|es|it|pt|de|fr, end=deduct|none)")
	fl.BoolVar(&f.json, "json", false, "write JSON: one object per record and a summary")
	fl.BoolVar(&f.quiet, "quiet", false, "print only the records with faults and the summary")
	return c
}

// recordReport is what validate finds in one record.
type recordReport struct {
	File    string `json:"file"`
	Game    string `json:"game,omitempty"`
	Variant string `json:"variant,omitempty"`
	// Why says how the game was chosen.
	Why     string `json:"why,omitempty"`
	Lexicon string `json:"lexicon,omitempty"`
	// Error is why the record could not be read or replayed to its end.
	Error      string          `json:"error,omitempty"`
	Moves      int             `json:"moves"`
	Plays      int             `json:"plays"`
	Matched    int             `json:"matched"`
	Mismatches []scoreMismatch `json:"mismatches,omitempty"`
	// Faults are the other inconsistencies, each "FILE:LINE: what".
	Faults []string `json:"faults,omitempty"`
	// Fit is a warning that the scores fit another game's board better.
	Fit      string `json:"fit,omitempty"`
	End      string `json:"end"`
	Over     bool   `json:"over"`
	Final    []int  `json:"final,omitempty"`
	Recorded []int  `json:"recorded,omitempty"`
}

// scoreMismatch is a play whose recorded score is not the computed one.
type scoreMismatch struct {
	Line     int    `json:"line"`
	Move     string `json:"move"`
	Recorded int    `json:"recorded"`
	Computed int    `json:"computed"`
	Message  string `json:"message"`
}

// ok reports whether the record checked without a fault.
func (r *recordReport) ok() bool {
	return r.Error == "" && len(r.Mismatches) == 0 && len(r.Faults) == 0 && r.Fit == ""
}

// validateSummary totals a validate run.
type validateSummary struct {
	Files      int `json:"files"`
	Read       int `json:"read"`
	Unreadable int `json:"unreadable"`
	Clean      int `json:"clean"`
	Moves      int `json:"moves"`
	Plays      int `json:"plays"`
	Matched    int `json:"matched"`
	Mismatches int `json:"mismatches"`
	Faults     int `json:"faults"`
	Ended      int `json:"ended"`
}

func (a *app) runValidate(c *cobra.Command, f *validateFlags, args []string) error {
	path := c.CommandPath()
	gameSet, variantSet := c.Flags().Changed("game"), c.Flags().Changed("variant")
	if gameSet {
		if err := checkRecordGame(f.game, f.variant); err != nil {
			return usagef(path, "--game %s --variant %q: %v (validate reads %s)", f.game, f.variant, err, checkFormatsHelp())
		}
	}
	files, err := recordFiles(args)
	if err != nil {
		return err
	}
	var sum validateSummary
	var reports []*recordReport
	lexicons := newLexiconCache(a)
	for _, file := range files {
		var r *recordReport
		if isJSONFile(file) {
			r = a.validateJSON(file, lexicons)
		} else {
			r = validateRecordFile(file, f.game, gameSet, f.variant, variantSet)
		}
		reports = append(reports, r)
		sum.Files++
		if r.Game == "" {
			sum.Unreadable++
		} else {
			sum.Read++
		}
		if r.ok() {
			sum.Clean++
		}
		sum.Moves += r.Moves
		sum.Plays += r.Plays
		sum.Matched += r.Matched
		sum.Mismatches += len(r.Mismatches)
		sum.Faults += len(r.Faults)
		if r.Over {
			sum.Ended++
		}
		if !f.json && (!f.quiet || !r.ok()) {
			printRecordReport(a, r)
		}
	}
	if f.json {
		if err := writeJSON(a.stdout, struct {
			Records []*recordReport `json:"records"`
			Summary validateSummary `json:"summary"`
		}{reports, sum}); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(a.stdout, "%s: %d read, %d unreadable, %d without a fault; %s, %s: %d scored as recorded, %d not; %s; %s ended\n",
			plural(sum.Files, "file"), sum.Read, sum.Unreadable, sum.Clean, plural(sum.Moves, "move"), plural(sum.Plays, "play"),
			sum.Matched, sum.Mismatches, plural(sum.Faults, "other fault"), plural(sum.Ended, "game"))
	}
	if sum.Clean != sum.Files {
		return fmt.Errorf("validate: %s %s faults", ofTotal(sum.Files-sum.Clean, sum.Files, "record"), hasHave(sum.Files-sum.Clean))
	}
	return nil
}

// printRecordReport writes r as text.
func printRecordReport(a *app, r *recordReport) {
	w := a.stdout
	if r.Game == "" {
		// The file once: "t.json: unreadable: line 5, column 10: ...".
		fmt.Fprintf(w, "%s: unreadable: %s\n", r.File, strings.TrimPrefix(r.Error, r.File+": "))
		return
	}
	game := r.Game
	if r.Variant != "" {
		game += " " + r.Variant
	}
	lex := r.Lexicon
	if lex == "" {
		lex = "none named"
	}
	fmt.Fprintf(w, "%s: %s (from %s), lexicon %s; %s replayed, %s scored as recorded; end: %s", r.File, game, r.Why, lex, plural(r.Moves, "move"), ofTotal(r.Matched, r.Plays, "play"), r.End)
	if len(r.Final) > 0 {
		fmt.Fprintf(w, "; final %s", joinInts(r.Final, "-"))
		if len(r.Recorded) > 0 {
			fmt.Fprintf(w, " (recorded %s)", joinInts(r.Recorded, "-"))
		}
	}
	fmt.Fprintln(w)
	for _, m := range r.Mismatches {
		fmt.Fprintf(w, "  %s\n", m.Message)
	}
	for _, m := range r.Faults {
		fmt.Fprintf(w, "  %s\n", m)
	}
	if r.Fit != "" {
		fmt.Fprintf(w, "  warning: %s\n", r.Fit)
	}
	if r.Error != "" {
		fmt.Fprintf(w, "  error: %s\n", r.Error)
	}
}

// validateRecordFile checks the record in file, of a game's own format
// (openRecordFile).
func validateRecordFile(file, gameFlag string, gameSet bool, variantFlag string, variantSet bool) *recordReport {
	r := &recordReport{File: file}
	rec, format, err := openRecordFile(file)
	if err != nil {
		r.Error = message(err)
		return r
	}
	det := rec.Detect()
	chosen := chooseRecordGame(det, gameFlag, gameSet, variantFlag, variantSet)
	r.Game, r.Variant, r.Why, r.Lexicon = chosen.game, chosen.variant, chosen.why, det.Lexicon
	if err := format.CheckRules(chosen.game, chosen.variant, nil); err != nil {
		r.Error = message(err)
		return r
	}
	r.Fit = rec.Fit(chosen.game, chosen.variant)
	res, err := rec.Check(game.CheckOptions{
		Game: chosen.game, Variant: chosen.variant, Seed: 1,
		Fault: func(f game.RecordFault) {
			if f.Score {
				r.Mismatches = append(r.Mismatches, scoreMismatch{Line: f.Line, Move: f.Move,
					Recorded: f.Recorded, Computed: f.Computed, Message: message(f.Err)})
				return
			}
			r.Faults = append(r.Faults, message(f.Err))
		},
	})
	if res != nil {
		r.Moves, r.Plays, r.Matched = res.Moves, res.Plays, res.Matched
	}
	if err != nil {
		r.Error = message(err)
		r.End = "not replayed to the end"
		return r
	}
	r.End, r.Over = res.End, res.Over
	r.Final, r.Recorded = res.Final, res.Recorded
	return r
}
