"use strict";
// The game page: draws the board from the geometry the server sends
// (board.js), and turns clicks (or drags, or typed notation) into moves,
// a spread drop by drop (spread.js). It knows no game: pieces are letters
// whose owner and kind the server lists, squares are names placed by the
// coordinates it sends (on a grid, on lines, or in hexes).
const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const id = location.pathname.split("/").pop();
const tokenKey = "stackrules:token:" + id;
let token = localStorage.getItem(tokenKey) || "";
let state = null;
let selected = null;      // the square a move starts from
let capPath = [];         // landing squares clicked so far in a capture
let pending = null;       // moves that differ only by what they remove, awaiting that choice
let noAutoPass = -1;      // the version at which this page undid: no automatic pass there
let autoPassAt = -1;      // the version an automatic pass was sent for

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
  if (moved) { selected = null; capPath = []; pending = null; spread = null; hideLift(); }
  render();
}

// The moves that can be made by clicking from here, given the selection.
function movesFrom(sq) { return state.legal.filter((m) => m.from === sq); }
function targets() {
  if (pending) {
    const k = pending.done;
    return new Set(pending.moves.filter((m) => m.remove.length > k).map((m) => m.remove[k]));
  }
  if (spread) return spreadTargets();
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

function render() {
  if (isDiceBoard()) return renderDice();
  const b = state.board;
  const svg = $("board");
  svg.textContent = "";
  svg.classList.remove("diceboard");
  pieceBy = new Map((state.pieces || []).map((p) => [p.letter, p]));
  svg.setAttribute("viewBox", `-24 -6 ${b.width * CELL + 30} ${b.height * CELL + 30}`);
  svg.classList.toggle("hexboard", !!b.hex);
  defs(svg);
  const playing = new Map(b.squares.map((s) => [s.file + "," + s.rank, s]));
  const tgt = targets();
  const last = state.last ? new Set([state.last.from, state.last.to, ...(state.last.path || []), ...(state.last.remove || [])].filter(Boolean)) : new Set();
  if (b.hex) {
    hexBox = { minX: Math.min(...b.squares.map((s) => s.x)), maxX: Math.max(...b.squares.map((s) => s.x)),
      minY: Math.min(...b.squares.map((s) => s.y)), maxY: Math.max(...b.squares.map((s) => s.y)) };
    drawHex(svg, tgt, last);
  } else if (b.graph) {
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
      // A draughts board's square number, in the corner, as on a printed diagram.
      if (sq && sq.number) el("text", { x: cx - CELL / 2 + 3, y: cy - CELL / 2 + 11, class: "sqnum" }, svg).textContent = String(sq.number);
    }
  }
  if (!b.graph && !b.hex) drawLines(svg, "extra-line");
  // Coordinates along the edges.
  if (!b.hex) {
    for (let file = 0; file < b.width; file++) {
      const [cx] = xy(file, 0);
      el("text", { x: cx, y: b.height * CELL + 16, "text-anchor": "middle", class: "coord" }, svg).textContent = String.fromCharCode(97 + file);
    }
    for (let rank = 0; rank < b.height; rank++) {
      const [, cy] = xy(0, rank);
      el("text", { x: -12, y: cy + 4, "text-anchor": "middle", class: "coord" }, svg).textContent = String(rank + 1);
    }
  }
  for (const c of state.cells) {
    const s = squareAt(c.square);
    const [cx, cy] = pos(s);
    const g = el("g", { class: "stack", "data-square": c.square }, svg);
    const title = el("title", {}, g);
    const infos = [...c.stack].map(pieceInfo);
    title.textContent = c.square + ", bottom to top: " + infos.map(pieceText).join(", ");
    const shown = infos.slice(-7);
    const step = Math.min(6, 30 / Math.max(1, shown.length));
    const base = cy + (shown.length - 1) * step / 2;
    shown.forEach((info, i) => drawPiece(g, cx, base - i * step, info, i === shown.length - 1));
    if (c.stack.length > 2) {
      el("circle", { cx: cx + 21, cy: cy - 20, r: 9, class: "badge" }, g);
      el("text", { x: cx + 21, y: cy - 16, "text-anchor": "middle", class: "badge-text" }, g).textContent = c.stack.length;
    }
    // A piece of nobody too deep in the stack to be drawn is marked.
    if (infos.slice(0, -7).some((info) => info.owner < 0)) {
      el("circle", { cx: cx - 21, cy: cy - 20, r: 6, fill: "url(#patn)", stroke: "#fff", "stroke-width": 1.5, class: "holds-neutral" }, g);
    }
  }
  if (spread) {
    // What is dropped so far, on each square, and what is still carried.
    spread.path.forEach((sq, i) => {
      const [cx, cy] = pos(squareAt(sq));
      el("circle", { cx: cx - 20, cy: cy + 18, r: 9, class: "drop-badge" }, svg);
      el("text", { x: cx - 20, y: cy + 22, "text-anchor": "middle", class: "drop-text" }, svg).textContent = "+" + spread.drops[i];
    });
  }
  for (const sqName of tgt) {
    const [cx, cy] = pos(squareAt(sqName));
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
    if (p.in_hand > 0 && p.hand && p.hand.some((h) => h.kind)) counts += ", in hand " + p.hand.filter((h) => h.count > 0).map((h) => plural(h.count, h.kind || "piece")).join(", ");
    else if (p.in_hand > 0) counts += ", " + p.in_hand + " in hand";
    if (p.place) counts += ", " + p.place + " place";
    const t = document.createElement("span");
    t.textContent = `${p.name} (${who}): ${counts}`;
    d.appendChild(t);
    pl.appendChild(d);
  });
  for (const h of state.neutral_hand || []) {
    if (h.count === 0) continue;
    const d = document.createElement("div");
    d.className = "player neutral";
    const sw = document.createElementNS(SVGNS, "svg");
    sw.setAttribute("viewBox", "-24 -12 48 24"); sw.setAttribute("class", "swatch");
    defs(sw); drawPiece(sw, 0, 0, pieceInfo(h.letter), true);
    d.appendChild(sw);
    const t = document.createElement("span");
    t.textContent = `${plural(h.count, neutralNoun(h.kind))} to place (nobody's)`;
    d.appendChild(t);
    pl.appendChild(d);
  }
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
  if (state.legal.length > 0) $("move-input").placeholder = "e.g. " + state.legal[state.legal.length >> 1].text;
  $("pass").hidden = !state.legal.some((m) => m.kind === "pass");
  $("spread").hidden = !spread;
  if (spread) {
    const t = [...spreadTargets()];
    let text = `Carrying ${carried()} from ${spread.from}`;
    if (spread.path.length > 0) text += ", dropped " + spread.path.map((sq, i) => spread.drops[i] + " on " + sq).join(", ");
    text += t.length > 0 ? ". Click " + t.join(" or ") + " to drop one." : ".";
    $("spread-text").textContent = text;
  }
  $("hint").textContent = hint();
  autoPass();
  $("bear-off").hidden = !(selected && movesFrom(selected).some((m) => m.kind === "bear_off"));
  const open = state.open_seats.length > 0 && mine;
  $("share").hidden = !open;
  if (open) $("share-link").value = ((state.share && state.share.url) || location.origin) + "/g/" + id + "?join=1";
  $("share-note").textContent = (state.share && state.share.note) || "";
  if (state.last_error) say(state.last_error);
}

// hint says what the player to move can only do, when that is not
// obvious: place a piece that is not their own plain one, or pass.
function hint() {
  if (!state.your_turn || state.result.over) return "";
  const legal = state.legal;
  if (legal.length === 1 && legal[0].kind === "pass") {
    const who = state.players[state.to_move].name;
    return noAutoPass === state.version ? who + " has no move: press Pass." : who + " has no move, and passes.";
  }
  if (legal.length > 0 && legal.every((m) => m.kind === "place" && m.piece && m.piece.letter === legal[0].piece.letter)) {
    const p = legal[0].piece;
    if (p.owner < 0) return "Place a " + neutralNoun(p.name) + " (nobody's).";
    if (p.owner !== state.to_move) return "Place " + state.players[p.owner].name + "'s " + (p.name || "piece") + ".";
  }
  return "";
}

// autoPass plays a pass that is the only legal move, once, for the version
// it is legal in (unless this page just undid to here).
function autoPass() {
  const legal = state.legal;
  if (!state.your_turn || state.result.over || legal.length !== 1 || legal[0].kind !== "pass") return;
  if (noAutoPass === state.version || autoPassAt === state.version) return;
  autoPassAt = state.version;
  const v = state.version;
  setTimeout(async () => {
    if (!state || state.version !== v) return;
    const r = await post("/move", { move: legal[0].text, version: v });
    if (r.ok) { state = r.body; selected = null; capPath = []; spread = null; render(); } else refresh();
  }, 700);
}

async function play(text) {
  say("");
  spread = null;
  const r = await post("/move", { move: text });
  if (!r.ok) {
    say(r.body.explain || r.body.error);
    selected = null; capPath = []; turn.at = -1; render();
    return;
  }
  state = r.body; selected = null; capPath = []; render();
}

function hideLift() { $("lift").hidden = true; }
function chooseLift(moves) {
  const box = $("lift-buttons");
  $("lift-title").textContent = "Lift how many?";
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

// choosePlacement places a piece on a square, asking which when more than
// one kind (or owner) of piece can go there.
function choosePlacement(places) {
  const groups = new Map();
  for (const m of places) {
    const k = m.piece ? m.piece.letter : "";
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(m);
  }
  if (groups.size === 1) return choose(places);
  const box = $("lift-buttons");
  box.textContent = "";
  $("lift-title").textContent = "Place which?";
  for (const [letter, cands] of groups) {
    const p = cands[0].piece;
    const b = document.createElement("button");
    b.className = "piece-choice";
    b.dataset.letter = letter;
    b.dataset.kind = p.name || "";
    const sw = document.createElementNS(SVGNS, "svg");
    sw.setAttribute("viewBox", "-24 -30 48 42"); sw.setAttribute("class", "choice-swatch"); sw.setAttribute("aria-hidden", "true");
    defs(sw); drawPiece(sw, 0, 0, pieceInfo(letter), true);
    b.appendChild(sw);
    const own = p.owner === state.to_move;
    b.appendChild(document.createTextNode(own ? (p.name || "piece") : pieceText(p)));
    b.addEventListener("click", () => { hideLift(); choose(cands); });
    box.appendChild(b);
  }
  $("lift").hidden = false;
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
  if (spread) return clickSpread(sq);
  if (!selected) {
    const places = state.legal.filter((m) => m.kind === "place" && m.to === sq);
    if (places.length > 0 && movesFrom(sq).length === 0) return choosePlacement(places);
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
  if (movesFrom(sq).length > 0 && hasSpreads(sq)) return startSpread(sq);
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
  if (isDiceBoard()) {
    // A checker dragged onto a point plays it there, as two clicks would.
    const s = t && t.closest("[data-square],[data-tray]");
    const to = s ? (s.dataset.square || "tray") : null;
    if (dragFrom && to && to !== dragFrom && dragFrom !== diceSel && isMyTurn() && movable().has(dragFrom)) diceSel = dragFrom;
    dragFrom = null;
    if (t) diceClick(t);
    return;
  }
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
  if (!t) return;
  $("move-input").value = "";
  // One checker's move of a dice game's turn is made on the board; a whole
  // play (or anything else) goes to the server, which says why if it is not legal.
  if (typedHop(t)) return;
  if (isDiceBoard() && turn.done.length > 0 && turn.at === state.version) {
    const whole = turn.done.map(hopText).join(" ") + " " + t;
    play(whole);
    return;
  }
  play(t);
});
$("pass").addEventListener("click", () => play("pass"));
$("roll").addEventListener("click", rollDice);
$("finish-turn").addEventListener("click", finishTurn);
$("cube-double").addEventListener("click", () => cubeAction("double"));
$("cube-take").addEventListener("click", () => cubeAction("take"));
$("cube-beaver").addEventListener("click", () => cubeAction("beaver"));
$("cube-drop").addEventListener("click", () => cubeAction("drop"));
$("cube-next").addEventListener("click", nextGame);
$("auto-roll").addEventListener("change", (ev) => {
  localStorage.setItem("stackrules:autoroll", ev.target.checked ? "1" : "0");
  if (state) render();
});
$("spread-back").addEventListener("click", spreadBack);
$("spread-cancel").addEventListener("click", () => { spread = null; selected = null; hideLift(); say(""); render(); });
$("bear-off").addEventListener("click", () => {
  const m = movesFrom(selected).find((m) => m.kind === "bear_off");
  if (m) play(m.text);
});
$("undo").addEventListener("click", async () => {
  if (undoHop()) return; // a piece moved inside the turn (dice.js)
  const r = await post("/undo");
  if (!r.ok) say(r.body.error); else { state = r.body; noAutoPass = state.version; selected = null; capPath = []; spread = null; say(""); render(); }
});
$("resign").addEventListener("click", async () => {
  if (!confirm("Resign this game?")) return;
  const r = await post("/resign");
  if (!r.ok) say(r.body.error); else { state = r.body; render(); }
});
$("copy-position").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(state.position));
$("copy-share").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("share-link").value));
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Backspace" && spread && !(ev.target instanceof HTMLInputElement)) { ev.preventDefault(); spreadBack(); return; }
  if (ev.key === "Escape") { diceSel = null; selected = null; capPath = []; pending = null; spread = null; hideLift(); if (state) render(); }
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
// A page left closes its stream at once: a browser opens a handful of
// connections to one server, and streams not yet closed would hold up the
// next page's requests.
window.addEventListener("pagehide", () => { if (events) { events.close(); events = null; } });
window.addEventListener("pageshow", (ev) => { if (ev.persisted && !events && !gone) follow(); });
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
