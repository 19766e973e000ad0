package driver

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"wordengine/game"
)

// priorSave returns the record that file holds when save is to replace
// it, nil when there is none (no file, or a folder, which the write
// itself refuses). A save command updates the save of the game being
// played, so an earlier save of this game (the same game, rules, deal and
// players: a game resumed from the file and saved again, or saved twice)
// is replaced; any other file is kept and the error says why: a save
// never overwrites another game, or a file that is no record at all.
func priorSave(file string, r *game.Record) (*game.Record, error) {
	f, err := os.Open(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || fi.IsDir() {
		return nil, nil
	}
	prior, err := game.ReadRecord(f, file)
	if err != nil {
		return nil, fmt.Errorf("%s exists and is not a saved game (it is kept): save to another name", file)
	}
	if why := otherGame(prior, r); why != "" {
		return nil, fmt.Errorf("%s holds another game (%s; it is kept): save to another name", file, why)
	}
	return prior, nil
}

// otherGame says how record prior is not of the game r records, "" when
// it is: the game, rules, deal and players.
func otherGame(prior, r *game.Record) string {
	names := func(ps []game.RecordPlayer) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Name)
		}
		return out
	}
	switch {
	case prior.Game != r.Game:
		return fmt.Sprintf("%s, not %s", prior.Game, r.Game)
	case prior.Variant != r.Variant:
		return fmt.Sprintf("rules %q, not %q", prior.Variant, r.Variant)
	case !prior.Dealt || prior.Seed != r.Seed || prior.Start != r.Start:
		return "another deal"
	case !slices.Equal(names(prior.Players), names(r.Players)):
		return "other players"
	}
	return ""
}
