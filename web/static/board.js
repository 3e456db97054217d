"use strict";
// Drawing the board and its pieces, for the game page (game.js): squares
// on a grid, points on lines, or hexagons, placed from the coordinates the
// server sends; pieces as their kinds' shapes say, in each side's colour
// and pattern. It reads the page's state and draws; it decides nothing.
let pieceBy = new Map();  // piece letter -> {owner, kind}, from state.pieces
const CELL = 60;
// A hex board's cells are hexagons with a point up, CELL wide.
const HEXR = CELL / Math.sqrt(3);
const ROWH = 1.5 * HEXR;
let hexBox = null;        // the range of a hex board's cell coordinates
// Each side gets a colour (its name's, when its name is a colour, as most
// rule files' player names are) and a pattern of its own, so that sides
// differ by more than colour.
const COLORS = ["#c62828", "#1e3a5f", "#2e7d32", "#f9a825"];
// A Map, not an object: a player may be named "Constructor", which an
// object lookup would find among its own members.
const NAMED = new Map(Object.entries({ red: "#c62828", blue: "#1e5aa8", black: "#222222", white: "#f2f2f2", green: "#2e7d32",
  yellow: "#f9c825", orange: "#ef6c00", purple: "#6a1b9a", brown: "#6d4c41", pink: "#e91e63" }));
const PATTERNS = ["solid", "ring", "dots", "stripes"];
// Neutral pieces (nobody's) take the first of these no side has.
const NEUTRALS = ["#c62828", "#6a1b9a", "#ef6c00", "#2e7d32", "#00838f"];
function neutralColor() {
  const used = new Set(state.players.map((_, i) => colorOf(i)));
  return NEUTRALS.find((c) => !used.has(c)) || "#888888";
}
function colorOf(i) {
  if (i < 0) return neutralColor();
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

// pieceInfo is what the page knows of a piece letter: its owner (-1 for
// nobody), its kind, how that kind is drawn and its name.
function pieceInfo(letter) {
  const p = pieceBy.get(letter);
  if (p) {
    const k = (state.kinds && state.kinds[p.kind]) || {};
    return { owner: p.owner, kind: p.kind, shape: k.shape || "flat", name: k.name || "" };
  }
  const promoted = letter !== letter.toLowerCase();
  return { owner: state.players.findIndex((pl) => pl.code === letter.toLowerCase()), kind: promoted ? 1 : 0, shape: promoted ? "crown" : "flat", name: "" };
}
// pieceText names a piece for people: "white wall", "dvonn", "red (promoted)".
function pieceText(info) {
  if (info.owner < 0) return info.name || "neutral piece";
  const who = state.players[info.owner].name;
  if (info.kind === 0) return info.name && state.kinds.length > 1 ? who + " " + info.name : who;
  return info.name ? who + " " + info.name : who + " (promoted)";
}
function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
// neutralNoun names a neutral piece: "dvonn piece".
function neutralNoun(name) { return !name ? "neutral piece" : /piece/.test(name) ? name : name + " piece"; }

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

// hexXY is the centre of a hex board's cell at x, y (cells, y up).
function hexXY(x, y) {
  const h = hexBox;
  const fx = flipped() ? h.maxX - x : x - h.minX;
  const fy = flipped() ? y - h.minY : h.maxY - y;
  return [CELL * (fx + 0.5), ROWH * fy + HEXR];
}
// pos is the centre of a square on the page.
function pos(s) { return state.board.hex ? hexXY(s.x, s.y) : xy(s.file, s.rank); }

function squareAt(name) { return state.board.squares.find((s) => s.name === name); }

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function defs(svg) {
  const d = el("defs", {}, svg);
  const n = el("pattern", { id: "patn", width: 6, height: 6, patternUnits: "userSpaceOnUse" }, d);
  el("rect", { width: 6, height: 6, fill: neutralColor() }, n);
  state.players.forEach((_, i) => {
    const p = el("pattern", { id: "pat" + i, width: 6, height: 6, patternUnits: "userSpaceOnUse" }, d);
    el("rect", { width: 6, height: 6, fill: colorOf(i) }, p);
    const mark = contrastOf(i);
    if (PATTERNS[i % 4] === "dots") el("circle", { cx: 3, cy: 3, r: 1.2, fill: mark, "fill-opacity": 0.7 }, p);
    if (PATTERNS[i % 4] === "stripes") el("path", { d: "M0,6 L6,0", stroke: mark, "stroke-opacity": 0.6, "stroke-width": 1.5 }, p);
  });
}

function drawDisc(g, cx, cy, owner, promoted, top) {
  drawPiece(g, cx, cy, { owner, kind: promoted ? 1 : 0, shape: promoted ? "crown" : "flat", name: "" }, top);
}

// drawPiece draws a piece of a stack, centred at cx, cy, as its kind's
// shape says: a disc; on top of the stack, a disc with a crown or an
// initial, a disc stood on its edge (a wall), or a taller, marked piece.
function drawPiece(g, cx, cy, info, top) {
  const owner = info.owner;
  const mark = contrastOf(owner);
  const fill = "url(#pat" + (owner < 0 ? "n" : owner) + ")";
  const edge = mark === "#222" ? "#444" : "#fff";
  const pc = owner < 0 ? "pn" : "p" + owner;
  if (top && info.shape === "standing") {
    el("ellipse", { cx, cy: cy + 3, rx: 15, ry: 6, fill: "#000", "fill-opacity": 0.35 }, g);
    el("rect", { x: cx - 7, y: cy - 27, width: 14, height: 32, rx: 3, fill, stroke: edge, "stroke-width": 1.2,
      transform: `rotate(-20 ${cx} ${cy})`, class: "piece standing " + pc }, g);
    return;
  }
  if (top && info.shape === "tall") {
    el("ellipse", { cx, cy: cy + 3, rx: 16, ry: 7, fill: "#000", "fill-opacity": 0.35 }, g);
    el("path", { d: `M${cx - 14},${cy} L${cx - 14},${cy - 20} L${cx + 14},${cy - 20} L${cx + 14},${cy} A14,6 0 0 1 ${cx - 14},${cy} Z`,
      fill, stroke: edge, "stroke-width": 1.2, class: "piece tall " + pc }, g);
    el("ellipse", { cx, cy: cy - 20, rx: 14, ry: 6, fill, stroke: edge, "stroke-width": 1.2 }, g);
    el("circle", { cx, cy: cy - 20, r: 3.5, fill: mark, class: "cap-mark" }, g);
    return;
  }
  el("ellipse", { cx, cy: cy + 3, rx: 22, ry: 9, fill: "#000", "fill-opacity": 0.35 }, g);
  el("ellipse", { cx, cy, rx: 22, ry: 9, fill, stroke: edge, "stroke-width": 1.2, class: "disc " + pc }, g);
  if (owner >= 0 && PATTERNS[owner % 4] === "ring") el("ellipse", { cx, cy, rx: 13, ry: 5, fill: "none", stroke: mark, "stroke-width": 2 }, g);
  if (top && info.shape === "crown") {
    const t = el("text", { x: cx, y: cy + 5, "text-anchor": "middle", class: "crown", fill: mark === "#222" ? "#b8860b" : "#ffd54f" }, g);
    t.textContent = "♛";
  }
  if (top && info.shape === "marked") {
    const t = el("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "kind-mark", fill: mark }, g);
    t.textContent = (info.name || "?").charAt(0).toUpperCase();
  }
}

// drawLines draws the board's lines between the centres of their points.
function drawLines(svg, cls) {
  for (const line of state.board.lines) {
    const pts = line.map((n) => pos(squareAt(n)).join(","));
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

// hexPoints are the corners of a hexagon of radius r centred at cx, cy.
function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i + 30);
    pts.push((cx + r * Math.cos(a)).toFixed(1) + "," + (cy + r * Math.sin(a)).toFixed(1));
  }
  return pts.join(" ");
}

// drawHex draws a board of hexagonal cells, with the row numbers and file
// letters beside the cells that end each row and each file.
function drawHex(svg, tgt, last) {
  const b = state.board;
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const grow = (x, y, dx, dy) => {
    box.x0 = Math.min(box.x0, x - dx); box.x1 = Math.max(box.x1, x + dx);
    box.y0 = Math.min(box.y0, y - dy); box.y1 = Math.max(box.y1, y + dy);
  };
  const cells = el("g", { class: "cells" }, svg);
  for (const s of b.squares) {
    const [cx, cy] = pos(s);
    grow(cx, cy, CELL / 2, HEXR);
    const cls = ["sq", "play", "hex"];
    if (last.has(s.name)) cls.push("last");
    if (s.name === selected) cls.push("selected");
    if (tgt.has(s.name)) cls.push("target");
    const h = el("polygon", { points: hexPoints(cx, cy, HEXR - 1.5), class: cls.join(" ") }, cells);
    h.dataset.square = s.name;
  }
  // A label sits towards the cell that would come before the row's first
  // cell (after its last, seen from the top), and likewise for a file.
  const flip = flipped();
  const ends = (key, pick) => {
    const m = new Map();
    for (const s of b.squares) {
      const k = s[key], v = s[key === "rank" ? "file" : "rank"];
      if (!m.has(k) || (flip ? v > m.get(k) : v < m.get(k))) m.set(k, v);
    }
    for (const [k, v] of m) pick(k, v + (flip ? 1 : -1));
  };
  const put = (from, file, rank, text) => {
    const [cx, cy] = pos(from);
    const [vx, vy] = hexXY(file - rank / 2, rank);
    const x = cx + 0.62 * (vx - cx), y = cy + 0.62 * (vy - cy);
    grow(x, y, 10, 10);
    el("text", { x, y: y + 4, "text-anchor": "middle", class: "coord" }, svg).textContent = text;
  };
  ends("rank", (rank, file) => {
    const from = b.squares.find((q) => q.rank === rank && q.file === file + (flip ? -1 : 1));
    put(from, file, rank, String(rank + 1));
  });
  ends("file", (file, rank) => {
    const from = b.squares.find((q) => q.file === file && q.rank === rank + (flip ? -1 : 1));
    put(from, file, rank, String.fromCharCode(97 + file));
  });
  const pad = 4;
  svg.setAttribute("viewBox", `${(box.x0 - pad).toFixed(1)} ${(box.y0 - pad).toFixed(1)} ${(box.x1 - box.x0 + 2 * pad).toFixed(1)} ${(box.y1 - box.y0 + 2 * pad).toFixed(1)}`);
}
