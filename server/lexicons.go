package server

import (
	"errors"
	"strings"
	"sync"

	"wordengine/game"
	"wordengine/lexicon"
)

// lexicons loads lexicons by name, once each: every game that names a
// lexicon shares the one loaded copy. A name is "" or "default" (the
// game's default, Spec.Lexicon), an embedded lexicon's ("en",
// lexicon.DefaultName, lexicon.SOWPODSName) or that of a file in the
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

// get returns the lexicon called name: nil for "" and "default", which
// lets each game use its own default (Spec.Lexicon); the embedded
// lexicon of an embedded name. The error (422) names the lexicons
// offered.
func (l *lexicons) get(name string) (*lexicon.Lexicon, error) {
	if lexicon.IsDefaultName(name) {
		return nil, nil
	}
	if lexicon.IsEmbeddedName(name) {
		lx, err := lexicon.Embedded(name)
		if err != nil {
			return nil, err
		}
		return lx, nil
	}
	if l.dir == "" {
		return nil, unprocessable("unknown_lexicon", "unknown lexicon %q: this server offers only the embedded lexicons (%s)", name, strings.Join(embeddedNames(), ", "))
	}
	path, err := lexicon.CachePath(l.dir, name)
	if err != nil {
		if errors.Is(err, lexicon.ErrNotCached) {
			names, _ := lexicon.CachedNames(l.dir)
			return nil, unprocessable("unknown_lexicon", "unknown lexicon %q (known: %s)", name, strings.Join(append(embeddedNames(), names...), ", "))
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

// embeddedNames are the names of the embedded lexicons as requests give
// them: "en" for the Letterpress list, then the others' own names.
func embeddedNames() []string { return append([]string{"en"}, lexicon.EmbeddedNames()[1:]...) }

// publicLexicon is the name a game shows for the lexicon asked for as
// name in a game of spec: the game's default for "" and "default", and
// "en" for the embedded Letterpress list.
func publicLexicon(spec game.Spec, name string) string {
	if lexicon.IsDefaultName(name) {
		name = spec.LexiconName()
	}
	if name == lexicon.DefaultName {
		return "en"
	}
	return name
}
