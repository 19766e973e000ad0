package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// impl is one way of writing files: the platform's (renameio here on
// Unix) or the portable one that Windows uses, tested here on every
// platform.
type impl struct {
	writeFile func(path string, data []byte, perm fs.FileMode) error
	create    func(path string, perm fs.FileMode) (*File, error)
}

var impls = map[string]impl{
	"platform": {WriteFile, Create},
	"portable": {writeTemp, func(path string, perm fs.FileMode) (*File, error) {
		t, err := createTemp(path, perm)
		if err != nil {
			return nil, err
		}
		return &File{p: t}, nil
	}},
}

// closeUnder closes the open temporary file of f behind its back, so
// that its Commit fails.
func closeUnder(t *testing.T, f *File) {
	switch p := f.p.(type) {
	case *tempFile:
		p.f.Close()
	case io.Closer: // renameio's PendingFile
		p.Close()
	default:
		t.Fatalf("cannot close a %T", f.p)
	}
}

// TestWrite: a write makes or replaces the file whole; a write that fails
// or is discarded leaves an existing file as it was; either way no
// temporary file is left in the folder.
func TestWrite(t *testing.T) {
	const old = "old content"
	tests := []struct {
		name string
		// exists: the target holds old before the write; dir: the
		// target is a folder holding a file named "inner".
		exists, dir bool
		write       func(im impl, path string) error
		// want: the target's content after the write (when it is a
		// file); wantErr: the write fails with an error of this kind.
		want    string
		wantErr func(error) bool
	}{
		{name: "WriteFile makes", write: func(im impl, p string) error { return im.writeFile(p, []byte("new"), 0o644) }, want: "new"},
		{name: "WriteFile replaces", exists: true, write: func(im impl, p string) error { return im.writeFile(p, []byte("new"), 0o644) }, want: "new"},
		{name: "WriteFile empty", exists: true, write: func(im impl, p string) error { return im.writeFile(p, nil, 0o644) }, want: ""},
		{name: "Create and Commit replace", exists: true, write: func(im impl, p string) error {
			f, err := im.create(p, 0o644)
			if err != nil {
				return err
			}
			if _, err := f.Write([]byte("ne")); err != nil {
				return err
			}
			if _, err := f.Write([]byte("w")); err != nil {
				return err
			}
			if err := f.Commit(); err != nil {
				return err
			}
			f.Discard() // does nothing after Commit
			return nil
		}, want: "new"},
		{name: "Discard keeps", exists: true, write: func(im impl, p string) error {
			f, err := im.create(p, 0o644)
			if err != nil {
				return err
			}
			if _, err := f.Write([]byte("new")); err != nil {
				return err
			}
			f.Discard()
			f.Discard()
			return nil
		}, want: old},
		{name: "failed Commit keeps", exists: true, write: func(im impl, p string) error {
			f, err := im.create(p, 0o644)
			if err != nil {
				return err
			}
			if _, err := f.Write([]byte("new")); err != nil {
				return err
			}
			closeUnder(t, f)
			return f.Commit()
		}, want: old, wantErr: closedError},
		{name: "over a folder", dir: true, write: func(im impl, p string) error { return im.writeFile(p, []byte("new"), 0o644) },
			wantErr: linkError},
		{name: "Create over a folder", dir: true, write: func(im impl, p string) error {
			f, err := im.create(p, 0o644)
			if err != nil {
				return err
			}
			if _, err := f.Write([]byte("new")); err != nil {
				return err
			}
			return f.Commit()
		}, wantErr: linkError},
	}
	for name, im := range impls {
		for _, tt := range tests {
			t.Run(name+"/"+tt.name, func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "out.txt")
				switch {
				case tt.exists:
					if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
						t.Fatal(err)
					}
				case tt.dir:
					if err := os.Mkdir(path, 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(path, "inner"), []byte(old), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				err := tt.write(im, path)
				switch {
				case tt.wantErr == nil && err != nil:
					t.Fatalf("error %v", err)
				case tt.wantErr != nil && (err == nil || !tt.wantErr(err)):
					t.Fatalf("error %#v, want one of another kind", err)
				}
				if tt.dir {
					if data, err := os.ReadFile(filepath.Join(path, "inner")); err != nil || string(data) != old {
						t.Errorf("the folder's file holds %q, %v; want %q", data, err, old)
					}
				} else {
					data, err := os.ReadFile(path)
					if err != nil || string(data) != tt.want {
						t.Errorf("the file holds %q, %v; want %q", data, err, tt.want)
					}
					if fi, err := os.Stat(path); err == nil && runtime.GOOS != "windows" && fi.Mode().Perm() != 0o644 {
						t.Errorf("mode %v, want 0644", fi.Mode())
					}
				}
				if names := list(t, dir); !slices.Equal(names, []string{"out.txt"}) {
					t.Errorf("the folder holds %q, want only out.txt", names)
				}
			})
		}
	}
}

// TestMissingFolder: a file cannot be written in a folder that does not
// exist; the error is an *fs.PathError that is fs.ErrNotExist.
func TestMissingFolder(t *testing.T) {
	for name, im := range impls {
		dir := t.TempDir()
		path := filepath.Join(dir, "none", "out.txt")
		err := im.writeFile(path, []byte("new"), 0o644)
		if _, ok := errors.AsType[*fs.PathError](err); !ok || !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: WriteFile(%s) = %#v, want an *fs.PathError that is fs.ErrNotExist", name, path, err)
		}
		f, err := im.create(path, 0o644)
		if _, ok := errors.AsType[*fs.PathError](err); !ok || !errors.Is(err, fs.ErrNotExist) || f != nil {
			t.Errorf("%s: Create(%s) = %v, %#v; want nil and an *fs.PathError that is fs.ErrNotExist", name, path, f, err)
		}
		if names := list(t, dir); len(names) != 0 {
			t.Errorf("%s: the folder holds %q, want nothing", name, names)
		}
	}
}

// closedError: err is an *fs.PathError saying that the file was closed.
func closedError(err error) bool {
	_, ok := errors.AsType[*fs.PathError](err)
	return ok && errors.Is(err, os.ErrClosed)
}

// linkError: err is an *os.LinkError (a rename that failed).
func linkError(err error) bool {
	_, ok := errors.AsType[*os.LinkError](err)
	return ok
}

// list returns the names in the folder dir.
func list(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}
