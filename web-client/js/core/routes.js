// Where the address bar points. The server serves index.html for "/", "/t/CODE" and
// "/g/ID" (a game's page, which can be shared) only, so the other pages live in the hash:
// "#/leaderboard", "#/player/ID", "#/rules/isf".
// "#/device/CODE" carries a player to another device with a short-lived device code
// (the app reads it once and wipes it from the address bar); a player's token never
// appears in an address. Old "#/claim/TOKEN" links are recognised only to be wiped.
// A table link is "/t/CODE" (a code typed by hand is cleaned here, and a join it led
// nowhere said in words). A table's own house rules ride along as
// "#/rules/PRESET?ruleset=<URL-encoded JSON>". Pure: takes the path and hash, returns a route.

const CODE_ALPHABET = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;
// A device code: 8 characters of the same alphabet, shown "K7MP-Q2XD".
const DEVICE_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

/**
 * A typed table code, cleaned the way the server reads it; null when it cannot be one.
 * People copy codes as they read them: any case, spaced or split with a dash ("zx2-cnp").
 */
export function normalizeCode(text) {
  if (typeof text !== 'string') return null;
  let code = text.trim().toUpperCase();
  // A whole pasted link works too.
  const link = code.match(/\/T\/([A-Z0-9]+)\/?$/);
  if (link) code = link[1];
  code = code.replace(/[\s\-\u2010-\u2015.]+/g, '');
  return CODE_ALPHABET.test(code) ? code : null;
}

/** Why a join of table `code` took us to no table, in plain words rather than the server's. */
export function joinRefusal(code, error) {
  switch (error?.code) {
    case 'no_such_table':
      return `There is no table ${code} here. Check the code with whoever gave it to you: a table closes once everyone has left it.`;
    case 'bad_code':
      return 'A table code is six letters and digits, like K7MPQ2.';
    case 'closed':
      return `Table ${code} has just closed.`;
    case 'full':
      return `Table ${code} is full: every seat is taken, and so is every place to watch from.`;
    default:
      return error?.message ?? 'That table could not be joined.';
  }
}

/**
 * A typed device code, cleaned as the server reads it (any case, spaces and dashes
 * dropped): 8 characters like "K7MPQ2XD", or null. A whole pasted link works too.
 */
export function normalizeDeviceCode(text) {
  if (typeof text !== 'string') return null;
  let code = text.toUpperCase();
  const link = code.match(/#\/DEVICE\/([^/?#]*)\/?$/);
  if (link) code = link[1];
  code = code.replace(/[\s-]+/g, '');
  return DEVICE_CODE.test(code) ? code : null;
}

/** A device code as people read it, "K7MP-Q2XD"; null when it cannot be one. */
export function formatDeviceCode(text) {
  const code = normalizeDeviceCode(text);
  return code ? `${code.slice(0, 4)}-${code.slice(4)}` : null;
}

/** The link that opens this app on another device and says hello with `code`. */
export function deviceCodeLink(origin, code) {
  return `${origin}/#/device/${normalizeDeviceCode(code)}`;
}

/** The table code of a "/t/CODE" path, or null. */
export function tableCodeFromPath(pathname) {
  const match = /^\/t\/([^/]+)\/?$/.exec(pathname ?? '');
  return match ? normalizeCode(decodeURIComponent(match[1])) : null;
}

/** The game id of a "/g/ID" path (a positive whole number, as text), or null. */
export function gameIdFromPath(pathname) {
  const match = /^\/g\/([1-9][0-9]{0,15})\/?$/.exec(pathname ?? '');
  return match ? match[1] : null;
}

/**
 * The page the address shows: the hash's, but for a game's page ("/g/ID"), which has
 * no hash of its own: { page: 'game', id }.
 */
export function routeOf(pathname, hash) {
  const route = parseHash(hash);
  const id = gameIdFromPath(pathname);
  return id && route.page === 'home' ? { page: 'game', id } : route;
}

/**
 * The page of a hash: { page: 'home' | 'leaderboard' | 'player' | 'rules', ... }.
 * Unknown hashes are the home page (or the table when the player sits at one).
 * "#/device/CODE" is { page: 'device', code } (code null when it is not one), and any
 * "#/claim/..." is { page: 'old-device-link' }: what it held is never read.
 */
export function parseHash(hash) {
  const text = (hash ?? '').replace(/^#\/?/, '');
  const mark = text.indexOf('?');
  const query = new URLSearchParams(mark < 0 ? '' : text.slice(mark + 1));
  const parts = (mark < 0 ? text : text.slice(0, mark)).split('/').filter(Boolean).map((p) => {
    try { return decodeURIComponent(p); } catch { return p; }
  });
  switch (parts[0]) {
    case 'leaderboard':
      return { page: 'leaderboard' };
    case 'player':
      return parts[1] ? { page: 'player', id: parts[1] } : { page: 'leaderboard' };
    case 'device':
      return { page: 'device', code: normalizeDeviceCode(parts[1] ?? '') };
    case 'claim':
      return { page: 'old-device-link' };
    case 'rules': {
      if (!parts[1]) return { page: 'rules' };
      // Kept as the text it came as: the server judges it, and its error is shown.
      const ruleset = query.get('ruleset');
      return ruleset ? { page: 'rules', preset: parts[1], ruleset } : { page: 'rules', preset: parts[1] };
    }
    default:
      return { page: 'home' };
  }
}

export function tableLink(origin, code) {
  return `${origin}/t/${code}`;
}

export function playerHash(id) {
  return `#/player/${encodeURIComponent(id)}`;
}

/**
 * The rules page of a preset, or of a table's own ruleset (an object, as a room carries it,
 * or its JSON text). The preset is in the path, so it is left out of the query.
 */
export function rulesHash(preset, ruleset) {
  if (!preset) return '#/rules';
  const path = `#/rules/${encodeURIComponent(preset)}`;
  const text = rulesetText(ruleset);
  return text ? `${path}?ruleset=${encodeURIComponent(text)}` : path;
}

/**
 * A ruleset's house rules as JSON text without its preset; '' when there are none. A
 * string is JSON text already, unless it is a bare preset name (a room's plain ruleset).
 */
export function rulesetText(ruleset) {
  if (typeof ruleset === 'string') return ruleset.trim().startsWith('{') ? ruleset : '';
  if (!ruleset || typeof ruleset !== 'object') return '';
  const { preset: _preset, ...overrides } = ruleset;
  return Object.keys(overrides).length ? JSON.stringify(overrides) : '';
}
