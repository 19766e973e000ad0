package main

import (
	"runtime"
	"strconv"

	"github.com/spf13/pflag"
)

// The ranges of the whole-number flags. Each flag's command checks its
// value against a span and says what the span allows in the same words
// as flagError does for a value the flag's type cannot hold at all
// (99999999999999999999): the user reads the numbers that make sense
// ("0 (all) to 1000000000"), never the range of the machine's integers.

// maxCount bounds the counts that have no natural bound (games, moves
// listed, iterations): far beyond what any run plays or shows, and a
// number the user can read.
const maxCount = 1_000_000_000

// span is the whole numbers lo to hi that a flag allows, and how its
// messages say them.
type span struct {
	lo, hi int
	// words says the span ("0 (all) to 1000000000"); "" means "lo to hi".
	words string
}

// want says what the span allows, after "want".
func (r span) want() string {
	if r.words != "" {
		return r.words
	}
	return strconv.Itoa(r.lo) + " to " + strconv.Itoa(r.hi)
}

// resolveThreads is the number of threads that --threads n asks for: n,
// or one per core for 0 (threadsSpan).
func resolveThreads(n int) int {
	if n == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return n
}

// has reports whether v is in the span.
func (r span) has(v int) bool { return v >= r.lo && v <= r.hi }

// err is the usage error of the command at path for --flag v outside the
// span.
func (r span) err(path, flag string, v int) error {
	return usagef(path, "--%s %d: want %s", flag, v, r.want())
}

// Spans of flags that several commands share.
var (
	// gamesSpan: the games of a run (selfplay, leaves train, solo).
	gamesSpan = span{1, maxCount, ""}
	// threadsSpan: every --threads (selfplay, leaves train, analyze, hint
	// --sim and --endgame), 0 meaning one per core (resolveThreads).
	threadsSpan = span{0, maxThreads, "0 (one per core) to " + strconv.Itoa(maxThreads)}
	// shardsSpan: --shards, the shards of an Indexed Job.
	shardsSpan = span{1, maxCount, ""}
)

// wantAnnotation is the pflag annotation under which a whole-number flag
// keeps what it allows (intFlag, wantFlag), for flagError.
const wantAnnotation = "wordengine-want"

// intFlag defines the int flag name on fl, as fl.IntVar does, with the
// span r it allows (checked by its command: see span.err).
func intFlag(fl *pflag.FlagSet, p *int, name string, value int, usage string, r span) {
	fl.IntVar(p, name, value, usage)
	wantFlag(fl, name, r.want())
}

// wantFlag records on the flag name of fl what it allows, in the words
// of its command's check, for a flag whose allowed values depend on
// other flags (intFlag for one span).
func wantFlag(fl *pflag.FlagSet, name, want string) {
	if err := fl.SetAnnotation(name, wantAnnotation, []string{want}); err != nil {
		panic("wantFlag: " + err.Error()) // a flag that was never defined: a mistake in this program
	}
}

// flagWant returns what flag f allows (wantFlag), or "".
func flagWant(f *pflag.Flag) string {
	if w := f.Annotations[wantAnnotation]; len(w) > 0 {
		return w[0]
	}
	return ""
}
