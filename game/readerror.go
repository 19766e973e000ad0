package game

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// FileError is a file that could not be read, told in a user's words:
// the file's name as given and the reason ("no such file", "is a folder,
// want a file"). Err is the system's error, so that errors.Is(err,
// fs.ErrNotExist) and errors.As to an *fs.PathError still hold.
type FileError struct {
	Path string
	Err  error
	msg  string
}

// Error returns the message: the file and the reason.
func (e *FileError) Error() string { return e.msg }

// Unwrap returns Err.
func (e *FileError) Unwrap() error { return e.Err }

// ReadError returns err, an error of opening or reading the file path, as
// a *FileError that names path and says why in a user's words:
//
//	PATH: no such file
//	PATH is a folder, want a file
//	PATH: no permission to read it
//	PATH: no such file (a folder on its path is a file)
//	PATH: input/output error       (any other reason the system gives)
//
// An error that holds no *fs.PathError (a format error of the file's
// text), an error that already is a *FileError, and nil are returned as
// they are.
func ReadError(path string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*FileError](err); ok {
		return err
	}
	pe, ok := errors.AsType[*fs.PathError](err)
	if !ok {
		return err
	}
	var msg string
	switch {
	case errors.Is(pe.Err, fs.ErrNotExist):
		msg = fmt.Sprintf("%s: no such file", path)
	case errors.Is(pe.Err, syscall.EISDIR):
		msg = fmt.Sprintf("%s is a folder, want a file", path)
	case errors.Is(pe.Err, fs.ErrPermission):
		msg = fmt.Sprintf("%s: no permission to read it", path)
	case errors.Is(pe.Err, syscall.ENOTDIR):
		msg = fmt.Sprintf("%s: no such file (a folder on its path is a file)", path)
	default:
		msg = fmt.Sprintf("%s: %v", path, pe.Err)
	}
	return &FileError{Path: path, Err: err, msg: msg}
}

// OpenFile opens the file path for reading. Its error is a *FileError
// (ReadError); a folder is refused here, with the error reading it would
// give, so that the reader's own errors are only about the file's text.
func OpenFile(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, ReadError(path, err)
	}
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		f.Close()
		return nil, ReadError(path, &fs.PathError{Op: "read", Path: path, Err: syscall.EISDIR})
	}
	return f, nil
}
