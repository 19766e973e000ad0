package upwords

import (
	"errors"
	"strings"
	"testing"

	"wordengine/game"
)

// TestPositionRoundTrip formats positions of random games, parses them
// back and checks the same position (board, racks, pool, scores, turn,
// counters) and the same legal moves.
func TestPositionRoundTrip(t *testing.T) {
	count := 120
	if testing.Short() || raceEnabled {
		count = 30
	}
	var buf, buf2 []game.Move
	for _, variant := range []string{"", "size=8,bare-plural=allowed"} {
		randomPositions(t, count/2, variant, nil, func(s *State, seed uint64, ply int) {
			text := s.Format()
			back, err := ParsePosition(nil, text)
			if err != nil {
				t.Fatalf("seed %d ply %d: ParsePosition(Format()): %v\n%s", seed, ply, err, text)
			}
			if back.Hash() != s.Hash() || back.Format() != text || back.String() != s.String() {
				t.Fatalf("seed %d ply %d: round trip differs:\n%s\n---\n%s", seed, ply, text, back.Format())
			}
			if back.Rules() != s.Rules() || back.Players() != s.Players() {
				t.Fatalf("seed %d ply %d: rules or players differ", seed, ply)
			}
			buf, buf2 = s.AppendMoves(buf[:0]), back.AppendMoves(buf2[:0])
			if len(buf) != len(buf2) {
				t.Fatalf("seed %d ply %d: %d moves, %d after the round trip", seed, ply, len(buf), len(buf2))
			}
		})
	}
}

func TestPositionDerivedPool(t *testing.T) {
	s, err := ParsePosition(nil, `upwords
1 . . . . . . . . . .
2 . . . . . . . . . .
3 . . . . . . . . . .
4 . . . . . . . . . .
5 . . . . C1 A3 T1 . . .
6 . . . . . . . . . .
7 . . . . . . . . . .
8 . . . . . . . . . .
9 . . . . . . . . . .
10 . . . . . . . . . .
rack 1 QUEST
rack 2 -
`)
	if err != nil {
		t.Fatal(err)
	}
	// 100 - 3 on top - 2 buried - 4 on the rack.
	if s.BagLen() != 91 {
		t.Errorf("derived pool: %d tiles, want 91", s.BagLen())
	}
	if got := formatTiles(s.Rack(nil, 0)); got != "EQuST" {
		t.Errorf("rack %s, want EQuST", got)
	}
}

func TestPositionErrors(t *testing.T) {
	board := func(row5 string) string {
		var sb strings.Builder
		sb.WriteString("upwords\n")
		for r := 1; r <= 10; r++ {
			if r == 5 {
				sb.WriteString(row5 + "\n")
				continue
			}
			sb.WriteString(strings.TrimSpace(strings.Repeat(" .", 10)))
			sb.WriteString("\n")
			_ = r
		}
		return sb.String()
	}
	fix := func(text string) string {
		// number the rows
		lines := strings.Split(text, "\n")
		r := 0
		for i, l := range lines {
			if strings.HasPrefix(l, ".") {
				r++
				lines[i] = itoa(r) + " " + l
			} else if i > 0 && l != "" && (l[0] >= '0' && l[0] <= '9') {
				r++
			}
		}
		return strings.Join(lines, "\n")
	}
	for _, tc := range []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"empty", "", 1, 0, "empty position"},
		{"not upwords", "wwf\n", 1, 1, "want \"upwords\""},
		{"bad option", "upwords size=9\n", 1, 9, "size=9"},
		{"bad players", "upwords players=5\n", 1, 9, "players=5"},
		{"bad square", fix(board("5 . . . . C1 A6 T1 . . .")), 6, 14, "height 1 to 5"},
		{"lone Q", fix(board("5 . . . . C1 Q1 T1 . . .")), 6, 14, "one letter"},
		{"short row", fix(board("5 . . . . C1 A1 T1 . .")), 6, 0, "9 squares"},
		{"long row", fix(board("5 . . . . C1 A1 T1 . . . .")), 6, 26, "11 squares"},
		{"wrong row number", fix(board("7 . . . . C1 A1 T1 . . .")), 6, 1, "row number 5"},
		{"too many Z", fix(board("5 . . . . Z1 Z1 . . . .")), 6, 14, "no Z left"},
		{"no rack", fix(board("5 . . . . C1 A1 T1 . . .")), 12, 0, "no rack line for seat 1"},
		{"bad seat", fix(board("5 . . . . C1 A1 T1 . . .")) + "rack 3 ABC\n", 12, 6, "seat \"3\""},
		{"bad rack", fix(board("5 . . . . C1 A1 T1 . . .")) + "rack 1 AB1\n", 12, 8, "not a letter"},
		{"long rack", fix(board("5 . . . . C1 A1 T1 . . .")) + "rack 1 ABCDEFGH\n", 12, 8, "at most 7"},
		{"unknown line", fix(board("5 . . . . C1 A1 T1 . . .")) + "bag ABC\n", 12, 1, "unknown line"},
		{"score not a number", fix(board("5 . . . . C1 A1 T1 . . .")) + "score 1 x\n", 12, 9, `score "x": want a whole number from -1000000 to 1000000`},
		{"pool too big", fix(board("5 . . . . C1 A1 T1 . . .")) + "rack 1 -\nrack 2 -\npool ZZ\n", 14, 6, "pool: 2 Z"},
		{"pool misses buried tiles", fix(board("5 . . . . C1 A2 T1 . . .")) + "rack 1 -\nrack 2 -\npool Z\n", 14, 6, "buries 1"},
		{"option twice", "upwords players=2 players=4\n", 1, 19, "\"players\" given twice"},
		{"size twice", "upwords size=8 size=10\n", 1, 16, "\"size\" given twice"},
		{"score twice", fix(board("5 . . . . C1 A1 T1 . . .")) + "score 1 4\nscore 2 0\nscore 1 5\n", 14, 1, "second \"score 1\""},
		{"turn twice", fix(board("5 . . . . C1 A1 T1 . . .")) + "turn 1\nturn 2\n", 13, 1, "second \"turn\""},
		{"pool twice", fix(board("5 . . . . C1 A1 T1 . . .")) + "pool -\npool -\n", 13, 1, "second \"pool\""},
		{"score out of range", fix(board("5 . . . . C1 A1 T1 . . .")) + "score 1 99999999999999999999\n", 12, 9, "want a whole number from -1000000"},
		{"comment after a value", fix(board("5 . . . . C1 A1 T1 . . .")) + "rack 1 A # the rest\nrack 2 B#\nrack 3 C\n", 14, 6, `seat "3": want a whole number from 1 to 2`},
		{"comma-separated header", "upwords size=8,players=5\n", 1, 16, "players=5: want a whole number from 2 to 4"},
		{"second seat's score twice", fix(board("5 . . . . C1 A1 T1 . . .")) + "score 2 4\nscore 2 5\n", 13, 1, `second "score 2" line (the first is line 12)`},
		{"passes above idle", fix(board("5 . . . . C1 A1 T1 . . .")) + "rack 1 A\nrack 2 B\npasses 1\n", 14, 8, "idle is at least passes"},
		{"every player passed", fix(board("5 . . . . C1 A1 T1 . . .")) + "rack 1 A\nrack 2 B\nidle 3\npasses 2\n", 15, 8, "the game is over"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePosition(nil, tc.text)
			var pe *PositionError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T), want a *PositionError\n%s", err, err, tc.text)
			}
			if pe.Line != tc.line || pe.Col != tc.col || !strings.Contains(pe.Msg, tc.msg) {
				t.Errorf("error %q (line %d col %d), want line %d col %d mentioning %q", err, pe.Line, pe.Col, tc.line, tc.col, tc.msg)
			}
		})
	}
}

func itoa(n int) string {
	if n >= 10 {
		return string(rune('0'+n/10)) + string(rune('0'+n%10))
	}
	return string(rune('0' + n))
}

// TestPositionPassCounters checks that positions whose pass counters a
// game can reach parse, including a game ended by passes (Format writes
// "over"), and keep their counters.
func TestPositionPassCounters(t *testing.T) {
	s := setup(t, "", cat, "AB")
	pass, _ := s.ParseMove("pass")
	ex, _ := s.ParseMove("-A")
	for _, m := range []game.Move{ex, pass, pass} {
		s.Play(m)
		back, err := ParsePosition(nil, s.Format())
		if err != nil {
			t.Fatalf("after %s: %v\n%s", s.FormatMove(m), err, s.Format())
		}
		if back.Passes() != s.Passes() || back.Idle() != s.Idle() || back.Over() != s.Over() {
			t.Errorf("after %s: passes %d idle %d over %v, want %d %d %v", s.FormatMove(m), back.Passes(), back.Idle(), back.Over(), s.Passes(), s.Idle(), s.Over())
		}
	}
	if !s.Over() {
		t.Fatal("two passes did not end the game")
	}
}
