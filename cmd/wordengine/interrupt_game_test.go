package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDemoInterrupted: Ctrl-C during the main job stops the game before
// the next move and says so, with the board and scores so far and the
// seed; no result is printed as if the game were complete.
func TestDemoInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr bytes.Buffer
	a := &app{stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}
	turns := 0
	a.afterTurn = func() {
		if turns++; turns == 3 {
			cancel()
		}
	}
	args := []string{"--players", "greedy,greedy", "--seed", "2"}
	r := result{a.run(ctx, args), stdout.String(), stderr.String()}
	r.check(t, args, exitError, []string{"  3. player 1 ", "unfinished: ", " after 3 moves"},
		[]string{"wordengine: interrupted at turn 4: the game is unfinished; the seed is 2 (repeat with --seed 2)"})
	if strings.Contains(r.stdout, "result:") || strings.Contains(r.stdout, "  4. player") {
		t.Errorf("an interrupted game printed a result or a later move:\n%s", r.stdout)
	}
}

// cancelAtEnd is a scripted input that, once its lines are read, cancels
// the session's context (a Ctrl-C while the person is to type) and then
// waits as a terminal would.
type cancelAtEnd struct {
	r      io.Reader
	cancel func()
	done   <-chan struct{}
}

func (c *cancelAtEnd) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err == io.EOF {
		c.cancel()
		<-c.done
	}
	return n, err
}

// TestPlayInterrupted: Ctrl-C in play saves the game so far to a new
// file in the current folder (never over an existing one), says where,
// and play --resume continues it.
func TestPlayInterrupted(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("wordengine-interrupted.json", []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	interrupt := func(stdin string, args ...string) result {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		defer close(done)
		var stdout, stderr bytes.Buffer
		a := &app{stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" },
			stdin: &cancelAtEnd{strings.NewReader(stdin), cancel, done}}
		return result{a.run(ctx, append([]string{"play", "--level", "greedy"}, args...)), stdout.String(), stderr.String()}
	}
	for _, tc := range []struct {
		args []string
		file string
	}{
		{[]string{"--game", "upwords", "--seed", "4"}, "wordengine-interrupted-2.json"},
		{[]string{"--seed", "4"}, "wordengine-interrupted.gcg"},
	} {
		r := interrupt("pass\n", tc.args...)
		r.check(t, tc.args, exitError, []string{"Interrupted: the game so far (2 moves) is saved to " + tc.file + "; continue it with\n  wordengine play --resume " + tc.file},
			[]string{"play interrupted: the game so far is saved to " + tc.file})
		if _, err := os.Stat(filepath.Join(dir, tc.file)); err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		args := []string{"--resume", tc.file}
		playRun(t, "quit\n", args...).check(t, args, exitOK, []string{"Resumed " + tc.file + ": 2 moves."}, nil)
	}
	if b, _ := os.ReadFile("wordengine-interrupted.json"); string(b) != "keep" {
		t.Errorf("the existing file was replaced: %q", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("files left: %v, want the existing one and the two saves", entries)
	}
}
