package bench

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Confidence is the level of every interval bench reports.
const Confidence = 0.95

// z95 is the standard normal quantile of (1+Confidence)/2, about 1.96.
var z95 = distuv.UnitNormal.Quantile((1 + Confidence) / 2)

// Interval is an estimate with the bounds of its 95 % confidence interval.
// A bound that cannot be computed (too few samples) is NaN; Elo bounds at
// a win fraction of 0 or 1 are infinite. In JSON, NaN is null and the
// infinities are the strings "+Inf" and "-Inf".
type Interval struct {
	Est float64 `json:"est"`
	Lo  float64 `json:"lo"`
	Hi  float64 `json:"hi"`
}

// Wilson returns the win fraction of points out of n games (a draw is half
// a point) with its Wilson score interval at 95 %. It returns NaNs for
// n == 0.
func Wilson(points float64, n int) Interval {
	if n <= 0 {
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	}
	nf := float64(n)
	p := points / nf
	z2 := z95 * z95
	den := 1 + z2/nf
	mid := (p + z2/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	iv := Interval{p, max(0, mid-half), min(1, mid+half)}
	// At p = 0 or 1 a bound is exactly 0 or 1; rounding must not move it
	// (Elo maps it to an infinity).
	if points <= 0 {
		iv.Lo = 0
	}
	if points >= nf {
		iv.Hi = 1
	}
	return iv
}

// Elo returns the rating difference that predicts the win fraction p under
// the logistic Elo model, -400·log10(1/p - 1): +Inf at p = 1, -Inf at 0.
func Elo(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// EloInterval maps a win-fraction interval (from Wilson) to Elo.
func EloInterval(w Interval) Interval {
	return Interval{Elo(w.Est), Elo(w.Lo), Elo(w.Hi)}
}

// MeanInterval returns the mean of x with its 95 % Student t interval
// (n-1 degrees of freedom). The bounds are NaN for fewer than two values,
// and all three for none.
func MeanInterval(x []float64) Interval {
	switch len(x) {
	case 0:
		return Interval{math.NaN(), math.NaN(), math.NaN()}
	case 1:
		return Interval{x[0], math.NaN(), math.NaN()}
	}
	mean, sd := stat.MeanStdDev(x, nil)
	n := float64(len(x))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Quantile((1 + Confidence) / 2)
	half := t * sd / math.Sqrt(n)
	return Interval{mean, mean - half, mean + half}
}

// Excludes reports whether the interval lies wholly above or wholly below
// v (a significant difference from v).
func (iv Interval) Excludes(v float64) bool { return iv.Lo > v || iv.Hi < v }

// MarshalJSON implements json.Marshaler: NaN is null, infinities are
// "+Inf" and "-Inf".
func (iv Interval) MarshalJSON() ([]byte, error) {
	b := []byte(`{"est":`)
	b = appendFloat(b, iv.Est)
	b = append(b, `,"lo":`...)
	b = appendFloat(b, iv.Lo)
	b = append(b, `,"hi":`...)
	b = appendFloat(b, iv.Hi)
	return append(b, '}'), nil
}

// UnmarshalJSON implements json.Unmarshaler, reading what MarshalJSON
// writes.
func (iv *Interval) UnmarshalJSON(data []byte) error {
	var raw struct{ Est, Lo, Hi any }
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	for _, f := range []struct {
		dst *float64
		v   any
	}{{&iv.Est, raw.Est}, {&iv.Lo, raw.Lo}, {&iv.Hi, raw.Hi}} {
		switch v := f.v.(type) {
		case nil:
			*f.dst = math.NaN()
		case float64:
			*f.dst = v
		case string:
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return err
			}
			*f.dst = x
		default:
			return fmt.Errorf("bench: interval bound %v: want a number, null, \"+Inf\" or \"-Inf\"", v)
		}
	}
	return nil
}

func appendFloat(b []byte, x float64) []byte {
	switch {
	case math.IsNaN(x):
		return append(b, "null"...)
	case math.IsInf(x, 1):
		return append(b, `"+Inf"`...)
	case math.IsInf(x, -1):
		return append(b, `"-Inf"`...)
	}
	return strconv.AppendFloat(b, x, 'g', -1, 64)
}
