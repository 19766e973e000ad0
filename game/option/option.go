// Package option reads option strings, "key=value,key=value", into typed
// variables: the variant of a game (game.Config.Variant, --variant
// size=8,bare-plural=allowed) and the options of a computer player
// ("sim:iterations=100,stop=95").
//
// A Set binds each option name to a variable of the caller's and to the
// values it accepts, in the manner of package flag; Parse reads a string
// into the variables, leaving those of options not given as they were
// (their defaults):
//
//	r := Rules{Size: 10}
//	s := option.NewSet("upwords", "variant")
//	option.Choice(s, &r.Size, "size", option.Is(10, "10"), option.Is(8, "8"))
//	err := s.Parse("size=8")
//
// # Syntax
//
// Options are separated by commas; spaces around names and values are
// ignored, and so are empty pieces ("a=1,,b=2,"). A name is followed by
// '=' and the value. A yes-or-no option (Bool) may stand alone:
// "open-hands" means open-hands=on. Names, and the words of a Choice or a
// Bool, are matched whatever their case. Each option may be given once.
// A list option (IntList) takes whole numbers separated by '+', '/' or
// spaces, and its list also runs on over the commas that follow as long as
// the pieces are whole numbers: "lengths=3,4,5,open-hands" gives lengths
// 3, 4 and 5 and the flag open-hands. A value cannot hold a comma.
//
// # Errors
//
// Parse's errors are *Error values in the user's words: they name the
// option as written and the values it accepts, never a Go type:
//
//	upwords: variant size=9: want 10 or 8
//	sim: iterations=abc: want a whole number, at least 1
//	sim: unknown option "depht" (options: plies, iterations, time, ...)
//	upwords: variant option "size" given twice
package option

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Error is an error of Parse (or of Set.Errorf): what is wrong with which
// option, and where the option is in the text.
type Error struct {
	// Owner is what the options belong to ("upwords", "sim"); "" for
	// none. Error writes it first.
	Owner string
	// Option is the option's name as written; for a piece with no name
	// (or an unknown one), the piece.
	Option string
	// Offset is the byte offset of the piece at fault in the text given
	// to Parse.
	Offset int
	// Msg says what is wrong, without the owner:
	// `variant size=9: want 10 or 8`.
	Msg string
	// Err is the error an Errorf with %w wraps, else nil.
	Err error
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// Error returns "owner: message" (the message alone without an owner).
func (e *Error) Error() string {
	if e.Owner == "" {
		return e.Msg
	}
	return e.Owner + ": " + e.Msg
}

// Value is one accepted value of a Choice: the words that select it (the
// first is the one written and listed in errors) and the value.
type Value[T any] struct {
	Names []string
	V     T
}

// Is returns the Value v selected by names (at least one).
func Is[T any](v T, names ...string) Value[T] { return Value[T]{Names: names, V: v} }

// opt is one option of a Set.
type opt struct {
	name   string
	want   string              // the values accepted, in words: "10 or 8"
	flag   bool                // Bool: may stand alone
	set    func(v string) bool // reads and stores v; false: v is not accepted
	add    func(v string) bool // IntList: adds an item given after a comma
	format func() string       // the value as Parse reads it back
	given  bool
	text   string // the option as written so far: "size=8", "lengths=3,4"
	value  string // its value as written
	at     int    // byte offset of the option in the text parsed
}

// Set is a set of options. Build it with NewSet and the binding methods,
// then Parse. A Set is not safe for concurrent use; make one per parse.
type Set struct {
	owner, kind string
	opts        []*opt
	list        *opt // the list option that bare whole numbers continue
}

// NewSet returns an empty set of options belonging to owner (a game or a
// player, "upwords", "sim"; "" for none), which starts every error. kind,
// when not empty, qualifies the word "option" in errors: "variant" gives
// `upwords: unknown variant option "x"`.
func NewSet(owner, kind string) *Set { return &Set{owner: owner, kind: kind} }

func (s *Set) bind(o *opt) *opt {
	for _, x := range s.opts {
		if strings.EqualFold(x.name, o.name) {
			panic("option: " + o.name + " bound twice")
		}
	}
	s.opts = append(s.opts, o)
	return o
}

// wholeNumber reads a base-10 integer in [min, max]; ok is false when v
// is not one.
func wholeNumber(v string, min, max int64) (int64, bool) {
	n, err := strconv.ParseInt(v, 10, 64)
	return n, err == nil && n >= min && n <= max
}

// Whole reads v as a base-10 whole number from min to max; ok is false
// when it is not one. Game formats use it with DescribeWhole so that their
// numbers read as options' numbers do.
func Whole(v string, min, max int) (n int, ok bool) {
	x, ok := wholeNumber(v, int64(min), int64(max))
	return int(x), ok
}

// DescribeWhole says which whole numbers lie from min to max, as errors
// write it: "a whole number from 1 to 10", "a whole number, at least 1"
// when max is math.MaxInt (or math.MaxInt64), "a whole number" when min is
// math.MinInt too.
func DescribeWhole(min, max int) string { return wantWhole(int64(min), int64(max)) }

// wantWhole describes the whole numbers from min to max.
func wantWhole(min, max int64) string {
	switch {
	case (max == math.MaxInt64 || max == math.MaxInt) && (min == math.MinInt64 || min == math.MinInt):
		return "a whole number"
	case max == math.MaxInt64 || max == math.MaxInt:
		return fmt.Sprintf("a whole number, at least %d", min)
	}
	return fmt.Sprintf("a whole number from %d to %d", min, max)
}

// Int binds *p to option name, a whole number from min to max
// (math.MaxInt: no upper bound).
func (s *Set) Int(p *int, name string, min, max int) {
	s.bind(&opt{name: name, want: wantWhole(int64(min), int64(max)),
		set: func(v string) bool {
			n, ok := wholeNumber(v, int64(min), int64(max))
			if ok {
				*p = int(n)
			}
			return ok
		},
		format: func() string { return strconv.Itoa(*p) }})
}

// Int64 binds *p to option name, a whole number from min to max
// (math.MaxInt64: no upper bound).
func (s *Set) Int64(p *int64, name string, min, max int64) {
	s.bind(&opt{name: name, want: wantWhole(min, max),
		set: func(v string) bool {
			n, ok := wholeNumber(v, min, max)
			if ok {
				*p = n
			}
			return ok
		},
		format: func() string { return strconv.FormatInt(*p, 10) }})
}

// Uint64 binds *p to option name, a whole number from 0 to 2^64-1 (a
// seed).
func (s *Set) Uint64(p *uint64, name string) {
	s.bind(&opt{name: name, want: "a whole number from 0 to 18446744073709551615",
		set: func(v string) bool {
			n, err := strconv.ParseUint(v, 10, 64)
			if err == nil {
				*p = n
			}
			return err == nil
		},
		format: func() string { return strconv.FormatUint(*p, 10) }})
}

// Float binds *p to option name, a number from min to max (decimal,
// "0.3", "1e3").
func (s *Set) Float(p *float64, name string, min, max float64) {
	s.float(p, name, fmt.Sprintf("a number from %g to %g", min, max), func(x float64) bool { return x >= min && x <= max })
}

// Positive binds *p to option name, a finite number above 0.
func (s *Set) Positive(p *float64, name string) {
	s.float(p, name, "a number above 0", func(x float64) bool { return x > 0 && !math.IsInf(x, 0) })
}

func (s *Set) float(p *float64, name, want string, ok func(float64) bool) {
	s.bind(&opt{name: name, want: want,
		set: func(v string) bool {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || !ok(x) {
				return false
			}
			*p = x
			return true
		},
		format: func() string { return strconv.FormatFloat(*p, 'g', -1, 64) }})
}

// Duration binds *p to option name, a positive duration: a number and a
// unit, "500ms", "2s", "1m30s".
func (s *Set) Duration(p *time.Duration, name string) {
	s.bind(&opt{name: name, want: "a duration such as 500ms, 2s or 1m30s",
		set: func(v string) bool {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return false
			}
			*p = d
			return true
		},
		format: func() string { return p.String() }})
}

// Bool binds *p to the yes-or-no option name: alone or with on, true, yes
// or 1 it sets *p to true; with off, false, no or 0 to false.
func (s *Set) Bool(p *bool, name string) {
	s.bind(&opt{name: name, want: "on or off", flag: true,
		set: func(v string) bool {
			switch strings.ToLower(v) {
			case "", "on", "true", "yes", "1":
				*p = true
			case "off", "false", "no", "0":
				*p = false
			default:
				return false
			}
			return true
		},
		format: func() string {
			if *p {
				return ""
			}
			return "off"
		}})
}

// Text binds *p to option name, any text but empty; what says what it is
// in errors ("a leave file").
func (s *Set) Text(p *string, name, what string) {
	s.bind(&opt{name: name, want: what,
		set:    func(v string) bool { *p = v; return true },
		format: func() string { return *p }})
}

// IntList binds *p to the list option name: whole numbers from min to
// max, separated by '+', '/' or spaces, or by commas (see the package
// doc). The list given replaces *p.
func (s *Set) IntList(p *[]int, name string, min, max int) {
	add := func(v string) bool {
		n, ok := wholeNumber(v, int64(min), int64(max))
		if ok {
			*p = append(*p, int(n))
		}
		return ok
	}
	s.bind(&opt{name: name, want: fmt.Sprintf("whole numbers from %d to %d, separated by commas", min, max),
		set: func(v string) bool {
			*p = (*p)[:0:0]
			for _, f := range strings.FieldsFunc(v, func(c rune) bool { return c == '+' || c == '/' || c == ' ' }) {
				if !add(f) {
					return false
				}
			}
			return len(*p) > 0
		},
		add: add,
		format: func() string {
			var b strings.Builder
			for i, n := range *p {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(strconv.Itoa(n))
			}
			return b.String()
		}})
}

// Choice binds *p to option name, one of the values of choices: a word of
// a Value's Names sets *p to its V.
func Choice[T comparable](s *Set, p *T, name string, choices ...Value[T]) {
	firsts := make([]string, len(choices))
	for i, c := range choices {
		firsts[i] = c.Names[0]
	}
	s.bind(&opt{name: name, want: orList(firsts),
		set: func(v string) bool {
			for _, c := range choices {
				for _, n := range c.Names {
					if strings.EqualFold(v, n) {
						*p = c.V
						return true
					}
				}
			}
			return false
		},
		format: func() string {
			for _, c := range choices {
				if c.V == *p {
					return c.Names[0]
				}
			}
			return ""
		}})
}

// Func binds option name to set, which reads and stores a value and
// reports whether it accepts it; want describes the values it accepts
// ("WxH, each from 4 to 14"), format writes the value back as set reads
// it (nil: the value as given).
func (s *Set) Func(name, want string, set func(v string) bool, format func() string) {
	s.bind(&opt{name: name, want: want, set: set, format: format})
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// Names returns the options' names in the order they were bound.
func (s *Set) Names() []string {
	out := make([]string, len(s.opts))
	for i, o := range s.opts {
		out[i] = o.name
	}
	return out
}

func (s *Set) lookup(name string) *opt {
	for _, o := range s.opts {
		if strings.EqualFold(o.name, name) {
			return o
		}
	}
	return nil
}

// Given reports whether option name was given.
func (s *Set) Given(name string) bool {
	o := s.lookup(name)
	return o != nil && o.given
}

// prefix is "kind " or "".
func (s *Set) prefix() string {
	if s.kind == "" {
		return ""
	}
	return s.kind + " "
}

func (s *Set) errorAt(option string, at int, format string, args ...any) *Error {
	return &Error{Owner: s.owner, Option: option, Offset: at, Msg: fmt.Sprintf(format, args...)}
}

// Errorf returns an *Error about option name for a check that Parse
// cannot make alone (one option against another, a file it names): its
// message is the option as written, then the formatted text ("variant
// size=8x8: size is for layout=frame"), and its offset the option's. An
// error of args that format wraps with %w is the *Error's Err.
func (s *Set) Errorf(name, format string, args ...any) error {
	inner := fmt.Errorf(format, args...)
	text, at := name, 0
	o := s.lookup(name)
	if o != nil && o.given {
		name, text, at = o.name, o.text, o.at
	}
	e := s.errorAt(name, at, "%s%s: %s", s.prefix(), text, inner.Error())
	e.Err = errors.Unwrap(inner)
	return e
}

// Parse reads text into the bound variables (see the package doc for the
// syntax). It may be called more than once on a Set: an option is still
// given at most once over all the calls. The error is an *Error.
func (s *Set) Parse(text string) error {
	for off := 0; off <= len(text); {
		end := strings.IndexByte(text[off:], ',')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		raw := text[off:end]
		piece := strings.TrimSpace(raw)
		at := off + strings.Index(raw, piece)
		off = end + 1
		if piece == "" {
			continue
		}
		if err := s.piece(piece, at); err != nil {
			return err
		}
	}
	return nil
}

// piece reads one comma-separated piece at byte offset at.
func (s *Set) piece(piece string, at int) error {
	k, v, hasValue := strings.Cut(piece, "=")
	k, v = strings.TrimSpace(k), strings.TrimSpace(v)
	if l := s.list; l != nil && !hasValue {
		if _, err := strconv.Atoi(k); err == nil {
			l.text += "," + k
			if !l.add(k) {
				return s.errorAt(l.name, at, "%s%s: want %s", s.prefix(), l.text, l.want)
			}
			return nil
		}
	}
	s.list = nil
	if k == "" {
		return s.errorAt(piece, at, "%soption %q has no name", s.prefix(), piece)
	}
	o := s.lookup(k)
	switch {
	case o == nil && len(s.opts) == 0:
		return s.errorAt(k, at, "unknown %soption %q (there are none)", s.prefix(), k)
	case o == nil:
		return s.errorAt(k, at, "unknown %soption %q (options: %s)", s.prefix(), k, strings.Join(s.Names(), ", "))
	case o.given:
		return s.errorAt(k, at, "%soption %q given twice", s.prefix(), k)
	case v == "" && !o.flag:
		return s.errorAt(k, at, "%soption %q has no value: want %s", s.prefix(), k, o.want)
	}
	o.given, o.at, o.text, o.value = true, at, piece, v
	if !o.set(v) {
		return s.errorAt(k, at, "%s%s: want %s", s.prefix(), piece, o.want)
	}
	if o.add != nil {
		s.list = o
	}
	return nil
}

// Format writes the given options as Parse reads them, in the order they
// were bound ("size=8,bare-plural=allowed"); a Bool set to on is its name
// alone.
func (s *Set) Format() string {
	var parts []string
	for _, o := range s.opts {
		if !o.given {
			continue
		}
		v := o.value
		if o.format != nil {
			v = o.format()
		}
		if v == "" && o.flag {
			parts = append(parts, o.name)
			continue
		}
		parts = append(parts, o.name+"="+v)
	}
	return strings.Join(parts, ",")
}
