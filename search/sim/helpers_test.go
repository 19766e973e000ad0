package sim

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/wwf"
	"wordengine/lexicon"
)

// midgame returns the committed midgame position testdata/midgame.cgp.
func midgame(tb testing.TB) game.State {
	tb.Helper()
	f, err := os.Open("testdata/midgame.cgp")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		return fromCGP(tb, line)
	}
	tb.Fatal("testdata/midgame.cgp: no position")
	return nil
}

// fromCGP sets up a WWF position from a CGP line; the opponent's rack in
// the record is the true one, which the simulation must not read.
func fromCGP(tb testing.TB, line string) game.State {
	tb.Helper()
	cg, err := wwf.ParseCGP(line)
	if err != nil {
		tb.Fatal(err)
	}
	r, _, err := wwf.Rules("wwf", "")
	if err != nil {
		tb.Fatal(err)
	}
	lx, err := lexicon.Default()
	if err != nil {
		tb.Fatal(err)
	}
	s, err := wwf.FromCGP(cg, r, lx, 1)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
