// Card movements: a played card flies from its seat to the pile, a picked-up pile flies
// to the player, a burn flares and fades. Everything is skipped when the player asked
// the system for reduced motion; the table is already drawn in its final state, so the
// animations only decorate it.

export function reducedMotion() {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
}

/**
 * Flies `ghost` (an element, usually a card) from element `from` to element `to`.
 * The ghost lives in a fixed overlay and is removed when it lands.
 */
export function fly(ghost, from, to, { duration = 420, delay = 0, scaleTo = 1 } = {}) {
  if (reducedMotion() || !from || !to || !ghost.animate) return Promise.resolve();
  const a = centre(from);
  const b = centre(to);
  if (!a.w || !b.w) return Promise.resolve();
  const layer = flightLayer();
  ghost.classList.add('flying');
  ghost.style.left = `${b.x}px`;
  ghost.style.top = `${b.y}px`;
  layer.append(ghost);
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const spin = (Math.random() - 0.5) * 24;
  const animation = ghost.animate([
    { transform: `translate(-50%, -50%) translate(${dx}px, ${dy}px) rotate(${spin}deg) scale(0.85)`, opacity: 0.6 },
    { transform: `translate(-50%, -50%) rotate(0deg) scale(${scaleTo})`, opacity: 1 },
  ], { duration, delay, easing: 'cubic-bezier(.2,.7,.3,1)', fill: 'backwards' });
  return animation.finished.catch(() => {}).then(() => ghost.remove());
}

/** A short flash on an element (the pile when it burns). */
export function flare(el, className = 'burning', duration = 700) {
  if (reducedMotion() || !el) return;
  el.classList.remove(className);
  // Restart the CSS animation even if it just ran.
  void el.offsetWidth;
  el.classList.add(className);
  setTimeout(() => el.classList.remove(className), duration);
}

function flightLayer() {
  let layer = document.getElementById('flight-layer');
  if (!layer) {
    layer = document.createElement('div');
    layer.id = 'flight-layer';
    layer.setAttribute('aria-hidden', 'true');
    document.body.append(layer);
  }
  return layer;
}
