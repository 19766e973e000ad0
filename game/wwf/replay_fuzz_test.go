package wwf

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReplayEnd checks that replaying any record that ReadGCG reads never
// panics, under both games' rules, with every move handed out (Each), and
// that the positions handed out and the end agree with the record: a
// handed-out move is one of the position's mover, and a game that ended
// gives a State that is Over. It also checks DetectGCG and FitGCG on it.
func FuzzReplayEnd(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.gcg")
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		"#player1 p1\n#player2 p2\n>p1: ?AACDER 8D CRAAlED +9999 9999\n>p2: ABCDEFG - +0 0\n",
		"#player1 a\n#player2 b\n>a: AEINRST 8D RETAINS +66 66\n>b: CDEFGHI - +0 0\n>a: ABCDEFG - +0 66\n>b: CDEFGHI - +0 0\n>a: ABCDEFG - +0 66\n>b: CDEFGHI - +0 0\n>a: ABCDEFG - +0 66\n>b: CDEFGHI (CDEFGHI) -17 -17\n",
		"#player1 a Ann\n#player2 b Bob\n>a: AEINRST 8D RETAINS +66 66\n>b: DEIILTZ 9C ZED +30 30\n>b: DEIILTZ -- -30 0\n#note Ann resigned\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ReadGCG(bytes.NewReader(data), "fuzz.gcg")
		if err != nil {
			return
		}
		_ = DetectGCG(g)
		for _, name := range []string{"scrabble", "wwf"} {
			r, _, err := Rules(name, "")
			if err != nil {
				t.Fatal(err)
			}
			pos, err := ReplayPosition(g, r, nil, ReplayOptions{Turn: len(g.Events), Seed: 1, Warn: func(error) {},
				Each: func(tn *Turn) {
					if tn.State.Over() {
						t.Fatalf("%s: line %d: the position handed out is over", name, tn.Event.Line)
					}
					if !tn.Move.IsZero() && tn.State.FormatMove(tn.Move) == "" {
						t.Fatalf("%s: line %d: a move without notation", name, tn.Event.Line)
					}
				}})
			if err != nil {
				continue
			}
			if pos.End.Kind != NotEnded && !pos.State.Over() {
				t.Fatalf("%s: %s, but the state is not over", name, pos.End)
			}
			if pos.Matched > pos.Plays || pos.Plays > pos.Moves+len(g.Events) {
				t.Fatalf("%s: %d moves, %d plays, %d matched", name, pos.Moves, pos.Plays, pos.Matched)
			}
		}
	})
}
