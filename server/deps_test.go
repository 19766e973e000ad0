package server

import (
	"os/exec"
	"strings"
	"testing"
)

// TestImportDirection guards the layout of ../shared/DESIGN.md: the
// server drives every game through the contracts of package game and
// never imports a game package (game/<name>), so that a sixth game is one
// new package and one registration line in the command. The packages
// under game/ that belong to no game (the conformance suite, the option
// reader, the text-position tokenizer) are allowed.
func TestImportDirection(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	shared := map[string]bool{"wordengine/game/gametest": true, "wordengine/game/option": true, "wordengine/game/textpos": true}
	out, err := exec.Command("go", "list", "-deps", "wordengine/server").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps wordengine/server: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "wordengine/game/") && !shared[dep] {
			t.Errorf("the server imports %s: it must use only package game and the registry", dep)
		}
		if strings.HasPrefix(dep, "wordengine/cmd") {
			t.Errorf("the server imports %s", dep)
		}
	}
}
