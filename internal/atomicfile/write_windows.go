//go:build windows

package atomicfile

import "io/fs"

func writeFile(path string, data []byte, perm fs.FileMode) error {
	return writeTemp(path, data, perm)
}

func create(path string, perm fs.FileMode) (pending, error) {
	tf, err := createTemp(path, perm)
	if err != nil {
		return nil, err // not tf: a nil *tempFile in an interface is not nil
	}
	return tf, nil
}
