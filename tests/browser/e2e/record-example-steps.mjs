// Makes example-steps.js: a real game, played on a real server by three people (this
// script's three connections) and watched by a fourth, written down in the shape of
// `GET /api/games/{id}/steps` (protocol/docs/http_api.md). The watcher's frames give each
// step's view and events, each player's frames their hand; the face-down cards are read
// from the `revealed` events, so the game is played again until every one was turned.
// Not a test: run it by hand when the example should change (Node 20 needs the flag):
//
//   node --experimental-websocket e2e/record-example-steps.mjs http://127.0.0.1:PORT > e2e/example-steps.json

const base = process.argv[2] ?? 'http://127.0.0.1:8123';
const RULESET = { preset: 'shiphead', hand_size: 3, fixed_hand: true };
const NAMES = ['Ana', 'Bob', 'Cy'];

function connect(name) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
  const client = { ws, frames: [], waiters: [], welcome: null };
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    client.frames.push(m);
    for (const w of [...client.waiters]) if (w.test(m)) { client.waiters.splice(client.waiters.indexOf(w), 1); w.resolve(m); }
  };
  client.send = (m) => ws.send(JSON.stringify(m));
  client.next = (test, ms = 5000) => new Promise((resolve, reject) => {
    const found = client.frames.find(test);
    if (found) { client.frames.splice(client.frames.indexOf(found), 1); resolve(found); return; }
    const timer = setTimeout(() => reject(new Error(`${name}: nothing came`)), ms);
    client.waiters.push({ test: (m) => test(m) && client.frames.splice(client.frames.indexOf(m), 1), resolve: (m) => { clearTimeout(timer); resolve(m); } });
  });
  return new Promise((resolve) => {
    ws.onopen = async () => {
      client.send({ type: 'hello', v: 1, name });
      client.welcome = await client.next((m) => m.type === 'welcome');
      resolve(client);
    };
  });
}

const rank = (card) => (card === 'BJ' || card === 'RJ' ? 'J*' : card.slice(0, -1));
const ORDER = ['3', '4', '5', '6', '8', '9', 'J', 'Q', 'K', 'A', '7', '2', '10'];

/** A person's move: a 10 onto a pile worth burning, one pick-up by Cy, else the lowest plain rank (all of it). */
function choose(view, seat, story) {
  const legal = view.legal;
  const plays = legal.filter((a) => a.type === 'play');
  const ten = plays.find((a) => rank(a.cards[0]) === '10');
  if (!story.burned && ten && view.pile.length >= 3) { story.burned = true; return ten; }
  if (!story.pickedUp && seat === 2 && view.pile.length >= 3 && legal.some((a) => a.type === 'pickup')) {
    story.pickedUp = true;
    return { type: 'pickup' };
  }
  if (plays.length) {
    const best = [...plays].sort((a, b) => ORDER.indexOf(rank(a.cards[0])) - ORDER.indexOf(rank(b.cards[0]))
      || b.cards.length - a.cards.length)[0];
    return best;
  }
  return legal.find((a) => a.type === 'play_face_down') ?? legal.find((a) => a.type === 'wait') ?? legal[0];
}

async function playOnce(round) {
  const names = NAMES.map((n) => `${n}${round ? round + 1 : ''}`);
  const players = await Promise.all(names.map(connect));
  const watcher = await connect(`Watcher${round + 1}`);
  const [ana, bob, cy] = players;
  ana.send({ type: 'create_table', id: 1, public: false, ruleset: RULESET, seats: 3, turn_timer: 0 });
  const { code } = await ana.next((m) => m.type === 'joined');
  for (const p of [bob, cy]) { p.send({ type: 'join', id: 1, code }); await p.next((m) => m.type === 'joined'); }
  watcher.send({ type: 'join', id: 1, code, spectate: true });
  await watcher.next((m) => m.type === 'joined');
  ana.send({ type: 'start' });
  const first = await watcher.next((m) => m.type === 'room' && m.game);
  const own = await Promise.all(players.map((p) => p.next((m) => m.type === 'room' && m.game)));
  const steps = [{ seat: null, action: null, events: [], view: first.game, hands: own.map((f) => f.game.hand) }];
  let views = own.map((f) => f.game);
  let version = first.version;
  const story = { burned: false, pickedUp: false };
  let gameOver = null;
  for (let guard = 0; guard < 400 && !gameOver; guard += 1) {
    const seat = views.findIndex((v) => v.legal.length > 0);
    if (seat < 0) throw new Error('nobody may move');
    const action = views[seat].phase === 'swap' ? views[seat].legal[0] : choose(views[seat], seat, story);
    players[seat].send({ type: 'action', action });
    version += 1;
    const seen = await watcher.next((m) => m.type === 'game' && m.version === version);
    const mine = await Promise.all(players.map((p) => p.next((m) => m.type === 'game' && m.version === version)));
    views = mine.map((f) => f.view);
    steps.push({ seat, action, events: seen.events, view: seen.view, hands: views.map((v) => v.hand) });
    if (seen.view.phase === 'over') gameOver = await watcher.next((m) => m.type === 'game_over');
  }
  for (const c of [...players, watcher]) c.ws.close();
  return { steps, gameOver, story };
}

for (let round = 0; round < 40; round += 1) {
  const { steps, gameOver, story } = await playOnce(round);
  const dealt = steps[0].view.seats.map((s) => s.face_down.map(() => null));
  for (const step of steps) for (const e of step.events) if (e.type === 'revealed') dealt[e.seat][e.slot] = e.card;
  const known = dealt.every((slots) => slots.every(Boolean));
  const burned = steps.some((s) => s.events.some((e) => e.type === 'burned'));
  const picked = steps.some((s) => s.events.some((e) => e.type === 'picked_up'));
  if (!known || !burned || !picked || !story.burned || gameOver.abandoned) continue;
  const game = await (await fetch(`${base}/api/games/${gameOver.game_id}`)).json();
  const answer = {
    game_id: game.game_id, ruleset: game.ruleset, status: game.status, started: game.started, ended: game.ended,
    seats: game.seats, players: game.record.players, dealer: game.record.dealer,
    steps: steps.map((s) => ({
      ...s,
      face_down: s.view.seats.map((seat, k) => seat.face_down.map((there, slot) => (there ? dealt[k][slot] : null))),
    })),
    complete: true, error: null,
  };
  process.stdout.write(`${JSON.stringify({ game, steps: answer, gameOver })}\n`);
  process.exit(0);
}
console.error('no game revealed every face-down card');
process.exit(1);
