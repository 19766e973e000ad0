package sim

import (
	"cmp"
	"math"
	"slices"

	"wordengine/search"
)

// accum sums the samples of every candidate, in iteration order, so that
// the sums (floating point) are the same whatever the number of threads.
type accum struct {
	n     int       // completed iterations
	count []int     // per candidate: its iterations
	x, xx []float64 // objective: sum and sum of squares
	e, ee []float64 // equity
	w, ww []float64 // win estimate
	cross []float64 // k×k: sum of x_a·x_b over the iterations both ran
	k     int
}

func newAccum(k int) *accum {
	return &accum{
		k: k, count: make([]int, k),
		x: make([]float64, k), xx: make([]float64, k),
		e: make([]float64, k), ee: make([]float64, k),
		w: make([]float64, k), ww: make([]float64, k),
		cross: make([]float64, k*k),
	}
}

// add adds one iteration's samples of the alive candidates.
func (a *accum) add(alive []int, s []sample, winW float64) {
	a.n++
	for _, c := range alive {
		v := s[c]
		x := v.eq + winW*v.win
		a.count[c]++
		a.x[c] += x
		a.xx[c] += x * x
		a.e[c] += v.eq
		a.ee[c] += v.eq * v.eq
		a.w[c] += v.win
		a.ww[c] += v.win * v.win
		for _, d := range alive {
			a.cross[c*a.k+d] += x * (s[d].eq + winW*s[d].win)
		}
	}
}

// meanSE returns the mean and its standard error of n samples with sum
// and sum of squares sq.
func meanSE(sum, sq float64, n int) (mean, se float64) {
	if n == 0 {
		return 0, 0
	}
	mean = sum / float64(n)
	if n < 2 {
		return mean, 0
	}
	v := (sq - sum*mean) / float64(n-1)
	return mean, math.Sqrt(max(v, 0) / float64(n))
}

// ZCritical returns the one-sided critical value of the elimination test
// at confidence conf percent against others rivals (Bonferroni: each
// comparison at level (1 − conf/100)/others), Φ⁻¹(1 − α/others).
func ZCritical(conf, others int) float64 {
	alpha := (1 - float64(conf)/100) / float64(max(others, 1))
	return math.Sqrt2 * math.Erfinv(1-2*alpha)
}

// eliminate applies the paired z-test at confidence conf (percent) and
// returns the candidates that survive: the leader (highest mean
// objective among alive; ties go to the earlier in static order) and
// every candidate the leader does not beat at that confidence. The test
// statistic for candidate c is the mean of the paired differences
// x_leader − x_c over the common iterations divided by its standard
// error; with common random numbers the pairing removes the variance
// both share. A difference with zero variance counts as proven when
// positive.
func (a *accum) eliminate(alive []int, conf int) []int {
	lead := alive[0]
	for _, c := range alive[1:] {
		if a.x[c] > a.x[lead] {
			lead = c
		}
	}
	n := float64(a.n)
	z := ZCritical(conf, len(alive)-1)
	out := alive[:0:0]
	for _, c := range alive {
		if c == lead {
			out = append(out, c)
			continue
		}
		d := a.x[lead] - a.x[c]
		dd := a.xx[lead] + a.xx[c] - 2*a.cross[lead*a.k+c]
		mean := d / n
		v := max((dd-d*mean)/(n-1), 0)
		se := math.Sqrt(v / n)
		beaten := mean > 0 && (se == 0 || mean/se > z)
		if !beaten {
			out = append(out, c)
		}
	}
	return out
}

// stats returns the candidates' statistics: the alive ones first, each
// group by decreasing mean objective, ties in static order.
func (a *accum) stats(cands []search.Candidate, alive []int) []Stat {
	out := make([]Stat, len(cands))
	for c, cd := range cands {
		st := Stat{Move: cd.Move, Score: cd.Score, Static: cd.Equity, Iterations: a.count[c], Eliminated: !slices.Contains(alive, c)}
		n := a.count[c]
		st.Mean, st.SE = meanSE(a.x[c], a.xx[c], n)
		st.Equity, st.EquitySE = meanSE(a.e[c], a.ee[c], n)
		var wse float64
		st.Win, wse = meanSE(a.w[c], a.ww[c], n)
		if n == 0 {
			// No rollout yet: the static ranking decides.
			// The win estimate is unknown: 0.5 in [0, 1].
			st.Mean, st.Equity, st.Win, wse = float64(cd.Equity)/1000, float64(cd.Equity)/1000, 0.5, 1
		}
		st.WinLo, st.WinHi = max(st.Win-1.96*wse, 0), min(st.Win+1.96*wse, 1)
		out[c] = st
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		return cmp.Or(cmp.Compare(boolInt(out[i].Eliminated), boolInt(out[j].Eliminated)), cmp.Compare(out[j].Mean, out[i].Mean))
	})
	sorted := make([]Stat, len(cands))
	for i, c := range order {
		sorted[i] = out[c]
	}
	return sorted
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
