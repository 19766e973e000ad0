package wwf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestZZExplore(t *testing.T) {
	filepath.WalkDir("../../../shared/data/gcg", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".gcg") {
			return err
		}
		f, _ := os.Open(p)
		defer f.Close()
		g, err := ReadGCG(f, filepath.Base(p))
		rel := strings.TrimPrefix(p, "../../../shared/data/gcg/")
		if err != nil {
			t.Logf("ERR %s: %v", rel, err)
			return nil
		}
		if e := g.CheckTotals(); e != nil {
			t.Logf("TOT %s: %v", rel, strings.ReplaceAll(e.Error(), "\n", " | "))
		}
		return nil
	})
}
