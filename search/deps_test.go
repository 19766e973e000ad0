package search

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportDirection guards the layout of ../shared/DESIGN.md: search
// (with search/endgame), eval and bench program against package game only and never import a
// game package (game/<name>); a sixth game is one new package.
func TestImportDirection(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	for _, pkg := range []string{"wordengine/search", "wordengine/search/endgame", "wordengine/eval", "wordengine/bench"} {
		out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			if strings.Contains(string(out), "cannot find package") || strings.Contains(string(out), "is not in std") || strings.Contains(string(out), "no required module") || strings.Contains(string(out), "directory") {
				continue // not written yet
			}
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			if strings.HasPrefix(dep, "wordengine/game/") && dep != "wordengine/game/gametest" {
				t.Errorf("%s imports %s: search, eval and bench must use only package game", pkg, dep)
			}
		}
	}
}
