package game

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestReadError: a file that cannot be read is named with the reason in a
// user's words, and the system's error stays in the chain; other errors
// are kept as they are.
func TestReadError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "locked.txt")
	if err := os.WriteFile(locked, []byte("x"), 0o000); err != nil {
		t.Fatal(err)
	}
	format := errors.New("f.txt:1: bad line")
	read := func(path string) error {
		_, err := os.ReadFile(path)
		return err
	}
	tests := []struct {
		name, path string
		err        error
		want       string // "" for nil
		pathError  bool
	}{
		{"nil", file, nil, "", false},
		{"missing", filepath.Join(dir, "missing"), read(filepath.Join(dir, "missing")), filepath.Join(dir, "missing") + ": no such file", true},
		{"folder", dir, read(dir), dir + " is a folder, want a file", true},
		{"under a file", filepath.Join(file, "x"), read(filepath.Join(file, "x")), filepath.Join(file, "x") + ": no such file (a folder on its path is a file)", true},
		{"format", file, format, format.Error(), false},
		{"twice", dir, ReadError(dir, read(dir)), dir + " is a folder, want a file", true},
	}
	if os.Geteuid() != 0 { // root reads any file
		tests = append(tests, struct {
			name, path string
			err        error
			want       string
			pathError  bool
		}{"locked", locked, read(locked), locked + ": no permission to read it", true})
	}
	for _, tt := range tests {
		got := ReadError(tt.path, tt.err)
		switch {
		case tt.want == "" && got != nil:
			t.Errorf("%s: %v, want nil", tt.name, got)
		case tt.want == "":
		case got == nil || got.Error() != tt.want:
			t.Errorf("%s: %v, want %q", tt.name, got, tt.want)
		case tt.pathError:
			if _, ok := errors.AsType[*fs.PathError](got); !ok {
				t.Errorf("%s: %v holds no *fs.PathError", tt.name, got)
			}
		}
	}
	for _, path := range []string{dir, filepath.Join(dir, "missing")} {
		f, err := OpenFile(path)
		if err == nil {
			f.Close()
			t.Errorf("OpenFile(%s): no error", path)
		} else if want := ReadError(path, read(path)).Error(); err.Error() != want {
			t.Errorf("OpenFile(%s): %v, want %q", path, err, want)
		}
	}
	if f, err := OpenFile(file); err != nil {
		t.Errorf("OpenFile(%s): %v", file, err)
	} else {
		f.Close()
	}
	if err := ReadError("m", read(filepath.Join(dir, "missing"))); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v is not fs.ErrNotExist", err)
	}
}
