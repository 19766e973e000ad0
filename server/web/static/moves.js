// Composing moves from clicks, drags and keys on the board, in the
// notation of the game's family. Each adapter keeps the move the player
// is making (tiles put down, cells chosen) and writes it as the text the
// engine reads; the engine checks it (preview) and says why it is
// illegal. A game without an adapter is played by typing its notation.
//
// Adapter interface, used by app.js:
//   reset()                   forget the move being made
//   pendingMap()              Map "r,c" -> {letter, blank, points, piece}: what is put down
//   pickedMap()               Map "r,c" -> index: cells chosen, in order
//   usedHand()                Set of hand indexes put down
//   selected                  the hand index picked up (null: none)
//   selectHand(i)             click on hand tile i
//   activate(r, c)            click (or Space) on a square; true when it did something
//   dropHand(i, r, c)         hand tile i dragged to a square
//   dropBack(r, c)            the tile put down on (r, c) dragged back to the hand
//   typeLetter(ch, cursor, dir) a letter typed on the board: {cursor} or {error}
//   takeBack()                the last step undone: {cursor} or null
//   hasPending()              something is being made
//   notation()                null, {move}, {prompt} (what to do next) or {error} (why it cannot be written)
//   load(move)                make a move given in notation (a hint) on the board; true when drawn
//   fits(r, c)                a square to highlight for the hand tile picked up
//   actions()                 the game's other moves: [{key, label, move, toggle}]
//   typing                    true when typed letters run across or down (a cursor direction)
//   help                      how to play with the keyboard, one sentence

const COLS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

class Base {
  constructor(ctx) {
    this.ctx = ctx;
    this.typing = false;
    this.reset();
  }
  get view() { return this.ctx.view(); }
  get hand() { return this.view.hand || []; }
  cellAt(r, c) {
    const v = this.view;
    if (r < 0 || c < 0 || r >= v.rows || c >= v.cols) return null;
    return v.cells[r * v.cols + c] || {};
  }
  coord(r, c) { return `${COLS[c].toLowerCase()}${r + 1}`; }
  reset() { this.selected = null; }
  pendingMap() { return new Map(); }
  pickedMap() { return new Map(); }
  usedHand() { return new Set(); }
  selectHand(i) { this.selected = this.selected === i ? null : i; }
  activate() { return false; }
  async dropHand(i, r, c) { this.selected = i; return this.activate(r, c); }
  dropBack() { return false; }
  typeLetter() { return null; }
  takeBack() { return null; }
  hasPending() { return false; }
  notation() { return null; }
  load() { return false; }
  fits() { return false; }
  actions() { return this.ctx.canResign ? [{ key: 'resign', label: 'Resign', move: 'resign', confirm: true }] : []; }
  // parseCoord reads "b6" (column letter, row number from 1).
  parseCoord(s) {
    const m = /^([a-z])(\d+)$/i.exec(s);
    return m ? { r: Number(m[2]) - 1, c: COLS.indexOf(m[1].toUpperCase()) } : null;
  }
  // firstUnused returns the first hand index not in use for which ok(tile) holds, or -1.
  firstUnused(ok) {
    const used = this.usedHand();
    return this.hand.findIndex((t, i) => !used.has(i) && ok(t));
  }
}

// LineAdapter: tiles put in one row or column make a play written
// "8H WORD" (across from row 8, column H) or "H8 WORD" (down), the
// letters already on the board in parentheses, a blank in lower case:
// Words With Friends, Scrabble and, with stacks, Upwords.
export class LineAdapter extends Base {
  constructor(ctx, opts) {
    super(ctx);
    this.stack = !!opts.stack; // tiles may go on top of tiles (Upwords)
    this.exchangeOne = !!opts.exchangeOne; // an exchange is one tile
    this.typing = true;
    this.help = 'Arrow keys move on the board; type letters to put tiles down (Space turns the direction ' +
      'between across and down), Backspace takes the last one back, Enter plays, Escape clears.';
  }
  coord(r, c) { return `${COLS[c]}${r + 1}`; }
  reset() { super.reset(); this.tiles = []; this.exchange = null; }
  pendingMap() {
    const m = new Map();
    for (const t of this.tiles) m.set(`${t.r},${t.c}`, { i: t.i, letter: t.letter, blank: t.blank, points: t.blank ? 0 : (this.hand[t.i] || {}).points });
    return m;
  }
  usedHand() { return new Set(this.tiles.map((t) => t.i)); }
  hasPending() { return this.tiles.length > 0 || (this.exchange !== null && this.exchange.size > 0); }
  at(r, c) { return this.tiles.findIndex((t) => t.r === r && t.c === c); }
  onBoard(r, c) { return this.cellAt(r, c) !== null; }
  occupied(r, c) { const x = this.cellAt(r, c); return !!(x && x.letter); }
  canPlace(r, c) {
    if (!this.onBoard(r, c) || this.at(r, c) >= 0) return false;
    // On a stack the engine says what is wrong (the same letter, a full stack).
    return this.stack || !this.occupied(r, c);
  }
  selectHand(i) {
    if (this.exchange !== null) {
      if (this.exchange.has(i)) this.exchange.delete(i);
      else {
        if (this.exchangeOne) this.exchange.clear();
        this.exchange.add(i);
      }
      return;
    }
    const k = this.tiles.findIndex((t) => t.i === i);
    if (k >= 0) { // a tile on the board goes back to the rack
      this.tiles.splice(k, 1);
      this.selected = null;
      return;
    }
    super.selectHand(i);
  }
  async put(i, r, c, typed) {
    const tile = this.hand[i];
    let letter = tile.letter, blank = !!tile.blank;
    if (blank) {
      letter = typed || await this.ctx.askBlank();
      if (!letter) return false;
    }
    this.tiles.push({ i, r, c, letter: blank ? letter.toUpperCase() : letter, blank });
    return true;
  }
  async activate(r, c) {
    const k = this.at(r, c);
    if (k >= 0) {
      this.tiles.splice(k, 1);
      return true;
    }
    if (this.selected !== null && this.exchange === null && this.canPlace(r, c)) {
      const i = this.selected;
      this.selected = null;
      await this.put(i, r, c);
      return true;
    }
    return false;
  }
  async dropHand(i, r, c) {
    const k = this.tiles.findIndex((t) => t.i === i);
    if (k >= 0) {
      const t = this.tiles[k];
      if (!this.canPlace(r, c)) return false;
      this.tiles.splice(k, 1, { ...t, r, c });
      return true;
    }
    this.exchange = null;
    if (!this.canPlace(r, c)) return false;
    this.selected = null;
    return this.put(i, r, c);
  }
  dropBack(r, c) {
    const k = this.at(r, c);
    if (k < 0) return false;
    this.tiles.splice(k, 1);
    return true;
  }
  step(p, dir) { return dir === 'down' ? { r: p.r + 1, c: p.c } : { r: p.r, c: p.c + 1 }; }
  async typeLetter(ch, cursor, dir) {
    if (this.exchange !== null) {
      const j = this.hand.findIndex((t, k) => !this.exchange.has(k) && (ch === '?' ? t.blank : !t.blank && this.matches(t, ch)));
      if (j < 0) return { error: `No ${ch.toUpperCase()} on your rack to exchange.` };
      this.selectHand(j);
      return { cursor };
    }
    if (ch === '?') return { error: 'Type the letter a blank stands for: the blank is used when no tile has it.' };
    let p = { ...cursor };
    if (!this.stack) {
      while (this.onBoard(p.r, p.c) && (this.occupied(p.r, p.c) || this.at(p.r, p.c) >= 0)) p = this.step(p, dir);
    } else if (this.at(p.r, p.c) >= 0) {
      p = this.step(p, dir);
    }
    if (!this.onBoard(p.r, p.c)) return { error: 'The edge of the board: move the cursor with the arrow keys.' };
    let i = this.firstUnused((t) => !t.blank && this.matches(t, ch));
    let typed = null;
    if (i < 0) {
      i = this.firstUnused((t) => t.blank);
      typed = ch.toUpperCase();
    }
    if (i < 0) return { error: `No ${ch.toUpperCase()} on your rack.` };
    if (!this.canPlace(p.r, p.c)) return { error: `${this.coord(p.r, p.c)} is taken.` };
    await this.put(i, p.r, p.c, typed);
    let next = this.step(p, dir);
    if (!this.stack) {
      while (this.onBoard(next.r, next.c) && this.occupied(next.r, next.c)) next = this.step(next, dir);
    }
    return { cursor: this.onBoard(next.r, next.c) ? next : p };
  }
  matches(t, ch) {
    const a = (t.letter || '').toUpperCase(), b = ch.toUpperCase();
    return a === b || (a.length > 1 && a[0] === b); // "Qu" by its Q
  }
  takeBack() {
    if (this.exchange !== null) {
      const last = [...this.exchange].pop();
      if (last === undefined) this.exchange = null;
      else this.exchange.delete(last);
      return {};
    }
    const t = this.tiles.pop();
    return t ? { cursor: { r: t.r, c: t.c } } : null;
  }
  toggleExchange() {
    this.tiles = [];
    this.selected = null;
    this.exchange = this.exchange === null ? new Set() : null;
  }
  // boardText writes board letters read through: a blank in lower case.
  boardText(cell) { return cell.blank ? cell.letter.toLowerCase() : cell.letter; }
  notation() {
    if (this.exchange !== null) {
      if (this.exchange.size === 0) {
        return { prompt: this.exchangeOne ? 'Choose the tile to exchange, then play the move.' : 'Choose the tiles to exchange, then play the move.' };
      }
      const letters = [...this.exchange].sort((a, b) => a - b).map((i) => (this.hand[i].blank ? '?' : this.hand[i].letter));
      return { move: `-${letters.join('')}` };
    }
    if (this.tiles.length === 0) return null;
    const rows = new Set(this.tiles.map((t) => t.r)), cols = new Set(this.tiles.map((t) => t.c));
    let dir;
    if (this.tiles.length === 1) {
      const { r, c } = this.tiles[0];
      const side = this.occupied(r, c - 1) || this.occupied(r, c + 1);
      const vert = this.occupied(r - 1, c) || this.occupied(r + 1, c);
      dir = !side && vert ? 'down' : 'across';
    } else if (rows.size === 1) dir = 'across';
    else if (cols.size === 1) dir = 'down';
    else return { error: 'The tiles of a play go in one row or one column.' };
    const [dr, dc] = dir === 'across' ? [0, 1] : [1, 0];
    const sorted = [...this.tiles].sort((a, b) => (a.r - b.r) || (a.c - b.c));
    let s = { r: sorted[0].r, c: sorted[0].c };
    while (this.occupied(s.r - dr, s.c - dc)) s = { r: s.r - dr, c: s.c - dc };
    const last = sorted[sorted.length - 1];
    let e = { r: last.r, c: last.c };
    while (this.occupied(e.r + dr, e.c + dc)) e = { r: e.r + dr, c: e.c + dc };
    let word = '', through = false;
    for (let p = { ...s }; p.r <= e.r && p.c <= e.c; p = { r: p.r + dr, c: p.c + dc }) {
      const k = this.at(p.r, p.c);
      if (k >= 0) {
        if (through) { word += ')'; through = false; }
        const t = this.tiles[k];
        word += t.blank ? t.letter.toLowerCase() : t.letter;
      } else if (this.occupied(p.r, p.c)) {
        if (!through) { word += '('; through = true; }
        word += this.boardText(this.cellAt(p.r, p.c));
      } else {
        return { error: `The play leaves ${this.coord(p.r, p.c)} empty: its tiles and the board's make one unbroken line.` };
      }
    }
    if (through) word += ')';
    const square = dir === 'across' ? `${s.r + 1}${COLS[s.c]}` : `${COLS[s.c]}${s.r + 1}`;
    return { move: `${square} ${word}` };
  }
  // tokens splits a play's word into tiles: {text, through, blank}.
  tokens(word) {
    const out = [];
    let through = false;
    for (let i = 0; i < word.length; i++) {
      const ch = word[i];
      if (ch === '(') { through = true; continue; }
      if (ch === ')') { through = false; continue; }
      if (ch === '.') { out.push({ text: '', through: true }); continue; }
      if (ch === '[') { // a multi-letter tile: [TH]
        const j = word.indexOf(']', i);
        out.push({ text: word.slice(i + 1, j), through, blank: false });
        i = j;
        continue;
      }
      if (ch === 'Q' && word[i + 1] === 'u' && this.stack) { // Upwords' Qu tile
        out.push({ text: 'Qu', through, blank: false });
        i++;
        continue;
      }
      const lower = ch !== ch.toUpperCase();
      out.push({ text: ch.toUpperCase(), through, blank: lower && !this.stack });
    }
    return out;
  }
  load(text) {
    this.reset();
    text = text.trim();
    if (text.startsWith('-') && text.length > 1) {
      this.exchange = new Set();
      for (const ch of text.slice(1)) {
        const i = this.hand.findIndex((t, k) => !this.exchange.has(k) && (ch === '?' ? t.blank : this.matches(t, ch)));
        if (i >= 0) this.exchange.add(i);
      }
      return true;
    }
    let m = /^(\d+)([A-Za-z])\s+(\S+)$/.exec(text), dir = 'across';
    if (!m) {
      m = /^([A-Za-z])(\d+)\s+(\S+)$/.exec(text);
      dir = 'down';
      if (!m) return false;
      m = [m[0], m[2], m[1], m[3]];
    }
    let p = { r: Number(m[1]) - 1, c: COLS.indexOf(m[2].toUpperCase()) };
    for (const tok of this.tokens(m[3])) {
      if (!tok.through) {
        let i = tok.blank ? -1 : this.firstUnused((t) => !t.blank && (t.letter || '').toUpperCase() === tok.text.toUpperCase());
        const blank = i < 0;
        if (blank) i = this.firstUnused((t) => t.blank);
        this.tiles.push({ i, r: p.r, c: p.c, letter: tok.text, blank: blank && i >= 0 });
      }
      p = this.step(p, dir);
    }
    return true;
  }
  actions() {
    return [
      { key: 'exchange', label: this.exchangeOne ? 'Exchange a tile' : 'Exchange tiles', toggle: true, pressed: this.exchange !== null },
      { key: 'pass', label: 'Pass', move: 'pass' },
      ...super.actions(),
    ];
  }
  toggle(key) { if (key === 'exchange') this.toggleExchange(); }
}

// SpellAdapter: cells chosen anywhere on the board, in word order, spell
// the word: "WORD a1,b2,..." (WordBlock).
export class SpellAdapter extends Base {
  constructor(ctx) {
    super(ctx);
    this.help = 'Arrow keys move on the board; type a word\'s letters to choose cells (the cursor\'s cell first, ' +
      'then the cells you gain most from), Space adds or removes the cursor\'s cell, Backspace removes the last, Enter plays.';
  }
  reset() { super.reset(); this.cells = []; }
  pickedMap() { return new Map(this.cells.map((p, i) => [`${p.r},${p.c}`, i])); }
  hasPending() { return this.cells.length > 0; }
  activate(r, c) {
    const k = this.cells.findIndex((p) => p.r === r && p.c === c);
    if (k >= 0) this.cells.splice(k, 1);
    else if (this.cellAt(r, c) && this.cellAt(r, c).letter) this.cells.push({ r, c });
    else return false;
    return true;
  }
  async dropHand() { return false; }
  typeLetter(ch, cursor) {
    const L = ch.toUpperCase();
    const v = this.view, me = v.viewer;
    const taken = new Set(this.cells.map((p) => `${p.r},${p.c}`));
    const gain = (x) => {
      if (x.owner === undefined || x.owner === null) return 2; // uncoloured: a cell gained
      if (x.owner === me) return 1;
      return x.secured ? 0 : 3; // an opponent's cell taken over counts twice
    };
    let best = null, bestScore = -Infinity;
    for (let r = 0; r < v.rows; r++) {
      for (let c = 0; c < v.cols; c++) {
        const x = this.cellAt(r, c);
        if (!x.letter || taken.has(`${r},${c}`) || x.letter.toUpperCase()[0] !== L) continue;
        const here = cursor && cursor.r === r && cursor.c === c;
        const dist = cursor ? Math.abs(cursor.r - r) + Math.abs(cursor.c - c) : 0;
        const score = here ? 1000 : gain(x) * 100 - dist;
        if (score > bestScore) { best = { r, c }; bestScore = score; }
      }
    }
    if (!best) return { error: `No ${L} left on the board for this word.` };
    this.cells.push(best);
    return { cursor: best };
  }
  takeBack() {
    const p = this.cells.pop();
    return p ? { cursor: p } : null;
  }
  notation() {
    if (this.cells.length === 0) return null;
    const word = this.cells.map((p) => this.cellAt(p.r, p.c).letter).join('').toUpperCase();
    return { move: `${word} ${this.cells.map((p) => this.coord(p.r, p.c)).join(',')}` };
  }
  load(text) {
    this.reset();
    const m = /^(\S+)\s+(.+)$/.exec(text.trim());
    if (!m) return false;
    for (const s of m[2].split(/[\s,]+/)) {
      const p = this.parseCoord(s);
      if (!p) { this.reset(); return false; }
      this.cells.push(p);
    }
    return true;
  }
  actions() { return [{ key: 'pass', label: 'Pass', move: 'pass' }, ...super.actions()]; }
}

// ClaimAdapter: a tile of the hand placed on an empty cell ("E d4"), or a
// straight line of tiles claimed as a word by its first and last cells
// ("CAT a1-c3"), then "end" (2 Way Words).
export class ClaimAdapter extends Base {
  constructor(ctx) {
    super(ctx);
    this.help = 'Arrow keys move on the board; type a letter of your hand to place it on the cursor\'s cell; ' +
      'Space on a tile marks the first, then the last cell of a word to claim; Enter plays, Backspace takes back.';
  }
  reset() { super.reset(); this.place = null; this.claim = null; }
  pendingMap() {
    const m = new Map();
    if (this.place) m.set(`${this.place.r},${this.place.c}`, { letter: this.hand[this.place.i].letter });
    return m;
  }
  usedHand() { return new Set(this.place ? [this.place.i] : []); }
  pickedMap() {
    const m = new Map();
    if (!this.claim) return m;
    const cells = this.claim.end ? this.line() || [this.claim.start, this.claim.end] : [this.claim.start];
    cells.forEach((p, i) => m.set(`${p.r},${p.c}`, i));
    return m;
  }
  hasPending() { return !!(this.place || this.claim); }
  selectHand(i) {
    if (this.place) {
      if (this.place.i === i) { this.place = null; return; }
      this.place.i = i;
      return;
    }
    super.selectHand(i);
  }
  activate(r, c) {
    const x = this.cellAt(r, c);
    if (!x) return false;
    if (this.place && this.place.r === r && this.place.c === c) { this.place = null; return true; }
    if (!x.letter) {
      if (this.selected === null) return false;
      this.place = { i: this.selected, r, c };
      this.claim = null;
      this.selected = null;
      return true;
    }
    if (!this.claim || this.claim.end) { this.claim = { start: { r, c }, end: null }; this.place = null; return true; }
    if (this.claim.start.r === r && this.claim.start.c === c) { this.claim = null; return true; }
    this.claim.end = { r, c };
    return true;
  }
  typeLetter(ch, cursor) {
    const x = this.cellAt(cursor.r, cursor.c);
    if (!x || x.letter) return { error: `${this.coord(cursor.r, cursor.c)} holds a tile: place yours on an empty cell.` };
    const i = this.hand.findIndex((t) => (t.letter || '').toUpperCase() === ch.toUpperCase());
    if (i < 0) return { error: `No ${ch.toUpperCase()} in your hand.` };
    this.place = { i, r: cursor.r, c: cursor.c };
    this.claim = null;
    return { cursor };
  }
  takeBack() {
    if (this.claim) {
      if (this.claim.end) this.claim.end = null;
      else this.claim = null;
      return {};
    }
    if (this.place) { const p = this.place; this.place = null; return { cursor: p }; }
    return null;
  }
  // line returns the cells from the claim's first to its last, or null
  // when they are not in a straight line.
  line() {
    const { start: s, end: e } = this.claim;
    const dr = Math.sign(e.r - s.r), dc = Math.sign(e.c - s.c);
    const n = Math.max(Math.abs(e.r - s.r), Math.abs(e.c - s.c));
    if (!(s.r === e.r || s.c === e.c || Math.abs(e.r - s.r) === Math.abs(e.c - s.c))) return null;
    const out = [];
    for (let k = 0; k <= n; k++) out.push({ r: s.r + k * dr, c: s.c + k * dc });
    return out;
  }
  notation() {
    if (this.place) return { move: `${this.hand[this.place.i].letter} ${this.coord(this.place.r, this.place.c)}` };
    if (!this.claim) return null;
    if (!this.claim.end) return { prompt: `Claim from ${this.coord(this.claim.start.r, this.claim.start.c)}: choose the word's last cell.` };
    const cells = this.line();
    if (!cells) return { error: 'A claimed word runs in a straight line: across, down or diagonal.' };
    let word = '';
    for (const p of cells) {
      const x = this.cellAt(p.r, p.c);
      if (!x.letter) return { error: `${this.coord(p.r, p.c)} is empty: a claimed word is a line of tiles.` };
      word += x.letter;
    }
    const { start: s, end: e } = this.claim;
    return { move: `${word.toUpperCase()} ${this.coord(s.r, s.c)}-${this.coord(e.r, e.c)}` };
  }
  load(text) {
    this.reset();
    const t = text.trim();
    let m = /^(\S+)\s+([a-z]\d+)-([a-z]\d+)$/i.exec(t);
    if (m) {
      this.claim = { start: this.parseCoord(m[2]), end: this.parseCoord(m[3]) };
      return true;
    }
    m = /^(\S+)\s+([a-z]\d+)$/i.exec(t);
    if (m) {
      const i = this.hand.findIndex((x) => (x.letter || '').toUpperCase() === m[1].toUpperCase());
      const p = this.parseCoord(m[2]);
      if (i < 0 || !p) return false;
      this.place = { i, ...p };
      return true;
    }
    return false;
  }
  actions() { return [{ key: 'end', label: 'End turn', move: 'end' }, ...super.actions()]; }
}

// PieceAdapter: a piece of the hand put on an empty cell: "TH5v c4", the
// piece as the hand writes it (WordFlow). Playing it announces every word
// it creates.
export class PieceAdapter extends Base {
  constructor(ctx) {
    super(ctx);
    this.help = 'Arrow keys move on the board; the number keys pick a piece of your hand, Space (or a piece\'s ' +
      'first letter) puts it on the cursor\'s cell, Backspace takes it back, Enter plays.';
  }
  reset() { super.reset(); this.place = null; }
  tokens() { return (this.view.hand_text || '').split(/\s+/).filter(Boolean); }
  pendingMap() {
    const m = new Map();
    if (this.place) m.set(`${this.place.r},${this.place.c}`, { piece: this.hand[this.place.i], letter: this.hand[this.place.i].letter });
    return m;
  }
  usedHand() { return new Set(this.place ? [this.place.i] : []); }
  hasPending() { return !!this.place; }
  free(r, c) { const x = this.cellAt(r, c); return !!x && !x.letter && !x.side; }
  selectHand(i) {
    if (this.place) {
      if (this.place.i === i) { this.place = null; this.selected = null; return; }
      this.place.i = i;
      return;
    }
    super.selectHand(i);
  }
  activate(r, c) {
    if (this.place && this.place.r === r && this.place.c === c) { this.place = null; return true; }
    if (!this.free(r, c)) return false;
    if (this.place) { this.place = { ...this.place, r, c }; return true; }
    if (this.selected === null) return false;
    this.place = { i: this.selected, r, c };
    this.selected = null;
    return true;
  }
  typeLetter(ch, cursor) {
    if (!this.free(cursor.r, cursor.c)) return { error: `${this.coord(cursor.r, cursor.c)} is not an empty cell.` };
    const cellParity = this.cellAt(cursor.r, cursor.c).parity;
    const ok = (t) => (t.letter || '').toUpperCase().startsWith(ch.toUpperCase());
    let i = this.hand.findIndex((t) => ok(t) && t.parity === cellParity);
    if (i < 0) i = this.hand.findIndex(ok);
    if (i < 0) return { error: `No piece starting with ${ch.toUpperCase()} in your hand.` };
    this.place = { i, r: cursor.r, c: cursor.c };
    this.selected = null;
    return { cursor };
  }
  takeBack() {
    if (!this.place) return null;
    const p = this.place;
    this.place = null;
    return { cursor: p };
  }
  notation() {
    if (!this.place) return null;
    const tok = this.tokens()[this.place.i];
    return { move: `${tok} ${this.coord(this.place.r, this.place.c)}` };
  }
  load(text) {
    this.reset();
    const m = /^(\S+)\s+([a-z]\d+)/i.exec(text.trim());
    if (!m) return false;
    const i = this.tokens().indexOf(m[1]);
    const p = this.parseCoord(m[2]);
    if (i < 0 || !p) return false;
    this.place = { i, ...p };
    return true;
  }
  fits(r, c) {
    const i = this.selected;
    if (i === null || i === undefined || !this.free(r, c)) return false;
    const t = this.hand[i];
    return !t.parity || t.parity === this.cellAt(r, c).parity;
  }
  actions() { return [{ key: 'pass', label: 'Pass', move: 'pass' }, ...super.actions()]; }
}

// TypedAdapter is for a game the page has no adapter for: its moves are
// typed in its notation, hints are played from the list.
export class TypedAdapter extends Base {
  constructor(ctx) {
    super(ctx);
    this.help = 'Type moves in the box below the board.';
  }
}

// The families of notation, by the registered game's name.
const FAMILIES = {
  wwf: (ctx) => new LineAdapter(ctx, {}),
  scrabble: (ctx) => new LineAdapter(ctx, {}),
  upwords: (ctx) => new LineAdapter(ctx, { stack: true, exchangeOne: true }),
  wordblock: (ctx) => new SpellAdapter(ctx),
  twoway: (ctx) => new ClaimAdapter(ctx),
  wordflow: (ctx) => new PieceAdapter(ctx),
};

// adapterFor returns the adapter of game name.
export function adapterFor(name, ctx) {
  return (FAMILIES[name] || ((c) => new TypedAdapter(c)))(ctx);
}
