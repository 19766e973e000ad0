package eval

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
)

// The embedded default tables, data/GAME.leaves.gz; data/README.md says
// how each was made.
//
//go:embed data/*.leaves.gz
var defaultFS embed.FS

// ErrNoDefault is wrapped by DefaultLeaves's error for a game without an
// embedded table.
var ErrNoDefault = errors.New("eval: no default leave table")

var (
	defaultMu     sync.Mutex
	defaultTables = map[string]*defaultTable{}
)

type defaultTable struct {
	once sync.Once
	l    *Leaves
	err  error
}

// DefaultLeaves returns the embedded leave table of game ("wwf": Words
// With Friends, English tiles; "scrabble": classic Scrabble, English
// tiles, trained on SOWPODS; "upwords": Upwords, English tiles with the
// QU tile), loaded on first use (about 30 ms) and shared: the table is
// immutable. The error wraps ErrNoDefault for a game without one; it
// lists the games that have one.
func DefaultLeaves(game string) (*Leaves, error) {
	defaultMu.Lock()
	d, ok := defaultTables[game]
	if !ok {
		d = &defaultTable{}
		defaultTables[game] = d
	}
	defaultMu.Unlock()
	d.once.Do(func() {
		name := "data/" + game + ".leaves.gz"
		b, err := defaultFS.ReadFile(name)
		if errors.Is(err, fs.ErrNotExist) || strings.ContainsAny(game, "/*?[\\") {
			d.err = fmt.Errorf("%w for game %q (defaults: %s)", ErrNoDefault, game, strings.Join(DefaultGames(), ", "))
			return
		}
		if err != nil {
			d.err = fmt.Errorf("eval: %w", err)
			return
		}
		d.l, d.err = ReadLeaves(bytes.NewReader(b), "embedded "+name)
	})
	return d.l, d.err
}

// DefaultGames returns the names of the games with an embedded leave
// table, sorted.
func DefaultGames() []string {
	ents, _ := defaultFS.ReadDir("data")
	var out []string
	for _, e := range ents {
		if n, ok := strings.CutSuffix(e.Name(), ".leaves.gz"); ok {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}
