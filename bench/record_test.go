package bench_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"wordengine/bench"
)

// TestRecordRoundTrip: what the Encoder writes, Read gives back, timings
// included.
func TestRecordRoundTrip(t *testing.T) {
	m := bench.Match{Game: "bench-race", Players: []string{"greedy", "random"}, Games: 6, Seed: 2, Shard: 1, Shards: 2}
	rs := play(t, m)
	rs[0].Millis = 1.25
	text := record(t, m, rs)
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := bench.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f.Header, m.Header()) || !reflect.DeepEqual(f.Results, rs) {
		t.Errorf("read back\n%+v\n%+v\nwant\n%+v\n%+v", f.Header, f.Results, m.Header(), rs)
	}
	if !strings.HasPrefix(text, `{"type":"match","format":1,"game":"bench-race",`) ||
		!strings.Contains(text, "\n"+`{"type":"game","game":2,"deal":1,"rotation":0,"seed":"`) ||
		strings.Contains(text, "streams") {
		t.Errorf("record:\n%s", text)
	}
	// Paired streams are said in the header, and read back.
	m.PairedStreams = true
	text = record(t, m, play(t, m))
	if f, err = bench.Read(strings.NewReader(text), "p.jsonl"); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f.Header, m.Header()) || !strings.Contains(text, `"shards":2,"streams":"paired"}`) {
		t.Errorf("paired streams: read back %+v from\n%s", f.Header, text)
	}
}

// TestReadErrors: a corrupt record is refused with its file and line.
func TestReadErrors(t *testing.T) {
	m := bench.Match{Game: "bench-race", Players: []string{"greedy", "random"}, Games: 4, Seed: 2}
	lines := strings.SplitAfter(strings.TrimSuffix(record(t, m, play(t, m)), "\n"), "\n")
	header, game0, game1 := lines[0], lines[1], lines[2]
	tests := []struct {
		name, text, want string
	}{
		{"empty", "", `f.jsonl: empty: not a selfplay results file (JSON lines, a "match" line first)`},
		{"no header", game0, `f.jsonl:1: not a selfplay results file (JSON lines, a "match" line first): got a "game" line first`},
		{"not a results file", "#player1 a A\n", `f.jsonl:1: not a selfplay results file (JSON lines, a "match" line first): column 1: not JSON: unexpected '#' where a value should begin`},
		{"no type", `{"seed":1}` + "\n", `f.jsonl:1: not a selfplay results file (JSON lines, a "match" line first): the line has no "type"`},
		{"header cut", header[:40], `f.jsonl:1: the "match" line is cut off (the file was not written to its end)`},
		{"negative seed", strings.Replace(header, `"seed":2`, `"seed":-2`, 1), "f.jsonl:1: match line: column "},
		{"negative seed field", strings.Replace(header, `"seed":2`, `"seed":-2`, 1), "field seed: -2 is not a whole number from 0 to 18446744073709551615"},
		{"string score", header + strings.Replace(game0, `"scores":[`, `"scores":["x",`, 1), `f.jsonl:2: game line: column `},
		{"not json", header + "{oops\n", "f.jsonl:2: not a JSON object: column 2: not JSON: unexpected 'o' where a quoted key should begin"},
		{"cut, then more", header + game0[:len(game0)/2] + "\n" + game1, "f.jsonl:2: not a JSON object: column "},
		{"cut before its line end", header + game0[:len(game0)/2] + "\n", "f.jsonl:2: not a JSON object: column "},
		{"two headers", header + game0 + header, `f.jsonl:3: a second "match" line`},
		{"duplicate", header + game0 + "\n" + game0, "f.jsonl:4: game 0 again (first on line 2)"},
		{"unknown type", header + `{"type":"note"}` + "\n", `f.jsonl:2: unknown line type "note"`},
		{"format", strings.Replace(header, `"format":1`, `"format":9`, 1), "f.jsonl:1: match line: format 9"},
		{"players", strings.Replace(header, `"players":["greedy","random"]`, `"players":["greedy"]`, 1), "1 players"},
		{"shard", strings.Replace(header, `"shard":0`, `"shard":1`, 1), "shard 1/1"},
		{"streams", strings.Replace(header, `"shards":1`, `"shards":1,"streams":"same"`, 1), `match line: streams "same": want "paired" or none`},
		{"index", header + strings.Replace(game1, `"game":1,`, `"game":9,`, 1), "f.jsonl:2: game 9: index out of range [0, 4)"},
		{"rotation", header + strings.Replace(game1, `"rotation":1`, `"rotation":0`, 1), "deal 0 rotation 0: want deal 0 rotation 1"},
		{"seed", header + regexp.MustCompile(`"seed":"\d+"`).ReplaceAllString(game0, `"seed":"12345"`), "seed 12345: not the seed of deal 0"},
		{"seats", header + strings.Replace(game1, `"seats":[1,0]`, `"seats":[0,1]`, 1), "seat 0: entrant 0"},
		{"scores", header + strings.Replace(game1, `"scores":[`, `"scores":[1,`, 1), "want 2 seats, players and scores"},
	}
	for _, tt := range tests {
		_, err := bench.Read(strings.NewReader(tt.text), "f.jsonl")
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, bench.ErrRecord) {
			t.Errorf("%s: Read = %v, want an ErrRecord containing %q", tt.name, err, tt.want)
		}
	}
	if _, err := bench.ReadFile(filepath.Join(t.TempDir(), "missing.jsonl")); !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "missing.jsonl") {
		t.Errorf("ReadFile of a missing file: %v", err)
	}
}

// TestMergeErrors: records of different matches, or the same games twice,
// are refused.
func TestMergeErrors(t *testing.T) {
	base := bench.Match{Game: "bench-race", Players: []string{"greedy", "random"}, Games: 4, Seed: 2, Shards: 2}
	read := func(m bench.Match, name string) *bench.File {
		f, err := bench.Read(strings.NewReader(record(t, m, play(t, m))), name)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	a := read(base, "a.jsonl")
	other := base
	other.Shard = 1
	b := read(other, "b.jsonl")
	if _, err := bench.Merge([]*bench.File{a, b}); err != nil {
		t.Fatalf("merging two shards: %v", err)
	}
	tests := []struct {
		edit func(*bench.Match)
		want string
	}{
		{func(m *bench.Match) { m.Seed = 3 }, "a.jsonl and c.jsonl are records of different matches (seed 2 vs 3)"},
		{func(m *bench.Match) { m.Games = 6 }, "(games 4 vs 6)"},
		{func(m *bench.Match) { m.Players = []string{"random", "greedy"} }, "(players greedy,random vs random,greedy)"},
		{func(m *bench.Match) { m.Players = []string{"greedy", "random", "random"}; m.Games = 6 }, "(players greedy,random vs greedy,random,random)"},
		{func(m *bench.Match) { m.Shard = 1; m.PairedStreams = true }, "(random streams by rotation vs paired (by seat alone))"},
		{func(m *bench.Match) {}, "c.jsonl: game 0 is also in a.jsonl (the same shard twice?)"},
		{func(m *bench.Match) { m.Shard, m.Shards = 0, 1 }, "c.jsonl: game 0 is also in a.jsonl"},
	}
	for _, tt := range tests {
		m := base
		tt.edit(&m)
		c := read(m, "c.jsonl")
		_, err := bench.Merge([]*bench.File{a, c})
		if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, bench.ErrRecord) {
			t.Errorf("Merge: %v, want an ErrRecord containing %q", err, tt.want)
		}
	}
	if _, err := bench.Merge([]*bench.File{a, a}); err == nil || err.Error() != "a.jsonl is given twice" || !errors.Is(err, bench.ErrRecord) {
		t.Errorf("Merge of a file with itself: %v, want an ErrRecord \"a.jsonl is given twice\"", err)
	}
	if _, err := bench.Merge(nil); err == nil {
		t.Error("Merge(nil): no error")
	}
}

// TestReadCutLastLine: a last line cut off by a crash (no line end, not
// JSON) is ignored and its number reported; the games before it are read.
func TestReadCutLastLine(t *testing.T) {
	m := bench.Match{Game: "bench-race", Players: []string{"greedy", "random"}, Games: 4, Seed: 2}
	rs := play(t, m)
	text := record(t, m, rs)
	lines := strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n")
	for _, cut := range []int{1, len(lines[3]) / 2, len(lines[3]) - 2} {
		in := strings.Join(lines[:3], "") + lines[3][:cut]
		f, err := bench.Read(strings.NewReader(in), "f.jsonl")
		if err != nil {
			t.Fatalf("cut after %d bytes: %v", cut, err)
		}
		if f.Cut != 4 || !reflect.DeepEqual(f.Results, rs[:2]) {
			t.Errorf("cut after %d bytes: Cut %d, %d games; want line 4 and the 2 games before it", cut, f.Cut, len(f.Results))
		}
	}
	// Only the line end missing: the line is whole and kept.
	f, err := bench.Read(strings.NewReader(strings.TrimSuffix(text, "\n")), "f.jsonl")
	if err != nil || f.Cut != 0 || len(f.Results) != 4 {
		t.Errorf("record without its last line end: %v, Cut %d, %d games; want 4 games", err, f.Cut, len(f.Results))
	}
	// A cut header leaves no record.
	if _, err := bench.Read(strings.NewReader(lines[0][:10]), "f.jsonl"); err == nil || !errors.Is(err, bench.ErrRecord) {
		t.Errorf("a cut header line: %v, want an ErrRecord", err)
	}
}

// TestResumable: only the shard's first games of the same match and shard
// can be continued.
func TestResumable(t *testing.T) {
	m := bench.Match{Game: "bench-race", Players: []string{"greedy", "random"}, Games: 12, Seed: 2, Shard: 1, Shards: 2}
	rs := play(t, m)
	read := func(m bench.Match, rs []bench.Result) *bench.File {
		f, err := bench.Read(strings.NewReader(record(t, m, rs)), "f.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	for k := range len(rs) + 1 {
		if n, err := bench.Resumable(m.Header(), read(m, rs[:k])); n != k || err != nil {
			t.Errorf("the first %d games: Resumable = %d, %v", k, n, err)
		}
	}
	gap := append(slices.Clone(rs[:1]), rs[2:4]...)
	other := m
	other.Seed = 3
	sh := m
	sh.Shard = 0
	tests := []struct {
		name string
		f    *bench.File
		want string
	}{
		{"a gap", read(m, gap), "lacks game 3"},
		{"another seed", read(other, nil), "seed 3 vs 2: the file's vs this one's"},
		{"another shard", read(sh, nil), "holds shard 0/2, not 1/2"},
	}
	for _, tt := range tests {
		if _, err := bench.Resumable(m.Header(), tt.f); err == nil || !errors.Is(err, bench.ErrRecord) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Resumable = %v, want an ErrRecord containing %q", tt.name, err, tt.want)
		}
	}
}
