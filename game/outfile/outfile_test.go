package outfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteFileErrors: a write that fails names the target and what is
// wrong with it, never the temporary file, and leaves nothing behind.
func TestWriteFileErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, want string
		notExist   bool
	}{
		{filepath.Join(dir, "none", "x.gcg"), filepath.Join(dir, "none", "x.gcg") + ": the folder " + filepath.Join(dir, "none") + " does not exist", true},
		{sub, sub + " is a folder", false},
		{filepath.Join(file, "x.gcg"), filepath.Join(file, "x.gcg") + ": " + file + " is not a folder", false},
	}
	for _, tt := range tests {
		for name, write := range map[string]func(string) error{
			"WriteFile": func(p string) error { return WriteFile(p, []byte("data")) },
			"Create": func(p string) error {
				f, err := Create(p)
				if err != nil {
					return err
				}
				if _, err := f.Write([]byte("data")); err != nil {
					return err
				}
				return f.Commit()
			},
		} {
			err := write(tt.path)
			if err == nil || err.Error() != tt.want {
				t.Errorf("%s(%s) = %v, want %q", name, tt.path, err, tt.want)
			}
			if _, ok := errors.AsType[*Error](err); !ok {
				t.Errorf("%s(%s): %T is not an *Error", name, tt.path, err)
			}
			if errors.Is(err, fs.ErrNotExist) != tt.notExist {
				t.Errorf("%s(%s): errors.Is(ErrNotExist) = %v, want %v", name, tt.path, !tt.notExist, tt.notExist)
			}
		}
	}
	ents, _ := os.ReadDir(dir)
	ents2, _ := os.ReadDir(sub)
	if len(ents) != 2 || len(ents2) != 0 {
		t.Errorf("left behind: %v, %v", ents, ents2)
	}
}

// TestWriteFile: the file is written with mode 0644 over an earlier one,
// and Discard leaves the earlier one as it was.
func TestWriteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.txt")
	if err := WriteFile(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v, %v; want 0644", fi.Mode(), err)
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("two")); err != nil {
		t.Fatal(err)
	}
	f.Discard()
	if data, _ := os.ReadFile(path); string(data) != "one" {
		t.Errorf("after Discard: %q, want the earlier %q", data, "one")
	}
	f, err = Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("three")); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != "three" {
		t.Errorf("after Commit: %q", data)
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 1 || strings.HasPrefix(ents[0].Name(), ".") {
		t.Errorf("the folder holds %v, want only out.txt", ents)
	}
}
