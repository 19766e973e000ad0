package server

import (
	"context"
	"slices"
	"testing"
)

// TestDefaultLexicons: every game plays its registration's lexicon when a
// request names none (Scrabble SOWPODS, the others the Letterpress list),
// the catalog says which, and a request may name either embedded lexicon.
func TestDefaultLexicons(t *testing.T) {
	_, c := testServer(t, Config{})
	ctx := context.Background()
	cat, err := c.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range cat.Games {
		want := "en"
		if g.Name == "scrabble" {
			want = "sowpods"
		}
		if g.Lexicon != want {
			t.Errorf("catalog: %s plays %q by default, want %q", g.Name, g.Lexicon, want)
		}
	}
	if !slices.Equal(cat.Lexicons[:2], []string{"en", "sowpods"}) {
		t.Errorf("lexicons %q: want en, sowpods first", cat.Lexicons)
	}
	seed := Seed(5)
	for _, tc := range []struct{ game, lexicon, want string }{
		{"scrabble", "", "sowpods"},
		{"scrabble", "default", "sowpods"},
		{"scrabble", "en", "en"},
		{"wwf", "", "en"},
		{"wwf", "sowpods", "sowpods"},
	} {
		g, err := c.Create(ctx, CreateRequest{Game: tc.game, Lexicon: tc.lexicon, Seed: &seed}, nil)
		if err != nil {
			t.Fatalf("%s, lexicon %q: %v", tc.game, tc.lexicon, err)
		}
		if g.Lexicon != tc.want {
			t.Errorf("%s, lexicon %q: the game says lexicon %q, want %q", tc.game, tc.lexicon, g.Lexicon, tc.want)
		}
		var rec RecordResult
		if err := c.do(ctx, "GET", "/v1/games/"+g.ID+"/record", nil, &rec); err != nil {
			t.Fatal(err)
		}
		back, err := c.Create(ctx, CreateRequest{Record: rec.Record}, nil)
		if err != nil {
			t.Fatalf("%s, lexicon %q: resuming: %v", tc.game, tc.lexicon, err)
		}
		if back.Lexicon != tc.want {
			t.Errorf("%s, lexicon %q: resumed with lexicon %q, want %q", tc.game, tc.lexicon, back.Lexicon, tc.want)
		}
	}
	// A hint on a position judges words by the game's lexicon: SOWPODS
	// has SEX, the Letterpress list does not.
	const empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ESX/ 0/0 0"
	for _, tc := range []struct {
		game, lexicon string
		sex           bool
	}{{"scrabble", "", true}, {"scrabble", "en", false}, {"wwf", "", false}, {"wwf", "sowpods", true}} {
		var res PositionHintResult
		req := PositionHintRequest{Game: tc.game, Lexicon: tc.lexicon, Position: empty, Top: MaxTop, Player: "greedy"}
		if err := c.do(ctx, "POST", "/v1/positions/hint", req, &res); err != nil {
			t.Fatalf("%s, lexicon %q: %v", tc.game, tc.lexicon, err)
		}
		sex := false
		for _, m := range res.Moves {
			sex = sex || slices.Contains(m.Words, "SEX")
		}
		if sex != tc.sex {
			t.Errorf("%s, lexicon %q: a hint plays SEX %v, want %v", tc.game, tc.lexicon, sex, tc.sex)
		}
	}
}
