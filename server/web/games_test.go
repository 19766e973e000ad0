package web_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// browserGame is one game played through the page from its start to its
// end: the person (seat 0) against the game's default computer player.
type browserGame struct {
	name    string
	title   string            // what the page's game list calls it
	variant map[string]string // the form's rule fields: option key -> value
	seed    string
	// illegal makes an illegal move on the page and checks the reason
	// shown.
	illegal func(p *page)
	// byClicks and byKeys make move m (legal, from the API's hints) on
	// the board with the mouse, or with the keyboard alone, and play it.
	byClicks func(p *page, m hintMove)
	byKeys   func(p *page, m hintMove)
	// typed is m as a person types it in the notation box.
	typed func(m hintMove) string
	// computer is the computer's level chosen in the form, hinter the
	// player ranking the hints ("": the game's defaults).
	computer, hinter string
	// short makes the person play the shortest of the top ten hints
	// (but from the hint list), so that the game lasts.
	short bool
	// shotAt is the number of moves played after which the screenshot
	// of the game with its hints is taken (at the next hint list).
	shotAt int
	// exact reports whether the keyboard move scores what m scores (the
	// page may choose other cells for the same word).
	exactKeys bool
}

var browserGames = []browserGame{
	{
		name: "wwf", title: "Words With Friends", seed: "11", shotAt: 12,
		illegal: func(p *page) {
			// The blank, put far from the start square: the page asks for its
			// letter; the engine refuses a first play off H8.
			g := p.game(0)
			blank := slices.IndexFunc(g.Position.Hand, func(t handTileView) bool { return t.Blank })
			if blank < 0 {
				p.t.Fatalf("seed 11 deals no blank to seat 0 (rack %s)", g.Position.HandText)
			}
			p.click(handTile(blank))
			p.click(square(0, 0))
			p.waitFor("the blank's dialog", `document.querySelector('#blank-dialog').open`)
			p.clickText("#blank-letters button", "E")
			p.waitFor("the blank on the board", `document.querySelector('#board .sq.pending.blank') !== null`)
			// The second tile dragged from the rack to its square.
			p.run(chromedp.DragAndDrop(chromedp.CSS(handTile((blank+1)%len(g.Position.Hand))), chromedp.CSS(square(0, 1))))
			p.waitFor("the dragged tile on the board", `document.querySelectorAll('#board .sq.pending').length === 2`)
			p.checkIllegal(0)
			// Dragged back to the rack, it leaves the board.
			p.run(chromedp.DragAndDrop(chromedp.CSS(square(0, 1)), chromedp.CSS("#hand")))
			p.waitFor("the tile back on the rack", `document.querySelectorAll('#board .sq.pending').length === 1`)
			p.click("#clear-btn")
			// An exchange: the tiles chosen on the rack, previewed.
			p.click(`#game-actions [data-action="exchange"]`)
			p.click(handTile(0))
			p.waitPreview(0)
			p.click(`#game-actions [data-action="exchange"]`)
			p.waitFor("no exchange", `document.querySelector('#pending').dataset.move === ''`)
		},
		byClicks: lineByClicks, byKeys: lineByKeys(false), typed: func(m hintMove) string { return m.Move }, exactKeys: true,
	},
	{
		name: "upwords", title: "Upwords", seed: "5", variant: map[string]string{"size": "8"}, shotAt: 10,
		illegal: func(p *page) {
			p.click(handTile(0))
			p.click(square(0, 0))
			p.click(handTile(1))
			p.click(square(0, 1))
			p.checkIllegal(0)
			p.click("#clear-btn")
		},
		byClicks: lineByClicks, byKeys: lineByKeys(true), typed: func(m hintMove) string { return m.Move }, exactKeys: true,
	},
	{
		name: "wordblock", title: "WordBlock", seed: "5", variant: map[string]string{"size": "5"}, shotAt: 2,
		// Long words end the game in a few moves. The static player is
		// cheaper than the game's own (om) under the race detector.
		short: true, computer: "static", hinter: "static",
		illegal: func(p *page) {
			for c := range 5 {
				p.click(square(0, c))
			}
			p.checkIllegal(0)
			p.click("#clear-btn")
		},
		byClicks: func(p *page, m hintMove) {
			for _, rc := range m.Cells {
				p.click(square(rc[0], rc[1]))
			}
			p.waitPreview(m.Score)
			p.click("#submit-btn")
		},
		byKeys: func(p *page, m hintMove) {
			p.focusBoard()
			word, _, _ := strings.Cut(m.Move, " ")
			p.keys(strings.ToLower(word))
			p.waitPreview(-1)
			p.keys(kbEnter)
		},
		typed: func(m hintMove) string { return m.Move },
	},
	{
		name: "twoway", title: "2 Way Words", seed: "4", variant: map[string]string{"lengths": "3,4"}, shotAt: 12,
		illegal: func(p *page) {
			p.checkIllegalTyped(0, "CAT a1-c1")
		},
		byClicks: func(p *page, m hintMove) {
			switch m.Kind {
			case "place":
				letter, cell, _ := strings.Cut(m.Move, " ")
				p.click(p.handTileWith(letter))
				r, c := coord(cell)
				p.click(square(r, c))
			case "claim":
				_, span, _ := strings.Cut(m.Move, " ")
				from, to, _ := strings.Cut(span, "-")
				r, c := coord(from)
				p.click(square(r, c))
				r, c = coord(to)
				p.click(square(r, c))
			default:
				p.click(fmt.Sprintf(`#game-actions [data-action=%q]`, m.Move))
				return
			}
			p.waitPreview(m.Score)
			p.click("#submit-btn")
		},
		byKeys: func(p *page, m hintMove) {
			switch m.Kind {
			case "place":
				letter, cell, _ := strings.Cut(m.Move, " ")
				p.focusBoard()
				r, c := coord(cell)
				p.moveCursor(r, c)
				p.keys(strings.ToLower(letter))
			case "claim":
				_, span, _ := strings.Cut(m.Move, " ")
				from, to, _ := strings.Cut(span, "-")
				p.focusBoard()
				r, c := coord(from)
				p.moveCursor(r, c)
				p.keys(" ")
				r, c = coord(to)
				p.moveCursor(r, c)
				p.keys(" ")
			default:
				p.focusOn(fmt.Sprintf(`#game-actions [data-action=%q]`, m.Move))
				p.keys(kbEnter)
				return
			}
			p.waitPreview(m.Score)
			p.keys(kbEnter)
		},
		typed: func(m hintMove) string { return m.Move }, exactKeys: true,
	},
	{
		name: "wordflow", title: "WordFlow", seed: "2", variant: map[string]string{"size": "5x5"}, shotAt: 4,
		illegal: func(p *page) {
			// A piece on the middle of the empty interior touches no placed
			// piece (or has the wrong parity).
			p.click(handTile(0))
			p.click(square(2, 2))
			p.checkIllegal(0)
			p.click("#clear-btn")
		},
		byClicks: func(p *page, m hintMove) {
			if m.Kind == "pass" {
				p.click(`#game-actions [data-action="pass"]`)
				return
			}
			tok, cell, _ := strings.Cut(m.Move, " ")
			p.click(handTile(p.pieceIndex(tok)))
			r, c := coord(cell)
			p.click(square(r, c))
			p.waitPreview(m.Score)
			p.click("#submit-btn")
		},
		byKeys: func(p *page, m hintMove) {
			if m.Kind == "pass" {
				p.focusOn(`#game-actions [data-action="pass"]`)
				p.keys(kbEnter)
				return
			}
			tok, cell, _ := strings.Cut(m.Move, " ")
			p.focusBoard()
			p.keys(fmt.Sprint(p.pieceIndex(tok) + 1))
			r, c := coord(cell)
			p.moveCursor(r, c)
			p.keys(" ")
			p.waitPreview(m.Score)
			p.keys(kbEnter)
		},
		// Typed, the words are announced ("*": all of them); without them
		// they would be missed words, claimed by the other player.
		typed: func(m hintMove) string {
			if m.Kind == "pass" {
				return "pass"
			}
			return m.Move + " *"
		},
		exactKeys: true,
	},
}

// subtest is a named part of TestBrowserGames.
type subtest struct {
	name string
	f    func(t *testing.T)
}

// tabs is the number of tabs at work at once: two, as the machine has two
// cores (more make the race detector's server the bottleneck).
const tabs = 2

// TestBrowserGames plays each game through the page in headless
// Chromium: the game chosen in the form, an illegal move and the reason
// the page shows, a hint shown on the board and played with Enter, the
// game saved (downloaded) and resumed (uploaded), then the person's moves
// by clicks, by keys alone, typed in notation and from the hint list in
// turn, the computer replying, to the end of the game; then the result,
// and screenshots at desktop and phone width.
func TestBrowserGames(t *testing.T) {
	bin := chromium()
	if bin == "" {
		t.Skip("chromium is not installed: the web page's browser tests need Debian's chromium (`make chromium` installs it)")
	}
	start := time.Now()
	base := startServer(t)
	bctx := startBrowser(t, bin, 4*time.Minute)
	var tests []subtest
	tests = append(tests, subtest{"checks", func(t *testing.T) {
		// The page's own checks find what they look for.
		p := newPage(t, bctx, base, 30*time.Second)
		p.waitFor("the page", `document.body.dataset.state === 'setup'`)
		p.eval0(`(() => { const m = document.querySelector('main');
				m.append(document.createElement('button'));
				const f = document.createElement('input'); m.append(f);
				const n = document.createElement('p'); n.className = 'note'; n.textContent = 'faint';
				n.style.color = '#bbbbbb'; n.style.background = '#ffffff'; m.append(n); })()`)
		got := strings.Join(eval[[]string](p, a11yJS), "\n")
		for _, want := range []string{"a button without a name", "a field without a label", `contrast 1.9`} {
			if !strings.Contains(got, want) {
				t.Errorf("the accessibility check does not find %q in a page made to have it; it finds:\n%s", want, got)
			}
		}
	}})
	tests = append(tests, subtest{"scrabble", func(t *testing.T) {
		// Classic Scrabble: its own board and tiles through the same page;
		// a hint shown and played, the computer's reply.
		p := newPage(t, bctx, base, time.Minute)
		p.waitFor("the new game form", `document.body.dataset.state === 'setup' && document.querySelector('#game-select').options.length > 0`)
		p.choose("#game-select", "scrabble")
		p.click("#more-options summary")
		p.run(chromedp.SendKeys(chromedp.CSS("#seed-input"), "3"))
		p.click("#start-btn")
		p.waitTurn(-1)
		for range 2 {
			_, ply := p.state()
			want := p.hints(0, 1, "")[0]
			p.click("#hint-btn")
			p.waitFor("the hints", `document.querySelectorAll('#hints .hint-show').length > 0`)
			p.click("#hints .hint-show")
			p.waitPreview(want.Score)
			if ply > 0 {
				p.screenshot("scrabble", 1280, 900)
				p.run(chromedp.EmulateViewport(1280, 1000))
			}
			p.focusBoard()
			p.keys(kbEnter)
			p.waitTurn(ply + 1)
			p.checkPlayed(ply, want.Score, true)
		}
		if n := eval[int](p, `document.querySelectorAll('#board .sq.prem-TW').length`); n != 8 {
			t.Errorf("the Scrabble board shows %d triple-word squares, want 8", n)
		}
		// A simulating player's hints give the chance of winning.
		p.choose("#hint-player", "sim")
		p.click("#hint-btn")
		p.waitFor("the simulated hints", `document.querySelector('#hint-note').textContent.includes('ranked by sim')`)
		if d := p.text("#hints .hint-detail"); !regexp.MustCompile(`win \d+ % \(\d+–\d+\)`).MatchString(d) {
			t.Errorf("a sim hint says %q: no win %% with its interval", d)
		}
		// Resigning asks again, then ends the game as a loss.
		p.click(`#game-actions [data-action="resign"]`)
		if st, _ := p.state(); st != "your-turn" {
			t.Fatalf("one press of Resign: state %s", st)
		}
		p.click(`#game-actions [data-action="resign"]`)
		p.waitFor("the result", `document.body.dataset.state === 'over' && !document.querySelector('#result').hidden`)
		if g := p.game(0); !g.Over || len(g.Winners) != 1 || g.Winners[0] != 1 {
			t.Errorf("after resigning: over %v, winners %v", g.Over, g.Winners)
		}
		if res := p.text("#result p"); !strings.Contains(res, "player 2 (computer) wins") {
			t.Errorf("after resigning the page says %q", res)
		}
	}})
	tests = append(tests, subtest{"wordblock-4", func(t *testing.T) {
		// WordBlock for four: the person and three computers, each
		// colour on the board after a round.
		p := newPage(t, bctx, base, time.Minute)
		p.waitFor("the new game form", `document.body.dataset.state === 'setup' && document.querySelector('#game-select').options.length > 0`)
		p.choose("#game-select", "wordblock")
		p.choose("#seats-select", "4")
		for i := 1; i < 4; i++ {
			p.choose(fmt.Sprintf("#seat-%d", i), "static")
		}
		p.click("#more-options summary")
		p.run(chromedp.SendKeys(chromedp.CSS("#seed-input"), "2"))
		p.click("#start-btn")
		p.waitTurn(-1)
		p.choose("#hint-player", "static")
		p.click("#hint-btn")
		p.waitFor("the hints", `document.querySelectorAll('#hints .hint-show').length > 0`)
		p.click("#hints .hint-show")
		p.waitPreview(-1)
		p.focusBoard()
		p.keys(kbEnter)
		p.waitTurn(0)
		if n := eval[int](p, `document.querySelectorAll('#scoreboard .seat').length`); n != 4 {
			t.Errorf("%d seats on the scoreboard, want 4", n)
		}
		owners := eval[int](p, `new Set([...document.querySelectorAll('#board .sq.owned')].map((e) => [...e.classList].find((c) => c.startsWith('own-')))).size`)
		if st, _ := p.state(); owners < 3 && st != "over" {
			t.Errorf("after a round of four the board shows %d colours", owners)
		}
		p.screenshot("wordblock-4", 1280, 1000)
	}})
	tests = append(tests, subtest{"people", func(t *testing.T) {
		// Two people at one screen: after a move the page hides the rack
		// until the next person asks to see theirs; a reload goes on with
		// the same game.
		p := newPage(t, bctx, base, time.Minute)
		p.waitFor("the new game form", `document.body.dataset.state === 'setup' && document.querySelector('#game-select').options.length > 0`)
		p.choose("#game-select", "wwf")
		p.choose("#seat-1", "human")
		p.click("#start-btn")
		p.waitTurn(-1)
		rack := func() string {
			return eval[string](p, `[...document.querySelectorAll('#hand .tile')].map((b) => b.querySelector('.letter').textContent || '?').join('')`)
		}
		if got, want := rack(), p.game(0).Position.HandText; got != want {
			t.Errorf("player 1's rack on the page %q, the API's %q", got, want)
		}
		p.click("#hint-btn")
		p.waitFor("the hints", `document.querySelectorAll('#hints .hint-play:not(:disabled)').length > 0`)
		p.click("#hints .hint-play")
		p.waitFor("the next person's dialog", `document.querySelector('#handover-dialog').open`)
		if eval[string](p, `getComputedStyle(document.querySelector('#hand-area')).visibility`) != "hidden" {
			t.Error("player 1's rack shows while player 2 is called to the screen")
		}
		p.click("#handover-btn")
		p.waitFor("player 2's turn", `document.body.dataset.state === 'your-turn' && location.search.includes('seat=1')`)
		if got, want := rack(), p.game(1).Position.HandText; got != want {
			t.Errorf("player 2's rack on the page %q, the API's %q", got, want)
		}
		p.run(chromedp.Reload())
		p.waitFor("the game after a reload", `document.body.dataset.state === 'your-turn' && document.body.dataset.ply === '1'`)
		if got, want := rack(), p.game(1).Position.HandText; got != want {
			t.Errorf("after a reload the rack is %q, player 2's is %q", got, want)
		}
	}})
	for _, g := range browserGames {
		tests = append(tests, subtest{g.name, func(t *testing.T) {
			p := newPage(t, bctx, base, 2*time.Minute)
			playWhole(p, g)
		}})
	}
	// The tabs run side by side (whatever go test's -parallel): most of
	// their time is spent waiting for the server and the browser.
	var wg sync.WaitGroup
	slots := make(chan struct{}, tabs)
	for _, tc := range tests {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			t.Run(tc.name, tc.f)
		})
	}
	wg.Wait()
	t.Logf("%d games in %v", len(browserGames), time.Since(start).Round(time.Millisecond))
}

func playWhole(p *page, g browserGame) {
	t := p.t
	began := time.Now()
	p.waitFor("the new game form", `document.body.dataset.state === 'setup' && document.querySelector('#game-select').options.length > 0`)
	p.choose("#game-select", g.name)
	if got := p.text("#game-select option:checked"); got != g.title {
		t.Errorf("the game list calls %s %q, want %q", g.name, got, g.title)
	}
	for k, v := range g.variant {
		p.choose("#variant-"+k, v)
	}
	if g.computer != "" {
		// The computer's level.
		p.choose("#seat-1", g.computer)
	}
	p.click("#more-options summary")
	p.run(chromedp.SendKeys(chromedp.CSS("#seed-input"), g.seed))
	p.click("#start-btn")
	if st := p.waitTurn(-1); st != "your-turn" {
		t.Fatalf("the game starts in state %s", st)
	}
	if g.hinter != "" {
		p.choose("#hint-player", g.hinter)
	}
	if got := p.game(0).Players[1]; g.computer != "" && got != g.computer {
		t.Errorf("the computer chosen is %q, the game's is %q", g.computer, got)
	}

	// The keyboard's way to the board (labels and contrast are checked
	// with a hint shown and at phone width).
	p.checkTabOrder()

	// An illegal move: the engine's reason, and nothing played.
	g.illegal(p)

	// A hint, shown on the board, played with Enter.
	_, ply := p.state()
	p.click("#hint-btn")
	p.waitFor("the hints", `document.querySelectorAll('#hints .hint-show').length > 0`)
	first := eval[string](p, `document.querySelector('#hints .hint-show').dataset.move`)
	want := p.hints(0, 1, g.hinter)[0]
	if first != want.Move {
		t.Errorf("the page's first hint is %q, the API's %q", first, want.Move)
	}
	p.click("#hints .hint-show")
	if want.Kind != "pass" && want.Kind != "end" {
		p.waitPreview(want.Score)
		p.focusBoard()
		p.keys(kbEnter)
	} else {
		p.click("#hints .hint-play")
	}
	p.waitTurn(ply)
	p.checkPlayed(ply, want.Score, true)

	// The unseen tiles, where the game has the command.
	if eval[bool](p, `!document.querySelector('#bag-details').hidden`) {
		p.click("#bag-details summary")
		p.waitFor("the unseen tiles", `document.querySelector('#bag-text').textContent.trim() !== ''`)
		var bag struct {
			Output string `json:"output"`
		}
		apiGet(t, fmt.Sprintf("%s/v1/games/%s/commands/bag?seat=0", p.base, p.gameID()), &bag)
		if got := p.text("#bag-text"); got != strings.TrimSpace(bag.Output) {
			t.Errorf("the page's unseen tiles %q, the API's %q", got, bag.Output)
		}
		p.click("#bag-details summary")
	}

	// Save and resume.
	saveAndResume(p)

	// The rest of the game: clicks, keys, typed notation, the hint list.
	methods := []string{"clicks", "keys", "typed", "hint list"}
	used := map[string]bool{}
	turn := 0
	shot := false
	for {
		st, ply := p.state()
		if st == "over" {
			break
		}
		if turn > 80 {
			t.Fatalf("no end after %d moves of the person", turn)
		}
		how := methods[turn%len(methods)]
		if !shot && ply >= g.shotAt {
			// The picture of the game: its hints, the best shown on the
			// board; then the board cleared for the person's move.
			p.click("#hint-btn")
			p.waitFor("the hints", `document.querySelectorAll('#hints .hint-show').length > 0`)
			p.click("#hints .hint-show")
			p.waitFor("the preview", `document.querySelector('#pending').textContent !== ''`)
			p.checkA11y("with a hint shown")
			p.screenshot(g.name, 1280, 900)
			p.run(chromedp.EmulateViewport(1280, 1000))
			p.click("#clear-btn")
			p.choose("#notation-input", "")
			shot = true
		}
		m := p.hints(0, 1, g.hinter)[0]
		if g.short && how != "hint list" {
			// The shortest of the top ten: the game lasts for every way of
			// moving.
			for _, h := range p.hints(0, 10, g.hinter) {
				if len(h.Cells) < len(m.Cells) {
					m = h
				}
			}
		}
		switch how {
		case "clicks":
			g.byClicks(p, m)
		case "keys":
			g.byKeys(p, m)
		case "typed":
			p.run(chromedp.Click(chromedp.CSS("#notation-input")), chromedp.SendKeys(chromedp.CSS("#notation-input"), g.typed(m)+kbEnter))
		case "hint list":
			// The best hint shown on the board, then played from the list.
			p.click("#hint-btn")
			p.waitFor("the hints", `document.querySelectorAll('#hints .hint-play:not(:disabled)').length > 0`)
			p.click("#hints .hint-show")
			if m.Kind != "pass" && m.Kind != "end" {
				p.waitPreview(m.Score)
			}
			p.click("#hints .hint-play")
		}
		p.waitTurn(ply)
		p.checkPlayed(ply, m.Score, how != "keys" || g.exactKeys)
		used[how] = true
		turn++
	}
	// Every game is played on the board with the mouse and with the keys;
	// typing and the hint list are tried where the game lasts (in all but
	// the shortest).
	for _, how := range []string{"clicks", "keys"} {
		if !used[how] {
			t.Errorf("the game ended before the person played a move by %s: choose a longer game", how)
		}
	}

	// The result.
	final := p.game(0)
	if !final.Over {
		t.Fatal("the page says the game is over, the API does not")
	}
	p.waitFor("the result", `!document.querySelector('#result').hidden`)
	res := p.text("#result p")
	if !strings.Contains(res, "Game over") {
		t.Errorf("result %q", res)
	}
	for i, s := range final.Scores {
		if got := p.text(fmt.Sprintf("#scoreboard .seat:nth-child(%d) .seat-score", i+1)); got != fmt.Sprint(s) {
			t.Errorf("seat %d: the page shows %s points, the API %d", i, got, s)
		}
	}
	rows := eval[int](p, `document.querySelectorAll('#sheet tbody tr').length`)
	if rows != final.Ply {
		t.Errorf("the score sheet has %d rows for %d moves", rows, final.Ply)
	}
	if !shot {
		p.screenshot(g.name, 1280, 900)
	}
	p.screenshot(g.name+"-360", 360, 760)
	p.checkA11y("at the end, 360 px wide")
	wide := eval[int](p, `document.documentElement.scrollWidth`)
	if wide > 360 {
		t.Errorf("at 360 px the page is %d px wide: it scrolls sideways", wide)
	}
	t.Logf("%s: %d moves (%d by the person: a hint, then by %s), %v; %s", g.name, final.Ply, turn+1,
		strings.Join(methods[:min(turn, len(methods))], ", "), time.Since(began).Round(time.Millisecond), res)
}

// checkPlayed checks that move ply+1 was played, by seat 0, scoring
// score when exact.
func (p *page) checkPlayed(ply, score int, exact bool) {
	p.t.Helper()
	g := p.game(0)
	if len(g.History) <= ply {
		p.t.Fatalf("move %d was not played (%d moves)", ply+1, len(g.History))
	}
	m := g.History[ply]
	if exact && m.Score != score {
		p.t.Errorf("move %d %q scored %d, the hint %d", ply+1, m.Move, m.Score, score)
	}
}

// waitPreview waits until the page's preview of the move being made says
// it is legal, with score when score >= 0.
func (p *page) waitPreview(score int) {
	p.t.Helper()
	expr := `document.querySelector('#pending').classList.contains('ok')`
	if score >= 0 {
		expr += fmt.Sprintf(` && / %d [a-z]+/.test(document.querySelector('#pending').textContent)`, score)
	}
	p.waitFor(fmt.Sprintf("a legal preview scoring %d", score), expr)
}

// clickText clicks the first element of sel whose text is text.
func (p *page) clickText(sel, text string) {
	p.t.Helper()
	if !eval[bool](p, fmt.Sprintf(`(() => { const b = [...document.querySelectorAll(%q)].find((e) => e.textContent.trim() === %q); if (!b) return false; b.click(); return true; })()`, sel, text)) {
		p.t.Fatalf("no %s %q", sel, text)
	}
}

// focusOn puts the keyboard focus on sel.
func (p *page) focusOn(sel string) {
	p.t.Helper()
	p.run(chromedp.Focus(chromedp.CSS(sel)))
}

// handTileWith returns the selector of an unused hand tile showing letter.
func (p *page) handTileWith(letter string) string {
	p.t.Helper()
	i := eval[int](p, fmt.Sprintf(`[...document.querySelectorAll('#hand .tile')].findIndex((b) => !b.classList.contains('used') && b.textContent.trim().toUpperCase() === %q)`, strings.ToUpper(letter)))
	if i < 0 {
		p.t.Fatalf("no %s in the hand", letter)
	}
	return handTile(i)
}

// pieceIndex returns the index of the hand piece written tok.
func (p *page) pieceIndex(tok string) int {
	p.t.Helper()
	g := p.game(0)
	i := slices.Index(strings.Fields(g.Position.HandText), tok)
	if i < 0 {
		p.t.Fatalf("no piece %s in the hand %q", tok, g.Position.HandText)
	}
	return i
}

// coord reads a square "b6" (column letter, row from 1) as row and column
// from 0.
func coord(s string) (r, c int) {
	s = strings.ToLower(s)
	fmt.Sscan(s[1:], &r)
	return r - 1, int(s[0] - 'a')
}

// lineTile is a tile a crossword play puts down.
type lineTile struct {
	letter string
	blank  bool
}

// lineMove reads a play "8H W(OR)D" or "H8 ..." into its direction and
// start and the tiles it puts down, in order (stack: Upwords' "Qu").
func lineMove(move string, stack bool) (across bool, r, c int, tiles []lineTile, through []bool) {
	sq, word, _ := strings.Cut(move, " ")
	if unicode.IsDigit(rune(sq[0])) {
		across = true
		i := strings.IndexFunc(sq, unicode.IsLetter)
		fmt.Sscan(sq[:i], &r)
		c = int(unicode.ToUpper(rune(sq[i])) - 'A')
	} else {
		fmt.Sscan(sq[1:], &r)
		c = int(unicode.ToUpper(rune(sq[0])) - 'A')
	}
	r--
	in := false
	for i := 0; i < len(word); i++ {
		ch := word[i]
		switch {
		case ch == '(':
			in = true
		case ch == ')':
			in = false
		case ch == '.':
			through = append(through, true)
		case in:
			if stack && ch == 'Q' && i+1 < len(word) && word[i+1] == 'u' {
				i++
			}
			through = append(through, true)
		default:
			t := lineTile{letter: strings.ToUpper(string(ch))}
			if stack && ch == 'Q' && i+1 < len(word) && word[i+1] == 'u' {
				t.letter = "Qu"
				i++
			} else if !stack && unicode.IsLower(rune(ch)) {
				t.blank = true
			}
			tiles = append(tiles, t)
			through = append(through, false)
		}
	}
	return across, r, c, tiles, through
}

// rackIndexes returns, for each tile of a play, the index of a rack tile
// that makes it.
func (p *page) rackIndexes(tiles []lineTile) []int {
	p.t.Helper()
	hand := p.game(0).Position.Hand
	used := make([]bool, len(hand))
	find := func(ok func(h handTileView) bool) int {
		for k, h := range hand {
			if !used[k] && ok(h) {
				return k
			}
		}
		return -1
	}
	var out []int
	for _, t := range tiles {
		i := find(func(h handTileView) bool { return !h.Blank && !t.blank && strings.EqualFold(h.Letter, t.letter) })
		if i < 0 {
			i = find(func(h handTileView) bool { return h.Blank })
		}
		if i < 0 {
			p.t.Fatalf("the rack has no tile for %s", t.letter)
		}
		used[i] = true
		out = append(out, i)
	}
	return out
}

// lineByClicks makes a crossword or Upwords play by clicking each rack
// tile, then its square (a blank's letter chosen in the dialog), or
// plays an exchange or a pass with its button.
func lineByClicks(p *page, m hintMove) {
	switch {
	case m.Move == "pass":
		p.click(`#game-actions [data-action="pass"]`)
		return
	case strings.HasPrefix(m.Move, "-"):
		p.click(`#game-actions [data-action="exchange"]`)
		var tiles []lineTile
		for _, ch := range m.Move[1:] {
			tiles = append(tiles, lineTile{letter: string(ch), blank: ch == '?'})
		}
		for _, i := range p.rackIndexes(tiles) {
			p.click(handTile(i))
		}
		p.waitPreview(0)
		p.click("#submit-btn")
		return
	}
	_, _, _, tiles, _ := lineMove(m.Move, len(m.Cells) > 0 && p.stacks())
	idx := p.rackIndexes(tiles)
	for k, t := range tiles {
		p.click(handTile(idx[k]))
		p.click(square(m.Cells[k][0], m.Cells[k][1]))
		if t.blank {
			p.waitFor("the blank's dialog", `document.querySelector('#blank-dialog').open`)
			p.clickText("#blank-letters button", t.letter)
		}
	}
	p.waitPreview(m.Score)
	p.click("#submit-btn")
}

// stacks reports whether the page's game stacks tiles (Upwords).
func (p *page) stacks() bool {
	return eval[string](p, `document.body.dataset.game`) == "upwords"
}

// lineByKeys makes a play with the keyboard alone: the arrow keys to its
// first square, Space to turn the direction, its letters typed (the page
// steps over the board's tiles; on stacks the arrow key steps over a
// square read through), Enter. A play with a blank, an exchange or a pass
// is made by clicks.
func lineByKeys(stack bool) func(p *page, m hintMove) {
	return func(p *page, m hintMove) {
		if m.Move == "pass" || strings.HasPrefix(m.Move, "-") {
			lineByClicks(p, m)
			return
		}
		across, r, c, tiles, through := lineMove(m.Move, stack)
		if slices.ContainsFunc(tiles, func(t lineTile) bool { return t.blank }) {
			lineByClicks(p, m)
			return
		}
		p.focusBoard()
		p.keys(kb.Escape) // nothing half made
		// The first square the play puts a tile on.
		k := slices.Index(through, false)
		fr, fc := r, c+k
		if !across {
			fr, fc = r+k, c
		}
		p.moveCursor(fr, fc)
		if _, _, dir := p.cursor(); (dir == "across") != across {
			p.keys(" ")
		}
		step := kbRight
		if !across {
			step = kbDown
		}
		var keys strings.Builder
		ti := 0
		for _, th := range through[k:] {
			if ti == len(tiles) {
				break
			}
			if th {
				if stack {
					keys.WriteString(step)
				}
				continue
			}
			keys.WriteString(strings.ToLower(tiles[ti].letter[:1]))
			ti++
		}
		p.keys(keys.String())
		p.waitPreview(m.Score)
		p.keys(kbEnter)
	}
}

// checkIllegalTyped types an illegal move in the notation box: the
// preview shows the engine's reason, and so does the alert after Enter.
func (p *page) checkIllegalTyped(seat int, move string) {
	p.t.Helper()
	reason := p.previewError(seat, move)
	if reason == "" {
		p.t.Fatalf("%q is legal: the test wants an illegal move", move)
	}
	_, ply := p.state()
	p.run(chromedp.Click(chromedp.CSS("#notation-input")), chromedp.SendKeys(chromedp.CSS("#notation-input"), move))
	p.waitFor("the preview's reason", fmt.Sprintf(`document.querySelector('#pending').textContent.includes(%q)`, reason))
	p.keys(kbEnter)
	p.waitFor("the reason shown", fmt.Sprintf(`document.querySelector('#error').textContent.includes(%q)`, reason))
	if _, n := p.state(); n != ply {
		p.t.Fatalf("an illegal move was played")
	}
	p.choose("#notation-input", "")
}

// saveAndResume saves the game with the page's button (a download) and
// resumes the file through the new game form's upload: the same game,
// the same number of moves, the person to move.
func saveAndResume(p *page) {
	p.t.Helper()
	dir := p.t.TempDir()
	if _, err := chromedp.CallBrowser(p.ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir,
		BrowserContextID: chromedp.FromContext(p.ctx).BrowserContextID,
	}); err != nil {
		p.t.Fatalf("browser: %v", err)
	}
	_, ply := p.state()
	id := p.gameID()
	p.click("#save-btn")
	var file string
	deadline := time.Now().Add(20 * time.Second)
	for file == "" {
		if time.Now().After(deadline) {
			p.t.Fatal("the saved game was not downloaded")
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if fi, err := e.Info(); err == nil && fi.Size() > 0 && !strings.HasSuffix(e.Name(), ".crdownload") {
				file = filepath.Join(dir, e.Name())
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	p.click("#setup-toggle")
	p.run(chromedp.SetUploadFiles(chromedp.CSS("#resume-file"), []string{file}))
	p.waitFor("the resumed game", fmt.Sprintf(`!location.search.includes(%q) && document.body.dataset.state === 'your-turn'`, id))
	if _, n := p.state(); n != ply {
		p.t.Fatalf("the resumed game has %d moves, the saved one %d", n, ply)
	}
}
