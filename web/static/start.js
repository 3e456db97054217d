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
  const seats = $("seats");
  seats.textContent = "";
  g.players.forEach((p, i) => {
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
  $("setup").scrollIntoView({ block: "start" });
}

async function start(ev) {
  ev.preventDefault();
  showError("");
  const seats = chosen.players.map((_, i) => $("seat-" + i).value);
  const friend = $("friend").checked;
  if (friend && seats.filter((s) => s === "human").length < 2) {
    seats[seats.findIndex((s) => s !== "human")] = "human";
  }
  const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ variant: chosen.key, seats, friend, position: $("position").value.trim() }) });
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
  const r = await fetch("/api/games/open", { method: "POST", headers: { "Content-Type": "text/plain" }, body: await f.text() });
  const body = await r.json();
  if (!r.ok) { showError(body.error); return; }
  enter(body);
}

$("setup-form").addEventListener("submit", start);
$("record-file").addEventListener("change", openRecord);
load().catch((e) => showError("Could not load the games: " + e));
