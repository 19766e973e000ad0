package wordblock_test

import (
	"fmt"

	"wordengine/game"
	"wordengine/game/wordblock"
)

// A game on a given board: a word alone takes the cells the generator
// prefers; a cell secured by the opponent (a1 after CAD) keeps its colour.
func Example() {
	s, err := wordblock.NewGame(game.Config{Variant: "board=CATS/DOGE/RIPE/TONE"})
	if err != nil {
		panic(err)
	}
	for _, text := range []string{"CAD", "POT c3,b4,c1", "DOGE", "COD a1,b2,a2", "CAD", "TOAD"} {
		m, err := s.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s plays %s for %d\n", wordblock.Colours[s.ToMove()], s.FormatMove(m), s.MoveScore(m))
		s.Play(m)
	}
	fmt.Print(s)
	// Output:
	// BLUE plays CAD a1,b1,a2 for 3
	// ORANGE plays POT c3,b4,c1 for 3
	// BLUE plays DOGE a2,b4,c2,d4 for 3
	// ORANGE plays COD a1,b2,a2 for 2
	// wordblock: illegal move: CAD was played
	// BLUE plays TOAD c1,b2,b1,a2 for 3
	// wordblock 4x4, 2 players, contain=anywhere; ORANGE to move; 5/101 words; 0 passes
	//     a   b   c   d
	//  1  Cb* Ab* Tb  S.
	//  2  Db  Ob  Gb  E.
	//  3  R.  I.  Po  E.
	//  4  T.  Ob  N.  Eb
	// BLUE   (b)  8 cells,  2 secured
	// ORANGE (o)  1 cells,  0 secured
	// played: CAD POT DOGE COD TOAD
}

// A position as text: CODE contains the played COD, which is allowed; OD
// is contained in it, which is not.
func ExampleParsePosition() {
	s, err := wordblock.ParsePosition(nil, `
wordblock players=2 turn=ORANGE
Cb Ab T. S.
Db Ob G. E.
R. I. P. E.
T. O. N. E.
words CAD COD
`)
	if err != nil {
		panic(err)
	}
	_, err = s.ParseMove("CODE")
	fmt.Println(err)
	_, err = s.ParseMove("OD")
	fmt.Println(err)
	fmt.Print(s.Format())
	// Output:
	// <nil>
	// wordblock: illegal move: OD is contained in the played word COD
	// wordblock players=2 contain=anywhere turn=ORANGE passes=0
	// Cb Ab T. S.
	// Db Ob G. E.
	// R. I. P. E.
	// T. O. N. E.
	// words CAD COD
}
