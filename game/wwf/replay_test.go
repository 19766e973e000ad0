package wwf

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"wordengine/game/crossword"
)

// sharedGCG is where the real recorded games are (../shared/data/gcg from
// the project root).
const sharedGCG = "../../../shared/data/gcg"

// gcgFiles returns every .gcg file under the shared data, or skips.
func gcgFiles(t *testing.T) []string {
	t.Helper()
	if _, err := os.Stat(sharedGCG); err != nil {
		t.Skipf("shared game records not found at %s (../shared/data/gcg from the project root): %v", sharedGCG, err)
	}
	var files []string
	err := filepath.WalkDir(sharedGCG, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".gcg") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// recordLanguage decides which Scrabble tile set scores a record: from the
// #lexicon pragma, else from the letters it uses.
func recordLanguage(g *GCG) (lang, why string) {
	lex := strings.ToUpper(g.Lexicon)
	switch {
	case strings.HasPrefix(lex, "OSPS"):
		return "pl", "#lexicon " + g.Lexicon
	case strings.HasPrefix(lex, "FRA") || strings.HasPrefix(lex, "ODS"):
		return "fr", "#lexicon " + g.Lexicon
	case lex == "GERMAN" || strings.HasPrefix(lex, "D25") || strings.HasPrefix(lex, "RD"):
		return "de", "#lexicon " + g.Lexicon
	case strings.HasPrefix(lex, "DISC"):
		return "ca", "#lexicon " + g.Lexicon
	case strings.HasPrefix(lex, "NSF"):
		return "no", "#lexicon " + g.Lexicon
	}
	for _, ev := range g.Events {
		text := strings.ToUpper(ev.Rack + ev.Word)
		if strings.ContainsAny(text, "ĄĆĘŁŃŚŹŻ") {
			return "pl", "Polish letters"
		}
		if strings.ContainsAny(text, "ÄÖÜ") {
			return "de", "German letters"
		}
	}
	return "en", "default"
}

// knownBad lists the record faults, by file (relative to
// ../shared/data/gcg) and line, or by file alone for a file whose every
// fault is expected (the deliberately malformed ones), with the reason it
// is the record's fault. It is read from testdata/known_bad_scores.txt:
// "path[:line]<TAB>reason".
func knownBad(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("testdata/known_bad_scores.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "\t")
		if !ok || v == "" {
			t.Fatalf("known_bad_scores.txt: %q: want path:line<TAB>reason", line)
		}
		out[k] = v
	}
	return out
}

// TestReplayRecordedGames recomputes the score of every play of every
// recorded game and compares it with the record.
// faultKey returns "path:line" for an error that names a line of the
// file rel, else rel.
func faultKey(rel string, err error) string {
	msg := err.Error()
	if i := strings.Index(msg, rel+":"); i >= 0 {
		rest := msg[i+len(rel)+1:]
		n := 0
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n > 0 {
			return rel + ":" + rest[:n]
		}
	}
	return rel
}

func TestReplayRecordedGames(t *testing.T) {
	files := gcgFiles(t)
	bad := knownBad(t)
	seenBad := map[string]bool{}
	var files0, unreadable, skipped, plays, matched, mismatched, ended int
	byLang := map[string]*[3]int{} // files, plays, matched
	for _, path := range files {
		rel, _ := filepath.Rel(sharedGCG, path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// Some files lost their #note lines but kept the continuation lines
		// when they were collected; readRepairingNotes puts the #note back.
		g, err, _ := readRepairingNotes(data, rel)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Line == 0 && !strings.Contains(err.Error(), rel) {
				t.Errorf("%s: error without a position: %v", rel, err)
			}
			unreadable++
			continue
		}
		lang, why := recordLanguage(g)
		r, _, err := Rules("scrabble", "")
		if err != nil {
			t.Fatal(err)
		}
		if lang != "en" {
			ts, err := crossword.TileSetByName("scrabble-" + lang)
			if err != nil {
				t.Logf("skipped %s: language %s (%s): no tile set", rel, lang, why)
				skipped++
				continue
			}
			r.TileSet = ts
		}
		if len(g.Players) > 2 {
			t.Logf("skipped %s: %d players", rel, len(g.Players))
			skipped++
			continue
		}
		files0++
		if byLang[lang] == nil {
			byLang[lang] = new([3]int)
		}
		tally := byLang[lang]
		tally[0]++
		// Every inconsistency of the record is a warning with its line; the
		// replay goes on to score the rest.
		fault := func(key, what string) {
			mismatched++
			for _, k := range []string{key, rel} {
				if reason, ok := bad[k]; ok {
					seenBad[k] = true
					t.Logf("record fault %s: %s: %s", key, what, reason)
					return
				}
			}
			t.Errorf("%s: %s", key, what)
		}
		faults := 0
		pos, err := ReplayPosition(g, r, nil, ReplayOptions{
			Turn: len(g.Events), Seed: 1,
			Check: func(c ReplayCheck) {
				plays++
				tally[1]++
				if c.Computed == c.Recorded {
					matched++
					tally[2]++
				}
			},
			Warn: func(err error) {
				faults++
				fault(faultKey(rel, err), err.Error())
			},
		})
		if err != nil {
			fault(faultKey(rel, err), err.Error())
			continue
		}
		// A record without faults whose game ended: the computed final
		// scores, end-of-game rules applied, are the recorded ones.
		if faults == 0 && pos.End.Kind != NotEnded {
			ended++
			if pos.State.Score(0) != pos.Recorded[0] || pos.State.Score(1) != pos.Recorded[1] {
				fault(rel, fmt.Sprintf("final scores computed %d-%d (%s), recorded %d-%d",
					pos.State.Score(0), pos.State.Score(1), pos.End, pos.Recorded[0], pos.Recorded[1]))
			}
			if !pos.State.Over() {
				t.Errorf("%s: %s, but the state is not over", rel, pos.End)
			}
		}
	}
	for k := range bad {
		if !seenBad[k] {
			t.Errorf("%s is listed in known_bad_scores.txt but did not fail", k)
		}
	}
	for _, lang := range []string{"en", "de", "fr", "pl"} {
		if n := byLang[lang]; n != nil {
			t.Logf("%s (scrabble-%s tile values): %d files, %d plays, %d matched", lang, lang, n[0], n[1], n[2])
		}
	}
	t.Logf("%d files: %d replayed, %d unreadable (malformed), %d skipped; %d plays: %d matched; %d record faults (scores and inconsistencies); %d finished games without faults end with the recorded scores",
		len(files), files0, unreadable, skipped, plays, matched, mismatched, ended)
}
