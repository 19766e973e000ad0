package option

import (
	"errors"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// all is a variable of every kind of option, bound by allSet.
type all struct {
	N       int
	Big     int64
	Seed    uint64
	X, Pos  float64
	D       time.Duration
	Flag    bool
	File    string
	Lengths []int
	Size    int
	Stop    int
	WH      [2]int
}

// allSet binds every kind of option to v, with the defaults set first.
func allSet(v *all) *Set {
	*v = all{N: 7, Size: 10, Stop: 99}
	s := NewSet("game", "variant")
	s.Int(&v.N, "n", 1, 1000)
	s.Int64(&v.Big, "big", 1, math.MaxInt64)
	s.Uint64(&v.Seed, "seed")
	s.Float(&v.X, "x", 0, 1000)
	s.Positive(&v.Pos, "pos")
	s.Duration(&v.D, "time")
	s.Bool(&v.Flag, "open-hands")
	s.Text(&v.File, "tiles", "a tile file")
	s.IntList(&v.Lengths, "lengths", 3, 6)
	Choice(s, &v.Size, "size", Is(10, "10"), Is(8, "8"))
	Choice(s, &v.Stop, "stop", Is(95, "95"), Is(99, "99"), Is(-1, "0", "off", "none"))
	s.Func("dims", "WxH, each from 4 to 14", func(t string) bool {
		w, h, ok := strings.Cut(strings.ToLower(t), "x")
		a, okA := wholeNumber(w, 4, 14)
		b, okB := wholeNumber(h, 4, 14)
		if ok && okA && okB {
			v.WH = [2]int{int(a), int(b)}
		}
		return ok && okA && okB
	}, nil)
	return s
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want func(v *all)
	}{
		{"", func(v *all) {}},
		{" , ,", func(v *all) {}},
		{"n=1000", func(v *all) { v.N = 1000 }},
		{" N = 3 ,big=9223372036854775807", func(v *all) { v.N, v.Big = 3, math.MaxInt64 }},
		{"seed=18446744073709551615", func(v *all) { v.Seed = math.MaxUint64 }},
		{"x=0.5,pos=1e-3", func(v *all) { v.X, v.Pos = 0.5, 0.001 }},
		{"time=1m30s", func(v *all) { v.D = 90 * time.Second }},
		{"open-hands", func(v *all) { v.Flag = true }},
		{"open-hands=YES", func(v *all) { v.Flag = true }},
		{"open-hands=off", func(v *all) {}},
		{"tiles=a=b.txt", func(v *all) { v.File = "a=b.txt" }},
		{"lengths=3,4,5", func(v *all) { v.Lengths = []int{3, 4, 5} }},
		{"lengths=3+4 5/6", func(v *all) { v.Lengths = []int{3, 4, 5, 6} }},
		{"lengths=5,3,open-hands", func(v *all) { v.Lengths, v.Flag = []int{5, 3}, true }},
		{"open-hands,lengths=3, 3 ,n=2", func(v *all) { v.Lengths, v.Flag, v.N = []int{3, 3}, true, 2 }},
		{"size=8,stop=NONE", func(v *all) { v.Size, v.Stop = 8, -1 }},
		{"dims=6x5", func(v *all) { v.WH = [2]int{6, 5} }},
	} {
		var got, want all
		s := allSet(&got)
		allSet(&want)
		tc.want(&want)
		if err := s.Parse(tc.in); err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Parse(%q) = %+v, want %+v", tc.in, got, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		offset   int
	}{
		{"n=abc", "game: variant n=abc: want a whole number from 1 to 1000", 0},
		{"n=0", "n=0: want a whole number from 1 to 1000", 0},
		{"n=1.5", "n=1.5: want a whole number from 1 to 1000", 0},
		{"big=0", "big=0: want a whole number, at least 1", 0},
		{"big=99999999999999999999", "big=99999999999999999999: want a whole number, at least 1", 0},
		{"seed=-1", "seed=-1: want a whole number from 0 to 18446744073709551615", 0},
		{"x=1001", "x=1001: want a number from 0 to 1000", 0},
		{"pos=0", "pos=0: want a number above 0", 0},
		{"pos=+Inf", "pos=+Inf: want a number above 0", 0},
		{"time=5", "time=5: want a duration such as 500ms, 2s or 1m30s", 0},
		{"time=-1s", "time=-1s: want a duration", 0},
		{"open-hands=maybe", "open-hands=maybe: want on or off", 0},
		{"size=9", "game: variant size=9: want 10 or 8", 0},
		{"stop=90", "stop=90: want 95, 99 or 0", 0},
		{"lengths=x", "lengths=x: want whole numbers from 3 to 6, separated by commas", 0},
		{"lengths=3,7", "variant lengths=3,7: want whole numbers from 3 to 6", 10},
		{"lengths=+", "lengths=+: want whole numbers", 0},
		{"dims=3x3", "dims=3x3: want WxH, each from 4 to 14", 0},
		{"n=1,sise=8", `game: unknown variant option "sise" (options: n, big, seed, x, pos, time, open-hands, tiles, lengths, size, stop, dims)`, 4},
		{"3,4", `unknown variant option "3"`, 0},
		{"n=2, n=3", `game: variant option "n" given twice`, 5},
		{"n=2,N=3", `variant option "N" given twice`, 4},
		{"size", `game: variant option "size" has no value: want 10 or 8`, 0},
		{"tiles= ", `variant option "tiles" has no value: want a tile file`, 0},
		{" =5", `variant option "=5" has no name`, 1},
	} {
		var v all
		err := allSet(&v).Parse(tc.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, want an *Error", tc.in, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) || e.Offset != tc.offset {
			t.Errorf("Parse(%q) = %q at %d, want %q at %d", tc.in, err, e.Offset, tc.want, tc.offset)
		}
	}
	if err := NewSet("random", "").Parse("x=1"); err == nil || err.Error() != `random: unknown option "x" (there are none)` {
		t.Errorf("a set without options: %v", err)
	}
}

// TestParseTwice: the options of several calls add up, and an option is
// given once over all of them.
func TestParseTwice(t *testing.T) {
	var v all
	s := allSet(&v)
	if err := s.Parse("n=3"); err != nil {
		t.Fatal(err)
	}
	if err := s.Parse("size=8"); err != nil || v.N != 3 || v.Size != 8 || !s.Given("N") || s.Given("x") {
		t.Fatalf("%v %+v", err, v)
	}
	if err := s.Parse("n=4"); err == nil || !strings.Contains(err.Error(), `"n" given twice`) {
		t.Fatalf("n in a second call: %v", err)
	}
}

func TestErrorf(t *testing.T) {
	var v all
	s := allSet(&v)
	if err := s.Parse("n=2, size=8"); err != nil {
		t.Fatal(err)
	}
	err := s.Errorf("size", "%d is too small", 8)
	var e *Error
	if !errors.As(err, &e) || err.Error() != "game: variant size=8: 8 is too small" || e.Offset != 5 || e.Option != "size" {
		t.Errorf("Errorf = %v (%+v)", err, e)
	}
	if err := s.Errorf("x", "wrong"); err.Error() != "game: variant x: wrong" || errors.Unwrap(err) != nil {
		t.Errorf("Errorf of an option not given = %v", err)
	}
	if err := s.Errorf("n", "reading: %w", os.ErrNotExist); !errors.Is(err, os.ErrNotExist) || err.Error() != "game: variant n=2: reading: file does not exist" {
		t.Errorf("Errorf with %%w = %v", err)
	}
}

func TestFormat(t *testing.T) {
	var v all
	s := allSet(&v)
	in := "dims=6x5 ,stop=off,open-hands=false,lengths=3+4,5,time=90s,x=2.5,n=4"
	if err := s.Parse(in); err != nil {
		t.Fatal(err)
	}
	want := "n=4,x=2.5,time=1m30s,open-hands=off,lengths=3,4,5,stop=0,dims=6x5"
	if got := s.Format(); got != want {
		t.Errorf("Format() = %q, want %q", got, want)
	}
}

// FuzzParse reads arbitrary text as options of every kind: it must not
// panic; an error is an *Error whose offset lies in the text; accepted
// options write (Format) to text that reads to the same values.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "n=3,size=8", "lengths=3,4,5,open-hands", "lengths=3+3,6 ,stop=none",
		"time=1m,x=1e2,pos=0.25", "seed=1,big=2", "dims=4x14", "tiles=t.txt", "n", "=", ",,,", "open-hands=On"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var v all
		s := allSet(&v)
		err := s.Parse(text)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(text) || e.Msg == "" {
				t.Fatalf("Parse(%q) = %v (%#v)", text, err, e)
			}
			return
		}
		out := s.Format()
		var back all
		s2 := allSet(&back)
		if err := s2.Parse(out); err != nil {
			t.Fatalf("Parse(%q) accepted, its Format %q is refused: %v", text, out, err)
		}
		if back.Lengths == nil && v.Lengths != nil && len(v.Lengths) == 0 {
			back.Lengths = v.Lengths
		}
		if !reflect.DeepEqual(back, v) || s2.Format() != out {
			t.Fatalf("Parse(%q) = %+v, written %q, read back %+v", text, v, out, back)
		}
	})
}
