// What the browser keeps between visits: the player's name and secret token, and their
// preferences. `storage` is localStorage in the browser and a plain object in tests;
// a storage that throws (private mode, disabled) just forgets.

const KEYS = {
  name: 'shithead.name',
  token: 'shithead.token',
  playerId: 'shithead.player_id',
  muted: 'shithead.muted',
  fourColour: 'shithead.four_colour',
  titleStyle: 'shithead.title_style',
  botLevel: 'shithead.bot_level',
};

export function createIdentityStore(storage) {
  const read = (key) => {
    try { return storage?.getItem(key) ?? null; } catch { return null; }
  };
  const write = (key, value) => {
    try {
      if (value === null || value === undefined || value === '') storage?.removeItem(key);
      else storage?.setItem(key, String(value));
    } catch { /* storage full or disabled: the session still works */ }
  };
  return {
    get name() { return read(KEYS.name) ?? ''; },
    set name(value) { write(KEYS.name, value); },
    get token() { return read(KEYS.token) ?? ''; },
    set token(value) { write(KEYS.token, value); },
    get playerId() { return read(KEYS.playerId) ?? ''; },
    set playerId(value) { write(KEYS.playerId, value); },
    get muted() { return read(KEYS.muted) === '1'; },
    set muted(value) { write(KEYS.muted, value ? '1' : null); },
    get fourColour() { return read(KEYS.fourColour) === '1'; },
    set fourColour(value) { write(KEYS.fourColour, value ? '1' : null); },
    get titleStyle() { return read(KEYS.titleStyle) ?? 'feudal'; },
    set titleStyle(value) { write(KEYS.titleStyle, value); },
    get botLevel() { return read(KEYS.botLevel) ?? 'normal'; },
    set botLevel(value) { write(KEYS.botLevel, value); },
  };
}

/**
 * Whether an error that answered our hello says "the same hello again shortly": the
 * server's database could not take, or look up, who we are just now (a full disk, a
 * database restarting). Errors of a request (with an id) are not answers to a hello.
 */
export function helloWorthRetrying(error) {
  return error?.id === undefined && (error?.code === 'cannot_save' || error?.code === 'store_unavailable');
}

/**
 * The hello that opens every connection: the token when we have one, else the name. With
 * a device code (from another device of the player) it holds only that: the server
 * refuses a hello with both a code and a token, and the code's player keeps their name.
 */
export function helloMessage({ name, token, deviceCode } = {}) {
  if (deviceCode) return { type: 'hello', v: 1, name: '', device_code: deviceCode };
  const hello = { type: 'hello', v: 1, name: name ?? '' };
  if (token) hello.token = token;
  return hello;
}

/**
 * A name as the server will accept it, or the reason it won't: 1 to 20 characters after
 * trimming and collapsing spaces, no control characters. The server has the last word.
 */
export function checkName(text) {
  const name = String(text ?? '').trim().replace(/ {2,}/g, ' ');
  if (!name) return { ok: false, reason: 'Pick a name to play under.' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return { ok: false, reason: 'A name may not hold control characters.' };
  if ([...name].length > 20) return { ok: false, reason: 'A name may hold at most 20 characters.' };
  return { ok: true, name };
}

/**
 * Names to offer when `name` is taken, most natural first: "Ana 2", "Ana B.", "Ana 47",
 * "Ana_1830". Each keeps within 20 characters (the name is shortened, never the ending),
 * none repeats, and `random` (0 to 1) picks the letters and numbers so that two players
 * refused the same name are not offered the same list.
 */
export function nameVariants(name, { random = Math.random, count = 4 } = {}) {
  const base = String(name ?? '').trim().replace(/ {2,}/g, ' ');
  if (!base) return [];
  const pick = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const letter = 'ABCDEFGHJKLMNPRSTVWZ'[pick(0, 19)];
  const endings = [' 2', ` ${letter}.`, ` ${pick(10, 99)}`, `_${pick(100, 9999)}`, ' 3', ` ${pick(100, 999)}`];
  const out = [];
  for (const ending of endings) {
    const room = 20 - [...ending].length;
    const candidate = [...base].slice(0, room).join('').trimEnd() + ending;
    if (!out.includes(candidate) && candidate.toLowerCase() !== base.toLowerCase()) out.push(candidate);
    if (out.length >= count) break;
  }
  return out;
}
