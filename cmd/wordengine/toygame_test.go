package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/game/gametest/toygame"
)

// A sixth game, registered here only: toygame implements none of the
// front-end contracts, and nothing of this package names it.
func init() { toygame.Register() }

// TestToyGame: a game registered in a test gets the main job, hint (a
// fresh game, a record, --sim), play (with save and --resume) and
// selfplay, with no code of its own in this package.
func TestToyGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	rec, resigned := filepath.Join(dir, "toy.json"), filepath.Join(dir, "resigned.json")
	cache := t.TempDir()
	for _, tc := range []struct {
		args   []string
		stdin  string
		stdout []string
	}{
		{[]string{"--game", "toy", "--seed", "1"}, "", []string{"wordengine: toy, lexicon ", "\n  static as player 1 against static as player 2\n", "result: "}},
		{[]string{"--game", "toy", "--seed", "1", "--players", "greedy,random,static"}, "", []string{"against static as player 3", "result: "}},
		{[]string{"hint", "--game", "toy", "--seed", "2"}, "", []string{"toy, lexicon en-letterpress: player 1 to move with ", "ranked by static", " rank  move"}},
		{[]string{"hint", "--game", "toy", "--seed", "2", "--sim", "--iterations", "4", "--candidates", "2"}, "", []string{"4 iterations", "win %"}},
		{[]string{"play", "--game", "toy", "--seed", "3", "--name", "ann"}, "help\nhint 2\npass\nboard\nsave " + rec + "\nquit\n",
			[]string{"wordengine play: toy, 2 players", "you are player 1", "your rack: ", "Commands:\n  resign", "best 2 of ", "You passed.", "Saved ", "left unfinished"}},
		{[]string{"play", "--resume", rec}, "board\nquit\n", []string{"Resumed " + rec + ": 2 moves.", "Game over.", "A draw."}},
		{[]string{"play", "--game", "toy", "--seed", "4", "--name", "ann"}, "resign\nsave " + resigned + "\nquit\n", []string{"You resigned.", "Computer wins (you resigned)."}},
		{[]string{"play", "--resume", resigned}, "quit\n", []string{"Resumed " + resigned + ": 0 moves.", "Game over.", "You resigned.", "Computer wins (you resigned)."}},
		{[]string{"hint", "--game", "toy", "--record", rec, "--turn", "2"}, "", []string{"player 2 to move with "}},
		{[]string{"selfplay", "--game", "toy", "--players", "greedy,random", "--games", "4", "--seed", "1", "--threads", "1"}, "", []string{"greedy", "random", "4 games"}},
	} {
		r := runIn(t, cache, append([]string{"--lexicon", "en"}, tc.args...)...)
		if tc.stdin != "" {
			r = runStdin(t, tc.stdin, tc.args...)
		}
		r.check(t, tc.args, 0, tc.stdout, nil)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"game": "toy"`) {
		t.Errorf("the saved record:\n%s", data)
	}
}
