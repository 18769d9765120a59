// The side panel as a drawer. On phones, and on any screen held sideways too short for
// the panel beside the table (as in table.css), it lies over the table; a tap on the table
// then closes it and does nothing else, so no card is played by accident. The table and
// the game page share it.

export const DRAWER_SCREENS = '(max-width: 820px), (max-height: 500px) and (orientation: landscape)';

/** A tap on `felt` while `isOpen()` on a drawer screen calls `close()` and goes no further. */
export function closeDrawerOnTap(felt, isOpen, close) {
  felt.addEventListener('click', (e) => {
    if (!isOpen() || !window.matchMedia(DRAWER_SCREENS).matches) return;
    e.preventDefault();
    e.stopPropagation();
    close();
  }, true);
}
