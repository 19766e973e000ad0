package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/wordflow"
	"wordengine/search"
)

func TestPlayWordFlow(t *testing.T) {
	t.Parallel()
	base := []string{"--game", "wordflow", "--seed", "3"}
	tests := []struct {
		name           string
		args           []string
		stdin          string
		code           int
		stdout, stderr []string
	}{
		{"announced", base, "help\nhint 3\nZZ c4\nER h2 oxer\n", 0, []string{
			"wordengine play: wordflow (layout=frame,size=10x10,hand=3), 2 players", "your hand: H4v H4+ ER2+ R1v",
			"PIECE CELL *", "best 3 of 56 moves by static", "ER2+ h2    11      3.0  OXER g1>h1vh2 (11)",
			"Not played: no piece ZZ in the hand", "You placed ER2+ h2 for 11 points.  tester 11, computer 0", "It creates 1 word: OXER g1>h1vh2 (11)",
			"Computer placed ", "left unfinished"}, nil},
		{"missed claimed", base, "ER h2\n", 0, []string{"Missed words, claimed by player 2: OXER g1>h1vh2 (11) (+11)", "You placed ER2+ h2 for 0 points.  tester 0, computer 11"}, nil},
		{"challenged", base, "ER h2 OXERS\n", 0, []string{"Challenged: a word announced is not one this placement creates", "You placed ER2+ h2 for 0 points.  tester 0, computer 0"}, nil},
		{"courtesy", append(base, "--variant", "courtesy"), "ER h2\n", 0, []string{"Missed words (courtesy: they count for the placer)", "You placed ER2+ h2 for 11 points."}, nil},
		{"coop missed", append(base, "--variant", "mode=coop", "--players", "3"), "ER h2\n", 0, []string{"Missed words (cooperative: they count for the shared score): OXER", "for 0 points.  tester 11, computer 2 11, computer 3 11"}, nil},
		{"star", base, "H4+ b9 *\n", 0, []string{"It creates 1 word: HAH b9vb10>c10 (9)", "You placed H4+ b9 for 9 points."}, nil},
		{"ambiguous", base, "H b9\n", 0, []string{"Not played: H is ambiguous: H4v or H4+"}, nil},
		{"computer first", append(base, "--first", "computer"), "quit\n", 0, []string{"Computer placed", "you are player 2"}, nil},
		{"bad players", append(base, "--players", "5"), "", 2, nil, []string{"--players 5: wordflow takes 1 to 4 players"}},
		{"bad board", append(base, "--board", "X"), "", 2, nil, []string{"--board: wordflow has no board to give"}},
		{"bad variant", append(base, "--variant", "size=20x20"), "", 2, nil, []string{"variant size=20x20"}},
		{"variant typo", append(base, "--variant", "sizee=8x8"), "", 2, nil, []string{`unknown variant option "sizee"`}},
		{"simultaneous", append(base, "--variant", "mode=simultaneous"), "H4+ b9 *\n", 0, []string{
			"Computer committed a move (hidden until the round's end).",
			"You committed H4+ b9; the placements are made at the round's end.", "The round ends; the placements are made in the round's order:",
			"player 1 placed H4+ b9: HAH b9vb10>c10 (9); +9"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			playRun(t, tt.stdin, tt.args...).check(t, tt.args, tt.code, tt.stdout, tt.stderr)
		})
	}
}

// TestPlayWordFlowToTheEnd plays a whole game on a 6x6 frame: the test
// deals the same game, chooses the human's moves (the first legal one,
// every word announced) and follows the greedy computer, then checks the
// final scores the command prints.
func TestPlayWordFlowToTheEnd(t *testing.T) {
	t.Parallel()
	args := []string{"--game", "wordflow", "--seed", "5", "--variant", "size=6x6"}
	s, err := wordflow.NewGame(game.Config{Players: 2, Variant: "size=6x6", Rand: rand.New(rand.NewPCG(5, 1))})
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	for !s.Over() {
		var m game.Move
		if s.ToMove() == 0 {
			m = s.AppendMoves(nil)[0]
			fmt.Fprintf(&in, "%s *\n", s.FormatMove(m))
		} else if m, err = (search.Greedy{}).Choose(context.Background(), s, nil); err != nil {
			t.Fatal(err)
		}
		s.Play(m)
	}
	r := playRun(t, in.String(), args...)
	r.check(t, args, 0, []string{"Game over.", fmt.Sprintf("Final score: tester %d, computer %d.", s.Score(0), s.Score(1)),
		fmt.Sprintf("best word %d", s.BestWord(0))}, nil)
}

func TestHintWordFlow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pos := filepath.Join(dir, "pos.txt")
	s, err := wordflow.NewGame(game.Config{Variant: "layout=free,start=3", Rand: rand.New(rand.NewPCG(4, 4))})
	if err != nil {
		t.Fatal(err)
	}
	for range 6 {
		s.Play(s.AppendMoves(nil)[0])
	}
	text := s.Format()
	hand := s.HandText(s.ToMove())
	if err := os.WriteFile(pos, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("wordflow layout=free\nrow NW N:QQ9>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"hint", "--game", "wordflow", "--seed", "3", "--top", "3"}, 0, []string{"56 legal moves\nranked by static", "OXER g1>h1vh2 (11)", "cells: label, points, arrow"}, nil},
		{[]string{"hint", "--game", "wordflow", "--position", pos, "--player", "greedy"}, 0, []string{"to move with " + hand, "scores: " + wordflowScores(s), "ranked by greedy"}, nil},
		{[]string{"hint", "--game", "wordflow", "--position", pos, "--json"}, 0, []string{`"game": "wordflow"`, `"variant": "layout=free,start=3,hand=3"`}, nil},
		{[]string{"hint", "--game", "wordflow", "--position", bad}, 1, nil, []string{"bad.txt: line 2, column 8: cell b1: no unused piece N:QQ9>"}},
		{[]string{"hint", "--game", "wordflow", "--board", "X"}, 2, nil, []string{"--board: wordflow has no board to give"}},
		{[]string{"hint", "--game", "wordflow", "--players", "0"}, 2, nil, []string{"--players 0"}},
		// The README's example position.
		{[]string{"hint", "--game", "wordflow", "--position", "../../game/wordflow/testdata/position.txt", "--top", "5"}, 0, []string{"with S:O1> S:A1. E:A1. IT2>; 2 legal moves", "ranked by static", "IT2> g2     6      7.2  HIT g1vg2 (6)"}, nil},
		{[]string{"hint", "--game", "wordflow", "--variant", "layout=fre"}, 2, nil, []string{"variant layout=fre: want frame or free"}},
	}
	for _, tt := range tests {
		runIn(t, t.TempDir(), tt.args...).check(t, tt.args, tt.code, tt.stdout, tt.stderr)
	}
}

func TestSoloWordFlow(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args           []string
		code           int
		stdout, stderr []string
	}{
		{[]string{"solo", "--seed", "1", "--player", "greedy"}, 0, []string{"WordFlow solo, layout=frame,size=10x10,hand=5, player greedy, seed 1", " words:", "score ", "medal "}, nil},
		{[]string{"solo", "--seed", "1", "--player", "greedy", "--games", "5", "--variant", "size=6x6"}, 0, []string{"seeds 1 to 5: 5 games", "score: mean ", "Master     200+", "none "}, nil},
		{[]string{"solo", "--game", "wwf"}, 2, nil, []string{"only wordflow has a solo challenge"}},
		{[]string{"solo", "--games", "0"}, 2, nil, []string{"--games 0"}},
		{[]string{"solo", "--player", "genius"}, 2, nil, []string{"unknown player"}},
		{[]string{"solo", "--variant", "hand=99"}, 2, nil, []string{"hand=99"}},
	}
	for _, tt := range tests {
		runIn(t, t.TempDir(), tt.args...).check(t, tt.args, tt.code, tt.stdout, tt.stderr)
	}
}

// TestPlayWordFlowSimultaneousHidden checks that in simultaneous play the
// computer's commitment is not shown before the human commits: its piece
// and cell appear only in the round's report.
func TestPlayWordFlowSimultaneousHidden(t *testing.T) {
	t.Parallel()
	args := []string{"--game", "wordflow", "--seed", "3", "--variant", "mode=simultaneous"}
	r := playRun(t, "H4+ b9 *\n", args...)
	r.check(t, args, 0, []string{"    player 2 placed F4. b3: no word; +0"}, nil)
	before, _, ok := strings.Cut(r.stdout, "You committed")
	if !ok {
		t.Fatalf("no commitment in the output:\n%s", r.stdout)
	}
	if strings.Contains(before, "F4. b3") || strings.Contains(before, "player 2 placed ") {
		t.Fatalf("the computer's commitment is shown before the human commits:\n%s", before)
	}
}

// TestHintWordFlowOver asks for a hint on a finished game (a 4x4 frame
// played to the end): exit status 1 and a message saying so.
func TestHintWordFlowOver(t *testing.T) {
	t.Parallel()
	s, err := wordflow.NewGame(game.Config{Variant: "size=4x4", Rand: rand.New(rand.NewPCG(2, 2))})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Over() {
		s.Play(s.AppendMoves(nil)[0])
	}
	pos := filepath.Join(t.TempDir(), "over.txt")
	if err := os.WriteFile(pos, []byte(s.Format()), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"hint", "--game", "wordflow", "--position", pos}
	runIn(t, t.TempDir(), args...).check(t, args, 1, nil, []string{"the game is over (" + wordflowScores(s) + "): no move to hint"})
}

// TestPlayWordFlowSimultaneousToTheEnd plays a whole simultaneous game on
// a 6x6 frame (the human's moves chosen as in TestPlayWordFlowToTheEnd)
// and checks the final scores and that every round was reported.
func TestPlayWordFlowSimultaneousToTheEnd(t *testing.T) {
	t.Parallel()
	args := []string{"--game", "wordflow", "--seed", "5", "--variant", "size=6x6,mode=simultaneous"}
	s, err := wordflow.NewGame(game.Config{Players: 2, Variant: "size=6x6,mode=simultaneous", Rand: rand.New(rand.NewPCG(5, 1))})
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	rounds := 0
	for !s.Over() {
		var m game.Move
		if s.ToMove() == 0 {
			m = s.AppendMoves(nil)[0]
			fmt.Fprintf(&in, "%s *\n", s.FormatMove(m))
		} else if m, err = (search.Greedy{}).Choose(context.Background(), s, nil); err != nil {
			t.Fatal(err)
		}
		s.Play(m)
		if s.LastRound() != nil {
			rounds++
		}
	}
	r := playRun(t, in.String(), args...)
	r.check(t, args, 0, []string{"Game over.", fmt.Sprintf("Final score: tester %d, computer %d.", s.Score(0), s.Score(1))}, nil)
	if n := strings.Count(r.stdout, "The round ends"); n != rounds {
		t.Errorf("%d rounds reported, want %d", n, rounds)
	}
}

// TestPlayWordFlowSimultaneousNoPeeking checks that a computer that
// commits after the human in a simultaneous round does not see the
// human's commitment: the human commits first on the cell the computer
// places on when the human plays elsewhere, and the computer still
// chooses that cell (its placement is void) instead of dodging it.
func TestPlayWordFlowSimultaneousNoPeeking(t *testing.T) {
	t.Parallel()
	tested := 0
	for seed := range uint64(40) {
		args := []string{"--game", "wordflow", "--level", "static", "--seed", fmt.Sprint(seed), "--variant", "mode=simultaneous,size=8x8"}
		s, err := wordflow.NewGame(game.Config{Players: 2, Variant: "mode=simultaneous,size=8x8", Rand: rand.New(rand.NewPCG(seed, 1))})
		if err != nil {
			t.Fatal(err)
		}
		if s.ToMove() != 0 {
			continue // the computer commits first this round
		}
		moves := s.AppendMoves(nil)
		first := s.FormatMove(moves[0])
		r := playRun(t, first+" *\n", args...)
		// "  Seat 1 computer (static) placed PIECE CELL: ..."
		_, after, ok := strings.Cut(r.stdout, "    player 2 placed ")
		if !ok {
			continue // its placement was void
		}
		f := strings.Fields(after)
		comp := f[0] + " " + strings.TrimSuffix(f[1], ":")
		cell := strings.TrimSuffix(f[1], ":")
		// The human's placement on that cell, if a piece of the hand fits.
		var mine string
		for _, m := range moves {
			if t := s.FormatMove(m); strings.HasSuffix(t, " "+cell) {
				mine = t
				break
			}
		}
		if mine == "" || mine == first {
			continue
		}
		r2 := playRun(t, mine+" *\n", args...)
		if !strings.Contains(r2.stdout, "    player 2: "+comp+" is void") {
			t.Fatalf("seed %d: the human committed %s first; the computer, which places %s otherwise, did not commit it (it saw the human's commitment):\n%s", seed, mine, comp, r2.stdout)
		}
		tested++
	}
	if tested < 3 {
		t.Fatalf("only %d rounds tested", tested)
	}
}

// wordflowScores gives every seat's score as the hint prints them.
func wordflowScores(s *wordflow.State) string {
	parts := make([]string, s.Players())
	for q := range parts {
		parts[q] = fmt.Sprintf("player %d %d", q+1, s.Score(q))
	}
	return strings.Join(parts, ", ")
}
