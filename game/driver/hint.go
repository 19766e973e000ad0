package driver

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"wordengine/game"
	"wordengine/search"
)

// Suggestion is one move a hint lists: its description for the seat that
// asks, with the player's valuation. It encodes as JSON.
type Suggestion struct {
	// Rank is the move's place, from 1.
	Rank int `json:"rank"`
	game.MoveInfo
	// Equity is the player's valuation in points (a decided game counts
	// as ±1000 points and its margin, search.Value.Number), nil for a
	// move the player did not value (ISMCTS ranks the moves it never
	// expanded last).
	Equity *float64 `json:"equity"`
	// Value says it for people, with what it assumes (search.Value):
	// "28.0", "win +3 (one-ply opponents)", "not searched".
	Value string `json:"value"`
	// Assumes says what a decided value assumes beyond the rules ("one-ply
	// opponents"), "" when nothing; Short is Value without it, for tables
	// that say it once below.
	Assumes string `json:"assumes,omitempty"`
	Short   string `json:"-"`
	// Chosen marks the move a player that cannot rank chooses.
	Chosen bool `json:"chosen,omitempty"`
}

// Hints are the ranked moves of a position (Rank).
type Hints struct {
	// Player is the player asked; RankedBy the one whose valuation the
	// moves show (greedy for a player that cannot rank).
	Player   string `json:"player"`
	RankedBy string `json:"ranked_by"`
	// Choice is the move a player that cannot rank chooses ("" when it
	// ranks).
	Choice string `json:"choice,omitempty"`
	// Total is the number of legal moves.
	Total int `json:"total_moves"`
	// Moves are the moves listed, best first.
	Moves []Suggestion `json:"moves"`
}

// Rank lists the moves of the player to move in s, best first by player
// (spec is its name as given): ranked on that seat's view of s (a copy
// determinized with viewRng), never on what the seat cannot see. A player
// that cannot rank (not a search.Ranker) chooses its move with chooseRng
// and greedy ranks the moves, the choice marked. top bounds the moves
// listed (0: all; the choice is listed wherever it stands). s is left as
// it was.
func Rank(ctx context.Context, s game.State, player search.Player, spec string, top int, viewRng, chooseRng *rand.Rand) (*Hints, error) {
	seat := s.ToMove()
	view := ViewFor(s, seat, viewRng)
	h := &Hints{Player: spec, RankedBy: spec, Total: len(view.AppendMoves(nil))}
	rk, ranks := player.(search.Ranker)
	var choice game.Move
	if !ranks {
		var err error
		if choice, err = player.Choose(ctx, view.Clone(), chooseRng); err != nil {
			return nil, err
		}
		rk, h.RankedBy, h.Choice = search.Greedy{}, "greedy", view.FormatMove(choice)
	}
	cands, err := rk.Rank(ctx, view, nil)
	if err != nil {
		return nil, err
	}
	for i, cd := range cands {
		chosen := !ranks && cd.Move == choice
		if top > 0 && i >= top && !chosen {
			continue
		}
		v := cd.Value()
		sg := Suggestion{Rank: i + 1, MoveInfo: Describe(view, cd.Move, seat), Chosen: chosen, Value: v.String(), Short: v.String()}
		if v.Outcome == search.Win || v.Outcome == search.Loss {
			sg.Assumes = v.Assumes
			v.Assumes = ""
			sg.Short = v.String()
		}
		sg.Score = cd.Score
		if eq, ok := v.Number(); ok {
			sg.Equity = &eq
		}
		h.Moves = append(h.Moves, sg)
	}
	return h, nil
}

// Width is the number of columns the driver's tables and boards keep to.
const Width = 80

// WriteHints prints h's moves as a table: rank, move, score (headed by
// unit, the game's unit of score: "score" for points), the leave where
// the game has racks, the value, and the words a move forms that its
// notation does not spell (WordFlow's paths, crossword cross-words). A
// row wider than Width columns has its move on a line of its own.
func WriteHints(w io.Writer, h *Hints, unit string) {
	if unit == "" || unit == "point" {
		unit = "score"
	} else {
		unit += "s"
	}
	moveW, leaveW, leaves := len("move"), len("leave"), false
	words := make([]string, len(h.Moves))
	for i, m := range h.Moves {
		moveW = max(moveW, len(m.Move))
		leaveW = max(leaveW, len(m.Leave))
		leaves = leaves || m.Leave != ""
		var extra []string
		spelled := strings.ToUpper(stripParens(m.Move))
		for _, wd := range m.Words {
			if first, _, _ := strings.Cut(wd, " "); !strings.Contains(spelled, strings.ToUpper(first)) {
				extra = append(extra, wd)
			}
		}
		words[i] = strings.Join(extra, ", ")
	}
	scoreW := max(5, len(unit))
	valueW := 8
	var assumes []string
	for _, m := range h.Moves {
		valueW = max(valueW, len(m.Short))
		if m.Assumes != "" && !slices.Contains(assumes, m.Assumes) {
			assumes = append(assumes, m.Assumes)
		}
	}
	other := 1 + 4 + 2 + 1 + scoreW + 1 + valueW
	if leaves {
		other += 2 + leaveW
	}
	// The move column fits the table in Width columns; a longer move
	// goes on a line of its own.
	moveW = max(len("move"), min(moveW, Width-other))
	row := func(mark, rank, move, score, leave, value, words string) {
		line := fmt.Sprintf("%s%4s  %-*s %*s", mark, rank, moveW, move, scoreW, score)
		if leaves {
			line += fmt.Sprintf("  %-*s", leaveW, leave)
		}
		line += fmt.Sprintf(" %*s", valueW, value)
		if words != "" {
			line += "  " + words
		}
		if len(line) > Width && len(move) > moveW {
			fmt.Fprintf(w, "%s%4s  %s\n", mark, rank, move)
			line = fmt.Sprintf("%s%4s  %-*s %*s", " ", "", moveW, "", scoreW, score)
			if leaves {
				line += fmt.Sprintf("  %-*s", leaveW, leave)
			}
			line += fmt.Sprintf(" %*s", valueW, value)
			if words != "" {
				line += "  " + words
			}
		}
		fmt.Fprintln(w, strings.TrimRight(clipLine(line), " "))
	}
	wordsHead := ""
	for _, x := range words {
		if x != "" {
			wordsHead = "words"
		}
	}
	row(" ", "rank", "move", unit, "leave", "value", wordsHead)
	for i, m := range h.Moves {
		mark := " "
		if m.Chosen {
			mark = ">"
		}
		leave := m.Leave
		if leave == "" && leaves {
			leave = "-"
		}
		short := m.Short
		if short == "" {
			short = m.Value
		}
		row(mark, fmt.Sprint(m.Rank), m.Move, fmt.Sprint(m.Score), leave, short, words[i])
	}
	for _, a := range assumes {
		fmt.Fprintln(w, Wrap("wins and losses assume "+a, Width, "  "))
	}
}

// stripParens drops parentheses from a move's notation ("8H QUA(I)NT").
func stripParens(s string) string {
	return strings.NewReplacer("(", "", ")", "").Replace(s)
}

// clipLine cuts a line to Width columns, ending it in "..." when cut.
func clipLine(line string) string {
	if r := []rune(line); len(r) > Width {
		return string(r[:Width-3]) + "..."
	}
	return line
}

// Plural writes n and noun, the noun in the plural unless n is 1 or -1:
// "1 legal move", "3 legal moves" (game.Plural).
func Plural(n int, noun string) string { return game.Plural(n, noun) }
