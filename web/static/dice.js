"use strict";
// The board of a dice game, drawn from the tracks the rule file declares
// (state.tracks): two tracks that run the same points in opposite
// directions make a backgammon board (the points as triangles numbered from
// the viewer's side, the bar, both bear-off trays, pip counts and the dice);
// any other tracks are drawn on the board's own squares (Ludo's cross): the
// first square of each track as its player's base, the squares only one
// track visits (a home column) and its entry in the player's colour, safe
// squares with a star, and a tray past each track's end for the pieces
// that finished. A roll is played one piece at a time: the page works out,
// from the legal plays' moves of one piece by one die (state.legal[i].hops),
// where each die takes the piece clicked, shows the board as it would be,
// takes a piece move back with Undo, and sends the whole play when it is
// complete. It knows no game: everything comes from the tracks and the plays.

let turn = { at: -1, done: [], steps: [] }; // the piece moves made so far in this turn, and each click's count
let diceSel = null;                          // the square of the piece clicked, whose moves are shown
let autoRollAt = -1;                         // the version an automatic roll was sent for
const BG = { W: 50, H: 230, GAP: 46, BAR: 56, TRAY: 62, M: 24 };

function isDiceBoard() { return !!(state && state.tracks); }

// The viewer's side: the first seat it holds, else the player to move.
function diceMe() { return state.you.length > 0 ? state.you[0] : 0; }

// hopKey names a move of one piece by one die.
function hopKey(h) { return h.from + ">" + (h.to || "off"); }

// turnFresh forgets the piece moves of an earlier version.
function turnFresh() {
  if (turn.at !== state.version) { turn = { at: state.version, done: [], steps: [] }; diceSel = null; }
}

// remaining is what is left of play m once done is played, or null when
// done is not part of it.
function remaining(m, done) {
  const rest = m.hops.slice();
  for (const h of done) {
    const i = rest.findIndex((r) => hopKey(r) === hopKey(h));
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

// consistent are the legal plays that begin with the moves done, each with
// what is left of it, and whether its moves must be made in an order the
// rules allow move by move (state.dice.orders) or may come in any order.
// memo keeps what is worked out from the state and the moves done, until
// either changes (a render asks for it several times).
const memoKeep = { state: null, done: "", vals: new Map() };
function memo(name, f) {
  const done = turn.done.map(hopKey).join("|");
  if (memoKeep.state !== state || memoKeep.done !== done) { memoKeep.state = state; memoKeep.done = done; memoKeep.vals = new Map(); }
  if (!memoKeep.vals.has(name)) memoKeep.vals.set(name, f());
  return memoKeep.vals.get(name);
}
function consistent() { return memo("consistent", consistentNow); }
function consistentNow() {
  const out = [];
  const free = new Set((state.dice && state.dice.any_order) || []);
  state.legal.forEach((m, i) => {
    if (m.kind !== "play" || !m.hops) return;
    const rest = remaining(m, turn.done);
    if (rest && (free.has(i) || turn.done.length === 0 || ordered(turn.done))) out.push({ m, rest, free: free.has(i) });
  });
  return out;
}
let orderSet = null, orderSetFor = null;
// ordered reports whether the moves hs, in this order, are allowed.
function ordered(hs) {
  if (orderSetFor !== state) { orderSet = new Set((state.dice && state.dice.orders) || []); orderSetFor = state; }
  return orderSet.has(hs.map(hopKey).join("|"));
}

// cellsNow are the stacks of the board with the moves done so far played
// (square -> letters), and the pieces taken off by each player.
function cellsNow() { return memo("cells", cellsNowUnkept); }
function cellsNowUnkept() {
  const cells = new Map(state.cells.map((c) => [c.square, c.stack.split("")]));
  const off = state.players.map((p) => p.off);
  const mover = state.to_move;
  const mine = state.players[mover].code;
  for (const h of turn.done) {
    const from = cells.get(h.from) || [];
    let i = from.lastIndexOf(mine);
    if (i < 0) i = from.findIndex((l) => pieceInfo(l).owner === mover);
    const letter = i >= 0 ? from.splice(i, 1)[0] : mine;
    if (from.length === 0) cells.delete(h.from); else cells.set(h.from, from);
    if (!h.to) { off[mover]++; continue; }
    let to = cells.get(h.to) || [];
    if (h.hit) {
      // Hit pieces go back to their owners' first squares.
      for (const l of to.filter((l) => pieceInfo(l).owner !== mover)) {
        const o = pieceInfo(l).owner;
        const home = state.tracks.paths[o][0];
        cells.set(home, (cells.get(home) || []).concat([l]));
      }
      to = to.filter((l) => pieceInfo(l).owner === mover);
    }
    to.push(letter);
    cells.set(h.to, to);
  }
  return { cells, off };
}

// chainsFrom are the ways the piece on sq can move on: each die's move from
// there, and those moves continued by the same piece, as lists of moves.
function chainsFrom(sq) {
  const out = [];
  const seen = new Set();
  for (const { rest, free } of consistent()) {
    const walk = (at, left, acc) => {
      for (let i = 0; i < left.length; i++) {
        const h = left[i];
        if (h.from !== at) continue;
        const chain = acc.concat([h]);
        if (!free && !ordered(turn.done.concat(chain))) continue;
        const key = chain.map(hopKey).join(" ");
        if (!seen.has(key)) { seen.add(key); out.push(chain); }
        if (h.to) walk(h.to, left.slice(0, i).concat(left.slice(i + 1)), chain);
      }
    };
    walk(sq, rest, []);
  }
  return out;
}

// diceTargets maps each square the selected piece can reach ("off" past the
// end) to the shortest chain of moves that takes it there.
function diceTargets() {
  const t = new Map();
  if (!diceSel) return t;
  for (const c of chainsFrom(diceSel)) {
    const end = c[c.length - 1].to || "off";
    if (!t.has(end) || t.get(end).length > c.length) t.set(end, c);
  }
  return t;
}

// movable are the squares holding a piece that can move now.
function movable() { return memo("movable", movableNow); }
function movableNow() {
  const { cells } = cellsNow();
  const out = new Set();
  for (const { rest, free } of consistent()) {
    for (const h of rest) {
      if (!free && !ordered(turn.done.concat([h]))) continue;
      const st = cells.get(h.from);
      if (st && st.some((l) => pieceInfo(l).owner === state.to_move)) out.add(h.from);
    }
  }
  return out;
}

// diceLeft are the dice of the roll, each marked used or not by the moves
// done: a move uses the die of its length, or (off the end) the smallest
// die that reaches, or two dice whose sum it is, or else the largest left
// (a fixed count, as a 6 that brings a piece out one step).
function diceLeft() {
  const roll = state.dice ? state.dice.roll : [];
  if (roll.length === 0) return [];
  let faces = roll.slice();
  const most = Math.max(0, ...state.legal.filter((m) => m.hops).map((m) => m.hops.length));
  if (roll.length === 2 && roll[0] === roll[1] && most > 2) faces = [roll[0], roll[0], roll[0], roll[0]];
  if (state.dice.faces) faces = state.dice.faces.slice(); // a double's tops and bottoms
  const dice = faces.map((v) => ({ v, used: false }));
  const free = () => dice.filter((d) => !d.used);
  for (const h of turn.done) {
    const len = h.to_step - h.from_step;
    const f = free();
    let d = f.find((x) => x.v === len);
    if (!d && !h.to) d = f.filter((x) => x.v >= len).sort((a, b) => a.v - b.v)[0];
    if (!d && f.length >= 2) {
      const pair = f.find((a, i) => f.some((b, j) => j !== i && a.v + b.v === len));
      if (pair) { pair.used = true; const other = f.find((b) => b !== pair && !b.used && pair.v + b.v === len); if (other) other.used = true; continue; }
    }
    if (!d) d = f.sort((a, b) => b.v - a.v)[0];
    if (d) d.used = true;
  }
  return dice;
}

// ---- Drawing ----

function renderDice() {
  turnFresh();
  const svg = $("board");
  svg.textContent = "";
  pieceBy = new Map((state.pieces || []).map((p) => [p.letter, p]));
  svg.classList.remove("hexboard");
  svg.classList.add("diceboard");
  defs(svg);
  const now = cellsNow();
  if (state.tracks.layout === "backgammon") drawBackgammon(svg, now); else drawTracks(svg, now);
  panel();
  dicePanel();
}

// A checker seen from above, in its owner's colour and pattern.
function checker(g, cx, cy, owner, r, cls) {
  const mark = contrastOf(owner);
  el("circle", { cx, cy, r, fill: "url(#pat" + owner + ")", stroke: mark === "#222" ? "#555" : "#fff", "stroke-width": 1.5, class: "checker p" + owner + (cls ? " " + cls : "") }, g);
  if (PATTERNS[owner % 4] === "ring") el("circle", { cx, cy, r: r * 0.55, fill: "none", stroke: mark, "stroke-width": 2, "pointer-events": "none" }, g);
}

// ownersOn counts a stack's pieces by owner.
function ownersOn(stack) {
  const n = new Map();
  for (const l of stack || []) { const o = pieceInfo(l).owner; n.set(o, (n.get(o) || 0) + 1); }
  return n;
}

// The backgammon board, seen from the viewer: its home bottom right, its
// points numbered 1 to 24 from there, as its own notation numbers them.
function drawBackgammon(svg, now) {
  const me = diceMe(), opp = 1 - me;
  const path = state.tracks.paths[me];
  const n = path.length - 1, half = n / 2, q = half / 2;
  const { W, H, GAP, BAR, TRAY, M } = BG;
  const boardW = n / 2 * W + BAR, totalW = boardW + TRAY + 8;
  const top = M, bottom = M + 2 * H + GAP;
  svg.setAttribute("viewBox", `-4 0 ${totalW + 8} ${bottom + M}`);
  el("rect", { x: 0, y: top, width: boardW, height: 2 * H + GAP, class: "bg-frame" }, svg);
  const tgt = diceTargets();
  const mov = isMyTurn() ? movable() : new Set();
  const last = lastSquares();
  // Point k (1..n, the viewer's numbering) is step n+1-k of its track: x of its column.
  const colX = (k) => {
    let i; // column from the left, 0..half-1 in each row
    if (k > half) i = k - half - 1; else i = half - k;
    return i * W + (i >= q ? BAR : 0);
  };
  for (let k = 1; k <= n; k++) {
    const sq = path[n + 1 - k];
    const x = colX(k), up = k > half; // the top row points down
    const y0 = up ? top : bottom, tip = up ? top + H * 0.88 : bottom - H * 0.88;
    const cls = ["point", k % 2 ? "odd" : "even"];
    if (sq === diceSel) cls.push("selected");
    if (tgt.has(sq)) cls.push("target");
    if (last.has(sq)) cls.push("last");
    el("polygon", { points: `${x + 1},${y0} ${x + W - 1},${y0} ${x + W / 2},${tip}`, class: cls.join(" ") }, svg);
    const label = el("text", { x: x + W / 2, y: up ? top - 7 : bottom + 17, "text-anchor": "middle", class: "coord point-number" }, svg);
    label.textContent = k;
    const hit = el("rect", { x, y: up ? top : bottom - H, width: W, height: H, class: "hit" + (mov.has(sq) ? " movable" : "") + (tgt.has(sq) ? " target" : "") }, svg);
    hit.dataset.square = sq; hit.dataset.point = k;
    if (tgt.has(sq)) hit.dataset.chain = tgt.get(sq).length;
    stackOnPoint(svg, now.cells.get(sq), x + W / 2, up ? top + W / 2 - 3 : bottom - W / 2 + 3, up ? 1 : -1, sq, tgt);
  }
  // The bar: the opponent's checkers in its upper half, the viewer's below.
  const barX = q * W;
  el("rect", { x: barX, y: top, width: BAR, height: 2 * H + GAP, class: "bar" }, svg);
  for (const [pl, dir] of [[opp, 1], [me, -1]]) {
    const sq = state.tracks.paths[pl][0];
    const y = dir > 0 ? top + H - 40 : bottom - H + 40;
    const hit = el("rect", { x: barX, y: dir > 0 ? top : top + H + GAP / 2, width: BAR, height: H + GAP / 2, class: "hit" + (mov.has(sq) ? " movable" : "") }, svg);
    hit.dataset.square = sq; hit.dataset.bar = pl;
    stackOnPoint(svg, now.cells.get(sq), barX + BAR / 2, y, -dir, sq, tgt);
  }
  el("text", { x: barX + BAR / 2, y: top + H + GAP / 2 + 5, "text-anchor": "middle", class: "bar-label" }, svg).textContent = "BAR";
  // The trays, right of the board: the opponent's at the top, the viewer's below.
  const trayX = boardW + 8;
  for (const [pl, y] of [[opp, top], [me, top + H + GAP]]) {
    const cls = ["tray"];
    if (pl === state.to_move && tgt.has("off")) cls.push("target");
    const t = el("rect", { x: trayX, y, width: TRAY, height: H, rx: 4, class: cls.join(" ") }, svg);
    t.dataset.tray = pl;
    const count = now.off[pl];
    const shown = Math.min(count, 15);
    for (let i = 0; i < shown; i++) {
      const yy = pl === me ? y + H - 8 - i * 13 : y + 4 + i * 13;
      el("rect", { x: trayX + 8, y: yy, width: TRAY - 16, height: 10, rx: 3, fill: "url(#pat" + pl + ")", stroke: "#555", "pointer-events": "none" }, svg);
    }
    const label = el("text", { x: trayX + TRAY / 2, y: pl === me ? y - 6 : y + H + 16, "text-anchor": "middle", class: "tray-count", "data-off": pl }, svg);
    label.textContent = count + " off";
  }
  // Pip counts, at each side's edge of the board's middle.
  const pips = state.dice.pips;
  for (const [pl, y] of [[opp, top + H + 16], [me, top + H + GAP - 6]]) {
    el("text", { x: 6, y, class: "pips", "data-pips": pl }, svg).textContent = state.players[pl].name + " " + pips[pl] + " pips";
  }
  drawDiceOn(svg, barX + BAR + (q * W) / 2, top + H + GAP / 2);
  // The doubling cube's place: left of the board's middle, on the bar side
  // of whoever holds it; drawn when the state carries one (state.dice.cube).
  drawCube(svg, barX + BAR / 2, state.dice.cube);
}

// stackOnPoint draws a point's checkers from its edge (dir 1: downwards),
// five at most with the count on the last when there are more.
function stackOnPoint(svg, stack, cx, y, dir, sq, tgt) {
  if (!stack || stack.length === 0) return;
  const g = el("g", { class: "stack", "data-square": sq }, svg);
  const owners = ownersOn(stack);
  let i = 0;
  for (const [o, c] of owners) {
    for (let j = 0; j < Math.min(c, 5); j++, i++) {
      checker(g, cx, y + dir * i * (BG.W - 6) * 0.9, o, BG.W / 2 - 4, sq === diceSel && j === Math.min(c, 5) - 1 ? "selected" : "");
    }
    if (c > 5) {
      el("text", { x: cx, y: y + dir * (i - 1) * (BG.W - 6) * 0.9 + 5, "text-anchor": "middle", class: "count", fill: contrastOf(o) }, g).textContent = c;
    }
  }
}

// The dice to play, centred at cx, cy, the used ones faded; when the
// viewer is to roll, a die to click.
function drawDiceOn(svg, cx, cy) {
  const d = diceLeft();
  const S = 34;
  const g = el("g", { class: "dice" }, svg);
  if (d.length === 0) {
    if (state.dice.to_roll) {
      const b = el("g", { class: "roll-dice", "data-roll": "1" }, g);
      el("rect", { x: cx - 45, y: cy - 17, width: 90, height: 34, rx: 6, class: "roll-face" }, b);
      el("text", { x: cx, y: cy + 6, "text-anchor": "middle", class: "roll-text" }, b).textContent = "Roll";
    }
    return;
  }
  const x0 = cx - (d.length * (S + 8) - 8) / 2;
  d.forEach((die, i) => drawDie(g, x0 + i * (S + 8), cy - S / 2, S, die.v, die.used, state.to_move));
}

const PIPS = { 1: [[.5, .5]], 2: [[.25, .25], [.75, .75]], 3: [[.25, .25], [.5, .5], [.75, .75]], 4: [[.25, .25], [.75, .25], [.25, .75], [.75, .75]],
  5: [[.25, .25], [.75, .25], [.5, .5], [.25, .75], [.75, .75]], 6: [[.25, .2], [.75, .2], [.25, .5], [.75, .5], [.25, .8], [.75, .8]] };
function drawDie(g, x, y, s, v, used, owner) {
  const d = el("g", { class: "die" + (used ? " used" : ""), "data-die": v }, g);
  el("rect", { x, y, width: s, height: s, rx: 6, fill: colorOf(owner), stroke: "#222", "stroke-width": 1.5 }, d);
  const dots = PIPS[v];
  if (!dots) { el("text", { x: x + s / 2, y: y + s / 2 + 6, "text-anchor": "middle", fill: contrastOf(owner), class: "die-text" }, d).textContent = v; return; }
  for (const [fx, fy] of dots) el("circle", { cx: x + fx * s, cy: y + fy * s, r: s / 11, fill: contrastOf(owner) }, d);
}

// drawCube draws the doubling cube when the game has one. The cube's data
// (its value, who holds it) comes with the cube's own change to the server
// (state.dice.cube: {value, owner}, owner -1 in the middle); until then
// there is nothing to draw.
function drawCube(svg, cx, cube) {
  if (!cube) return;
  const { H, GAP, M } = BG;
  const me = diceMe();
  const y = cube.owner === me ? M + 2 * H + GAP - 44 : cube.owner >= 0 ? M + 4 : M + H + GAP / 2 - 18;
  const g = el("g", { class: "cube" }, svg);
  el("rect", { x: cx - 18, y, width: 36, height: 36, rx: 5, class: "cube-face" }, g);
  el("text", { x: cx, y: y + 24, "text-anchor": "middle", class: "cube-text" }, g).textContent = cube.value > 1 ? cube.value : 64;
}

function lastSquares() {
  const l = state.last;
  if (!l || !l.hops) return new Set();
  return new Set(l.hops.flatMap((h) => [h.from, h.to]).filter(Boolean));
}

// The other tracks: the board's squares where the grid puts them.
function drawTracks(svg, now) {
  const C = 40;
  const paths = state.tracks.paths;
  const sqs = state.board.squares;
  const minX = Math.min(...sqs.map((s) => s.x)), maxX = Math.max(...sqs.map((s) => s.x));
  const minY = Math.min(...sqs.map((s) => s.y)), maxY = Math.max(...sqs.map((s) => s.y));
  const P = (s) => [(s.x - minX + 1) * C, (maxY - s.y + 1) * C];
  svg.setAttribute("viewBox", `0 0 ${(maxX - minX + 3) * C} ${(maxY - minY + 3) * C + 24}`);
  const visits = new Map();
  paths.forEach((p, pl) => p.forEach((sq, i) => { if (!visits.has(sq)) visits.set(sq, []); visits.get(sq).push([pl, i]); }));
  // A track's home column: its squares after the last it shares with another track.
  const home = new Map();
  paths.forEach((p, pl) => {
    let i = p.length - 1;
    while (i > 1 && visits.get(p[i]).length === 1) home.set(p[i--], pl);
  });
  const safe = new Set(state.tracks.safe);
  const tgt = diceTargets();
  const mov = isMyTurn() ? movable() : new Set();
  const last = lastSquares();
  const byName = new Map(state.board.squares.map((s) => [s.name, s]));
  // The bases (each track's first square) first, large, so the rest draws over them.
  const bases = new Set(paths.map((p) => p[0]));
  const roomy = new Set(); // the bases large enough to hold their pieces apart
  for (const s of sqs) {
    const [x, y] = P(s);
    const v = visits.get(s.name) || [];
    const cls = ["tsq"];
    let fill = null;
    let size = C - 2, round = 3;
    if (bases.has(s.name)) {
      // A base: a large square of its player's colour, holding its pieces.
      cls.push("base");
      // As large as the free space round it allows (Ludo's corners), up to 2.8 cells.
      const pl = v.find(([, i]) => i === 0)[0];
      const near = Math.min(...sqs.filter((o) => o !== s).map((o) => Math.max(Math.abs(o.x - s.x), Math.abs(o.y - s.y))));
      size = Math.max(1, Math.min(2.8, 2 * near - 1)) * C - 2; round = 10;
      if (size >= 2 * C) roomy.add(s.name);
      const a = el("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: round, class: "base-area" }, svg);
      a.style.fill = colorOf(pl); a.style.fillOpacity = 0.35; a.style.stroke = colorOf(pl); a.style.strokeWidth = 3;
    } else if (home.has(s.name)) {
      fill = colorOf(home.get(s.name)); cls.push("home-column");
    } else if (v.length === 0) {
      cls.push("unused"); // on no track of the players playing
    } else {
      const entry = v.find(([, i]) => i === 1);
      if (entry) { fill = colorOf(entry[0]); cls.push("entry"); }
    }
    if (s.name === diceSel) cls.push("selected");
    if (tgt.has(s.name)) cls.push("target");
    if (last.has(s.name)) cls.push("last");
    if (mov.has(s.name)) cls.push("movable");
    const r = el("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: round, class: cls.join(" ") }, svg);
    if (fill) { r.style.fill = fill; r.style.fillOpacity = cls.includes("entry") ? 0.9 : 0.5; }
    r.dataset.square = s.name;
    if (tgt.has(s.name)) r.dataset.chain = tgt.get(s.name).length;
    if (safe.has(s.name)) el("text", { x, y: y + 7, "text-anchor": "middle", class: "safe-mark" }, svg).textContent = "★";
  }
  // The trays past each track's end, where finished pieces go: a cell on,
  // or less (and smaller) where two tracks end facing each other.
  const ends = paths.map((p) => {
    const a = byName.get(p[p.length - 1]), b = byName.get(p[p.length - 2]);
    if (!a || !b) return null;
    const [ax, ay] = P(a), [bx, by] = P(b);
    return { ax, ay, dx: ax - bx, dy: ay - by };
  });
  const trayAt = (e, f) => [e.ax + f * e.dx, e.ay + f * e.dy];
  const trays = ends.map((e, pl) => {
    if (!e) return null;
    const [x, y] = trayAt(e, 1);
    const close = ends.some((o, i) => o && i !== pl && Math.hypot(trayAt(o, 1)[0] - x, trayAt(o, 1)[1] - y) < 0.9 * C);
    return close ? trayAt(e, 0.6) : [x, y];
  });
  paths.forEach((p, pl) => {
    if (!trays[pl]) return;
    const [tx, ty] = trays[pl];
    const near = Math.min(Infinity, ...trays.filter((o, i) => o && i !== pl).map((o) => Math.hypot(o[0] - tx, o[1] - ty)));
    const r = Math.min(C * 0.45, near / 2 - 1);
    const cls = ["tray"];
    if (pl === state.to_move && tgt.has("off")) cls.push("target");
    const t = el("circle", { cx: tx, cy: ty, r, class: cls.join(" ") }, svg);
    t.style.fill = colorOf(pl);
    t.dataset.tray = pl;
    el("text", { x: tx, y: ty + 5, "text-anchor": "middle", class: "tray-count", fill: contrastOf(pl), "data-off": pl }, svg).textContent = now.off[pl];
  });
  for (const [sq, stack] of now.cells) {
    const s = byName.get(sq);
    if (!s) continue;
    const [x, y] = P(s);
    const g = el("g", { class: "stack", "data-square": sq }, svg);
    const owners = [...ownersOn(stack)];
    const big = roomy.has(sq);
    owners.forEach(([o, c], k) => {
      const shown = big ? Math.min(c, 4) : 1;
      for (let j = 0; j < shown; j++) {
        const dx = big ? (j % 2 ? 0.5 : -0.5) * C : (owners.length > 1 ? (k - (owners.length - 1) / 2) * 10 : 0);
        const dy = big ? (j < 2 ? -0.5 : 0.5) * C : 0;
        checker(g, x + dx, y + dy, o, big ? C * 0.32 : C * 0.36, sq === diceSel ? "selected" : "");
      }
      if (c > shown || (!big && c > 1)) {
        el("text", { x: x + (owners.length > 1 ? (k - (owners.length - 1) / 2) * 10 : 0), y: y + 5, "text-anchor": "middle", class: "count", fill: contrastOf(o) }, g).textContent = c;
      }
    });
  }
  for (const sq of tgt.keys()) {
    const s = byName.get(sq);
    if (!s) continue;
    const [x, y] = P(s);
    el("circle", { cx: x, cy: y, r: 7, class: "dot" }, svg);
  }
  const h = (maxY - minY + 3) * C;
  drawDiceOn(svg, (maxX - minX + 3) * C / 2, h + 2);
}

function isMyTurn() { return state.your_turn && !state.result.over && state.dice && state.dice.roll.length > 0; }

// ---- Playing ----

function diceClick(target) {
  if (!isDiceBoard()) return false;
  if (target.closest("[data-roll]")) { rollDice(); return true; }
  if (!isMyTurn()) return true;
  const tray = target.closest("[data-tray]");
  if (tray) {
    const t = diceTargets();
    if (diceSel && t.has("off") && Number(tray.dataset.tray) === state.to_move) return playChain(t.get("off"));
    // A tray clicked with no piece chosen: the one piece that can go off, if one.
    const offs = [...movable()].filter((sq) => chainsFrom(sq).some((c) => c.length === 1 && !c[0].to));
    if (offs.length === 1) { diceSel = offs[0]; return playChain(diceTargets().get("off")); }
    say(offs.length > 1 ? "Click the checker to bear off first." : "No checker can bear off now.");
    return true;
  }
  const s = target.closest("[data-square]");
  if (!s) return true;
  diceSquare(s.dataset.square);
  return true;
}

function diceSquare(sq) {
  const t = diceTargets();
  if (diceSel && t.has(sq)) return playChain(t.get(sq));
  if (sq === diceSel) { diceSel = null; renderDice(); return; }
  if (movable().has(sq)) { diceSel = sq; say(""); renderDice(); return; }
  diceSel = null;
  const { cells } = cellsNow();
  const st = cells.get(sq);
  if (st && st.some((l) => pieceInfo(l).owner === state.to_move)) say("That piece has no move with the dice left.");
  else if (st) say("That piece is not yours.");
  renderDice();
}

// playChain makes the moves of one piece, and sends the play when the roll
// is played out.
function playChain(chain) {
  turn.done.push(...chain);
  turn.steps.push(chain.length);
  diceSel = null;
  say("");
  const cs = consistent();
  const done = cs.filter((c) => c.rest.length === 0);
  if (done.length > 0 && done.length === cs.length) { play(done[0].m.text); return; }
  // The piece moved may go on: keep it chosen when it can.
  const at = chain[chain.length - 1].to;
  if (at && chainsFrom(at).length > 0 && movable().size === 1) diceSel = at;
  renderDice();
}

// undoHop takes back the last piece moved in this turn; false when none.
function undoHop() {
  if (!isDiceBoard() || turn.done.length === 0 || turn.at !== state.version) return false;
  const n = turn.steps.pop();
  turn.done.splice(turn.done.length - n, n);
  diceSel = null;
  say("");
  renderDice();
  return true;
}

// finishTurn plays what was moved as the whole play, where the rules allow
// stopping there (a piece brought home exactly, leaving a die).
function finishTurn() {
  const done = consistent().filter((c) => c.rest.length === 0);
  if (done.length > 0) play(done[0].m.text);
}

async function rollDice() {
  if (!state.dice || !state.dice.to_roll) return;
  const v = state.version;
  autoRollAt = v;
  const r = await post("/roll", {});
  if (r.ok) { if (state.version === v || r.body.version > state.version) { state = r.body; render(); } } else { say(r.body.error); refresh(); }
}

function autoRollOn() { return localStorage.getItem("stackrules:autoroll") === "1"; }

// dicePanel shows the dice game's parts of the panel: roll, auto-roll, the
// moves made so far, and the move list by turn.
function dicePanel() {
  const d = state.dice;
  const mine = state.you.length > 0;
  $("dice-tools").hidden = !mine;
  $("roll").hidden = !d.to_roll;
  $("auto-roll").checked = autoRollOn();
  $("finish-turn").hidden = !(isMyTurn() && turn.done.length > 0 && consistent().some((c) => c.rest.length === 0));
  $("undo").disabled = !(state.can_undo || turn.done.length > 0);
  $("bear-off").hidden = true; // (the tray is clicked instead)
  const notes = [];
  if (d.notice) notes.push(d.notice);
  if (d.to_roll) notes.push("Your roll: press Roll" + (autoRollOn() ? " (auto-roll is on)" : "") + ".");
  else if (isMyTurn()) {
    const left = diceLeft().filter((x) => !x.used).map((x) => x.v);
    if (turn.done.length > 0) notes.push("Moved " + turn.done.map((h) => hopText(h)).join(", ") + (left.length ? "; to play: " + left.join(", ") : "") + ". Undo takes the last back.");
    else if (d.bonus) notes.push("Bonus move of " + d.roll[0] + ": click the piece to take it.");
    else notes.push("Rolled " + d.roll.join("-") + ": click a checker to see where each die takes it.");
    if (diceSel) {
      const t = [...diceTargets().keys()];
      notes.push("From " + pointName(diceSel) + ": " + t.map(pointName).join(", ") + (t.includes("off") ? " (or click the tray)" : "") + ".");
    }
  }
  $("dice-note").textContent = notes.join(" ");
  // The move list, a turn a line: whose, the roll, the play.
  const ml = $("moves");
  ml.textContent = "";
  for (const t of d.turns) {
    const li = document.createElement("li");
    li.textContent = state.players[t.player].name + " " + (t.roll ? t.roll + ": " : "") + (t.play || "…");
    ml.appendChild(li);
  }
  ml.scrollTop = ml.scrollHeight;
  document.body.dataset.turns = d.turns.length;
  document.body.dataset.toRoll = d.to_roll;
  document.body.dataset.hops = turn.done.length;
  cubePanel();
  // Auto-roll waits while the player may double: Roll or Double is theirs.
  if (d.to_roll && autoRollOn() && autoRollAt !== state.version && !(d.cube && d.cube.may_double)) {
    autoRollAt = state.version;
    setTimeout(() => { if (state.dice && state.dice.to_roll && autoRollOn()) rollDice(); }, 250);
  }
}

// pointName is how the notation of the player to move names a square of
// its track: its point (the steps left to go) or its step from the start
// square, the track's first square by name, "off" past the end.
function pointName(sq) {
  if (sq === "off") return "off";
  const tr = state.tracks;
  const path = tr.paths[state.to_move];
  const i = path.indexOf(sq);
  if (i < 0) return sq;
  if (i === 0) return tr.start || sq;
  return String(tr.from_start ? i - 1 : path.length - i);
}

// typedHop plays typed text that is one piece's move of the turn (24/18,
// 3/8), written as the notation writes it; false when it is not one.
function typedHop(text) {
  if (!isDiceBoard() || !isMyTurn()) return false;
  const want = text.toLowerCase().replace(/\*/g, "");
  for (const sq of movable()) {
    for (const c of chainsFrom(sq)) {
      const t = pointName(sq) + "/" + pointName(c[c.length - 1].to || "off");
      if (t === want) { playChain(c); return true; }
    }
  }
  return false;
}
function hopText(h) { return pointName(h.from) + "/" + pointName(h.to || "off") + (h.hit ? "*" : ""); }

// cubePanel shows the doubling cube's part of the panel, in a game played
// with it: the match score, what the cube did last, and the buttons the
// viewer may press (double before rolling; take, beaver or drop when
// doubled; the match's next game once this one is over).
function cubePanel() {
  const c = state.dice.cube;
  $("cube-tools").hidden = !c;
  if (!c) return;
  const names = state.players.map((p) => p.name);
  const notes = [];
  if (c.length > 0) notes.push(`Match to ${c.length}: ${names[0]} ${c.score[0]}, ${names[1]} ${c.score[1]}` + (c.crawford ? " (the Crawford game: no doubling)." : "."));
  else notes.push("Money game.");
  notes.push(c.owner < 0 ? `Cube ${c.value > 1 ? c.value : 1}, in the middle.` : `Cube ${c.value}, ${names[c.owner]}'s.`);
  if (c.text) notes.push(c.text);
  if (c.offered && !c.answer) notes.push("Waiting for the answer to the double.");
  if (c.answer) notes.push(`Doubled to ${c.value * 2}: take (play on for ${c.value * 2}) or drop (lose ${c.value} now).`);
  if (state.result.over && c.points) notes.push(`${names[state.result.winner]} wins ${c.points} point${c.points === 1 ? "" : "s"}.`);
  if (c.match_over) notes.push(`${names[c.match_winner]} wins the match.`);
  $("cube-note").textContent = notes.join(" ");
  document.body.dataset.cube = c.value + (c.owner >= 0 ? "/" + c.owner : "") + (c.offered ? "/offered" : "");
  $("cube-double").hidden = !c.may_double;
  $("cube-take").hidden = !c.answer;
  $("cube-drop").hidden = !c.answer;
  $("cube-beaver").hidden = !(c.answer && c.beaver);
  const canNext = state.you.length > 0 && state.result.over && c.length > 0 && !c.match_over;
  $("cube-next").hidden = !canNext && !c.next_id;
  $("cube-next").textContent = c.next_id ? "Go to the next game" : "Next game";
  if (c.next_id && followNext !== c.next_id && state.you.length === 0) {
    followNext = c.next_id; // a watcher follows the match on
    setTimeout(() => { location.href = "/g/" + c.next_id; }, 1500);
  }
}
let followNext = null;

async function cubeAction(action) {
  const r = await post("/cube", { action });
  if (r.ok) { state = r.body; render(); } else { say(r.body.error); refresh(); }
}

async function nextGame() {
  const c = state.dice && state.dice.cube;
  if (c && c.next_id) { goNext(c.next_id); return; }
  const r = await post("/next", {});
  if (r.ok) goNext(r.body.id); else say(r.body.error);
}

// goNext opens the match's next game, keeping this page's seats (the same
// token holds them there).
function goNext(next) {
  localStorage.setItem("stackrules:token:" + next, token);
  location.href = "/g/" + next;
}

