// Drawing boards, tiles and pieces from a game.View's cells alone: a
// cell's fields say what it is (a premium square, a stack, an owned or
// secured cell, a WordFlow piece), never the game's name.

const SVG = 'http://www.w3.org/2000/svg';

export const PREMIUMS = {
  TW: 'triple word', DW: 'double word', TL: 'triple letter', DL: 'double letter', start: 'start square',
};

// isPiece reports whether c is a jigsaw piece or a cell waiting for one
// (WordFlow): it has a parity, a straight side or arrows.
export function isPiece(c) {
  return !!(c && (c.parity || c.side || c.arrows));
}

// el makes an element with classes and text.
export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function svgEl(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

// parityAt is the parity of cell (r, c): its own, or the checkerboard's
// for a corner ("*", which fits either).
function parityAt(cell, r, c) {
  if (cell.parity === 'A' || cell.parity === 'B') return cell.parity;
  return (r + c) % 2 === 0 ? 'A' : 'B';
}

// jigsawPath is the outline of a piece in a 100x100 box: a square with a
// tab out (parity A) or a slot in (parity B) on each side that is not
// straight. straight holds the straight sides' letters (N, E, S, W).
function jigsawPath(parity, straight) {
  const lo = 14, hi = 86, a = 40, b = 60, r = 10;
  const sweep = parity === 'A' ? 1 : 0; // clockwise travel: sweep 1 bulges outward
  const side = (s, x1, y1, xa, ya, xb, yb) => straight.includes(s)
    ? `L ${x1} ${y1}`
    : `L ${xa} ${ya} A ${r} ${r} 0 0 ${sweep} ${xb} ${yb} L ${x1} ${y1}`;
  return [
    `M ${lo} ${lo}`,
    side('N', hi, lo, a, lo, b, lo),
    side('E', hi, hi, hi, a, hi, b),
    side('S', lo, hi, b, hi, a, hi),
    side('W', lo, lo, lo, b, lo, a),
    'Z',
  ].join(' ');
}

// pieceSVG draws a WordFlow piece (or, empty, the slot a piece of the
// cell's parity fills): its outline, label, points, arrows and straight
// sides.
export function pieceSVG(cell, r, c, opts = {}) {
  const s = svgEl('svg', { viewBox: '0 0 100 100', class: 'piece-svg', 'aria-hidden': 'true', focusable: 'false' });
  const straight = cell.side || '';
  const parity = r === undefined ? (cell.parity === 'B' ? 'B' : 'A') : parityAt(cell, r, c);
  const empty = !cell.letter && !cell.side;
  const path = svgEl('path', { d: jigsawPath(parity, straight), class: empty ? 'slot' : 'piece-body' });
  s.append(path);
  if (empty) {
    const t = svgEl('text', { x: 50, y: 52, class: 'slot-label' });
    t.textContent = parity;
    s.append(t);
    return s;
  }
  // Straight sides drawn heavier: the puzzle's frame.
  const edges = { N: [14, 14, 86, 14], E: [86, 14, 86, 86], S: [14, 86, 86, 86], W: [14, 14, 14, 86] };
  for (const k of straight) {
    if (edges[k]) {
      const [x1, y1, x2, y2] = edges[k];
      s.append(svgEl('line', { x1, y1, x2, y2, class: 'frame-side' }));
    }
  }
  if (cell.letter) {
    const big = cell.letter.length > 1;
    const t = svgEl('text', { x: 47, y: 53, class: big ? 'piece-label bigram' : 'piece-label' });
    t.textContent = cell.letter;
    s.append(t);
  }
  if (cell.points) {
    const t = svgEl('text', { x: 74, y: 29, class: 'piece-points' });
    t.textContent = String(cell.points);
    s.append(t);
  }
  const ar = cell.arrows || '';
  if (ar === 'right' || ar === 'both') s.append(svgEl('polygon', { points: '71,41 83,50 71,59', class: 'arrow' }));
  if (ar === 'down' || ar === 'both') s.append(svgEl('polygon', { points: '41,71 50,83 59,71', class: 'arrow' }));
  if (opts.pending) path.classList.add('pending');
  return s;
}

// arrowWords says a piece's arrows in words.
export function arrowWords(a) {
  return { right: 'arrow right', down: 'arrow down', both: 'arrows right and down' }[a] || 'no arrows';
}

const SIDES = { N: 'top', E: 'right', S: 'bottom', W: 'left' };

// sideWords says a piece's straight sides in words ("top edge", "top-left corner").
function sideWords(side) {
  if (!side) return '';
  if (side.length === 2) return `${SIDES[side[0]]}-${SIDES[side[1]]} corner`;
  return `${SIDES[side]} edge`;
}

// describePiece says a piece in words, for screen readers.
export function describePiece(p) {
  const parts = [];
  if (p.letter) parts.push(p.letter);
  if (p.points) parts.push(`${p.points} point${p.points === 1 ? '' : 's'}`);
  if (p.side) parts.push(sideWords(p.side));
  if (p.letter) parts.push(arrowWords(p.arrows));
  if (p.parity === 'A' || p.parity === 'B') parts.push(`parity ${p.parity}`);
  return parts.join(', ');
}

// tileFace fills e with a tile's face: its letter (a blank's in lower
// case) and points.
export function tileFace(e, t) {
  const letter = t.letter === '?' ? '' : t.letter;
  e.append(el('span', 'letter', t.blank && letter ? letter.toLowerCase() : letter));
  if (t.points) e.append(el('span', 'points', String(t.points)));
}

// describeTile says a rack tile in words.
export function describeTile(t) {
  if (isPiece(t)) return describePiece(t);
  if (t.blank) return 'blank';
  return t.points ? `${t.letter}, ${t.points} point${t.points === 1 ? '' : 's'}` : t.letter;
}

// drawBoard draws m.view's board into grid (a role=grid element): one
// row element per board row and one gridcell per square, the cursor's
// square the one in the tab order.
//
// m: view; coord(r, c), the square's name; pending, a Map of "r,c" to
// what the player put there this turn ({letter, blank, piece}); picked,
// a Map of "r,c" to its place in a word being spelled or claimed; fits(r,
// c), squares to highlight; cursor {r, c}; dir, 'across' or 'down' for a
// typing direction (null: none); colours, the seats' colour names;
// ownColour, the viewer's colour (2 Way Words' faces).
export function drawBoard(grid, m) {
  const v = m.view;
  const hadFocus = grid.contains(document.activeElement);
  grid.replaceChildren();
  grid.style.setProperty('--cols', v.cols);
  grid.style.setProperty('--rows', v.rows);
  grid.dataset.game = v.game;
  grid.setAttribute('aria-rowcount', v.rows);
  grid.setAttribute('aria-colcount', v.cols);
  let cursorCell = null;
  for (let r = 0; r < v.rows; r++) {
    const row = el('div', 'row');
    row.setAttribute('role', 'row');
    for (let c = 0; c < v.cols; c++) {
      const cell = v.cells[r * v.cols + c] || {};
      const key = `${r},${c}`;
      const sq = drawSquare(cell, r, c, m, m.pending.get(key), m.picked.get(key));
      if (m.fits && m.fits(r, c)) sq.classList.add('fits');
      const here = m.cursor && m.cursor.r === r && m.cursor.c === c;
      sq.tabIndex = here ? 0 : -1;
      if (here) {
        sq.classList.add('cursor');
        if (m.dir) sq.dataset.dir = m.dir;
        cursorCell = sq;
      }
      row.append(sq);
    }
    grid.append(row);
  }
  if (hadFocus && cursorCell) cursorCell.focus({ preventScroll: true });
}

function drawSquare(cell, r, c, m, pend, pick) {
  const sq = el('div', 'sq');
  sq.setAttribute('role', 'gridcell');
  sq.dataset.r = r;
  sq.dataset.c = c;
  sq.dataset.coord = m.coord(r, c);
  const words = [m.coord(r, c)];
  const piece = isPiece(cell) || (pend && pend.piece && isPiece(pend.piece));
  if (cell.premium && cell.premium !== 'start') sq.classList.add(`prem-${cell.premium}`);
  if (cell.start) sq.classList.add('start');
  if (cell.owner !== undefined && cell.owner !== null) {
    sq.classList.add('owned', `own-${cell.owner}`);
    if (cell.secured) sq.classList.add('secured');
  }
  if (cell.last) sq.classList.add('last');

  if (piece) {
    sq.classList.add('piece-sq');
    const shown = pend && pend.piece ? { ...pend.piece, side: '' } : cell;
    sq.append(pieceSVG(shown, r, c, { pending: !!pend }));
    if (pend) {
      sq.classList.add('pending');
      words.push(`your piece ${describePiece(pend.piece)}, not played yet`);
    } else if (cell.letter || cell.side) {
      sq.classList.add('filled');
      words.push(describePiece(cell) || 'corner');
    } else {
      words.push(`empty, takes parity ${parityAt(cell, r, c)} pieces`);
    }
  } else {
    const showLetter = pend ? pend.letter : cell.letter;
    if (showLetter) {
      sq.classList.add('filled');
      const blank = pend ? pend.blank : cell.blank;
      const t = { letter: showLetter, blank, points: pend ? pend.points : cell.points };
      tileFace(sq, t);
      if (blank) sq.classList.add('blank');
    } else if (cell.premium && cell.premium !== 'start') {
      sq.append(el('span', 'prem-label', cell.premium));
    } else if (cell.start) {
      sq.append(el('span', 'start-mark', '★'));
    }
    if (cell.height) {
      // A stack (Upwords): its height, one more with a tile put on it.
      const h = cell.height + (pend ? 1 : 0);
      sq.classList.add('stack', `h${Math.min(h, 5)}`);
      sq.append(el('span', 'height', String(h)));
    }
    if (pend) {
      sq.classList.add('pending');
      const what = pend.blank ? `blank as ${pend.letter}` : pend.letter;
      words.push(cell.letter ? `your ${what} on ${cell.letter}, not played yet` : `your ${what}, not played yet`);
    } else if (cell.letter) {
      let w = cell.blank ? `${cell.letter} (blank)` : cell.letter;
      if (cell.points) w += `, ${cell.points} point${cell.points === 1 ? '' : 's'}`;
      words.push(w);
    } else {
      words.push('empty');
    }
    if (cell.height) words.push(`stack of ${cell.height}`);
    if (cell.premium) words.push(PREMIUMS[cell.premium] || cell.premium);
    else if (cell.start) words.push('centre square');
  }
  if (cell.owner !== undefined && cell.owner !== null) {
    const name = (m.colours && m.colours[cell.owner]) || `player ${cell.owner + 1}`;
    words.push(cell.secured ? `${name}, secured` : name);
  } else if (cell.letter && m.ownsCells) {
    words.push('uncoloured');
  }
  if (pick !== undefined) {
    sq.classList.add('picked');
    sq.append(el('span', 'pick-no', String(pick + 1)));
    words.push(`chosen, letter ${pick + 1} of the word`);
  }
  if (cell.last) words.push('last move');
  sq.setAttribute('aria-label', words.join(', '));
  return sq;
}
