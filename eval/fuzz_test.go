package eval

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadLeaves reads arbitrary files: ReadLeaves never panics, and a
// table it accepts writes out and reads back to the same text and values.
// The corpus starts from testdata/*.leaves.
func FuzzReadLeaves(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.leaves")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(header + "leaves 2\nAB 1\n? -3\n"))
	f.Add([]byte("wordengine-leaves 1\ngame x\nletters QU Q U\nprior dup [QU] 5\nleaves 1\n[Q]U 7\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ReadLeaves(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		var b1, b2 bytes.Buffer
		if _, err := l.WriteTo(&b1); err != nil {
			t.Fatal(err)
		}
		l2, err := ReadLeaves(bytes.NewReader(b1.Bytes()), "again")
		if err != nil {
			t.Fatalf("written table does not read back: %v\n%s", err, b1.String())
		}
		if _, err := l2.WriteTo(&b2); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
			t.Fatalf("round trip differs:\n%s\nthen\n%s", b1.String(), b2.String())
		}
		for i, k := range l.keys {
			ts := keyTiles(nil, k)
			if v := l2.Value(ts); v != int64(l.vals[i]) {
				t.Fatalf("leave %v: %d then %d", ts, l.vals[i], v)
			}
		}
	})
}
