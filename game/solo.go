package game

// Solo is a game's solo challenge (Spec.Solo): one player alone plays a
// game of one seat (Config.Players 1) for a score that earns a medal.
// The states of such a game implement SoloReporter.
type Solo struct {
	// Title names the challenge in reports ("WordFlow solo").
	Title string
	// Medals are the challenge's medals, the best first (Medal).
	Medals []Medal
	// CheckVariant returns the error New gives a solo game for the rule
	// options variant (the option at fault and the values it takes), nil
	// when it takes them, without dealing a game or loading a lexicon.
	CheckVariant func(variant string) error
}

// Medal is one medal of a solo challenge: a score of Points or more earns
// it.
type Medal struct {
	Name   string
	Points int
}

// Medal returns the name of the medal a solo score earns, the first of
// s.Medals whose points it reaches, or "none" below them all.
func (s *Solo) Medal(score int) string {
	for _, m := range s.Medals {
		if score >= m.Points {
			return m.Name
		}
	}
	return "none"
}

// SoloReporter is implemented by the states of games with a solo
// challenge: what the report of a solo game shows.
type SoloReporter interface {
	// SoloRules returns the rule options in effect as Config.Variant
	// reads them, defaults included ("layout=frame,size=10x10,hand=5").
	SoloRules() string
	// SoloBoard draws the board alone, without legend or scores, every
	// line ending in a newline.
	SoloBoard() string
	// SoloWords returns the words that m, a legal move of the player to
	// move, creates, as the report lists them (text, path and points:
	// "OXER g1>h1vh2 (11)"). It leaves the state as it was.
	SoloWords(m Move) []string
}
