package main

import (
	"strings"
	"testing"

	"wordengine/eval"
	"wordengine/lexicon"
)

// TestLeaveLimits: the rack size and tile counts read from a dealt game
// are those of the published tile sets (Scrabble 100 tiles with 2 blanks
// and 12 E; Words With Friends 104 with 2 blanks and 13 E; Upwords 100
// without blanks, 8 E, 1 Qu).
func TestLeaveLimits(t *testing.T) {
	tests := []struct {
		game          string
		total, blanks int
		letter        string
		count         int
	}{
		{"scrabble", 100, 2, "E", 12},
		{"scrabble", 100, 2, "Q", 1},
		{"wwf", 104, 2, "E", 13},
		{"wwf", 104, 2, "Z", 1},
		{"upwords", 100, 0, "E", 8},
		{"upwords", 100, 0, "QU", 1},
	}
	for _, tt := range tests {
		l, err := eval.DefaultLeaves(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		al := l.Alphabet()
		lim, ok := leaveLimitsOf(tt.game, al)
		if !ok {
			t.Fatalf("%s: limits not found", tt.game)
		}
		total := 0
		for _, n := range lim.counts {
			total += n
		}
		ts, err := al.Parse(nil, tt.letter)
		if err != nil || len(ts) != 1 {
			t.Fatalf("%s: letter %s: %v %v", tt.game, tt.letter, ts, err)
		}
		if lim.rackSize != 7 || total != tt.total || lim.counts[lexicon.Blank] != tt.blanks || lim.counts[ts[0]] != tt.count {
			t.Errorf("%s: rack %d, %d tiles, %d blanks, %d %s; want 7, %d, %d, %d",
				tt.game, lim.rackSize, total, lim.counts[lexicon.Blank], lim.counts[ts[0]], tt.letter, tt.total, tt.blanks, tt.count)
		}
	}
	if _, ok := leaveLimitsOf("nosuchgame", lexicon.UpwordsAlphabet()); ok {
		t.Error("limits of an unknown game")
	}
	if _, ok := leaveLimitsOf("wwf", lexicon.UpwordsAlphabet()); ok {
		t.Error("limits of wwf with the upwords alphabet")
	}
}

// TestLeavesInfoImpossible: leaves that cannot occur are usage errors
// naming the leave and the reason, before any output; a lower-case letter
// is a blank.
func TestLeavesInfoImpossible(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{[]string{"leaves", "info", "wwf", "AAAAAAAA", "ZZ"}, 2, nil, []string{`leave "AAAAAAAA": 8 tiles, but a wwf rack holds 7`}},
		{[]string{"leaves", "info", "wwf", "ZZ"}, 2, nil, []string{`leave "ZZ": 2 Z tiles, but the wwf tile set has 1`}},
		{[]string{"leaves", "info", "scrabble", "AEI", "QQ"}, 2, nil, []string{`leave "QQ": 2 Q tiles, but the scrabble tile set has 1`}},
		{[]string{"leaves", "info", "scrabble", "??e"}, 2, nil, []string{`leave "??e": 3 blanks (? or a lower-case letter), but the scrabble tile set has 2`}},
		{[]string{"leaves", "info", "wwf", "abc"}, 2, nil, []string{`leave "abc": 3 blanks`}},
		{[]string{"leaves", "info", "wordblock"}, 1, nil, []string{`"wordblock": no such file, nor a game with an embedded table (scrabble, upwords, wwf)`}},
		{[]string{"leaves", "info", "upwords", "?"}, 2, nil, []string{`leave "?": 1 blank (? or a lower-case letter), but the upwords tile set has none`}},
		{[]string{"leaves", "info", "upwords", "[QU][QU]"}, 2, nil, []string{`leave "[QU][QU]": 2 QU tiles, but the upwords tile set has 1`}},
		// The largest possible leaves are accepted; a lower-case letter is
		// valued as a blank.
		{[]string{"leaves", "info", "--top", "0", "wwf", "AEINST?", "EEEEEEE", "ZJQXK??", "?", "e", "?e"}, 0,
			[]string{"AEINST? +", "EEEEEEE -", "ZJQXK?? ", "\n? +", "\ne +", "\n?e +"}, nil},
		{[]string{"leaves", "info", "--top", "0", "upwords", "[QU]E", "SSSSSS"}, 0, []string{"[QU]E ", "SSSSSS "}, nil},
	}
	for _, tt := range tests {
		r := runIn(t, dir, tt.args...)
		r.check(t, tt.args, tt.code, tt.stdout, tt.stderr)
		if tt.code != 0 && r.stdout != "" {
			t.Errorf("wordengine %q: output before the error:\n%s", tt.args, r.stdout)
		}
	}
	// "e" and "?" have the same value: a leave's blank is undesignated.
	args := []string{"leaves", "info", "--top", "0", "scrabble", "?", "e", "R?", "Rs"}
	r := runIn(t, dir, args...)
	r.check(t, args, 0, nil, nil)
	val := map[string]string{}
	for line := range strings.Lines(r.stdout) {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), " "); ok {
			val[k] = v
		}
	}
	if val["?"] == "" || val["?"] != val["e"] || val["R?"] == "" || val["R?"] != val["Rs"] {
		t.Errorf("blank values differ: ? %q e %q, R? %q Rs %q\n%s", val["?"], val["e"], val["R?"], val["Rs"], r.stdout)
	}
	// The help says so.
	args = []string{"leaves", "info", "--help"}
	runIn(t, dir, args...).check(t, args, 0, []string{"? or a lower-case letter is a blank", "more tiles than the game's rack holds"}, nil)
}

// TestLeavesInfoNoBlank checks that leaves info lists no value for the
// blank of a game that has none (Upwords), and lists it for WWF.
func TestLeavesInfoNoBlank(t *testing.T) {
	up := runStdin(t, "", "leaves", "info", "upwords", "--top", "1")
	if up.code != 0 || !strings.Contains(up.stdout, "single tiles (points): A ") {
		t.Fatalf("leaves info upwords: exit %d\n%s%s", up.code, up.stdout, up.stderr)
	}
	wwf := runStdin(t, "", "leaves", "info", "wwf", "--top", "1")
	if wwf.code != 0 || !strings.Contains(wwf.stdout, "single tiles (points): ? ") {
		t.Fatalf("leaves info wwf: exit %d\n%s%s", wwf.code, wwf.stdout, wwf.stderr)
	}
}
