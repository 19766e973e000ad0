package wwf

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/lexicon"
)

// registeredFormat returns the record format registered for game name.
func registeredFormat(t *testing.T, name string) *game.RecordFormat {
	t.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	f := spec.Records
	if f == nil || f.Open == nil || f.CheckRules == nil {
		t.Fatalf("%s: no record format that checks records: %+v", name, f)
	}
	return f
}

// TestRecordFileCheck: a GCG file opened through the registry names its
// game, players and moves, and its check reports a wrong score as a score
// fault with both scores, a total that does not add up as another fault,
// every move to Each, and the end; Fit warns of a record that fits the
// other board better.
func TestRecordFileCheck(t *testing.T) {
	f := registeredFormat(t, "scrabble")
	if f2 := registeredFormat(t, "wwf"); f2 != f {
		t.Errorf("wwf and scrabble register different formats")
	}
	text := "#player1 a Ann\n#player2 b\n" +
		">a: AEINRST 8D RETAINS +60 60\n" + // scores 66 on the scrabble board
		">b: CDEFGHI - +0 1\n" + // a total that does not add up
		">a: ADEINRS -ADE +0 60\n" +
		"#note a resigned\n"
	rf, err := f.Open(strings.NewReader(text), "g.gcg")
	if err != nil {
		t.Fatal(err)
	}
	d := rf.Detect()
	if d.Game != "scrabble" || d.Why == "" || d.Lexicon != "" {
		t.Errorf("Detect = %+v: want scrabble by its scores", d)
	}
	if got := rf.Players(); !reflect.DeepEqual(got, []string{"Ann", "b"}) {
		t.Errorf("Players = %q, want the name, else the nickname", got)
	}
	if rf.Moves() != 3 {
		t.Errorf("Moves = %d, want 3", rf.Moves())
	}
	var faults []game.RecordFault
	var turns []*game.RecordTurn
	res, err := rf.Check(game.CheckOptions{Game: "scrabble", Seed: 1,
		Fault: func(f game.RecordFault) { faults = append(faults, f) },
		Each: func(tr *game.RecordTurn) {
			c := *tr
			c.State = nil // valid only during the call
			if tr.State == nil || tr.State.Over() {
				t.Errorf("turn %s: no position to move in", tr.Text)
			}
			turns = append(turns, &c)
		}})
	if err != nil {
		t.Fatal(err)
	}
	var score, other int
	for _, f := range faults {
		if f.Err == nil {
			t.Errorf("a fault without its error: %+v", f)
			continue
		}
		if f.Score {
			score++
			if f.Line != 3 || f.Move != "8D RETAINS" || f.Recorded != 60 || f.Computed != 66 || !strings.Contains(f.Err.Error(), "g.gcg:3") {
				t.Errorf("score fault %+v (%v): want line 3, 8D RETAINS, 60 recorded, 66 computed", f, f.Err)
			}
		} else {
			other++
		}
	}
	if score != 1 || other == 0 {
		t.Errorf("faults %+v: want one score fault and the total", faults)
	}
	wantText := []string{"8D RETAINS", "pass", "-ADE"}
	if len(turns) != len(wantText) {
		t.Fatalf("%d turns, want %d", len(turns), len(wantText))
	}
	for i, tr := range turns {
		if tr.Text != wantText[i] || tr.Where == "" || tr.Unknown != "" || tr.Move.IsZero() {
			t.Errorf("turn %d = %+v: want %q with its move and where", i+1, tr, wantText[i])
		}
	}
	if res.Moves != 3 || res.Plays != 1 || res.Matched != 0 || !res.Over || !strings.Contains(res.End, "resigned") ||
		!reflect.DeepEqual(res.Final, []int{66, 0}) || !reflect.DeepEqual(res.Recorded, []int{60, 1}) {
		t.Errorf("Check = %+v", res)
	}
	// Without Fault the first fault is the error.
	if _, err := rf.Check(game.CheckOptions{Game: "scrabble"}); err == nil || !strings.Contains(err.Error(), "g.gcg:3") {
		t.Errorf("Check without Fault: %v, want the score at line 3", err)
	}
	good, err := f.Open(strings.NewReader("#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +66 66\n"), "good.gcg")
	if err != nil {
		t.Fatal(err)
	}
	if w := good.Fit("wwf", ""); !strings.Contains(w, "scrabble board") {
		t.Errorf("Fit(wwf) = %q: want a warning that the scrabble board fits better", w)
	}
	if w := good.Fit("scrabble", ""); w != "" {
		t.Errorf("Fit(scrabble) = %q, want none", w)
	}
	if _, err := f.Open(strings.NewReader("not a record"), "x.gcg"); err == nil || !strings.Contains(err.Error(), "x.gcg:1") {
		t.Errorf("Open of no GCG: %v, want the file and line", err)
	}
}

// TestCheckRules: the format takes its games and their options, and
// names the game, the option or the lexicon it does not take.
func TestCheckRules(t *testing.T) {
	f := registeredFormat(t, "wwf")
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		game, variant string
		lx            *lexicon.Lexicon
		want          string // "" for no error
	}{
		{"wwf", "", nil, ""},
		{"scrabble", "end=none", lx, ""},
		{"scrabble", "lang=de", nil, ""},
		{"upwords", "", nil, "want wwf or scrabble"},
		{"wwf", "lang=xx", nil, "lang"},
		{"scrabble", "lang=xx", nil, `variant lang=xx: no scrabble tile set for language "xx": want one of de, en, es, fr, it, pl, pt`},
		{"scrabble", "end=maybe", nil, "end"},
		{"scrabble", "lang=de", lx, "does not fit"},
	} {
		err := f.CheckRules(tc.game, tc.variant, tc.lx)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("CheckRules(%s, %q) = %v, want nil", tc.game, tc.variant, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("CheckRules(%s, %q) = %v, want an error with %q", tc.game, tc.variant, err, tc.want)
		}
	}
}

// TestRecordFileSharedRecords: over the real records, every move that
// Check replays goes to Each once, and a record that replays to its end
// has as many moves as Moves says.
func TestRecordFileSharedRecords(t *testing.T) {
	f := registeredFormat(t, "wwf")
	files := gcgFiles(t)
	checked := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rf, err := f.Open(strings.NewReader(string(data)), file)
		if err != nil {
			continue // unreadable: TestReadGCGSharedData covers them
		}
		d := rf.Detect()
		if f.CheckRules(d.Game, d.Variant, nil) != nil {
			continue
		}
		each := 0
		res, err := rf.Check(game.CheckOptions{Game: d.Game, Variant: d.Variant, Seed: 1,
			Fault: func(game.RecordFault) {}, Each: func(*game.RecordTurn) { each++ }})
		if err != nil {
			continue // stopped by a fault: validate reports it
		}
		checked++
		if each != res.Moves || res.Moves > rf.Moves() || res.Moves < rf.Moves()-1 || len(res.Final) != 2 || len(res.Recorded) != 2 {
			t.Errorf("%s: %d turns to Each, %d moves replayed, Moves %d, result %+v", file, each, res.Moves, rf.Moves(), res)
		}
	}
	if checked == 0 {
		t.Skip("no shared record replays to its end")
	}
}

// TestDetectPosition: the crossword games read what a CGP line names.
func TestDetectPosition(t *testing.T) {
	spec, err := game.Lookup("wwf")
	if err != nil {
		t.Fatal(err)
	}
	const empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0"
	d, err := spec.DetectPosition(empty + " lex CSW21;")
	if err != nil || d.Game != "scrabble" || d.Lexicon != "CSW21" || d.Why == "" {
		t.Errorf("DetectPosition(lex CSW21) = %+v, %v: want scrabble by its lexicon", d, err)
	}
	if d, err := spec.DetectPosition(empty); err != nil || d.Game != "wwf" || d.Lexicon != "" {
		t.Errorf("DetectPosition(no options) = %+v, %v: want wwf, no lexicon", d, err)
	}
	if _, err := spec.DetectPosition("garbage"); err == nil {
		t.Error("DetectPosition(garbage): no error")
	}
}
