package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
)

// This file is the implementation used on Windows. It carries no build
// tag so that its tests run on every platform.

// tempFile is a file being written under a temporary name in the folder
// of its target, path.
type tempFile struct {
	f    *os.File
	path string
	// closed: f has been closed; done: the file has been renamed or
	// removed, and Cleanup has nothing left to do.
	closed, done bool
}

// createTemp creates a temporary file for path in path's folder, named
// after it (".name" and a random number), with mode perm.
func createTemp(path string, perm fs.FileMode) (*tempFile, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"*")
	if err != nil {
		return nil, err
	}
	// os.CreateTemp makes the file with mode 0600 (on Windows only the
	// read-only attribute follows the mode).
	if err := f.Chmod(perm & fs.ModePerm); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &tempFile{f: f, path: path}, nil
}

// Write writes b to the temporary file.
func (t *tempFile) Write(b []byte) (int, error) { return t.f.Write(b) }

// CloseAtomicallyReplace syncs and closes the temporary file and renames
// it over the target. On an error the temporary file is left for Cleanup.
func (t *tempFile) CloseAtomicallyReplace() error {
	if err := t.f.Sync(); err != nil {
		return err
	}
	t.closed = true
	if err := t.f.Close(); err != nil {
		return err
	}
	if err := os.Rename(t.f.Name(), t.path); err != nil {
		return err
	}
	t.done = true
	return nil
}

// Cleanup closes the temporary file if it is open (Windows cannot remove
// an open file) and removes it; it does nothing once the file has been
// renamed over the target or removed.
func (t *tempFile) Cleanup() error {
	if t.done {
		return nil
	}
	var closeErr error
	if !t.closed {
		t.closed = true
		closeErr = t.f.Close()
	}
	if err := os.Remove(t.f.Name()); err != nil {
		return err
	}
	t.done = true
	return closeErr
}

// writeTemp writes data to path through a temporary file in path's
// folder, removing the temporary file if any step fails.
func writeTemp(path string, data []byte, perm fs.FileMode) error {
	t, err := createTemp(path, perm)
	if err != nil {
		return err
	}
	defer t.Cleanup()
	if _, err := t.Write(data); err != nil {
		return err
	}
	return t.CloseAtomicallyReplace()
}
