package option_test

import (
	"fmt"
	"time"

	"wordengine/game/option"
)

// Rules are a game's options, with their defaults.
type Rules struct {
	Size    int
	Lengths []int
	Open    bool
	Time    time.Duration
}

func Example() {
	parse := func(text string) {
		r := Rules{Size: 10, Lengths: []int{3, 4, 5, 6}}
		s := option.NewSet("demo", "variant")
		option.Choice(s, &r.Size, "size", option.Is(10, "10"), option.Is(8, "8", "small"))
		s.IntList(&r.Lengths, "lengths", 3, 6)
		s.Bool(&r.Open, "open-hands")
		s.Duration(&r.Time, "time")
		if err := s.Parse(text); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%+v (%s)\n", r, s.Format())
	}
	parse("")
	parse("size=small, lengths=3,4,5, open-hands")
	parse("time=2s,size=9")
	parse("lengths=3,4,lenghts=5")
	// Output:
	// {Size:10 Lengths:[3 4 5 6] Open:false Time:0s} ()
	// {Size:8 Lengths:[3 4 5] Open:true Time:0s} (size=8,lengths=3,4,5,open-hands)
	// demo: variant size=9: want 10 or 8
	// demo: unknown variant option "lenghts" (options: size, lengths, open-hands, time)
}
