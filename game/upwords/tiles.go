package upwords

import (
	"fmt"
	"strconv"
	"strings"

	"wordengine/game"
	"wordengine/game/option"
	"wordengine/lexicon"
)

// Name is the registered game name.
const Name = "upwords"

// Limits of the game.
const (
	// MinPlayers and MaxPlayers bound the number of seats.
	MinPlayers, MaxPlayers = 2, 4
	// RackSize is the number of tiles on a full rack.
	RackSize = 7
	// MaxHeight is the highest a stack may grow.
	MaxHeight = 5
	// MaxSize is the largest board side (the standard 10x10 board).
	MaxSize = 10
	// Bingo is the bonus in points for playing all RackSize tiles in one turn.
	Bingo = 20
	// TilePenalty is the points each player loses per tile left on the
	// rack when the game ends.
	TilePenalty = 5
)

// Tile codes of the game's alphabet, lexicon.UpwordsAlphabet ("upwords-en":
// A..P, QU, R..Z; the QU tile has the code a Q has in the English
// alphabet).
const (
	tileQu lexicon.Tile = 17 // the Qu tile
	tileS  lexicon.Tile = 19
	tileU  lexicon.Tile = 21
	// numLetters is the number of tile faces.
	numLetters = 26
)

// Alphabet returns the alphabet of the game's tiles (lexicon.UpwordsAlphabet).
func Alphabet() *lexicon.Alphabet { return lexicon.UpwordsAlphabet() }

// standardCounts is the 100-tile set of the 10x10 Hasbro edition
// (../shared/rules/upwords.md), indexed by tile code.
var standardCounts = countsOf("E8 A7 I7 O7 S6 D5 L5 M5 N5 R5 T5 U5 C4 B3 F3 G3 H3 P3 K2 W2 Y2 J1 QU1 V1 X1 Z1")

// smallCounts is the 64-tile set of the 8x8 variant: the standard counts
// scaled by 64/100 by largest-remainder (Hamilton) apportionment, ties in
// the remainders broken alphabetically.
var smallCounts = scaleCounts(standardCounts, 64)

func countsOf(spec string) [numLetters + 1]int {
	var c [numLetters + 1]int
	a := Alphabet()
	for _, f := range strings.Fields(spec) {
		i := strings.IndexAny(f, "0123456789")
		ts, err := a.Split(nil, f[:i])
		if err != nil || len(ts) != 1 {
			panic("upwords: bad tile spec " + f)
		}
		n, _ := strconv.Atoi(f[i:])
		c[ts[0]] = n
	}
	return c
}

func scaleCounts(c [numLetters + 1]int, total int) [numLetters + 1]int {
	sum := 0
	for _, n := range c {
		sum += n
	}
	var out [numLetters + 1]int
	var rem [numLetters + 1]int
	got := 0
	for t, n := range c {
		out[t] = n * total / sum
		rem[t] = n * total % sum
		got += out[t]
	}
	for ; got < total; got++ {
		best := -1
		for t := 1; t <= numLetters; t++ {
			if best < 0 || rem[t] > rem[best] {
				best = t
			}
		}
		out[best]++
		rem[best] = -1
	}
	return out
}

// TileSet returns the tiles of the game on a board of side size (10: 100
// tiles; 8: 64 tiles), in code order.
func TileSet(size int) []lexicon.Tile {
	c := standardCounts
	if size == 8 {
		c = smallCounts
	}
	var out []lexicon.Tile
	for t := 1; t <= numLetters; t++ {
		for range c[t] {
			out = append(out, lexicon.Tile(t))
		}
	}
	return out
}

// Rules are the options of one game (see the package doc).
type Rules struct {
	// Size is the board side: 10 (standard) or 8.
	Size int
	// BarePluralAllowed lifts the bare-plural rule (variant bare-plural=allowed).
	BarePluralAllowed bool
}

// Variant returns the rules as variant text, "size=10,bare-plural=illegal".
func (r Rules) Variant() string {
	bp := "illegal"
	if r.BarePluralAllowed {
		bp = "allowed"
	}
	return fmt.Sprintf("size=%d,bare-plural=%s", r.Size, bp)
}

// ParseVariant reads variant text "key=value,..." with keys size (10 or
// 8) and bare-plural (illegal or allowed), each at most once; "" gives
// the standard rules. The error (an *option.Error) names the unknown,
// repeated or bad option and the values it takes.
func ParseVariant(v string) (Rules, error) {
	r := Rules{Size: 10}
	err := r.options(Name, "variant").Parse(v)
	return r, err
}

// options binds the variant's options to r, in a set of the given owner
// and kind (see option.NewSet).
func (r *Rules) options(owner, kind string) *option.Set {
	s := option.NewSet(owner, kind)
	option.Choice(s, &r.Size, "size", option.Is(10, "10"), option.Is(8, "8"))
	option.Choice(s, &r.BarePluralAllowed, "bare-plural", option.Is(false, "illegal"), option.Is(true, "allowed"))
	return s
}

func init() {
	game.Register(spec())
}
