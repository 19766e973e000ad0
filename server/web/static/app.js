// The page: choose a game, play it against the computer (or people at
// one screen) with hints, the score sheet, the bag, and save/resume.
// Everything goes through the JSON API (api.js); boards are drawn from
// game.View (board.js); moves on the board are composed by the game's
// adapter (moves.js).

import { api, ApiError } from './api.js';
import { drawBoard, el, tileFace, pieceSVG, isPiece, describeTile } from './board.js';
import { adapterFor } from './moves.js';

const $ = (id) => document.getElementById(id);

// COLOURS maps the seats' colour names to the colours drawn.
const COLOURS = {
  BLUE: ['#1f5fbf', '#b9d4f7'], ORANGE: ['#b84f00', '#ffd3ad'], VIOLET: ['#6b3fa8', '#dccbf2'],
  YELLOW: ['#8a6d00', '#fbe98a'], RED: ['#b3202a', '#f7c4c7'],
};
const FALLBACK = [['#1f5fbf', '#b9d4f7'], ['#b84f00', '#ffd3ad'], ['#6b3fa8', '#dccbf2'], ['#8a6d00', '#fbe98a']];

const S = {
  catalog: null,
  spec: null, // the GameSpec of the game played
  game: null, // the Game as S.viewer sees it
  viewer: 0,
  adapter: null,
  cursor: { r: 0, c: 0 },
  dir: 'across',
  busy: false,
  previewSeq: 0,
  preview: null, // {text, kind: 'ok' | 'illegal' | 'prompt'} of the move being made
  typed: false, // the preview is of the typed move
  hints: null,
  hintInfo: '',
  canResign: undefined,
  confirmResign: false,
  think: '2s',
  bagOpen: false,
};

const view = () => S.game && S.game.position;

// ---- start-up --------------------------------------------------------

async function init() {
  wireSetup();
  wirePlay();
  try {
    S.catalog = await api.catalog();
  } catch (e) {
    $('loading').textContent = `The games could not be loaded: ${e.message}`;
    $('loading').classList.add('error');
    return;
  }
  $('loading').hidden = true;
  fillSetup();
  // A game in the address (?game=ID&seat=N) goes on after a reload.
  const q = new URLSearchParams(location.search);
  if (/^[0-9a-f]+$/.test(q.get('game') || '')) {
    try {
      const g = await api.game(q.get('game'), /^\d+$/.test(q.get('seat') || '') ? q.get('seat') : 0);
      await openGame(g);
      return;
    } catch {
      history.replaceState(null, '', location.pathname);
    }
  }
  showSetup(true);
  markState();
}

function gameTitle(spec) {
  const s = spec.summary || spec.name;
  return s.split(':')[0].replace(/\s*\(.*\)\s*$/, '');
}

function fillSetup() {
  const sel = $('game-select');
  sel.replaceChildren();
  for (const g of S.catalog.games) {
    const o = el('option', '', gameTitle(g));
    o.value = g.name;
    sel.append(o);
  }
  const pref = ['wwf', 'scrabble'].find((n) => S.catalog.games.some((g) => g.name === n));
  if (pref) sel.value = pref;
  const lex = $('lexicon-select');
  lex.replaceChildren();
  for (const n of S.catalog.lexicons) {
    const o = el('option', '', n === 'en' ? 'en (built in)' : n);
    o.value = n;
    lex.append(o);
  }
  onGameChange();
}

function specOf(name) { return S.catalog.games.find((g) => g.name === name); }

function onGameChange() {
  const spec = specOf($('game-select').value);
  $('game-summary').textContent = spec.summary;
  const box = $('variant-controls');
  box.replaceChildren();
  let n = 0;
  for (const o of spec.variants || []) {
    if ((o.values || '').trim().toUpperCase() === 'FILE') continue;
    const id = `variant-${o.key}`;
    const f = el('div', 'field');
    const label = el('label', '', o.help ? o.help[0].toUpperCase() + o.help.slice(1) : o.key);
    label.htmlFor = id;
    let input;
    if (!o.values) {
      f.classList.add('check');
      input = el('input');
      input.type = 'checkbox';
      f.append(input, label);
    } else if (o.values.includes('|')) {
      input = el('select');
      for (const v of o.values.split('|')) {
        const opt = el('option', '', v);
        opt.value = v;
        input.append(opt);
      }
      if (o.default && o.values.split('|').includes(o.default)) input.value = o.default;
      f.append(label, input);
    } else {
      input = el('input');
      input.placeholder = o.default || o.values;
      input.autocomplete = 'off';
      input.spellcheck = false;
      const hint = el('span', 'note', `${o.values}${o.default ? `; default ${o.default}` : ''}`);
      hint.id = `${id}-note`;
      input.setAttribute('aria-describedby', hint.id);
      f.append(label, input, hint);
    }
    input.id = id;
    input.dataset.key = o.key;
    input.dataset.default = o.default || '';
    box.append(f);
    n++;
  }
  $('variant-fields').hidden = n === 0;
  const seats = $('seats-select');
  seats.replaceChildren();
  for (let k = spec.min_seats; k <= spec.max_seats; k++) {
    const o = el('option', '', String(k));
    o.value = k;
    seats.append(o);
  }
  seats.value = spec.default_seats;
  onSeatsChange();
}

function onSeatsChange() {
  const spec = specOf($('game-select').value);
  const n = Number($('seats-select').value);
  const box = $('seat-controls');
  const before = [...box.querySelectorAll('select')].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const id = `seat-${i}`;
    const f = el('div', 'field');
    const colour = spec.colours && spec.colours[i] ? ` (${spec.colours[i].toLowerCase()})` : '';
    const label = el('label', '', `Player ${i + 1}${colour}`);
    label.htmlFor = id;
    const s = el('select');
    s.id = id;
    const human = el('option', '', i === 0 ? 'You' : 'A person at this screen');
    human.value = 'human';
    s.append(human);
    for (const p of playerChoices(spec)) {
      const o = el('option', '', `Computer: ${p.label}`);
      o.value = p.name;
      s.append(o);
    }
    s.value = before[i] || (i === 0 && n > 1 ? 'human' : spec.computer);
    if (n === 1) s.value = before[0] || 'human';
    f.append(label, s);
    box.append(f);
  }
}

// playerChoices lists the computer players, the game's own first.
function playerChoices(spec) {
  const words = {
    random: 'random (any legal move)', greedy: 'greedy (the highest score now)',
    static: 'static (the best value one move ahead)', sim: 'sim (simulates the game ahead; slower)',
    om: 'om (looks at the replies)', alphabeta: 'alphabeta (searches ahead)', maxn: 'maxn (searches ahead, 3-4 players)',
    pimc: 'pimc (averages over deals)', ismcts: 'ismcts (Monte Carlo tree search)',
  };
  const names = [...S.catalog.players];
  names.sort((a, b) => (a === spec.computer ? -1 : b === spec.computer ? 1 : 0));
  return names.map((n) => ({ name: n, label: words[n] || n }));
}

function variantText() {
  const parts = [];
  for (const input of $('variant-controls').querySelectorAll('[data-key]')) {
    const k = input.dataset.key;
    if (input.type === 'checkbox') {
      if (input.checked) parts.push(k);
    } else {
      const v = input.value.trim();
      if (v && v !== input.dataset.default) parts.push(`${k}=${v}`);
    }
  }
  return parts.join(',');
}

function wireSetup() {
  $('game-select').addEventListener('change', onGameChange);
  $('seats-select').addEventListener('change', onSeatsChange);
  $('setup-toggle').addEventListener('click', () => showSetup($('setup').hidden));
  $('setup-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const name = $('game-select').value;
    const players = [...$('seat-controls').querySelectorAll('select')].map((s) => s.value);
    const req = { game: name, variant: variantText(), seats: players.length, players };
    const lex = $('lexicon-select').value;
    if (lex && lex !== 'en') req.lexicon = lex;
    const seed = $('seed-input').value.trim();
    if (seed) req.seed = seed;
    S.think = $('think-select').value;
    const viewer = Math.max(0, players.indexOf('human'));
    $('start-btn').disabled = true;
    setError('');
    try {
      const g = await api.create(req, viewer);
      await openGame(g);
    } catch (err) {
      setError(err.message, true);
    } finally {
      $('start-btn').disabled = false;
    }
  });
  $('resume-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    setError('');
    try {
      const text = await f.text();
      let g = await api.create({ record: text });
      const human = g.players.indexOf('human');
      g = await api.game(g.id, human >= 0 ? human : 0);
      await openGame(g);
      say(`Resumed ${gameTitle(S.spec)} after ${g.ply} moves.`);
    } catch (err) {
      setError(`That file could not be resumed: ${err.message}`, true);
    } finally {
      e.target.value = '';
    }
  });
}

function showSetup(show) {
  $('setup').hidden = !show;
  $('setup-toggle').setAttribute('aria-expanded', String(show));
  $('setup-toggle').textContent = show && S.game ? 'Hide the new game form' : 'New game';
  if (show) $('game-select').focus();
}

// ---- a game ----------------------------------------------------------

async function openGame(g) {
  S.game = g;
  S.spec = specOf(g.game);
  S.viewer = g.seat ?? 0;
  S.hints = null;
  S.hintInfo = '';
  S.canResign = undefined;
  S.confirmResign = false;
  S.preview = null;
  S.adapter = adapterFor(g.game, {
    view,
    askBlank,
    get canResign() { return S.canResign === true; },
  });
  const v = view();
  const start = v ? v.cells.findIndex((c) => c.start) : -1;
  S.cursor = start >= 0 ? { r: Math.floor(start / v.cols), c: start % v.cols } : { r: Math.floor((v ? v.rows : 1) / 2), c: Math.floor((v ? v.cols : 1) / 2) };
  S.dir = 'across';
  history.replaceState(null, '', `?game=${g.id}&seat=${S.viewer}`);
  fillHintPlayers();
  $('notation-help-text').textContent = S.spec.notation || 'Moves in the game\'s notation.';
  $('notation-input').value = '';
  $('play').hidden = false;
  showSetup(false);
  document.title = `${gameTitle(S.spec)} — wordengine`;
  render();
  focusBoard();
  say(turnText());
  await runComputers();
  await probeResign();
}

function fillHintPlayers() {
  const sel = $('hint-player');
  // A game resumed or reloaded keeps the player chosen for its hints.
  const before = sel.dataset.game === S.spec.name ? sel.value : '';
  sel.dataset.game = S.spec.name;
  sel.replaceChildren();
  for (const p of playerChoices({ ...S.spec, computer: S.spec.hinter })) {
    const o = el('option', '', p.label);
    o.value = p.name;
    sel.append(o);
  }
  sel.value = before || S.spec.hinter;
}

function seatName(p) {
  const v = view();
  const name = (v && v.seats[p] && v.seats[p].name) || `player ${p + 1}`;
  if (p === S.viewer && S.game.players[p] === 'human') return `${name} (you)`;
  if (S.game.players[p] !== 'human') return `${name} (computer)`;
  return name;
}

function myTurn() {
  const g = S.game;
  return g && !g.over && g.to_move === S.viewer && g.players[g.to_move] === 'human';
}

function turnText() {
  const g = S.game;
  if (g.over) return resultText();
  if (myTurn()) return 'Your turn.';
  return `${seatName(g.to_move)} to move.`;
}

function unit(n) {
  const u = (S.spec && S.spec.unit) || 'point';
  return `${n} ${u}${Math.abs(n) === 1 ? '' : 's'}`;
}

function resultText() {
  const g = S.game;
  const w = g.winners || [];
  const scores = g.scores.map((s, i) => `${seatName(i)} ${unit(s)}`).join(', ');
  if (w.length > 1) return `Game over: a draw between ${w.map(seatName).join(' and ')}. ${scores}.`;
  if (w.length === 1) {
    const you = w[0] === S.viewer && g.players[S.viewer] === 'human';
    return `Game over: ${you ? 'you win' : `${seatName(w[0])} wins`}. ${scores}.`;
  }
  return `Game over. ${scores}.`;
}

function setBusy(b, text) {
  S.busy = b;
  document.body.classList.toggle('busy', b);
  $('board').setAttribute('aria-busy', String(b));
  if (text) say(text);
  if (S.game && S.adapter) {
    renderHand();
    renderActions();
    renderHints();
  }
  markState();
}

// say puts an engine message in the live region.
function say(text) { $('message').textContent = text; }

function setError(text, alsoSetup) {
  $('error').textContent = text;
  if (alsoSetup && !S.game) $('loading').hidden = true;
  if (alsoSetup && text && $('setup').hidden === false) {
    let p = $('setup-error');
    if (!p) {
      p = el('p', 'message error');
      p.id = 'setup-error';
      p.setAttribute('role', 'alert');
      $('setup-form').append(p);
    }
    p.textContent = text;
  }
}

async function runComputers() {
  const all = S.game.players.every((p) => p !== 'human');
  try {
    while (!S.game.over && S.game.players[S.game.to_move] !== 'human') {
      const mover = S.game.to_move;
      setBusy(true, `${seatName(mover)} is thinking…`);
      const r = await api.computer(S.game.id, S.viewer, { budget: S.think });
      S.game = r.game;
      S.hints = null;
      render();
      say(`${seatName(r.played.seat)} ${r.played.text}. ${turnText()}`);
      if (all) await new Promise((res) => setTimeout(res, 500));
    }
  } catch (e) {
    setError(`The computer could not move: ${e.message}`);
  } finally {
    setBusy(false);
  }
  await handOver();
}

// handOver shows the next person's view when several people play at one
// screen.
async function handOver() {
  const g = S.game;
  if (g.over || g.players[g.to_move] !== 'human' || g.to_move === S.viewer) return;
  const next = g.to_move;
  const hidden = S.spec.hidden_information;
  if (hidden) {
    // The last mover's tiles are hidden until the next person's show.
    document.body.classList.add('concealed');
    $('handover-text').textContent = `${view().seats[next].name}: your turn. The others look away while your tiles show.`;
    const d = $('handover-dialog');
    d.showModal();
    await new Promise((res) => d.addEventListener('close', res, { once: true }));
  }
  S.viewer = next;
  S.game = await api.game(g.id, next);
  document.body.classList.remove('concealed');
  S.adapter.reset();
  history.replaceState(null, '', `?game=${g.id}&seat=${next}`);
  render();
  say(turnText());
}

async function probeResign() {
  if (S.canResign !== undefined || !myTurn()) return;
  try {
    await api.preview(S.game.id, S.viewer, { move: 'resign' });
    S.canResign = true;
  } catch {
    S.canResign = false;
  }
  renderActions();
}

// play sends a move ({move} or {input}) of the viewer.
async function play(m) {
  if (S.busy || !myTurn()) return;
  // A preview still on its way is of a position about to change.
  S.previewSeq++;
  clearTimeout(previewTimer);
  setError('');
  setBusy(true);
  let r;
  try {
    r = await api.move(S.game.id, S.viewer, m);
  } catch (e) {
    setBusy(false);
    const text = e instanceof ApiError && e.status === 422 ? `Not played: ${e.message}` : `Not played: ${e.message}`;
    setError(text);
    S.preview = { text, kind: 'illegal' };
    renderPending();
    return;
  }
  S.game = r.game;
  S.adapter.reset();
  S.hints = null;
  S.hintInfo = '';
  S.preview = null;
  S.confirmResign = false;
  $('notation-input').value = '';
  setBusy(false);
  render();
  say(`You ${r.played.text}. ${turnText()}`);
  await runComputers();
  await probeResign();
  focusBoardIfKeyboard();
}

// ---- drawing -----------------------------------------------------------

// markState tells in the body's data what the page is waiting for
// (data-state: setup, busy, your-turn, waiting, over) and the number of
// moves played (data-ply), for people's style sheets and for tests.
function markState() {
  const g = S.game;
  const b = document.body.dataset;
  b.state = !g ? 'setup' : g.over ? 'over' : S.busy ? 'busy' : myTurn() ? 'your-turn' : 'waiting';
  b.ply = g ? String(g.ply) : '0';
  b.game = g ? g.game : '';
  b.rows = g && g.position ? String(g.position.rows) : '0';
  b.cols = g && g.position ? String(g.position.cols) : '0';
}

function render() {
  markState();
  if (!S.game) return;
  renderScores();
  renderBoard();
  renderHand();
  renderPending();
  renderActions();
  renderSide();
}

function seatColours() {
  const names = (S.spec && S.spec.colours) || [];
  return names.map((n, i) => COLOURS[n.toUpperCase()] || FALLBACK[i % FALLBACK.length]);
}

function renderScores() {
  const g = S.game, v = view();
  const box = $('scoreboard');
  box.replaceChildren();
  const cols = seatColours();
  for (let p = 0; p < g.seats; p++) {
    const item = el('div', 'seat');
    item.setAttribute('role', 'listitem');
    if (!g.over && g.to_move === p) {
      item.classList.add('to-move');
      item.setAttribute('aria-current', 'true');
    }
    if (cols[p]) item.style.setProperty('--seat', cols[p][0]);
    if (cols[p]) item.classList.add('coloured');
    const seat = v ? v.seats[p] : { name: `player ${p + 1}`, score: g.scores[p] };
    item.append(el('span', 'seat-name', seatName(p)));
    item.append(el('span', 'seat-score', String(g.scores[p])));
    const more = [];
    if (seat.hand > 0 && S.spec.hidden_information) more.push(`${seat.hand} ${v.tile_name || 'tile'}${seat.hand === 1 ? '' : 's'}`);
    if (seat.notes) more.push(seat.notes);
    if (!g.over && g.to_move === p) more.push('to move');
    if (more.length) item.append(el('span', 'seat-notes', more.join(' · ')));
    box.append(item);
  }
}

function renderBoard() {
  const v = view();
  const grid = $('board');
  if (!v) { grid.replaceChildren(el('p', 'note', 'This game shows no board to a spectator.')); return; }
  const cols = seatColours();
  cols.forEach((c, i) => {
    grid.style.setProperty(`--own-${i}`, c[0]);
    grid.style.setProperty(`--own-${i}-light`, c[1]);
  });
  const viewerColour = cols[S.viewer];
  if (viewerColour && !v.cells.some((c) => c.owner !== undefined)) grid.style.setProperty('--face', viewerColour[0]);
  else grid.style.removeProperty('--face');
  S.cursor.r = Math.min(Math.max(S.cursor.r, 0), v.rows - 1);
  S.cursor.c = Math.min(Math.max(S.cursor.c, 0), v.cols - 1);
  const a = S.adapter;
  drawBoard(grid, {
    view: v,
    coord: (r, c) => a.coord(r, c),
    pending: a.pendingMap(),
    picked: a.pickedMap(),
    fits: (r, c) => a.fits(r, c),
    cursor: S.cursor,
    dir: a.typing ? S.dir : null,
    colours: (S.spec.colours || []).map((n, i) => v.seats[i] ? v.seats[i].name : n),
    ownsCells: !!(S.spec.colours && v.seats.every((s) => s.hand === -1)),
  });
  grid.classList.toggle('has-pieces', v.cells.some(isPiece));
  grid.classList.toggle('owns', !!(S.spec.colours && v.seats.every((s) => s.hand === -1)));
  grid.classList.toggle('faces', !!viewerColour && !v.cells.some((c) => c.owner !== undefined) && S.spec.hidden_information);
  $('board-help').textContent = myTurn() ? a.help : '';
}

function renderHand() {
  const v = view();
  const box = $('hand');
  box.replaceChildren();
  const area = $('hand-area');
  if (!v || !v.hand_name) { area.hidden = true; return; }
  area.hidden = false;
  const name = v.hand_name[0].toUpperCase() + v.hand_name.slice(1);
  $('hand-h').textContent = `Your ${v.hand_name}`;
  const a = S.adapter;
  const used = a.usedHand();
  const ex = a.exchange instanceof Set ? a.exchange : null;
  const cols = seatColours();
  if (cols[S.viewer] && S.spec.hidden_information) box.style.setProperty('--face', cols[S.viewer][0]);
  (v.hand || []).forEach((t, i) => {
    const b = el('button', 'tile');
    b.type = 'button';
    b.dataset.i = i;
    if (isPiece(t)) {
      b.classList.add('piece-tile');
      b.append(pieceSVG(t));
    } else {
      tileFace(b, t);
      if (t.blank) b.classList.add('blank');
    }
    const on = used.has(i);
    const picked = a.selected === i || (ex && ex.has(i));
    if (on) b.classList.add('used');
    if (picked) b.classList.add('selected');
    b.setAttribute('aria-pressed', String(!!picked));
    let label = describeTile(t);
    if (on) label += ', on the board';
    if (ex) label += ex.has(i) ? ', to exchange' : '';
    b.setAttribute('aria-label', label);
    b.disabled = !myTurn() || S.busy;
    box.append(b);
  });
  if (!(v.hand || []).length) box.append(el('span', 'note', `Your ${v.hand_name} is empty.`));
  box.setAttribute('aria-label', name);
}

function describeInfo(info) {
  const parts = [];
  parts.push(`${info.move || info.kind}: ${unit(info.score)}`);
  if (info.words && info.words.length) parts.push(info.words.join(', '));
  if (info.leave) parts.push(`leave ${info.leave}`);
  if (info.bingo) parts.push('bingo');
  if (info.notes && info.notes.length) parts.push(...info.notes.filter((n) => !info.words || !n.startsWith('It creates')));
  return parts.join(' · ');
}

function renderPending() {
  const p = $('pending');
  const pv = S.preview;
  p.className = '';
  const n = S.typed ? null : S.adapter.notation();
  p.dataset.move = n && n.move ? n.move : '';
  if (!pv) { p.textContent = ''; return; }
  p.textContent = pv.text;
  p.classList.add(pv.kind);
}

function renderActions() {
  if (!S.game || !S.adapter) return;
  const a = S.adapter;
  const n = a.notation();
  const mine = myTurn() && !S.busy;
  $('submit-btn').disabled = !mine || !n || !n.move;
  $('takeback-btn').disabled = !mine || !a.hasPending();
  $('clear-btn').disabled = !mine || !a.hasPending();
  $('notation-btn').disabled = !mine;
  $('notation-input').disabled = !mine;
  $('hint-btn').disabled = !mine;
  const box = $('game-actions');
  box.replaceChildren();
  for (const act of a.actions()) {
    const b = el('button', act.move === 'resign' ? 'danger' : '', act.label);
    b.type = 'button';
    b.dataset.action = act.key;
    if (act.toggle) b.setAttribute('aria-pressed', String(!!act.pressed));
    if (act.confirm && S.confirmResign) {
      b.textContent = 'Confirm: resign';
      b.classList.add('confirm');
    }
    b.disabled = !mine;
    b.addEventListener('click', () => onAction(act));
    box.append(b);
  }
}

async function onAction(act) {
  if (act.toggle) {
    S.adapter.toggle(act.key);
    afterEdit();
    return;
  }
  if (act.confirm && !S.confirmResign) {
    S.confirmResign = true;
    renderActions();
    const b = $('game-actions').querySelector(`[data-action="${act.key}"]`);
    if (b) b.focus();
    say('Press again to resign: the game ends as a loss.');
    return;
  }
  S.confirmResign = false;
  await play({ move: act.move });
}

function renderSide() {
  const g = S.game, v = view();
  const res = $('result');
  if (g.over) {
    res.hidden = false;
    res.replaceChildren(el('h3', '', 'Result'), el('p', '', resultText()));
  } else {
    res.hidden = true;
  }
  const st = $('status');
  st.replaceChildren();
  for (const line of (v && v.status) || []) st.append(el('li', '', line));
  // The bag.
  const pool = $('pool-panel');
  if (v && v.pool >= 0) {
    pool.hidden = false;
    const tile = v.tile_name || 'tile';
    $('pool-h').textContent = v.pool_name ? v.pool_name[0].toUpperCase() + v.pool_name.slice(1) : 'Bag';
    let text = `${v.pool} ${tile}${v.pool === 1 ? '' : 's'} in the ${v.pool_name || 'bag'}`;
    if (v.unseen >= 0) text += `; ${v.unseen} unseen by you (the ${v.pool_name || 'bag'} and the other ${v.hand_name || 'rack'}s)`;
    $('pool-count').textContent = `${text}.`;
  } else {
    pool.hidden = true;
  }
  const bag = (S.spec.commands || []).find((c) => c.name === 'bag');
  $('bag-details').hidden = !bag;
  if (bag && $('bag-details').open) loadBag();
  renderHints();
  renderSheet();
}

async function loadBag() {
  try {
    const r = await api.command(S.game.id, S.viewer, 'bag');
    $('bag-text').textContent = r.output.trim();
  } catch (e) {
    $('bag-text').textContent = e.message;
  }
}

function renderSheet() {
  const body = $('sheet').querySelector('tbody');
  body.replaceChildren();
  for (const m of S.game.history) {
    const tr = el('tr');
    if (m.seat === S.viewer) tr.classList.add('mine');
    // The seat's number; its colour, where it has one, as a mark.
    const who = el('td', 'who', (view() && view().seats[m.seat] ? view().seats[m.seat].name : `player ${m.seat + 1}`).replace(/ \(.*\)$/, ''));
    const cols = seatColours();
    if (cols[m.seat]) {
      who.classList.add('coloured');
      who.style.setProperty('--seat', cols[m.seat][0]);
    }
    const what = el('td', 'move-cell');
    const mv = m.move || m.text;
    // A long notation (a word and its cells) shows its first part, the
    // rest below it.
    const [head, ...rest] = mv.length > 18 ? mv.split(' ') : [mv];
    what.append(el('span', 'mv', head));
    if (rest.length) what.append(el('span', 'words', rest.join(' ')));
    const words = (m.words || []).filter((w) => w !== m.move && w !== head);
    if (words.length) what.append(el('span', 'words', words.join(' ')));
    tr.append(el('td', 'num', String(m.ply)), who, what, el('td', 'num', String(m.score)));
    body.append(tr);
  }
  const wrap = $('sheet').parentElement;
  wrap.scrollTop = wrap.scrollHeight;
}

function renderHints() {
  const list = $('hints');
  list.replaceChildren();
  $('hint-note').textContent = S.hintInfo;
  if (!S.hints) return;
  S.hints.forEach((h) => {
    const li = el('li', 'hint');
    const b = el('button', 'hint-show');
    b.type = 'button';
    b.dataset.move = h.move;
    const [head, ...rest] = h.move.length > 18 ? h.move.split(' ') : [h.move];
    b.append(el('span', 'mv', head));
    if (rest.length) b.append(el('span', 'hint-detail', rest.join(' ')));
    const parts = [unit(h.score)];
    if (h.words && h.words.length && !(h.words.length === 1 && h.move.includes(h.words[0]))) parts.push(h.words.join(', '));
    if (h.leave) parts.push(`leave ${h.leave}`);
    if (h.value && /^(win|loss|not)/.test(h.value)) {
      parts.push(h.assumes ? `${h.value} (assuming ${h.assumes})` : h.value);
    } else {
      parts.push(`equity ${h.equity.toFixed(1)}`);
    }
    if (h.win !== undefined && h.win !== null) {
      let w = `win ${(100 * h.win).toFixed(0)} %`;
      if (h.win_low !== undefined) w += ` (${(100 * h.win_low).toFixed(0)}–${(100 * h.win_high).toFixed(0)})`;
      parts.push(w);
    }
    if (h.chosen) parts.push('its choice');
    b.append(el('span', 'hint-detail', parts.join(' · ')));
    b.setAttribute('aria-label', `Show ${h.move} on the board: ${parts.join(', ')}`);
    b.addEventListener('click', () => showHint(h));
    const p = el('button', 'hint-play', 'Play');
    p.type = 'button';
    p.setAttribute('aria-label', `Play ${h.move}`);
    p.disabled = !myTurn();
    p.addEventListener('click', () => play({ move: h.move }));
    li.append(b, p);
    list.append(li);
  });
}

function showHint(h) {
  const a = S.adapter;
  if (a.load(h.move)) {
    S.typed = false;
    $('notation-input').value = '';
    const first = (h.cells || [])[0];
    if (first) S.cursor = { r: first[0], c: first[1] };
    afterEdit();
    say(`${h.move} shown on the board: Enter plays it.`);
  } else {
    a.reset();
    $('notation-input').value = h.move;
    S.typed = true;
    afterEdit();
    previewTyped();
    $('notation-input').focus();
  }
}

// ---- the move being made ------------------------------------------------

// afterEdit redraws after the move being made changed and previews it.
function afterEdit() {
  if (!S.typed || S.adapter.hasPending()) {
    S.typed = false;
    schedulePreview();
  }
  renderBoard();
  renderHand();
  renderActions();
}

let previewTimer = 0;
function schedulePreview() {
  const seq = ++S.previewSeq;
  clearTimeout(previewTimer);
  const n = S.adapter.notation();
  if (!n) { S.preview = null; renderPending(); return; }
  if (n.prompt) { S.preview = { text: n.prompt, kind: 'prompt' }; renderPending(); return; }
  if (n.error) { S.preview = { text: n.error, kind: 'illegal' }; renderPending(); return; }
  S.preview = { text: `${n.move} …`, kind: 'prompt' };
  renderPending();
  previewTimer = setTimeout(() => runPreview({ move: n.move }, seq), 80);
}

async function runPreview(m, seq) {
  try {
    const r = await api.preview(S.game.id, S.viewer, m);
    if (seq !== S.previewSeq) return;
    S.preview = { text: describeInfo(r.move), kind: 'ok' };
  } catch (e) {
    if (seq !== S.previewSeq) return;
    S.preview = { text: `Not legal: ${e.message}`, kind: 'illegal' };
  }
  renderPending();
}

function previewTyped() {
  const text = $('notation-input').value.trim();
  const seq = ++S.previewSeq;
  clearTimeout(previewTimer);
  S.typed = true;
  if (!text || !myTurn()) { S.preview = null; renderPending(); return; }
  S.preview = { text: `${text} …`, kind: 'prompt' };
  renderPending();
  previewTimer = setTimeout(() => runPreview({ input: text }, seq), 150);
}

async function submitBoard() {
  const n = S.adapter.notation();
  if (!n) { say('Nothing to play yet: put tiles on the board, or type a move below.'); return; }
  if (n.prompt) { say(n.prompt); return; }
  if (n.error) { setError(`Not played: ${n.error}`); return; }
  await play({ move: n.move });
}

function askBlank() {
  const d = $('blank-dialog');
  const box = $('blank-letters');
  if (!box.childElementCount) {
    for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      const b = el('button', 'tile small', ch);
      b.type = 'button';
      b.addEventListener('click', () => { $('blank-input').value = ch; d.close('ok'); });
      box.append(b);
    }
  }
  $('blank-input').value = '';
  d.returnValue = '';
  d.showModal();
  $('blank-input').focus();
  return new Promise((res) => {
    d.addEventListener('close', () => {
      const v = $('blank-input').value.trim();
      res(d.returnValue === 'ok' && /^\p{L}{1,2}$/u.test(v) ? v.toUpperCase() : null);
      focusBoard();
    }, { once: true });
  });
}

// ---- input ---------------------------------------------------------------

function focusBoard() {
  const c = $('board').querySelector('[tabindex="0"]');
  if (c) c.focus({ preventScroll: true });
}

let lastInputKeyboard = false;
function focusBoardIfKeyboard() {
  if (lastInputKeyboard && myTurn()) focusBoard();
}

function cellOf(target) {
  const sq = target.closest && target.closest('.sq');
  return sq ? { r: Number(sq.dataset.r), c: Number(sq.dataset.c) } : null;
}

let dragged = false; // a drag just ended: the click that follows is not a click

function wirePlay() {
  document.querySelector('.skip').addEventListener('click', (e) => {
    const c = $('board').querySelector('[tabindex="0"]');
    if (c && !$('play').hidden) {
      e.preventDefault();
      c.focus();
    }
  });
  document.addEventListener('keydown', () => { lastInputKeyboard = true; }, true);
  document.addEventListener('pointerdown', () => { lastInputKeyboard = false; }, true);
  const grid = $('board');
  grid.addEventListener('click', async (e) => {
    if (dragged) { dragged = false; return; }
    const p = cellOf(e.target);
    if (!p || !myTurn() || S.busy) return;
    const a = S.adapter;
    const did = await a.activate(p.r, p.c);
    if (!did && a.typing && S.cursor.r === p.r && S.cursor.c === p.c) S.dir = S.dir === 'across' ? 'down' : 'across';
    S.cursor = p;
    afterEdit();
  });
  grid.addEventListener('keydown', onBoardKey);
  $('hand').addEventListener('click', (e) => {
    if (dragged) { dragged = false; return; }
    const b = e.target.closest('.tile');
    if (!b || !myTurn() || S.busy) return;
    S.adapter.selectHand(Number(b.dataset.i));
    afterEdit();
    const again = $('hand').querySelector(`[data-i="${b.dataset.i}"]`);
    if (again) again.focus();
  });
  $('hand').addEventListener('pointerdown', (e) => {
    const b = e.target.closest('.tile');
    if (b && myTurn() && !S.busy) startDrag(e, b, { hand: Number(b.dataset.i) });
  });
  grid.addEventListener('pointerdown', (e) => {
    const sq = e.target.closest('.sq.pending');
    if (sq && myTurn() && !S.busy) startDrag(e, sq, { r: Number(sq.dataset.r), c: Number(sq.dataset.c) });
  });
  $('submit-btn').addEventListener('click', submitBoard);
  $('takeback-btn').addEventListener('click', () => { takeBack(); });
  $('clear-btn').addEventListener('click', () => { S.adapter.reset(); afterEdit(); });
  $('notation-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = $('notation-input').value.trim();
    if (!text) return;
    await play({ input: text });
  });
  $('notation-input').addEventListener('input', () => {
    if (S.adapter.hasPending()) { S.adapter.reset(); renderBoard(); renderHand(); }
    previewTyped();
    renderActions();
  });
  $('hint-btn').addEventListener('click', askHints);
  $('bag-details').addEventListener('toggle', () => { if ($('bag-details').open) loadBag(); });
  $('save-btn').addEventListener('click', save);
}

function takeBack() {
  const r = S.adapter.takeBack();
  if (r && r.cursor) S.cursor = r.cursor;
  afterEdit();
}

async function onBoardKey(e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const v = view();
  if (!v) return;
  const k = e.key;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const a = S.adapter;
  if (moves[k]) {
    e.preventDefault();
    const [dr, dc] = moves[k];
    S.cursor = { r: Math.min(Math.max(S.cursor.r + dr, 0), v.rows - 1), c: Math.min(Math.max(S.cursor.c + dc, 0), v.cols - 1) };
    if (a.typing && !a.hasPending()) S.dir = dc !== 0 ? 'across' : 'down';
    renderBoard();
    return;
  }
  if (k === 'Home' || k === 'End') {
    e.preventDefault();
    S.cursor = { r: S.cursor.r, c: k === 'Home' ? 0 : v.cols - 1 };
    renderBoard();
    return;
  }
  if (!myTurn() || S.busy) return;
  if (k === 'Enter') {
    e.preventDefault();
    const n = a.notation();
    if (n && n.move) { await submitBoard(); return; }
    if (await a.activate(S.cursor.r, S.cursor.c)) afterEdit();
    else if (n) await submitBoard();
    return;
  }
  if (k === ' ') {
    e.preventDefault();
    if (a.typing && a.selected === null && !(a.at && a.at(S.cursor.r, S.cursor.c) >= 0)) {
      S.dir = S.dir === 'across' ? 'down' : 'across';
      renderBoard();
      return;
    }
    if (await a.activate(S.cursor.r, S.cursor.c)) afterEdit();
    return;
  }
  if (k === 'Backspace' || k === 'Delete') {
    e.preventDefault();
    takeBack();
    return;
  }
  if (k === 'Escape') {
    e.preventDefault();
    a.reset();
    afterEdit();
    return;
  }
  if (/^[1-9]$/.test(k) && (v.hand || []).length && !a.typing) {
    e.preventDefault();
    const i = Number(k) - 1;
    if (i < v.hand.length) { a.selectHand(i); afterEdit(); }
    return;
  }
  if (/^\p{L}$/u.test(k) || (k === '?' && a.typing)) {
    e.preventDefault();
    const r = await a.typeLetter(k, S.cursor, S.dir);
    if (!r) return;
    if (r.error) { say(r.error); return; }
    if (r.cursor) S.cursor = r.cursor;
    afterEdit();
  }
}

// startDrag follows a tile dragged from the hand (from.hand) or from the
// board (from.r, from.c) and drops it on the square under the pointer,
// or back on the hand.
function startDrag(e, source, from) {
  if (e.button !== 0) return;
  const x0 = e.clientX, y0 = e.clientY;
  let ghost = null;
  const move = (ev) => {
    if (!ghost) {
      if (Math.hypot(ev.clientX - x0, ev.clientY - y0) < 6) return;
      ghost = source.cloneNode(true);
      ghost.classList.add('ghost');
      ghost.removeAttribute('id');
      const rect = source.getBoundingClientRect();
      ghost.style.setProperty('width', `${rect.width}px`);
      ghost.style.setProperty('height', `${rect.height}px`);
      document.body.append(ghost);
    }
    ghost.style.setProperty('left', `${ev.clientX}px`);
    ghost.style.setProperty('top', `${ev.clientY}px`);
    ev.preventDefault();
  };
  const up = async (ev) => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', up);
    if (!ghost) return;
    ghost.remove();
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);
    const target = document.elementFromPoint(ev.clientX, ev.clientY);
    const a = S.adapter;
    const to = target && cellOf(target);
    if (to) {
      let i = from.hand;
      if (i === undefined) {
        const pend = a.pendingMap().get(`${from.r},${from.c}`);
        i = pend ? pend.i : undefined;
      }
      if (i !== undefined && await a.dropHand(i, to.r, to.c)) S.cursor = to;
    } else if (from.hand === undefined && target && target.closest('#hand-area')) {
      a.dropBack(from.r, from.c);
    }
    afterEdit();
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', up);
}

async function askHints() {
  if (!myTurn() || S.busy) return;
  const player = $('hint-player').value;
  $('hint-btn').disabled = true;
  S.hintInfo = 'Thinking…';
  renderHints();
  try {
    const h = await api.hint(S.game.id, S.viewer, { top: 8, player, budget: S.think });
    S.hints = h.moves;
    const legal = h.legal_moves !== undefined ? `${h.legal_moves} legal moves; ` : '';
    S.hintInfo = `${legal}ranked by ${h.ranked_by} in ${h.think_ms < 1000 ? `${Math.round(h.think_ms)} ms` : `${(h.think_ms / 1000).toFixed(1)} s`}. Choose one to see it on the board.`;
    say(`${h.moves.length} hints: the best is ${h.moves[0] ? h.moves[0].move : 'none'}.`);
  } catch (e) {
    S.hints = null;
    S.hintInfo = `No hint: ${e.message}`;
  } finally {
    $('hint-btn').disabled = !myTurn();
    renderHints();
  }
}

async function save() {
  try {
    const r = await api.record(S.game.id);
    const ext = r.format === 'GCG' ? 'gcg' : 'json';
    const blob = new Blob([r.record], { type: r.format === 'GCG' ? 'text/plain' : 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = $('save-link');
    a.href = url;
    a.download = `wordengine-${r.game.game}-${S.game.id.slice(0, 8)}.${ext}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    say(`Saved the game as ${a.download}.`);
  } catch (e) {
    setError(`Not saved: ${e.message}`);
  }
}

init();
