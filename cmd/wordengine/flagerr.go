package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// flagError is the usage error of a flag the command line could not parse,
// in the user's words: a value the flag's type cannot hold names the flag,
// the value and what the flag takes ("--seed -1: want a whole number from 0
// to 18446744073709551615"; for a whole-number flag with a span of its
// own, that span: "--top 99999999999999999999: want 0 (all) to
// 1000000000"), never the parser's function. Other flag
// errors (an unknown flag, a missing value) keep pflag's text, which says
// them plainly.
func flagError(path string, err error) error {
	ive, ok := errors.AsType[*pflag.InvalidValueError](err)
	if !ok {
		return &usageError{cmd: path, err: err}
	}
	f := ive.GetFlag()
	if want := flagWant(f); want != "" {
		// A whole-number flag with a range of its own (intFlag): say
		// it, in its command's words, for "x" as for a number too
		// large for the machine.
		if errors.Is(ive.Unwrap(), strconv.ErrRange) {
			return usagef(path, "--%s %s: want %s", f.Name, ive.GetValue(), want)
		}
		return usagef(path, "--%s %s: want a whole number, %s", f.Name, ive.GetValue(), want)
	}
	return usagef(path, "--%s %s: want %s", f.Name, ive.GetValue(), flagTakes(f.Value.Type(), ive.Unwrap()))
}

// flagTakes says what a flag of pflag type typ accepts; cause is the
// parser's error, shown (without the parser's name) for types not known
// here.
func flagTakes(typ string, cause error) string {
	// A signed flag's range is said when the value is outside it: "a
	// whole number" is what "x" lacks, and the command's own check says
	// the narrower range it allows.
	whole := func(lo int64, hi uint64) string {
		if lo < 0 && !errors.Is(cause, strconv.ErrRange) {
			return "a whole number"
		}
		return fmt.Sprintf("a whole number from %d to %d", lo, hi)
	}
	switch typ {
	case "int", "int64":
		return whole(math.MinInt64, math.MaxInt64)
	case "int32":
		return whole(math.MinInt32, math.MaxInt32)
	case "int16":
		return whole(math.MinInt16, math.MaxInt16)
	case "int8":
		return whole(math.MinInt8, math.MaxInt8)
	case "uint", "uint64":
		return whole(0, math.MaxUint64)
	case "uint32":
		return whole(0, math.MaxUint32)
	case "uint16":
		return whole(0, math.MaxUint16)
	case "uint8":
		return whole(0, math.MaxUint8)
	case "float64", "float32":
		return "a number such as 0.5"
	case "duration":
		return "a duration such as 500ms, 2s, 1m30s or 1h"
	case "bool":
		return "true or false"
	}
	msg := "a " + typ
	if cause != nil {
		// strconv's errors read "strconv.ParseX: parsing "v": why".
		text := cause.Error()
		if _, why, ok := strings.Cut(text, "\": "); ok && strings.HasPrefix(text, "strconv.") {
			text = why
		}
		msg += " (" + text + ")"
	}
	return msg
}
