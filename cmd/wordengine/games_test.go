package main

import (
	"os"
	"strings"
	"testing"

	"wordengine/game"
)

func TestReadPosition(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := dir + "/p.txt"
	if err := os.WriteFile(file, []byte("board"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file, want, name, err string
	}{
		{file: file, want: "board", name: file},
		{file: "-", want: "stdin text", name: "standard input"},
		{file: dir + "/missing.txt", err: dir + "/missing.txt: no such file"},
		{file: dir, err: dir + " is a folder, want a file"},
	} {
		data, name, err := readPosition(strings.NewReader("stdin text"), tc.file)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.file, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.file, err)
		case string(data) != tc.want || name != tc.name:
			t.Errorf("%s: %q from %q, want %q from %q", tc.file, data, name, tc.want, tc.name)
		}
	}
}

// TestGameFlags: the players, --board and --name checks of the
// commands that take a game.
func TestGameFlags(t *testing.T) {
	t.Parallel()
	wwf, err := game.Lookup("wwf")
	if err != nil {
		t.Fatal(err)
	}
	wb, err := game.Lookup("wordblock")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{checkSeats("p", wwf, 3), "--players 3: wwf is played by 2 players"},
		{checkSeats("p", wb, 5), "--players 5: wordblock takes 2 to 4 players"},
		{checkSeats("p", wb, 3), ""},
		{checkName("p", "ann"), ""},
		{checkName("p", "evil\nx"), `--name "evil\nx": a name is one line of printable text (character 5 is a control character)`},
		{func() error { _, err := withBoard("p", wwf, "", "CATS"); return err }(), "--board: wwf has no board to give"},
		{func() error { _, err := withBoard("p", wb, "board=X", "CATS"); return err }(), "give the board once"},
		{func() error { _, err := withBoard("p", wb, "", "CA,TS"); return err }(), "column 3"},
	} {
		got := ""
		if tc.err != nil {
			got = tc.err.Error()
		}
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("got error %q, want %q", got, tc.want)
		}
	}
	if v, err := withBoard("p", wb, "contain=prefix", "CATS/DOGE/RIPE/TONE"); err != nil || v != "contain=prefix,board=CATS/DOGE/RIPE/TONE" {
		t.Errorf("withBoard = %q, %v", v, err)
	}
}
