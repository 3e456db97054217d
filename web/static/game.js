"use strict";
// The game page: draws the board from the geometry the server sends, and
// turns clicks (or drags, or typed notation) into moves. It knows no game:
// pieces are letters, a capital is a promoted piece, squares are names.
const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const id = location.pathname.split("/").pop();
const tokenKey = "stackrules:token:" + id;
let token = localStorage.getItem(tokenKey) || "";
let state = null;
let selected = null;      // the square a move starts from
let capPath = [];         // landing squares clicked so far in a capture
let pending = null;       // moves that differ only by what they remove, awaiting that choice
const CELL = 60;
// Each side gets a colour (its name's, when its name is a colour, as most
// rule files' player names are) and a pattern of its own, so that sides
// differ by more than colour.
const COLORS = ["#c62828", "#1e3a5f", "#2e7d32", "#f9a825"];
// A Map, not an object: a player may be named "Constructor", which an
// object lookup would find among its own members.
const NAMED = new Map(Object.entries({ red: "#c62828", blue: "#1e5aa8", black: "#222222", white: "#f2f2f2", green: "#2e7d32",
  yellow: "#f9c825", orange: "#ef6c00", purple: "#6a1b9a", brown: "#6d4c41", pink: "#e91e63" }));
const PATTERNS = ["solid", "ring", "dots", "stripes"];
function colorOf(i) {
  const p = state && state.players[i];
  return (p && NAMED.get(p.name.toLowerCase())) || COLORS[i % COLORS.length];
}
// The colour that shows on top of a side's colour.
function contrastOf(i) {
  const c = colorOf(i);
  const n = parseInt(c.slice(1), 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? "#222" : "#fff";
}

function ownerOf(letter) {
  const lower = letter.toLowerCase();
  return state.players.findIndex((p) => p.code === lower);
}
function isPromoted(letter) { return letter !== letter.toLowerCase(); }

async function api(path, opts = {}) {
  opts.headers = Object.assign({ "X-Token": token }, opts.headers || {});
  const r = await fetch("/api/games/" + id + path, opts);
  let body = null;
  try { body = await r.json(); } catch (e) { body = { error: "bad answer from the server" }; }
  return { ok: r.ok, status: r.status, body };
}
const post = (path, obj) => api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(obj || {}) });

function say(text) { $("message").textContent = text || ""; }

async function refresh() {
  const r = await api("");
  if (!r.ok) {
    $("status").textContent = r.body.error;
    if (r.status === 404 || r.status === 410) stopFollowing();
    return;
  }
  if (state && r.body.version < state.version) return;
  const moved = !state || state.version !== r.body.version;
  state = r.body;
  if (moved) { selected = null; capPath = []; pending = null; hideLift(); }
  render();
}

// flipped: the viewer sits at the top (plays only top-home sides).
function flipped() {
  const you = state.you;
  return you.length > 0 && you.every((i) => state.players[i].home === "top");
}

function xy(file, rank) {
  const b = state.board;
  const f = flipped() ? b.width - 1 - file : file;
  const r = flipped() ? rank : b.height - 1 - rank;
  return [CELL * (f + 0.5), CELL * (r + 0.5)];
}

function squareAt(name) { return state.board.squares.find((s) => s.name === name); }

// The moves that can be made by clicking from here, given the selection.
function movesFrom(sq) { return state.legal.filter((m) => m.from === sq); }
function targets() {
  if (pending) {
    const k = pending.done;
    return new Set(pending.moves.filter((m) => m.remove.length > k).map((m) => m.remove[k]));
  }
  if (!selected) return new Set(state.legal.filter((m) => m.kind === "place").map((m) => m.to));
  const out = new Set();
  for (const m of movesFrom(selected)) {
    if (m.kind === "step") out.add(m.to);
    if (m.kind === "capture" && prefixMatches(m)) {
      if (m.path.length > capPath.length) out.add(m.path[capPath.length]);
    }
  }
  return out;
}
function prefixMatches(m) { return capPath.every((s, i) => m.path[i] === s); }

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function defs(svg) {
  const d = el("defs", {}, svg);
  state.players.forEach((_, i) => {
    const p = el("pattern", { id: "pat" + i, width: 6, height: 6, patternUnits: "userSpaceOnUse" }, d);
    el("rect", { width: 6, height: 6, fill: colorOf(i) }, p);
    const mark = contrastOf(i);
    if (PATTERNS[i % 4] === "dots") el("circle", { cx: 3, cy: 3, r: 1.2, fill: mark, "fill-opacity": 0.7 }, p);
    if (PATTERNS[i % 4] === "stripes") el("path", { d: "M0,6 L6,0", stroke: mark, "stroke-opacity": 0.6, "stroke-width": 1.5 }, p);
  });
}

function drawDisc(g, cx, cy, owner, promoted, top) {
  const mark = contrastOf(owner);
  el("ellipse", { cx, cy: cy + 3, rx: 22, ry: 9, fill: "#000", "fill-opacity": 0.35 }, g);
  el("ellipse", { cx, cy, rx: 22, ry: 9, fill: "url(#pat" + owner + ")", stroke: mark === "#222" ? "#444" : "#fff", "stroke-width": 1.2, class: "disc p" + owner }, g);
  if (PATTERNS[owner % 4] === "ring") el("ellipse", { cx, cy, rx: 13, ry: 5, fill: "none", stroke: mark, "stroke-width": 2 }, g);
  if (promoted && top) {
    const t = el("text", { x: cx, y: cy + 5, "text-anchor": "middle", class: "crown", fill: mark === "#222" ? "#b8860b" : "#ffd54f" }, g);
    t.textContent = "♛";
  }
}

// drawLines draws the board's lines between the centres of their points.
function drawLines(svg, cls) {
  for (const line of state.board.lines) {
    const pts = line.map((n) => { const s = squareAt(n); return xy(s.file, s.rank).join(","); });
    el("polyline", { points: pts.join(" "), class: cls }, svg);
  }
}

// drawGraph draws a board of points joined by lines (Morris).
function drawGraph(svg, tgt, last) {
  const b = state.board;
  el("rect", { x: 0, y: 0, width: b.width * CELL, height: b.height * CELL, class: "graph-bg" }, svg);
  drawLines(svg, "line");
  for (const s of b.squares) {
    const [cx, cy] = xy(s.file, s.rank);
    const cls = ["pt"];
    if (last.has(s.name)) cls.push("last");
    if (s.name === selected) cls.push("selected");
    if (tgt.has(s.name)) cls.push("target");
    const r = el("rect", { x: cx - CELL / 2 + 6, y: cy - CELL / 2 + 6, width: CELL - 12, height: CELL - 12, rx: CELL / 2, class: "hit " + cls.join(" ") }, svg);
    r.dataset.square = s.name;
    el("circle", { cx, cy, r: 9, class: cls.join(" ") + " dotpt" }, svg);
  }
}

function render() {
  const b = state.board;
  const svg = $("board");
  svg.textContent = "";
  svg.setAttribute("viewBox", `-24 -6 ${b.width * CELL + 30} ${b.height * CELL + 30}`);
  defs(svg);
  const playing = new Map(b.squares.map((s) => [s.file + "," + s.rank, s]));
  const tgt = targets();
  const last = state.last ? new Set([state.last.from, state.last.to, ...(state.last.path || []), ...(state.last.remove || [])].filter(Boolean)) : new Set();
  if (b.graph) {
    drawGraph(svg, tgt, last);
  } else for (let rank = 0; rank < b.height; rank++) {
    for (let file = 0; file < b.width; file++) {
      const [cx, cy] = xy(file, rank);
      const sq = playing.get(file + "," + rank);
      const cls = ["sq", sq ? "play" : "off"];
      if (sq && last.has(sq.name)) cls.push("last");
      if (sq && sq.name === selected) cls.push("selected");
      if (sq && tgt.has(sq.name)) cls.push("target");
      const r = el("rect", { x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL, class: cls.join(" ") }, svg);
      if (sq) { r.dataset.square = sq.name; }
    }
  }
  if (!b.graph) drawLines(svg, "extra-line");
  // Coordinates along the edges.
  for (let file = 0; file < b.width; file++) {
    const [cx] = xy(file, 0);
    el("text", { x: cx, y: b.height * CELL + 16, "text-anchor": "middle", class: "coord" }, svg).textContent = String.fromCharCode(97 + file);
  }
  for (let rank = 0; rank < b.height; rank++) {
    const [, cy] = xy(0, rank);
    el("text", { x: -12, y: cy + 4, "text-anchor": "middle", class: "coord" }, svg).textContent = String(rank + 1);
  }
  for (const c of state.cells) {
    const s = squareAt(c.square);
    const [cx, cy] = xy(s.file, s.rank);
    const g = el("g", { class: "stack", "data-square": c.square }, svg);
    const title = el("title", {}, g);
    title.textContent = c.square + ", bottom to top: " + [...c.stack].map((l) => state.players[ownerOf(l)].name + (isPromoted(l) ? " (promoted)" : "")).join(", ");
    const shown = c.stack.slice(-7);
    const step = Math.min(6, 30 / Math.max(1, shown.length));
    const base = cy + (shown.length - 1) * step / 2;
    [...shown].forEach((l, i) => drawDisc(g, cx, base - i * step, ownerOf(l), isPromoted(l), i === shown.length - 1));
    if (c.stack.length > 2) {
      el("circle", { cx: cx + 21, cy: cy - 20, r: 9, class: "badge" }, g);
      el("text", { x: cx + 21, y: cy - 16, "text-anchor": "middle", class: "badge-text" }, g).textContent = c.stack.length;
    }
  }
  for (const sqName of tgt) {
    const s = squareAt(sqName);
    const [cx, cy] = xy(s.file, s.rank);
    el("circle", { cx, cy, r: 8, class: "dot", "data-square": sqName }, svg);
  }
  panel();
}

function panel() {
  // For scripts and tests: what the page shows, in attributes.
  document.body.dataset.version = state.version;
  document.body.dataset.plies = state.history.length;
  document.body.dataset.over = state.result.over;
  $("title").textContent = state.title;
  document.title = state.title + " · stackrules";
  const o = state.result;
  let status;
  if (o.over) status = o.text;
  else if (state.your_turn) status = "Your move (" + state.players[state.to_move].name + ")";
  else status = state.players[state.to_move].name + " to move";
  $("status").textContent = status;
  $("thinking").hidden = !state.thinking;
  $("thinking-text").textContent = state.thinking ? "AI thinking (" + state.ai_level + ")…" : "";
  const pl = $("players");
  pl.textContent = "";
  state.players.forEach((p, i) => {
    const d = document.createElement("div");
    d.className = "player" + (i === state.to_move && !o.over ? " to-move" : "");
    const sw = document.createElementNS(SVGNS, "svg");
    sw.setAttribute("viewBox", "-24 -12 48 24"); sw.setAttribute("class", "swatch");
    defs(sw); drawDisc(sw, 0, 0, i, false, true);
    d.appendChild(sw);
    const who = state.you.includes(i) ? "you" : p.seat + (p.seat === "human" && !p.taken ? ", seat open" : "");
    let counts = p.on_board + " on the board";
    if (state.has_bear_off) counts += ", " + p.off + " borne off";
    if (state.has_captures) counts += ", " + p.captured + " captured";
    if (p.in_hand > 0) counts += ", " + p.in_hand + " in hand";
    if (p.place) counts += ", " + p.place + " place";
    const t = document.createElement("span");
    t.textContent = `${p.name} (${who}): ${counts}`;
    d.appendChild(t);
    pl.appendChild(d);
  });
  const ml = $("moves");
  ml.textContent = "";
  const n = state.players.length;
  for (let i = 0; i < state.history.length; i += n) {
    const li = document.createElement("li");
    li.textContent = state.history.slice(i, i + n).join("  ");
    ml.appendChild(li);
  }
  ml.scrollTop = ml.scrollHeight;
  $("position").textContent = state.position;
  $("download").href = "/api/games/" + id + "/record";
  const mine = state.you.length > 0;
  $("undo").hidden = !mine;
  $("undo").disabled = !state.can_undo;
  $("resign").hidden = !mine || o.over;
  $("typed").hidden = !state.your_turn;
  $("pass").hidden = !state.legal.some((m) => m.kind === "pass");
  $("bear-off").hidden = !(selected && movesFrom(selected).some((m) => m.kind === "bear_off"));
  const open = state.open_seats.length > 0 && mine;
  $("share").hidden = !open;
  if (open) $("share-link").value = location.origin + "/g/" + id + "?join=1";
  if (state.last_error) say(state.last_error);
}

async function play(text) {
  say("");
  const r = await post("/move", { move: text });
  if (!r.ok) {
    say(r.body.explain || r.body.error);
    selected = null; capPath = []; render();
    return;
  }
  state = r.body; selected = null; capPath = []; render();
}

function hideLift() { $("lift").hidden = true; }
function chooseLift(moves) {
  const box = $("lift-buttons");
  box.textContent = "";
  for (const m of moves) {
    const b = document.createElement("button");
    b.textContent = m.lift === 0 ? "all" : String(m.lift);
    b.dataset.move = m.text;
    b.addEventListener("click", () => { hideLift(); play(m.text); });
    box.appendChild(b);
  }
  $("lift").hidden = false;
}

// choose plays a move among candidates that differ only in what they remove,
// asking which piece to remove when there is a choice.
function choose(cands) {
  if (cands.length === 1 && cands.every((m) => !m.remove)) return play(cands[0].text);
  if (cands.some((m) => m.remove)) {
    pending = { moves: cands.map((m) => Object.assign({ remove: [] }, m)), done: 0 };
    if (pending.moves.length === 1 && pending.moves[0].remove.length === 0) { const t = pending.moves[0].text; pending = null; return play(t); }
    say("Choose a piece to remove.");
    render();
    return;
  }
  return chooseLift(cands);
}

function clickSquare(sq) {
  if (!state || !state.your_turn) return;
  hideLift();
  if (pending) {
    const k = pending.done;
    const left = pending.moves.filter((m) => m.remove[k] === sq);
    if (left.length === 0) { pending = null; say(""); selected = null; render(); return; }
    pending = { moves: left, done: k + 1 };
    const finished = left.filter((m) => m.remove.length === k + 1);
    if (finished.length === 1 && left.length === 1) { pending = null; return play(finished[0].text); }
    render();
    return;
  }
  if (!selected) {
    const places = state.legal.filter((m) => m.kind === "place" && m.to === sq);
    if (places.length > 0 && movesFrom(sq).length === 0) return choose(places);
  }
  if (selected && targets().has(sq)) {
    const from = movesFrom(selected);
    const steps = from.filter((m) => m.kind === "step" && m.to === sq && capPath.length === 0);
    if (steps.some((m) => m.remove)) return choose(steps);
    if (steps.length === 1) return play(steps[0].text);
    if (steps.length > 1) return chooseLift(steps);
    capPath.push(sq);
    const caps = from.filter((m) => m.kind === "capture" && prefixMatches(m));
    const done = caps.filter((m) => m.path.length === capPath.length);
    if (done.length === 1 && caps.length === 1) return play(done[0].text);
    if (done.length >= 1 && caps.every((m) => m.path.length === capPath.length)) return play(done[0].text);
    render();
    return;
  }
  if (sq === selected) { selected = null; capPath = []; render(); return; }
  if (movesFrom(sq).length > 0) { selected = sq; capPath = []; render(); return; }
  if (selected) {
    // Not a destination: ask the server why, with the explain text.
    const text = capPath.length > 0 ? [selected, ...capPath, sq].join("x") : selected + "-" + sq;
    return play(text);
  }
  if (state.cells.some((c) => c.square === sq)) {
    say("No legal move from " + sq + ".");
  }
}

let dragFrom = null;
$("board").addEventListener("pointerdown", (ev) => {
  const sq = ev.target.closest("[data-square]");
  dragFrom = sq ? sq.dataset.square : null;
});
$("board").addEventListener("pointerup", (ev) => {
  const t = document.elementFromPoint(ev.clientX, ev.clientY);
  const sqEl = t && t.closest("[data-square]");
  const sq = sqEl ? sqEl.dataset.square : null;
  if (!sq) return;
  if (dragFrom && sq !== dragFrom && !selected && movesFrom(dragFrom).length > 0) {
    selected = dragFrom; capPath = [];
  }
  dragFrom = null;
  clickSquare(sq);
});

$("typed").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const t = $("move-input").value.trim();
  if (t) { $("move-input").value = ""; play(t); }
});
$("pass").addEventListener("click", () => play("pass"));
$("bear-off").addEventListener("click", () => {
  const m = movesFrom(selected).find((m) => m.kind === "bear_off");
  if (m) play(m.text);
});
$("undo").addEventListener("click", async () => {
  const r = await post("/undo");
  if (!r.ok) say(r.body.error); else { state = r.body; say(""); render(); }
});
$("resign").addEventListener("click", async () => {
  if (!confirm("Resign this game?")) return;
  const r = await post("/resign");
  if (!r.ok) say(r.body.error); else { state = r.body; render(); }
});
$("copy-position").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(state.position));
$("copy-share").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("share-link").value));
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") { selected = null; capPath = []; pending = null; hideLift(); if (state) render(); }
});

async function join() {
  const r = await fetch("/api/games/" + id + "/join", { method: "POST", headers: { "Content-Type": "application/json", "X-Token": token }, body: "{}" });
  const body = await r.json();
  if (r.ok) { token = body.token; localStorage.setItem(tokenKey, token); }
  else say(body.error);
  history.replaceState(null, "", "/g/" + id);
}

// Following the game: an event stream says when it changed. When the
// server refuses one (it follows as many pages as it will) or the stream
// ends for good, the page checks every few seconds instead and tries a
// stream again a minute later.
let events = null, polling = null, gone = false;
function follow() {
  if (gone) return;
  events = new EventSource("/api/games/" + id + "/events");
  events.addEventListener("version", (ev) => {
    if (polling) { clearInterval(polling); polling = null; }
    if (!state || Number(ev.data) !== state.version) refresh();
  });
  events.addEventListener("error", () => {
    if (events.readyState !== EventSource.CLOSED || gone) return;
    events = null;
    if (!polling) polling = setInterval(refresh, 5000);
    setTimeout(follow, 60000);
    refresh();
  });
}
function stopFollowing() {
  gone = true;
  if (events) { events.close(); events = null; }
  if (polling) { clearInterval(polling); polling = null; }
}

async function main() {
  if (new URLSearchParams(location.search).has("join") && !token) await join();
  await refresh();
  follow();
}
main();
