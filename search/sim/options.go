package sim

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"wordengine/search"
)

// Defaults of the options.
const (
	// DefaultCandidates is the number of moves simulated: the top ones by
	// static equity.
	DefaultCandidates = 10
	// DefaultPlies is the number of plies played after the candidate.
	DefaultPlies = 2
	// DefaultIterations is the iteration budget when neither iterations
	// nor time is given.
	DefaultIterations = 400
	// DefaultStop is the confidence of the early stop, in percent.
	DefaultStop = 99
	// DefaultSeed seeds Rank, which gets no random source.
	DefaultSeed = 1
)

// Checkpoint is the number of iterations between two looks at the
// statistics: the elimination test runs after every multiple of
// Checkpoint iterations from MinIterations on, never in between, so that
// a seed gives the same decisions whatever the number of threads.
const Checkpoint = 16

// MinIterations is the number of iterations before the first elimination
// test: fewer samples give too unreliable a variance.
const MinIterations = 32

// Options configure a simulation. The zero value of a field means its
// default. The player spec reads them from
// "plies=P,iterations=N,time=D,stop=95|99|0,candidates=K,threads=T,seed=S"
// (ParseOptions).
type Options struct {
	// Candidates is the number of moves simulated, the top ones by static
	// equity (default DefaultCandidates).
	Candidates int
	// Plies is the number of plies the static player plays for every
	// side after the candidate (default DefaultPlies; -1 means none, the
	// candidate alone).
	Plies int
	// Iterations bounds the number of iterations (one determinization,
	// every surviving candidate rolled out on it). 0 means
	// DefaultIterations when Time is 0 too, else no iteration bound.
	// An iteration budget makes the result depend on the seed alone.
	Iterations int
	// Time bounds the wall-clock time of a simulation (0: none). A time
	// budget makes the number of iterations depend on the machine.
	Time time.Duration
	// Stop is the confidence, in percent, at which a candidate is
	// eliminated when the leader is better (95 or 99; default
	// DefaultStop); -1 turns elimination off (the whole budget is spent
	// on every candidate).
	Stop int
	// Threads is the number of goroutines that run iterations (0, the
	// default: runtime.GOMAXPROCS(0)); at most Checkpoint of them work at
	// once, since the iterations between two checkpoints are all a round
	// has. It changes the speed, never the result.
	Threads int
	// Seed seeds Rank, which has no random source (default DefaultSeed);
	// Choose draws its seed from the random source it is given.
	Seed uint64
	// Endgame configures Choose's handover of endgames and one-tile
	// pre-endgames to the exact solver (search.HandoverOptions; the zero
	// value: on, with the default node budget).
	Endgame search.HandoverOptions
}

// maxInt is the largest int.
const maxInt = int(^uint(0) >> 1)

// optionKeys lists the keys ParseOptions knows, for error messages.
const optionKeys = "plies=P, iterations=N, time=D, stop=95|99|0, candidates=K, threads=T, seed=S, endgame=on|off, endgame-nodes=N, endgame-time=D"

// ParseOptions reads options "key=value,key=value" (any order, "" for
// the defaults): plies=P (0 to 20; 0 plays the candidate alone),
// iterations=N (N ≥ 1), time=D (a Go duration such as 2s or 500ms),
// stop=95, 99 or 0 (0: no early stop), candidates=K (K ≥ 1),
// threads=T (0 to 1024; 0: every core, as the default), seed=S and the
// handover's endgame=on|off, endgame-nodes=N and endgame-time=D
// (search.HandoverOptions), each at most once. The error names the option and what is
// wrong with it.
func ParseOptions(options string) (Options, error) {
	var o Options
	seen := map[string]bool{}
	for _, kv := range strings.Split(options, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return o, fmt.Errorf("sim: option %q: want key=value (known: %s)", kv, optionKeys)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if seen[k] {
			return o, fmt.Errorf("sim: option %s given twice", k)
		}
		seen[k] = true
		bad := func(want string) error {
			return fmt.Errorf("sim: option %s=%q: want %s", k, v, want)
		}
		// intIn reads an integer from lo to hi (hi = maxInt: no bound).
		intIn := func(lo, hi int) (int, error) {
			n, err := strconv.Atoi(v)
			switch {
			case err == nil && n >= lo && n <= hi:
				return n, nil
			case hi == maxInt:
				return 0, bad(fmt.Sprintf("an integer ≥ %d", lo))
			}
			return 0, bad(fmt.Sprintf("an integer from %d to %d", lo, hi))
		}
		var err error
		switch k {
		case "plies":
			var n int
			if n, err = intIn(0, 20); err == nil {
				o.Plies = n
				if n == 0 {
					o.Plies = -1
				}
			}
		case "iterations":
			o.Iterations, err = intIn(1, maxInt)
		case "time":
			o.Time, err = time.ParseDuration(v)
			if err != nil || o.Time <= 0 {
				err = bad("a positive duration such as 2s or 500ms")
			}
		case "stop":
			switch v {
			case "95", "99":
				o.Stop, _ = strconv.Atoi(v)
			case "0", "off", "none":
				o.Stop = -1
			default:
				err = bad("95, 99 or 0 (no early stop)")
			}
		case "candidates":
			o.Candidates, err = intIn(1, maxInt)
		case "threads":
			o.Threads, err = intIn(0, 1024)
		case "seed":
			o.Seed, err = strconv.ParseUint(v, 10, 64)
			if err != nil {
				err = bad("an unsigned integer")
			}
		default:
			known, herr := o.Endgame.Parse(k, v)
			if !known {
				return o, fmt.Errorf("sim: unknown option %q (known: %s)", k, optionKeys)
			}
			if herr != nil {
				err = fmt.Errorf("sim: %w", herr)
			}
		}
		if err != nil {
			return o, err
		}
	}
	return o, nil
}

// withDefaults returns o with every zero field set to its default.
func (o Options) withDefaults() Options {
	if o.Candidates <= 0 {
		o.Candidates = DefaultCandidates
	}
	switch {
	case o.Plies == 0:
		o.Plies = DefaultPlies
	case o.Plies < 0:
		o.Plies = -1
	}
	if o.Iterations <= 0 && o.Time <= 0 {
		o.Iterations = DefaultIterations
	}
	if o.Stop == 0 {
		o.Stop = DefaultStop
	}
	if o.Threads <= 0 {
		o.Threads = runtime.GOMAXPROCS(0)
	}
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	return o
}

// String writes the options as ParseOptions reads them (defaults
// applied; the handover's only when they are not its defaults).
func (o Options) String() string {
	d := o.withDefaults()
	parts := []string{
		"plies=" + strconv.Itoa(max(d.Plies, 0)),
		"candidates=" + strconv.Itoa(d.Candidates),
	}
	if d.Iterations > 0 {
		parts = append(parts, "iterations="+strconv.Itoa(d.Iterations))
	}
	if d.Time > 0 {
		parts = append(parts, "time="+d.Time.String())
	}
	stop := "0"
	if d.Stop > 0 {
		stop = strconv.Itoa(d.Stop)
	}
	parts = append(parts, "stop="+stop, "threads="+strconv.Itoa(d.Threads))
	if d.Endgame != (search.HandoverOptions{}) {
		parts = append(parts, d.Endgame.String())
	}
	return strings.Join(parts, ",")
}
