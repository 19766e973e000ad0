package wwf

import (
	"fmt"
	"strings"

	"wordengine/game"
)

// Detected is the game a record is of, as far as the record tells: what
// DetectGCG and DetectCGP find.
type Detected struct {
	// Game is "wwf" or "scrabble".
	Game string
	// Variant holds the rule options (Rules) the record implies, such as
	// "lang=de"; "" for the defaults.
	Variant string
	// Lexicon is the lexicon the record names, as written ("CSW21",
	// "en-letterpress"); "" when it names none.
	Lexicon string
	// Why says what decided the game, for messages: "#description
	// wordengine play --game scrabble", "#lexicon CSW21", "its scores:
	// of 40 plays, 40 on the scrabble board, 2 on the wwf board".
	Why string
	// Fits holds, for each game tried on the scores, the plays that score
	// as recorded (empty when a pragma decided; see FitGCG).
	Fits []Fit
}

// Fit is how well the scores of a record fit a game's board.
type Fit struct {
	Game           string
	Plays, Matched int
}

// scrabbleLexicons are prefixes of the names of lexicons of classic
// Scrabble (tournament word lists); a record naming one is a Scrabble
// record.
var scrabbleLexicons = []string{"CSW", "SOWPODS", "COLLINS", "TWL", "NWL", "OWL", "OTCWL", "OSPS", "FRA", "ODS", "GERMAN", "D25", "RD", "DISC", "NSF", "FISE", "OSWI"}

// lexiconLanguage maps lexicon name prefixes to the language of their
// tile set.
var lexiconLanguage = []struct{ prefix, lang string }{
	{"OSPS", "pl"}, {"FRA", "fr"}, {"ODS", "fr"}, {"GERMAN", "de"}, {"D25", "de"}, {"RD", "de"},
	{"FISE", "es"}, {"OSWI", "it"},
}

// DetectGCG finds the game of record g, in this order: the #description
// our own saves write ("wordengine play --game G [--variant V] ..."); a
// #variant pragma naming wwf or scrabble and its options ("#variant
// scrabble lang=en", as our records write it); a #lexicon of tournament
// Scrabble (CSW, NWL, TWL, OSPS, ...), or a #game-type or
// #tile-distribution pragma (written by Scrabble programs); and
// otherwise the board the recorded scores fit best (FitGCG; a tie goes
// to scrabble, whose format GCG is). The language, and so the tile set
// (variant lang=), comes from the #lexicon or from letters only one
// language has (Ą Ę Ł ... Polish, Ä Ö Ü German).
func DetectGCG(g *GCG) Detected {
	d := Detected{Lexicon: g.Lexicon}
	lang := recordLang(g)
	if desc := strings.Fields(g.Description); len(desc) >= 2 && desc[0] == "wordengine" && desc[1] == "play" {
		d.Game = "wwf" // play's default game
		for i := 2; i+1 < len(desc); i++ {
			switch desc[i] {
			case "--game":
				d.Game = desc[i+1]
			case "--variant":
				d.Variant = desc[i+1]
			}
		}
		if d.Game == "wwf" || d.Game == "scrabble" {
			d.Why = "#description " + g.Description
			return d
		}
		d.Game, d.Variant = "", ""
	}
	variant := func() string {
		if lang != "en" && !strings.Contains(d.Variant, "lang=") {
			return joinVariant(d.Variant, "lang="+lang)
		}
		return d.Variant
	}
	for _, pr := range g.Pragmas {
		if pr.Key == "variant" {
			// "#variant GAME [OPTIONS]", as our records write it.
			name, opts, _ := strings.Cut(strings.TrimSpace(pr.Value), " ")
			name = strings.ToLower(name)
			if name == "wwf" || name == "scrabble" {
				d.Game, d.Why = name, "#variant "+pr.Value
				d.Variant = strings.Join(strings.Fields(opts), ",")
				if d.Variant == "" {
					d.Variant = variant()
				}
				return d
			}
		}
	}
	lex := strings.ToUpper(g.Lexicon)
	for _, p := range scrabbleLexicons {
		if strings.HasPrefix(lex, p) {
			d.Game, d.Why = "scrabble", "#lexicon "+g.Lexicon
			d.Variant = variant()
			return d
		}
	}
	for _, pr := range g.Pragmas {
		if pr.Key == "game-type" || pr.Key == "tile-distribution" || pr.Key == "board-layout" {
			d.Game, d.Why = "scrabble", "#"+pr.Key+" "+pr.Value
			d.Variant = variant()
			return d
		}
	}
	d.Variant = variant()
	d.Fits = FitGCG(g, d.Variant, "scrabble", "wwf")
	best := d.Fits[0]
	for _, f := range d.Fits[1:] {
		if f.Matched > best.Matched {
			best = f
		}
	}
	d.Game = best.Game
	var parts []string
	for _, f := range d.Fits {
		parts = append(parts, fmt.Sprintf("%d on the %s board", f.Matched, f.Game))
	}
	d.Why = fmt.Sprintf("its scores: of %s, %s", game.Plural(best.Plays, "play"), strings.Join(parts, ", "))
	if best.Plays == 0 {
		d.Why = "no play to tell the board by: scrabble, the format's game"
	}
	return d
}

// recordLang returns the language of record g's tiles: from its #lexicon,
// else from letters only one language has, else English.
func recordLang(g *GCG) string {
	lex := strings.ToUpper(g.Lexicon)
	for _, l := range lexiconLanguage {
		if strings.HasPrefix(lex, l.prefix) {
			return l.lang
		}
	}
	for _, ev := range g.Events {
		text := strings.ToUpper(ev.Rack + ev.Word)
		if strings.ContainsAny(text, "ĄĆĘŁŃŚŹŻ") {
			return "pl"
		}
		if strings.ContainsAny(text, "ÄÖÜ") {
			return "de"
		}
	}
	return "en"
}

func joinVariant(v, opt string) string {
	if v == "" {
		return opt
	}
	return v + "," + opt
}

// FitGCG scores the plays of record g on the board of each of games
// (under variant) and returns how many score as recorded, in the order of
// games. A game whose rules the variant does not fit, or whose board the
// record cannot be replayed on, fits with the plays it got through.
func FitGCG(g *GCG, variant string, games ...string) []Fit {
	out := make([]Fit, 0, len(games))
	for _, name := range games {
		f := Fit{Game: name}
		if r, _, err := Rules(name, variant); err == nil {
			// Errors end the replay early; what was scored still counts.
			_, _ = ReplayPosition(g, r, nil, ReplayOptions{Turn: len(g.Events), Warn: func(error) {}, Check: func(c ReplayCheck) {
				f.Plays++
				if c.Computed == c.Recorded {
					f.Matched++
				}
			}})
		}
		out = append(out, f)
	}
	return out
}

// FitWarning returns a warning when the plays of record g score as
// recorded on another game's board more often than on the board of
// chosen (under variant), "" otherwise: a record that fits the chosen game
// badly.
func FitWarning(g *GCG, chosen, variant string) string {
	other := "scrabble"
	if chosen == "scrabble" {
		other = "wwf"
	}
	fits := FitGCG(g, variant, chosen, other)
	if fits[1].Matched <= fits[0].Matched {
		return ""
	}
	verb := "score"
	if fits[0].Matched == 1 {
		verb = "scores"
	}
	return fmt.Sprintf("%s: %s %s as recorded on the %s board, %d on the %s board: is it a %s game (--game %s)?",
		g.Name, game.PluralOfTotal(fits[0].Matched, fits[0].Plays, "play"), verb, chosen, fits[1].Matched, other, other, other)
}

// DetectCGP finds the game of position c from its options: "lex" naming
// a tournament Scrabble lexicon, or "bdn" (board name) or "ld" (letter
// distribution) as Scrabble programs write them, make it scrabble, with
// the language of "ld" or of the lexicon; a position without them is wwf
// (the default game), with Why saying so.
func DetectCGP(c *CGP) Detected {
	d := Detected{}
	lang := ""
	for _, o := range c.Options {
		switch o.Key {
		case "lex":
			d.Lexicon = o.Value
			lex := strings.ToUpper(o.Value)
			for _, p := range scrabbleLexicons {
				if strings.HasPrefix(lex, p) && d.Game == "" {
					d.Game, d.Why = "scrabble", "lex "+o.Value
				}
			}
			for _, l := range lexiconLanguage {
				if strings.HasPrefix(lex, l.prefix) && lang == "" {
					lang = l.lang
				}
			}
		case "ld":
			if l, ok := distributionLang[strings.ToLower(o.Value)]; ok {
				lang = l
			}
			if d.Game == "" {
				d.Game, d.Why = "scrabble", "ld "+o.Value
			}
		case "bdn":
			if d.Game == "" {
				d.Game, d.Why = "scrabble", "bdn "+o.Value
			}
		}
	}
	if d.Game == "" {
		d.Game, d.Why = "wwf", "no lex, ld or bdn option: the default game"
	}
	if lang != "" && lang != "en" {
		d.Variant = "lang=" + lang
	}
	return d
}
