package search

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"

	"wordengine/game"
	"wordengine/game/option"
	"wordengine/lexicon"
)

func init() {
	Register("level", func(opts string) (Player, error) { return NewLevel(opts) })
}

// Levels is the number of opponent levels: level 1 is a beginner, level
// Levels the game's full-strength computer player.
const Levels = 5

// LevelSpec says how a level below full strength plays (see Level).
type LevelSpec struct {
	// Tier is the largest vocabulary tier (lexicon.CommonWords, English)
	// of the words its moves form: 1 the most common words only; 0 any
	// word of the lexicon.
	Tier int
	// Top is the number of best moves (of those it sees and its
	// vocabulary allows) it chooses among, at random, each alike, with
	// the moves tied with the Top-th.
	Top int
	// Sees is the percentage of the words it sees (1 to 100), drawn
	// afresh every turn: a player who overlooks words. The moves of a
	// word it overlooks are overlooked wherever they play it; a move
	// that forms no word is overlooked with the same chance.
	Sees int
	// Equity ranks the moves by the static player's valuation (score and
	// leave in the crossword games and Upwords, the game's own
	// evaluation in the others); otherwise by score alone, and then, in a
	// game whose plays place tiles (game.Placer), it exchanges or passes
	// only when no play is within its vocabulary (see Level).
	Equity bool
}

// LevelSpecs are the levels below full strength, LevelSpecs[n-1] for
// level n, calibrated by paired self-play (docs/levels.md): each level
// wins at least 65 % of its games against the level below, in every game.
var LevelSpecs = [Levels - 1]LevelSpec{
	{Tier: 1, Top: 80, Sees: 25},
	{Tier: 2, Top: 5, Sees: 55},
	{Tier: 3, Top: 2, Sees: 55, Equity: true},
	{Tier: 0, Top: 2, Sees: 70, Equity: true},
}

// LevelNames are the levels' names for people, LevelNames[n-1] for level
// n.
var LevelNames = [Levels]string{"beginner", "casual", "club", "strong", "full strength"}

// Level is the player registered as "level": a computer opponent of a
// chosen strength, for people, from a beginner (level 1) to the game's
// full-strength player (level Levels), in every game.
//
// Level Levels plays as the game's registered computer player
// (game.Spec.Computer: static in the crossword games, om in WordBlock).
// A lower level n plays as LevelSpecs[n-1] says: it ranks the legal moves
// (by score, or by the static player's equity), keeps those whose words
// are all within its vocabulary, and plays one of the best Top of them at
// random, each alike, from the rng of Choose. A move's words are what the
// game's description of it says it forms or claims (game.Describer, the
// first word of each entry); a move that forms none (an exchange, a pass,
// a placement of 2 Way Words) is within any vocabulary, and so is every
// move of a game that does not describe its moves. The vocabulary is the
// embedded English common words (lexicon.CommonEnglish): tier 1 the words
// of a small dictionary, each tier a larger one. A game on a lexicon of
// another language (one that holds few of the most common English
// words, englishProbe) has no vocabulary limit: the level chooses among
// all its moves, by its ranking and its eyes; so does a level when no
// legal move is within its vocabulary.
//
// A level that ranks by score (levels 1 and 2) plays a word when it has
// one, as a beginner does: in a game whose plays place tiles
// (game.Placer: the crossword games, Upwords) it chooses among its plays
// alone while one of them is within its vocabulary, and among the moves
// that place no tile (an exchange, a pass) only when none is. Ranked by
// score, every exchange ties with a pass at 0 points, and a choice among
// the best Top moves would otherwise take them whenever fewer than Top
// plays pass its vocabulary and its eyes: level 1 exchanged on a third of
// its turns. A level that ranks by value weighs an exchange against its
// plays by the tiles it keeps, as the static player does.
//
// Options: "level:N" with N from 1 to Levels; a level below full strength
// takes "tier=T" (0 to the tiers of lexicon.CommonEnglish, 0: any word),
// "top=K" (1 to 1000), "sees=P" (1 to 100) and "rank=score|equity" after
// it, which replace its LevelSpec's (for calibration: "level:2,top=6").
// A Level keeps buffers between calls: use it from one goroutine at a
// time.
type Level struct {
	// N is the level, 1 to Levels.
	N int
	// Spec is how a level below Levels plays.
	Spec LevelSpec

	static *Static
	common *lexicon.CommonWords
	full   map[string]Player // level Levels: the computer player by game
	cands  []Candidate
	pool   []pooled
}

// NewLevel returns the level player of options: "N" (1 to Levels), then
// for N below Levels the options tier=, top= and rank= (see Level). The
// error names the option at fault and the values it takes.
func NewLevel(options string) (*Level, error) {
	first, rest, _ := strings.Cut(options, ",")
	first = strings.TrimSpace(first)
	if first == "" {
		return nil, fmt.Errorf("level: give the level, level:N with N from 1 (%s) to %d (%s)", LevelNames[0], Levels, LevelNames[Levels-1])
	}
	n, err := ParseLevel(first)
	if err != nil {
		return nil, fmt.Errorf("level: %w", err)
	}
	p := &Level{N: n, full: map[string]Player{}}
	if n == Levels {
		if strings.TrimSpace(rest) != "" {
			return nil, fmt.Errorf("level: level %d is the game's own computer player and takes no options, got %q", Levels, rest)
		}
		return p, nil
	}
	common, err := lexicon.CommonEnglish()
	if err != nil {
		return nil, fmt.Errorf("level: %w", err)
	}
	p.Spec = LevelSpecs[n-1]
	s := option.NewSet("level", "")
	s.Int(&p.Spec.Tier, "tier", 0, common.Tiers())
	s.Int(&p.Spec.Top, "top", 1, maxTop)
	s.Int(&p.Spec.Sees, "sees", 1, 100)
	option.Choice(s, &p.Spec.Equity, "rank", option.Is(false, "score"), option.Is(true, "equity"))
	if err := s.Parse(rest); err != nil {
		return nil, err
	}
	p.common = common
	if p.static, err = NewStatic(""); err != nil {
		return nil, err
	}
	return p, nil
}

// Name implements Player.
func (p *Level) Name() string { return "level" }

// Choose implements Player.
func (p *Level) Choose(ctx context.Context, s game.State, rng *rand.Rand) (game.Move, error) {
	if p.N == Levels {
		full, err := p.fullPlayer(s.Game())
		if err != nil {
			return game.Move{}, err
		}
		return full.Choose(ctx, s, rng)
	}
	if s.Over() {
		return game.Move{}, ErrNoMove
	}
	var err error
	if p.cands, err = p.static.Rank(ctx, s, p.cands[:0]); err != nil {
		return game.Move{}, err
	}
	if len(p.cands) == 0 {
		return game.Move{}, ErrNoMove
	}
	if !p.Spec.Equity {
		// By score, then (among equal scores) by equity.
		slices.SortStableFunc(p.cands, func(x, y Candidate) int { return cmp.Compare(y.Score, x.Score) })
	}
	key := func(c Candidate) rankKey {
		if p.Spec.Equity {
			return rankKey{c.Equity, 0}
		}
		return rankKey{int64(c.Score), c.Equity}
	}
	top := max(p.Spec.Top, 1)
	d, describes := s.(game.Describer)
	filter := p.Spec.Tier > 0 && describes && speaksEnglish(s)
	// A level that ranks by score looks for a word to play: in a game
	// whose plays place tiles (game.Placer) it considers the moves that
	// place none (an exchange, a pass) only when it has no play within
	// its vocabulary, as a beginner who knows a word plays it. A level
	// that ranks by value weighs them against its plays.
	placer, places := s.(game.Placer)
	playsFirst := places && !p.Spec.Equity
	// Pass 0: the best moves it sees within its vocabulary; 1: if it
	// overlooked all of those, the best within its vocabulary; 2 (plays
	// first): if no play is, the best of the moves that place no tile;
	// 3: if none is, the best of all.
	// Plays first, passes 0 and 1 take only plays.
	// It overlooks words, not placements: a word it does not see this
	// turn it sees nowhere (salt decides which).
	var salt uint64
	overlooks := p.Spec.Sees < 100 && rng != nil
	if overlooks {
		salt = rng.Uint64()
	}
	p.pool = p.pool[:0]
	for pass := range 4 {
		if pass == 2 && !playsFirst {
			continue
		}
		for _, c := range p.cands {
			k := key(c)
			if n := len(p.pool); n >= top && k.less(p.pool[n-1].key) {
				break
			}
			if playsFirst && pass < 3 && (placer.Placement(c.Move).Placed > 0) != (pass < 2) {
				continue // a play in pass 2, or no play in passes 0 and 1
			}
			var words []string
			if describes && (filter && pass < 2 || overlooks && pass == 0) {
				words = d.DescribeMove(c.Move, s.ToMove()).Words
			}
			if pass == 0 && overlooks && !p.sees(words, salt, rng) {
				continue // overlooked
			}
			if pass < 2 && filter && !withinVocabulary(p.common, p.Spec.Tier, words) {
				continue
			}
			p.pool = append(p.pool, pooled{c.Move, k})
		}
		if len(p.pool) > 0 {
			break
		}
	}
	if rng == nil {
		return p.pool[0].move, nil
	}
	if len(p.pool) > top {
		// The moves tied with the top-th: as many as fill top, at
		// random, so that no tie is broken by notation order (a
		// placement's cell, the first letter of a word).
		cut := p.pool[top-1].key
		first := top - 1
		for first > 0 && p.pool[first-1].key == cut {
			first--
		}
		tied := p.pool[first:]
		rng.Shuffle(len(tied), func(i, j int) { tied[i], tied[j] = tied[j], tied[i] })
		p.pool = p.pool[:top]
	}
	return p.pool[rng.IntN(len(p.pool))].move, nil
}

// sees reports whether a level that sees Spec.Sees % of the words sees
// a move that forms words (game.MoveInfo.Words): whether it sees the
// main word, by a hash of the word (any case) and salt, so that all the
// moves of one word are seen or overlooked together. A move that forms
// no word is seen with that chance, drawn from rng.
func (p *Level) sees(words []string, salt uint64, rng *rand.Rand) bool {
	if len(words) == 0 {
		return rng.IntN(100) < p.Spec.Sees
	}
	word, _, _ := strings.Cut(strings.TrimSpace(words[0]), " ")
	h := salt ^ 14695981039346656037
	for i := 0; i < len(word); i++ {
		c := word[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		h ^= uint64(c)
		h *= 1099511628211
	}
	// A final mix (SplitMix64's), so that the low digits depend on every
	// letter.
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h%100 < uint64(p.Spec.Sees)
}

// rankKey is what a level ranks a move by: by equity, {equity, 0}; by
// score, {score, equity}.
type rankKey struct{ first, second int64 }

// less reports whether k ranks below o.
func (k rankKey) less(o rankKey) bool {
	return k.first < o.first || k.first == o.first && k.second < o.second
}

// pooled is a move a level may play, with its rank.
type pooled struct {
	move game.Move
	key  rankKey
}

// fullPlayer returns the full-strength player of the game named name:
// its registered computer player, made once per game.
func (p *Level) fullPlayer(name string) (Player, error) {
	if pl, ok := p.full[name]; ok {
		return pl, nil
	}
	pl, err := New(FullStrength(name))
	if err != nil {
		return nil, fmt.Errorf("level %d of %s: %w", Levels, name, err)
	}
	p.full[name] = pl
	return pl, nil
}

// FullStrength returns the spec of the player that level Levels plays in
// the game registered as name: its game.Spec.Computer, "static" when it
// names none (or the game is not registered).
func FullStrength(name string) string {
	spec, err := game.Lookup(name)
	if err != nil {
		return "static"
	}
	return cmp.Or(spec.Computer, "static")
}

// ParseLevel reads a level as a person gives it ("3", a flag's or a
// request's value): a whole number from 1 (beginner) to Levels (full
// strength). The error quotes text and gives the range.
func ParseLevel(text string) (int, error) {
	n, ok := option.Whole(strings.TrimSpace(text), 1, Levels)
	if !ok {
		return 0, fmt.Errorf("%q: want a level from 1 (%s) to %d (%s)", text, LevelNames[0], Levels, LevelNames[Levels-1])
	}
	return n, nil
}

// maxTop is the largest Top an option may give.
const maxTop = 1000

// LevelSpecOf returns the player spec of level n ("level:3"), for n from
// 1 to Levels.
func LevelSpecOf(n int) string { return "level:" + strconv.Itoa(n) }

// withinVocabulary reports whether every word of words (the entries of
// game.MoveInfo.Words: a word, then what the game tells of it) is of a
// tier of common from 1 to tier.
func withinVocabulary(common *lexicon.CommonWords, tier int, words []string) bool {
	for _, w := range words {
		word, _, _ := strings.Cut(strings.TrimSpace(w), " ")
		if t := common.Tier(word); t == 0 || t > tier {
			return false
		}
	}
	return true
}

// englishProbe are very common English words that an English word list
// of any size holds and lists of the other languages mostly do not.
var englishProbe = []string{
	"THE", "AND", "HAVE", "THAT", "FOR", "WITH", "THIS", "FROM", "THEY", "WILL",
	"WOULD", "THERE", "THEIR", "WHAT", "ABOUT", "WHICH", "WHEN", "MAKE", "LIKE", "TIME",
	"JUST", "KNOW", "TAKE", "PEOPLE", "INTO", "YEAR", "YOUR", "GOOD", "SOME", "COULD",
	"THEM", "OTHER", "THAN", "THEN", "LOOK", "ONLY", "COME", "OVER", "THINK", "ALSO",
}

// englishLexicons caches speaksEnglish per lexicon.
var englishLexicons sync.Map // *lexicon.Lexicon -> bool

// speaksEnglish reports whether s's lexicon (a game whose state has a
// Lexicon method; true for one without) is English: it holds at least
// three quarters of englishProbe. The vocabulary of the levels, the
// English common words, means nothing in another language.
func speaksEnglish(s game.State) bool {
	l, ok := s.(interface{ Lexicon() *lexicon.Lexicon })
	if !ok || l.Lexicon() == nil {
		return true
	}
	return englishLexicon(l.Lexicon())
}

// englishLexicon reports whether lx holds at least three quarters of
// englishProbe (cached per lexicon).
func englishLexicon(lx *lexicon.Lexicon) bool {
	if v, ok := englishLexicons.Load(lx); ok {
		return v.(bool)
	}
	n := 0
	for _, w := range englishProbe {
		if lx.Contains(w) {
			n++
		}
	}
	english := 4*n >= 3*len(englishProbe)
	englishLexicons.Store(lx, english)
	return english
}
