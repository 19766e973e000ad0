// Package atomicfile writes a file under a temporary name in the target's
// folder and renames it over the target only when it is complete, so that
// a reader never sees a half-written file and a failed write leaves an
// existing file as it was.
//
// On Unix the work is done by github.com/google/renameio/v2. renameio
// offers no WriteFile or PendingFile on Windows, so there the package
// uses its own portable implementation (see portable.go): os.CreateTemp
// in the target's folder, Sync, Close, then os.Rename, which on Windows
// replaces an existing file (MoveFileEx with MOVEFILE_REPLACE_EXISTING).
//
// The errors are those of the file system, naming the temporary file (an
// *fs.PathError, or an *os.LinkError from the rename); game/outfile turns
// them into errors that name the target.
package atomicfile

import (
	"io"
	"io/fs"
)

// WriteFile writes data to the file path with mode perm (less the umask
// on Unix, where an existing file's mode is kept), through a temporary
// file in path's folder; the folder must exist.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return writeFile(path, data, perm)
}

// File is a file being written under a temporary name in its target's
// folder: Commit renames it over the target, Discard removes it.
type File struct {
	p pending
}

// pending is what each platform's temporary file offers (renameio's
// PendingFile on Unix, tempFile on Windows).
type pending interface {
	io.Writer
	// CloseAtomicallyReplace syncs and closes the file and renames it
	// over the target.
	CloseAtomicallyReplace() error
	// Cleanup closes and removes the file; it does nothing after a
	// CloseAtomicallyReplace that succeeded.
	Cleanup() error
}

// Create starts writing the file path with mode perm (less the umask on
// Unix) under a temporary name in path's folder; the folder must exist.
func Create(path string, perm fs.FileMode) (*File, error) {
	p, err := create(path, perm)
	if err != nil {
		return nil, err
	}
	return &File{p: p}, nil
}

// Write writes b to the temporary file.
func (f *File) Write(b []byte) (int, error) { return f.p.Write(b) }

// Commit syncs and closes the temporary file and renames it over the
// target. On an error the temporary file is removed and the target is
// left as it was.
func (f *File) Commit() error {
	if err := f.p.CloseAtomicallyReplace(); err != nil {
		_ = f.p.Cleanup()
		return err
	}
	return nil
}

// Discard removes the temporary file, leaving the target as it was; it
// does nothing after a Commit that succeeded.
func (f *File) Discard() { _ = f.p.Cleanup() }
