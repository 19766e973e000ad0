package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	_ "wordengine/game/twoway"    // registers twoway
	_ "wordengine/game/upwords"   // registers upwords
	_ "wordengine/game/wordblock" // registers wordblock
	_ "wordengine/game/wordflow"  // registers wordflow
	_ "wordengine/game/wwf"       // registers wwf and scrabble
	_ "wordengine/search/sim"     // registers sim
	"wordengine/server"
)

var screenshots = flag.String("screenshots", "testoutput", "folder for the browser tests' screenshots (relative to this package; created)")

// chromium returns the path of a Chromium or Chrome browser, "" when none
// is installed.
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// page is the page under test: the server's address and a browser tab.
type page struct {
	t    *testing.T
	ctx  context.Context
	base string
	// errs collects the page's uncaught exceptions and requests to other
	// origins, reported when the test ends.
	mu   sync.Mutex
	errs []string
}

// startServer serves the API and the page on a free loopback port until
// the test ends.
func startServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Config{MaxThink: 5 * time.Second, MaxSearches: 2})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("server: %v", err)
		}
		srv.Close()
	})
	return "http://" + ln.Addr().String()
}

// startBrowser starts headless Chromium with a fresh profile and without
// any background traffic, for at most timeout.
func startBrowser(t *testing.T, bin string, timeout time.Duration) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(bin),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 1000),
	)
	tctx, tcancel := context.WithTimeout(context.Background(), timeout)
	actx, acancel := chromedp.NewExecAllocator(tctx, opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil {
		bcancel()
		acancel()
		tcancel()
		t.Fatalf("starting %s: %v", bin, err)
	}
	t.Cleanup(func() {
		bcancel()
		acancel()
		tcancel()
	})
	return bctx
}

// newPage opens a tab of the browser on the page at base, for at most
// timeout.
func newPage(t *testing.T, bctx context.Context, base string, timeout time.Duration) *page {
	// A browser context of its own (its downloads, its storage): tabs
	// run in parallel.
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
	p := &page{t: t, ctx: ctx, base: base}
	t.Cleanup(func() {
		cancel()
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, e := range p.errs {
			t.Error(e)
		}
	})
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			p.fail("uncaught exception at %s:%d: %s", d.URL, d.LineNumber+1, msg)
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var args []string
				for _, a := range ev.Args {
					args = append(args, a.Description+string(a.Value))
				}
				p.fail("console error: %s", strings.Join(args, " "))
			}
		case *network.EventRequestWillBeSent:
			u := ev.Request.URL
			if !strings.HasPrefix(u, base+"/") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
				p.fail("the page asked for %s: everything must come from the server", u)
			}
		}
	})
	if err != nil {
		t.Fatalf("browser: %v", err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatalf("browser: %v", err)
	}
	// Bound the tab's actions, not the tab (its first action ran above).
	tctx, tcancel := context.WithTimeout(ctx, timeout)
	t.Cleanup(tcancel)
	p.ctx = tctx
	p.run(chromedp.EmulateViewport(1280, 1000), chromedp.Navigate(base+"/"))
	return p
}

// fail records a problem the page's events show (an exception, a request
// elsewhere), reported when the test ends.
func (p *page) fail(format string, args ...any) {
	p.mu.Lock()
	p.errs = append(p.errs, fmt.Sprintf(format, args...))
	p.mu.Unlock()
}

// run runs browser actions, failing the test on an error.
func (p *page) run(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatalf("browser: %v", err)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("browser: %s: %v", expr, err)
	}
	return v
}

// text returns the text of the element sel ("" when there is none).
func (p *page) text(sel string) string {
	p.t.Helper()
	return strings.TrimSpace(eval[string](p, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ''`, sel)))
}

// click clicks the element sel (a CSS selector), as a mouse does.
func (p *page) click(sel string) {
	p.t.Helper()
	p.run(chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
}

// keys types keys into the element that has the focus (chromedp's kb
// names for special keys: "\r" is Enter).
func (p *page) keys(keys string) {
	p.t.Helper()
	p.run(chromedp.KeyEvent(keys))
}

// choose sets the select or input sel to value, as a person's choice
// would (input and change events).
func (p *page) choose(sel, value string) {
	p.t.Helper()
	ok := eval[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
		if (e.type === 'checkbox') e.checked = %q === 'on'; else e.value = %q;
		e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); return e.value === %q || e.type === 'checkbox'; })()`, sel, value, value, value))
	if !ok {
		p.t.Fatalf("no %s on the page, or no value %q", sel, value)
	}
}

// state returns the page's state (body data-state) and the number of
// moves played.
func (p *page) state() (string, int) {
	p.t.Helper()
	out := eval[[]string](p, `[document.body.dataset.state || '', document.body.dataset.ply || '0']`)
	var n int
	fmt.Sscan(out[1], &n)
	return out[0], n
}

// poll waits until the JavaScript expression is true.
func (p *page) poll(expr string) error {
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingInterval(20*time.Millisecond)))
	return err
}

// waitTurn waits until it is the person's turn or the game is over, with
// more than ply moves played (ply < 0: any number), and returns the
// state.
func (p *page) waitTurn(ply int) string {
	p.t.Helper()
	expr := fmt.Sprintf(`(() => { const d = document.body.dataset;
		return (d.state === 'your-turn' || d.state === 'over') && Number(d.ply) > %d; })()`, ply)
	if err := p.poll(expr); err != nil {
		st, n := p.state()
		p.t.Errorf("waiting for the person's turn after move %d: %v (state %s, %d moves; message %q, error %q)",
			ply, err, st, n, p.text("#message"), p.text("#error"))
		p.failShot()
		p.t.FailNow()
	}
	st, _ := p.state()
	return st
}

// failShot saves a screenshot of the page as it is when a test fails.
func (p *page) failShot() {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(p.ctx), 5*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		return
	}
	name := strings.NewReplacer("/", "-", " ", "-").Replace(p.t.Name())
	path := filepath.Join(*screenshots, "failed-"+name+".png")
	if os.MkdirAll(*screenshots, 0o755) == nil && os.WriteFile(path, buf, 0o644) == nil {
		p.t.Logf("the page as it was: %s", path)
	}
}

// waitFor waits until the JavaScript expression is true.
func (p *page) waitFor(what, expr string) {
	p.t.Helper()
	if err := p.poll(expr); err != nil {
		p.t.Errorf("waiting for %s: %v (message %q, error %q, pending %q)", what, err, p.text("#message"), p.text("#error"), p.text("#pending"))
		p.failShot()
		p.t.FailNow()
	}
}

// screenshot saves the whole page as name.png in the screenshots folder,
// at width x height CSS pixels, and returns its path.
func (p *page) screenshot(name string, width, height int) string {
	p.t.Helper()
	if err := os.MkdirAll(*screenshots, 0o755); err != nil {
		p.t.Fatal(err)
	}
	p.run(chromedp.EmulateViewport(int64(width), int64(height)), chromedp.Sleep(150*time.Millisecond))
	buf, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	path := filepath.Join(*screenshots, name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
	return path
}

// apiGet and apiPost are the test's own requests to the API, to know
// what the page should show.
func apiGet(t *testing.T, url string, out any) int {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	return res.StatusCode
}

func apiPost(t *testing.T, url string, body, out any) int {
	t.Helper()
	b, _ := json.Marshal(body)
	res, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	return res.StatusCode
}

// errorBody is the API's error answer.
type errorBody struct {
	Error struct {
		Status  int    `json:"status"`
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// gameID returns the id of the page's game (from its address).
func (p *page) gameID() string {
	addr := eval[string](p, `location.search`)
	_, rest, ok := strings.Cut(addr, "game=")
	if !ok {
		p.t.Fatalf("no game in the page's address (%q)", addr)
	}
	id, _, _ := strings.Cut(rest, "&")
	return id
}

// hintMove is a hint as the API gives it.
type hintMove struct {
	Move  string   `json:"move"`
	Kind  string   `json:"kind"`
	Score int      `json:"score"`
	Cells [][2]int `json:"cells"`
	Words []string `json:"words"`
}

// hints returns the API's hints for the seat to move (the test's oracle
// of legal moves).
func (p *page) hints(seat, top int, player string) []hintMove {
	p.t.Helper()
	var h struct {
		Moves []hintMove `json:"moves"`
	}
	url := fmt.Sprintf("%s/v1/games/%s/hint?seat=%d&top=%d", p.base, p.gameID(), seat, top)
	if player != "" {
		url += "&player=" + player
	}
	if st := apiGet(p.t, url, &h); st != http.StatusOK || len(h.Moves) == 0 {
		p.t.Fatalf("GET %s: status %d, %d moves", url, st, len(h.Moves))
	}
	return h.Moves
}

// gameView is the part of the API's view of a game the tests read.
type gameView struct {
	Players  []string `json:"players"`
	Ply      int      `json:"ply"`
	Over     bool     `json:"over"`
	Scores   []int    `json:"scores"`
	Winners  []int    `json:"winners"`
	ToMove   int      `json:"to_move"`
	History  []hintMove
	Position struct {
		Rows  int `json:"rows"`
		Cols  int `json:"cols"`
		Cells []struct {
			Letter string `json:"letter"`
			Height int    `json:"height"`
			Parity string `json:"parity"`
			Side   string `json:"side"`
		} `json:"cells"`
		Hand     []handTileView `json:"hand"`
		HandText string         `json:"hand_text"`
	} `json:"position"`
}

// handTileView is a tile or piece of the hand as the API gives it.
type handTileView struct {
	Letter string `json:"letter"`
	Blank  bool   `json:"blank"`
	Parity string `json:"parity"`
}

// game returns the API's view of the page's game for seat.
func (p *page) game(seat int) gameView {
	p.t.Helper()
	var g gameView
	apiGet(p.t, fmt.Sprintf("%s/v1/games/%s?seat=%d", p.base, p.gameID(), seat), &g)
	return g
}

// previewError returns the engine's reason for refusing move, "" when it
// is legal.
func (p *page) previewError(seat int, move string) string {
	var e errorBody
	apiPost(p.t, fmt.Sprintf("%s/v1/games/%s/preview", p.base, p.gameID()), map[string]any{"seat": seat, "move": move}, &e)
	return e.Error.Message
}

// square is the selector of board square (r, c).
func square(r, c int) string { return fmt.Sprintf(`#board .sq[data-r="%d"][data-c="%d"]`, r, c) }

// handTile is the selector of hand tile i.
func handTile(i int) string { return fmt.Sprintf(`#hand .tile[data-i="%d"]`, i) }

// focusBoard puts the keyboard focus on the board's cursor square, as Tab
// does.
func (p *page) focusBoard() {
	p.t.Helper()
	if !eval[bool](p, `(() => { const c = document.querySelector('#board [tabindex="0"]'); if (!c) return false; c.focus(); return document.activeElement === c; })()`) {
		p.t.Fatal("the board has no square in the tab order")
	}
}

// cursor returns the board's cursor square and its typing direction.
func (p *page) cursor() (r, c int, dir string) {
	out := eval[[]string](p, `(() => { const e = document.querySelector('#board .sq.cursor'); return e ? [e.dataset.r, e.dataset.c, e.dataset.dir || ''] : ['-1', '-1', '']; })()`)
	fmt.Sscan(out[0], &r)
	fmt.Sscan(out[1], &c)
	return r, c, out[2]
}

// moveCursor presses arrow keys to bring the board's cursor to (r, c).
func (p *page) moveCursor(r, c int) {
	p.t.Helper()
	cr, cc, _ := p.cursor()
	var keys strings.Builder
	for ; cr < r; cr++ {
		keys.WriteString(kbDown)
	}
	for ; cr > r; cr-- {
		keys.WriteString(kbUp)
	}
	for ; cc < c; cc++ {
		keys.WriteString(kbRight)
	}
	for ; cc > c; cc-- {
		keys.WriteString(kbLeft)
	}
	if keys.Len() > 0 {
		p.keys(keys.String())
	}
	if gr, gc, _ := p.cursor(); gr != r || gc != c {
		p.t.Fatalf("the cursor is on (%d, %d), not (%d, %d)", gr, gc, r, c)
	}
}

// The keys as chromedp's kb package names them.
const (
	kbUp    = kb.ArrowUp
	kbDown  = kb.ArrowDown
	kbLeft  = kb.ArrowLeft
	kbRight = kb.ArrowRight
	kbEnter = kb.Enter
)

// checkIllegal checks that the page shows the engine's reason for the
// move it is making (data-move of #pending): first in the preview, then,
// when played, in the alert.
func (p *page) checkIllegal(seat int) string {
	p.t.Helper()
	p.waitFor("a move being made", `document.querySelector('#pending').dataset.move !== ''`)
	move := eval[string](p, `document.querySelector('#pending').dataset.move`)
	reason := p.previewError(seat, move)
	if reason == "" {
		p.t.Fatalf("%q is legal: the test wants an illegal move", move)
	}
	p.waitFor("the preview's reason", fmt.Sprintf(`document.querySelector('#pending').textContent.includes(%q)`, reason))
	_, ply := p.state()
	p.click("#submit-btn")
	p.waitFor("the reason shown", fmt.Sprintf(`document.querySelector('#error').textContent.includes(%q)`, reason))
	if _, n := p.state(); n != ply {
		p.t.Fatalf("an illegal move was played (%d moves, were %d)", n, ply)
	}
	return reason
}

// a11yJS lists what a screen reader or a keyboard would miss on the page
// as it is: controls without a name, form fields without a label, board
// squares without a description, text below a contrast of 4.5:1 (WCAG
// AA) on its own background.
const a11yJS = `(() => {
	const out = [];
	const shown = (e) => e.offsetParent !== null || e.getClientRects().length > 0;
	const name = (e) => (e.getAttribute('aria-label') || e.textContent || '').trim();
	for (const b of document.querySelectorAll('button')) {
		if (shown(b) && !name(b)) out.push('a button without a name: ' + b.outerHTML.slice(0, 80));
	}
	for (const f of document.querySelectorAll('input, select, textarea')) {
		if (!shown(f) && f.type !== 'file') continue;
		if (!(f.labels && f.labels.length) && !f.getAttribute('aria-label')) out.push('a field without a label: ' + f.outerHTML.slice(0, 80));
	}
	for (const c of document.querySelectorAll('[role=gridcell]')) {
		if (!c.getAttribute('aria-label')) out.push('a square without a description: ' + c.outerHTML.slice(0, 80));
	}
	if (document.querySelectorAll('#board [tabindex="0"]').length !== 1) out.push('the board has not one square in the tab order');
	const rgb = (s) => { const m = s.match(/[\d.]+/g); return m ? m.map(Number) : null; };
	const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
	const bgOf = (e) => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c && (c.length < 4 || c[3] > 0.9)) return c; } return [255, 255, 255]; };
	const texts = document.querySelectorAll('.sq .letter, .sq .prem-label, .sq .points, .sq .height, .tile .letter, .seat-name, .seat-score, button, label, #pending, #message, #error, .note, .help, #sheet td, .hint-detail');
	for (const e of texts) {
		if (!shown(e) || !e.textContent.trim()) continue;
		const st = getComputedStyle(e);
		if (Number(st.opacity) < 1 || e.closest('[disabled], .used')) continue; // disabled controls are exempt (WCAG 1.4.3)
		const fg = rgb(st.color), bg = bgOf(e);
		const l1 = lum(fg), l2 = lum(bg);
		const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
		if (ratio < 4.5) out.push('contrast ' + ratio.toFixed(2) + ':1 of ' + JSON.stringify(e.textContent.trim().slice(0, 20)) + ' (' + e.className + ') ' + st.color + ' on ' + bg);
	}
	return [...new Set(out)].slice(0, 20);
})()`

// checkA11y reports what a11yJS finds.
func (p *page) checkA11y(when string) {
	p.t.Helper()
	for _, problem := range eval[[]string](p, a11yJS) {
		p.t.Errorf("%s: %s", when, problem)
	}
	p.checkAXTree(when)
}

// checkAXTree checks the page as Chromium gives it to a screen reader:
// the board a grid of rows x cols named cells in rows, every button
// named, the engine's messages in a live status region.
func (p *page) checkAXTree(when string) {
	p.t.Helper()
	tree, err := chromedp.Call(p.ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		p.t.Fatalf("browser: %v", err)
	}
	str := func(v *accessibility.Value) string {
		if v == nil {
			return ""
		}
		return strings.Trim(string(v.Value), `"`)
	}
	roles := map[string]int{}
	for _, n := range tree.Nodes {
		if n.Ignored {
			continue
		}
		role, name := str(n.Role), str(n.Name)
		roles[role]++
		if (role == "gridcell" || role == "button") && strings.TrimSpace(name) == "" {
			p.t.Errorf("%s: a %s without a name for screen readers", when, role)
		}
	}
	rows, cols := eval[int](p, `document.body.dataset.rows|0`), eval[int](p, `document.body.dataset.cols|0`)
	if roles["grid"] != 1 || roles["row"] < rows || roles["gridcell"] != rows*cols {
		p.t.Errorf("%s: a screen reader finds %d grids, %d rows, %d cells, want a grid of %d rows of %d cells", when, roles["grid"], roles["row"], roles["gridcell"], rows, cols)
	}
	if roles["status"] == 0 || roles["alert"] == 0 {
		p.t.Errorf("%s: no live region for the engine's messages (status %d, alert %d)", when, roles["status"], roles["alert"])
	}
}

// checkTabOrder checks that the keyboard reaches the board from the top
// of the page: Tab to the skip link, Enter to the board's cursor square,
// Tab to the hand.
func (p *page) checkTabOrder() {
	p.t.Helper()
	// Focus the page itself, as a fresh load does: Tab starts at the top.
	p.eval0(`(() => { window.scrollTo(0, 0); const b = document.body; b.tabIndex = -1; b.focus(); b.removeAttribute('tabindex'); })()`)
	p.keys(kb.Tab)
	if got := eval[string](p, `document.activeElement.className + ' ' + document.activeElement.textContent.trim()`); !strings.Contains(got, "skip") {
		p.t.Errorf("the first Tab reaches %q, not the link to the board", got)
	}
	p.keys(kb.Enter)
	if !eval[bool](p, `document.activeElement.matches('#board .sq[tabindex="0"]')`) {
		p.t.Errorf("the skip link leads to %q, not to the board", eval[string](p, `document.activeElement.outerHTML.slice(0, 80)`))
	}
	// The board is one stop: Tab leaves it for the hand (or the move's
	// buttons in a game without one).
	p.keys(kb.Tab)
	if !eval[bool](p, `document.activeElement.matches('#hand .tile, #actions button')`) {
		p.t.Errorf("Tab from the board reaches %q, not the hand", eval[string](p, `document.activeElement.outerHTML.slice(0, 80)`))
	}
}

// eval0 evaluates a JavaScript statement for its effect.
func (p *page) eval0(expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[any](expr)); err != nil && !strings.Contains(err.Error(), "undefined") {
		p.t.Fatalf("browser: %s: %v", expr, err)
	}
}
