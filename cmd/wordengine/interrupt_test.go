package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"wordengine/bench"
	"wordengine/eval"
)

// asCommand, set in the environment of a process started from the test
// binary, makes that process run the command itself (see TestMain): the
// signal tests send a real SIGINT to a real process.
const asCommand = "WORDENGINE_TEST_AS_COMMAND"

func TestMain(m *testing.M) {
	if os.Getenv(asCommand) == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// runCancelled runs the command in-process and cancels its context after
// the after-th game (selfplay, leaves train, solo): a Ctrl-C mid-run.
func runCancelled(t *testing.T, cache string, after int, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr bytes.Buffer
	a := &app{stdout: &stdout, stderr: &stderr, getenv: func(k string) string {
		if k == envLexicons {
			return cache
		}
		return ""
	}}
	games := 0
	a.afterGame = func() {
		if games++; games == after {
			cancel()
		}
	}
	code := a.run(ctx, args)
	return result{code, stdout.String(), stderr.String()}
}

// TestSelfplayResume: a run cancelled mid-way keeps the games it
// finished in --out, and --resume (without --seed) completes the file
// and the summary of an uninterrupted run.
func TestSelfplayResume(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	common := []string{"selfplay", "--players", "greedy,random", "--games", "12", "--threads", "2", "--json"}
	whole := filepath.Join(dir, "whole.jsonl")
	args := append(common, "--seed", "9", "--out", whole)
	want := runIn(t, cache, args...)
	want.check(t, args, 0, nil, nil)

	part := filepath.Join(dir, "part.jsonl")
	args = append(common, "--seed", "9", "--out", part)
	r := runCancelled(t, cache, 3, args...)
	r.check(t, args, 1, nil, []string{"selfplay interrupted: ", " of 12 games played; the summary and " + part + " cover them; --resume plays the rest"})
	f, err := bench.ReadFile(part)
	if err != nil {
		t.Fatalf("the record of the interrupted run: %v", err)
	}
	if n := len(f.Results); n < 3 || n >= 12 {
		t.Fatalf("the interrupted run kept %d games, want 3 to 11", n)
	}
	args = append(common, "--out", part, "--resume")
	got := runIn(t, cache, args...)
	got.check(t, args, 0, nil, nil)
	if g, w := untimedRecord(t, part), untimedRecord(t, whole); g != w {
		t.Errorf("interrupted then resumed:\n%s\nuninterrupted:\n%s", g, w)
	}
	if g, w := jsonText(t, untimedSummary(t, got)), jsonText(t, untimedSummary(t, want)); g != w {
		t.Errorf("summary after --resume:\n%s\nuninterrupted:\n%s", g, w)
	}
	// Resuming a complete record plays nothing and changes nothing.
	runIn(t, cache, args...).check(t, args, 0, nil, nil)
	if g, w := untimedRecord(t, part), untimedRecord(t, whole); g != w {
		t.Errorf("resuming a complete record changed it")
	}
}

// TestSelfplayForce: --force replaces an existing record only with a
// complete file; a refused run leaves it whole.
func TestSelfplayForce(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	out := writeFile(t, dir, "r.jsonl", "precious\n")
	args := []string{"selfplay", "--players", "greedy,random", "--games", "2", "--seed", "1", "--out", out, "--force", "--players", "greedy,nosuch"}
	runIn(t, cache, args...).check(t, args, 2, nil, []string{`unknown player "nosuch"`})
	args = []string{"selfplay", "--players", "greedy,random", "--games", "2", "--seed", "1", "--out", out, "--force"}
	runIn(t, cache, args...).check(t, args, 0, nil, nil)
	if _, err := bench.ReadFile(out); err != nil {
		t.Errorf("after --force: %v", err)
	}
	assertOnly(t, dir, "r.jsonl")
}

// TestWriteOutFailed: a write that fails part-way leaves the earlier file
// as it was and no temporary file.
func TestWriteOutFailed(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "f.txt", "old\n")
	boom := errors.New("disk full")
	err := writeOut(path, func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("new\n", 1<<14)) // past the buffer: on disk
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("writeOut = %v, want %v", err, boom)
	}
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Errorf("after a failed write the file holds %.20q, want the old text", b)
	}
	assertOnly(t, dir, "f.txt")
	if err := writeOut(path, func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Errorf("after a write the file holds %q", b)
	}
	assertOnly(t, dir, "f.txt")
}

// assertOnly fails unless dir holds exactly the files names (no
// temporary file left behind).
func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}

// TestMergeCutLine: merge reads a record whose last line was cut off,
// ignoring the line with a warning that names it.
func TestMergeCutLine(t *testing.T) {
	cache, dir := t.TempDir(), t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	args := []string{"selfplay", "--players", "greedy,random", "--games", "4", "--seed", "1", "--out", good}
	runIn(t, cache, args...).check(t, args, 0, nil, nil)
	text := untimedRecord(t, good)
	cut := writeFile(t, dir, "cut.jsonl", text[:len(text)-20])
	args = []string{"selfplay", "merge", cut}
	runIn(t, cache, args...).check(t, args, 0, []string{"3 games"}, []string{
		"selfplay merge: " + cut + ":5: the last line is cut off (the run writing it stopped mid-line?): ignored",
		"selfplay merge: 3 of the match's 4 games"})
}

// TestOutFolderMissing: a file to write in a missing folder is refused
// before any work, naming the folder, and the folder is not made.
func TestOutFolderMissing(t *testing.T) {
	dir := t.TempDir()
	list := writeFile(t, dir, "w.txt", "cat\ndog\n")
	missing := filepath.Join(dir, "none", "d")
	for _, args := range [][]string{
		{"lexicon", "build", "--lang", "en", "--in", list, "--out", filepath.Join(missing, "x.lex")},
		{"leaves", "train", "--games", "1", "--out", filepath.Join(missing, "x.leaves")},
		{"selfplay", "--players", "greedy,random", "--games", "2", "--out", filepath.Join(missing, "x.jsonl")},
	} {
		runIn(t, dir, args...).check(t, args, 1, nil, []string{"--out " + filepath.Join(missing, "x."), ": folder " + missing + " does not exist"})
	}
	if _, err := os.Stat(filepath.Join(dir, "none")); err == nil {
		t.Errorf("a command created the missing folder")
	}
	args := []string{"lexicon", "build", "--lang", "en", "--in", list, "--out", dir}
	runIn(t, dir, args...).check(t, args, 1, nil, []string{"--out " + dir + ": is a folder"})
}

// TestLeavesTrainInterrupted: Ctrl-C during training writes the table of
// the games finished, the table that --games N gives, and fails.
func TestLeavesTrainInterrupted(t *testing.T) {
	dir := t.TempDir()
	out := writeFile(t, dir, "a.leaves", "old")
	args := []string{"leaves", "train", "--game", "wwf", "--games", "50", "--seed", "3", "--threads", "2", "--out", out, "--force"}
	r := runCancelled(t, dir, 1, args...)
	r.check(t, args, 1, []string{"wrote " + out}, []string{"leaves train interrupted: ", " of 50 games played; " + out + " holds the table of those games (the one --games "})
	l, err := eval.LoadLeaves(out)
	if err != nil {
		t.Fatalf("the table of the interrupted run: %v", err)
	}
	if !strings.Contains(l.Trained(), "(interrupted: the first ") {
		t.Errorf("trained note %q", l.Trained())
	}
}

// TestSoloInterrupted: Ctrl-C during solo games summarises the games
// finished and fails, as selfplay does.
func TestSoloInterrupted(t *testing.T) {
	args := []string{"solo", "--seed", "1", "--player", "greedy", "--games", "6", "--variant", "size=6x6"}
	r := runCancelled(t, t.TempDir(), 2, args...)
	r.check(t, args, 1, []string{"seeds 1 to 2: 2 games", "score: mean "}, []string{"solo interrupted: 2 of 6 games played; the summary covers them"})
}

// commandProcess starts the test binary as the command with args, the
// lexicon cache at cache.
func commandProcess(t *testing.T, cache string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asCommand+"=1", envLexicons+"="+cache)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

// waitForGames waits until a temporary file in dir holds a match line and
// n games (selfplay writes each game as it ends).
func waitForGames(t *testing.T, dir string, n int) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				if b, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && bytes.Count(b, []byte("\n")) > n {
					return
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no temporary record with %d games in %s after 2 minutes", n, dir)
}

// TestSignals sends real signals to the command: SIGINT stops selfplay
// with the games finished written to --out (continued by --resume); a run
// killed outright leaves the file it was to replace as it was.
func TestSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the command as a process")
	}
	cache, dir := t.TempDir(), t.TempDir()
	out := filepath.Join(dir, "r.jsonl")
	args := []string{"selfplay", "--players", "greedy,random", "--games", "100000", "--seed", "2", "--threads", "1", "--out", out}
	cmd, stderr := commandProcess(t, cache, args...)
	waitForGames(t, dir, 2)
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ee, ok := errors.AsType[*exec.ExitError](err); !ok || ee.ExitCode() != exitError {
		t.Fatalf("after SIGINT: %v, want exit status 1; stderr:\n%s", err, stderr)
	}
	if !strings.Contains(stderr.String(), "wordengine: selfplay interrupted: ") {
		t.Errorf("after SIGINT, stderr:\n%s", stderr)
	}
	f, err := bench.ReadFile(out)
	if err != nil || len(f.Results) < 2 {
		t.Fatalf("after SIGINT the record is %v, %v; want 2 or more games", f, err)
	}
	assertOnly(t, dir, "r.jsonl")
	before, _ := os.ReadFile(out)

	// Killed outright while replacing the file: the old file stays.
	cmd, _ = commandProcess(t, cache, append(args, "--force")...)
	waitForGames(t, dir, 1)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if after, _ := os.ReadFile(out); !bytes.Equal(after, before) {
		t.Errorf("a run killed while replacing %s changed it", out)
	}
}
