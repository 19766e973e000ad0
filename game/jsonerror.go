package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"
)

// JSONProblem says what is wrong with the JSON document data, which
// encoding/json refused with err, in the words of someone who wrote or
// edited the file: where (line and column, from 1, of the value at fault)
// and what ("field seed: -1 is not a whole number from 0 to
// 18446744073709551615", "field moves.score: \"12\" is not a whole
// number", "not JSON: unexpected '#' where a value should begin"). It never names a Go type or struct field: a field is its JSON
// path, the names of the keys from the document's top (list indexes are
// not told; the line is). Errors of other kinds are told without the
// package's "json: " prefix.
func JSONProblem(data []byte, err error) string {
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		off := se.Offset
		if strings.HasPrefix(se.Error(), "invalid character") {
			off-- // the offset is after the character at fault
		}
		if off >= int64(len(data)) {
			return fmt.Sprintf("%s: %s", jsonAt(data, off), cutOff)
		}
		return fmt.Sprintf("%s: not JSON: %s", jsonAt(data, off), syntaxWords(se.Error()))
	}
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		start := jsonValueStart(data, te.Offset)
		got := jsonValueText(data, start, te.Value)
		want := jsonWant(te.Type, got)
		where := jsonAt(data, start)
		if path := jsonPath(te.Field); path != "" {
			return fmt.Sprintf("%s: field %s: %s is not %s", where, path, got, want)
		}
		return fmt.Sprintf("%s: %s is not %s", where, got, want)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return cutOff
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// syntaxContexts turns the contexts of encoding/json's syntax errors
// ("invalid character 'x' CONTEXT") into a reader's words.
var syntaxContexts = []struct{ json, words string }{
	{"looking for beginning of value", "where a value should begin"},
	{"looking for beginning of object key string", "where a quoted key should begin"},
	{"after object key:value pair", "after a value in an object (want , or })"},
	{"after object key", "after a key (want :)"},
	{"after array element", "after a value in a list (want , or ])"},
	{"after top-level value", "after the end of the JSON value"},
	{"in string literal", "inside a string"},
	{"in string escape code", "in a string's escape code"},
	{"in \\u hexadecimal character escape", "in a \\u escape (want 4 hexadecimal digits)"},
	{"in numeric literal", "inside a number"},
	{"after decimal point in numeric literal", "after a decimal point"},
	{"in exponent of numeric literal", "in a number's exponent"},
	{"exceeded max depth", "nested too deep"},
}

// JSONSyntax says the text of an encoding/json syntax error
// (json.SyntaxError's) in a reader's words: "unexpected '#' where a value
// should begin"; texts of other shapes are kept.
func JSONSyntax(text string) string { return syntaxWords(text) }

// syntaxWords is JSONSyntax.
func syntaxWords(text string) string {
	rest, ok := strings.CutPrefix(text, "invalid character ")
	if !ok {
		return text
	}
	// rest is "'x' CONTEXT"; the character may itself be a quote ('\'').
	end := strings.Index(rest[1:], "' ")
	if !strings.HasPrefix(rest, "'") || end < 0 {
		return text
	}
	char, context := rest[:end+2], rest[end+3:]
	if lit, ok := strings.CutPrefix(context, "in literal "); ok {
		word, _, _ := strings.Cut(lit, " ")
		return "unexpected " + char + " in the word " + word
	}
	for _, c := range syntaxContexts {
		if context == c.json {
			return "unexpected " + char + " " + c.words
		}
	}
	return "unexpected " + char + " " + context
}

// cutOff says that a JSON document ends before its values do.
const cutOff = "the JSON ends too early (is the file cut off?)"

// jsonAt is "line L, column C" of byte offset off of data (C counts
// characters, from 1).
func jsonAt(data []byte, off int64) string {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := 1 + bytes.Count(before, []byte("\n"))
	col := 1 + utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:])
	return fmt.Sprintf("line %d, column %d", line, col)
}

// jsonValueStart returns the offset where the value that ends at (a
// literal) or opened just before (a list or object) off begins:
// encoding/json reports a type error there.
func jsonValueStart(data []byte, off int64) int64 {
	off = min(max(off, 0), int64(len(data)))
	if off == 0 {
		return 0
	}
	switch data[off-1] {
	case '[', '{':
		return off - 1
	case '"':
		for i := off - 2; i >= 0; i-- {
			if data[i] != '"' {
				continue
			}
			escapes := int64(0)
			for j := i - 1; j >= 0 && data[j] == '\\'; j-- {
				escapes++
			}
			if escapes%2 == 0 {
				return i
			}
		}
		return 0
	}
	i := off
	for i > 0 && !strings.ContainsRune(" \t\r\n:,[{", rune(data[i-1])) {
		i--
	}
	return i
}

// jsonValueText shows the value at start for a message: a literal as
// written (shortened when long), a list or object by its kind.
func jsonValueText(data []byte, start int64, kind string) string {
	switch kind {
	case "array":
		return "a list [...]"
	case "object":
		return "an object {...}"
	}
	rest := data[min(start, int64(len(data))):]
	n := 0
	if len(rest) > 0 && rest[0] == '"' {
		n = 1
		for n < len(rest) && rest[n] != '"' {
			if rest[n] == '\\' {
				n++
			}
			n++
		}
		n = min(n+1, len(rest))
	} else {
		for n < len(rest) && !strings.ContainsRune(" \t\r\n,]}", rune(rest[n])) {
			n++
		}
	}
	text := string(rest[:n])
	if r := []rune(text); len(r) > 30 {
		text = string(r[:27]) + "..."
	}
	if text == "" {
		return kind
	}
	return text
}

// jsonWant says what a value of Go type t is in JSON; got is the value
// given (a whole number out of a signed range gets the range).
func jsonWant(t reflect.Type, got string) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "a value of the right kind"
	}
	whole := func(lo int64, hi uint64) string { return fmt.Sprintf("a whole number from %d to %d", lo, hi) }
	integer := strings.TrimLeft(strings.TrimPrefix(got, "-"), "0123456789") == "" && got != "" && got != "-"
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if !integer {
			return "a whole number"
		}
		bits := t.Bits()
		return whole(int64(-1)<<(bits-1), uint64(1)<<(bits-1)-1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return whole(0, math.MaxUint64>>(64-t.Bits()))
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "text in quotes"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list [...]"
	case reflect.Struct, reflect.Map:
		return "an object {...}"
	}
	return "a value of the right kind"
}

// jsonPath is the JSON path of a type error's field: its keys from the
// top, without the names of embedded Go structs (which begin with a
// capital letter, the JSON keys here never do).
func jsonPath(field string) string {
	var keys []string
	for k := range strings.SplitSeq(field, ".") {
		if r, _ := utf8.DecodeRuneInString(k); k != "" && !unicode.IsUpper(r) {
			keys = append(keys, k)
		}
	}
	return strings.Join(keys, ".")
}
