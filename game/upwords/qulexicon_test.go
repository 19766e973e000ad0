package upwords

import (
	"slices"
	"testing"

	"wordengine/lexicon"
)

// quLexicon builds, from the embedded English lexicon, the lexicon that
// `wordengine lexicon build --alphabet upwords` makes: every word split
// with the Upwords alphabet (QU one letter), the words with a Q not
// followed by U dropped.
func quLexicon(t *testing.T, en *lexicon.Lexicon) *lexicon.Lexicon {
	t.Helper()
	ua := lexicon.UpwordsAlphabet()
	var words [][]lexicon.Tile
	en.EachWord(func(w []lexicon.Tile) bool {
		if ts, err := ua.Split(nil, en.Alphabet.Word(w)); err == nil {
			words = append(words, ts)
		}
		return true
	})
	lx, err := lexicon.Build("upwords-en-test", ua, words)
	if err != nil {
		t.Fatal(err)
	}
	return lx
}

// TestQuLexicon checks that a lexicon with a QU letter gives exactly the
// moves and scores of the embedded A-Z lexicon (where the Qu tile walks
// Q then U), on random positions, and equals the brute force there.
func TestQuLexicon(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("builds a 270,000-word lexicon (skipped with -short and under the race detector)")
	}
	en, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	qu := quLexicon(t, en)
	if _, err := NewEmpty(Rules{Size: 10}, qu, 2, 1); err != nil {
		t.Fatal(err)
	}
	n, withQu := 0, 0
	randomPositions(t, 150, "", en, func(s *State, seed uint64, ply int) {
		other, err := ParsePosition(qu, s.Format())
		if err != nil {
			t.Fatal(err)
		}
		got, want := describe(other, other.AppendMoves(nil)), describe(s, s.AppendMoves(nil))
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d ply %d: QU lexicon %d moves, A-Z lexicon %d\nonly QU: %v\nonly A-Z: %v\n%s", seed, ply, len(got), len(want), diff(got, want), diff(want, got), s)
		}
		if ply%10 == 0 {
			if bf := describe(other, bruteForce(other)); !slices.Equal(got, bf) {
				t.Fatalf("seed %d ply %d: QU lexicon: AppendMoves differs from the brute force", seed, ply)
			}
		}
		for _, m := range got {
			if len(m) > 0 && slices.Contains([]byte(m), 'Q') {
				withQu++
				break
			}
		}
		n++
	})
	t.Logf("%d positions equal under both lexicons, %d with a play using the Qu tile", n, withQu)
	if withQu == 0 {
		t.Error("no position had a Qu play: the test does not exercise the QU letter")
	}
}

func TestOtherAlphabetRefused(t *testing.T) {
	de, err := lexicon.LanguageByCode("de")
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := de.Alphabet.Split(nil, "ÄRGER")
	lx, err := lexicon.Build("de-test", de.Alphabet, [][]lexicon.Tile{ts})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewEmpty(Rules{Size: 10}, lx, 2, 1); err == nil {
		t.Error("NewEmpty accepted a German lexicon")
	}
}
