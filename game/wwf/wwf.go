// Package wwf registers the crossword games "wwf" (Words With Friends) and
// "scrabble" (classic Scrabble) on the shared engine of package crossword,
// and reads and writes their text formats: GCG game records and CGP
// positions.
//
// # Rules
//
// The binding text is ../shared/rules/wwf.md; package crossword lists the
// interpretations common to both games. Per game:
//
//	                      wwf                      scrabble
//	board                 WWF layout, H8 plain     classic layout, H8 double word
//	tiles                 104 (wwf-<lang>)         100 (scrabble-en)
//	bingo (7 tiles)       +35                      +50
//	exchange              bag holds >= the tiles   bag holds >= 7 tiles
//	going out             + opponent's rack,       + twice the opponent's rack
//	                      opponent loses it
//	scoreless turns       3 end it (6 at 0-0);     6 end it; each rack is
//	                      no rack deduction        deducted from its owner
//
// # Variants
//
// Config.Variant holds comma-separated key=value options (package option
// reads them: each at most once, names in any case):
//
//	lang=en|es|it|pt|de|fr   tile set wwf-<lang> (all but en are provisional,
//	                         see ../crossword/data/DERIVATION.md), or for
//	                         scrabble scrabble-<lang> (also pl); the lexicon
//	                         must use that language's alphabet
//	end=deduct|none          on a scoreless end, deduct each rack from its
//	                         owner (default: none for wwf, deduct for scrabble)
//
// # Lexicons
//
// With no Config.Lexicon, wwf plays the embedded English Letterpress list
// (lexicon.DefaultName) and scrabble the embedded SOWPODS
// (lexicon.SOWPODSName), the tournament list of Scrabble players, who do
// not accept a word merely because a dictionary has it; their Spec.Lexicon
// says so to every front end. A game with lang other than en needs
// Config.Lexicon (both embedded lexicons are English).
package wwf

import (
	"fmt"
	"strings"

	"wordengine/game"
	"wordengine/game/crossword"
	"wordengine/game/option"
	"wordengine/lexicon"
)

func init() {
	game.Register(spec("wwf", "Words With Friends: 15x15, 104 tiles, 7-tile racks, bingo +35 (variants lang=, end=)"))
	game.Register(spec("scrabble", "classic Scrabble: 15x15, 100 tiles, 7-tile racks, bingo +50 (variants lang=, end=)"))
}

func newGame(name string, cfg game.Config) (game.State, error) {
	if cfg.Players != 0 && cfg.Players != 2 {
		return nil, fmt.Errorf("wwf: %s is played by 2 players, not %d", name, cfg.Players)
	}
	r, lang, err := Rules(name, cfg.Variant)
	if err != nil {
		return nil, err
	}
	lx := cfg.Lexicon
	if lx == nil {
		if lang != "en" {
			return nil, fmt.Errorf("wwf: %s with lang=%s needs a %s lexicon (make lexicons; --lexicon %s)", name, lang, lang, lang)
		}
		if lx, err = defaultLexicon(name); err != nil {
			return nil, err
		}
	}
	if cfg.Rand == nil {
		return nil, fmt.Errorf("wwf: %s: Config.Rand is required to deal the tiles", name)
	}
	return crossword.New(r, lx, cfg.Rand.Uint64())
}

// LexiconOf returns the name of the embedded lexicon that game name
// ("wwf" or "scrabble") plays when Config.Lexicon is nil (its
// Spec.Lexicon): lexicon.SOWPODSName for scrabble, lexicon.DefaultName
// otherwise.
func LexiconOf(name string) string {
	if name == "scrabble" {
		return lexicon.SOWPODSName
	}
	return lexicon.DefaultName
}

// defaultLexicon returns the lexicon LexiconOf(name) names.
func defaultLexicon(name string) (*lexicon.Lexicon, error) { return lexicon.Embedded(LexiconOf(name)) }

// Rules returns the rules of game ("wwf" or "scrabble") under variant
// (see the package doc) and the language code of its tile set. The error
// names an unknown game, or the option at fault and the values it takes
// (an *option.Error for a bad option).
func Rules(name, variant string) (*crossword.Rules, string, error) {
	var r *crossword.Rules
	switch name {
	case "wwf":
		r = &crossword.Rules{Name: "wwf", RackSize: 7, Bingo: 35, ExchangeMinBag: 1,
			ScorelessLimit: 3, ScorelessLimitAtZero: 6}
	case "scrabble":
		r = &crossword.Rules{Name: "scrabble", RackSize: 7, Bingo: 50, ExchangeMinBag: 7,
			OutDouble: true, ScorelessLimit: 6, ScorelessDeduct: true}
	default:
		return nil, "", fmt.Errorf("wwf: unknown game %q: want wwf or scrabble", name)
	}
	lang := "en"
	opts := option.NewSet(name, "variant")
	opts.Text(&lang, "lang", "a language code such as en, es, it, pt, de or fr")
	option.Choice(opts, &r.ScorelessDeduct, "end", option.Is(true, "deduct"), option.Is(false, "none"))
	if err := opts.Parse(variant); err != nil {
		return nil, "", err
	}
	var err error
	if r.Layout, err = crossword.LayoutByName(name); err != nil {
		return nil, "", err
	}
	setName := name + "-" + lang
	if name == "wwf" {
		if _, err := lexicon.LanguageByCode(lang); err != nil {
			return nil, "", opts.Errorf("lang", "%w", err)
		}
	}
	if r.TileSet, err = crossword.TileSetByName(setName); err != nil {
		var langs []string
		for _, n := range crossword.TileSetNames() {
			if l, ok := strings.CutPrefix(n, name+"-"); ok {
				langs = append(langs, l)
			}
		}
		return nil, "", opts.Errorf("lang", "no %s tile set for language %q: want one of %s", name, lang, strings.Join(langs, ", "))
	}
	return r, lang, nil
}
