package wwf

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"wordengine/game/crossword"
)

func mustGCG(t *testing.T, text string) *GCG {
	t.Helper()
	g, err := ReadGCG(strings.NewReader(text), "t.gcg")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustRules(t *testing.T, name string) *crossword.Rules {
	t.Helper()
	r, _, err := Rules(name, "")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestReplayScoreMismatch: a play whose recorded score is not the board's
// is a *ScoreError naming the line with both scores: the error of a
// replay without Warn, a warning with it (the replay goes on with the
// computed score).
func TestReplayScoreMismatch(t *testing.T) {
	g := mustGCG(t, "#player1 p1\n#player2 p2\n>p1: ?AACDER 8D CRAAlED +9999 9999\n>p2: ABCDEFG - +0 0\n")
	r := mustRules(t, "scrabble")
	_, err := ReplayPosition(g, r, nil, ReplayOptions{Turn: len(g.Events)})
	var se *ScoreError
	if !errors.As(err, &se) {
		t.Fatalf("error %v, want a *ScoreError", err)
	}
	// C on the D8 double letter: (3·2+1+1+1+0+1+2) x2 for H8 = 24, + 50.
	if se.Line != 3 || se.Recorded != 9999 || se.Computed != 74 {
		t.Errorf("ScoreError %+v, want line 3, recorded 9999, computed 74", se)
	}
	if want := "t.gcg:3: 8D CRAAlED: recorded +9999, computed 74 on the scrabble board"; !strings.Contains(err.Error(), want) {
		t.Errorf("message %q lacks %q", err, want)
	}
	var warns []error
	pos, err := ReplayPosition(g, r, nil, ReplayOptions{Turn: len(g.Events), Warn: func(e error) { warns = append(warns, e) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || !errors.As(warns[0], &se) {
		t.Fatalf("warnings %v, want the score mismatch alone", warns)
	}
	if got := pos.State.Score(0); got != 74 || pos.Recorded[0] != 9999 {
		t.Errorf("score %d (recorded %d), want the computed 74 (recorded 9999)", got, pos.Recorded[0])
	}
	if pos.Plays != 1 || pos.Matched != 0 || pos.Moves != 2 {
		t.Errorf("moves %d, plays %d, matched %d; want 2, 1, 0", pos.Moves, pos.Plays, pos.Matched)
	}
}

// TestReplayScorelessEnd: six scoreless turns end a Scrabble game with
// each rack deducted (the racks of the last passes), and a move after
// that is reported; three end a WWF game (at a score other than 0-0)
// with no deduction.
func TestReplayScorelessEnd(t *testing.T) {
	six := "#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +66 66\n"
	for range 3 {
		six += ">b: CDEFGHI - +0 0\n>a: ABCDEFG - +0 66\n"
	}
	r := mustRules(t, "scrabble")
	g := mustGCG(t, six+">b: CDEFGHI - +0 0\n")
	var warns []string
	pos, err := ReplayPosition(g, r, nil, ReplayOptions{Turn: 7, Warn: func(e error) { warns = append(warns, e.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	if pos.End.Kind != ScorelessEnd || pos.End.Line != 9 || !pos.State.Over() {
		t.Fatalf("end %v (line %d), over %v; want six scoreless turns at line 9", pos.End.Kind, pos.End.Line, pos.State.Over())
	}
	// CDEFGHI = 3+2+1+4+2+4+1 = 17, ABCDEFG = 1+3+3+2+1+4+2 = 16.
	if pos.State.Score(0) != 66-16 || pos.State.Score(1) != -17 {
		t.Errorf("scores %d-%d, want %d-%d", pos.State.Score(0), pos.State.Score(1), 66-16, -17)
	}
	if len(warns) != 0 {
		t.Errorf("warnings %q", warns)
	}
	// The extra pass comes after the end.
	warns = nil
	if _, err := ReplayPosition(g, r, nil, ReplayOptions{Turn: 8, Warn: func(e error) { warns = append(warns, e.Error()) }}); err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "t.gcg:10: pass after the game ended") {
		t.Errorf("warnings %q, want a pass after the end at line 10", warns)
	}
	// WWF: three scoreless turns, no deduction.
	pos, err = ReplayPosition(g, mustRules(t, "wwf"), nil, ReplayOptions{Turn: 4, Warn: func(error) {}})
	if err != nil {
		t.Fatal(err)
	}
	if pos.End.Kind != ScorelessEnd || pos.End.Turns != 3 || pos.State.Score(1) != 0 {
		t.Errorf("wwf: end %v after %d turns, score %d; want scoreless after 3, no deduction", pos.End.Kind, pos.End.Turns, pos.State.Score(1))
	}
}

// TestReplayWithdrawnCounts: a withdrawn play counts as one scoreless
// turn, continuing the count from before the play.
func TestReplayWithdrawnCounts(t *testing.T) {
	text := "#player1 a\n#player2 b\n>a: AEINRST - +0 0\n>b: CDEFGHI - +0 0\n>a: AEINRST - +0 0\n>b: CDEFGHI - +0 0\n>a: AEINRST - +0 0\n" +
		">b: CDEFGHI 8D CHIDE +28 28\n>b: CDEFGHI -- -28 0\n"
	pos, err := ReplayPosition(mustGCG(t, text), mustRules(t, "scrabble"), nil, ReplayOptions{Turn: 7})
	if err != nil {
		t.Fatal(err)
	}
	if pos.End.Kind != ScorelessEnd || pos.End.Turns != 6 {
		t.Errorf("end %v after %d turns, want six scoreless turns", pos.End.Kind, pos.End.Turns)
	}
}

// TestReplayGoingOut: a play that empties the rack with the bag empty
// ends the game, with the opponent's tiles (the unseen ones) counted
// by the rules even when the record has no end-of-game event.
func TestReplayGoingOut(t *testing.T) {
	// A 14-tile set: both racks are the whole set, the bag is empty.
	r := mustRules(t, "scrabble")
	small := *r
	var text strings.Builder
	text.WriteString("alphabet: en\n")
	one := "AEINRSTCDFGHO"
	for _, l := range r.TileSet.Alphabet.Letters() {
		n := 0
		if strings.Contains(one, l) {
			n = 1
		}
		tile, _ := r.TileSet.Alphabet.Parse(nil, l)
		text.WriteString(l + " " + string(rune('0'+n)) + " " + itoa(r.TileSet.Value(tile[0])) + "\n")
	}
	text.WriteString("? 1 0\n")
	ts, err := crossword.ParseTileSet("tiny", text.String())
	if err != nil {
		t.Fatal(err)
	}
	small.TileSet = ts
	g := mustGCG(t, "#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +66 66\n")
	pos, err := ReplayPosition(g, &small, nil, ReplayOptions{Turn: 1})
	if err != nil {
		t.Fatal(err)
	}
	// ?CDFGHO = 0+3+2+4+2+4+1 = 16, twice under Scrabble rules.
	if pos.End.Kind != WentOut || pos.End.Seat != 0 || pos.State.Score(0) != 66+32 || !pos.State.Over() {
		t.Errorf("end %v seat %d, score %d, over %v; want player 1 out with %d", pos.End.Kind, pos.End.Seat, pos.State.Score(0), pos.State.Over(), 66+32)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestReplayResigned: a note "NAME resigned" ends the game as a loss for
// that player, whatever the score.
func TestReplayResigned(t *testing.T) {
	g := mustGCG(t, "#player1 a Ann\n#player2 b Bob\n>a: AEINRST 8D RETAINS +66 66\n#note Ann resigned\n")
	pos, err := ReplayPosition(g, mustRules(t, "scrabble"), nil, ReplayOptions{Turn: 1})
	if err != nil {
		t.Fatal(err)
	}
	if pos.End.Kind != Resigned || pos.End.Seat != 0 || !pos.State.Over() {
		t.Fatalf("end %v seat %d, over %v; want player 1 resigned", pos.End.Kind, pos.End.Seat, pos.State.Over())
	}
	if w := pos.State.Winners(); len(w) != 1 || w[0] != 1 {
		t.Errorf("winners %v, want player 2", w)
	}
	// Our records' pragma.
	g = mustGCG(t, "#player1 a Ann\n#player2 b Bob\n>a: AEINRST 8D RETAINS +66 66\n>b: CDEFGHI - +0 0\n#resigned b\n")
	if pos, err = ReplayPosition(g, mustRules(t, "scrabble"), nil, ReplayOptions{Turn: 2}); err != nil {
		t.Fatal(err)
	}
	if pos.End.Kind != Resigned || pos.End.Seat != 1 || !pos.State.Over() {
		t.Errorf("#resigned b: end %v seat %d, over %v; want player 2 resigned", pos.End.Kind, pos.End.Seat, pos.State.Over())
	}
}

// TestReplayEach: every move event is handed out with the position
// ReplayPosition gives before it, and its move scores as computed.
func TestReplayEach(t *testing.T) {
	path := sharedGCG + "/domino14_macondo/gcgio/testdata/doug_v_emely.gcg"
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared game records not found at %s (../shared/data/gcg from the project root): %v", sharedGCG, err)
	}
	g := readGCGFile(t, path)
	r := mustRules(t, "scrabble")
	var turns []int
	_, err := ReplayPosition(g, r, nil, ReplayOptions{Turn: len(g.Events), Seed: 3, Warn: func(error) {}, Each: func(tn *Turn) {
		turns = append(turns, tn.Index)
		want, err := ReplayPosition(g, r, nil, ReplayOptions{Turn: tn.Index, Seed: 3, Warn: func(error) {}})
		if err != nil {
			t.Fatal(err)
		}
		s, w := tn.State, want.State
		if s.BoardText() != w.BoardText() || s.ToMove() != w.ToMove() || s.Score(0) != w.Score(0) || s.Score(1) != w.Score(1) || s.Scoreless() != w.Scoreless() {
			t.Errorf("turn %d (line %d): the position differs from ReplayPosition's", tn.Index, tn.Event.Line)
		}
		if tn.RackKnown != want.RackKnown[w.ToMove()] {
			t.Errorf("turn %d: rack known %v, want %v", tn.Index, tn.RackKnown, want.RackKnown[w.ToMove()])
		}
		if tn.RackKnown {
			a := s.Alphabet()
			if got, exp := a.Format(s.Rack(nil, s.ToMove())), a.Format(w.Rack(nil, w.ToMove())); got != exp {
				t.Errorf("turn %d: rack %s, want %s", tn.Index, got, exp)
			}
		}
		if tn.Event.Kind == EventPlay && tn.RackKnown && s.MoveScore(tn.Move) != tn.Event.Score {
			t.Errorf("turn %d: %s scores %d, the record %d", tn.Index, s.FormatMove(tn.Move), s.MoveScore(tn.Move), tn.Event.Score)
		}
		if tn.Withdrawn != (tn.Event.Line == 8) {
			t.Errorf("turn %d (line %d): withdrawn %v", tn.Index, tn.Event.Line, tn.Withdrawn)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 26 {
		t.Errorf("%d turns handed out (%v), want the 26 moves", len(turns), turns)
	}
}
