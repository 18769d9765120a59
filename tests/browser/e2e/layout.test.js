// Layouts that hold (issue 14): at nine screen sizes, from a small phone to a desktop, a
// laptop's window and two phones held sideways, the pile, your cards and the action
// buttons are all on screen together without scrolling and never overlap; every card of
// a 20-card hand keeps a strip a finger can tap (proved with elementFromPoint), and a
// selected card hides none of its neighbours; a 30-card hand, too long for that on a
// phone, packs each rank, every rank keeps a strip, and a tap on one adds one more of its
// cards, unless the felt has the height for a third row (issue 35: a 23-card hand on a
// tall phone takes one, and its strips grow from 26 px to 40). Checked in the swap,
// mid-game with a 20-, a 23- and a 30-card hand, on face-down cards and at game over,
// with a screenshot of each: layout-STATE-SIZE.png.
//
// One player in one browser plays real games against bots and resizes the window
// between looks. The long hands come from picking up the pile whenever the rules let
// (shiphead allows it at any turn, and two decks give the cards); the face-down cards come from a table whose every
// rank resets the pile, so that nobody ever has to pick up and the race to the face-down
// cards is won in two turns.
//
// A crowded table (issue 35) is played the same way at eight seats (three decks, with
// give-pile jokers): the swap, a 15-card hand, the joker chosen (the seats it may go to are
// its buttons), long words under the pile and the log drawer; then at six seats, at the
// issue's sizes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launchBrowser, newPlayer, pickName, shot, suffix, waitForView } from './helpers.js';
import { MIN_STRIP, checkLayout, measure, settle } from './layout-check.js';

const SIZES = [
  ['360x640', 360, 640], ['375x667', 375, 667], ['390x844', 390, 844], ['412x915', 412, 915],
  ['844x390', 844, 390], ['667x375', 667, 375], ['768x1024', 768, 1024], ['1440x900', 1440, 900],
  // A laptop of 1366x768: its browser window, under the browser's own bars.
  ['1366x657', 1366, 657],
];
// A touch screen that is not a phone emulation, so that one page can take every size.
const DEVICE = { viewport: { width: 390, height: 844 }, hasTouch: true, deviceScaleFactor: 1 };

let browser;
before(async () => { browser = await launchBrowser(); });
after(async () => { await browser?.close(); });

const app = (page, fn, arg) => page.evaluate(fn, arg);

/** A table of `seats` (four unless said) against bots with this ruleset, started; resolves in the swap. */
async function startTable(page, ruleset, seats = 4) {
  await app(page, ({ rules, seats }) => {
    window.shitheadApp.identity.botLevel = 'easy';
    window.shitheadApp.createTable({ public: false, seats, turn_timer: 0, ruleset: rules }, { bots: seats - 1, start: true });
  }, { rules: ruleset, seats });
  await waitForView(page, 'swap');
  // The view is the app's at once; the page shows it at its next render, which a busy
  // machine may put off past settle()'s few frames (settle() finds nothing to wait on).
  await page.locator('[data-testid=confirm-swap]').waitFor();
}

/** Picks up the pile at every turn it holds cards, while that keeps the hand at `target` or under, until it holds `target`. */
async function growHand(page, target) {
  for (let i = 0; i < 300; i += 1) {
    await waitForView(page, 'my-turn');
    const hand = await app(page, () => window.shitheadApp.table.view.hand.length);
    if (hand >= target) return hand;
    const before = await app(page, () => window.shitheadApp.table.version);
    await app(page, (most) => {
      const v = window.shitheadApp.table.view;
      const plays = v.legal.filter((a) => a.type === 'play').sort((a, b) => a.cards.length - b.cards.length);
      const pickup = v.legal.find((a) => a.type === 'pickup');
      // Pick up only what keeps the hand at the target or under, while a play is left.
      const takes = pickup && v.pile.length && (v.hand.length + v.pile.length <= most || !plays.length);
      window.shitheadApp.act(takes ? pickup : plays[0] ?? pickup);
    }, target);
    await page.waitForFunction((v) => window.shitheadApp.table.version !== v, before);
  }
  return app(page, () => window.shitheadApp.table.view.hand.length);
}

/** growHand, then plays the fewest cards it can until the hand holds exactly `target`. */
async function handOf(page, target) {
  await growHand(page, target);
  for (let i = 0; i < 100; i += 1) {
    await waitForView(page, 'my-turn');
    const hand = await app(page, () => window.shitheadApp.table.view.hand.length);
    if (hand <= target) return hand;
    const before = await app(page, () => window.shitheadApp.table.version);
    await app(page, () => {
      const { legal } = window.shitheadApp.table.view;
      const plays = legal.filter((a) => a.type === 'play').sort((a, b) => a.cards.length - b.cards.length);
      window.shitheadApp.act(plays[0] ?? legal[0]);
    });
    await page.waitForFunction((v) => window.shitheadApp.table.version !== v, before);
  }
  return app(page, () => window.shitheadApp.table.view.hand.length);
}

async function keepSwap(page) {
  await page.locator('[data-testid=confirm-swap]').click();
  await waitForView(page, 'play');
}

/** Looks at the table at every size: screenshot, then the shared checks and `more`. */
async function everySize(page, state, more = () => [], sizes = SIZES) {
  const problems = [];
  for (const [size, width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await settle(page);
    await shot(page, `layout-${state}-${size}.png`);
    const phone = Math.min(width, height) < 500;
    const { m, problems: found } = await checkLayout(page, state, size, { phone });
    problems.push(...found, ...more(m, size).map((p) => `${state} at ${size}: ${p}`));
  }
  return problems;
}

test('the table holds its layout at every size: swap, a 20- and a 30-card hand, face-down cards, game over', { timeout: 420_000 }, async (t) => {
  const p = await newPlayer(browser, DEVICE);
  const page = p.page;
  await page.goto(BASE);
  // A long name: it must still show whole on the player's own plate and in the results.
  await pickName(page, `Bartholomew-${suffix()}`);
  await page.locator('[data-preset=shiphead]').waitFor();
  const problems = [];

  // 1. The swap of a shiphead game with two decks (cards enough for a 30-card hand).
  await startTable(page, { preset: 'shiphead', decks: 2 });
  problems.push(...await everySize(page, 'swap', (m) => {
    const out = [];
    if (m.cards.filter((c) => c.zone === 'hand').length < 3) out.push('no hand cards to swap');
    if (!m.buttons.some((b) => /Keep these cards|Confirm/.test(b.name))) out.push('no confirm button');
    return out;
  }));
  await page.setViewportSize({ width: 390, height: 844 });
  await keepSwap(page);

  // 2. Pick up the pile at every turn it holds cards until the hand holds 20 or more.
  const hand = await growHand(page, 20);
  assert.ok(hand >= 20, `the hand grew to 20 cards (${hand})`);
  t.diagnostic(`a hand of ${hand} cards`);
  // Select one card of a pair that may be played together: its partner must stay in
  // reach, and a tap on its strip adds it to the play (then both are selected).
  await waitForView(page, 'my-play');
  const partner = await app(page, () => {
    const plays = window.shitheadApp.table.view.legal.filter((a) => a.type === 'play');
    const pair = plays.find((a) => a.cards.length >= 2) ?? plays[0];
    return pair.cards;
  });
  await page.setViewportSize({ width: 360, height: 640 });
  await settle(page);
  // A rank packed into one run (a long hand) is tapped on its front card, as a person
  // would: each tap adds one more of the rank. Which cards are dealt decides whether
  // the pair's rank is packed.
  const packedFront = await page.evaluate((name) => {
    const rank = name.slice(0, -1);
    const front = [...document.querySelectorAll('.my-hand .card-btn[data-pack-count]')]
      .find((b) => (b.dataset.card ?? '').slice(0, -1) === rank);
    return front ? front.dataset.card : null;
  }, partner[0]);
  if (packedFront && partner.length > 1) {
    const front = page.locator(`.my-hand .card-btn[data-card="${packedFront}"][data-pack-count]`).first();
    await front.click({ position: { x: 10, y: 30 } });
    await page.locator('.my-hand .card-btn.selected').waitFor();
    await settle(page);
    await front.click({ position: { x: 10, y: 30 } });
    await page.waitForFunction(() => document.querySelectorAll('.my-hand .card-btn.selected').length === 2, null, { timeout: 3000 })
      .catch(() => problems.push('a second tap on a packed rank did not add its second card to the play'));
  } else {
    await page.locator(`.my-hand .card-btn[data-card="${partner[0]}"]`).first().click({ position: { x: 10, y: 30 } });
    await page.locator('.my-hand .card-btn.selected').waitFor();
  }
  if (partner.length > 1 && !packedFront) {
    await settle(page);
    // With two decks the partner may be the same card as the one selected: the other copy.
    const { strip } = (await measure(page)).cards.find((c) => c.name === partner[1] && c.zone === 'hand' && !c.selected);
    if (strip.width < MIN_STRIP) problems.push(`the partner ${partner[1]} of a selected ${partner[0]} shows ${strip.width} px`);
    else await page.mouse.click(strip.x, strip.y);
    await page.waitForFunction(() => document.querySelectorAll('.my-hand .card-btn.selected').length === 2, null, { timeout: 3000 })
      .catch(() => problems.push('tapping the partner of a selected card did not add it to the play'));
  }
  problems.push(...await everySize(page, 'hand20', (m) => {
    const out = [];
    if (m.cards.filter((c) => c.zone === 'hand').length < 20) out.push('fewer than 20 hand cards');
    if (!m.cards.some((c) => c.selected)) out.push('no card selected');
    if (!m.buttons.some((b) => b.name.startsWith('Play'))) out.push('no Play button');
    return out;
  }));

  // 2a. Twenty-three cards (issue 35): two rows on a tall phone left them 26-px strips
  // under some 120 px of empty felt; a third row taken from that felt gives them 40 px.
  // A short phone has no felt to spare (two rows, 24 px), a phone held sideways one row.
  await page.setViewportSize({ width: 390, height: 844 });
  const hand23 = await handOf(page, 23);
  assert.equal(hand23, 23, 'the hand holds 23 cards');
  problems.push(...await everySize(page, 'hand23', (m, size) => {
    const strips = m.cards.filter((c) => c.zone === 'hand').map((c) => c.strip.width);
    t.diagnostic(`23 cards at ${size}: ${m.handInfo.rows} rows, strips of ${Math.min(...strips)} px, ${Math.round(m.emptyFelt)} px of empty felt`);
    if (size === '390x844' && Math.min(...strips) < 34) return [`strips of ${Math.min(...strips)} px, not 34 or more`];
    return [];
  }, [['390x844', 390, 844], ['360x640', 360, 640], ['844x390', 844, 390]]));

  // 2b. Thirty cards: on a phone too many for two rows card by card, so each rank packs
  // (or, where the felt has the height, they take a third row).
  await page.setViewportSize({ width: 390, height: 844 });
  const hand30 = await growHand(page, 30);
  assert.ok(hand30 >= 30, `the hand grew to 30 cards (${hand30})`);
  // A turn with a play of two or more to make (thirty cards nearly always hold one; else
  // take the pile, which shiphead allows at any turn, and look again at the next turn).
  for (let i = 0; i < 20; i += 1) {
    await waitForView(page, 'my-turn');
    if (await app(page, () => window.shitheadApp.table.view.legal.some((a) => a.type === 'play' && a.cards.length >= 2))) break;
    const before = await app(page, () => window.shitheadApp.table.version);
    await app(page, () => {
      const { legal } = window.shitheadApp.table.view;
      window.shitheadApp.act(legal.find((a) => a.type === 'pickup') ?? legal[0]);
    });
    await page.waitForFunction((v) => window.shitheadApp.table.version !== v, before);
  }
  await page.setViewportSize({ width: 375, height: 667 });
  await settle(page);
  // A rank of which one play may hold two or more: two taps on its run choose two cards.
  const pairRank = await app(page, () => {
    const rank = (c) => c.slice(0, -1);
    const plays = window.shitheadApp.table.view.legal.filter((a) => a.type === 'play' && a.cards.length >= 2);
    return plays.length ? rank(plays[0].cards[0]) : null;
  });
  if (!pairRank) {
    problems.push('hand30: no rank of which a play holds two');
  } else {
    const isRank = (c) => c.zone === 'hand' && c.name.slice(0, -1) === pairRank;
    let m = await measure(page);
    const run = m.cards.filter(isRank);
    if (!run.every((c) => c.pack !== null && c.pack === run[0].pack)) problems.push(`hand30: the ${pairRank}s are not one packed run`);
    const { strip } = run.at(-1);
    for (let tap = 1; tap <= 2; tap += 1) {
      await page.mouse.click(strip.x, strip.y);
      await page.waitForFunction((n) => document.querySelectorAll('.my-hand .card-btn.selected').length === n, tap, { timeout: 3000 })
        .catch(() => problems.push(`hand30: tap ${tap} on the packed ${pairRank}s did not choose ${tap} of them`));
      await page.waitForTimeout(600);  // two taps, not a double tap
    }
    m = await measure(page);
    if (!m.cards.filter((c) => c.selected).every(isRank)) problems.push('hand30: a card of another rank was chosen');
    if (!m.buttons.some((b) => /^Play two /.test(b.name))) problems.push(`hand30: no "Play two" button (${m.buttons.map((b) => b.name)})`);
  }
  problems.push(...await everySize(page, 'hand30', (m, size) => {
    const out = [];
    if (m.cards.filter((c) => c.zone === 'hand').length < 30) out.push('fewer than 30 hand cards');
    const [w, h] = size.split('x').map(Number);
    if (Math.min(w, h) < 500 && !m.cards.some((c) => c.pack !== null) && Number(m.handInfo.rows) < 3) {
      out.push(`a phone neither packs the hand nor takes a third row (${m.handInfo.rows} rows)`);
    }
    if (!m.buttons.some((b) => b.name.startsWith('Play'))) out.push('no Play button');
    return out;
  }));

  // 3. Face-down cards: a table where every rank resets the pile, four seats.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('[data-testid=leave]').click();
  await page.locator('[data-testid=leave-dialog-confirm]').click();
  await page.locator('[data-preset=shiphead]').waitFor();
  const resets = Object.fromEntries(['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'].map((r) => [r, ['reset']]));
  await startTable(page, { preset: 'shiphead', hand_size: 1, face_up: 1, face_down: 3, fixed_hand: true, powers: resets });
  await keepSwap(page);
  for (let i = 0; i < 20; i += 1) {
    await waitForView(page, 'my-turn');
    const faceDown = await app(page, () => window.shitheadApp.table.view.legal.some((a) => a.type === 'play_face_down'));
    if (faceDown) break;
    const before = await app(page, () => window.shitheadApp.table.version);
    await app(page, () => {
      const v = window.shitheadApp.table.view;
      window.shitheadApp.act(v.legal.find((a) => a.type === 'play') ?? v.legal[0]);
    });
    await page.waitForFunction((v) => window.shitheadApp.table.version !== v, before);
  }
  problems.push(...await everySize(page, 'face-down', (m) => {
    const downs = m.cards.filter((c) => /^[0-9]$/.test(c.name));
    return downs.length === 3 ? [] : [`${downs.length} face-down cards to turn, not 3`];
  }));

  // 4. Play the face-down cards to the end: the results, then the table behind them.
  await page.setViewportSize({ width: 390, height: 844 });
  for (let i = 0; i < 60; i += 1) {
    const over = await app(page, () => window.shitheadApp.table.view?.phase === 'over');
    if (over) break;
    await waitForView(page, 'my-turn-or-over');
    await app(page, () => {
      const v = window.shitheadApp.table.view;
      if (v.phase === 'over') return;
      window.shitheadApp.act(v.legal.find((a) => a.type === 'play_face_down') ?? v.legal.find((a) => a.type === 'play') ?? v.legal[0]);
    });
    await page.waitForTimeout(50);
  }
  await page.locator('[data-testid=game-over] .place').first().waitFor();
  for (const [size, width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await settle(page);
    await shot(page, `layout-game-over-results-${size}.png`);
    const r = await page.evaluate(() => {
      const card = document.querySelector('[data-testid=game-over] .overlay-card');
      const rect = (el) => el.getBoundingClientRect();
      const reachable = (el) => {
        const b = rect(el);
        return document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)?.closest('button, a') === el;
      };
      return {
        scrolls: card.scrollHeight > card.clientHeight + 1,
        buttons: [...card.querySelectorAll('.overlay-actions button')].map((b) => ({ name: b.textContent, ok: reachable(b), h: rect(b).height })),
        cut: [...card.querySelectorAll('.place-name')].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
      };
    });
    if (r.scrolls) problems.push(`results at ${size}: the results card scrolls`);
    for (const b of r.buttons) {
      if (!b.ok) problems.push(`results at ${size}: "${b.name}" is not in reach`);
      if (b.h < 43.5) problems.push(`results at ${size}: "${b.name}" is ${b.h} px high`);
    }
    if (r.cut.length) problems.push(`results at ${size}: cut off: ${r.cut.join(', ')}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('[data-testid=close-results]').click();
  problems.push(...await everySize(page, 'game-over', (m) => (m.buttons.some((b) => b.name === 'Rematch') ? [] : ['no Rematch button'])));

  assert.deepEqual(p.errors, []);
  assert.deepEqual(problems, []);
  await p.context.close();
});

// Issue 35's sizes: every table size and every passing state fits these, the hand in
// sight and nothing scrolling.
const CROWDED_SIZES = [
  ['360x640', 360, 640], ['375x667', 375, 667], ['390x844', 390, 844], ['412x915', 412, 915],
  ['667x375', 667, 375], ['844x390', 844, 390], ['1280x800', 1280, 800], ['1366x657', 1366, 657],
];

/**
 * Plays until it is our turn with `least` to `most` cards in hand, a give-pile joker among
 * them and more than one seat to give the pile to: takes the pile while that keeps the
 * hand at `most` or under, plays the most cards it can when over, and never a joker.
 * Resolves with the turns it took.
 */
async function growToJoker(page, { least, most }) {
  for (let turn = 0; turn < 600; turn += 1) {
    await waitForView(page, 'my-turn');
    const ready = await app(page, ({ least, most }) => {
      const v = window.shitheadApp.table.view;
      const targets = new Set(v.legal.filter((a) => a.type === 'play' && a.target !== undefined).map((a) => a.target));
      return targets.size > 1 && v.hand.length >= least && v.hand.length <= most;
    }, { least, most });
    if (ready) return turn;
    const before = await app(page, () => window.shitheadApp.table.version);
    await app(page, (most) => {
      const v = window.shitheadApp.table.view;
      const joker = (a) => a.type === 'play' && a.cards.some((c) => c === 'BJ' || c === 'RJ');
      const plays = v.legal.filter((a) => a.type === 'play' && !joker(a)).sort((a, b) => a.cards.length - b.cards.length);
      const pickup = v.legal.find((a) => a.type === 'pickup');
      let action;
      if (v.hand.length > most && plays.length) action = plays.at(-1);
      else if (pickup && v.pile.length && (v.hand.length + v.pile.length <= most || !plays.length)) action = pickup;
      else action = plays[0] ?? v.legal.find((a) => !joker(a)) ?? v.legal[0];
      window.shitheadApp.act(action);
    }, most);
    await page.waitForFunction((v) => window.shitheadApp.table.version !== v, before);
  }
  throw new Error('no give-pile joker came to hand in 600 turns');
}

/** The drawer of log and chat, opened from the bar by keyboard: where it is, what it covers, where the focus is. */
function lookAtDrawer(page) {
  return page.evaluate(() => {
    const reached = (el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit === el || el.contains(hit);
    };
    const close = document.querySelector('[data-testid=drawer-close]');
    const r = close.getBoundingClientRect();
    const rail = [...document.querySelectorAll('.table-bar button, .table-bar a')].filter((el) => el.getClientRects().length);
    return {
      close: { width: r.width, height: r.height, inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
        reached: reached(close) },
      covered: rail.filter((el) => !reached(el)).map((el) => el.getAttribute('aria-label') ?? el.textContent.trim()),
      focus: document.activeElement?.id || document.activeElement?.dataset.testid || document.activeElement?.className,
    };
  });
}

test('a crowded table holds its layout at every size: eight seats, a 15-card hand, the give-pile choice, the drawer, six seats', { timeout: 420_000 }, async (t) => {
  const p = await newPlayer(browser, DEVICE);
  const page = p.page;
  await page.goto(BASE);
  // A long name without a space: on a small phone's plate it ends in an ellipsis (whole
  // in its title), and is never broken inside the word.
  await pickName(page, `Maximilianus${suffix()}${suffix()}`);
  await page.locator('[data-preset=shiphead]').waitFor();
  const problems = [];
  const sevenOpponents = (m) => (m.seats.length === 7 ? [] : [`${m.seats.length} opponents, not 7`]);

  // 1. Eight seats in the swap; three decks hold six give-pile jokers.
  await startTable(page, { preset: 'shiphead', decks: 3, jokers: 'give_pile' }, 8);
  problems.push(...await everySize(page, 'seats8-swap', sevenOpponents, CROWDED_SIZES));
  await page.setViewportSize({ width: 390, height: 844 });
  await keepSwap(page);

  // 2. Fifteen to eighteen cards in hand, a joker among them, at eight seats.
  const turns = await growToJoker(page, { least: 15, most: 18 });
  const hand = await app(page, () => window.shitheadApp.table.view.hand.length);
  t.diagnostic(`a hand of ${hand} with a give-pile joker after ${turns} turns`);
  problems.push(...await everySize(page, 'seats8-hand15', (m) => [...sevenOpponents(m),
    ...(m.cards.filter((c) => c.zone === 'hand').length >= 15 ? [] : ['fewer than 15 hand cards'])], CROWDED_SIZES));

  // 3. Long words under the pile, a run among them (issue 35: "three queens in a row"
  // pushed the buttons off a small phone): on two lines they take their room from the
  // pile's cards (the words are put in the page for this look only). And the longest
  // last move, between two names of 20 characters, read whole on the felt.
  await page.evaluate(() => {
    const app = window.shitheadApp;
    app.lastStep = [`${app.me.name} gave Wolfgang-Amadeus-Moz the pile (12 cards)`];
    app.render();
  });
  await page.locator('[data-testid=last-step]', { hasText: 'Wolfgang-Amadeus-Moz' }).waitFor();
  await page.evaluate(() => {
    document.querySelector('.pile-note').textContent = 'A 7 is invisible: an 8, used up: play an 8 or higher, or a 2 or 7.';
    const info = document.querySelector('[data-testid=pile-info]');
    const run = info.querySelector('.run-note') ?? info.appendChild(document.createElement('span'));
    run.className = 'run-note';
    run.textContent = 'three 7s: a fourth burns';
  });
  problems.push(...await everySize(page, 'seats8-long-words', sevenOpponents, CROWDED_SIZES));

  // 4. The joker chosen: every seat it may go to is a button on screen, in reach, and the
  // words say so where Play was.
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  const joker = (await measure(page)).cards.filter((c) => c.zone === 'hand' && (c.name === 'BJ' || c.name === 'RJ'))
    .sort((a, b) => b.strip.width - a.strip.width)[0];
  await page.mouse.click(joker.strip.x, joker.strip.y);
  await page.locator('[data-testid=give-note]').waitFor();
  problems.push(...await everySize(page, 'give-pile', (m) => {
    const out = [...sevenOpponents(m)];
    if (!m.cards.some((c) => c.selected && (c.name === 'BJ' || c.name === 'RJ'))) out.push('the joker is not chosen');
    if (m.gives.length < 2) out.push(`${m.gives.length} seats to give the pile to`);
    if (!m.buttons.some((b) => b.name.startsWith('Give the pile to'))) out.push('no words where Play was');
    return out;
  }, CROWDED_SIZES));
  // On the smallest phone: Enter (the keyboard's Play) goes to the first seat's button,
  // and a tap on the last seat's button gives it the pile.
  await page.setViewportSize({ width: 360, height: 640 });
  await settle(page);
  await page.keyboard.press('Enter');
  const focused = await page.evaluate(() => document.activeElement?.dataset.testid);
  if (focused !== 'give-pile') problems.push(`Enter with the joker chosen went to ${focused}, not a seat to give the pile to`);
  const give = page.locator('[data-testid=give-pile]').last();
  const to = (await give.getAttribute('aria-label')).replace('Give the pile to ', '');
  await give.click();
  await page.waitForFunction((to) => window.shitheadApp.log.some((l) => /^You gave the pile/.test(l.text) && l.text.endsWith(`to ${to}`)),
    to, { timeout: 5000 }).catch(() => problems.push(`a tap on ${to}'s seat did not give them the pile`));

  // 5. The log and chat drawer: sideways it leaves the rail (its own button, Leave) in
  // reach; a close button of 44×44 that Tab reaches after the tabs; Escape closes it,
  // from the chat's text field too; the focus goes back to the bar's button.
  for (const [size, width, height] of [['667x375', 667, 375], ['844x390', 844, 390], ['360x640', 360, 640]]) {
    await page.setViewportSize({ width, height });
    await settle(page);
    const isOpen = () => page.evaluate(() => document.querySelector('.table-screen').classList.contains('drawer-open'));
    await page.locator('.drawer-toggle').focus();
    await page.keyboard.press('Enter');
    await page.locator('.drawer-open .side-panel').waitFor();
    await shot(page, `layout-drawer-${size}.png`);
    const d = await lookAtDrawer(page);
    if (!d.close.inside || !d.close.reached) problems.push(`drawer at ${size}: the close button is not in reach ${JSON.stringify(d.close)}`);
    if (d.close.width < 43.5 || d.close.height < 43.5) problems.push(`drawer at ${size}: the close button is ${d.close.width}×${d.close.height}`);
    if (d.covered.length) problems.push(`drawer at ${size}: covers ${d.covered.join(', ')}`);
    if (!/^tab-/.test(d.focus)) problems.push(`drawer at ${size}: opened by keyboard, the focus is on ${d.focus}`);
    await page.keyboard.press('Tab');
    const onClose = await page.evaluate(() => document.activeElement?.dataset.testid);
    if (onClose !== 'drawer-close') problems.push(`drawer at ${size}: Tab after the tabs reaches ${onClose}, not the close button`);
    await page.keyboard.press('Enter');
    if (await isOpen()) problems.push(`drawer at ${size}: the close button did not close it`);
    const back = await page.evaluate(() => document.activeElement?.classList.contains('drawer-toggle'));
    if (!back) problems.push(`drawer at ${size}: the focus did not go back to the bar's button`);
    await page.locator('.drawer-toggle').click();
    await page.getByRole('tab', { name: /Chat/ }).click();
    await page.locator('.chat-form input').focus();
    await page.keyboard.press('Escape');
    if (await isOpen()) problems.push(`drawer at ${size}: Escape in the chat's field did not close it`);
  }

  // 6. Six seats, three to a row on a phone: the swap, and a hand of two rows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('[data-testid=leave]').click();
  await page.locator('[data-testid=leave-dialog-confirm]').click();
  await page.locator('[data-preset=shiphead]').waitFor();
  const fiveOpponents = (m) => (m.seats.length === 5 ? [] : [`${m.seats.length} opponents, not 5`]);
  await startTable(page, { preset: 'shiphead', decks: 2 }, 6);
  problems.push(...await everySize(page, 'seats6-swap', fiveOpponents, CROWDED_SIZES));
  await page.setViewportSize({ width: 390, height: 844 });
  await keepSwap(page);
  await growHand(page, 14);
  problems.push(...await everySize(page, 'seats6-hand14', fiveOpponents, CROWDED_SIZES));

  assert.deepEqual(p.errors, []);
  assert.deepEqual(problems, []);
  await p.context.close();
});

test('on a small phone the lobby and the waiting room show whole names and keep the bot controls on one line', async () => {
  const p = await newPlayer(browser, { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  const page = p.page;
  await page.goto(BASE);
  const name = `Maximilianus-${suffix()}${suffix()}`.slice(0, 20);
  await pickName(page, name);
  await page.locator('[data-preset=shiphead]').waitFor();
  await shot(page, 'layout-lobby-360x640.png');
  const lobby = await page.evaluate(() => {
    const chip = document.querySelector('[data-testid=name-chip]');
    const r = chip.getBoundingClientRect();
    const spill = [...document.querySelectorAll('.hero *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
      .map((el) => el.className || el.tagName);
    return { cut: chip.scrollWidth > chip.clientWidth + 1 || chip.scrollHeight > chip.clientHeight + 1, width: r.width, height: r.height, spill };
  });
  assert.equal(lobby.cut, false, 'the name button shows the whole name');
  assert.ok(lobby.width >= 44 && lobby.height >= 44, `the name button is ${lobby.width}×${lobby.height}`);
  assert.deepEqual(lobby.spill, [], 'nothing of the lobby sticks out sideways');

  // House rules (a give-pile joker), so that the waiting room links to "How this table plays".
  await app(page, () => window.shitheadApp.createTable({ public: false, seats: 4, turn_timer: 0,
    ruleset: { preset: 'shiphead', jokers: 'give_pile' } }));
  const add = page.locator('[data-testid=add-bot]');
  await add.scrollIntoViewIfNeeded();
  await shot(page, 'layout-waiting-room-360x640.png');
  const select = await page.locator('[data-testid=bot-level]').boundingBox();
  const button = await add.boundingBox();
  assert.ok(Math.abs(select.y - button.y) < 2, `"Add a bot" is beside the level (${select.y} and ${button.y})`);
  assert.ok(button.x + button.width <= 360, '"Add a bot" is on screen');

  // Every way on is a thumb's size (issue 35): "How this table plays" and "Remove" in the
  // waiting room, and on a page read while seated "Back to the table" and "← Leaderboard".
  await add.click();
  const remove = page.locator('.wait-seat button[aria-label^="Remove"]');
  await remove.waitFor();
  const small = [];
  const measureTarget = async (locator, what) => {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    if (box.width < 43.5 || box.height < 43.5) small.push(`${what} ${Math.round(box.width)}×${Math.round(box.height)}`);
  };
  await measureTarget(page.locator('[data-testid=table-rules-link]'), 'How this table plays');
  await measureTarget(remove, 'Remove bot');
  await page.goto(`${BASE}/#/leaderboard`);
  await measureTarget(page.locator('[data-testid=back-to-table]'), 'Back to the table');
  const me = await app(page, () => window.shitheadApp.me.playerId);
  await page.goto(`${BASE}/#/player/${me}`);
  await measureTarget(page.locator('a.back-link'), '← Leaderboard');
  await shot(page, 'layout-player-page-seated-360x640.png');
  assert.deepEqual(small, [], 'no way on under 44×44 px');
  assert.deepEqual(p.errors.filter((e) => !/404|503/.test(e)), []);
  await p.context.close();
});
