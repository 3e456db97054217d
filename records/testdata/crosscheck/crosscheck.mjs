// Cross-checks `stackrules replay FILE.pdn --json` against rapid-draughts
// (npm, an English checkers engine written apart from stackrules, WCDF
// rules): it reads the PDN file's moves itself, plays them with
// rapid-draughts, and compares each game's final position with the "final"
// FEN stackrules printed.
//
//   npm install && stackrules replay FILE.pdn --json > out.jsonl
//   node crosscheck.mjs FILE.pdn out.jsonl
//
// It prints one line of figures and, for each game the two disagree on, why;
// it exits 1 when they disagree on any game both replay.
import { readFileSync } from 'node:fs';
import { EnglishDraughts } from 'rapid-draughts/english';

const [pdnPath, jsonPath] = process.argv.slice(2);
const ours = readFileSync(jsonPath, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

// The games of the file: its move tokens, as a reader that knows only the
// PDN basics sees them (comments, variations, tags, numbers and results out).
function games(text) {
  const out = [];
  let cur = null, ended = false, moved = false;
  const start = () => { cur = { moves: [], fen: '' }; out.push(cur); ended = false; moved = false; };
  let t = text.replace(/\{[^}]*\}/g, ' ');
  while (/\([^()]*\)/.test(t)) t = t.replace(/\([^()]*\)/g, ' ');
  t = t.replace(/;[^\n]*/g, ' ');
  const re = /\[(\w+)\s+"([^"]*)"\s*\]|(\S+)/g;
  let m;
  while ((m = re.exec(t))) {
    if (m[1]) {
      if (!cur || moved) start();
      if (m[1].toLowerCase() === 'fen') cur.fen = m[2];
      continue;
    }
    let tok = m[3].replace(/^\d+\.+/, '');
    if (!tok) continue;
    if (['1-0', '0-1', '1/2-1/2', '*', '2-0', '0-2', '1-1', '0-0'].includes(tok)) {
      if (!cur || ended) start();
      ended = moved = true;
      continue;
    }
    if (tok.startsWith('$')) continue;
    const sq = tok.match(/\d+/g);
    if (!sq) continue;
    if (!cur || ended) start();
    cur.moves.push(sq.map(Number));
    moved = true;
  }
  return out;
}

// rapid-draughts numbers the dark squares 0-31 as PDN numbers them 1-32 in
// its moves and 1D board; its bitboards lay them out otherwise: the bit of
// each square is found by placing one piece on each bit.
const bitOf = new Array(32);
for (let k = 0; k < 32; k++) {
  const d = EnglishDraughts.setup({ player: 'dark', board: { light: 0, dark: (2 ** k) | 0, king: 0 } });
  const s = d.board.find((x) => x.dark && x.piece);
  if (s) bitOf[s.position] = (2 ** k) | 0;
}

function setup(fen) {
  if (!fen) return EnglishDraughts.setup();
  const [turn, ...fields] = fen.replace(/\.$/, '').split(':');
  let light = 0, dark = 0, king = 0;
  for (const f of fields) {
    for (const item of f.slice(1).split(',').filter(Boolean)) {
      const k = item.startsWith('K');
      const n = Number(item.replace('K', ''));
      const bit = bitOf[n - 1];
      if (f[0].toUpperCase() === 'B') dark |= bit; else light |= bit;
      if (k) king |= bit;
    }
  }
  return EnglishDraughts.setup({ player: turn.toUpperCase() === 'B' ? 'dark' : 'light', board: { light, dark, king }, stats: { sinceCapture: 0, sinceNonKingAdvance: 0 } });
}

function fenOf(d) {
  const sides = { dark: [], light: [] };
  for (const s of d.board) {
    if (s.dark && s.piece) sides[s.piece.player].push((s.piece.king ? 'K' : '') + (s.position + 1));
  }
  return `${d.player === 'dark' ? 'B' : 'W'}:B${sides.dark.join(',')}:W${sides.light.join(',')}`;
}

// A FEN's pieces as a set, whatever their order.
function canon(fen) {
  const [turn, ...fields] = fen.split(':');
  const items = [];
  for (const f of fields) for (const it of f.slice(1).split(',').filter(Boolean)) items.push(f[0].toUpperCase() + it);
  return turn.toUpperCase() + ' ' + items.sort().join(' ');
}

// The square between two squares a jump apart, 0-31, from the 1D board.
function between(d, a, b) {
  const idx = (p) => d.board.findIndex((s) => s.dark && s.position === p);
  const ia = idx(a), ib = idx(b);
  const mid = ((ia >> 3) + (ib >> 3)) / 2 * 8 + ((ia & 7) + (ib & 7)) / 2;
  return d.board[mid].position;
}

if (bitOf.some((b) => b === undefined)) throw new Error('rapid-draughts: some square has no bit');

const file = games(readFileSync(pdnPath, 'utf8'));
let compared = 0, same = 0, theirsFailed = 0, oursFailed = 0;
const problems = [];
for (const o of ours) {
  const g = file[o.game - 1];
  if (!g) { problems.push(`game ${o.game}: not in the file as this reader splits it`); continue; }
  const d = setup(g.fen);
  let failed = '';
  const n = o.ok ? g.moves.length : o.plies;
  for (let i = 0; i < n && i < g.moves.length; i++) {
    let sq = g.moves[i].map((x) => x - 1);
    if (sq.length === 1) { // squares run together ("1115"): the cut a legal move has
      const t = String(g.moves[i][0]);
      for (let k = 1; k < t.length; k++) {
        const a = Number(t.slice(0, k)) - 1, z = Number(t.slice(k)) - 1;
        if (t[k] !== '0' && d.moves.some((m) => m.origin === a && m.destination === z)) sq = [a, z];
      }
    }
    let cands = d.moves.filter((m) => m.origin === sq[0] && m.destination === sq[sq.length - 1]);
    if (cands.length > 1 && sq.length > 2) {
      const caps = [];
      for (let j = 0; j + 1 < sq.length; j++) caps.push(between(d, sq[j], sq[j + 1]));
      const want = caps.sort((a, b) => a - b).join(',');
      const exact = cands.filter((m) => [...m.captures].sort((a, b) => a - b).join(',') === want);
      if (exact.length) cands = exact;
    }
    if (cands.length === 0) { failed = `move ${i + 1} (${g.moves[i].join('-')}) is not legal for rapid-draughts`; break; }
    d.move(cands[0]);
  }
  if (!o.ok) oursFailed++;
  if (failed) {
    theirsFailed++;
    if (o.ok) problems.push(`game ${o.game}: stackrules replays it, rapid-draughts not: ${failed}`);
    continue;
  }
  compared++;
  if (canon(fenOf(d)) === canon(o.final)) same++;
  else problems.push(`game ${o.game}: stackrules ends at ${o.final}, rapid-draughts at ${fenOf(d)}`);
}
console.log(`${ours.length} games: stackrules replays ${ours.length - oursFailed}; rapid-draughts ${ours.length - theirsFailed} (up to stackrules' failing move for the others); final positions compared ${compared}, equal ${same}, different ${compared - same}`);
for (const p of problems) console.log(p);
process.exit(problems.length ? 1 : 0);
