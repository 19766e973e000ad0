package wordflow

import (
	"fmt"
	"strconv"
	"strings"
)

// Layout is the shape of the puzzle.
type Layout uint8

// The layouts.
const (
	Framed   Layout = iota // constrained: a fixed frame, inner pieces only
	FreeForm               // grows from the NW corner
)

// Mode is how the players take turns and score.
type Mode uint8

// The modes.
const (
	TurnBased    Mode = iota // seat order 0, 1, ...
	Simultaneous             // a fresh random seat order each round
	Cooperative              // turn-based, one shared score
)

var modeNames = [...]string{"turn", "simultaneous", "coop"}

// Options are the rules of one game (the variant keys of the package doc).
type Options struct {
	Layout      Layout
	W, H        int  // framed size (columns, rows)
	Start       int  // free form: edge pieces along the top and down the left at setup
	Hand        int  // pieces held between turns
	Arrowless   bool // ends=arrowless: a word ends on a piece without arrows
	TripleBonus bool // a placement creating 3 or more words scores double
	Courtesy    bool // missed words go to the placer
	Mode        Mode
	Players     int
	PiecesFile  string // pieces=FILE, "" for the default set
}

// String writes the options as a variant string that ParseOptions reads.
func (o Options) String() string {
	var parts []string
	if o.Layout == Framed {
		parts = append(parts, "layout=frame", fmt.Sprintf("size=%dx%d", o.W, o.H))
	} else {
		parts = append(parts, "layout=free", fmt.Sprintf("start=%d", o.Start))
	}
	parts = append(parts, fmt.Sprintf("hand=%d", o.Hand))
	if o.Arrowless {
		parts = append(parts, "ends=arrowless")
	}
	if o.TripleBonus {
		parts = append(parts, "triple-bonus")
	}
	if o.Courtesy {
		parts = append(parts, "courtesy")
	}
	if o.Mode != TurnBased {
		parts = append(parts, "mode="+modeNames[o.Mode])
	}
	if o.PiecesFile != "" {
		parts = append(parts, "pieces="+o.PiecesFile)
	}
	return strings.Join(parts, ",")
}

// ParseOptions reads a variant string (see the package doc) for the given
// number of players (0 means 2; 1 is the solo game, whose hand is 5).
func ParseOptions(variant string, players int) (Options, error) {
	if players == 0 {
		players = 2
	}
	if players < 1 || players > MaxPlayers {
		return Options{}, fmt.Errorf("wordflow: %d players: want 1 (solo) to %d", players, MaxPlayers)
	}
	o := Options{Layout: Framed, W: 10, H: 10, Start: 5, Hand: 3, Players: players}
	if players == 1 {
		o.Hand = 5
	}
	var sizeGiven, startGiven string // the size= and start= options as given
	for _, kv := range strings.Split(variant, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, hasV := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		onOff := func() (bool, error) {
			switch v {
			case "", "on", "true", "1", "yes":
				return true, nil
			case "off", "false", "0", "no":
				return false, nil
			}
			return false, fmt.Errorf("wordflow: variant %s=%s: want on or off", k, v)
		}
		var err error
		switch k {
		case "layout":
			switch v {
			case "frame", "framed", "constrained":
				o.Layout = Framed
			case "free", "freeform", "free-form":
				o.Layout = FreeForm
			default:
				return o, fmt.Errorf("wordflow: variant layout=%s: want frame or free", v)
			}
		case "size":
			ws, hs, ok := strings.Cut(strings.ToLower(v), "x")
			w, e1 := strconv.Atoi(ws)
			h, e2 := strconv.Atoi(hs)
			if !ok || e1 != nil || e2 != nil || w < MinSide || w > MaxSide || h < MinSide || h > MaxSide {
				return o, fmt.Errorf("wordflow: variant size=%s: want WxH, each from %d to %d", v, MinSide, MaxSide)
			}
			o.W, o.H = w, h
			sizeGiven = kv
		case "start":
			n, e := strconv.Atoi(v)
			if e != nil || n < 3 || n > 5 {
				return o, fmt.Errorf("wordflow: variant start=%s: want 3 to 5", v)
			}
			o.Start = n
			startGiven = kv
		case "hand":
			n, e := strconv.Atoi(v)
			if e != nil || n < 1 || n > 8 {
				return o, fmt.Errorf("wordflow: variant hand=%s: want 1 to 8", v)
			}
			o.Hand = n
		case "ends":
			switch v {
			case "any":
				o.Arrowless = false
			case "arrowless":
				o.Arrowless = true
			default:
				return o, fmt.Errorf("wordflow: variant ends=%s: want any or arrowless", v)
			}
		case "triple-bonus":
			o.TripleBonus, err = onOff()
		case "courtesy":
			o.Courtesy, err = onOff()
		case "mode":
			switch v {
			case "turn", "turn-based":
				o.Mode = TurnBased
			case "simultaneous", "sim":
				o.Mode = Simultaneous
			case "coop", "cooperative":
				o.Mode = Cooperative
			default:
				return o, fmt.Errorf("wordflow: variant mode=%s: want turn, simultaneous or coop", v)
			}
		case "pieces":
			if !hasV || v == "" {
				return o, fmt.Errorf("wordflow: variant pieces= needs a file")
			}
			o.PiecesFile = v
		default:
			return o, fmt.Errorf("wordflow: unknown variant option %q (known: layout, size, start, hand, ends, triple-bonus, courtesy, mode, pieces)", k)
		}
		if err != nil {
			return o, err
		}
	}
	// An option of the other layout would be silently ignored.
	if o.Layout == FreeForm && sizeGiven != "" {
		return o, fmt.Errorf("wordflow: variant %s: size is for layout=frame; a free-form puzzle grows to at most %dx%d", sizeGiven, MaxSide, MaxSide)
	}
	if o.Layout == Framed && startGiven != "" {
		return o, fmt.Errorf("wordflow: variant %s: start is for layout=free (the framed puzzle starts with its whole frame)", startGiven)
	}
	return o, nil
}
