package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNamesNoGame guards ../shared/DESIGN.md's promise that a sixth game
// is one package under game/ and one registration line: the command
// imports a game package (game/<name>) only in main.go, for its
// registration alone (a blank import), and asks the registry for the
// rest. The packages under game/ that belong to no game are allowed.
func TestNamesNoGame(t *testing.T) {
	shared := map[string]bool{"wordengine/game/driver": true, "wordengine/game/gametest": true,
		"wordengine/game/option": true, "wordengine/game/textpos": true, "wordengine/game/outfile": true}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if !strings.HasPrefix(path, "wordengine/game/") || shared[path] {
				continue
			}
			if file != "main.go" || imp.Name == nil || imp.Name.Name != "_" {
				t.Errorf("%s imports %s: only main.go names a game, by a blank import that registers it", fset.Position(imp.Pos()), path)
			}
		}
	}
}
