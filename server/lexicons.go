package server

import (
	"errors"
	"strings"
	"sync"

	"wordengine/lexicon"
)

// lexicons loads lexicons by name, once each: every game that names a
// lexicon shares the one loaded copy. A name is the embedded lexicon's
// ("", "default", "en", lexicon.DefaultName) or that of a file in the
// lexicon cache; a request never names a file.
type lexicons struct {
	dir    string
	mu     sync.Mutex
	loaded map[string]*lexiconOnce
}

type lexiconOnce struct {
	once sync.Once
	lx   *lexicon.Lexicon
	err  error
}

func newLexicons(dir string) *lexicons {
	return &lexicons{dir: dir, loaded: map[string]*lexiconOnce{}}
}

// get returns the lexicon called name: nil for the embedded names, which
// lets each game use its own default (the embedded lexicon, or a
// variant's own). The error (422) names the lexicons offered.
func (l *lexicons) get(name string) (*lexicon.Lexicon, error) {
	if lexicon.IsEmbeddedName(name) {
		return nil, nil
	}
	if l.dir == "" {
		return nil, unprocessable("unknown_lexicon", "unknown lexicon %q: this server offers only the embedded lexicon (en)", name)
	}
	path, err := lexicon.CachePath(l.dir, name)
	if err != nil {
		if errors.Is(err, lexicon.ErrNotCached) {
			names, _ := lexicon.CachedNames(l.dir)
			return nil, unprocessable("unknown_lexicon", "unknown lexicon %q (known: %s)", name, strings.Join(append([]string{"en"}, names...), ", "))
		}
		return nil, unprocessable("unknown_lexicon", "lexicon %q: cannot be read", name)
	}
	l.mu.Lock()
	e, ok := l.loaded[path]
	if !ok {
		e = &lexiconOnce{}
		l.loaded[path] = e
	}
	l.mu.Unlock()
	e.once.Do(func() { e.lx, e.err = lexicon.LoadFile(path) })
	if e.err != nil {
		return nil, unprocessable("unknown_lexicon", "lexicon %q: the server's file is damaged", name)
	}
	return e.lx, nil
}
