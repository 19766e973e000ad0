package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"wordengine/game/outfile"
)

// checkOutFolder returns an error naming flag, path and its folder when
// the folder path is to be written in does not exist or is no folder.
// Commands check it before any long work: files are written under a
// temporary name in the target's folder and renamed over the target when
// complete, and a missing folder is the user's mistake, never created.
func checkOutFolder(flag, path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %s: folder %s does not exist", flag, path, dir)
	case err != nil:
		return fmt.Errorf("%s %s: %w", flag, path, err)
	case !fi.IsDir():
		return fmt.Errorf("%s %s: %s is not a folder", flag, path, dir)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s %s: is a folder, want a file name", flag, path)
	}
	return nil
}

// checkNewOut is checkOutFolder for an output that an existing file does
// not silently become: it refuses an existing path unless force (the
// command's --force), which replaces it once the new file is complete.
func checkNewOut(flag, path string, force bool) error {
	if err := checkOutFolder(flag, path); err != nil {
		return err
	}
	if _, err := os.Lstat(path); err == nil && !force {
		return fmt.Errorf("%s %s exists: --force replaces it", flag, path)
	}
	return nil
}

// outFile is a file being written under a temporary name in its target's
// folder (game/outfile), buffered. Commit renames it over the target;
// Discard removes it, leaving any earlier file at the target as it was.
// Its errors name the target, never the temporary file.
type outFile struct {
	*bufio.Writer
	file *outfile.File
}

// createOut starts writing the file path (whose folder must exist).
func createOut(path string) (*outFile, error) {
	f, err := outfile.Create(path)
	if err != nil {
		return nil, err
	}
	return &outFile{Writer: bufio.NewWriter(f), file: f}, nil
}

// Commit flushes the buffered data, syncs the file and renames it over
// the target. On an error the target is left as it was.
func (o *outFile) Commit() error {
	if err := o.Flush(); err != nil {
		o.Discard()
		return err
	}
	return o.file.Commit()
}

// Discard removes the temporary file; it does nothing after Commit.
func (o *outFile) Discard() { o.file.Discard() }

// writeOut writes the file path with write: the target is replaced only
// when write and the file system succeed, and is otherwise left as it was.
func writeOut(path string, write func(w io.Writer) error) error {
	o, err := createOut(path)
	if err != nil {
		return err
	}
	if err := write(o); err != nil {
		o.Discard()
		return err
	}
	return o.Commit()
}
