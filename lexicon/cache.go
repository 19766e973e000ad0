package lexicon

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The lexicon cache is a directory of lexicon files named NAME.lex,
// NAME.lex.zst or NAME.lex.gz (`make lexicons` fills it), in which a
// lexicon is found by its NAME. Commands and the HTTP server resolve
// lexicon names the same way through these functions.

// EnvCache names the environment variable that overrides the lexicon
// cache directory.
const EnvCache = "WORDENGINE_LEXICONS"

// CacheSuffixes are the file suffixes of lexicons in the cache, in order
// of preference.
var CacheSuffixes = []string{".lex", ".lex.zst", ".lex.gz"}

// embeddedNames are the names that select the embedded lexicon.
var embeddedNames = []string{"", "default", "en", DefaultName}

// IsEmbeddedName reports whether name selects the embedded lexicon: "",
// "default", "en" or DefaultName.
func IsEmbeddedName(name string) bool { return slices.Contains(embeddedNames, name) }

// CacheDir returns the lexicon cache directory: the value of EnvCache
// read with getenv when it is set, else the user cache directory's
// wordengine/lexicons (~/.cache/wordengine/lexicons on Linux). The error
// says that there is no user cache directory.
func CacheDir(getenv func(string) string) (string, error) {
	if d := getenv(EnvCache); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no lexicon cache directory (set %s): %w", EnvCache, err)
	}
	return filepath.Join(d, "wordengine", "lexicons"), nil
}

// HasCacheSuffix reports whether name ends with one of CacheSuffixes.
func HasCacheSuffix(name string) bool {
	for _, suf := range CacheSuffixes {
		if strings.HasSuffix(name, suf) {
			return true
		}
	}
	return false
}

// ErrNotCached is wrapped by CachePath's error for a name that the cache
// does not hold.
var ErrNotCached = errors.New("lexicon: not in the lexicon cache")

// CachePath returns the file of the lexicon called name in the cache
// directory dir: the first of NAME.lex, NAME.lex.zst and NAME.lex.gz that
// exists. A name holding a path separator, or ending with one of
// CacheSuffixes, is no name of the cache (so that no name reaches a file
// outside dir). The error wraps ErrNotCached
// and lists the names the cache holds and how to build them.
func CachePath(dir, name string) (string, error) {
	if name == "" || strings.ContainsAny(name, `/\`) || HasCacheSuffix(name) {
		return "", &notCached{fmt.Sprintf("lexicon %q: not a lexicon name (a name has no path separator or file suffix)", name)}
	}
	for _, suf := range CacheSuffixes {
		p := filepath.Join(dir, name+suf)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, nil
		}
	}
	names, _ := CachedNames(dir)
	avail := "none"
	if len(names) > 0 {
		avail = strings.Join(names, ", ")
	}
	return "", &notCached{fmt.Sprintf("unknown lexicon %q: no %s{%s} in %s (cached: %s; embedded: en).\n"+
		"Build the cached lexicons with 'make lexicons', or one with 'wordengine lexicon build'",
		name, name, strings.Join(CacheSuffixes, ","), dir, avail)}
}

// notCached is CachePath's error: it is ErrNotCached for errors.Is.
type notCached struct{ msg string }

func (e *notCached) Error() string        { return e.msg }
func (e *notCached) Is(target error) bool { return target == ErrNotCached }

// CachedNames returns the sorted names of the lexicons in dir (files
// NAME.lex, NAME.lex.zst or NAME.lex.gz). A missing dir holds none; the
// error is the directory's read error.
func CachedNames(dir string) ([]string, error) {
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
		for _, suf := range CacheSuffixes {
			if name, ok := strings.CutSuffix(e.Name(), suf); ok && name != "" {
				names = append(names, name)
				break
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names), nil
}
