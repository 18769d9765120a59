// Where the address bar points. The server serves index.html for "/" and "/t/CODE"
// only, so the pages live in the hash: "#/leaderboard", "#/player/ID", "#/rules/isf".
// A table link is "/t/CODE". Pure: takes the path and hash, returns a route.

const CODE_ALPHABET = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

/** A typed table code, cleaned the way the server reads it; null when it cannot be one. */
export function normalizeCode(text) {
  if (typeof text !== 'string') return null;
  let code = text.trim().toUpperCase();
  // A whole pasted link works too.
  const link = code.match(/\/T\/([A-Z0-9]+)\/?$/);
  if (link) code = link[1];
  return CODE_ALPHABET.test(code) ? code : null;
}

/** The table code of a "/t/CODE" path, or null. */
export function tableCodeFromPath(pathname) {
  const match = /^\/t\/([^/]+)\/?$/.exec(pathname ?? '');
  return match ? normalizeCode(decodeURIComponent(match[1])) : null;
}

/**
 * The page of a hash: { page: 'home' | 'leaderboard' | 'player' | 'rules', ... }.
 * Unknown hashes are the home page (or the table when the player sits at one).
 */
export function parseHash(hash) {
  const parts = (hash ?? '').replace(/^#\/?/, '').split('/').filter(Boolean).map((p) => {
    try { return decodeURIComponent(p); } catch { return p; }
  });
  switch (parts[0]) {
    case 'leaderboard':
      return { page: 'leaderboard' };
    case 'player':
      return parts[1] ? { page: 'player', id: parts[1] } : { page: 'leaderboard' };
    case 'rules':
      return parts[1] ? { page: 'rules', preset: parts[1] } : { page: 'rules' };
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

export function rulesHash(preset) {
  return preset ? `#/rules/${encodeURIComponent(preset)}` : '#/rules';
}
