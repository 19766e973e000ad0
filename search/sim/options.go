package sim

import (
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"wordengine/game/option"
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

// ParseOptions reads options "key=value,key=value" (any order, "" for
// the defaults): plies=P (0 to 20; 0 plays the candidate alone),
// iterations=N (N ≥ 1), time=D (a duration such as 2s or 500ms),
// stop=95, 99 or 0 (0, also off or none: no early stop), candidates=K
// (K ≥ 1), threads=T (0 to 1024; 0: every core, as the default),
// seed=S and the handover's endgame=on|off, endgame-nodes=N and
// endgame-time=D (search.HandoverOptions.Bind), each at most once. The error (an *option.Error) names the
// option and the values it takes.
func ParseOptions(options string) (Options, error) {
	var o Options
	s := option.NewSet("sim", "")
	s.Int(&o.Plies, "plies", 0, 20)
	s.Int(&o.Iterations, "iterations", 1, math.MaxInt)
	s.Duration(&o.Time, "time")
	option.Choice(s, &o.Stop, "stop", option.Is(95, "95"), option.Is(99, "99"), option.Is(-1, "0", "off", "none"))
	s.Int(&o.Candidates, "candidates", 1, math.MaxInt)
	s.Int(&o.Threads, "threads", 0, 1024)
	s.Uint64(&o.Seed, "seed")
	o.Endgame.Bind(s)
	if err := s.Parse(options); err != nil {
		return o, err
	}
	if s.Given("plies") && o.Plies == 0 {
		o.Plies = -1
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
