//go:build !windows

package atomicfile

import (
	"io/fs"
	"path/filepath"

	"github.com/google/renameio/v2"
)

func writeFile(path string, data []byte, perm fs.FileMode) error {
	return renameio.WriteFile(path, data, perm, renameio.WithTempDir(filepath.Dir(path)))
}

func create(path string, perm fs.FileMode) (pending, error) {
	pf, err := renameio.NewPendingFile(path, renameio.WithTempDir(filepath.Dir(path)), renameio.WithPermissions(perm))
	if err != nil {
		return nil, err // not pf: a nil *PendingFile in an interface is not nil
	}
	return pf, nil
}
