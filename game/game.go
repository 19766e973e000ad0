// Package game defines the contracts every game of the engine implements,
// and a registry of games by name.
//
// # Contracts
//
// A game is a State: a position with whose turn it is, the scores, the
// legal moves (AppendMoves, allocation-free when the buffer has room), and
// Play/Undo in place. Search code clones a State once per goroutine and
// then plays and undoes millions of moves on it.
//
// A Move is a 128-bit comparable value that only its game interprets.
// Moves are stored by the hundred thousand, so they are never pointers.
//
// Optional capabilities are small interfaces found by type assertion:
// Racker (rack and leave, for crossword-style games), Placer (what a move
// does with the rack's tiles: placed, exchanged, a bingo), Determinizer
// (games with hidden information), Ranker (final standings for games that
// do not rank by score alone), and those of front ends below.
//
// # Front ends
//
// The game driver (package game/driver), the commands and the HTTP API
// drive every game through further optional interfaces (front.go), each
// documented where it is declared: SeatViewer (the position as one seat
// sees it, as JSON: board cells, hand, scores, pool), Describer (a move's
// words, cells, leave and a sentence for the log), Drawer (the board as
// text with the last move marked), PositionWriter and Spec.ParsePosition
// (a position to and from text: CGP, or the game's own format),
// Commander (extra commands such as bag), InputParser (what a person
// types), RackSetter (hint --rack), Rematcher (the loser opens the next
// game) and SoloReporter (the report of a solo game); Spec gives the
// players range, the variant options, the notation's help, the default
// computer and hint players, what a position text names of its game
// (DetectPosition) and a solo challenge (Solo, solo.go). A game that
// implements none of them still plays: the driver falls back on
// FormatMove, Score and Racker. No view, drawing or description given to
// a seat holds what that seat cannot see; package gametest checks it.
//
// # Records
//
// A Record (record.go) is a whole game: the deal (a seed or a start
// position), the players, every move in notation, the result. The JSON
// record serves every game; a game may have a format of its own
// (Spec.Records: GCG for the crossword games). Replay plays a record move
// by move, ReplayTo sets up the position before one of its turns. A
// format of a game's own may also read its files for checking
// (RecordFormat.Open, recordcheck.go): which game, rules and lexicon a
// file holds, and a replay under a game's rules that reports every fault
// and hands out the position before each move (validate, analyze).
//
// # Randomness
//
// Every random choice takes a *rand.Rand passed in by the caller, so a seed
// reproduces a game whatever the number of threads.
//
// # Registry
//
// Each game package registers a Spec in its init function; commands find
// games by name with Lookup. search, eval and bench use only this package.
package game

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"

	"wordengine/lexicon"
)

// Move is one action of a game (a play, an exchange, a pass, a claim...),
// packed by the game that made it into two 64-bit words. The zero Move is
// never a legal move of any game. Only the game that produced a Move may
// interpret it; FormatMove turns it into the game's usual notation.
type Move struct {
	A, B uint64 // the two halves of the game's packing (see each game's doc)
}

// IsZero reports whether m is the zero Move (no move).
func (m Move) IsZero() bool { return m == Move{} }

// State is a game position. Implementations are not safe for concurrent
// use: Clone one per goroutine.
type State interface {
	// Game returns the registered name of the game and variant, e.g. "wwf".
	Game() string
	// Players returns the number of players (seats 0..Players()-1).
	Players() int
	// ToMove returns the seat whose turn it is.
	ToMove() int
	// Over reports whether the game has ended.
	Over() bool
	// Score returns the points of seat p.
	Score(p int) int
	// AppendMoves appends every legal move of the player to move to dst and
	// returns the extended slice. It allocates nothing when dst has room.
	// A game that is over has no moves.
	AppendMoves(dst []Move) []Move
	// MoveScore returns the points m scores when played now.
	MoveScore(m Move) int
	// Play makes move m, which must be legal (from AppendMoves or
	// ParseMove), in place.
	Play(m Move)
	// Undo takes back the last Play. It panics when nothing was played
	// since the state was created (a programmer error).
	Undo()
	// Clone returns an independent deep copy.
	Clone() State
	// Hash returns a hash of the position (board, racks, scores, turn) for
	// transposition tables and tests: equal positions hash equally.
	Hash() uint64
	// FormatMove writes m in the game's usual notation.
	FormatMove(m Move) string
	// ParseMove reads a move in the game's notation for the player to move
	// and checks that it is legal; the error says why it is not.
	ParseMove(s string) (Move, error)
	// String draws the position as text.
	String() string
}

// Racker is implemented by games whose players hold a rack of tiles
// (crossword games). It gives what evaluation needs for leave values.
type Racker interface {
	// Rack appends the tiles of seat p's rack to dst.
	Rack(dst []lexicon.Tile, p int) []lexicon.Tile
	// Leave appends to dst the tiles that stay on the mover's rack after m.
	Leave(dst []lexicon.Tile, m Move) []lexicon.Tile
	// BagLen returns the number of tiles left in the bag.
	BagLen() int
	// Alphabet returns the alphabet of the tiles.
	Alphabet() *lexicon.Alphabet
}

// Determinizer is implemented by games with hidden information. Determinize
// replaces, in place, everything seat observer cannot see (other racks, the
// bag order, hidden faces) by a random assignment consistent with what that
// seat has seen, drawn from rng. Search determinizes a clone and never reads
// the true hidden state.
//
// The result must depend only on the position and rng, not on its history
// (such as the order in which Play and Undo left the tiles in a bag): two
// equal positions determinized with equal random sources are equal, and
// stay equal move for move. Simulation relies on it to give every
// candidate the same draws (common random numbers); package gametest
// checks it.
type Determinizer interface {
	// Determinize redeals, in place, what seat observer cannot see.
	Determinize(observer int, rng *rand.Rand)
}

// Copier is implemented by games whose states can become a copy of
// another state of the same game reusing their own buffers: a runner that
// hands each player a fresh view every turn (search.Viewer) then does not
// allocate a state, and the copy keeps its move generator's scratch
// memory. CopyFrom makes the receiver equal to src in everything Clone
// copies (position, racks, bag order, random source, history), so that
// both behave alike from then on; it returns false, changing nothing, when
// src is not of the receiver's concrete type.
type Copier interface {
	CopyFrom(src State) bool
}

// Ranker is implemented by games whose result is not decided by score
// alone (a resignation, a tie-break rule). Winners returns the winning
// seats of a finished game (several on a draw).
type Ranker interface {
	// Winners returns the winning seats of a finished game.
	Winners() []int
}

// Config holds what a new game needs.
type Config struct {
	// Lexicon judges words. Nil means the game's default lexicon.
	Lexicon *lexicon.Lexicon
	// Players is the number of seats; 0 means the game's default.
	Players int
	// Variant holds the game's rule options as text, "key=value,key=value"
	// (each game documents its keys); "" means the default rules.
	Variant string
	// Rand deals the tiles; required for games with randomness.
	Rand *rand.Rand
}

// Spec describes a registered game.
type Spec struct {
	// Name is the key for Lookup and the --game flag, e.g. "wwf".
	Name string
	// Summary is one line for help texts.
	Summary string
	// New starts a game. It returns an error for a configuration the game
	// does not support (players, variant keys, lexicon alphabet).
	New func(cfg Config) (State, error)

	// The fields below serve front ends (the game driver, the HTTP API);
	// all are optional.

	// MinPlayers and MaxPlayers bound Config.Players (Players returns
	// them; 0 means 2); DefaultPlayers is the number of seats of a game
	// whose Config.Players is 0 (0: MinPlayers).
	MinPlayers, MaxPlayers, DefaultPlayers int
	// Colours name the seats in games that give them colours ("BLUE",
	// "ORANGE"), seat 0 first; SeatName adds them to "player N".
	Colours []string
	// Unit is the unit of the score, singular: "point" when empty,
	// "cell" in WordBlock, "letter" in 2 Way Words.
	Unit string
	// Variants document the options of Config.Variant.
	Variants []Option
	// Notation is the help on typing moves, for play's help: lines of at
	// most 78 columns, each ending in a newline, indented by two spaces
	// ("  8H WORD     play WORD across from row 8, column H").
	Notation string
	// Computer is the player (a search.New spec) that plays the computer's
	// seats by default; "" means "static".
	Computer string
	// Hinter is the player whose ranking hints show by default: the
	// strongest player the game suits at the speed of a hint; "" means
	// Computer.
	Hinter string
	// Solo is the game's solo challenge; nil when it has none.
	Solo *Solo
	// ParsePosition reads a position in the game's text format (named by
	// PositionFormat, written by PositionWriter.FormatPosition). cfg
	// gives the lexicon (nil: the game's default) and Rand, which deals
	// what the text leaves out (required); its Players and Variant are
	// unused, the text gives them. nil: the game has no text positions.
	ParsePosition func(cfg Config, text string) (*Position, error)
	// PositionFormat names the text format of positions: "CGP", or
	// "text" for a format of the game's own (its package doc describes it).
	PositionFormat string
	// DetectPosition, when not nil, reads what a position text in the
	// game's format names of its game, rules and lexicon (the lexicon a
	// CGP line's "lex" option names), so that a command can load that
	// lexicon before ParsePosition reads the text; the error says why the
	// text is not in the format. Games that share a format may detect
	// one another (a CGP line of scrabble read for wwf).
	DetectPosition func(text string) (Detection, error)
	// Records is the game's own format of whole-game records (GCG for the
	// crossword games); nil means the JSON record (WriteRecordJSON).
	Records *RecordFormat
	// Lexicon names the embedded lexicon (lexicon.Embedded) that the
	// game plays when Config.Lexicon is nil, and that every front end
	// (the commands, the game driver, the HTTP API) then names; ""
	// means lexicon.DefaultName. A game's New and ParsePosition take
	// this same lexicon for a nil Config.Lexicon.
	Lexicon string
}

// LexiconName returns the name of the lexicon the game plays by default
// (Spec.Lexicon, else lexicon.DefaultName).
func (s Spec) LexiconName() string {
	if s.Lexicon == "" {
		return lexicon.DefaultName
	}
	return s.Lexicon
}

// DefaultLexicon returns the lexicon the game plays by default
// (LexiconName), decoded on first use and shared. The error means the
// registration names no embedded lexicon, or the binary's copy is
// damaged.
func (s Spec) DefaultLexicon() (*lexicon.Lexicon, error) {
	return lexicon.Embedded(s.LexiconName())
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Spec{}
)

// Register adds a game. It panics when the name is empty or taken (a
// programmer error at init time).
func Register(s Spec) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if s.Name == "" || s.New == nil {
		panic("game: Register with empty name or nil New")
	}
	if _, dup := registry[s.Name]; dup {
		panic("game: Register called twice for " + s.Name)
	}
	registry[s.Name] = s
}

// ErrUnknownGame is wrapped by Lookup's error for a name nobody registered.
var ErrUnknownGame = errors.New("game: unknown game")

// Lookup returns the game registered as name; the error lists the known
// names.
func Lookup(name string) (Spec, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	s, ok := registry[name]
	if !ok {
		return Spec{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownGame, name, strings.Join(namesLocked(), ", "))
	}
	return s, nil
}

// Names returns the registered game names, sorted.
func Names() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	return namesLocked()
}

func namesLocked() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Winners returns the winning seats of s: the game's own ruling when it is
// a Ranker, otherwise the seats with the highest score (several on a draw).
func Winners(s State) []int {
	if r, ok := s.(Ranker); ok {
		return r.Winners()
	}
	var best []int
	for p := range s.Players() {
		switch {
		case len(best) == 0 || s.Score(p) > s.Score(best[0]):
			best = append(best[:0], p)
		case s.Score(p) == s.Score(best[0]):
			best = append(best, p)
		}
	}
	return slices.Clip(best)
}
