// Package bench runs self-play tournaments between players of package
// search, records them as JSON lines and summarises them with confidence
// intervals. It programs against the contracts of package game only, so
// every registered game can be played.
//
//	m := bench.Match{Game: "wwf", Players: []string{"greedy", "random"}, Games: 200, Seed: 1, Threads: 2}
//	t := bench.NewTally(m.Header())
//	start := time.Now()
//	err := bench.Run(ctx, m, func(r bench.Result) error { t.Add(&r); return nil })
//	sum := t.Summary(time.Since(start), m.Threads)
//	sum.WriteText(os.Stdout)
//
// # Paired games
//
// A match is a sequence of deals. Each deal is played once per seat
// rotation: in rotation r, seat s is taken by entrant (s+r) mod n, so with
// two players every deal is played twice with the seats swapped, and with
// three or four players every player sits in every seat. The tiles dealt
// (the game's random source) are the same in every rotation of a deal,
// which cancels much of the luck of the draw. Game g is rotation g mod n
// of deal g / n.
//
// # Common random numbers
//
// By default the random source of a player (and of its determinizations)
// depends on the rotation as well as the seat, so a player that uses
// randomness (sim, pimc, random) plays a deal's rotations on unrelated
// streams, and the two games of a deal part from the first move on even
// between two players that decide alike. With Match.PairedStreams the
// seat alone chooses the streams: whoever sits in seat s draws the same
// stream in every rotation of the deal. Two players that differ only in
// part of their play (the endgame handover, say) then play the very same
// moves until the first position where they differ, as two deterministic
// players always do, and each deal measures that difference alone: the
// paired comparison needs far fewer games. The option is off by default
// so that the results of a seed recorded before it stay the same; the
// record's header says it ("streams": "paired"), and records of the
// two designs do not merge.
//
// # Reproducibility
//
// All the randomness of game g derives from the match seed, the deal and
// the rotation: the game's Config.Rand from DealSeed(seed, deal), and the
// random source handed to the player in seat s from DealSeed, the rotation
// and the seat (see DealSeed). In a game with hidden information
// (game.Determinizer) a player never sees the true state: it decides on
// search.View, a clone determinized for it with a stream of its own. Results
// are therefore the same for a seed whatever the number of threads, and
// shards (deals with deal mod n == i) played on different machines merge
// into exactly the unsharded results.
//
// # Records
//
// A record (see Encoder and Read) is one "match" line naming the match
// and its shard, followed by one "game" line per finished game. Merge joins
// the records of the shards of one match and refuses records of different
// matches.
//
// # Statistics
//
// Summary gives, per player, wins, draws (counted half) and losses, the
// win fraction with its 95 % Wilson score interval, the mean spread with a
// 95 % Student t interval taken over deals (the unit of the paired
// design), and for two players the Elo difference with the interval
// mapped from the Wilson bounds; and the same record per seat. In a game
// whose plays place tiles from a rack (game.Placer) every game line counts
// each seat's moves, plays, tiles placed, bingos and exchanges
// (Result.Moves), and the summary gives each player's moves and bingos a
// game, tiles a move and a play, and the shares of exchanges and passes
// (MoveStats).
package bench

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"wordengine/game"
	"wordengine/lexicon"
	"wordengine/search"
)

// MaxPlayers is the most players a match may have.
const MaxPlayers = 4

// FormatVersion is the version of the JSON lines record format.
const FormatVersion = 1

// Match describes a self-play tournament.
type Match struct {
	// Game is the registered game name, e.g. "wwf".
	Game string
	// Variant holds the game's rule options ("" for the defaults).
	Variant string
	// Lexicon judges words; nil means the game's default lexicon.
	Lexicon *lexicon.Lexicon
	// Players holds the player specs of the entrants, for search.New:
	// entrant 0 is player A, entrant 1 player B, and so on. Two to four.
	Players []string
	// Games is the number of games of the whole match (all shards): a
	// positive multiple of the number of rotations, len(Players).
	Games int
	// Seed seeds every game of the match.
	Seed uint64
	// Shard and Shards select the deals d with d mod Shards == Shard;
	// Shards 0 means 1 (the whole match).
	Shard, Shards int
	// Threads is the number of games played at once; 0 means 1.
	Threads int
	// Skip is the number of the shard's first games (in game order) not
	// to play: those of a record being continued (see Resume). 0 plays
	// them all.
	Skip int
	// PairedStreams gives the player in seat s the same random streams
	// in every rotation of a deal (common random numbers; see the
	// package doc); false gives each rotation its own.
	PairedStreams bool
}

// ErrInvalid is matched (with errors.Is) by the errors Check and Run
// return for a match that cannot be played as described: an unknown game
// or player, a count out of range, a variant or player count the game
// rejects.
var ErrInvalid = errors.New("bench: invalid match")

// invalidError marks err as an ErrInvalid without changing its text.
type invalidError struct{ err error }

func (e *invalidError) Error() string        { return e.err.Error() }
func (e *invalidError) Unwrap() error        { return e.err }
func (e *invalidError) Is(target error) bool { return target == ErrInvalid }

func invalidf(format string, args ...any) error {
	return &invalidError{fmt.Errorf("bench: "+format, args...)}
}

// Rotations returns the number of seat rotations of each deal: the number
// of players.
func (m *Match) Rotations() int { return len(m.Players) }

// shards returns Shards, with 0 read as 1.
func (m *Match) shards() int { return max(m.Shards, 1) }

// Check reports whether the match can be played: a registered game that
// accepts the variant, lexicon and number of players, registered players,
// and counts in range. Its errors match ErrInvalid.
func (m *Match) Check() error {
	n := len(m.Players)
	switch {
	case n < 2 || n > MaxPlayers:
		return invalidf("%d players: want 2 to %d", n, MaxPlayers)
	case m.Games < 1:
		return invalidf("%d games: want 1 or more", m.Games)
	case m.Games%n != 0:
		return invalidf("%d games: want a multiple of %d (one game per seat rotation of each deal)", m.Games, n)
	case m.Shards < 0 || m.Shard < 0 || m.Shard >= m.shards():
		return invalidf("shard %d/%d: want 0 <= shard < shards", m.Shard, m.Shards)
	case m.Threads < 0:
		return invalidf("%d threads: want 1 or more", m.Threads)
	}
	if h := m.Header(); m.Skip < 0 || m.Skip > h.Expected() {
		return invalidf("skip %d: want 0 to %d, the games of the shard", m.Skip, h.Expected())
	}
	spec, err := game.Lookup(m.Game)
	if err != nil {
		return &invalidError{err}
	}
	for _, p := range m.Players {
		if _, err := search.New(p); err != nil {
			return &invalidError{err}
		}
	}
	if _, err := spec.New(m.config(rand.New(rand.NewPCG(m.Seed, 0)))); err != nil {
		return &invalidError{err}
	}
	return nil
}

// config returns the game configuration of a deal dealt by rng.
func (m *Match) config(rng *rand.Rand) game.Config {
	return game.Config{Lexicon: m.Lexicon, Players: len(m.Players), Variant: m.Variant, Rand: rng}
}

// Header returns the "match" line of the match's record.
func (m *Match) Header() Header {
	lx := ""
	if m.Lexicon != nil {
		lx = fmt.Sprintf("%s/%08x", m.Lexicon.Name, m.Lexicon.Checksum())
	}
	return Header{
		Type: typeMatch, Format: FormatVersion,
		Game: m.Game, Variant: m.Variant, Lexicon: lx,
		Players: append([]string(nil), m.Players...),
		Games:   m.Games, Seed: m.Seed,
		Shard: m.Shard, Shards: m.shards(),
		Streams: m.streams(),
	}
}

// StreamsPaired is Header.Streams of a match with PairedStreams.
const StreamsPaired = "paired"

// streams returns Header.Streams for m.
func (m *Match) streams() string {
	if m.PairedStreams {
		return StreamsPaired
	}
	return ""
}

// Header identifies a match and the shard a record holds. It is the first
// line of a record, with "type": "match".
type Header struct {
	// Type is "match".
	Type string `json:"type"`
	// Format is FormatVersion.
	Format int `json:"format"`
	// Game and Variant are the game's registered name and rule options.
	Game    string `json:"game"`
	Variant string `json:"variant"`
	// Lexicon is "name/checksum" (hexadecimal CRC-32), or "" for the
	// game's default lexicon.
	Lexicon string `json:"lexicon"`
	// Players holds the entrants' player specs, A first.
	Players []string `json:"players"`
	// Games is the number of games of the whole match.
	Games int `json:"games"`
	// Seed is the match seed.
	Seed uint64 `json:"seed"`
	// Shard and Shards say which deals the record holds: those with
	// deal mod Shards == Shard.
	Shard  int `json:"shard"`
	Shards int `json:"shards"`
	// Streams is StreamsPaired when the players' random streams depend
	// on the seat alone (Match.PairedStreams), "" (left out) when they
	// depend on the rotation too.
	Streams string `json:"streams,omitempty"`
}

// Rotations returns the number of seat rotations of each deal.
func (h *Header) Rotations() int { return len(h.Players) }

// Deals returns the number of deals of the whole match.
func (h *Header) Deals() int {
	if len(h.Players) == 0 {
		return 0
	}
	return (h.Games + len(h.Players) - 1) / len(h.Players)
}

// Expected returns the number of games of the header's shard.
func (h *Header) Expected() int {
	n := max(h.Shards, 1)
	if h.Shard < 0 || h.Shard >= n {
		return 0
	}
	deals := h.Deals()
	return max(0, (deals-h.Shard+n-1)/n) * h.Rotations()
}

// sameMatch returns "" when h and o describe the same match (shards
// aside), else the first difference.
func (h *Header) sameMatch(o *Header) string {
	switch {
	case h.Format != o.Format:
		return fmt.Sprintf("format %d vs %d", h.Format, o.Format)
	case h.Game != o.Game:
		return fmt.Sprintf("game %q vs %q", h.Game, o.Game)
	case h.Variant != o.Variant:
		return fmt.Sprintf("variant %q vs %q", h.Variant, o.Variant)
	case h.Lexicon != o.Lexicon:
		return fmt.Sprintf("lexicon %q vs %q", h.Lexicon, o.Lexicon)
	case strings.Join(h.Players, ",") != strings.Join(o.Players, ","):
		return fmt.Sprintf("players %s vs %s", strings.Join(h.Players, ","), strings.Join(o.Players, ","))
	case h.Games != o.Games:
		return fmt.Sprintf("games %d vs %d", h.Games, o.Games)
	case h.Seed != o.Seed:
		return fmt.Sprintf("seed %d vs %d", h.Seed, o.Seed)
	case h.Streams != o.Streams:
		return fmt.Sprintf("random streams %s vs %s", streamsName(h.Streams), streamsName(o.Streams))
	}
	return ""
}

// streamsName names a Header.Streams value for people.
func streamsName(s string) string {
	if s == "" {
		return "by rotation"
	}
	return s + " (by seat alone)"
}

// Label returns the letter of entrant i: "A", "B", ...
func Label(i int) string { return string(rune('A' + i)) }

// RoundGames returns games rounded up to a multiple of players (the
// number of seat rotations of a deal).
func RoundGames(games, players int) int {
	if players < 1 {
		return games
	}
	return (games + players - 1) / players * players
}

// DealSeed returns the seed of deal d of a match seeded with seed: a
// SplitMix64 hash, so neighbouring deals and seeds are unrelated. A game of
// the deal gets Config.Rand = rand.New(rand.NewPCG(DealSeed(seed, d), 0))
// in every rotation; the player in seat s of rotation r gets
// rand.New(rand.NewPCG(DealSeed(seed, d), 1+4*r+s)), and decides on a
// view of the game determinized for it (search.View) with the stream
// 1<<32 + 1+4*r+s; with Match.PairedStreams, r is 0 in these streams
// whatever the rotation.
func DealSeed(seed uint64, deal int) uint64 {
	return splitmix(seed + splitmix(uint64(deal)))
}

// Random streams of a game: its Config.Rand is
// rand.NewPCG(DealSeed(seed, deal), gameStream), the same for every
// rotation of the deal, and the player in seat s of rotation r gets
// rand.NewPCG(DealSeed(seed, deal), seatStream(r, s)).
const gameStream = 0

func seatStream(rotation, seat int) uint64 {
	return 1 + uint64(rotation)*MaxPlayers + uint64(seat)
}

// viewStream is the stream of the determinizations (search.View) of the
// player in seat s of rotation r, apart from the player's own stream so
// that determinizing does not change the player's random choices.
func viewStream(rotation, seat int) uint64 { return 1<<32 | seatStream(rotation, seat) }

// splitmix is the SplitMix64 output function.
func splitmix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
