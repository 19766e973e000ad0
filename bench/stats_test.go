package bench_test

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"wordengine/bench"
)

func near(got, want, tol float64) bool {
	if math.IsInf(want, 0) || math.IsNaN(want) {
		return got == want || (math.IsNaN(got) && math.IsNaN(want))
	}
	return math.Abs(got-want) <= tol
}

// TestWilson checks the Wilson score interval against published values
// (Wilson 1927; e.g. Newcombe 1998, table I, and online calculators).
func TestWilson(t *testing.T) {
	tests := []struct {
		points      float64
		n           int
		est, lo, hi float64
	}{
		{60, 100, 0.600, 0.5020, 0.6906},
		{50, 100, 0.500, 0.4038, 0.5962},
		{81, 263, 0.3080, 0.2553, 0.3662}, // Newcombe 1998, example (a)
		{15, 148, 0.1014, 0.0624, 0.1605}, // Newcombe 1998, example (b)
		{0, 20, 0, 0, 0.1611},             // Newcombe 1998, example (c)
		{1, 29, 0.0345, 0.0061, 0.1718},   // Newcombe 1998, example (d)
		{10, 10, 1, 0.7225, 1},
		{55.5, 100, 0.555, 0.4574, 0.6486}, // 50 wins and 11 draws
	}
	for _, tt := range tests {
		got := bench.Wilson(tt.points, tt.n)
		if !near(got.Est, tt.est, 5e-5) || !near(got.Lo, tt.lo, 5e-5) || !near(got.Hi, tt.hi, 5e-5) {
			t.Errorf("Wilson(%v, %d) = %+v, want {%v %v %v}", tt.points, tt.n, got, tt.est, tt.lo, tt.hi)
		}
	}
	if got := bench.Wilson(0, 0); !math.IsNaN(got.Est) || !math.IsNaN(got.Lo) {
		t.Errorf("Wilson(0, 0) = %+v, want NaNs", got)
	}
}

func TestElo(t *testing.T) {
	tests := []struct{ p, want float64 }{
		{0.5, 0},
		{0.75, 190.8485},
		{0.25, -190.8485},
		{0.64, 99.9510}, // the classic "100 points is about 64 %"
		{10.0 / 11, 400},
		{0.99, 798.2541},
		{1, math.Inf(1)},
		{0, math.Inf(-1)},
	}
	for _, tt := range tests {
		if got := bench.Elo(tt.p); !near(got, tt.want, 5e-4) {
			t.Errorf("Elo(%v) = %v, want %v", tt.p, got, tt.want)
		}
	}
	iv := bench.EloInterval(bench.Wilson(60, 100))
	if !near(iv.Est, 70.4365, 5e-4) || !near(iv.Lo, 1.3915, 5e-3) || !near(iv.Hi, 139.4815, 5e-3) {
		t.Errorf("EloInterval(Wilson(60, 100)) = %+v", iv)
	}
	iv = bench.EloInterval(bench.Wilson(0, 20))
	if !math.IsInf(iv.Lo, -1) || !math.IsInf(iv.Est, -1) || iv.Hi >= 0 {
		t.Errorf("EloInterval(Wilson(0, 20)) = %+v, want [-Inf, negative]", iv)
	}
}

// TestMeanInterval checks the t interval against values computed by hand
// from tabled t quantiles (t(4) 2.776445, t(1) 12.7062, t(9) 2.262157).
func TestMeanInterval(t *testing.T) {
	tests := []struct {
		x           []float64
		est, lo, hi float64
	}{
		{[]float64{1, 2, 3, 4, 5}, 3, 1.036757, 4.963243},
		{[]float64{10, -10}, 0, -127.0620, 127.0620},
		{[]float64{5.1, 4.9, 5.6, 5.8, 6.0, 6.1, 4.4, 5.5, 5.0, 5.3}, 5.37, 4.9884, 5.7516},
	}
	for _, tt := range tests {
		got := bench.MeanInterval(tt.x)
		if !near(got.Est, tt.est, 1e-6) || !near(got.Lo, tt.lo, 5e-4) || !near(got.Hi, tt.hi, 5e-4) {
			t.Errorf("MeanInterval(%v) = %+v, want {%v %v %v}", tt.x, got, tt.est, tt.lo, tt.hi)
		}
	}
	if got := bench.MeanInterval([]float64{7}); got.Est != 7 || !math.IsNaN(got.Lo) || !math.IsNaN(got.Hi) {
		t.Errorf("MeanInterval of one value = %+v, want 7 with NaN bounds", got)
	}
	if got := bench.MeanInterval(nil); !math.IsNaN(got.Est) {
		t.Errorf("MeanInterval(nil) = %+v, want NaN", got)
	}
}

func TestIntervalJSON(t *testing.T) {
	for _, iv := range []bench.Interval{
		{0.6, 0.502, 0.691},
		{math.Inf(-1), math.Inf(-1), -287.5},
		{math.Inf(1), 287.5, math.Inf(1)},
		{3, math.NaN(), math.NaN()},
	} {
		b, err := json.Marshal(iv)
		if err != nil {
			t.Fatalf("Marshal(%+v): %v", iv, err)
		}
		var back bench.Interval
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", b, err)
		}
		if !near(back.Est, iv.Est, 0) || !near(back.Lo, iv.Lo, 0) || !near(back.Hi, iv.Hi, 0) {
			t.Errorf("%+v -> %s -> %+v", iv, b, back)
		}
	}
	b, _ := json.Marshal(bench.Interval{math.Inf(1), 1, math.NaN()})
	if string(b) != `{"est":"+Inf","lo":1,"hi":null}` {
		t.Errorf("Marshal = %s", b)
	}
}

func TestExcludes(t *testing.T) {
	if !bench.Wilson(60, 100).Excludes(0.5) || bench.Wilson(55, 100).Excludes(0.5) {
		t.Error("Excludes(0.5): want true for 60/100, false for 55/100")
	}
}

// The 95 % interval of a win rate and the Elo difference it implies.
func ExampleWilson() {
	w := bench.Wilson(60, 100) // 60 points in 100 games
	elo := bench.EloInterval(w)
	fmt.Printf("win %.1f %% [%.1f, %.1f]\n", 100*w.Est, 100*w.Lo, 100*w.Hi)
	fmt.Printf("Elo %+.0f [%+.0f, %+.0f]\n", elo.Est, elo.Lo, elo.Hi)
	fmt.Println("better than even:", w.Excludes(0.5))
	// Output:
	// win 60.0 % [50.2, 69.1]
	// Elo +70 [+1, +139]
	// better than even: true
}
