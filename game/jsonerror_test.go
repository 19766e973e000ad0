package game

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestJSONProblem: a JSON document's faults are told by line, column and
// JSON field, never by Go type or struct.
func TestJSONProblem(t *testing.T) {
	type move struct {
		Score int `json:"score"`
	}
	type Inner struct {
		Seed  uint64 `json:"seed"`
		Moves []move `json:"moves"`
		Name  string `json:"name"`
		Count int8   `json:"count"`
	}
	type doc struct {
		Inner
		Flag bool `json:"flag"`
	}
	tests := []struct{ text, want string }{
		{"{\n  \"seed\": -1\n}", "line 2, column 11: field seed: -1 is not a whole number from 0 to 18446744073709551615"},
		{`{"seed": 1.5}`, "line 1, column 10: field seed: 1.5 is not a whole number from 0 to 18446744073709551615"},
		{`{"moves": [{"score": 1}, {"score": "12"}]}`, `line 1, column 36: field moves.score: "12" is not a whole number`},
		{`{"moves": {}}`, "line 1, column 11: field moves: an object {...} is not a list [...]"},
		{`{"name": [1, 2]}`, "line 1, column 10: field name: a list [...] is not text in quotes"},
		{`{"count": 300}`, "line 1, column 11: field count: 300 is not a whole number from -128 to 127"},
		{`{"flag": "yes"}`, `line 1, column 10: field flag: "yes" is not true or false`},
		{`[1]`, "line 1, column 1: a list [...] is not an object {...}"},
		{"#title x", "line 1, column 1: not JSON: unexpected '#' where a value should begin"},
		{"{\n\"seed\": 1 x}", "line 2, column 11: not JSON: unexpected 'x' after a value in an object (want , or })"},
		{`{"seed" 1}`, "line 1, column 9: not JSON: unexpected '1' after a key (want :)"},
		{`{"seed": tru}`, "line 1, column 13: not JSON: unexpected '}' in the word true"},
		{`{"a": [1 2]}`, "line 1, column 10: not JSON: unexpected '2' after a value in a list (want , or ])"},
		{`{"a": 1.x}`, "line 1, column 9: not JSON: unexpected 'x' after a decimal point"},
		{"{'a': 1}", "line 1, column 2: not JSON: unexpected '\\'' where a quoted key should begin"},
		{`{"seed": 1`, "line 1, column 11: the JSON ends too early (is the file cut off?)"},
	}
	for _, tt := range tests {
		var v doc
		err := json.Unmarshal([]byte(tt.text), &v)
		if err == nil {
			t.Fatalf("%s: no error", tt.text)
		}
		got := JSONProblem([]byte(tt.text), err)
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s:\n got %s\nwant %s", tt.text, got, tt.want)
		}
		if strings.Contains(got, "Go ") || strings.Contains(got, "uint64") || strings.Contains(got, "Inner") {
			t.Errorf("%s: %q names Go", tt.text, got)
		}
	}
	// The decoder's own: an unknown field.
	dec := json.NewDecoder(strings.NewReader(`{"nosuch": 1}`))
	dec.DisallowUnknownFields()
	var v doc
	if err := dec.Decode(&v); err == nil || JSONProblem(nil, err) != `unknown field "nosuch"` {
		t.Errorf("unknown field: %v gives %q", err, JSONProblem(nil, err))
	}
}
