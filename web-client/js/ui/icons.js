// Small line icons as SVG, so controls never depend on an emoji font.

import { s } from './dom.js';

const PATHS = {
  soundOn: ['M4 9h4l5-4v14l-5-4H4z', 'M16 8.5a5 5 0 0 1 0 7', 'M18.5 6a8.5 8.5 0 0 1 0 12'],
  soundOff: ['M4 9h4l5-4v14l-5-4H4z', 'M16.5 9.5l5 5', 'M21.5 9.5l-5 5'],
  chat: ['M4 5h16v11H9l-5 4z'],
  eye: ['M2 12s3.5-6 10-6 10 6 10 6-3.5 6-10 6S2 12 2 12z', 'M12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  // The game page's player: a step back, play, pause, a step on, the record saved, the list of moves.
  previous: ['M17 5L9 12l8 7z', 'M6 5v14'],
  next: ['M7 5l8 7-8 7z', 'M18 5v14'],
  play: ['M7 4.5l12 7.5-12 7.5z'],
  pause: ['M7 5h3v14H7z', 'M14 5h3v14h-3z'],
  download: ['M12 4v11', 'M7 10.5l5 5 5-5', 'M5 19.5h14'],
  moves: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4.5 6h.01', 'M4.5 12h.01', 'M4.5 18h.01'],
};

export function icon(name, size = 22) {
  return s('svg', { viewBox: '0 0 24 24', width: size, height: size, class: `icon icon-${name}`, 'aria-hidden': 'true',
    fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
  ...(PATHS[name] ?? []).map((d) => s('path', { d })));
}
