// Entry point: draws the card symbols once, starts the app and the screens.
import { App } from './app.js';
import { Shell, prefetchScreen } from './views/shell.js';
import { installCardDefs } from './ui/card-svg.js';

installCardDefs();
// A table link opens the table: its code starts on its way while the connection opens.
if (location.pathname.startsWith('/t/')) prefetchScreen('table');
else if (location.pathname.startsWith('/g/')) prefetchScreen('game');
const shell = new Shell(document.getElementById('app'));
const app = new App({ onRender: (a) => shell.render(a) });
shell.attach(app);
document.body.classList.toggle('four-colour', app.fourColour);
app.start();
// For the browser tests and curious players: the app's state, read-only by convention.
window.shitheadApp = app;

// Installable, with an offline page (sw.js). Service workers need a secure context:
// https, or localhost while developing; on plain http elsewhere the app works without.
if ('serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error) => console.warn('service worker not registered', error));
  });
}
