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

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
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
