// The service worker: keeps the app shell in a cache and, when the network is gone,
// answers a page request with the offline page instead of the browser's error.
//
// Client files are fetched from the network first, so a new release shows at once (the
// client and the server speak one protocol version), and the cached copy is only a
// fallback. The game itself needs the server: /ws, /api, /healthz and /metrics are never
// touched here.
const CACHE = 'shithead-shell-v1';
const OFFLINE_PAGE = '/offline.html';

// What the first visit downloads (the page, its styles, the modules main.js imports, not
// those fetched on demand) and what the offline page shows: cached at install, from the
// browser's HTTP cache, so it costs nothing on the wire. Other files are cached as they
// are fetched. tests/browser/unit/service-worker.test.js follows main.js's imports and
// checks this list against them. (A classic script, not a module: module service
// workers are not in every browser yet.)
const SHELL = [
  '/',
  '/offline.html',
  '/manifest.webmanifest',
  '/favicon.ico',
  '/icons/icon.svg',
  '/css/base.css',
  '/css/cards.css',
  '/css/home.css',
  '/css/table.css',
  '/js/main.js',
  '/js/app.js',
  '/js/core/backoff.js',
  '/js/core/bot-levels.js',
  '/js/core/cards.js',
  '/js/core/event-words.js',
  '/js/core/identity.js',
  '/js/core/room-sync.js',
  '/js/core/routes.js',
  '/js/core/table-list.js',
  '/js/net/api.js',
  '/js/net/connection.js',
  '/js/ui/card-svg.js',
  '/js/ui/dialog.js',
  '/js/ui/dom.js',
  '/js/ui/sound.js',
  '/js/ui/toast.js',
  '/js/ui/wake-lock.js',
  '/js/views/home.js',
  '/js/views/name.js',
  '/js/views/presets.js',
  '/js/views/shell.js',
];

// What the server answers live, never from a cache.
const LIVE = ['/ws', '/api/', '/healthz', '/metrics'];

function isLive(path) {
  return LIVE.some((prefix) => path === prefix || path.startsWith(prefix));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isLive(url.pathname)) return;

  if (request.mode === 'navigate') {
    // Every page of the app is index.html (a table link too); offline, the offline page.
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE)));
    return;
  }
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(() => caches.match(request).then((cached) => cached || Response.error())),
  );
});
