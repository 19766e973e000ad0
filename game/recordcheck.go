package game

import "wordengine/lexicon"

// Checking records of a game's own format.
//
// A game's own record format (Spec.Records) may let commands check its
// files move by move (validate) and hand out the position before each
// move (analyze): RecordFormat.Open reads a file as a RecordFile, which
// tells which game, rules and lexicon the file holds (Detect) and replays
// it under the rules of a game of the format (Check), reporting every
// fault on the way (a score that is not the computed one, a rack the
// tiles cannot supply, a move out of turn, an end of the game the rules
// do not give) without stopping. A RecordFile keeps the file as written
// (its lines, the players' nicknames, withdrawn plays, end-of-game
// entries), more than the Record that RecordFormat.Read makes of it.

// Detection is what a record or a position says of its game, as far as it
// tells (RecordFile.Detect, Spec.DetectPosition).
type Detection struct {
	// Game is the registered name of the game; Variant its rule options
	// (Config.Variant), "" for the defaults.
	Game, Variant string
	// Lexicon is the lexicon the text names, as written ("CSW21",
	// "en-letterpress"); "" when it names none.
	Lexicon string
	// Why says for people what decided the game: "#lexicon CSW21", "its
	// scores: of 40 plays, 40 on the scrabble board, 2 on the wwf board".
	Why string
}

// RecordFile is a record read in a game's own format (RecordFormat.Open)
// for checking. It is not safe for concurrent use: one call at a time,
// from any goroutine.
type RecordFile interface {
	// Detect finds the game of the record, its rule options and the
	// lexicon it names, and says why.
	Detect() Detection
	// Players names the seats in order, as the record names them.
	Players() []string
	// Moves returns the number of the players' moves the record holds
	// (plays, exchanges, passes; not the format's other entries, such as
	// end-of-game adjustments), for progress: Check hands at most that
	// many to CheckOptions.Each (fewer when the replay stops early, or
	// when the rules read an entry as no move of its own, such as a pass
	// that challenges a play that went out).
	Moves() int
	// Fit returns a warning for people when the record fits another game
	// of the format better than game under variant (its plays score as
	// recorded on another board more often), "" otherwise.
	Fit(game, variant string) string
	// Check replays the whole record under o.Game and o.Variant and
	// returns what it found; see CheckOptions. The error says why the
	// record could not be replayed to its end, naming the file and where
	// in it; the result, when not nil with an error, counts the moves
	// (Moves, Plays, Matched) up to where the replay stopped, that one
	// included.
	Check(o CheckOptions) (*CheckResult, error)
}

// CheckOptions configure RecordFile.Check.
type CheckOptions struct {
	// Game and Variant are the rules the record is replayed under: a game
	// of the format (RecordFormat.CheckRules accepts them).
	Game, Variant string
	// Lexicon judges the words; nil judges none (the plays are only
	// scored).
	Lexicon *lexicon.Lexicon
	// Seed draws what the record does not give (the racks it does not
	// show).
	Seed uint64
	// Fault, when not nil, receives every inconsistency that does not stop
	// the replay, which then goes on; without it the first is Check's
	// error.
	Fault func(RecordFault)
	// Each, when not nil, is called before every move (RecordFile.Moves)
	// with the position the mover faced.
	Each func(*RecordTurn)
}

// RecordFault is an inconsistency of a record (CheckOptions.Fault).
type RecordFault struct {
	// Err says what is wrong, its message starting with where
	// ("wwf: game.gcg:12: ...", after the name of the package that found
	// it).
	Err error
	// Score reports a play whose recorded score is not the one the rules
	// give: Line is the play's line, Move the play as the record writes
	// it ("8D WORD"), Recorded and Computed the two scores.
	Score              bool
	Line               int
	Move               string
	Recorded, Computed int
}

// RecordTurn is one move of a record with the position before it
// (CheckOptions.Each).
type RecordTurn struct {
	// State is the position before the move, with the mover's rack as
	// the record gives it (see Unknown) and what the mover could not see
	// drawn at random. It is valid only during the call (the replay reuses
	// it).
	State State
	// Move is the move as played, on State; the zero Move when the record
	// does not tell enough to rebuild it (an exchange written as a count).
	// A play may form words the lexicon lacks.
	Move Move
	// Text is the move as the record writes it ("8D WORD", "-ABC", "-3",
	// "pass"); Where is where it stands ("game.gcg:12").
	Text, Where string
	// Withdrawn reports a move taken back (a play challenged off).
	Withdrawn bool
	// Unknown says why State's rack is not what the mover held, "" when
	// it is: "the rack is not recorded", "the record gives only part of
	// the rack".
	Unknown string
}

// CheckResult is what RecordFile.Check found.
type CheckResult struct {
	// Moves counts the moves replayed, Plays the plays among them (the
	// moves that score), Matched the plays whose recorded score is the
	// computed one.
	Moves, Plays, Matched int
	// End says how the game ended, for people ("player 1 went out at
	// line 40 (+18, +0)", "not ended"); Over reports that it did.
	End  string
	Over bool
	// Final are the scores computed, seat by seat; Recorded the last
	// totals the record gives.
	Final, Recorded []int
}
