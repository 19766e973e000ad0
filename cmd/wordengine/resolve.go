package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"wordengine/game"
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

// loadLexicon resolves spec as --lexicon describes: an embedded name
// ("", "default" and "en" for the embedded Letterpress list, "sowpods"),
// an existing file, or a name in the cache. A command that plays a game
// resolves --lexicon with gameLexicon instead, so that "" and "default"
// are the game's own default.
func (a *app) loadLexicon(spec string) (*loadedLexicon, error) {
	start := time.Now()
	if lexicon.IsEmbeddedName(spec) {
		lx, err := lexicon.Embedded(spec)
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
		return nil, game.ReadError(path, err)
	}
	return &loadedLexicon{lx, path, time.Since(start)}, nil
}

// gameLexicon resolves spec for a game of gs: its default lexicon
// (gs.DefaultLexicon: SOWPODS for Scrabble, the Letterpress list for the
// others) when spec is "" or "default", else as loadLexicon does.
func (a *app) gameLexicon(gs game.Spec, spec string) (*loadedLexicon, error) {
	if !lexicon.IsDefaultName(spec) {
		return a.loadLexicon(spec)
	}
	start := time.Now()
	lx, err := gs.DefaultLexicon()
	if err != nil {
		return nil, fmt.Errorf("the embedded lexicon of %s: %w", gs.Name, err)
	}
	return &loadedLexicon{lx, "embedded, the default of " + gs.Name, time.Since(start)}, nil
}

// lexiconGiven reports whether --lexicon names a lexicon rather than the
// game's default (absent, "" or "default").
func (a *app) lexiconGiven() bool { return !lexicon.IsDefaultName(a.lexiconSpec) }

// haveLexicon reports whether spec names a lexicon that loadLexicon
// finds (embedded, a file or a name in the cache) without loading it.
func (a *app) haveLexicon(spec string) bool {
	if lexicon.IsEmbeddedName(spec) {
		return true
	}
	_, err := a.lexiconPath(spec)
	return err == nil
}

// lexiconPath returns the file that spec names: spec itself when it is an
// existing file, else the first of NAME.lex, NAME.lex.zst and NAME.lex.gz
// in the cache.
func (a *app) lexiconPath(spec string) (string, error) {
	if fi, err := os.Stat(spec); err == nil {
		if fi.IsDir() {
			return "", fmt.Errorf("lexicon file %s is a folder, want a file", spec)
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
