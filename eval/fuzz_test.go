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

// FuzzReadTally reads arbitrary tally files: ReadTally never panics, and a
// tally it accepts writes out and reads back to the same text.
func FuzzReadTally(f *testing.F) {
	f.Add([]byte("wordengine-tally 1\ngame wwf\nletters A B\nseed 1\ngames 4\nshards 2\ncovers 1\nshrink 20\nplayed 2\nmoves 9\ntallies 2\n- 3 120000\n?A 2 -5000\n"))
	f.Add([]byte("wordengine-tally 1\ngame x\nletters QU Q U\npoints ? 0 [QU] 3 Q 1 U 1\nseed 1\ngames 1\nshards 1\ncovers 0\nshrink 0.5\nplayed 1\nmoves 1\nseconds 1\ntallies 1\n[QU]Q 1 1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tl, err := ReadTally(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		var b1, b2 bytes.Buffer
		if _, err := tl.WriteTo(&b1); err != nil {
			t.Fatal(err)
		}
		t2, err := ReadTally(bytes.NewReader(b1.Bytes()), "again")
		if err != nil {
			t.Fatalf("written tally does not read back: %v\n%s", err, b1.String())
		}
		if _, err := t2.WriteTo(&b2); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
			t.Fatalf("round trip differs:\n%s\nthen\n%s", b1.String(), b2.String())
		}
	})
}
