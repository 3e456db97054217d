"use strict";
// Choosing a spread on the game page (game.js): a stack is lifted, then
// each click on the next square of its line (or the same one again) drops
// one more piece, the bottom ones first, until all are down; the move is
// sent when it is complete and matches one legal move.

// spread: the stack move being chosen: the pieces lifted from from, and
// the squares dropped on so far with how many on each.
let spread = null;        // {from, lift, path: [], drops: []}

function hasSpreads(sq) { return movesFrom(sq).some((m) => m.kind === "spread"); }
// liftOf is the pieces a move lifts (0 is the whole stack).
function liftOf(m) {
  if (m.lift > 0) return m.lift;
  const c = state.cells.find((c) => c.square === m.from);
  return c ? c.stack.length : 0;
}
// spreadMoves are the moves from spread.from lifting spread.lift, each with
// the squares it drops on and how many on each (a step drops all on one).
function spreadMoves() {
  return movesFrom(spread.from).filter((m) => (m.kind === "step" || m.kind === "spread") && liftOf(m) === spread.lift)
    .map((m) => ({ text: m.text, path: m.path || [m.to], drops: m.drops || [spread.lift] }));
}
// spreadFits reports whether move m can still be the one being chosen.
function spreadFits(m) {
  const n = spread.path.length;
  if (m.path.length < n) return false;
  for (let i = 0; i < n; i++) {
    if (m.path[i] !== spread.path[i]) return false;
    if (i < n - 1 ? m.drops[i] !== spread.drops[i] : m.drops[i] < spread.drops[i]) return false;
  }
  return true;
}
function spreadTargets() {
  const out = new Set();
  const n = spread.path.length;
  for (const m of spreadMoves().filter(spreadFits)) {
    if (n === 0) { out.add(m.path[0]); continue; }
    if (m.drops[n - 1] > spread.drops[n - 1]) out.add(m.path[n - 1]);
    else if (m.path.length > n) out.add(m.path[n]);
  }
  return out;
}
function carried() { return spread.lift - spread.drops.reduce((a, b) => a + b, 0); }
// startSpread selects a stack that can spread: how many to lift, asked
// when there is a choice.
function startSpread(sq) {
  selected = sq; capPath = []; spread = null;
  const lifts = [...new Set(movesFrom(sq).filter((m) => m.kind === "step" || m.kind === "spread").map(liftOf))].sort((a, b) => a - b);
  if (lifts.length === 1) { spread = { from: sq, lift: lifts[0], path: [], drops: [] }; render(); return; }
  render();
  const box = $("lift-buttons");
  box.textContent = "";
  $("lift-title").textContent = "Lift how many?";
  for (const k of lifts) {
    const b = document.createElement("button");
    b.textContent = String(k);
    b.dataset.lift = k;
    b.addEventListener("click", () => { hideLift(); spread = { from: sq, lift: k, path: [], drops: [] }; render(); });
    box.appendChild(b);
  }
  $("lift").hidden = false;
}
function clickSpread(sq) {
  if (spreadTargets().has(sq)) {
    say("");
    const n = spread.path.length;
    if (n > 0 && spread.path[n - 1] === sq) spread.drops[n - 1]++;
    else { spread.path.push(sq); spread.drops.push(1); }
    if (carried() === 0) {
      const done = spreadMoves().filter((m) => spreadFits(m) && m.path.length === spread.path.length);
      if (done.length === 1) return play(done[0].text);
    }
    render();
    return;
  }
  if (sq === spread.from) { spread = null; selected = null; say(""); render(); return; }
  if (spread.path.length === 0 && movesFrom(sq).length > 0) {
    spread = null;
    return clickSquare(sq);
  }
  say("Drop on " + [...spreadTargets()].join(" or ") + ", or Back.");
}
function spreadBack() {
  if (!spread) return;
  say("");
  const n = spread.path.length;
  if (n === 0) { spread = null; selected = null; render(); return; }
  if (--spread.drops[n - 1] === 0) { spread.drops.pop(); spread.path.pop(); }
  render();
}
