package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"wordengine/lexicon"
)

// result is what one in-process run of the command produced.
type result struct {
	code           int
	stdout, stderr string
}

// runIn runs the command with args in-process, with the lexicon cache at
// cache (never the user's own).
func runIn(t *testing.T, cache string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	getenv := func(k string) string {
		if k == envLexicons {
			return cache
		}
		return ""
	}
	code := run(context.Background(), args, &stdout, &stderr, getenv)
	return result{code, stdout.String(), stderr.String()}
}

// check reports a mismatch between r and the wanted exit code and
// substrings of stdout and stderr.
func (r result) check(t *testing.T, args []string, code int, stdout, stderr []string) {
	t.Helper()
	if r.code != code {
		t.Errorf("wordengine %q: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", args, r.code, code, r.stdout, r.stderr)
	}
	for _, s := range stdout {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("wordengine %q: stdout lacks %q:\n%s", args, s, r.stdout)
		}
	}
	for _, s := range stderr {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("wordengine %q: stderr lacks %q:\n%s", args, s, r.stderr)
		}
	}
	if r.code != exitOK && !strings.HasPrefix(r.stderr, "wordengine: ") {
		t.Errorf("wordengine %q: failed without a \"wordengine: \" message on stderr: %q", args, r.stderr)
	}
	if strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine ") {
		t.Errorf("wordengine %q: stderr looks like a panic:\n%s", args, r.stderr)
	}
}

// TestEmbedded runs the commands that need only the embedded lexicon.
func TestEmbedded(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"--seed", "1"}, 0, []string{"wwf, lexicon en-letterpress (269870 words)\n  static as player 1 against static as player 2\n", "seed 1 (repeat with --seed 1)", "  1. player 1 ", "runners-up (score, equity): ", "result: player "}, nil},
		// Scrabble plays SOWPODS by default (its registration's), the
		// others the Letterpress list; --lexicon chooses another.
		{[]string{"--lexicon", "default", "--seed", "2", "--game", "scrabble", "--players", "greedy,random"}, 0, []string{"scrabble, lexicon sowpods (267751 words)\n  greedy as player 1 against random as player 2\n", "seed 2", "result: "}, nil},
		{[]string{"--seed", "2", "--game", "scrabble", "--players", "greedy,random"}, 0, []string{"lexicon sowpods (267751 words)"}, nil},
		{[]string{"--lexicon", "en", "--seed", "2", "--game", "scrabble", "--players", "greedy,random"}, 0, []string{"lexicon en-letterpress (269870 words)"}, nil},
		{[]string{"--lexicon", "sowpods", "--seed", "2", "--players", "greedy,random"}, 0, []string{"wwf, lexicon sowpods", "  greedy as player 1 against random as player 2\n"}, nil},
		{[]string{"lexicon", "info", "--game", "scrabble"}, 0, []string{"name:       sowpods\n", "source:     embedded, the default of scrabble", "default of: scrabble\n", "words:      267751,"}, nil},
		{[]string{"--game", "scrabble", "lexicon", "info", "--json"}, 0, []string{`"name": "sowpods"`, `"default_for": [`}, nil},
		{[]string{"lexicon", "--game", "wwf", "info"}, 0, []string{"name:       en-letterpress\n", "wordblock, wordflow, wwf\n"}, nil},
		{[]string{"lexicon", "check", "--game", "scrabble", "sex", "erm"}, 1, []string{"VALID   sex\n", "INVALID erm\n"}, []string{"not in lexicon sowpods: erm"}},
		{[]string{"lexicon", "check", "--game", "scrabble", "--lexicon", "en", "erm"}, 0, []string{"VALID   erm\n"}, nil},
		{[]string{"lexicon", "info", "--game", "chess"}, 2, nil, []string{`--game "chess": no such game`}},
		{[]string{"lexicon", "list"}, 0, []string{"embedded: en (en-letterpress), sowpods\n"}, nil},
		{[]string{"hint", "--game", "scrabble", "--player", "greedy", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ESX/ 0/0 0"}, 0, []string{"scrabble, lexicon sowpods: ", "8H SEX "}, nil},
		{[]string{"hint", "--game", "scrabble", "--lexicon", "en", "--player", "greedy", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ESX/ 0/0 0"}, 0, []string{"scrabble, lexicon en-letterpress: ", "8H EX "}, nil},
		{[]string{"--game", "nosuch"}, 2, nil, []string{`--game "nosuch": no such game`, "known: scrabble, "}},
		{[]string{"--players", "greedy"}, 2, nil, []string{"wwf takes 2 players"}},
		{[]string{"--players", "greedy,genius"}, 2, nil, []string{`unknown player "genius"`, "known: ", "greedy"}},
		{[]string{"hint", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0", "--top", "3"}, 0, []string{"8B ANESTRI    51", "3102 legal moves", "ranked by static"}, nil},
		{[]string{"hint", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEQRSTU/ 0/0 0", "--top", "1", "--player", "greedy"}, 0, []string{"ranked by greedy"}, nil},
		{[]string{"hint", "--cgp", "x", "--player", "nobody"}, 2, nil, []string{`unknown player "nobody"`}},
		{[]string{"hint", "--game", "scrabble", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QI/ 0/0 0", "--json"}, 0, []string{`"move": "8G QI"`, `"score": 22`, `"total_moves": 8`}, nil},
		{[]string{"hint", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ZZZ/ 0/0 0"}, 1, nil, []string{"no Z left to draw"}},
		{[]string{"hint", "--cgp", "15/15/15 A/ 0/0 0"}, 1, nil, []string{"cgp board is 3x15"}},
		{[]string{"hint", "--cgp", "nonsense"}, 1, nil, []string{"--cgp: cgp: byte 8: missing racks field"}},
		{[]string{"hint"}, 0, []string{"player 1 to move with "}, nil},
		{[]string{"hint", "--cgp", "x", "--gcg", "y"}, 2, nil, []string{"give at most one of --position, --cgp and --record"}},
		{[]string{"hint", "--game", "chess", "--cgp", "x"}, 2, nil, []string{`--game "chess": no such game (known: scrabble, `}},
		{[]string{"hint", "--variant", "lang=xx", "--cgp", "x"}, 2, nil, []string{"lang=xx"}},
		{[]string{"hint", "--gcg", "/no/such.gcg"}, 1, nil, []string{"/no/such.gcg"}},
		// A leave file that cannot be read is a failure (1), as any file;
		// a bad option of a player spec is a usage error (2).
		{[]string{"--players", "static:leaves=/no/such.leaves,greedy"}, 1, nil, []string{"--players: ", "/no/such.leaves"}},
		{[]string{"selfplay", "--players", "static:leaves=main.go,greedy", "--games", "2"}, 1, nil, []string{"bad leave file main.go:1"}},
		{[]string{"hint", "--cgp", "x", "--player", "static:leaves=/no/such.leaves"}, 1, nil, []string{"--player: ", "/no/such.leaves"}},
		{[]string{"--players", "static:leaves=,greedy"}, 2, nil, []string{`static: option "leaves" has no value: want a leave file`}},
		{[]string{"--game", "wordblock", "--players", "static:leaves=../../eval/testdata/small.leaves,greedy"}, 1, nil, []string{"static uses no leave table in wordblock"}},
		{[]string{"selfplay", "--players", "static:bogus=1,greedy", "--games", "2"}, 2, nil, []string{`unknown option "bogus"`, "Run 'wordengine selfplay --help'"}},
		{[]string{"selfplay", "--players", "static,,greedy", "--games", "2"}, 2, nil, []string{`--players "static,,greedy": a player name is empty`}},
		{[]string{"--players", "static,greedy,"}, 2, nil, []string{"a player name is empty"}},
		{[]string{"bench", "movegen"}, 2, nil, []string{"--positions FILE is required"}},
		{[]string{"bench"}, 2, nil, []string{"bench: name a subcommand (movegen)"}},
		{[]string{"bench", "foo"}, 2, nil, nil},
		{[]string{"bench", "movegen", "--game", "scrabble", "--positions", "../../testdata/movegen/scrabble.cgp", "--runs", "3"}, 0, []string{"14 positions: ", "M moves/s"}, nil},
		{[]string{"bench", "movegen", "--positions", "../../testdata/movegen/wwf.cgp", "--runs", "9223372036854775807"}, 2, nil, []string{"--runs 9223372036854775807: want 1 to 1000000"}},
		{[]string{"bench", "movegen", "--positions", "x", "--game", "chess"}, 2, nil, []string{`--game "chess": no such game`}},
		{[]string{"hint", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 /AEINRST 0/0 0"}, 1, nil, []string{"player 1 is to move but the position does not give what it holds (its rack is unknown): give it with --rack"}},
		{[]string{"hint", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B/C 0/0/0 0"}, 1, nil, []string{"crossword games have 2 players"}},
		{[]string{"hint", "--cgp", "15/15/15/15/15/15/15/7JO6/15/15/15/15/15/15/15 AEINRST/ 10/5 6"}, 1, nil, []string{"the game is over"}},
		{[]string{"hint", "--cgp", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QI/ 0/0 0 lex CSW21; zz 1;"}, 0, []string{"8G QI"}, []string{"names lexicon CSW21", `unknown CGP option "zz"`}},
		{[]string{"--help"}, 0, []string{"Usage:", "wordengine [flags]", "lexicon", "--seed"}, nil},
		{[]string{"lexicon", "check", "cat", "Dog", "QI"}, 0, []string{"VALID   cat\n", "VALID   Dog\n", "VALID   QI\n"}, nil},
		{[]string{"lexicon", "check", "cat", "xq", "don't"}, 1,
			[]string{"VALID   cat\n", "INVALID xq\n", "INVALID don't (apostrophe)\n"},
			[]string{"2 of 3 words not in lexicon en-letterpress: xq don't"}},
		{[]string{"--lexicon", "en", "lexicon", "check", "zzzzq"}, 1, []string{"INVALID zzzzq"}, []string{"zzzzq"}},
		{[]string{"lexicon", "anagram", "retains"}, 0, []string{"RETAINS\n", "STEARIN\n"}, nil},
		{[]string{"lexicon", "anagram", "retain?"}, 0, []string{"RETAINs\n"}, nil},
		{[]string{"lexicon", "anagram", "--sub", "--min", "7", "qurst??"}, 0, []string{"ReQUeST\n"}, nil},
		{[]string{"lexicon", "pattern", "q..z"}, 0, []string{"QUIZ\n"}, nil},
		{[]string{"lexicon", "info"}, 0, []string{"name:       en-letterpress", "words:      ", "GADDAG:"}, nil},
		{[]string{"lexicon", "info", "en"}, 0, []string{"en-letterpress"}, nil},

		// Usage errors: status 2 and a pointer to --help.
		{[]string{"bogus"}, 2, nil, []string{`unknown command "bogus"`, "wordengine --help"}},
		{[]string{"lexicon", "chek", "cat"}, 2, nil, []string{"did you mean check?"}},
		{[]string{"lexicon"}, 2, nil, []string{"lexicon: name a subcommand (anagram, build, check, info, list, pattern)", "wordengine lexicon --help"}},
		{[]string{"lexicon", "--json"}, 2, nil, []string{"lexicon: name a subcommand ("}},
		{[]string{"lexicon", "frobnicate"}, 2, nil, []string{`unknown command "frobnicate" for "wordengine lexicon" (subcommands: anagram, build, check, info, list, pattern)`}},
		{[]string{"bench", "frobnicate"}, 2, nil, []string{`unknown command "frobnicate" for "wordengine bench" (subcommands: movegen)`}},
		{[]string{"leaves", "frobnicate"}, 2, nil, []string{`unknown command "frobnicate" for "wordengine leaves" (subcommands: info, merge, train)`}},
		{[]string{"--no-such-flag"}, 2, nil, []string{"unknown flag: --no-such-flag"}},
		{[]string{"--seed", "abc"}, 2, nil, []string{`--seed abc: want a whole number from 0 to 18446744073709551615`}},
		{[]string{"lexicon", "check"}, 2, nil, []string{"check: want at least 1 argument", "wordengine lexicon check --help"}},
		{[]string{"lexicon", "anagram"}, 2, nil, []string{"anagram: want 1 argument"}},
		{[]string{"lexicon", "anagram", "--min", "0", "--sub", "abc"}, 2, nil, []string{"--min 0"}},
		{[]string{"lexicon", "pattern", "a", "b"}, 2, nil, []string{"got 2"}},
		{[]string{"lexicon", "info", "a", "b"}, 2, nil, []string{"at most 1"}},
		{[]string{"lexicon", "list", "x"}, 2, nil, []string{"takes no arguments"}},
		{[]string{"lexicon", "build", "--in", "x", "--out", "y"}, 2, nil, []string{"--lang is required"}},
		{[]string{"lexicon", "build", "--lang", "xx", "--in", "x", "--out", "y"}, 2, nil, []string{`unknown language "xx"`, "de, en, es, fr, it, pt"}},
		{[]string{"lexicon", "build", "--lang", "de", "--alphabet", "upwords", "--in", "x", "--out", "y"}, 2, nil, []string{"only with --lang en"}},
		{[]string{"lexicon", "build", "--lang", "en", "--min", "5", "--max", "3", "--in", "x", "--out", "y"}, 2, nil, []string{"--min 5 --max 3"}},

		// Other failures: status 1.
		{[]string{"lexicon", "anagram", "ab1"}, 1, nil, []string{`rack "ab1"`, "not a letter"}},
		{[]string{"lexicon", "pattern", "a-b"}, 1, nil, []string{`pattern "a-b"`}},
		{[]string{"--lexicon", "nosuch", "lexicon", "info"}, 1, nil, []string{`unknown lexicon "nosuch"`, "cached: none", "make lexicons"}},
		{[]string{"--lexicon", "no/such/file.lex", "lexicon", "info"}, 1, nil, []string{"no/such/file.lex", "does not exist"}},
		{[]string{"lexicon", "build", "--lang", "en", "--in", "/no/such/list", "--out", "y"}, 1, nil, []string{"/no/such/list"}},
	}
	cache := t.TempDir()
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			runIn(t, cache, tt.args...).check(t, tt.args, tt.code, tt.stdout, tt.stderr)
		})
	}
}

// TestDemoSeed checks that a seed repeats its game and that different
// seeds give different games.
func TestDemoSeed(t *testing.T) {
	t.Parallel()
	cache := t.TempDir()
	game := func(r result) string {
		// Everything but the timing on the last line.
		out, _, _ := strings.Cut(r.stdout, "; played in")
		return out
	}
	games := map[string]bool{}
	for _, seed := range []string{"1", "2"} { // each game solves its endgame: two seeds are enough
		a := runIn(t, cache, "--seed", seed)
		b := runIn(t, cache, "--seed", seed)
		if a.code != 0 || b.code != 0 {
			t.Fatalf("--seed %s: exit %d, stdout:\n%s\nstderr:\n%s", seed, a.code, a.stdout, a.stderr)
		}
		if game(a) != game(b) {
			t.Errorf("--seed %s: two runs differ", seed)
		}
		games[game(a)] = true
	}
	if len(games) != 2 {
		t.Errorf("two seeds played only %d different game", len(games))
	}
	// Without --seed the seed is random and printed.
	r := runIn(t, cache)
	if r.code != 0 || !regexp.MustCompile(`seed \d+ \(repeat with --seed \d+\)`).MatchString(r.stdout) {
		t.Errorf("no --seed: exit %d, stdout:\n%s", r.code, r.stdout)
	}
}

// TestJSON checks that --json output parses.
func TestJSON(t *testing.T) {
	cache := t.TempDir()
	var info struct {
		Name   string `json:"name"`
		Words  int    `json:"words"`
		Source string `json:"source"`
	}
	decode(t, runIn(t, cache, "lexicon", "info", "--json"), 0, &info)
	if info.Name != "en-letterpress" || info.Words < 200000 || info.Source != "embedded" {
		t.Errorf("info --json = %+v", info)
	}
	var checks []checkResult
	decode(t, runIn(t, cache, "lexicon", "check", "--json", "cat", "xq"), 1, &checks)
	if len(checks) != 2 || !checks[0].Valid || checks[1].Valid || checks[0].Normalized != "CAT" {
		t.Errorf("check --json = %+v", checks)
	}
	var ana struct {
		Rack  string     `json:"rack"`
		Count int        `json:"count"`
		Words []rackWord `json:"words"`
	}
	decode(t, runIn(t, cache, "lexicon", "anagram", "--json", "--sub", "ta?"), 0, &ana)
	if ana.Rack != "TA?" || ana.Count != len(ana.Words) || ana.Count == 0 || ana.Words[0].Tiles != 3 {
		t.Errorf("anagram --json = %+v", ana)
	}
	var list struct {
		Dir    string   `json:"dir"`
		Cached []string `json:"cached"`
	}
	decode(t, runIn(t, cache, "lexicon", "list", "--json"), 0, &list)
	if list.Dir != cache || len(list.Cached) != 0 {
		t.Errorf("list --json = %+v, want dir %s and nothing cached", list, cache)
	}
}

func decode(t *testing.T, r result, code int, v any) {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, code, r.stderr)
	}
	if err := json.Unmarshal([]byte(r.stdout), v); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, r.stdout)
	}
}

// writeFile writes a test input and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBuildThenQuery builds small lexicons into a temporary cache and
// queries them by name and by file.
func TestBuildThenQuery(t *testing.T) {
	cache := t.TempDir()
	src := t.TempDir()
	list := writeFile(t, src, "tiny.txt", "cat\ncats\nact\ndon't\nx\nParis\nNASA\ncat\nquit\nqat\n\ntwo-way\nabcdefghijklmnop\n")
	more := writeFile(t, src, "more.txt", "dog\ncat\ngod\nact\n")
	out := filepath.Join(cache, "tiny.lex")

	build := []string{"lexicon", "build", "--lang", "en", "--in", list, "--out", out}
	runIn(t, cache, build...).check(t, build, 0,
		[]string{"kept 5 words, dropped 7", "apostrophe", "first: " + list + ":4: don't", "too short", "proper noun",
			"acronym", "duplicate", "hyphen", "too long", "lexicon tiny: alphabet en (26 letters), 5 words", "wrote " + out},
		nil)

	for _, tt := range []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"--lexicon", "tiny", "lexicon", "info"}, 0, []string{"name:       tiny", "source:     " + out, "words:      5, 3 to 4 tiles"}, nil},
		{[]string{"lexicon", "info", out}, 0, []string{"name:       tiny"}, nil},
		{[]string{"lexicon", "info", "tiny"}, 0, []string{"name:       tiny"}, nil},
		{[]string{"--lexicon", "tiny", "lexicon", "check", "CAT", "quit"}, 0, []string{"VALID   CAT", "VALID   quit"}, nil},
		{[]string{"--lexicon", out, "lexicon", "check", "cat", "dog"}, 1, []string{"VALID   cat", "INVALID dog"}, []string{"1 of 2 words not in lexicon tiny: dog"}},
		{[]string{"--lexicon", "tiny", "lexicon", "anagram", "tac"}, 0, []string{"ACT\nCAT\n"}, nil},
		{[]string{"--lexicon", "tiny", "lexicon", "anagram", "--sub", "stac"}, 0, []string{"CATS\nACT\nCAT\n"}, nil},
		{[]string{"--lexicon", "tiny", "lexicon", "pattern", ".a."}, 0, []string{"CAT\nQAT\n"}, nil},
		{[]string{"--lexicon", "tiny", "--seed", "5"}, 0, []string{"lexicon tiny (5 words)", "seed 5", "result: "}, nil},
		{[]string{"lexicon", "list"}, 0, []string{"cached:   tiny"}, nil},
		{[]string{"--lexicon", "nosuch", "lexicon", "info"}, 1, nil, []string{"cached: tiny"}},
	} {
		runIn(t, cache, tt.args...).check(t, tt.args, tt.code, tt.stdout, tt.stderr)
	}

	// Two lists merge without duplicates; the name defaults to the file's.
	merged := filepath.Join(cache, "sub", "merged.lex.zst")
	if err := os.Mkdir(filepath.Dir(merged), 0o755); err != nil {
		t.Fatal(err)
	}
	args := []string{"lexicon", "build", "--lang", "en", "--in", list, "--in", more, "--out", merged}
	runIn(t, cache, args...).check(t, args, 0, []string{"kept 7 words", "duplicate               3  first: " + list + ":8: cat", "lexicon merged:"}, nil)
	args = []string{"--lexicon", merged, "lexicon", "check", "dog", "god", "act"}
	runIn(t, cache, args...).check(t, args, 0, nil, nil)
	second := writeFile(t, src, "second.txt", "god\ncat\n")
	args = []string{"lexicon", "build", "--lang", "en", "--in", more, "--in", second, "--out", merged, "--force"}
	runIn(t, cache, args...).check(t, args, 0, []string{"kept 4 words, dropped 2", "duplicate               2  first: " + second + ": GOD (already in an earlier list)"}, nil)

	// Upwords: QU is one tile, a lone Q is outside the alphabet.
	up := filepath.Join(cache, "up.lex")
	args = []string{"lexicon", "build", "--lang", "en", "--alphabet", "upwords", "--in", list, "--out", up, "--json"}
	var rep buildReport
	decode(t, runIn(t, cache, args...), 0, &rep)
	if rep.Info.Alphabet != "upwords-en" || rep.Dropped["outside alphabet"].Count != 1 || rep.Kept != 4 {
		t.Errorf("upwords build report = %+v", rep)
	}
	args = []string{"--lexicon", "up", "lexicon", "check", "quit", "qat"}
	runIn(t, cache, args...).check(t, args, 1, []string{"VALID   quit", "INVALID qat"}, nil)
	args = []string{"--lexicon", "up", "lexicon", "anagram", "tiqu"}
	runIn(t, cache, args...).check(t, args, 0, []string{"[QU]IT\n"}, nil)
	args = []string{"--lexicon", "up", "--seed", "3"}
	runIn(t, cache, args...).check(t, args, 1, nil, []string{"does not fit tile set wwf-en"})

	// German: ß is SS, umlauts are letters, capitalised nouns are kept.
	de := writeFile(t, src, "de.txt", "Straße\nÄrger\nhaus\n")
	args = []string{"lexicon", "build", "--lang", "de", "--in", de, "--out", filepath.Join(cache, "de.lex")}
	runIn(t, cache, args...).check(t, args, 0, []string{"kept 3 words"}, nil)
	args = []string{"--lexicon", "de", "lexicon", "check", "strasse", "straße", "ärger", "Haus", "hause"}
	runIn(t, cache, args...).check(t, args, 1,
		[]string{"VALID   strasse", "VALID   straße (STRASSE)", "VALID   ärger", "VALID   Haus", "INVALID hause"}, nil)
}

// TestBuildErrors covers build failures that are not usage errors.
func TestBuildErrors(t *testing.T) {
	cache := t.TempDir()
	empty := writeFile(t, cache, "empty.txt", "don't\n")
	bad := writeFile(t, cache, "bad.lex", "not a lexicon")
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"lexicon", "build", "--lang", "en", "--in", empty, "--out", filepath.Join(cache, "e.lex")}, "no words kept"},
		{[]string{"--lexicon", bad, "lexicon", "info"}, "bad.lex"},
		{[]string{"--lexicon", "bad", "lexicon", "check", "cat"}, "bad.lex"},
		{[]string{"--lexicon", cache, "lexicon", "info"}, "is a folder, want a file"},
	} {
		runIn(t, cache, tt.args...).check(t, tt.args, 1, nil, []string{tt.stderr})
	}
}

// TestBuildProgress runs a build with progress bars on (they go to
// stderr, the report to stdout).
func TestBuildProgress(t *testing.T) {
	dir := t.TempDir()
	list := writeFile(t, dir, "w.txt", strings.Repeat("cat\ndog\n", 1000))
	var stdout, stderr bytes.Buffer
	a := &app{stdout: &stdout, stderr: &stderr, getenv: func(string) string { return dir }, progress: true}
	code := a.run(context.Background(), []string{"lexicon", "build", "--lang", "en", "--in", list, "--out", filepath.Join(dir, "w.lex")})
	if code != 0 || !strings.Contains(stdout.String(), "kept 2 words") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stderr.String(), "reading w.txt") {
		t.Errorf("no progress on stderr: %q", stderr.String())
	}
}

// TestSpinner turns the build spinner long enough to draw it.
func TestSpinner(t *testing.T) {
	var stderr bytes.Buffer
	a := &app{stdout: io.Discard, stderr: &stderr, progress: true}
	called := false
	lx, err := a.withSpinner("spinning", func() (*lexicon.Lexicon, error) {
		called = true
		time.Sleep(300 * time.Millisecond)
		return nil, nil
	})
	if !called || lx != nil || err != nil {
		t.Fatalf("withSpinner: called %v, returned %v, %v", called, lx, err)
	}
	if !strings.Contains(stderr.String(), "spinning") {
		t.Errorf("no spinner on stderr: %q", stderr.String())
	}
}

// TestBenchMovegenBadFile checks that bench movegen reads the whole
// positions file before it prints anything: a bad line gives its
// file:line error and no table header.
func TestBenchMovegenBadFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "bad.cgp")
	good := "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
	if err := os.WriteFile(path, []byte(good+"\nnonsense\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runIn(t, t.TempDir(), "bench", "movegen", "--positions", path, "--runs", "1")
	r.check(t, nil, 1, nil, []string{path + ":2:"})
	if r.stdout != "" {
		t.Errorf("bench movegen printed before the error:\n%s", r.stdout)
	}
}
