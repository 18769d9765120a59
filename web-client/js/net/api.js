// The HTTP JSON API (protocol/docs/http_api.md). Every call resolves to
// { ok: true, data } or { ok: false, status, code, message } so pages can show a clear
// empty or error state; an endpoint that does not exist yet is a 404 like any other.

export async function getJson(path) {
  let response;
  try {
    response = await fetch(path, { headers: { accept: 'application/json' } });
  } catch {
    return { ok: false, status: 0, code: 'network', message: 'The server could not be reached.' };
  }
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok) {
    return {
      ok: false,
      status: response.status,
      code: body?.error ?? `http_${response.status}`,
      message: body?.message ?? `The server answered ${response.status}.`,
    };
  }
  return { ok: true, data: body };
}

export function fetchPresets() {
  return getJson('/api/rules');
}

/** /api/rules/{preset}, with "?ruleset=" for a table's own house rules (JSON text). */
export function presetPath(name, ruleset) {
  const path = `/api/rules/${encodeURIComponent(name)}`;
  return ruleset ? `${path}?ruleset=${encodeURIComponent(ruleset)}` : path;
}

export function fetchPreset(name, ruleset) {
  return getJson(presetPath(name, ruleset));
}

export function fetchLeaderboard({ sort = 'rating', period = 'all', limit = 50, offset = 0 } = {}) {
  const query = new URLSearchParams({ sort, period, limit: String(limit), offset: String(offset) });
  return getJson(`/api/leaderboard?${query}`);
}

export function fetchPlayer(id) {
  return getJson(`/api/players/${encodeURIComponent(id)}`);
}

/** A player's games for the charts of their page: GET /api/players/{id}/history. */
export function fetchPlayerHistory(id) {
  return getJson(`/api/players/${encodeURIComponent(id)}/history`);
}

/** Whether anyone holds `name` (letter case ignored): { ok, data: { players: [...] } }. */
export function findPlayersByName(name) {
  return getJson(`/api/players?${new URLSearchParams({ name })}`);
}
