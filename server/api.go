package server

import (
	"fmt"
	"strconv"
	"strings"

	"wordengine/game"
)

// The JSON documents of the API. Seats are numbered from 0 (seat 0 moves
// first); scores are points; a seed is a string of decimal digits in
// answers. /v1/openapi.json describes every field.

// Seed is a random seed. A request may give it as a JSON number or as a
// string of decimal digits; answers write it as a string, since JSON
// numbers above 2^53 lose digits in JavaScript.
type Seed uint64

// MarshalJSON writes the seed as a string of decimal digits.
func (s Seed) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatUint(uint64(s), 10) + `"`), nil
}

// UnmarshalJSON reads a JSON number or string of decimal digits from 0
// to 2^64-1.
func (s *Seed) UnmarshalJSON(b []byte) error {
	text := strings.Trim(string(b), `"`)
	v, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return fmt.Errorf("seed %s: want an integer from 0 to 18446744073709551615, as a number or a string", b)
	}
	*s = Seed(v)
	return nil
}

// GameInfo is what a game was created with.
type GameInfo struct {
	// Game is the registered game name, e.g. "wwf".
	Game string `json:"game"`
	// Variant holds the game's rule options, "key=value,..." ("": the
	// default rules).
	Variant string `json:"variant"`
	// Lexicon is the lexicon's name ("en": the embedded Letterpress
	// list, "sowpods": the embedded SOWPODS).
	Lexicon string `json:"lexicon"`
	// Seats is the number of players.
	Seats int `json:"seats"`
	// Players holds, by seat, "human" (moves come from /moves) or the
	// spec of the computer player that /computer uses by default there.
	Players []string `json:"players"`
}

// CreateRequest is the body of POST /v1/games.
type CreateRequest struct {
	// Game is a registered game name (GET /v1/games lists them).
	Game string `json:"game"`
	// Variant holds rule options, "key=value,..." (see the game's
	// summary); none may name a file on the server.
	Variant string `json:"variant,omitempty"`
	// Lexicon names a lexicon: "" for the game's default (GameSpec's
	// lexicon), or one of the names GET /v1/games lists ("en", "sowpods"
	// are embedded).
	Lexicon string `json:"lexicon,omitempty"`
	// Seats is the number of players (0: the game's default).
	Seats int `json:"seats,omitempty"`
	// Players holds, by seat, "human" or a computer player spec (empty:
	// every seat human).
	Players []string `json:"players,omitempty"`
	// Seed deals the tiles (absent: a random seed, which only the game's
	// record tells).
	Seed *Seed `json:"seed,omitempty"`
	// Record, when not empty, is a game record to resume (see
	// GET /v1/games/{id}/record); Game and Variant may then be left out.
	Record string `json:"record,omitempty"`
}

// Game is a game as one seat sees it (GET /v1/games/{id}?seat=N, and
// the answer of every request that changes it). It never holds what that
// seat may not see: other players' tiles or faces, the bag's order, nor
// the seed, from which the whole deal follows (the record has it).
type Game struct {
	// ID names the game in the routes /v1/games/{id}/...
	ID string `json:"id"`
	GameInfo
	// Seat is the seat whose view this is; null for a spectator's view,
	// which shows no player's hidden tiles.
	Seat *int `json:"seat"`
	// Ply is the number of moves played.
	Ply int `json:"ply"`
	// ToMove is the seat whose turn it is.
	ToMove int `json:"to_move"`
	// Over reports that the game has ended; Winners then holds the
	// winning seats (several on a draw).
	Over    bool  `json:"over"`
	Winners []int `json:"winners,omitempty"`
	// Scores holds the points by seat.
	Scores []int `json:"scores"`
	// LegalMoves is the number of legal moves of the player to move,
	// given to that seat only, in the answer of GET /v1/games/{id} (the
	// answers of moves leave it out: counting costs more than a static
	// computer move).
	LegalMoves *int `json:"legal_moves,omitempty"`
	// LastMove is the last move played (null before the first).
	LastMove *PlayedMove `json:"last_move"`
	// History holds every move played, in order.
	History []PlayedMove `json:"history"`
	// Position is the position as the seat sees it: the board's cells
	// (premiums, stack heights, owners, the seat's own faces, pieces),
	// the seats, the seat's rack or hand, the bag; the cells of the last
	// moves marked. Null for a spectator of a game with hidden
	// information.
	Position *game.View `json:"position"`
	// Text draws the board as the seat sees it, the last move marked in
	// brackets (empty where Position is null).
	Text string `json:"text,omitempty"`
}

// PlayedMove is one move of a game, described as the viewing seat may
// know it: another seat's exchange without its tiles, a placed tile
// without its hidden face. A spectator of a game with hidden information
// sees only each move's kind and score.
type PlayedMove struct {
	// Ply is the move's number, from 1.
	Ply int `json:"ply"`
	// Seat is the seat that made it.
	Seat int `json:"seat"`
	// Player is "human", or the spec of the computer player that chose it.
	Player string `json:"player"`
	game.MoveInfo
}

// MoveRequest is the body of POST /v1/games/{id}/moves and /preview:
// the move in the game's notation, or as a person types it.
type MoveRequest struct {
	// Seat is the seat making the move: it must be the seat to move.
	Seat *int `json:"seat"`
	// Move is the move in the game's notation, as hints and histories
	// write it (the crossword games: "8H WORD", "-ABC" to exchange,
	// "pass"); "resign" resigns in every game (a word RESIGN is played
	// with its cells).
	Move string `json:"move,omitempty"`
	// Input, instead of Move, is the move as a person types it, where
	// the game reads more than the notation (WordFlow: "TH5v c4 THE
	// THEN" announces the words it creates; those left out are missed).
	Input string `json:"input,omitempty"`
}

// ComputerRequest is the body of POST /v1/games/{id}/computer.
type ComputerRequest struct {
	// Player is a player spec, "name" or "name:options" (GET /v1/games
	// lists the names); empty: the seat's player, else "static".
	Player string `json:"player,omitempty"`
	// Level, instead of Player, is an opponent level from 1 (beginner)
	// to 5 (full strength, the game's own computer player): the player
	// "level:N" (GET /v1/games lists the levels' names). Out of range,
	// or given with Player: 400.
	Level *int `json:"level,omitempty"`
	// Budget bounds the thinking time, a duration such as "2s" or
	// "500ms"; the server's cap (--max-think) bounds it too. It bounds the
	// endgame handover of static and sim (the exact solver once the bag
	// is empty) from the request's arrival; without it the handover has
	// the server's --endgame-think (Limits.EndgameThinkMS).
	Budget string `json:"budget,omitempty"`
	// Seat, when given, must be the seat to move (a guard against
	// playing for the wrong seat).
	Seat *int `json:"seat,omitempty"`
}

// MoveResult answers a move or a computer move: the move and the game
// after it.
type MoveResult struct {
	Played PlayedMove `json:"played"`
	// ThinkMS is the computer's thinking time in milliseconds (0 for a
	// person's move).
	ThinkMS float64 `json:"think_ms"`
	Game    Game    `json:"game"`
}

// PreviewResult answers POST /v1/games/{id}/preview: what a move would
// do, without playing it.
type PreviewResult struct {
	Move game.MoveInfo `json:"move"`
}

// HintResult answers a hint: the ranked moves of the seat to move.
type HintResult struct {
	// Game is the game name.
	Game string `json:"game"`
	// Seat is the seat to move, whose moves these are.
	Seat int `json:"seat"`
	// Player is the player asked for; RankedBy the one whose ranking is
	// listed (greedy's, by score, when Player cannot rank: Chosen then
	// marks its choice).
	Player   string `json:"player"`
	RankedBy string `json:"ranked_by"`
	// LegalMoves is the number of legal moves, when a view of the game
	// for the seat to move counted them.
	LegalMoves *int `json:"legal_moves,omitempty"`
	// Rack is the seat's rack or hand in the game's notation, where the
	// game has them.
	Rack string `json:"rack,omitempty"`
	// Moves are the top moves, best first.
	Moves []HintMove `json:"moves"`
	// ThinkMS is the thinking time in milliseconds.
	ThinkMS float64 `json:"think_ms"`
}

// HintMove is one ranked move, described for the seat to move: its
// notation (ready for /moves), score, words, leave and cells.
type HintMove struct {
	Rank int `json:"rank"`
	// Equity is the player's valuation in points (static: score plus the
	// value of the leave; sim: the mean outcome of its rollouts; a game a
	// search found decided: ±1000 plus the final margin, 0 for a move the
	// player did not value), ordered as the ranking is.
	Equity float64 `json:"equity"`
	// Value says the valuation for people: "28.0", "win +3", "not
	// searched" (search.Value); Assumes what a decided value assumes
	// beyond the rules ("one-ply opponents"), "" when nothing.
	Value   string `json:"value"`
	Assumes string `json:"assumes,omitempty"`
	// Win is the estimated chance of winning after the move (0 to 1),
	// within [WinLow, WinHigh] (95 %), for players that estimate it.
	Win     *float64 `json:"win,omitempty"`
	WinLow  *float64 `json:"win_low,omitempty"`
	WinHigh *float64 `json:"win_high,omitempty"`
	// Chosen marks the move a player that cannot rank chose.
	Chosen bool `json:"chosen,omitempty"`
	game.MoveInfo
}

// PositionHintRequest is the body of POST /v1/positions/hint: a hint on
// a position the client keeps itself.
type PositionHintRequest struct {
	Game    string `json:"game"`
	Variant string `json:"variant,omitempty"`
	Lexicon string `json:"lexicon,omitempty"`
	// Position is the position in text: CGP for the crossword games, the
	// game's own text format for the others.
	Position string `json:"position"`
	// Top is the number of moves listed (0: DefaultTop; at most MaxTop).
	Top int `json:"top,omitempty"`
	// Player ranks the moves (default "static").
	Player string `json:"player,omitempty"`
	// Budget bounds the thinking time (see ComputerRequest).
	Budget string `json:"budget,omitempty"`
	// Seed fills in what the position leaves unknown (default 1).
	Seed *Seed `json:"seed,omitempty"`
}

// PositionHintResult answers POST /v1/positions/hint: the hint, the
// position as the seat to move sees it, and what the reader set aside.
type PositionHintResult struct {
	HintResult
	Position *game.View `json:"position"`
	Warnings []string   `json:"warnings,omitempty"`
}

// Catalog answers GET /v1/games: what the server offers.
type Catalog struct {
	Games []GameSpec `json:"games"`
	// Players are the registered player names, for "name" or
	// "name:options" specs.
	Players []string `json:"players"`
	// Levels name the opponent levels, Levels[n-1] for level n (a
	// ComputerRequest's level, or the player spec "level:n").
	Levels []string `json:"levels"`
	// Lexicons are the lexicon names a request may give.
	Lexicons []string `json:"lexicons"`
	Limits   Limits   `json:"limits"`
}

// GameSpec describes one registered game.
type GameSpec struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	// MinSeats, MaxSeats and DefaultSeats bound the number of players.
	MinSeats     int `json:"min_seats"`
	MaxSeats     int `json:"max_seats"`
	DefaultSeats int `json:"default_seats"`
	// HiddenInformation reports that players hold tiles or faces the
	// others cannot see.
	HiddenInformation bool `json:"hidden_information"`
	// Variants are the rule options of "variant".
	Variants []VariantOption `json:"variants"`
	// Unit is the unit of the score ("point", "cell", "letter").
	Unit string `json:"unit"`
	// Colours name the seats in games that give them colours.
	Colours []string `json:"colours,omitempty"`
	// Computer is the player the computer seats use by default; Hinter
	// the player hints use by default.
	Computer string `json:"computer"`
	Hinter   string `json:"hinter"`
	// Lexicon is the lexicon a game plays when a request names none
	// ("sowpods" for Scrabble, "en" for the others).
	Lexicon string `json:"lexicon"`
	// Notation is the help on typing moves, one line a move form.
	Notation string `json:"notation,omitempty"`
	// PositionFormat names the text format of positions for
	// /v1/positions/hint ("CGP", "text"); empty when the game has none.
	PositionFormat string `json:"position_format,omitempty"`
	// RecordFormat names the format of the game's records ("GCG", or
	// the JSON record).
	RecordFormat string `json:"record_format"`
	// Commands are the game's own commands
	// (/v1/games/{id}/commands/{name}).
	Commands []CommandSpec `json:"commands,omitempty"`
}

// VariantOption is one rule option: key=value in "variant".
type VariantOption struct {
	Key string `json:"key"`
	// Values are the values it takes, in words ("" for a flag).
	Values  string `json:"values,omitempty"`
	Default string `json:"default,omitempty"`
	Help    string `json:"help"`
}

// CommandSpec is one command of a game.
type CommandSpec struct {
	Name  string `json:"name"`
	Usage string `json:"usage"`
	Help  string `json:"help"`
}

// CommandResult answers a command: what it prints.
type CommandResult struct {
	Name   string `json:"name"`
	Output string `json:"output"`
}

// Limits are the server's limits.
type Limits struct {
	MaxThinkMS int64 `json:"max_think_ms"`
	// EndgameThinkMS is the thinking time of the endgame handover of a
	// request that gives no budget (Config.EndgameThink).
	EndgameThinkMS int64 `json:"endgame_think_ms"`
	MaxBody        int   `json:"max_body_bytes"`
	MaxTop         int   `json:"max_top"`
	MaxGames       int   `json:"max_games"`
	IdleTTLSec     int64 `json:"idle_ttl_s"`
	MaxSearches    int   `json:"max_searches"`
}

// Health answers GET /healthz.
type Health struct {
	Status string `json:"status"`
	// Games is the number of games held.
	Games int `json:"games"`
	// Searches is the number of workers busy; Queued the requests
	// waiting for one.
	Searches int `json:"searches"`
	Queued   int `json:"queued"`
	// Requests is the number of requests served since the start.
	Requests int64   `json:"requests"`
	UptimeS  float64 `json:"uptime_s"`
	// RSSBytes is the resident memory of the process (0 where the system
	// does not tell); HeapBytes the Go heap in use.
	RSSBytes  int64  `json:"rss_bytes"`
	HeapBytes uint64 `json:"heap_bytes"`
	// CPUS is the CPU time the process has used, in seconds (0 where the
	// system does not tell).
	CPUS float64 `json:"cpu_s"`
}

// RecordResult answers GET /v1/games/{id}/record: the whole game,
// everything hidden included (every rack, the seed of the deal), for
// saving and resuming it.
type RecordResult struct {
	Game GameInfo `json:"game"`
	Seed Seed     `json:"seed"`
	// Format names the record's format: "GCG" for the crossword games,
	// else the JSON record's format name.
	Format string `json:"format"`
	// Record is the game record, for POST /v1/games {"record": ...}.
	Record string `json:"record"`
}
