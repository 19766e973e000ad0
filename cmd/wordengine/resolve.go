package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"wordengine/lexicon"
)

// envLexicons names the environment variable that overrides the lexicon
// cache directory.
const envLexicons = "WORDENGINE_LEXICONS"

// Lexicon file suffixes looked up in the cache, in order of preference.
var lexiconSuffixes = []string{".lex", ".lex.zst", ".lex.gz"}

// embeddedNames are the --lexicon values that select the embedded lexicon.
var embeddedNames = []string{"", "default", "en", lexicon.DefaultName}

// loadedLexicon is a lexicon with where it came from and how long loading
// took.
type loadedLexicon struct {
	*lexicon.Lexicon
	Source  string        // "embedded" or a file path
	Elapsed time.Duration // time to load (first use of the embedded one)
}

// cacheDir returns the lexicon cache directory: $WORDENGINE_LEXICONS, else
// the user cache directory's wordengine/lexicons.
func (a *app) cacheDir() (string, error) {
	if d := a.getenv(envLexicons); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no lexicon cache directory (set %s): %w", envLexicons, err)
	}
	return filepath.Join(d, "wordengine", "lexicons"), nil
}

// loadLexicon resolves spec as --lexicon describes: an embedded name, an
// existing file, or a name in the cache.
func (a *app) loadLexicon(spec string) (*loadedLexicon, error) {
	start := time.Now()
	if slices.Contains(embeddedNames, spec) {
		lx, err := lexicon.Default()
		if err != nil {
			return nil, fmt.Errorf("embedded lexicon: %w", err)
		}
		return &loadedLexicon{lx, "embedded", time.Since(start)}, nil
	}
	path, err := a.lexiconPath(spec)
	if err != nil {
		return nil, err
	}
	lx, err := lexicon.LoadFile(path)
	if err != nil {
		return nil, err
	}
	return &loadedLexicon{lx, path, time.Since(start)}, nil
}

// lexiconPath returns the file that spec names: spec itself when it is an
// existing file, else the first of NAME.lex, NAME.lex.zst and NAME.lex.gz
// in the cache.
func (a *app) lexiconPath(spec string) (string, error) {
	if fi, err := os.Stat(spec); err == nil {
		if fi.IsDir() {
			return "", fmt.Errorf("lexicon file %s is a directory", spec)
		}
		return spec, nil
	}
	if strings.ContainsRune(spec, '/') || strings.ContainsRune(spec, filepath.Separator) || hasLexiconSuffix(spec) {
		return "", fmt.Errorf("lexicon file %s: %w", spec, fs.ErrNotExist)
	}
	dir, err := a.cacheDir()
	if err != nil {
		return "", err
	}
	for _, suf := range lexiconSuffixes {
		p := filepath.Join(dir, spec+suf)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, nil
		}
	}
	names, _ := cachedNames(dir)
	avail := "none"
	if len(names) > 0 {
		avail = strings.Join(names, ", ")
	}
	return "", fmt.Errorf("unknown lexicon %q: no %s{%s} in %s (cached: %s; embedded: en).\n"+
		"Build the cached lexicons with 'make lexicons', or one with 'wordengine lexicon build'",
		spec, spec, strings.Join(lexiconSuffixes, ","), dir, avail)
}

func hasLexiconSuffix(name string) bool {
	for _, suf := range lexiconSuffixes {
		if strings.HasSuffix(name, suf) {
			return true
		}
	}
	return false
}

// cachedNames returns the sorted names of the lexicons in dir (files
// NAME.lex, NAME.lex.zst or NAME.lex.gz). A missing dir holds none.
func cachedNames(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		for _, suf := range lexiconSuffixes {
			if name, ok := strings.CutSuffix(e.Name(), suf); ok && name != "" {
				names = append(names, name)
				break
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names), nil
}
