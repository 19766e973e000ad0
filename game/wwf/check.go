package wwf

import (
	"errors"
	"fmt"
	"io"

	"wordengine/game"
	"wordengine/lexicon"
)

// The crossword games' GCG files checked move by move (the contracts of
// game/recordcheck.go: validate and analyze), and what a CGP line names
// of its game (game.Spec.DetectPosition): DetectGCG, FitWarning and
// ReplayPosition behind the game package's types.

// openGCG implements game.RecordFormat.Open: the GCG file as written,
// players' names and racks included (ReadGCG).
func openGCG(r io.Reader, name string) (game.RecordFile, error) {
	g, err := ReadGCG(r, name)
	if err != nil {
		return nil, err
	}
	return gcgFile{g}, nil
}

// checkRules implements game.RecordFormat.CheckRules: the rules of game
// under variant (Rules), and that lx (when not nil) fits their tiles.
func checkRules(name, variant string, lx *lexicon.Lexicon) error {
	r, _, err := Rules(name, variant)
	if err != nil || lx == nil {
		return err
	}
	return r.Validate(lx)
}

// detectCGP implements game.Spec.DetectPosition for CGP lines
// (DetectCGP).
func detectCGP(text string) (game.Detection, error) {
	c, err := ParseCGP(text)
	if err != nil {
		return game.Detection{}, err
	}
	return detection(DetectCGP(c)), nil
}

func detection(d Detected) game.Detection {
	return game.Detection{Game: d.Game, Variant: d.Variant, Lexicon: d.Lexicon, Why: d.Why}
}

// gcgFile is a GCG file for checking (game.RecordFile).
type gcgFile struct{ g *GCG }

// Detect implements game.RecordFile: DetectGCG.
func (f gcgFile) Detect() game.Detection { return detection(DetectGCG(f.g)) }

// Players implements game.RecordFile: each player's name, else the
// nickname.
func (f gcgFile) Players() []string {
	names := make([]string, len(f.g.Players))
	for i, p := range f.g.Players {
		names[i] = p.Nick
		if p.Name != "" {
			names[i] = p.Name
		}
	}
	return names
}

// Moves implements game.RecordFile: the play, exchange and pass events.
func (f gcgFile) Moves() int {
	n := 0
	for _, ev := range f.g.Events {
		if isMove(ev.Kind) {
			n++
		}
	}
	return n
}

// isMove reports whether events of kind k are a player's move.
func isMove(k EventKind) bool { return k == EventPlay || k == EventExchange || k == EventPass }

// Fit implements game.RecordFile: FitWarning.
func (f gcgFile) Fit(game, variant string) string { return FitWarning(f.g, game, variant) }

// Check implements game.RecordFile: ReplayPosition of the whole record,
// its warnings as faults (a *ScoreError as a score fault); a replay that
// stops early returns the counts of the moves it reached with its error.
func (f gcgFile) Check(o game.CheckOptions) (*game.CheckResult, error) {
	rules, _, err := Rules(o.Game, o.Variant)
	if err != nil {
		return nil, err
	}
	opts := ReplayOptions{Turn: len(f.g.Events), Seed: o.Seed}
	if o.Fault != nil {
		opts.Warn = func(err error) {
			fault := game.RecordFault{Err: err}
			if se, ok := errors.AsType[*ScoreError](err); ok {
				fault.Score, fault.Line, fault.Move = true, se.Line, se.Pos+" "+se.Word
				fault.Recorded, fault.Computed = se.Recorded, se.Computed
			}
			o.Fault(fault)
		}
	}
	if o.Each != nil {
		opts.Each = func(t *Turn) {
			rt := &game.RecordTurn{State: t.State, Move: t.Move, Text: moveText(t.Event),
				Where: fmt.Sprintf("%s:%d", f.g.Name, t.Event.Line), Withdrawn: t.Withdrawn}
			switch {
			case !t.RackKnown:
				rt.Unknown = "the rack is not recorded"
			case t.Partial:
				rt.Unknown = "the record gives only part of the rack"
			}
			o.Each(rt)
		}
	}
	pos, reached, err := replayPosition(f.g, rules, o.Lexicon, opts)
	if err != nil && reached != nil {
		return &game.CheckResult{Moves: reached.Moves, Plays: reached.Plays, Matched: reached.Matched,
			End: "not replayed to the end"}, err
	}
	if err != nil {
		return nil, err
	}
	return &game.CheckResult{
		Moves: pos.Moves, Plays: pos.Plays, Matched: pos.Matched,
		End: pos.End.String(), Over: pos.State.Over(),
		Final:    []int{pos.State.Score(0), pos.State.Score(1)},
		Recorded: []int{pos.Recorded[0], pos.Recorded[1]},
	}, nil
}

// moveText writes a move event as the record has it: "8D WORD", "-ABC",
// "-3" (an exchange of tiles the record does not name), "pass".
func moveText(ev *GCGEvent) string {
	switch ev.Kind {
	case EventPlay:
		return ev.Pos + " " + ev.Word
	case EventExchange:
		if ev.Tiles == "" {
			return fmt.Sprintf("-%d", ev.Count)
		}
		return "-" + ev.Tiles
	}
	return "pass"
}
