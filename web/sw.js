// Castling's service worker. build.py writes the cache name (a hash of every
// file of the build) and the list of files with their SHA-256; this script
// precaches them all on install and answers same-origin GETs from that cache
// first, so the site plays offline after one visit. A new build installs
// beside the old one and waits: an open tab keeps the version it started with
// until the player accepts the "new version" prompt (the page then posts
// "skip-waiting").
const CACHE = "castling-__BUILD_HASH__";
const FILES = __FILE_LIST__;      // URL -> "sha256-…" (Subresource Integrity)

// The page registers this worker once its table is up, so on a first visit
// the HTTP cache already holds what the page loaded: take it from there rather
// than download the runtime twice. The integrity check keeps a new version
// from being assembled from an old build's parts left in the HTTP cache: a
// file that fails it is fetched again from the network.
//
// The runtime's two large files (pyodide.asm.wasm, 9.6 MB, and the standard
// library) the page also kept for this install, as they arrived, in
// castling-handover (interpreter.mjs): an HTTP cache in memory, a private
// window's, does not keep a file that large, and the install would download it
// again. Taken from there only when its SHA-256 is this build's; the cache is
// deleted once the install is done.
const HANDOVER = "castling-handover";

async function precache(cache, url, integrity, handover) {
  let response = await handedOver(handover, url, integrity);
  if (!response) {
    try {
      response = await fetch(new Request(url, { integrity }));
    } catch {
      response = await fetch(new Request(url, { integrity, cache: "reload" }));
    }
  }
  if (!response.ok) {
    throw new Error(`${url}: HTTP ${response.status}`);
  }
  await cache.put(url, response);
}

/** The page's copy of ``url`` if it has this build's hash, else null. */
async function handedOver(handover, url, integrity) {
  try {
    const response = handover && await handover.match(url);
    if (!response) {
      return null;
    }
    const bytes = await response.arrayBuffer();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    if (`sha256-${btoa(String.fromCharCode(...digest))}` !== integrity) {
      return null;
    }
    return new Response(bytes, { headers: response.headers });
  } catch {
    return null;
  }
}

// Where the browser can be told so (the static routing of Chromium 123 and
// later), the files of the build are taken from this worker's cache without
// running this script for each: a return visit asks for some 70 at once (the
// 52 faces of the table drawn before Python among them), and served one by one
// through the fetch event below they queued behind each other and in front of
// PyScript's own modules, for some 400 ms on two cores (docs/decisions.md,
// "Every way in before Python"). A file the cache lacks comes from the network,
// as below. Pages (a folder's address is its index.html) and addresses with a
// query still come through the fetch event; so does every file in a browser
// without the routing.
const ROUTED = ["cards/*", "vendor/*", "tables/*", "sketches/*", "icons/*",
                "*.mjs", "*.js", "*.css", "*.json", "*.wasm", "*.py", "*.svg", "*.webmanifest"];

async function addRoutes(event) {
  if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") {
    return;
  }
  const scope = new URL("./", self.location).pathname;
  const rules = ROUTED.map((path) => ({
    condition: { urlPattern: new URLPattern({ pathname: scope + path, search: "" }) },
    source: { cacheName: CACHE },
  }));
  try {
    await event.addRoutes(rules);
  } catch (error) {
    // Refused: every file comes through the fetch event, and the worker still installs.
    console.info("Castling: no static routes for the service worker:", String(error));
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await addRoutes(event);
    const cache = await caches.open(CACHE);
    const handover = await caches.has(HANDOVER) ? await caches.open(HANDOVER) : null;
    await Promise.all(Object.entries(FILES).map(([url, hash]) =>
      precache(cache, url, hash, handover)));
    await caches.delete(HANDOVER);
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      // Only this worker's caches: castling-snapshot belongs to the page.
      if (/^castling-[0-9a-f]{16}$/.test(name) && name !== CACHE) {
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

// The cache, opened once for as long as this worker runs: a return visit asks
// it for some 70 files at once (the faces among them), each of which would
// otherwise open it again first.
let cacheOpened = null;
function opened() {
  cacheOpened ??= caches.open(CACHE).catch((error) => {
    cacheOpened = null;
    throw error;
  });
  return cacheOpened;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await opened();
    // A folder's address (the site's root, as a bookmark has it) is its index.html.
    const url = request.url.replace(/[?#].*$/, "");
    const cached = await cache.match(url.endsWith("/") ? url + "index.html" : request,
                                     { ignoreSearch: true });
    return cached || fetch(request);
  })());
});
