// The page's service worker: after one visit the page works offline. Every file of the
// page is kept in a cache named after the build (web/build.sh writes the version below
// from the files' hash); a request goes to the network first, so that a new build is
// seen at once, and to the cache when the network fails.
const VERSION = "dev";
const CACHE = `sudoku-dlx-${VERSION}`;
const FILES = [
  "./", "index.html", "style.css", "app.js", "board.js", "link.js", "worker.js",
  "dlx_web.js", "dlx_web_bg.wasm", "manifest.webmanifest", "icon.svg", "icon-192.png",
  "icon-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true })
        .then((hit) => hit ?? Response.error())),
  );
});
