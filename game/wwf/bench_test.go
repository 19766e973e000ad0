package wwf

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/lexicon"
)

var updateSuite = flag.Bool("update-suite", false, "rewrite testdata/movegen/*.cgp from seeded self-play")

// suitePath is the committed move-generation benchmark suite of game name.
func suitePath(name string) string {
	return filepath.Join("..", "..", "testdata", "movegen", name+".cgp")
}

// suiteSpec says which positions the suite holds: a stage of the game and
// how many blanks the mover's rack has.
var suiteSpec = []struct {
	stage  string // early: 2-4 plays made; middle: 8-12; late: bag of 12 tiles or fewer
	blanks int
}{
	{"early", 0}, {"early", 0}, {"early", 1}, {"early", 2},
	{"middle", 0}, {"middle", 0}, {"middle", 0}, {"middle", 1}, {"middle", 1}, {"middle", 2}, {"middle", 2},
	{"late", 0}, {"late", 0}, {"late", 1},
}

// makeSuite plays seeded games with the highest-scoring play each turn and
// keeps one position per entry of suiteSpec.
func makeSuite(t *testing.T, name string) []string {
	r, _, err := Rules(name, "")
	if err != nil {
		t.Fatal(err)
	}
	lx, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	seed := uint64(100)
	for _, spec := range suiteSpec {
		for ; ; seed++ {
			s, ok := suitePosition(t, r, lx, seed, spec.stage, spec.blanks)
			if !ok {
				continue
			}
			c := ToCGP(s)
			c.Options = append(c.Options, CGPOption{Key: "note", Value: fmt.Sprintf("%s-%dblank-seed%d", spec.stage, spec.blanks, seed)})
			lines = append(lines, c.String())
			seed++
			break
		}
	}
	return lines
}

func suitePosition(t *testing.T, r *crossword.Rules, lx *lexicon.Lexicon, seed uint64, stage string, blanks int) (*crossword.State, bool) {
	s, err := crossword.New(r, lx, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	target := map[string]int{"early": 2 + rng.IntN(3), "middle": 8 + rng.IntN(5), "late": 1000}[stage]
	var buf []game.Move
	for plays := 0; plays < target && !s.Over(); plays++ {
		if stage == "late" && s.BagLen() <= 12 {
			break
		}
		buf = s.AppendPlays(buf[:0])
		if len(buf) == 0 {
			return nil, false
		}
		best := slices.MaxFunc(buf, func(x, y game.Move) int { return s.MoveScore(x) - s.MoveScore(y) })
		s.Play(best)
	}
	if s.Over() || (stage == "late" && s.BagLen() > 12) {
		return nil, false
	}
	// Give the mover exactly the asked number of blanks, from the bag.
	rack := s.Rack(nil, s.ToMove())
	have := 0
	for _, t := range rack {
		if t == lexicon.Blank {
			have++
		}
	}
	for i := len(rack) - 1; i >= 0 && have < blanks; i-- {
		if rack[i] != lexicon.Blank {
			rack[i] = lexicon.Blank
			have++
		}
	}
	for i := range rack {
		if have > blanks && rack[i] == lexicon.Blank {
			rack[i] = rack[0]
			if rack[0] == lexicon.Blank {
				return nil, false
			}
			have--
		}
	}
	if have != blanks || s.SetRack(s.ToMove(), rack) != nil {
		return nil, false
	}
	return s, true
}

// TestSuite keeps the committed suites in step with their generator.
func TestSuite(t *testing.T) {
	for _, name := range []string{"wwf", "scrabble"} {
		want := makeSuite(t, name)
		path := suitePath(name)
		if *updateSuite {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			text := "# " + name + " move-generation suite: seeded self-play (highest score), made by\n" +
				"# go test ./game/wwf -run TestSuite -update-suite\n" + strings.Join(want, "\n") + "\n"
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got := readSuite(t, path)
		if !slices.Equal(got, want) {
			t.Errorf("%s differs from its generator; run go test ./game/wwf -run TestSuite -update-suite", path)
		}
		if len(got) < 14 {
			t.Errorf("%s: %d positions", path, len(got))
		}
	}
}

func readSuite(t testing.TB, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// benchPositions returns the committed suites as states, plus the real
// boards of macondo's test set when ../shared is there.
func benchPositions(b *testing.B) (names []string, states []*crossword.State) {
	lx, err := lexicon.Default()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"wwf", "scrabble"} {
		for i, line := range readSuite(b, suitePath(name)) {
			s, err := ParsePosition(name, "", line, lx, 1)
			if err != nil {
				b.Fatalf("%s line %d: %v", suitePath(name), i+1, err)
			}
			names = append(names, fmt.Sprintf("%s%02d", name, i+1))
			states = append(states, s)
		}
	}
	return names, states
}

// BenchmarkMoveGen generates every play of each position of the committed
// suites (28 positions: early, middle and late, 0 to 2 blanks).
func BenchmarkMoveGen(b *testing.B) {
	names, states := benchPositions(b)
	buf := make([]game.Move, 0, 1<<16)
	for i, s := range states {
		b.Run(names[i], func(b *testing.B) {
			benchState(b, s, buf)
		})
	}
}

// BenchmarkMoveGenSuite is the whole suite in one loop: µs per position.
func BenchmarkMoveGenSuite(b *testing.B) {
	_, states := benchPositions(b)
	buf := make([]game.Move, 0, 1<<16)
	n, moves := 0, 0
	b.ReportAllocs()
	for b.Loop() {
		buf = states[n%len(states)].AppendPlays(buf[:0])
		moves += len(buf)
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "us/position")
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}

func benchState(b *testing.B, s *crossword.State, buf []game.Move) {
	b.ReportAllocs()
	moves := 0
	for b.Loop() {
		buf = s.AppendPlays(buf[:0])
		moves += len(buf)
	}
	b.ReportMetric(float64(len(buf)), "plays")
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkMacondoBoards times the real boards of macondo's test set
// (board02: rack AABDELT; board03: DDESW??), read from ../shared when
// present. Compare with Macondo on the same lexicon: --lexicon in
// `wordengine bench movegen`.
func BenchmarkMacondoBoards(b *testing.B) {
	path := filepath.Join(sharedGCG, "..", "positions", "domino14_macondo", "derived", "sample_testing_boards_as_cgp.json")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("macondo's sample boards not found (%v): they live in ../shared/data/positions", err)
	}
	var boards []struct {
		Name    string `json:"name"`
		Board   string `json:"board"`
		Players []struct {
			OnTurn bool   `json:"on_turn"`
			Rack   string `json:"rack"`
		} `json:"header_players"`
	}
	if err := json.Unmarshal(data, &boards); err != nil {
		b.Fatal(err)
	}
	lx, err := lexicon.Default()
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]game.Move, 0, 1<<16)
	for _, bd := range boards {
		if bd.Name != "board02" && bd.Name != "board03" {
			continue
		}
		rack := ""
		for _, p := range bd.Players {
			if p.OnTurn {
				rack = p.Rack
			}
		}
		s, err := ParsePosition("scrabble", "", bd.Board+" "+rack+"/ 0/0 0", lx, 1)
		if err != nil {
			b.Fatalf("%s: %v", bd.Name, err)
		}
		b.Run(bd.Name, func(b *testing.B) { benchState(b, s, buf) })
	}
}
