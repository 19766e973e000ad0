package search_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
	_ "wordengine/game/twoway"
	_ "wordengine/game/upwords"
	_ "wordengine/game/wordblock"
	_ "wordengine/game/wordflow"
	_ "wordengine/game/wwf"
	"wordengine/lexicon"
	"wordengine/search"
)

// levelGames are the registered games the level tests play: every one.
var levelGames = []string{"wwf", "scrabble", "upwords", "wordblock", "twoway", "wordflow"}

// levelPosition deals game name from seed and plays plies moves of the
// static player (fewer when the game ends first).
func levelPosition(t *testing.T, name string, seed uint64, plies int) game.State {
	t.Helper()
	spec, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.New(game.Config{Lexicon: letterpress(t), Rand: rand.New(rand.NewPCG(seed, 1))})
	if err != nil {
		t.Fatal(err)
	}
	st, err := search.New("static:endgame=off") // reaching the position needs no endgame solver
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	for range plies {
		if s.Over() {
			break
		}
		m, err := st.Choose(context.Background(), s, rng)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(m)
	}
	return s
}

// letterpress returns the embedded Letterpress list, which the level
// tests play in every game (Scrabble's SOWPODS would be decoded for one
// game only; a level plays alike on any English lexicon).
func letterpress(t *testing.T) *lexicon.Lexicon {
	t.Helper()
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	return lx
}

// levelPositions is how many positions the level tests check in each
// game: fewer under the race detector.
func levelPositions() int {
	if raceEnabled {
		return 1
	}
	return 4
}

// commonWordsOnly reports whether every word that m forms or claims in s
// (by the game's description) is of a tier from 1 to tier; a move that
// forms no word (an exchange, a pass, a placement) is.
func commonWordsOnly(t *testing.T, common *lexicon.CommonWords, s game.State, m game.Move, tier int) bool {
	t.Helper()
	d, ok := s.(game.Describer)
	if !ok {
		t.Fatalf("%s does not describe its moves", s.Game())
	}
	for _, w := range d.DescribeMove(m, s.ToMove()).Words {
		word, _, _ := strings.Cut(w, " ")
		if tr := common.Tier(word); tr < 1 || tr > tier {
			return false
		}
	}
	return true
}

// TestLevelOneCommonWords checks level 1 against a brute force in every
// game: of all the legal moves it keeps those whose words are all of tier
// 1, and the move it plays is one of them; seeing every word
// ("level:1,sees=100"), it also scores at least as much as the Top-th
// best of them (level 1 ranks by score); where no move forms only tier-1
// words, it still plays a legal move.
func TestLevelOneCommonWords(t *testing.T) {
	t.Parallel()
	common, err := lexicon.CommonEnglish()
	if err != nil {
		t.Fatal(err)
	}
	spec := search.LevelSpecs[0]
	if spec.Tier != 1 || spec.Equity {
		t.Fatalf("level 1 is %+v: the test expects tier 1, ranked by score", spec)
	}
	for _, name := range levelGames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checked := 0
			for _, tc := range []struct {
				seed  uint64
				plies int
			}{{1, 0}, {2, 3}, {3, 6}, {4, 10}}[:levelPositions()] {
				s := levelPosition(t, name, tc.seed, tc.plies)
				if s.Over() {
					continue
				}
				moves := s.AppendMoves(nil)
				var allowed []int // scores of the moves within tier 1
				within := map[game.Move]bool{}
				for _, m := range moves {
					if commonWordsOnly(t, common, s, m, 1) {
						within[m] = true
						allowed = append(allowed, s.MoveScore(m))
					}
				}
				slices.Sort(allowed)
				slices.Reverse(allowed)
				p, err := search.New("level:1")
				if err != nil {
					t.Fatal(err)
				}
				all, err := search.New("level:1,sees=100")
				if err != nil {
					t.Fatal(err)
				}
				for r := range uint64(6) {
					sees := r%2 == 1 // every word
					pl := p
					if sees {
						pl = all
					}
					m, err := pl.Choose(context.Background(), s, rand.New(rand.NewPCG(tc.seed, r)))
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Contains(moves, m) {
						t.Fatalf("seed %d, ply %d: level 1 played %s, not a legal move", tc.seed, tc.plies, s.FormatMove(m))
					}
					if len(allowed) == 0 {
						continue
					}
					checked++
					if !within[m] {
						t.Errorf("seed %d, ply %d: level 1 played %s, which forms a word beyond tier 1 (%d moves form only tier-1 words)", tc.seed, tc.plies, s.FormatMove(m), len(allowed))
					}
					if k := min(spec.Top, len(allowed)); sees && s.MoveScore(m) < allowed[k-1] {
						t.Errorf("seed %d, ply %d: level 1 played %s for %d, below the %d-th best tier-1 score %d", tc.seed, tc.plies, s.FormatMove(m), s.MoveScore(m), k, allowed[k-1])
					}
				}
			}
			if checked == 0 {
				t.Errorf("no position had a move of tier-1 words: the test checked nothing")
			}
		})
	}
}

// TestLevelFiveIsFullStrength: level 5 plays, for the same random
// source, the move of the game's registered computer player, in every
// game.
func TestLevelFiveIsFullStrength(t *testing.T) {
	t.Parallel()
	for _, name := range levelGames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			spec, _ := game.Lookup(name)
			if got := search.FullStrength(name); got != spec.Computer && !(spec.Computer == "" && got == "static") {
				t.Errorf("FullStrength(%s) = %q, the registration's computer is %q", name, got, spec.Computer)
			}
			lv, err := search.New(search.LevelSpecOf(search.Levels))
			if err != nil {
				t.Fatal(err)
			}
			positions := uint64(3)
			if raceEnabled {
				positions = 1 // a WordBlock choice of om takes seconds under the race detector
			}
			for seed := range positions {
				s := levelPosition(t, name, seed+1, int(2*seed))
				if s.Over() {
					continue
				}
				full, err := search.New(search.FullStrength(name))
				if err != nil {
					t.Fatal(err)
				}
				want, err := full.Choose(context.Background(), s, rand.New(rand.NewPCG(seed, 9)))
				if err != nil {
					t.Fatal(err)
				}
				got, err := lv.Choose(context.Background(), s, rand.New(rand.NewPCG(seed, 9)))
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("seed %d: level %d played %s, %s plays %s", seed, search.Levels, s.FormatMove(got), search.FullStrength(name), s.FormatMove(want))
				}
			}
		})
	}
}

// TestLevelDeterministic: a game between two levels is the same game
// for the same seeds, in every game, and two different levels do not
// play the same game.
func TestLevelDeterministic(t *testing.T) {
	t.Parallel()
	for _, name := range levelGames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			play := func(a, b string) []string {
				spec, _ := game.Lookup(name)
				s, err := spec.New(game.Config{Lexicon: letterpress(t), Rand: rand.New(rand.NewPCG(5, 1))})
				if err != nil {
					t.Fatal(err)
				}
				var players [2]search.Player
				for i, sp := range []string{a, b} {
					if players[i], err = search.New(sp); err != nil {
						t.Fatal(err)
					}
				}
				rngs := [2]*rand.Rand{rand.New(rand.NewPCG(5, 2)), rand.New(rand.NewPCG(5, 3))}
				var moves []string
				for ply := 0; ply < 3*levelPositions()+3 && !s.Over(); ply++ {
					p := s.ToMove() % 2
					m, err := players[p].Choose(context.Background(), s, rngs[p])
					if err != nil {
						t.Fatal(err)
					}
					moves = append(moves, s.FormatMove(m))
					s.Play(m)
				}
				return moves
			}
			first := play("level:1", "level:3")
			if again := play("level:1", "level:3"); !slices.Equal(first, again) {
				t.Errorf("the same seeds played\n%v\nthen\n%v", first, again)
			}
			if other := play("level:2", "level:4"); slices.Equal(first, other) {
				t.Errorf("levels 2 and 4 played the game of levels 1 and 3: %v", first)
			}
		})
	}
}

// TestLevelOptions: each bad option is refused with a message that names
// it and the values it takes; good ones are taken.
func TestLevelOptions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ spec, want string }{
		{"level", "give the level, level:N with N from 1 (beginner) to 5 (full strength)"},
		{"level:0", `"0": want a level from 1 (beginner) to 5 (full strength)`},
		{"level:6", `"6": want a level from 1 (beginner) to 5 (full strength)`},
		{"level:two", `"two": want a level from 1`},
		{"level:2,top=0", "top=0: want a whole number from 1 to 1000"},
		{"level:2,tier=5", "tier=5: want a whole number from 0 to 4"},
		{"level:2,sees=101", "sees=101: want a whole number from 1 to 100"},
		{"level:2,rank=best", "rank=best: want score or equity"},
		{"level:2,depth=3", `unknown option "depth"`},
		{"level:5,top=2", "level 5 is the game's own computer player and takes no options"},
	} {
		if _, err := search.New(tc.spec); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%q) = %v, want an error with %q", tc.spec, err, tc.want)
		}
	}
	p, err := search.NewLevel("2,top=6,tier=0,sees=50,rank=equity")
	if err != nil {
		t.Fatal(err)
	}
	if want := (search.LevelSpec{Tier: 0, Top: 6, Sees: 50, Equity: true}); p.N != 2 || p.Spec != want {
		t.Errorf("level:2,top=6,tier=0,sees=50,rank=equity is level %d %+v, want level 2 %+v", p.N, p.Spec, want)
	}
	for _, tc := range []struct {
		text string
		n    int
		ok   bool
	}{{"1", 1, true}, {" 5 ", 5, true}, {"0", 0, false}, {"6", 0, false}, {"", 0, false}, {"3.5", 0, false}, {"static", 0, false}} {
		n, err := search.ParseLevel(tc.text)
		if (err == nil) != tc.ok || n != tc.n {
			t.Errorf("ParseLevel(%q) = %d, %v", tc.text, n, err)
		}
		if err != nil && !strings.Contains(err.Error(), "want a level from 1 (beginner) to 5 (full strength)") {
			t.Errorf("ParseLevel(%q): %v does not give the range", tc.text, err)
		}
	}
}

// TestLevelPlaysBeforeExchanging checks levels 1 and 2 (which rank by
// score) against a brute force in the games whose plays place tiles:
// when a legal play forms only words of the level's tiers, the level
// plays such a play, never an exchange or a pass; when none does, it
// exchanges or passes. The positions are dealt ones and first moves
// with racks of consonants, where the plays form only rare words (CWM,
// HM) or there are none.
func TestLevelPlaysBeforeExchanging(t *testing.T) {
	t.Parallel()
	common, err := lexicon.CommonEnglish()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"wwf", "scrabble", "upwords"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var positions []game.State
			for seed := range uint64(levelPositions()) {
				positions = append(positions, levelPosition(t, name, seed+1, 2*int(seed)))
			}
			for i, rack := range []string{"CWMHRST", "BCDFGHK", "HMNPRST"} {
				s := levelPosition(t, name, uint64(10+i), 0)
				if err := s.(game.RackSetter).SetRackText(s.ToMove(), rack); err != nil {
					t.Fatal(err)
				}
				positions = append(positions, s)
			}
			var cases [2]int // positions without, with a play of the level's words
			for n := 1; n <= 2; n++ {
				tier := search.LevelSpecs[n-1].Tier
				if search.LevelSpecs[n-1].Equity {
					t.Fatalf("level %d ranks by value: the test expects levels 1 and 2 to rank by score", n)
				}
				for _, sees := range []string{"", ",sees=100"} {
					p, err := search.New(search.LevelSpecOf(n) + sees)
					if err != nil {
						t.Fatal(err)
					}
					for i, s := range positions {
						if s.Over() {
							continue
						}
						moves := s.AppendMoves(nil)
						playable := false // a play of the level's words
						for _, m := range moves {
							if s.(game.Placer).Placement(m).Placed > 0 && commonWordsOnly(t, common, s, m, tier) {
								playable = true
								break
							}
						}
						cases[b2i(playable)]++
						for r := range uint64(3) {
							m, err := p.Choose(context.Background(), s, rand.New(rand.NewPCG(uint64(i), r)))
							if err != nil {
								t.Fatal(err)
							}
							if !slices.Contains(moves, m) {
								t.Fatalf("position %d: level %d played %s, not a legal move", i, n, s.FormatMove(m))
							}
							play := s.(game.Placer).Placement(m).Placed > 0
							switch {
							case playable && !(play && commonWordsOnly(t, common, s, m, tier)):
								t.Errorf("position %d, rack %s: level %d%s played %s, though a play of its words is legal", i, rackOf(s), n, sees, s.FormatMove(m))
							case !playable && play:
								t.Errorf("position %d, rack %s: level %d%s played %s, beyond its words, rather than exchange or pass", i, rackOf(s), n, sees, s.FormatMove(m))
							}
						}
					}
				}
			}
			if cases[0] == 0 || cases[1] == 0 {
				t.Errorf("positions with and without a play of the level's words: %v; the test needs both", cases)
			}
		})
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rackOf returns the rack of the player to move in s, for messages.
func rackOf(s game.State) string {
	r := s.(game.Racker)
	return r.Alphabet().Format(r.Rack(nil, s.ToMove()))
}
