package search

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportDirection guards the layout of ../shared/DESIGN.md: search
// (with search/endgame and search/analysis), eval and bench program
// against package game only and never import a game package
// (game/<name>); a sixth game is one new package. The packages under
// game/ that belong to no game (the conformance suite, the option reader,
// the text-position tokenizer) are allowed.
func TestImportDirection(t *testing.T) {
	shared := map[string]bool{"wordengine/game/gametest": true, "wordengine/game/option": true, "wordengine/game/textpos": true}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	for _, pkg := range []string{"wordengine/search", "wordengine/search/endgame", "wordengine/search/analysis", "wordengine/eval", "wordengine/bench"} {
		out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			if strings.Contains(string(out), "cannot find package") || strings.Contains(string(out), "is not in std") || strings.Contains(string(out), "no required module") || strings.Contains(string(out), "directory") {
				continue // not written yet
			}
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			if strings.HasPrefix(dep, "wordengine/game/") && !shared[dep] {
				t.Errorf("%s imports %s: search, eval and bench must use only package game", pkg, dep)
			}
		}
	}
}
