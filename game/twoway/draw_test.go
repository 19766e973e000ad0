package twoway

import (
	"math/rand/v2"
	"strings"
	"testing"

	"wordengine/game"
)

// TestDrawForEverybody: a drawing for no seat in particular (Seat -1, as
// the end of a game between computers is drawn) is RED's, at every ply
// of a random game to its end.
func TestDrawForEverybody(t *testing.T) {
	s := newGame(t, "", 5)
	rng := rand.New(rand.NewPCG(5, 2))
	var moves []game.Move
	for ply := 0; ; ply++ {
		all, red := s.Draw(game.DrawOptions{Seat: -1}), s.Draw(game.DrawOptions{Seat: 0})
		if all != red || !strings.HasSuffix(all, Legend+"\n") {
			t.Fatalf("ply %d: the drawing for everybody is not RED's:\n%s\n%s", ply, all, red)
		}
		if s.Over() {
			break
		}
		moves = s.AppendMoves(moves[:0])
		s.Play(moves[rng.IntN(len(moves))])
	}
}
