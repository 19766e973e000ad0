// Package outfile writes files the way every command of the engine does:
// under a temporary name in the target's folder, renamed over the target
// when complete (wordengine/internal/atomicfile: renameio on Unix, its own
// os.CreateTemp, Sync and os.Rename on Windows), so that a failed write
// leaves an existing file as it was; with mode 0644 (less the umask), like
// any file a user makes; and with errors that name the target and say
// what is wrong with it or its folder in the user's words ("/tmp is a
// folder", "/nonexistent/x.gcg: the folder /nonexistent does not exist"),
// never the temporary name, which the user never gave.
package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"wordengine/internal/atomicfile"
)

// Perm is the mode of the files written.
const Perm = 0o644

// WriteFile writes data to the file path (see the package doc); its
// error is an *Error when the file system refused.
func WriteFile(path string, data []byte) error {
	return Explain(path, atomicfile.WriteFile(path, data, Perm))
}

// File is a file being written under a temporary name in its target's
// folder. Commit renames it over the target; Discard removes it.
type File struct {
	path    string
	pending *atomicfile.File
}

// Create starts writing the file path; its error is an *Error when the
// file system refused.
func Create(path string) (*File, error) {
	pf, err := atomicfile.Create(path, Perm)
	if err != nil {
		return nil, Explain(path, err)
	}
	return &File{path: path, pending: pf}, nil
}

// Write writes p to the temporary file.
func (f *File) Write(p []byte) (int, error) {
	n, err := f.pending.Write(p)
	return n, Explain(f.path, err)
}

// Commit syncs the file and renames it over the target; on an error the
// temporary file is removed and the target left as it was.
func (f *File) Commit() error {
	return Explain(f.path, f.pending.Commit())
}

// Discard removes the temporary file; it does nothing after Commit.
func (f *File) Discard() { f.pending.Discard() }

// Error is a file that could not be written: Path is the target, Err the
// system's reason (a syscall.Errno, so that errors.Is(err,
// fs.ErrNotExist) and the like hold).
type Error struct {
	Path string
	Err  error
	msg  string
}

func (e *Error) Error() string { return e.msg }
func (e *Error) Unwrap() error { return e.Err }

// Explain returns err, an error of writing the file path through a
// temporary file (an *fs.PathError or *os.LinkError naming the temporary
// file, possibly wrapped), as an *Error naming path; other errors (and
// nil) are returned as they are.
func Explain(path string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*Error](err); ok {
		return err
	}
	var cause error
	if le, ok := errors.AsType[*os.LinkError](err); ok {
		cause = le.Err
	} else if pe, ok := errors.AsType[*fs.PathError](err); ok {
		cause = pe.Err
	} else {
		return err
	}
	return &Error{Path: path, Err: cause, msg: why(path, cause)}
}

// why says what is wrong with writing path, which failed with cause.
func why(path string, cause error) string {
	dir := filepath.Dir(path)
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Sprintf("%s is a folder", path)
	}
	if fi, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return fmt.Sprintf("%s: the folder %s does not exist", path, dir)
	} else if err == nil && !fi.IsDir() {
		return fmt.Sprintf("%s: %s is not a folder", path, dir)
	}
	switch {
	case errors.Is(cause, fs.ErrPermission):
		return fmt.Sprintf("%s: no permission to write in the folder %s", path, dir)
	case errors.Is(cause, syscall.EROFS):
		return fmt.Sprintf("%s: the folder %s is read-only", path, dir)
	case errors.Is(cause, syscall.ENOSPC), errors.Is(cause, syscall.EDQUOT):
		return fmt.Sprintf("%s: no space left on the disk", path)
	case errors.Is(cause, fs.ErrNotExist):
		return fmt.Sprintf("%s: files cannot be made in the folder %s", path, dir)
	}
	return fmt.Sprintf("%s: %v", path, cause)
}
