package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"wordengine/game"
	"wordengine/game/outfile"
	"wordengine/lexicon"
)

// buildOptions are the flags of `lexicon build`.
type buildOptions struct {
	lang     string
	in       []string
	out      string
	alphabet string
	minLen   int
	maxLen   int
	name     string
	force    bool
}

func (a *app) buildCommand() *cobra.Command {
	var o buildOptions
	c := &cobra.Command{
		Use:   "build --lang CODE --in FILE --out FILE",
		Short: "Build a lexicon file from a word list",
		Long: `Build a lexicon file from UTF-8 word lists (one word per line, gzip allowed;
"-" is standard input). Words are normalised as the language requires; the
report says how many were kept and why the others were dropped, with the
first example of each reason. Several --in files are merged. The output is
compressed when its name ends in .zst (zstd) or .gz (gzip); it is written under
a temporary name in its folder (which must exist) and renamed when complete;
an existing file is kept unless --force.`,
		Example: `  wordengine lexicon build --lang en --name en-letterpress --in words.txt --out en.lex.zst
  wordengine lexicon build --lang en --alphabet upwords --in words.txt --out upwords-en.lex
  wordengine lexicon build --lang pt --in /usr/share/dict/brazilian --in /usr/share/dict/portuguese --out pt.lex`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error { return a.build(c, &o) },
	}
	f := c.Flags()
	f.StringVar(&o.lang, "lang", "", "language code: "+strings.Join(lexicon.LanguageCodes(), ", ")+" (required)")
	f.StringArrayVar(&o.in, "in", nil, "word list file, \"-\" for standard input; repeat to merge lists (required)")
	f.StringVar(&o.out, "out", "", "lexicon file to write; .zst or .gz compresses it (required)")
	nonEmptyFlag(f, "in", "give a word list file, or - for standard input")
	nonEmptyFlag(f, "out", "give the name of the lexicon file to write")
	f.StringVar(&o.alphabet, "alphabet", "", `alphabet: empty for the language's own, "upwords" for Upwords (QU tile; en only)`)
	intFlag(f, &o.minLen, "min", 2, "shortest word kept, in tiles", span{1, lexicon.MaxWordLen, fmt.Sprintf("1 to %d, at most --max", lexicon.MaxWordLen)})
	intFlag(f, &o.maxLen, "max", 15, "longest word kept, in tiles (the crossword games' rules: 15; WordBlock plays words as long as its board, up to 63 here)", span{1, lexicon.MaxWordLen, fmt.Sprintf("1 to %d, at least --min", lexicon.MaxWordLen)})
	f.StringVar(&o.name, "name", "", "lexicon name (default: the output file name without .lex/.gz)")
	f.BoolVar(&o.force, "force", false, "replace an existing --out file")
	return c
}

// buildReport is what `lexicon build` reports (also as JSON).
type buildReport struct {
	Name    string                  `json:"name"`
	Inputs  []string                `json:"inputs"`
	Lines   int                     `json:"lines"`
	Blank   int                     `json:"blank_lines"`
	Kept    int                     `json:"kept"`
	Dropped map[string]droppedWords `json:"dropped"`
	Info    lexicon.Info            `json:"info"`
	Out     string                  `json:"out"`
	// FileBytes is the size of the written file (compressed or not).
	FileBytes   int64   `json:"file_bytes"`
	ReadSecs    float64 `json:"read_seconds"`
	BuildSecs   float64 `json:"build_seconds"`
	WriteSecs   float64 `json:"write_seconds"`
	TotalSecs   float64 `json:"total_seconds"`
	dropReasons []lexicon.DropReason
}

// droppedWords counts the words dropped for one reason.
type droppedWords struct {
	Count   int    `json:"count"`
	Example string `json:"example"` // the first one, "file:line: word"
}

func (a *app) build(c *cobra.Command, o *buildOptions) error {
	path := c.CommandPath()
	switch {
	case o.lang == "":
		return usagef(path, "--lang is required (one of %s)", strings.Join(lexicon.LanguageCodes(), ", "))
	case len(o.in) == 0:
		return usagef(path, "--in is required")
	case o.out == "":
		return usagef(path, "--out is required")
	case o.minLen < 1 || o.maxLen < o.minLen || o.maxLen > lexicon.MaxWordLen:
		return usagef(path, "--min %d --max %d: want 1 <= min <= max <= %d", o.minLen, o.maxLen, lexicon.MaxWordLen)
	}
	lang, err := lexicon.LanguageByCode(o.lang)
	if err != nil {
		return &usageError{cmd: path, err: err}
	}
	alpha := lang.Alphabet
	switch o.alphabet {
	case "", lang.Code:
	case "upwords", "upwords-en":
		if lang.Code != "en" {
			return usagef(path, "--alphabet upwords: only with --lang en, not %s", lang.Code)
		}
		alpha = lexicon.UpwordsAlphabet()
	default:
		return usagef(path, "--alphabet %q: want empty (the language's) or \"upwords\"", o.alphabet)
	}
	name := o.name
	if name == "" {
		name = filepath.Base(o.out)
		for _, suf := range []string{".zst", ".gz", ".lex"} {
			name = strings.TrimSuffix(name, suf)
		}
	}
	if err := checkNewOut("--out", o.out, o.force); err != nil {
		return err
	}

	start := time.Now()
	rep := &buildReport{Name: name, Inputs: o.in, Out: o.out, Dropped: map[string]droppedWords{}}
	words, err := a.readWordLists(o.in, lexicon.ReadOptions{Language: lang, Alphabet: alpha, MinLen: o.minLen, MaxLen: o.maxLen}, rep)
	if err != nil {
		return err
	}
	t1 := time.Now()
	if len(words) == 0 {
		return fmt.Errorf("no words kept from %s: nothing to build", strings.Join(o.in, ", "))
	}
	lx, err := a.withSpinner("building DAWG and GADDAG", func() (*lexicon.Lexicon, error) {
		return lexicon.Build(name, alpha, words)
	})
	if err != nil {
		return err
	}
	t2 := time.Now()
	if err := lx.WriteFile(o.out); err != nil {
		return outfile.Explain(o.out, err)
	}
	t3 := time.Now()
	fi, err := os.Stat(o.out)
	if err != nil {
		return err
	}
	rep.Info = lx.Info()
	rep.FileBytes = fi.Size()
	rep.ReadSecs = t1.Sub(start).Seconds()
	rep.BuildSecs = t2.Sub(t1).Seconds()
	rep.WriteSecs = t3.Sub(t2).Seconds()
	rep.TotalSecs = t3.Sub(start).Seconds()
	if jsonFlag(c) {
		return writeJSON(a.stdout, rep)
	}
	rep.print(a.stdout)
	return nil
}

// readWordLists reads and normalises every input, merging them without
// duplicates, and records line and drop counts in rep.
func (a *app) readWordLists(inputs []string, opt lexicon.ReadOptions, rep *buildReport) ([][]lexicon.Tile, error) {
	var all [][]lexicon.Tile
	seen := map[string]struct{}{}
	var key []byte
	var dupFirst string
	dups := 0
	for _, in := range inputs {
		words, st, err := a.readWordList(in, opt)
		if err != nil {
			return nil, err
		}
		rep.Lines += st.Lines
		rep.Blank += st.Blank
		for r := range lexicon.NumDropReasons {
			if st.Dropped[r] == 0 {
				continue
			}
			reason := lexicon.DropReason(r)
			d, ok := rep.Dropped[reason.String()]
			if !ok {
				d.Example = st.Example[r]
				rep.dropReasons = append(rep.dropReasons, reason)
			}
			d.Count += st.Dropped[r]
			rep.Dropped[reason.String()] = d
		}
		if len(inputs) == 1 {
			all = words
			break
		}
		for _, w := range words {
			key = key[:0]
			for _, t := range w {
				key = append(key, byte(t))
			}
			if _, ok := seen[string(key)]; ok {
				if dups == 0 {
					dupFirst = fmt.Sprintf("%s: %s (already in an earlier list)", in, opt.Alphabet.Word(w))
				}
				dups++
				continue
			}
			seen[string(key)] = struct{}{}
			all = append(all, w)
		}
	}
	if dups > 0 {
		reason := lexicon.DropDuplicate
		d, ok := rep.Dropped[reason.String()]
		if !ok {
			d.Example = dupFirst
			rep.dropReasons = append(rep.dropReasons, reason)
		}
		d.Count += dups
		rep.Dropped[reason.String()] = d
	}
	rep.Kept = len(all)
	slices.Sort(rep.dropReasons)
	return all, nil
}

// readWordList reads one input ("-" is standard input) with a progress bar
// over the bytes read.
func (a *app) readWordList(in string, opt lexicon.ReadOptions) ([][]lexicon.Tile, lexicon.ReadStats, error) {
	var r io.Reader = os.Stdin
	size := int64(-1)
	name := in
	if in == "-" {
		name = "stdin"
	} else {
		f, err := game.OpenFile(in)
		if err != nil {
			return nil, lexicon.ReadStats{}, flagFileError("--in", err)
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size()
		}
		r = f
	}
	bar := a.newBar(size, "reading "+filepath.Base(name), progressbar.OptionShowBytes(true))
	pr := progressbar.NewReader(r, bar)
	words, st, err := lexicon.ReadWordList(&pr, name, opt)
	bar.Finish()
	return words, st, err
}

// newBar returns a progress bar on stderr, invisible unless a.progress;
// max -1 makes a spinner.
func (a *app) newBar(max int64, desc string, opts ...progressbar.Option) *progressbar.ProgressBar {
	opts = append([]progressbar.Option{
		progressbar.OptionSetWriter(a.stderr),
		progressbar.OptionSetVisibility(a.progress),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(80 * time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionSpinnerType(14),
	}, opts...)
	return progressbar.NewOptions64(max, opts...)
}

// withSpinner runs fn while a spinner turns on stderr (when progress bars
// are shown).
func (a *app) withSpinner(desc string, fn func() (*lexicon.Lexicon, error)) (*lexicon.Lexicon, error) {
	if !a.progress {
		return fn()
	}
	bar := a.newBar(-1, desc, progressbar.OptionSetElapsedTime(true))
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				bar.Add(1)
			}
		}
	}()
	lx, err := fn()
	close(done)
	<-stopped
	bar.Finish()
	return lx, err
}

// print writes the report as text.
func (rep *buildReport) print(w io.Writer) {
	dropped := 0
	for _, d := range rep.Dropped {
		dropped += d.Count
	}
	fmt.Fprintf(w, "read %s: %s, %d blank\n", strings.Join(rep.Inputs, ", "), plural(rep.Lines, "line"), rep.Blank)
	fmt.Fprintf(w, "kept %s, dropped %d\n", plural(rep.Kept, "word"), dropped)
	for _, r := range rep.dropReasons {
		d := rep.Dropped[r.String()]
		fmt.Fprintf(w, "  %-16s %8d  first: %s\n", r.String(), d.Count, d.Example)
	}
	in := &rep.Info
	fmt.Fprintf(w, "lexicon %s: alphabet %s (%d letters), %s of %d to %d tiles\n",
		in.Name, in.Alphabet, in.Letters, plural(in.Words, "word"), in.MinLen, in.MaxLen)
	fmt.Fprintf(w, "  DAWG   %8d nodes %8d arcs\n", in.DAWGNodes, in.DAWGArcs)
	fmt.Fprintf(w, "  GADDAG %8d nodes %8d arcs\n", in.GADDAGNodes, in.GADDAGArcs)
	fmt.Fprintf(w, "  arc array %d arcs, encoded %d bytes, checksum %08x\n", in.Arcs, in.Bytes, in.Checksum)
	fmt.Fprintf(w, "wrote %s: %d bytes\n", rep.Out, rep.FileBytes)
	fmt.Fprintf(w, "time: read %.2f s, build %.2f s, write %.2f s, total %.2f s\n",
		rep.ReadSecs, rep.BuildSecs, rep.WriteSecs, rep.TotalSecs)
}
