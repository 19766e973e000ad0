package bench_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"wordengine/bench"
)

// FuzzRead checks that Read never panics, that its errors match
// ErrRecord, and that a record it reads, written again by the Encoder,
// reads back the same (with no line cut off). Seeds: testdata/*.jsonl,
// whole and with the last line cut.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.jsonl")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)-20])
	}
	f.Add([]byte(""))
	f.Add([]byte("{\"type\":\"match\"}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := bench.Read(bytes.NewReader(data), "fuzz.jsonl")
		if err != nil {
			if !errors.Is(err, bench.ErrRecord) {
				t.Fatalf("Read: %v does not match ErrRecord", err)
			}
			return
		}
		var buf bytes.Buffer
		enc := bench.NewEncoder(&buf)
		if err := enc.Header(r.Header); err != nil {
			t.Fatal(err)
		}
		for i := range r.Results {
			if err := enc.Result(&r.Results[i]); err != nil {
				t.Fatal(err)
			}
		}
		back, err := bench.Read(bytes.NewReader(buf.Bytes()), "fuzz.jsonl")
		if err != nil {
			t.Fatalf("reading back what the Encoder wrote: %v\n%s", err, buf.Bytes())
		}
		if back.Cut != 0 || !reflect.DeepEqual(back.Header, r.Header) || !reflect.DeepEqual(back.Results, r.Results) {
			t.Fatalf("read back differs:\n%+v\n%+v\nwant\n%+v\n%+v", back.Header, back.Results, r.Header, r.Results)
		}
		if _, err := bench.Merge([]*bench.File{r}); err != nil {
			t.Fatalf("Merge of one record: %v", err)
		}
		_ = bench.Summarize(r)
	})
}
