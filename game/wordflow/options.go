package wordflow

import (
	"fmt"
	"strings"

	"wordengine/game/option"
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
// number of players (0 means 2; 1 is the solo game, whose hand is 5). The
// error names the option at fault and the values it takes (an
// *option.Error), or the number of players.
func ParseOptions(variant string, players int) (Options, error) {
	o, err := defaultOptions(players)
	if err != nil {
		return o, err
	}
	set := option.NewSet(Name, "variant")
	o.bind(set)
	if err := set.Parse(variant); err != nil {
		return o, err
	}
	return o, o.check(set)
}

// defaultOptions returns the default options for players (0 means 2).
func defaultOptions(players int) (Options, error) {
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
	return o, nil
}

// bind binds the variant's options to o.
func (o *Options) bind(s *option.Set) {
	option.Choice(s, &o.Layout, "layout", option.Is(Framed, "frame", "framed", "constrained"), option.Is(FreeForm, "free", "freeform", "free-form"))
	s.Func("size", fmt.Sprintf("WxH, each from %d to %d", MinSide, MaxSide), func(v string) bool {
		ws, hs, ok := strings.Cut(strings.ToLower(v), "x")
		w, okW := option.Whole(ws, MinSide, MaxSide)
		h, okH := option.Whole(hs, MinSide, MaxSide)
		if ok && okW && okH {
			o.W, o.H = w, h
		}
		return ok && okW && okH
	}, func() string { return fmt.Sprintf("%dx%d", o.W, o.H) })
	s.Int(&o.Start, "start", 3, 5)
	s.Int(&o.Hand, "hand", 1, 8)
	option.Choice(s, &o.Arrowless, "ends", option.Is(false, "any"), option.Is(true, "arrowless"))
	s.Bool(&o.TripleBonus, "triple-bonus")
	s.Bool(&o.Courtesy, "courtesy")
	option.Choice(s, &o.Mode, "mode", option.Is(TurnBased, "turn", "turn-based"), option.Is(Simultaneous, "simultaneous", "sim"),
		option.Is(Cooperative, "coop", "cooperative"))
	s.Text(&o.PiecesFile, "pieces", "a piece set file")
}

// check refuses an option of the other layout, which would be silently
// ignored.
func (o *Options) check(s *option.Set) error {
	if o.Layout == FreeForm && s.Given("size") {
		return s.Errorf("size", "size is for layout=frame; a free-form puzzle grows to at most %dx%d", MaxSide, MaxSide)
	}
	if o.Layout == Framed && s.Given("start") {
		return s.Errorf("start", "start is for layout=free (the framed puzzle starts with its whole frame)")
	}
	return nil
}
