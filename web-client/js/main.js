// Entry point: draws the card symbols once, starts the app and the screens.
import { App } from './app.js';
import { Shell } from './views/shell.js';
import { installCardDefs } from './ui/card-svg.js';

installCardDefs();
const shell = new Shell(document.getElementById('app'));
const app = new App({ onRender: (a) => shell.render(a) });
shell.attach(app);
document.body.classList.toggle('four-colour', app.fourColour);
app.start();
// For the browser tests and curious players: the app's state, read-only by convention.
window.shitheadApp = app;
