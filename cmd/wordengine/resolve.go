package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"wordengine/lexicon"
)

// envLexicons names the environment variable that overrides the lexicon
// cache directory.
const envLexicons = lexicon.EnvCache

// loadedLexicon is a lexicon with where it came from and how long loading
// took.
type loadedLexicon struct {
	*lexicon.Lexicon
	Source  string        // "embedded" or a file path
	Elapsed time.Duration // time to load (first use of the embedded one)
}

// cacheDir returns the lexicon cache directory: $WORDENGINE_LEXICONS, else
// the user cache directory's wordengine/lexicons.
func (a *app) cacheDir() (string, error) { return lexicon.CacheDir(a.getenv) }

// loadLexicon resolves spec as --lexicon describes: an embedded name, an
// existing file, or a name in the cache.
func (a *app) loadLexicon(spec string) (*loadedLexicon, error) {
	start := time.Now()
	if lexicon.IsEmbeddedName(spec) {
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
	if strings.ContainsRune(spec, '/') || strings.ContainsRune(spec, filepath.Separator) || lexicon.HasCacheSuffix(spec) {
		return "", fmt.Errorf("lexicon file %s: %w", spec, fs.ErrNotExist)
	}
	dir, err := a.cacheDir()
	if err != nil {
		return "", err
	}
	return lexicon.CachePath(dir, spec)
}

// cachedNames returns the sorted names of the lexicons in dir.
func cachedNames(dir string) ([]string, error) { return lexicon.CachedNames(dir) }
