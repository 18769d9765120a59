// How long to wait before the next reconnection attempt: doubling from `base` up to
// `max`, with jitter so that a server restart is not met by every client at once.

export function reconnectDelay(attempt, { base = 500, max = 15000, random = Math.random } = {}) {
  const ceiling = Math.min(max, base * 2 ** Math.max(0, attempt));
  // Between half and all of the ceiling: never zero, never a thundering herd.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
