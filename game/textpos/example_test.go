package textpos_test

import (
	"fmt"

	"wordengine/game/option"
	"wordengine/game/textpos"
)

// A format of a header and "rack SEAT TILES" lines.
func Example() {
	read := func(text string) error {
		doc := textpos.Split(text)
		head, err := doc.Header("game", "game [players=2]")
		if err != nil {
			return err
		}
		players := 2
		opts := option.NewSet("", "")
		opts.Int(&players, "players", 2, 4)
		if err := head.Options(opts); err != nil {
			return err
		}
		for _, l := range doc.Lines[1:] {
			if l.Key() != "rack" {
				return l.Unknown("rack")
			}
			args, err := l.Want(2, "rack SEAT TILES")
			if err != nil {
				return err
			}
			seat, err := args[0].Int("seat", 1, players)
			if err != nil {
				return err
			}
			fmt.Printf("seat %d holds %s\n", seat, args[1].Text)
		}
		return nil
	}
	fmt.Println(read("# two racks\ngame players=3\nrack 1 ABC\nrack 3 DE # short\n"))
	fmt.Println(read("game players=5\n"))
	fmt.Println(read("game\nrack 3 ABC\n"))
	fmt.Println(read("game\nrack 1\n"))
	fmt.Println(read(""))
	// Output:
	// seat 1 holds ABC
	// seat 3 holds DE
	// <nil>
	// line 1, column 6: players=5: want a whole number from 2 to 4
	// line 2, column 6: seat "3": want a whole number from 1 to 2
	// line 2: want "rack SEAT TILES", found 1 values
	// line 1: empty position: want a first line "game [players=2]"
}
