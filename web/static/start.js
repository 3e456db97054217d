"use strict";
// The start page: the games on offer, sides, and starting or opening a game.
const $ = (id) => document.getElementById(id);
let catalog = null, chosen = null;

function showError(text) { $("error").textContent = text || ""; }

async function load() {
  const r = await fetch("/api/variants");
  catalog = await r.json();
  const list = $("games");
  for (const g of catalog.games) {
    const b = document.createElement("button");
    b.className = "game-card";
    b.dataset.key = g.key;
    b.innerHTML = "<strong></strong><span></span>";
    b.querySelector("strong").textContent = g.name;
    b.querySelector("span").textContent = g.description || "";
    b.addEventListener("click", () => choose(g));
    list.appendChild(b);
  }
}

function choose(g) {
  chosen = g;
  $("setup").hidden = false;
  $("setup-title").textContent = g.name;
  $("setup-desc").textContent = g.description || "";
  const counts = Object.keys(g.lineups || {}).map(Number);
  const how = $("how-many");
  how.textContent = "";
  how.hidden = counts.length === 0;
  if (counts.length > 0) {
    const label = document.createElement("label");
    label.textContent = "players ";
    const sel = document.createElement("select");
    sel.id = "players";
    for (const n of [...counts, g.players.length]) {
      const o = document.createElement("option");
      o.value = n; o.textContent = n;
      sel.appendChild(o);
    }
    sel.value = g.players.length;
    sel.addEventListener("change", () => seatsFor(lineup()));
    label.appendChild(sel);
    how.appendChild(label);
  }
  seatsFor(g.players);
  $("cube-choice").hidden = !g.cube;
  $("cube-mode").value = "";
  cubeMode();
  $("setup").scrollIntoView({ block: "start" });
}

// lineup is the players of the chosen game for the number of players chosen.
function lineup() {
  const n = $("players") ? Number($("players").value) : chosen.players.length;
  return (chosen.lineups && chosen.lineups[n]) || chosen.players;
}

function seatsFor(players) {
  const seats = $("seats");
  seats.textContent = "";
  players.forEach((p, i) => {
    const label = document.createElement("label");
    label.textContent = p + (i === 0 ? " (moves first) " : " ");
    const sel = document.createElement("select");
    sel.id = "seat-" + i;
    sel.name = p;
    for (const lv of catalog.levels) {
      const o = document.createElement("option");
      o.value = lv; o.textContent = lv === "human" ? "human" : "AI: " + lv;
      sel.appendChild(o);
    }
    sel.value = i === 0 ? "human" : "mcts:easy";
    label.appendChild(sel);
    seats.appendChild(label);
  });
}

async function start(ev) {
  ev.preventDefault();
  showError("");
  const seats = lineup().map((_, i) => $("seat-" + i).value);
  const friend = $("friend").checked;
  if (friend && seats.filter((s) => s === "human").length < 2) {
    seats[seats.findIndex((s) => s !== "human")] = "human";
  }
  const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(Object.assign({ variant: chosen.key, seats, friend, position: $("position").value.trim(), roll_button: true }, cubeRequest())) });
  const body = await r.json();
  if (!r.ok) { showError(body.error); return; }
  enter(body);
}

function enter(body) {
  localStorage.setItem("stackrules:token:" + body.id, body.token);
  location.href = "/g/" + body.id;
}

async function openRecord() {
  showError("");
  const f = $("record-file").files[0];
  if (!f) return;
  const r = await fetch("/api/games/open", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ record: await f.text() }) });
  const body = await r.json();
  if (!r.ok) { showError(body.error); return; }
  enter(body);
}

// cubeRequest is the request's cube part, for a game with the cube.
function cubeRequest() {
  if (!chosen.cube) return {};
  const mode = $("cube-mode").value;
  if (mode === "money") return { cube: true };
  if (mode === "match") return { match: Number($("match-length").value) || 0 };
  return {};
}

function cubeMode() {
  const match = $("cube-mode").value === "match";
  $("match-length").hidden = !match;
  $("match-points").hidden = !match;
}

$("cube-mode").addEventListener("change", cubeMode);
$("setup-form").addEventListener("submit", start);
$("record-file").addEventListener("change", openRecord);
load().catch((e) => showError("Could not load the games: " + e));
