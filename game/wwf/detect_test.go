package wwf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/game"
)

func TestDetectGCG(t *testing.T) {
	head := "#player1 a\n#player2 b\n"
	for _, tc := range []struct {
		text, game, variant, why string
	}{
		{head + ">a: AEINRST 8D RETAINS +51 51\n", "wwf", "", "of 1 play, 0 on the scrabble board, 1 on the wwf board"},
		{head + ">a: AEINRST 8D RETAINS +66 66\n", "scrabble", "", "of 1 play, 1 on the scrabble board, 0 on the wwf"},
		{head + ">a: AEINRST 8D RETAINS +60 60\n", "scrabble", "", "of 1 play, 0 on the scrabble board, 0 on the wwf"},
		{"#description wordengine play --game scrabble --seed 3 --level static\n" + head + ">a: AEINRST 8D RETAINS +51 51\n", "scrabble", "", "#description"},
		{"#description wordengine play --seed 3 --level static\n" + head, "wwf", "", "#description"},
		{"#description wordengine play --game wwf --variant lang=de --seed 3\n" + head, "wwf", "lang=de", "#description"},
		{"#lexicon CSW21\n" + head + ">a: AEINRST 8D RETAINS +51 51\n", "scrabble", "", "#lexicon CSW21"},
		{"#lexicon OSPS44\n" + head, "scrabble", "lang=pl", "#lexicon"},
		{head + "#variant wwf\n>a: AEINRST 8D RETAINS +66 66\n", "wwf", "", "#variant"},
		{head + "#variant scrabble lang=en\n", "scrabble", "lang=en", "#variant"},
		{head + "#variant wwf lang=de end=deduct\n", "wwf", "lang=de,end=deduct", "#variant"},
		{head + "#game-type classic\n", "scrabble", "", "#game-type"},
		{head + ">a: ÄEINRST 8D ÄRGERN +66 66\n", "scrabble", "lang=de", ""},
	} {
		d := DetectGCG(mustGCG(t, tc.text))
		if d.Game != tc.game || d.Variant != tc.variant || !strings.Contains(d.Why, tc.why) {
			t.Errorf("%q: detected %s %q (%s), want %s %q (%s)", tc.text, d.Game, d.Variant, d.Why, tc.game, tc.variant, tc.why)
		}
	}
}

// TestFitWarning: a record scored on the Scrabble board read as WWF gets
// a warning naming both boards, and none read as Scrabble.
func TestFitWarning(t *testing.T) {
	g := mustGCG(t, "#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +66 66\n")
	w := FitWarning(g, "wwf", "")
	if !strings.Contains(w, "0 of 1 play score as recorded on the wwf board, 1 on the scrabble board") {
		t.Errorf("warning %q", w)
	}
	if w := FitWarning(g, "scrabble", ""); w != "" {
		t.Errorf("scrabble: warning %q", w)
	}
}

// TestDetectSharedRecords: every record of ../shared/data/gcg is a
// Scrabble game, whatever decides it.
func TestDetectSharedRecords(t *testing.T) {
	n := 0
	for _, path := range gcgFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(sharedGCG, path)
		g, err, _ := readRepairingNotes(data, rel)
		if err != nil {
			continue
		}
		n++
		if d := DetectGCG(g); d.Game != "scrabble" {
			t.Errorf("%s: detected %s (%s)", rel, d.Game, d.Why)
		}
	}
	t.Logf("%d records detected as scrabble", n)
}

func TestDetectCGP(t *testing.T) {
	empty := strings.Repeat("15/", 14) + "15 AEINRST/ 0/0 0"
	for _, tc := range []struct{ opts, game, variant, lex string }{
		{"", "wwf", "", ""},
		{" lex CSW21;", "scrabble", "", "CSW21"},
		{" lex OSPS44;", "scrabble", "lang=pl", "OSPS44"},
		{" ld german;", "scrabble", "lang=de", ""},
		{" lex en-letterpress;", "wwf", "", "en-letterpress"},
	} {
		c, err := ParseCGP(empty + tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		d := DetectCGP(c)
		if d.Game != tc.game || d.Variant != tc.variant || d.Lexicon != tc.lex {
			t.Errorf("%q: %s %q %q (%s), want %s %q %q", tc.opts, d.Game, d.Variant, d.Lexicon, d.Why, tc.game, tc.variant, tc.lex)
		}
	}
}

// TestGCGRecordDetects: a GCG file without #variant read as a game
// record gets the game DetectGCG finds, and replaying it on the other
// board warns that its scores fit the first.
func TestGCGRecordDetects(t *testing.T) {
	for _, tc := range []struct{ text, game string }{
		{"#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +66 66\n", "scrabble"},
		{"#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +51 51\n", "wwf"},
	} {
		r, err := GCGRecord(mustGCG(t, tc.text))
		if err != nil {
			t.Fatal(err)
		}
		if r.Game != tc.game {
			t.Errorf("%q: game %q, want %s", tc.text, r.Game, tc.game)
		}
	}
	r, err := GCGRecord(mustGCG(t, "#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +66 66\n"))
	if err != nil {
		t.Fatal(err)
	}
	r.Game = "wwf"
	var warns []string
	if _, err := recordPosition(r, game.Config{}, -1, func(e error) { warns = append(warns, e.Error()) }); err != nil {
		t.Fatal(err)
	}
	if len(warns) == 0 || !strings.Contains(strings.Join(warns, "\n"), "is it a scrabble game (--game scrabble)?") {
		t.Errorf("warnings %q, want the fit warning", warns)
	}
}
