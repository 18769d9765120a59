// The lobby's public list, kept up to date from the server's frames: a `tables` frame
// gives the whole list; a `tables_changed` frame gives only the summaries that are new
// or different and the codes of the whole list in order, so a busy lobby costs a few
// small frames a second. A code the order no longer names has left the list.

// The list after a `tables_changed` frame, as a new array (the old one is not touched).
// A code in `order` that neither the old list nor `changed` describes is left out: the
// next full list will bring it.
export function applyTablesChanged(tables, message) {
  const byCode = new Map();
  for (const table of Array.isArray(tables) ? tables : []) byCode.set(table.code, table);
  for (const table of Array.isArray(message.changed) ? message.changed : []) {
    if (table && typeof table.code === 'string') byCode.set(table.code, table);
  }
  const order = Array.isArray(message.order) ? message.order : [];
  return order.map((code) => byCode.get(code)).filter((table) => table !== undefined);
}
