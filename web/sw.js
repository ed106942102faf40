// Castling's service worker. build.py writes the cache name (a hash of every
// file of the build) and the list of files; this script precaches them all on
// install and answers same-origin GETs from that cache first, so the site
// plays offline after one visit. A new build installs beside the old one and
// waits: an open tab keeps the version it started with until the player
// accepts the "new version" prompt (the page then posts "skip-waiting").
const CACHE = "castling-__BUILD_HASH__";
const FILES = __FILE_LIST__;

self.addEventListener("install", (event) => {
  // cache: "reload" skips the browser's HTTP cache, which may still hold files
  // of the previous build: a new version must never be assembled from old parts.
  const requests = FILES.map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("castling-") && name !== CACHE) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") {
    self.skipWaiting();
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(request, { ignoreSearch: true });
    return cached || fetch(request);
  })());
});
