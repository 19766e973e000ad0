package wordflow

import (
	"os"
	"testing"

	"wordengine/game"
)

// TestParsePositionDefaultLexicon: a position read with no lexicon uses
// the embedded default, through the registry as through ParsePosition.
func TestParsePositionDefaultLexicon(t *testing.T) {
	text, err := os.ReadFile("testdata/position.txt")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParsePosition(nil, string(text), nil); err != nil {
		t.Fatalf("ParsePosition(nil lexicon): %v", err)
	}
	spec, err := game.Lookup(Name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := spec.ParsePosition(game.Config{}, string(text)); err != nil {
		t.Fatalf("Spec.ParsePosition with no lexicon: %v", err)
	}
}
