package eval_test

import (
	"fmt"
	"strings"

	"wordengine/eval"
)

// A leave table is read from its text format; a leave is looked up in any
// tile order, and a leave the table does not list gets the prior.
func Example() {
	const file = `wordengine-leaves 1
game demo
letters A E Q S U
prior intercept -1000
prior count S 7000
prior dup E -2500
leaves 3
S 8000
QU -1500
?S 24000
`
	l, err := eval.ReadLeaves(strings.NewReader(file), "demo.leaves")
	if err != nil {
		fmt.Println(err)
		return
	}
	a := l.Alphabet()
	for _, leave := range []string{"S", "UQ", "S?", "EES"} {
		tiles, _ := a.Parse(nil, leave)
		fmt.Printf("%-3s %+6.1f points\n", leave, float64(l.Value(tiles))/1000)
	}
	_, err = eval.ReadLeaves(strings.NewReader("wordengine-leaves 1\ngame demo\nletters A B\nleaves 1\nAC 100\n"), "bad.leaves")
	fmt.Println(err)
	// Output:
	// S     +8.0 points
	// UQ    -1.5 points
	// S?   +24.0 points
	// EES   +3.5 points
	// eval: bad leave file bad.leaves:5: leave "AC": lexicon: cannot split into tiles: "AC" at byte 1: "C" is not a letter of alphabet demo
}
