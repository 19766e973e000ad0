package search_test

import (
	"context"
	"testing"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/search"
)

// TestChooseAfterOver checks ChooseAfter on a finished game: the last
// move (a pass that reaches the scoreless-turn limit, or a resignation)
// left every listed reply untouched, but the game is over, so there is
// no move to choose, as Choose says.
func TestChooseAfterOver(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p, err := search.NewStatic("endgame=off")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, s := range staticPositions(t, "wwf", 30) {
		cs := s.(*crossword.State)
		if cs.BagLen() == 0 || i%3 != 0 {
			continue
		}
		s.Play(cs.Pass())
		top, err := p.RankTop(ctx, s, 4, nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Undo()
		var prevs []game.Move
		for _, c := range top {
			prevs = append(prevs, c.Move)
		}
		for _, end := range []string{"scoreless", "resign"} {
			c := s.Clone().(*crossword.State)
			switch end {
			case "scoreless":
				limit := c.Rules().ScorelessLimit
				if c.Score(0) == 0 && c.Score(1) == 0 && c.Rules().ScorelessLimitAtZero > 0 {
					limit = c.Rules().ScorelessLimitAtZero
				}
				c.SetScoreless(limit - 1)
				c.Play(c.Pass())
			case "resign":
				m, err := c.ParseMove("resign")
				if err != nil {
					t.Fatal(err)
				}
				c.Play(m)
			}
			if !c.Over() {
				t.Fatalf("position %d: %s did not end the game", i, end)
			}
			want, err1 := p.Choose(ctx, c, nil)
			got, err2 := p.ChooseAfter(ctx, c, prevs)
			if got != want || err1 != err2 {
				t.Errorf("position %d, game over by %s: ChooseAfter gives %s (%v), Choose %s (%v)", i, end, c.FormatMove(got), err2, c.FormatMove(want), err1)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no position checked")
	}
}
