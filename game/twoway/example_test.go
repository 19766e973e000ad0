package twoway_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"wordengine/game"
	"wordengine/game/twoway"
)

// A turn is a placement (after any claims), then claims, then end. Each
// player sees only its colour: red's observation shows blue's hand as ?/?.
func Example() {
	s, err := twoway.NewGame(game.Config{Variant: "lengths=3,4,5", Rand: rand.New(rand.NewPCG(1, 1))})
	if err != nil {
		fmt.Println(err)
		return
	}
	lx := s.Lexicon()
	red := lx.Alphabet.Letter(s.Hand(twoway.Red)[0][twoway.Red])
	m, err := s.ParseMove(red + " d4")
	if err != nil {
		fmt.Println(err)
		return
	}
	s.Play(m)
	end, _ := s.ParseMove("end")
	s.Play(end)
	fmt.Println("to move:", twoway.ColourNames[s.ToMove()], "tiles on the grid:", s.Occupied())
	for _, line := range strings.Split(s.Observation(twoway.Red), "\n") {
		if strings.HasPrefix(line, "blue hand") || strings.HasPrefix(line, "turn") {
			fmt.Println(line)
		}
	}
	// Output:
	// to move: blue tiles on the grid: 1
	// turn blue place
	// blue hand ?/? ?/? ?/? ?/? ?/?
}
